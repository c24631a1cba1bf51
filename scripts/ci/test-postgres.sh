#!/usr/bin/env bash
# `npm run test:postgres`: what must also hold on a PostgreSQL server, against a throwaway one
# (scripts/with-postgres.sh): every test file that reaches server code, each on a database of its
# own (vitest.config.ts), then the browser tests that need PostgreSQL itself: two server processes
# on one database, and the database going down and coming back.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/ci/stages.sh

[ -f "${BUILD_DIR:-build}/start.js" ] || stage "build" npm run --silent build
stage "integration tests (PostgreSQL)" scripts/with-postgres.sh sh -c 'TEST_DATABASE_URL="$E2E_DATABASE_URL" npx vitest run'
stage "browser tests (PostgreSQL)" scripts/with-postgres.sh npx playwright test --project=desktop two-servers database-down

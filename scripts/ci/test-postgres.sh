#!/usr/bin/env bash
# `npm run test:postgres`: what must also hold on a PostgreSQL server, against a throwaway one
# (scripts/with-postgres.sh): every test file whose code reaches the database, each on one of its
# own (vitest.config.ts), then the browser tests that need PostgreSQL itself: two server processes
# on one database, and the database going down and coming back.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ -z "${E2E_DATABASE_URL:-}" ]; then
  [ -f "${BUILD_DIR:-build}/start.js" ] || npm run --silent build
  exec scripts/with-postgres.sh bash "$0"
fi
source scripts/ci/stages.sh
stage "integration tests (PostgreSQL)" env TEST_DATABASE_URL="$E2E_DATABASE_URL" npx vitest run
stage "browser tests (PostgreSQL)" npx playwright test --project=desktop two-servers database-down

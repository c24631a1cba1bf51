#!/usr/bin/env bash
# `npm test`: the whole suite on the embedded database, needing nothing from outside the
# repository but Debian's Chromium: type check, lint, unit and integration tests (Vitest, PGlite),
# the production build, and the browser tests (Playwright) against that build.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/ci/stages.sh

stage "type check" npm run --silent typecheck
stage "lint" npm run --silent lint
stage "unit and integration tests (PGlite)" npm run --silent test:unit
stage "build" npm run --silent build
stage "browser tests (PGlite)" npm run --silent test:e2e

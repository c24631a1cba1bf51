#!/usr/bin/env bash
# `npm test`: the whole suite on the embedded database, needing nothing from outside the
# repository but Debian's Chromium (installed first when missing and this user may; otherwise it
# stops at once with the command to run): type check and lint, unit and integration tests (Vitest,
# PGlite) beside the production build, then the browser tests (Playwright) against that build.
# What runs together leaves the other core idle otherwise: the type check and the linter are one
# thread each, and Vitest's workers wait on the processes and databases they start.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/ci/stages.sh
source scripts/ci/chromium.sh

# Before anything long: the browser tests at the end need Chromium.
ensure_chromium

# `npm run lint` is ESLint then knip; here knip follows the build, which ends well before the unit
# tests do, so it costs no wall time.
together "[together] type check" "npm run --silent typecheck" "[together] lint" "npm run --silent lint:code"
together "[together] unit and integration tests (PGlite)" "npm run --silent test:unit" \
  "[together] build, then unused code (knip)" "npm run --silent build && npm run --silent lint:unused"
stage "browser tests (PGlite)" npm run --silent test:e2e

#!/usr/bin/env bash
# Browser tests: make sure Debian's Chromium is there, build the web app and the server, run Playwright.
# With no arguments (the whole suite, as `npm test` runs it): every spec on two workers except those
# tagged @camera, then those on one worker, alone on the machine: beside another worker the face
# check's page can fall behind Chromium's fake camera. Both passes run; either failing fails this.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-path.sh
bash scripts/ensure-chromium.sh
node scripts/ensure-build.mjs
if [ "$#" -gt 0 ]; then
  exec npx playwright test "$@"
fi
status=0
npx playwright test --grep-invert @camera || status=$?
E2E_REPORT=.test-data/results/e2e-camera.json npx playwright test --grep @camera --workers=1 || status=$?
exit "$status"

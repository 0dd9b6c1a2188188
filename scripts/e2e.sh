#!/usr/bin/env bash
# Browser tests: make sure Debian's Chromium is there, build the web app and the server, run Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-path.sh
bash scripts/ensure-chromium.sh
node scripts/ensure-build.mjs
npx playwright test "$@"

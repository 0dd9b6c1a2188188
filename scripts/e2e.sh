#!/usr/bin/env bash
# Browser tests: make sure Debian's Chromium is there, build the web app, run Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npx vite build --logLevel warn
npx playwright test "$@"

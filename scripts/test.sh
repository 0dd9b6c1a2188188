#!/usr/bin/env bash
# `npm test`: lint, types, unit tests, integration tests on PGlite and on PostgreSQL, browser tests
# (among them the initial JavaScript's budget, e2e/initial-javascript.spec.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-path.sh
results=.test-data/results
rm -rf "$results" && mkdir -p "$results"
vitest() { npx vitest run --reporter=default --reporter=json "$@"; }

echo "== lint and types"
npm run --silent lint
npm run --silent typecheck

echo "== unit tests"
vitest --project unit --project web --project web-isolated --outputFile.json="$results/unit.json"

echo "== integration tests on PGlite"
# The machine's services and tools both passes use (PostgreSQL, nginx, promtool).
bash scripts/ensure-services.sh
env -u TEST_DATABASE_URL npx vitest run --reporter=default --reporter=json --project integration --outputFile.json="$results/integration-pglite.json"

echo "== integration tests on PostgreSQL"
pg_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if node -e "const c=new (require('pg').Client)(process.argv[1]);c.connect().then(()=>c.end(),()=>process.exit(1))" "$pg_url"; then
  TEST_DATABASE_URL="$pg_url" vitest --project integration --outputFile.json="$results/integration-postgres.json"
elif [ -n "${CI:-}" ]; then
  echo "PostgreSQL at $pg_url is not reachable, and CI needs it." >&2
  exit 1
else
  echo "PostgreSQL at $pg_url is not reachable: skipping the PostgreSQL pass (CI runs it)."
fi

echo "== browser tests"
bash scripts/e2e.sh

node scripts/test-summary.mjs "$results"

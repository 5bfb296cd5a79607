#!/usr/bin/env bash
# `npm test`: every test. Type checks, the lint (with the layer rules), unit and API tests (PGlite and PostgreSQL), the builds, then
# the browser tests in Debian's Chromium (installed here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/use-node-22.sh

# Each step's heading says how long the run has taken so far.
STARTED_AT=$SECONDS
step() { printf '\n=== %s (at %ds) ===\n' "$*" "$((SECONDS - STARTED_AT))"; }

step "Chromium"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium is missing: installing Debian's chromium package."
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
"${CHROMIUM_PATH:-/usr/bin/chromium}" --version

step "Podcast clients"
# The feed and MP3 tests read what the server makes with real clients: gPodder's feed parser and ffprobe.
if ! command -v ffprobe >/dev/null || ! /usr/bin/python3 -c 'import podcastparser' 2>/dev/null; then
  echo "ffmpeg or python3-podcastparser is missing: installing Debian's packages."
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq ffmpeg python3-podcastparser >/dev/null
fi
ffprobe -version | head -1

step "PostgreSQL"
PG_TEST_URL="${PG_TEST_URL:-postgres://postgres@127.0.0.1:5432/test}"
export PG_TEST_URL
if node -e "const c=new (require('pg').Client)({connectionString:process.env.PG_TEST_URL,connectionTimeoutMillis:3000});c.connect().then(()=>c.end()).catch(()=>process.exit(1))"; then
  echo "PostgreSQL answers at $PG_TEST_URL: the database tests run on PGlite and on PostgreSQL."
elif [ -n "${CI:-}" ]; then
  echo "PostgreSQL does not answer at $PG_TEST_URL. In CI that is a failure." >&2
  exit 1
else
  echo "PostgreSQL does not answer at $PG_TEST_URL: the Postgres-mode tests will be SKIPPED."
fi

step "Type checks"
npx tsc -p tsconfig.json --noEmit
npx tsc -p server/tsconfig.json --noEmit

step "Lint"
npx eslint .
# No circle between files or folders (dependency-cruiser, .dependency-cruiser.cjs).
npx depcruise server shared webapp extension

mkdir -p e2e-artifacts
step "Unit and API tests"
npx vitest run --reporter=default --reporter=json --outputFile.json=e2e-artifacts/vitest.json

step "Builds (server, web app, Chrome and Firefox extensions)"
node scripts/server-build.mjs
npx vite build --config webapp/vite.config.ts --logLevel warn
npx wxt build >/dev/null
npx wxt build -b firefox >/dev/null
echo "built dist/, webapp/dist, .output/chrome-mv3 and .output/firefox-mv2"

step "Browser tests"
npx playwright test

node scripts/test-summary.mjs e2e-artifacts/vitest.json "e2e-artifacts/playwright-${E2E_PORT:-8799}.json"
echo "All steps took $((SECONDS - STARTED_AT)) s."

#!/usr/bin/env bash
# `npm run test:stress [-- COMMAND…]`: the test command (`npm test` unless another is given) with CPU
# contention beside it (scripts/cpu-load.mjs, STRESS_WORKERS busy threads, one a core by default), as
# on a CI machine whose cores are shared. A test that waits on timing rather than on state fails here.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/cpu-load.mjs --workers "${STRESS_WORKERS:-$(nproc)}" &
load=$!
trap 'kill "$load" 2>/dev/null || true' EXIT
if [ "$#" -gt 0 ]; then "$@"; else npm test; fi

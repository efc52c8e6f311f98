#!/usr/bin/env bash
# `npm test`: every test — the Jest projects (unit and e2e, against the real PostgreSQL and Redis) and the
# browser journeys (Playwright) — run side by side rather than one after the other, on Node 24.
# Why side by side: the journeys spend most of their time waiting on the browser and on game clocks (a
# whole Playwright run used about 4.5 min of CPU over 16 min), so on CI's 2 cores they fit beside Jest's
# two workers and the whole run takes about as long as the longer of the two instead of their sum. Each
# is isolated already: every Jest suite has its own database and queue prefix, the journeys their own
# platform on a throwaway database and queue prefix (playwright.config.ts).
# Jest prints as it goes; the journeys' report is written to test-results/browser.log and printed whole
# when both have ended. Exit status: non-zero if either failed.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/node.sh
mkdir -p test-results
log=test-results/browser.log

npx playwright test >"$log" 2>&1 &
browser=$!
trap 'kill -TERM $browser 2>/dev/null; wait $browser 2>/dev/null; exit 130' INT TERM

npx jest --config jest.config.ts
jest_status=$?

echo "— Jest done (exit $jest_status); waiting for the browser journeys…"
wait $browser
browser_status=$?
trap - INT TERM
echo "— browser journeys (Playwright), exit $browser_status:"
cat "$log"

if [ "$jest_status" -ne 0 ] || [ "$browser_status" -ne 0 ]; then
  echo "npm test: FAILED (Jest exit $jest_status, browser journeys exit $browser_status)" >&2
  exit 1
fi

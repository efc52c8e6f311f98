#!/usr/bin/env bash
# `npm run test:browser` (and the second half of `npm test`): the browser journeys (Playwright).
# With no arguments, the journeys are split into BROWSER_SHARDS (default 2) Playwright runs side by
# side, the files dealt by their measured durations so that the shards end together
# (scripts/browser-shards.mjs), each with its own whole platform (API + worker on a throwaway
# database and queue prefix, its own ports: playwright.config.ts, test/browser/support/platform.ts). The journeys spend most of their
# time waiting on the browser and on game clocks, so two of them at once take about half as long on
# CI's 2 cores. The web app is built once, before the shards start. Each shard's report is written to
# test-results/browser-<n>.log and printed whole when every shard has ended; the exit status is
# non-zero if any shard failed.
# With arguments (`npm run test:browser -- test/browser/voice.pw.ts`), one plain Playwright run.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/node.sh

if [ "$#" -gt 0 ]; then
  exec npx playwright test "$@"
fi

shards="${BROWSER_SHARDS:-2}"
mkdir -p test-results
npm run -s build:web || exit 1

pids=()
for ((i = 1; i <= shards; i++)); do
  # the shard's files, dealt by their measured durations (scripts/browser-shards.mjs, test/browser/durations.json)
  mapfile -t files < <(node scripts/browser-shards.mjs "$i" "$shards") || exit 1
  BROWSER_WEB_BUILT=1 BROWSER_OUTPUT_DIR="test-results/browser-$i" \
    npx playwright test "${files[@]}" >"test-results/browser-$i.log" 2>&1 &
  pids+=("$!")
done
trap 'kill -TERM "${pids[@]}" 2>/dev/null; wait; exit 130' INT TERM

status=0
for ((i = 1; i <= shards; i++)); do
  wait "${pids[$((i - 1))]}"
  code=$?
  echo "— browser journeys, shard $i of $shards (exit $code):"
  cat "test-results/browser-$i.log"
  [ "$code" -eq 0 ] || status=1
done
trap - INT TERM
[ "$status" -eq 0 ] || echo "browser journeys: FAILED" >&2
exit "$status"

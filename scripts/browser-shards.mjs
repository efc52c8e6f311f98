// `node scripts/browser-shards.mjs <shard> <shards>`: the journey files of one shard, one per line.
// Playwright's own --shard splits the files by count in name order, so one shard got the long journeys
// (fair-deal, phone-table, voice …) and finished minutes after the other. Here the files are dealt longest
// first, each to the shard with the least time so far, by the durations measured in
// test/browser/durations.json (seconds on a quiet machine; a file not listed counts as the median, so a new
// journey still runs). Every file is in exactly one shard; the split depends only on the table and the files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [shard, shards] = process.argv.slice(2).map(Number);
if (!Number.isInteger(shard) || !Number.isInteger(shards) || shard < 1 || shard > shards) {
  console.error('usage: node scripts/browser-shards.mjs <shard> <shards>');
  process.exit(2);
}
const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'test', 'browser');
const measured = JSON.parse(readFileSync(path.join(dir, 'durations.json'), 'utf8'));
const files = readdirSync(dir).filter((f) => f.endsWith('.pw.ts')).sort();
const known = Object.values(measured).filter((s) => typeof s === 'number').sort((a, b) => a - b);
const median = known.length ? known[Math.floor(known.length / 2)] : 60;
const cost = (f) => (typeof measured[f] === 'number' ? measured[f] : median);
const load = Array.from({ length: shards }, () => ({ seconds: 0, files: [] }));
for (const f of [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
  const least = load.reduce((min, s) => (s.seconds < min.seconds ? s : min), load[0]);
  least.seconds += cost(f);
  least.files.push(f);
}
for (const f of load[shard - 1].files.sort()) console.log(path.join('test', 'browser', f));

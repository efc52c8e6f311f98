/**
 * Post-game analysis benchmark: `npm run bench:analysis` (about a minute) or `-- --quick`.
 *
 * Games to 150 played by bots (two experts, a greedy and a random player: a field with
 * blunders to confirm, the analysis's slow case), each analysed whole as the worker does
 * (`analyzeGame` with its defaults), on one core. Three runs; each run's median time per
 * game, then the median of the three with the spread. Target: under 2 s (issue 24).
 */
import { performance } from 'node:perf_hooks';
import { playGame } from '../libs/engine/src/index';
import { analyzeGame } from '../libs/engine/src/analysis/index';

const quick = process.argv.includes('--quick');
const GAMES = quick ? 3 : 8;
const TARGET_MS = 2000;

const median = (xs: readonly number[]): number => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const records = Array.from({ length: GAMES }, (_, i) =>
  playGame({ ruleset: 'dcs-tournament', players: 4, seed: `bench-analysis-${i}`, bots: ['expert', 'greedy', 'random', 'expert'] }),
);
const hands = records.map((r) => r.record.hands.length);
const actions = records.map((r) => r.actions);
console.log(`${GAMES} games to 150 (seeds bench-analysis-0..${GAMES - 1}): hands ${median(hands)} median (${Math.min(...hands)}-${Math.max(...hands)}), actions ${median(actions)} median`);

analyzeGame(records[0].record); // warm-up
const runs: number[] = [];
let decisions = 0;
let marks = { inaccuracies: 0, mistakes: 0, blunders: 0 };
for (let run = 0; run < 3; run++) {
  const times: number[] = [];
  decisions = 0;
  marks = { inaccuracies: 0, mistakes: 0, blunders: 0 };
  for (const r of records) {
    const t0 = performance.now();
    const a = analyzeGame(r.record);
    times.push(performance.now() - t0);
    if (!a.analysable) throw new Error(a.message);
    decisions += a.decisions.length;
    for (const s of a.seats) {
      marks.inaccuracies += s.inaccuracies;
      marks.mistakes += s.mistakes;
      marks.blunders += s.blunders;
    }
  }
  runs.push(median(times));
  console.log(`run ${run + 1}: median ${median(times).toFixed(0)} ms a game (${Math.min(...times).toFixed(0)}-${Math.max(...times).toFixed(0)})`);
}
const m = median(runs);
console.log(`decisions judged ${decisions / GAMES} a game; marked ${marks.inaccuracies} inaccuracies, ${marks.mistakes} mistakes, ${marks.blunders} blunders over ${GAMES} games`);
console.log(`analysis of a whole game: ${m.toFixed(0)} ms median of 3 (spread ${Math.min(...runs).toFixed(0)}-${Math.max(...runs).toFixed(0)}), target < ${TARGET_MS} ms: ${m < TARGET_MS ? 'met' : 'NOT met'}`);

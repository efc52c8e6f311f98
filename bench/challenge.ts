/**
 * `npm run bench:challenge [-- --quick]`: a whole challenge through the real services
 * (PostgreSQL, Redis, the worker's processors, the API's game service) in a throwaway database
 * and queue prefix of its own (`dcs_bench_challenge_…`, removed at the end, on Ctrl-C too)
 * with greedy bots, 512 players (64 with --quick); and bracket generation for 512.
 * Prints the figures; asserts nothing.
 */
import 'reflect-metadata';
import { benchmarkBracketGeneration, isBracketError } from '@dcs/bracket';
import { runSimulation } from '../scripts/simulate';
import { throwawayProcessEnv, withThrowawayEnv } from '../scripts/lib/throwaway-env';

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const players = quick ? 64 : 512;

  // Bracket generation: warm up, then time many runs.
  for (let i = 0; i < 50; i++) benchmarkBracketGeneration(`warm-${i}`);
  const runs = quick ? 200 : 2000;
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) {
    const b = benchmarkBracketGeneration(`bench-${i}`);
    if (isBracketError(b)) throw new Error(b.message);
  }
  const perBracket = (performance.now() - t0) / runs;
  console.log(`bracket generation, 512 players        ${perBracket.toFixed(3)} ms per bracket (${runs} runs; target < 5 ms)`);

  const progress = (l: string) => process.stderr.write(`  ${l}\n`);
  const s = await withThrowawayEnv('bench_challenge', (t) => runSimulation({ players, seed: `bench-${players}`, onProgress: progress, workerProcess: true }, throwawayProcessEnv(t)), process.env, progress);
  const tables = s.rounds.reduce((n, r) => n + r.tables.length, 0);
  const draws = s.rounds.reduce((n, r) => n + r.tables.reduce((m, t) => m + t.tiebreaks.length, 0), 0);
  console.log(`challenge, ${players} players                ${(s.stats.wallMs / 1000).toFixed(1)} s wall (${s.rounds.length} rounds, ${tables} table games, ${draws} tiebreak draws${players === 512 ? '; target < 20 s' : ''})`);
  console.log(`game actions                          ${s.stats.actions} actions, ${s.stats.actionsPerSecond} actions/s`);
  console.log(`action transaction latency            p50 ${s.stats.p50Ms} ms, p99 ${s.stats.p99Ms} ms`);
  process.exit(0);
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});

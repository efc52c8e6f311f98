/**
 * Bots benchmark: `npx tsx bench/bots.ts [--quick] [--games N] [--seed S]`.
 *
 * - expert decisions per second (one core), timed inside real games;
 * - win rates of 1 expert vs 3 greedy and of 1 greedy vs 3 random over N
 *   seeded dcs-tournament cut-throat games each (default 10,000; --quick 500),
 *   the bot under test rotating through the four seats (game i: seat i mod 4),
 *   with a 95% Wilson interval against the 25% baseline.
 * Every game is played by the driver (playGame: the readable engine's apply).
 */
import { performance } from 'node:perf_hooks';
import { createBot, playGame, type Bot, type BotName } from '../libs/engine/src/bots/index';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const argValue = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const games = Number(argValue('--games') ?? (quick ? 500 : 10_000));
const seedBase = argValue('--seed') ?? 'bots-bench';
if (!Number.isInteger(games) || games <= 0) throw new Error('--games must be a positive integer');

const fmt = (n: number, d = 0): string => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** Wilson score interval at 95%. */
function wilson(wins: number, n: number): [number, number] {
  const z = 1.96;
  const p = wins / n;
  const den = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / den;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / den;
  return [centre - half, centre + half];
}

/** Wraps a bot to time its decisions. */
function timed(bot: Bot, stats: { ms: number; calls: number; searched: number; searchedMs: number }): Bot {
  return {
    name: bot.name,
    decide(view, rng) {
      const t0 = performance.now();
      const a = bot.decide(view, rng);
      const dt = performance.now() - t0;
      stats.ms += dt;
      stats.calls++;
      if ((view.legalMoves ?? []).filter((m) => m.type === 'play').length > 1) {
        stats.searched++;
        stats.searchedMs += dt;
      }
      return a;
    },
    choose: bot.choose,
  };
}

function match(label: string, hero: BotName, villain: BotName, n: number): void {
  const stats = { ms: 0, calls: 0, searched: 0, searchedMs: 0 };
  const heroBot = timed(createBot(hero), stats);
  const villains = [createBot(villain), createBot(villain), createBot(villain)];
  let wins = 0;
  let hands = 0;
  let points = 0;
  const t0 = performance.now();
  let lastReport = t0;
  for (let i = 0; i < n; i++) {
    const heroSeat = i % 4;
    const bots: Bot[] = [];
    let v = 0;
    for (let s = 0; s < 4; s++) bots.push(s === heroSeat ? heroBot : villains[v++]);
    const r = playGame({ ruleset: 'dcs-tournament', players: 4, seed: `${seedBase}/${label}/${i}`, bots });
    if (!r.state.finished) throw new Error(`game ${i} did not finish`);
    if (r.state.winner === heroSeat) wins++;
    hands += r.state.hands.length;
    points += r.state.scores[heroSeat];
    const now = performance.now();
    if (now - lastReport > 15_000) {
      lastReport = now;
      process.stderr.write(`  ${label}: ${i + 1}/${n} games, ${pct(wins / (i + 1))} so far, ${((now - t0) / 1000).toFixed(0)} s\n`);
    }
  }
  const ms = performance.now() - t0;
  const [lo, hi] = wilson(wins, n);
  const verdict = lo > 0.25 ? 'above the 25% baseline' : hi < 0.25 ? 'BELOW the 25% baseline' : 'not distinguishable from 25%';
  console.log(`${label}: ${fmt(n)} games (${fmt(hands)} hands, seeds "${seedBase}/${label}/0..${n - 1}", ${hero} in seat i mod 4)`);
  console.log(`  ${hero} wins ${fmt(wins)} = ${pct(wins / n)}  95% CI [${pct(lo)}, ${pct(hi)}]  — ${verdict}; mean final score ${fmt(points / n, 1)}`);
  console.log(`  ${fmt((n * 1000) / ms, 1)} games/s (${(ms / 1000).toFixed(1)} s)`);
  console.log(
    `  ${hero} decisions: ${fmt(stats.calls)} in ${(stats.ms / 1000).toFixed(1)} s = ${fmt((stats.calls * 1000) / stats.ms)} decisions/s` +
      ` (with a choice of plays: ${fmt(stats.searched)} at ${fmt((stats.searched * 1000) / Math.max(stats.searchedMs, 1e-9))}/s)`,
  );
}

function main(): void {
  console.log(`bots bench${quick ? ' (--quick)' : ''}: node ${process.version}, single core, ${fmt(games)} games per match`);
  // warm-up
  for (let i = 0; i < 5; i++) playGame({ ruleset: 'dcs-tournament', players: 4, seed: `warm-${i}`, bots: ['expert', 'greedy', 'random', 'greedy'] });
  match('greedy-vs-3-random', 'greedy', 'random', games);
  match('expert-vs-3-greedy', 'expert', 'greedy', games);
}

main();

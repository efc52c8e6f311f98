/**
 * `npx tsx [--expose-gc] bench/ranking.ts [--quick] [--players N]`: season standings (with the whole tiebreaker
 * chain), Elite Six and status for a city season of synthetic results — 50,000 players × 12
 * challenges by default, 512 with --quick. Measures the full recompute (what the stored standings
 * are rewritten with) and the incremental path (the 12th challenge folded into the facts of the
 * first 11, then ranked). Prints the figures; asserts nothing.
 */
import { eliteSix, isStandingsError, SeasonAccumulator, seasonStandings, seasonStatus, seasonTable, standingsFromFacts, seasonTableFromStandings } from '@dcs/ranking';
import type { ChallengeEntry, Placement, SeasonChallenge, TableGame } from '@dcs/ranking';

const argPlayers = process.argv.indexOf('--players');
const PLAYERS = argPlayers >= 0 ? Number(process.argv[argPlayers + 1]) : process.argv.includes('--quick') ? 512 : 50_000;
const CHALLENGES = 12;

/** A small deterministic PRNG (mulberry32) so every run measures the same season. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function season(seed: number): SeasonChallenge[] {
  const rand = rng(seed);
  const out: SeasonChallenge[] = [];
  for (let w = 1; w <= CHALLENGES; w++) {
    const field = Array.from({ length: PLAYERS }, (_, i) => `p${i}`).filter(() => rand() < 0.8);
    for (let i = field.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [field[i], field[j]] = [field[j], field[i]];
    }
    const games = new Map<string, TableGame[]>();
    const points = new Map<string, [number, Placement]>();
    let alive = field.slice(0, 2 ** Math.floor(Math.log2(field.length)));
    for (const id of field) points.set(id, [25, 'participation']);
    while (alive.length >= 4) {
      const next: string[] = [];
      for (let t = 0; t < alive.length; t += 4) {
        const seats = alive.slice(t, t + 4).map((id) => ({ id, score: Math.round(rand() * 30) * 5 }));
        seats.sort((a, b) => b.score - a.score);
        const game: TableGame = seats.map((s, k) => ({ playerId: s.id, place: k + 1, score: s.score }));
        for (const s of seats) games.set(s.id, [...(games.get(s.id) ?? []), game]);
        if (alive.length === 4) {
          points.set(seats[0].id, [500, '1']);
          points.set(seats[1].id, [350, '2']);
          points.set(seats[2].id, [200, '3-4']);
          points.set(seats[3].id, [200, '3-4']);
        } else {
          next.push(seats[0].id, seats[1].id);
          const out: [number, Placement] = alive.length === 8 ? [100, '5-8'] : alive.length === 16 ? [50, '9-16'] : [25, 'participation'];
          points.set(seats[2].id, out);
          points.set(seats[3].id, out);
        }
      }
      if (alive.length === 4) break;
      alive = next;
    }
    const entries: ChallengeEntry[] = field.map((id) => {
      const [p, placement] = points.get(id) ?? [25, 'participation'];
      return { playerId: id, points: p, placement, won: p === 500, tableGames: games.get(id) ?? [] };
    });
    out.push({ challengeId: `w${w}`, week: w, entries });
  }
  return out;
}

const data = season(42);
/** With `--expose-gc` (npx tsx --expose-gc bench/ranking.ts), each timed run starts from a collected heap, so a collection of garbage left by the set-up is not counted. */
const settle = (): void => (globalThis as { gc?: () => void }).gc?.();
const rows: [string, string, string][] = [];
const ms = (x: number) => `${x.toFixed(1)} ms`;
const warm = PLAYERS > 5000 ? 1 : 20;
for (let i = 0; i < warm; i++) seasonStandings(data);
const runs = PLAYERS > 5000 ? 3 : 100;
settle();
let t0 = performance.now();
let last = seasonStandings(data);
for (let i = 1; i < runs; i++) last = seasonStandings(data);
const perStandings = (performance.now() - t0) / runs;
if (isStandingsError(last)) throw new Error(last.message);
const tied = last.filter((e) => e.tiebreak !== 'points' && e.tiebreak !== null).length;
rows.push(['standings from scratch (facts + every tiebreaker)', ms(perStandings), `${tied} places decided by a tiebreaker`]);

settle();
t0 = performance.now();
for (let i = 0; i < runs; i++) seasonTable(data, [], CHALLENGES);
rows.push(['full recompute (standings + status = the stored rows)', ms((performance.now() - t0) / runs), 'target < 2,000 ms at 50,000 players']);

// Incremental: the facts of weeks 1-11 are kept; week 12 is folded in, then ranked with status.
const incr: number[] = [];
for (let i = 0; i < runs; i++) {
  const acc = new SeasonAccumulator();
  for (const c of data.slice(0, CHALLENGES - 1)) acc.add(c);
  settle();
  const t = performance.now();
  acc.add(data[CHALLENGES - 1]);
  seasonTableFromStandings(standingsFromFacts(acc.facts()), 0);
  incr.push(performance.now() - t);
}
rows.push(['incremental (one challenge folded in, re-ranked)', ms(incr.reduce((a, b) => a + b, 0) / runs), `max ${ms(Math.max(...incr))}; target < 200 ms at 50,000 players`]);

t0 = performance.now();
const six = eliteSix(last);
rows.push(['elite six', ms(performance.now() - t0), `${six.qualifiers.length} qualifiers${six.needsDraw ? `, draw for ${six.needsDraw.places}` : ''}`]);

const midSeason = seasonStandings(data.slice(0, 8));
if (isStandingsError(midSeason)) throw new Error(midSeason.message);
t0 = performance.now();
const status = seasonStatus(midSeason, 4);
const counts = status.reduce<Record<string, number>>((m, s) => ({ ...m, [s.status]: (m[s.status] ?? 0) + 1 }), {});
rows.push(['status after 8 of 12', ms(performance.now() - t0), JSON.stringify(counts)]);

console.log(`season of ${PLAYERS} players × ${CHALLENGES} challenges (${runs} runs each${typeof (globalThis as { gc?: unknown }).gc === 'function' ? ', heap collected before each timed part' : ''})`);
for (const [name, value, note] of rows) console.log(`${name.padEnd(56)}${value.padStart(12)}   ${note}`);

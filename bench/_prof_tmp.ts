import { SeasonAccumulator, standingsFromFacts, seasonTableFromStandings } from '@dcs/ranking';
import type { ChallengeEntry, Placement, SeasonChallenge, TableGame } from '@dcs/ranking';
const argPlayers = -1;
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
let t = performance.now();
const acc = new SeasonAccumulator();
for (const c of data.slice(0, CHALLENGES - 1)) acc.add(c);
console.log('add 11', performance.now() - t);
t = performance.now(); acc.add(data[11]); console.log('add 12th', performance.now() - t);
const reasons: Record<string, number> = {}; for (const e of standingsFromFacts(acc.facts())) reasons[String(e.tiebreak)] = (reasons[String(e.tiebreak)] ?? 0) + 1; console.log(reasons);
for (let i = 0; i < 8; i++) {
  t = performance.now();
  const a = performance.now(); const s = standingsFromFacts(acc.facts()); const b = performance.now();
  seasonTableFromStandings(s, 0); const c = performance.now();
  console.log('rank', b - a, 'table', c - b);
}

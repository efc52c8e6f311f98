import fc from 'fast-check';
import { isStandingsError, referenceStandingsFromFacts, SeasonAccumulator, seasonFacts, standingsFromFacts } from '@dcs/ranking';
import type { SeasonChallenge, SeasonFacts, SeasonPenalty, TableGame } from '@dcs/ranking';

/**
 * Random seasons built to be full of ties: up to 14 players, points only 25 or 50, tables of 2-6
 * with tied places, so groups level on points reach every rule of the chain (and its restarts).
 */
const tiedSeasonArb = fc
  .record({
    players: fc.integer({ min: 2, max: 14 }),
    weeks: fc.array(
      fc.record({
        present: fc.array(fc.boolean(), { minLength: 14, maxLength: 14 }),
        points: fc.array(fc.constantFrom(25, 25, 50, 0), { minLength: 14, maxLength: 14 }),
        winner: fc.integer({ min: 0, max: 20 }),
        tables: fc.array(
          fc.record({
            seats: fc.shuffledSubarray(Array.from({ length: 14 }, (_, i) => i), { minLength: 2, maxLength: 6 }),
            places: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 6, maxLength: 6 }),
            scores: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 6, maxLength: 6 }),
          }),
          { maxLength: 6 },
        ),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  })
  .map(({ players, weeks }): SeasonChallenge[] =>
    weeks.map((w, wi) => {
      const playing = Array.from({ length: players }, (_, i) => i).filter((i) => w.present[i]);
      const games: TableGame[] = [];
      for (const t of w.tables) {
        // Players may sit at several tables in a week (more meetings, more differentials).
        const seats = t.seats.filter((s) => playing.includes(s));
        if (seats.length < 2) continue;
        games.push(seats.map((s, k) => ({ playerId: `p${s}`, place: t.places[k], score: t.scores[k] * 5 })));
      }
      return {
        challengeId: `c${wi + 1}`,
        week: wi + 1,
        entries: playing.map((i) => ({
          playerId: `p${i}`,
          points: w.points[i],
          placement: 'participation' as const,
          won: w.winner === i,
          tableGames: games.filter((g) => g.some((s) => s.playerId === `p${i}`)),
        })),
      };
    }),
  );

const penaltiesArb = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('rank-reset' as const), playerId: fc.integer({ min: 0, max: 13 }).map((i) => `p${i}`), afterWeek: fc.integer({ min: 0, max: 6 }), reason: fc.constant('r') }),
    fc.record({ kind: fc.constant('season-ban' as const), playerId: fc.integer({ min: 0, max: 13 }).map((i) => `p${i}`), reason: fc.constant('b') }),
    fc.record({ kind: fc.constant('elite-six-disqualification' as const), playerId: fc.integer({ min: 0, max: 13 }).map((i) => `p${i}`), reason: fc.constant('d') }),
  ),
  { maxLength: 3 },
);

function facts(challenges: readonly SeasonChallenge[], penalties: readonly SeasonPenalty[], minGames: number): SeasonFacts {
  const f = seasonFacts(challenges, penalties, { minGames });
  if (isStandingsError(f)) throw new Error(f.message);
  return f;
}

describe('the indexed ranking equals the reference chain (fast-check)', () => {
  it('on tie-heavy seasons with penalties and any games minimum', () => {
    fc.assert(
      fc.property(tiedSeasonArb, penaltiesArb, fc.integer({ min: 0, max: 6 }), (challenges, penalties, minGames) => {
        const f = facts(challenges, penalties, minGames);
        expect(standingsFromFacts(f)).toEqual(referenceStandingsFromFacts(f));
      }),
      { numRuns: 500 },
    );
  });

  it('on facts built by hand (plain maps, no accumulator index)', () => {
    fc.assert(
      fc.property(tiedSeasonArb, penaltiesArb, fc.integer({ min: 0, max: 6 }), (challenges, penalties, minGames) => {
        const f = facts(challenges, penalties, minGames);
        const plain: SeasonFacts = { players: new Map(f.players), meetings: new Map([...f.meetings].map(([id, r]) => [id, new Map(r)])), minGames: f.minGames };
        expect(standingsFromFacts(plain)).toEqual(referenceStandingsFromFacts(f));
      }),
      { numRuns: 300 },
    );
  });

  it('after every challenge folded into an accumulator, equal to the reference from scratch', () => {
    fc.assert(
      fc.property(tiedSeasonArb, penaltiesArb, (challenges, penalties) => {
        const acc = new SeasonAccumulator(penalties);
        challenges.forEach((c, k) => {
          expect(acc.add(c)).toBeNull();
          expect(standingsFromFacts(acc.facts())).toEqual(referenceStandingsFromFacts(facts(challenges.slice(0, k + 1), penalties, 5)));
        });
      }),
      { numRuns: 300 },
    );
  });
});

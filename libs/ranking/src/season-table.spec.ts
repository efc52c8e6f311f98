import fc from 'fast-check';
import {
  breakByHeadToHead,
  isStandingsError,
  SeasonAccumulator,
  seasonFacts,
  seasonStandings,
  seasonStatus,
  seasonTable,
  standingsFromFacts,
} from '@dcs/ranking';
import type { Placement, SeasonChallenge, SeasonPenalty, StandingsEntry, StandingsError, TableGame } from '@dcs/ranking';

const POINTS: readonly number[] = [500, 350, 200, 100, 50, 25];
const PLACEMENT_OF: Readonly<Record<number, Placement>> = { 500: '1', 350: '2', 200: '3-4', 100: '5-8', 50: '9-16', 25: 'participation' };

/**
 * A random season: up to 9 players over 1-5 weeks; each week some of them play, seated at tables
 * of 2-4 with places (ties allowed) and scores that are multiples of 5; points from the placement table.
 */
const seasonArb = fc
  .record({
    players: fc.integer({ min: 2, max: 9 }),
    weeks: fc.array(
      fc.record({
        present: fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
        points: fc.array(fc.constantFrom(...POINTS), { minLength: 9, maxLength: 9 }),
        tables: fc.array(
          fc.record({ seats: fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7, 8], { minLength: 2, maxLength: 4 }), places: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }), scores: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 4, maxLength: 4 }) }),
          { maxLength: 3 },
        ),
      }),
      { minLength: 1, maxLength: 5 },
    ),
  })
  .map(({ players, weeks }): SeasonChallenge[] =>
    weeks.map((w, wi) => {
      const playing = new Set(Array.from({ length: players }, (_, i) => i).filter((i) => w.present[i]));
      const games: TableGame[] = [];
      const seatedThisWeek = new Set<number>();
      for (const t of w.tables) {
        const seats = t.seats.filter((s) => playing.has(s) && !seatedThisWeek.has(s));
        if (seats.length < 2) continue;
        seats.forEach((s) => seatedThisWeek.add(s));
        games.push(seats.map((s, k) => ({ playerId: `p${s}`, place: t.places[k], score: t.scores[k] * 5 })));
      }
      return {
        challengeId: `c${wi + 1}`,
        week: wi + 1,
        entries: [...playing].map((i) => ({
          playerId: `p${i}`,
          points: w.points[i],
          placement: PLACEMENT_OF[w.points[i]],
          won: w.points[i] === 500,
          tableGames: games.filter((g) => g.some((s) => s.playerId === `p${i}`)),
        })),
      };
    }),
  );

function ok(s: StandingsEntry[] | StandingsError): StandingsEntry[] {
  if (isStandingsError(s)) throw new Error(s.message);
  return s;
}

describe('standings properties (fast-check)', () => {
  it('are a total preorder consistent with points: every player once, points never rise, ranks 1, 2, 2, 4 with equal ranks only on equal points', () => {
    fc.assert(
      fc.property(seasonArb, (challenges) => {
        const s = ok(seasonStandings(challenges));
        const ids = new Set(challenges.flatMap((c) => c.entries.map((e) => e.playerId)));
        expect(s.map((e) => e.playerId).sort()).toEqual([...ids].sort());
        s.forEach((e, i) => {
          if (i === 0) {
            expect(e.rank).toBe(1);
            expect(e.tiebreak).toBeNull();
            return;
          }
          const up = s[i - 1];
          expect(e.points).toBeLessThanOrEqual(up.points);
          if (e.rank === up.rank) {
            expect(e.points).toBe(up.points);
            expect(e.tiebreak).toBeNull();
          } else {
            expect(e.rank).toBe(i + 1);
            if (e.points < up.points) expect(e.tiebreak).toBe('points');
            else expect(['head-to-head', 'tournament-wins', 'score-differential', 'games-played', 'recent-performance']).toContain(e.tiebreak);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('do not depend on the order entries are listed in', () => {
    fc.assert(
      fc.property(seasonArb, fc.integer(), (challenges, salt) => {
        const shuffled = challenges.map((c) => ({ ...c, entries: [...c.entries].sort((a, b) => ((a.playerId.charCodeAt(1) * salt) % 7) - ((b.playerId.charCodeAt(1) * salt) % 7)) }));
        expect(ok(seasonStandings(shuffled))).toEqual(ok(seasonStandings(challenges)));
      }),
      { numRuns: 200 },
    );
  });

  it('recomputing from scratch equals the incremental result after every challenge (with penalties in force)', () => {
    fc.assert(
      fc.property(seasonArb, fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 8 }), (challenges, resetPlayer, afterWeek, dqPlayer) => {
        const penalties: SeasonPenalty[] = [
          { kind: 'rank-reset', playerId: `p${resetPlayer}`, afterWeek, reason: 'r' },
          { kind: 'elite-six-disqualification', playerId: `p${dqPlayer}`, reason: 'd' },
        ];
        const acc = new SeasonAccumulator(penalties);
        challenges.forEach((c, k) => {
          expect(acc.add(c)).toBeNull();
          expect(standingsFromFacts(acc.facts())).toEqual(ok(seasonStandings(challenges.slice(0, k + 1), penalties)));
        });
        expect(acc.challenges).toBe(challenges.length);
      }),
      { numRuns: 200 },
    );
  });

  it('a rank reset never changes other players\' head-to-head (records or the order it gives)', () => {
    fc.assert(
      fc.property(seasonArb, fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 5 }), (challenges, who, afterWeek) => {
        const reset: SeasonPenalty[] = [{ kind: 'rank-reset', playerId: `p${who}`, afterWeek, reason: 'minor' }];
        const before = seasonFacts(challenges);
        const after = seasonFacts(challenges, reset);
        if (isStandingsError(before) || isStandingsError(after)) throw new Error('bad season');
        expect(after.meetings).toEqual(before.meetings);
        const others = [...before.players.keys()].filter((id) => id !== `p${who}`);
        expect(breakByHeadToHead(others, after)).toEqual(breakByHeadToHead(others, before));
        // Only the reset player's own points can change.
        for (const id of others) expect(after.players.get(id)!.points).toBe(before.players.get(id)!.points);
      }),
      { numRuns: 200 },
    );
  });

  it('the stored table is the standings plus each player\'s status, equal to seasonStatus over them', () => {
    fc.assert(
      fc.property(seasonArb, fc.integer({ min: 0, max: 12 }), (challenges, extra) => {
        const total = challenges.length + extra;
        const table = seasonTable(challenges, [], total);
        if (isStandingsError(table)) throw new Error(table.message);
        const s = ok(seasonStandings(challenges));
        const st = seasonStatus(s.map((e) => ({ playerId: e.playerId, points: e.points, eliteSixEligible: e.eliteSixEligible })), extra);
        expect(table.map(({ status, pointsStillPossible, ...rest }) => [rest, status, pointsStillPossible])).toEqual(s.map((e, i) => [e, st[i].status, 500 * extra]));
      }),
      { numRuns: 100 },
    );
  });
});

describe('the stored table after the close', () => {
  it('marks the final Elite Six clinched and everyone else eliminated, with nothing still possible', () => {
    const challenges: SeasonChallenge[] = [
      { challengeId: 'c1', week: 1, entries: ['a', 'b', 'c'].map((id, i) => ({ playerId: id, points: [500, 350, 200][i], placement: (['1', '2', '3-4'] as Placement[])[i], won: i === 0, tableGames: [] })) },
    ];
    const table = seasonTable(challenges, [], 1, { finalEliteSix: new Set(['a']) });
    if (isStandingsError(table)) throw new Error(table.message);
    expect(table.map((r) => [r.playerId, r.status, r.pointsStillPossible])).toEqual([
      ['a', 'clinched', 0],
      ['b', 'eliminated', 0],
      ['c', 'eliminated', 0],
    ]);
  });
});

describe('status edge cases', () => {
  const rivals = (n: number, points: number) => Array.from({ length: n }, (_, i) => ({ playerId: `r${i}`, points }));
  it('a player who can exactly reach six rivals is still in contention (a tie counts in their favour); one point less is eliminated', () => {
    // One challenge left: p can reach 500 + T. Six rivals sit on 1,500 and keep it by not playing.
    const reach = seasonStatus([{ playerId: 'p', points: 1000 }, ...rivals(6, 1500)], 1, { openField: false }).find((s) => s.playerId === 'p')!;
    expect(reach.status).toBe('in-contention');
    const short = seasonStatus([{ playerId: 'p', points: 999 }, ...rivals(6, 1500)], 1, { openField: false }).find((s) => s.playerId === 'p')!;
    expect(short.status).toBe('eliminated');
  });

  it('reaching exactly 1,000 is enough to stay in; 999 at most is eliminated', () => {
    expect(seasonStatus([{ playerId: 'p', points: 500 }], 1, { openField: false })[0].status).toBe('in-contention');
    expect(seasonStatus([{ playerId: 'p', points: 475 }], 1, { openField: false })[0].status).toBe('eliminated');
  });
});

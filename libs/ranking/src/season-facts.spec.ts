import fc from 'fast-check';
import { isStandingsError, referenceStandingsFromFacts, SeasonAccumulator, seasonFacts, standingsFromFacts } from '@dcs/ranking';
import type { PlayerSeasonFacts, SeasonChallenge, SeasonFacts, SeasonPenalty, StandingsErrorCode, TableGame, TableGameSeat } from '@dcs/ranking';

type MutableFacts = { -readonly [K in keyof PlayerSeasonFacts]: K extends 'pointsByChallenge' ? number[] : PlayerSeasonFacts[K] };

/**
 * The season facts read straight from SPEC 4, one table game of one entry at a time, with plain
 * maps keyed by player id: what `SeasonAccumulator` must build, however it stores and walks them.
 */
class ReferenceFacts {
  readonly players = new Map<string, MutableFacts>();
  readonly meetings = new Map<string, Map<string, number>>();
  private readonly banned: Set<string>;
  private readonly disqualified: Set<string>;
  private readonly resetAfter = new Map<string, number>();
  private readonly resetReasons = new Map<string, string[]>();
  private count = 0;

  constructor(penalties: readonly SeasonPenalty[]) {
    this.banned = new Set(penalties.filter((p) => p.kind === 'season-ban').map((p) => p.playerId));
    this.disqualified = new Set(penalties.filter((p) => p.kind === 'elite-six-disqualification').map((p) => p.playerId));
    for (const p of penalties) {
      if (p.kind !== 'rank-reset') continue;
      this.resetAfter.set(p.playerId, Math.max(this.resetAfter.get(p.playerId) ?? -Infinity, p.afterWeek));
      this.resetReasons.set(p.playerId, [...(this.resetReasons.get(p.playerId) ?? []), p.reason]);
    }
  }

  /** The first error of the challenge, in entry order, or null. */
  private check(challenge: SeasonChallenge): StandingsErrorCode | null {
    const seen = new Set<string>();
    for (const entry of challenge.entries) {
      if (seen.has(entry.playerId)) return 'DUPLICATE_ENTRY';
      seen.add(entry.playerId);
      if (!Number.isInteger(entry.points) || entry.points < 0) return 'BAD_POINTS';
      if (this.banned.has(entry.playerId)) continue;
      for (const game of entry.tableGames) {
        if (game.length < 2 || game.length > 6 || !game.some((s) => s.playerId === entry.playerId)) return 'BAD_TABLE_GAME';
      }
    }
    return null;
  }

  add(challenge: SeasonChallenge): StandingsErrorCode | null {
    const error = this.check(challenge);
    if (error) return error;
    const ci = this.count++;
    for (const entry of challenge.entries) {
      const id = entry.playerId;
      if (this.banned.has(id)) continue;
      let f = this.players.get(id);
      if (f === undefined) {
        f = {
          playerId: id,
          points: 0,
          tournamentWins: 0,
          gamesPlayed: 0,
          scaledDiffSum: 0,
          pointsByChallenge: [],
          eliteSixEligible: !this.disqualified.has(id),
          resets: this.resetReasons.get(id) ?? [],
        };
        this.players.set(id, f);
        this.meetings.set(id, new Map());
      }
      const counted = challenge.week <= (this.resetAfter.get(id) ?? -Infinity) ? 0 : entry.points;
      f.points += counted;
      while (f.pointsByChallenge.length < ci) f.pointsByChallenge.push(0);
      f.pointsByChallenge[ci] = counted;
      if (entry.won) f.tournamentWins += 1;
      const record = this.meetings.get(id)!;
      for (const game of entry.tableGames) {
        const own = game.find((s) => s.playerId === id)!;
        let othersSum = 0;
        for (const seat of game) {
          if (seat.playerId === id) continue;
          othersSum += seat.score;
          const r = own.place < seat.place ? 1 : own.place > seat.place ? -1 : 0;
          if (r !== 0) record.set(seat.playerId, (record.get(seat.playerId) ?? 0) + r);
        }
        f.gamesPlayed += 1;
        f.scaledDiffSum += own.score * 60 - (othersSum * 60) / (game.length - 1);
      }
    }
    return null;
  }

  facts(minGames: number): SeasonFacts {
    return { players: this.players, meetings: this.meetings, minGames };
  }
}

/**
 * Seasons with everything a challenge may hold: games some of their players do not list, seats of
 * players who are not entries (p8, p9) or are banned, one game listed twice by a player, a player
 * in two seats of one table, equal games that are separate objects, and now and then a duplicate
 * entry, bad points or a bad table game (the challenge is then refused and nothing changes).
 */
const ID_COUNT = 10;
const seasonArb = fc.array(
  fc.record({
    present: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    points: fc.array(fc.constantFrom(0, 25, 25, 50, 100), { minLength: 8, maxLength: 8 }),
    winner: fc.integer({ min: 0, max: 12 }),
    tables: fc.array(
      fc.record({
        seats: fc.array(fc.integer({ min: 0, max: ID_COUNT - 1 }), { minLength: 1, maxLength: 7 }),
        places: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 7, maxLength: 7 }),
        scores: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 7, maxLength: 7 }),
        /** Per player id: 0 lists it, 1 leaves it out, 2 lists it twice, 3 lists a separate copy. */
        listing: fc.array(fc.constantFrom(0, 0, 0, 0, 0, 1, 2, 3), { minLength: ID_COUNT, maxLength: ID_COUNT }),
      }),
      { maxLength: 6 },
    ),
    /** 0: none; 1: a duplicate entry; 2: bad points; 3: a game the player is not seated in. */
    fault: fc.constantFrom(0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3),
    faultPlayer: fc.integer({ min: 0, max: 7 }),
  }),
  { minLength: 1, maxLength: 6 },
);

type Week = typeof seasonArb extends fc.Arbitrary<(infer W)[]> ? W : never;

function buildChallenges(weeks: readonly Week[]): SeasonChallenge[] {
  return weeks.map((w, wi) => {
    const playing = Array.from({ length: 8 }, (_, i) => i).filter((i) => w.present[i]);
    const games = w.tables.map((t) => ({
      game: t.seats.map((s, k): TableGameSeat => ({ playerId: `p${s}`, place: t.places[k], score: t.scores[k] * 5 })) as TableGame,
      listing: t.listing,
    }));
    const entries = playing.map((i) => {
      const tableGames: TableGame[] = [];
      for (const { game, listing } of games) {
        if (!game.some((s) => s.playerId === `p${i}`)) continue;
        const how = listing[i];
        if (how === 1) continue;
        if (how === 3) tableGames.push(game.map((s) => ({ ...s })));
        else tableGames.push(game);
        if (how === 2) tableGames.push(game);
      }
      if (w.fault === 3 && w.faultPlayer === i) tableGames.push([{ playerId: 'p8', place: 1, score: 5 }, { playerId: 'p9', place: 2, score: 0 }]);
      return {
        playerId: `p${i}`,
        points: w.fault === 2 && w.faultPlayer === i ? 12.5 : w.points[i],
        placement: 'participation' as const,
        won: w.winner === i,
        tableGames,
      };
    });
    if (w.fault === 1 && entries.length > 0) entries.push({ ...entries[w.faultPlayer % entries.length] });
    return { challengeId: `c${wi + 1}`, week: wi + 1, entries };
  });
}

const penaltiesArb = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('rank-reset' as const), playerId: fc.integer({ min: 0, max: ID_COUNT - 1 }).map((i) => `p${i}`), afterWeek: fc.integer({ min: 0, max: 6 }), reason: fc.constant('r') }),
    fc.record({ kind: fc.constant('season-ban' as const), playerId: fc.integer({ min: 0, max: ID_COUNT - 1 }).map((i) => `p${i}`), reason: fc.constant('b') }),
    fc.record({ kind: fc.constant('elite-six-disqualification' as const), playerId: fc.integer({ min: 0, max: ID_COUNT - 1 }).map((i) => `p${i}`), reason: fc.constant('d') }),
  ),
  { maxLength: 3 },
);

describe('the accumulator builds the facts SPEC 4 reads (fast-check)', () => {
  it('challenge by challenge, refused challenges changing nothing: the same players, meetings and standings as the plain reading', () => {
    fc.assert(
      fc.property(seasonArb, penaltiesArb, fc.integer({ min: 0, max: 6 }), (weeks, penalties, minGames) => {
        const challenges = buildChallenges(weeks);
        const acc = new SeasonAccumulator(penalties, { minGames });
        const ref = new ReferenceFacts(penalties);
        for (const c of challenges) {
          const error = acc.add(c);
          expect(error === null ? null : error.code).toBe(ref.add(c));
          const facts = acc.facts();
          const expected = ref.facts(minGames);
          expect(facts.players).toEqual(expected.players);
          expect(facts.meetings).toEqual(expected.meetings);
          expect(standingsFromFacts(facts)).toEqual(referenceStandingsFromFacts(expected));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('seasonFacts stops at the first refused challenge with its error', () => {
    fc.assert(
      fc.property(seasonArb, penaltiesArb, (weeks, penalties) => {
        const challenges = buildChallenges(weeks);
        const ref = new ReferenceFacts(penalties);
        const firstError = challenges.map((c) => ref.add(c)).find((e) => e !== null) ?? null;
        const facts = seasonFacts(challenges, penalties);
        expect(isStandingsError(facts) ? facts.code : null).toBe(firstError);
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * The season's facts, built at once (`seasonFacts`) or one completed challenge at a time
 * (`SeasonAccumulator`, the incremental path).
 */
import { ChallengeStage } from './challenge-stage';
import * as seasonIndexModule from './season-index';
import { SeasonIndex } from './season-index';
import * as typesModule from './types';
import type { PlayerSeasonFacts, SeasonChallenge, SeasonFacts, SeasonPenalty, StandingsError, StandingsOptions, TableGame } from './types';

// Module-level copies: a bundler compiles a named import into a getter call on every use, a local const is a plain load.
const { CARD, CARD_GAMES, CARD_POINTS, CARD_WINS, INDEX } = seasonIndexModule;
const { DEFAULT_MIN_GAMES, DIFF_SCALE } = typesModule;

interface MutableFacts {
  playerId: string;
  points: number;
  tournamentWins: number;
  gamesPlayed: number;
  scaledDiffSum: number;
  pointsByChallenge: number[];
  eliteSixEligible: boolean;
  resets: string[];
}

/**
 * Builds the facts the standings and tiebreakers need. Season-banned players are
 * left out entirely (their games still count as the games they were, so other
 * players' differentials and head-to-head records are unchanged).
 *
 * Decision: a rank reset wipes the points only (total and the per-challenge
 * points used by "most recent performance"); wins, games, differential and
 * head-to-head are history and stay.
 */
export function seasonFacts(
  challenges: readonly SeasonChallenge[],
  penalties: readonly SeasonPenalty[] = [],
  options: StandingsOptions = {},
): SeasonFacts | StandingsError {
  const acc = new SeasonAccumulator(penalties, options);
  for (const challenge of challenges) {
    const error = acc.add(challenge);
    if (error) return error;
  }
  return acc.facts();
}

/**
 * The season's facts built one completed challenge at a time (the incremental path): `add` folds a
 * challenge into the running totals and head-to-head records in O(its entries + players so far),
 * without looking at earlier challenges again; `facts()` is what `seasonFacts` would build from all
 * of them at once. A penalty change cannot be folded in (a reset rewrites earlier weeks): start a
 * new accumulator.
 *
 * Head-to-head meetings are kept in integer segments, one per challenge (the Map-of-Maps
 * `meetings` view is built only when read), and what the tiebreakers compare in flat arrays beside
 * the facts objects, so `standingsFromFacts` ranks from the accumulator's index without rebuilding
 * anything per player.
 */
export class SeasonAccumulator {
  private readonly banned: Set<string>;
  private readonly disqualified: Set<string>;
  private readonly resetAfter = new Map<string, number>();
  private readonly resetReasons = new Map<string, string[]>();
  private readonly players = new Map<string, MutableFacts>();
  private readonly index = new SeasonIndex();
  private readonly stage = new ChallengeStage();
  private meetingsView: Map<string, Map<string, number>> | null = null;
  private readonly minGames: number;
  /** Challenges added so far (the index of the next one). */
  private count = 0;
  /** Calls of `add` so far (marks who was seen in the current one). */
  private visits = 0;

  constructor(penalties: readonly SeasonPenalty[] = [], options: StandingsOptions = {}) {
    this.banned = new Set(penalties.filter((p) => p.kind === 'season-ban').map((p) => p.playerId));
    this.disqualified = new Set(penalties.filter((p) => p.kind === 'elite-six-disqualification').map((p) => p.playerId));
    for (const p of penalties) {
      if (p.kind !== 'rank-reset') continue;
      this.resetAfter.set(p.playerId, Math.max(this.resetAfter.get(p.playerId) ?? -Infinity, p.afterWeek));
      this.resetReasons.set(p.playerId, [...(this.resetReasons.get(p.playerId) ?? []), p.reason]);
    }
    this.minGames = options.minGames ?? DEFAULT_MIN_GAMES;
  }

  get challenges(): number {
    return this.count;
  }

  /** Folds in the next challenge (in date order). On an error nothing is changed. */
  add(challenge: SeasonChallenge): StandingsError | null {
    const ix = this.index;
    const entries = challenge.entries;
    const st = this.stage.reserveEntries(entries.length);
    const { number, pointsOf, won, skip, pairsEnd } = st;
    // A game listed by each of its players is one object: it gets one slot, its seats copied out once.
    const slotOf = new Map<TableGame, number>();
    const hasBans = this.banned.size > 0;
    const visit = ++this.visits;
    // One pass over the challenge checks every entry and copies out what folding it in needs, so the
    // second pass reads flat arrays only (numbering a player who then turns out to be in error
    // changes nothing that shows).
    let pairs = 0;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      const id = entry.playerId;
      const me = (number[i] = ix.ensure(id));
      if (ix.mark(me, visit)) {
        return { code: 'DUPLICATE_ENTRY', message: `${id} is listed twice in ${challenge.challengeId}` };
      }
      const points = entry.points;
      if (!Number.isInteger(points) || points < 0) {
        return { code: 'BAD_POINTS', message: `${id} has bad points in ${challenge.challengeId}` };
      }
      pointsOf[i] = points;
      won[i] = entry.won ? 1 : 0;
      skip[i] = hasBans && this.banned.has(id) ? 1 : 0;
      if (skip[i] === 0) {
        const games = entry.tableGames;
        for (let g = 0; g < games.length; g++) {
          const game = games[g];
          let own = 0;
          while (own < game.length && game[own].playerId !== id) own++;
          if (game.length < 2 || game.length > 6 || own === game.length) {
            return { code: 'BAD_TABLE_GAME', message: `a table game of ${id} in ${challenge.challengeId} lacks their seat or has a bad size` };
          }
          let slot = slotOf.get(game);
          if (slot === undefined) {
            slot = st.addGame(game);
            slotOf.set(game, slot);
          }
          // The player's own seat is numbered by the entry, without looking the id up again.
          st.seatNumber[st.slotStart[slot] + own] = me;
          st.addPair(pairs++, slot, own);
        }
      }
      pairsEnd[i] = pairs;
    }
    // Seats no entry claimed (a player who did not list the game, or is banned) by id.
    st.numberUnclaimedSeats(ix);

    const ci = this.count++;
    this.meetingsView = null;
    // Newcomers' facts first, in entry order (the facts map lists players in the order they joined).
    for (let i = 0; i < entries.length; i++) {
      if (skip[i] === 1 || ix.facts[number[i]] !== undefined) continue;
      const id = entries[i].playerId;
      const f: MutableFacts = {
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
      ix.addPlayer(number[i], f);
    }
    // Then the entries in player-number order: the facts, cards and this challenge's segment are
    // walked forwards rather than at random (each player's own meetings keep their order).
    const entryOf = st.entryOf(ix.ids.length);
    for (let i = 0; i < entries.length; i++) if (skip[i] === 0) entryOf[number[i]] = i;
    const { pairSlot, pairOwn, slotStart, seatNumber, seatPlace, seatScore } = st;
    // This challenge's segment of meetings, filled in player order: room for one meeting with
    // every other seat of every game listed.
    const players = ix.ids.length;
    let room = 0;
    for (let j = 0; j < pairs; j++) room += slotStart[pairSlot[j] + 1] - slotStart[pairSlot[j]] - 1;
    const segStart = new Int32Array(players + 1);
    const segData = new Int32Array(room);
    const recent = new Float64Array(players);
    const card = ix.card;
    let at = 0;
    for (let me = 0; me < players; me++) {
      segStart[me] = at;
      const i = entryOf[me];
      if (i < 0) continue;
      entryOf[me] = -1;
      // The accumulator's own facts are the mutable ones it created.
      const f = ix.facts[me] as MutableFacts;
      const wiped = this.resetAfter.size > 0 && challenge.week <= (this.resetAfter.get(f.playerId) ?? -Infinity);
      const counted = wiped ? 0 : pointsOf[i];
      const c = me * CARD;
      card[c + CARD_POINTS] = f.points += counted;
      // Challenges the player missed stay holes (read as 0 by the recent-performance rule).
      while (f.pointsByChallenge.length < ci) f.pointsByChallenge.push(0);
      f.pointsByChallenge[ci] = counted;
      recent[me] = counted;
      if (won[i] === 1) card[c + CARD_WINS] = f.tournamentWins += 1;

      for (let j = i === 0 ? 0 : pairsEnd[i - 1], last = pairsEnd[i]; j < last; j++) {
        const from = slotStart[pairSlot[j]];
        const to = slotStart[pairSlot[j] + 1];
        const ownPlace = seatPlace[from + pairOwn[j]];
        let othersSum = 0;
        for (let k = from; k < to; k++) {
          const other = seatNumber[k];
          if (other === me) continue;
          othersSum += seatScore[k];
          // Judged from this player's own list of games only, so each meeting counts once per side.
          const place = seatPlace[k];
          if (ownPlace < place) segData[at++] = other * 2 + 1;
          else if (ownPlace > place) segData[at++] = other * 2;
        }
        card[c + CARD_GAMES] = f.gamesPlayed += 1;
        ix.diff[me] = f.scaledDiffSum += seatScore[from + pairOwn[j]] * DIFF_SCALE - (othersSum * DIFF_SCALE) / (to - from - 1);
      }
    }
    segStart[players] = at;
    if (at > 0) ix.addSegment(segStart, segData);
    ix.recent.push(recent);
    // Newcomers go into the id order now, so ranking after this challenge does not sort anyone.
    ix.byId();
    return null;
  }

  /** The facts so far (a live view: later `add`s show through). */
  facts(): SeasonFacts {
    const facts = {
      players: this.players as ReadonlyMap<string, PlayerSeasonFacts>,
      minGames: this.minGames,
    } as SeasonFacts;
    Object.defineProperty(facts, 'meetings', { enumerable: true, get: () => this.meetings() });
    Object.defineProperty(facts, INDEX, { enumerable: false, value: this.index });
    return facts;
  }

  /** Head-to-head records as maps (a: b → a's wins − losses against b), in the order they were first met. */
  private meetings(): Map<string, Map<string, number>> {
    if (this.meetingsView) return this.meetingsView;
    const ix = this.index;
    const view = new Map<string, Map<string, number>>();
    for (const id of this.players.keys()) view.set(id, new Map());
    for (const [id, record] of view) {
      const p = ix.numbers.get(id)!;
      for (let s = 0; s < ix.segStart.length; s++) {
        const start = ix.segStart[s];
        if (p + 1 >= start.length) continue;
        for (let e = start[p], end = start[p + 1]; e < end; e++) {
          const m = ix.segData[s][e];
          const other = ix.ids[m >> 1];
          record.set(other, (record.get(other) ?? 0) + (m & 1 ? 1 : -1));
        }
      }
    }
    this.meetingsView = view;
    return view;
  }
}

import { FairDeal } from '../games/fair-deal.service';
import { Injectable } from '@nestjs/common';
import type { Challenge, Round } from '@dcs/db';
import { Bracket, BracketRound, generateBracket, isBracketError, roundOne, seatRound } from '@dcs/bracket';
import { seedRng, shuffle } from '@dcs/engine';
import { isStandingsError, seasonStandings } from '@dcs/ranking';
import { EffectsQueue, Effect } from '../effects/effects-queue';

import { GameStore } from '../games/game.store';
import { seatedNotice } from '../notifications/notices';
import { RegistrationsService } from '../registrations/registrations.service';
import { eventBracket } from '../seasons/season-events';
import { loadSeasonChallenges, loadSeasonPenalties } from '../seasons/season-facts.repository';
import { forfeitSeat } from '../games/seat-forfeit';
import { advancersOf, firedEarly, hardStopAt, seedingOrder, startDecision } from './challenge.decisions';
import * as say from './challenge.messages';
import { ChallengeRepository, SEATING_TX } from './challenge.repository';
import { notStarted, type SeatResult, type StoredBracket } from './challenge-rows';
import { TournamentClock } from '../time/tournament-clock';
import { AppConfig, secretSeed, type Tx } from '@dcs/common';

/**
 * Seating (SPEC 3.2-3.3, an act of the challenge flow): at 12:00 a challenge with too few checked in is
 * cancelled, otherwise seeded by the season's standings, its bracket drawn and round 1 seated; after each
 * break the next round is seated from the advancers. Every table gets its seats and its game (a
 * disqualified player's seat forfeits at once), the round its hard stop.
 */
@Injectable()
export class ChallengeSeating {

  constructor(
    private readonly repo: ChallengeRepository,
    private readonly games: GameStore,
    private readonly queue: EffectsQueue,
    private readonly registrations: RegistrationsService,
    private readonly time: TournamentClock,
    private readonly fair: FairDeal,
    private readonly config: AppConfig,
  ) {}

  /** 12:00: cancel with fewer than the minimum checked in, otherwise seed, draw the bracket and seat round 1. */
  async start(challengeId: string, now = this.time.now()): Promise<'started' | 'cancelled' | 'noop'> {
    const effects: Effect[] = [];
    const result = await this.repo.transaction(async (tx) => {
      const ch = await this.repo.lockChallenge(tx, challengeId);
      if (!ch || !notStarted(ch.status)) return 'noop' as const;
      const regs = await this.registrations.entrants(tx, challengeId);
      const decision = startDecision(regs, ch.capacity, ch.minPlayers);
      if (decision.kind === 'cancel') {
        const reason = say.tooFewReason(decision.checkedIn, ch.minPlayers);
        await this.repo.cancel(tx, ch.id, reason);
        await this.repo.notify(tx, say.cancelledNotices(ch, regs.map((r) => r.userId), reason, 'start', say.tooFewReasonEs(decision.checkedIn, ch.minPlayers)));
        await this.repo.audit(tx, { action: 'challenge.cancelled', entityType: 'challenge', entityId: ch.id, reason, data: { checkedIn: decision.checkedIn } });
        return 'cancelled' as const;
      }
      const seated = decision.players;
      const stored = await this.seed(tx, ch, seated);
      const round = await this.repo.createRound(tx, ch.id, 1, now, hardStopAt(now, ch.roundSeconds), stored.bracket.byes.map((b) => b.playerId));
      await this.seatTables(tx, ch, round, roundOne(stored.bracket), stored.bracket, effects);
      await this.repo.markRunning(tx, ch.id, stored);
      await this.repo.audit(tx, { action: 'challenge.started', entityType: 'challenge', entityId: ch.id, data: { players: seated.length, rounds: stored.bracket.rounds, byes: stored.bracket.byeCount } });
      effects.push({ kind: 'hard-stop', roundId: round.id, at: round.hardStopAt! });
      return 'started' as const;
    }, SEATING_TX);
    await this.queue.run(effects);
    return result;
  }
  /**
   * Seeds by the city's season standings (points, then SPEC 4's tiebreaker chain); players
   * still level after the chain, and players not ranked yet, are ordered by a recorded random
   * draw. Generates the bracket from that order.
   */
  async seed(tx: Tx, ch: Challenge, players: string[]): Promise<StoredBracket> {
    if (ch.kind === 'regional' || ch.kind === 'ndt') return eventBracket(ch, players); // seeded by the event's entrant order
    const seasonPoints: Record<string, number> = Object.fromEntries(players.map((p) => [p, 0]));
    const rankOf = new Map<string, number>();
    if (ch.seasonId) {
      const standings = seasonStandings(await loadSeasonChallenges(tx, ch.seasonId), await loadSeasonPenalties(tx, ch.seasonId));
      if (isStandingsError(standings)) throw new Error(`standings: ${standings.code} ${standings.message}`);
      for (const s of standings) {
        if (s.playerId in seasonPoints) {
          seasonPoints[s.playerId] = s.points;
          rankOf.set(s.playerId, s.rank);
        }
      }
    }
    const seedingDraw = secretSeed(this.config.REHEARSAL_SEED, 'seeding', 16);
    const ordered = seedingOrder(players, rankOf, shuffle(seedRng(seedingDraw), [...players].sort()));
    const bracket = generateBracket({ players: ordered.map((id, i) => ({ id, seed: i + 1 })), seed: secretSeed(this.config.REHEARSAL_SEED, 'bracket', 16) });
    if (isBracketError(bracket)) throw new Error(`bracket: ${bracket.code} ${bracket.message}`);
    return { bracket, seedingDraw, seasonPoints };
  }
  /** Creates a round's tables, their seats (as drawn by the bracket) and their games; a disqualified player's seat forfeits at once. */
  async seatTables(tx: Tx, ch: Challenge, round: Round, seated: BracketRound, bracket: Bracket, effects: Effect[]): Promise<void> {
    const seedOf = new Map(bracket.seeding.map((id, i) => [id, i + 1]));
    const dq = await this.registrations.disqualified(tx, ch.id);
    const seating: say.SeatingTable[] = [];
    for (const t of seated.tables) {
      const table = await this.repo.createTable(tx, ch.id, round.id, t.index);
      await this.repo.createSeats(tx, table.id, t.seats.map((userId, seat) => ({ seat, userId, seed: seedOf.get(userId)! })));
      // Deals no one can steer (issue 24): the players' contributions come in before the deal, and its
      // clock starts then (FairDeal.close). A table with a seat forfeited at once is dealt now. A rehearsal
      // (REHEARSAL_SEED) draws the server's seed from its own seed, the round and the table.
      const forfeits = t.seats.some((userId) => dq.has(userId));
      const window = forfeits ? undefined : this.fair.window(t.seats.map(() => true));
      const deal = this.config.REHEARSAL_SEED ? secretSeed(this.config.REHEARSAL_SEED, `round ${round.number} table ${t.index}`) : undefined;
      let game = await this.games.deal(tx, { kind: 'challenge', id: table.id }, { ruleset: 'dcs-tournament', players: t.seats.length }, window, deal);
      for (const [seat, userId] of t.seats.entries()) {
        if (dq.has(userId)) game = await forfeitSeat(this.games, tx, game, seat, null);
      }
      if (game.dealClosesAt) effects.push(this.fair.closeEffect(game));
      else effects.push({ kind: 'turn-clock', gameId: game.id, version: game.version, attempt: 0, at: new Date(this.time.now().getTime() + ch.turnMs) });
      seating.push({ tableId: table.id, table: t.index, gameId: game.id, seats: t.seats.map((userId, seat) => ({ seat, userId })) });
    }
    const notices = seating.flatMap((t) =>
      t.seats.map((s) => ({
        userId: s.userId,
        dedupeKey: `seated:${round.id}`,
        ...seatedNotice({ challengeId: ch.id, roundId: round.id, round: round.number, table: t.table, tableId: t.tableId, gameId: t.gameId, seat: s.seat, hardStopAt: round.hardStopAt }),
      })),
    );
    const worded = await this.repo.notify(tx, notices);
    effects.push(say.roundStarted(ch.id, round, seating), ...worded.map(say.noticeEmit));
  }
  /** After the break: seats the round from the previous round's advancers. */
  async startRound(roundId: string, now = this.time.now()): Promise<void> {
    const effects: Effect[] = [];
    await this.repo.transaction(async (tx) => {
      const round = await this.repo.lockChallengeRound(tx, roundId);
      if (!round || round.status !== 'pending') return;
      if (firedEarly(round.startsAt, now)) {
        effects.push({ kind: 'round-start', roundId, at: round.startsAt!, again: true });
        return;
      }
      // Lock order: the challenge, this round, then the previous one.
      // - The challenge: a disqualification holds it (disqualifyIn) from marking the player until it
      //   commits, having found no table of this round to forfeit. Unlocked, the seating read the
      //   disqualified players before that commit and seated the player without a forfeit.
      // - The previous round: a director's result correction holds it (correctResult) from reading
      //   that this round is still pending until it commits the new result. Unlocked, the seating
      //   read the previous tables' results before that commit and seated the old advancers while
      //   the correction was accepted too.
      const prevId = await this.repo.roundByNumber(tx, round.challengeId, round.number - 1);
      const prev = prevId ? await this.repo.lockRound(tx, prevId.id) : null;
      const { challenge, stored } = await this.repo.roundInfo(tx, round);
      if (!prev || prev.status !== 'finished') return;
      const prevTables = await this.repo.roundTables(tx, prev.id);
      const current: BracketRound =
        prev.number === 1
          ? roundOne(stored.bracket)
          : { round: prev.number, tables: prevTables.map((t) => ({ round: prev.number, index: t.index, players: t.seats.map((s) => s.userId), seats: [] })) };
      const next = seatRound(stored.bracket, current, advancersOf(prevTables.map((t) => ({ result: t.result as unknown as SeatResult[] }))));
      if (isBracketError(next)) throw new Error(`seating round ${round.number}: ${next.code} ${next.message}`);
      const stopAt = hardStopAt(now, challenge.roundSeconds);
      const started = await this.repo.startRound(tx, round.id, now, stopAt);
      await this.seatTables(tx, challenge, started, next, stored.bracket, effects);
      effects.push({ kind: 'hard-stop', roundId, at: stopAt });
    }, SEATING_TX);
    await this.queue.run(effects);
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Challenge, ChallengeTable, Game, Round } from '@dcs/db';
import { Bracket, BracketRound, generateBracket, isBracketError, roundOne, seatRound } from '@dcs/bracket';
import { AppError, notFound } from '@dcs/common';
import {
  apply as engineApply,
  closePicks,
  drawResult,
  everyonePicked,
  type GameState,
  hardStop as engineHardStop,
  isTiebreakError,
  pick as drawPick,
  PICK_WINDOW_MS,
  seedRng,
  shuffle,
  startDraw,
  tablePlaces,
  type TiebreakState,
  tiebreakPublicView,
  type TiebreakPublicView,
} from '@dcs/engine';
import { challengeAwards, DEFAULT_PRIZE_SPLIT, isPointsError, isStandingsError, seasonStandings } from '@dcs/ranking';
import { ChallengeQueue, Effect } from '../challenge-queue';
import { Tx } from '../games.repository';
import { GameStore } from '../games/game.store';
import { gameViewEmits } from '../live-emitter';
import { seatedNotice, tiebreakNotice } from '../notices';
import { RegistrationsService } from '../registrations/registrations.service';
import { eventBracket } from '../season-events';
import { loadSeasonChallenges, loadSeasonPenalties } from '../season-facts.repository';
import { SeasonStandingsStore } from '../season-standings.store';
import { orderAfterDraw, TableOutcome, tableOutcome } from '../table-outcome';
import { TurnClockService } from '../turn-clock.service';
import {
  advancersOf,
  correctedResults,
  correctionRefusal,
  type CorrectionRefusal,
  drawCloseDecision,
  exitsOf,
  firedEarly,
  hardStopAt,
  isPrizeSplit,
  outOfPlayRefusal,
  pickDecision,
  placementsOf,
  roundEnd,
  seatNow,
  seatResults,
  seedingOrder,
  startDecision,
} from './challenge.decisions';
import * as say from './challenge.messages';
import { ChallengeRepository, SEATING_TX } from './challenge.repository';
import { notStarted, type SeatResult, type StoredBracket } from '../challenge-rows';
import { TournamentClock } from '../tournament-clock';
import { assertDirectsChallenge } from '../accounts/director-cities.repository';

/**
 * A challenge from 12:00 on (SPEC 3.2-3.6): seeding and the bracket, seating each
 * round with its games, the 30-minute hard stop, deciding tables (with the
 * 6-4/5-5 draw where a tie matters), the next round after the break, and the
 * placements, points and prizes at the end.
 *
 * The orchestrator of the flow, by layer: the rows and their locks are ChallengeRepository's (which
 * holds the lock order: the challenge, then its round (then the previous round), then the draw, then
 * games, so that no two steps, nor a director's cancel or disqualification, can deadlock); every
 * decision is a pure function of challenge.decisions.ts (and table-outcome.ts); every text and live
 * payload is challenge.messages.ts's; registration rows are RegistrationsService's. Every step runs in
 * one transaction, is idempotent (a step already done is a no-op) and returns the timers it made due;
 * they are queued after the commit. A crash between the two is repaired by `recover()`, which
 * re-queues every timer the database says is due.
 */
@Injectable()
export class ChallengeFlowService {
  private readonly logger = new Logger(ChallengeFlowService.name);

  constructor(
    private readonly repo: ChallengeRepository,
    private readonly games: GameStore,
    private readonly queue: ChallengeQueue,
    private readonly clock: TurnClockService,
    private readonly seasons: SeasonStandingsStore,
    private readonly registrations: RegistrationsService,
    /** The time every decision of the flow is taken at (tests move it instead of waiting). */
    private readonly time: TournamentClock,
  ) {}

  // ------------------------------------------------------------------ start

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
        await this.repo.notify(tx, say.cancelledNotices(ch, regs.map((r) => r.userId), reason, 'start'));
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
  private async seed(tx: Tx, ch: Challenge, players: string[]): Promise<StoredBracket> {
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
    const seedingDraw = randomBytes(16).toString('hex');
    const ordered = seedingOrder(players, rankOf, shuffle(seedRng(seedingDraw), [...players].sort()));
    const bracket = generateBracket({ players: ordered.map((id, i) => ({ id, seed: i + 1 })), seed: randomBytes(16).toString('hex') });
    if (isBracketError(bracket)) throw new Error(`bracket: ${bracket.code} ${bracket.message}`);
    return { bracket, seedingDraw, seasonPoints };
  }

  /** Creates a round's tables, their seats (as drawn by the bracket) and their games; a disqualified player's seat forfeits at once. */
  private async seatTables(tx: Tx, ch: Challenge, round: Round, seated: BracketRound, bracket: Bracket, effects: Effect[]): Promise<void> {
    const seedOf = new Map(bracket.seeding.map((id, i) => [id, i + 1]));
    const dq = await this.registrations.disqualified(tx, ch.id);
    const seating: say.SeatingTable[] = [];
    for (const t of seated.tables) {
      const table = await this.repo.createTable(tx, ch.id, round.id, t.index);
      await this.repo.createSeats(tx, table.id, t.seats.map((userId, seat) => ({ seat, userId, seed: seedOf.get(userId)! })));
      let game = await this.games.createTournamentGame(tx, table.id, t.seats.length);
      for (const [seat, userId] of t.seats.entries()) {
        if (dq.has(userId)) game = await this.forfeitSeat(tx, game, seat, null);
      }
      effects.push({ kind: 'turn-clock', gameId: game.id, version: game.version, attempt: 0, at: new Date(this.time.now().getTime() + ch.turnMs) });
      seating.push({ tableId: table.id, table: t.index, gameId: game.id, seats: t.seats.map((userId, seat) => ({ seat, userId })) });
    }
    const notices = seating.flatMap((t) =>
      t.seats.map((s) => ({
        userId: s.userId,
        dedupeKey: `seated:${round.id}`,
        ...seatedNotice({ challengeId: ch.id, roundId: round.id, round: round.number, table: t.table, tableId: t.tableId, gameId: t.gameId, seat: s.seat, hardStopAt: round.hardStopAt }),
      })),
    );
    effects.push(say.roundStarted(ch.id, round, seating), ...notices.map(say.noticeEmit));
    await this.repo.notify(tx, notices);
  }

  // ------------------------------------------------------------------ tables

  /**
   * A table whose game has ended: places, a draw where a tie matters, or the result. No-op otherwise.
   *
   * Every decide of a round takes the challenge's lock (the lock order), so the decides of one round
   * run one after the other whatever happens. When a round's tables end together (128 of them in a
   * 512-player round 1) they used to wait for that lock each in a transaction of its own, each holding
   * a pool connection while it waited: the pool ran dry, and the late ones failed with "Unable to start
   * a transaction in the given time" (left to the worker's decide job) while every other query of the
   * process queued behind them. Here a process decides a round's tables one batch at a time: a decide
   * asked for while a batch of its round runs waits in memory (no connection held) and joins the next
   * batch, which decides every table asked for meanwhile in one transaction under one lock, in the
   * order they were asked. The result is what the same decides taken one by one would give: each table
   * is decided on what the tables before it wrote. A batch that fails is taken again table by table,
   * so one table's failure is only that table's.
   */
  async decideTable(tableId: string): Promise<void> {
    const roundId = await this.repo.roundOfTable(tableId);
    if (!roundId) return;
    return new Promise<void>((resolve, reject) => {
      let next = this.decideQueue.get(roundId);
      if (!next) this.decideQueue.set(roundId, (next = []));
      next.push({ tableId, resolve, reject });
      if (!this.deciding.has(roundId)) void this.drainDecides(roundId);
    });
  }

  /** The decides asked for per round and not started yet (see decideTable). */
  private readonly decideQueue = new Map<string, { tableId: string; resolve: () => void; reject: (err: unknown) => void }[]>();
  /** Rounds whose batch is running in this process. */
  private readonly deciding = new Set<string>();

  private async drainDecides(roundId: string): Promise<void> {
    this.deciding.add(roundId);
    try {
      for (let batch = this.decideQueue.get(roundId); batch; batch = this.decideQueue.get(roundId)) {
        this.decideQueue.delete(roundId);
        const tables = [...new Set(batch.map((w) => w.tableId))];
        try {
          await this.decideTables(roundId, tables);
          for (const w of batch) w.resolve();
        } catch (err) {
          if (tables.length === 1) {
            for (const w of batch) w.reject(err);
            continue;
          }
          for (const tableId of tables) {
            const waiting = batch.filter((w) => w.tableId === tableId);
            await this.decideTables(roundId, [tableId]).then(
              () => waiting.forEach((w) => w.resolve()),
              (e: unknown) => waiting.forEach((w) => w.reject(e)),
            );
          }
        }
      }
    } finally {
      this.deciding.delete(roundId);
    }
  }

  /** Decides the round's tables (those still playing) in one transaction under the challenge's and the round's locks. */
  private async decideTables(roundId: string, tableIds: readonly string[]): Promise<void> {
    const effects: Effect[] = [];
    await this.repo.transaction(
      async (tx) => {
        const round = await this.repo.lockChallengeRound(tx, roundId);
        // Only in a running round: a director's cancel finishes the rounds (under their locks) and
        // leaves the tables as they are. A decide job queued before the cancel (the game had just
        // ended) or re-queued by the recovery sweep after it would otherwise decide the table and
        // carry the cancelled challenge on into its next round, or complete it with placements and prizes.
        if (!round || round.status !== 'running') return;
        // Whether the round is the final: read once for the batch (the challenge row holds the whole bracket).
        const { final } = await this.repo.roundInfo(tx, round);
        for (const tableId of tableIds) {
          const table = await this.repo.table(tx, tableId);
          // A table decided before (by a batch of another process, the worker's job): nothing to do.
          // The last table of the round finishes the round: no table after it is still playing.
          if (table && table.status === 'playing') await this.decideInTx(tx, round, table, effects, final);
        }
      },
      // A batch of a round's whole set of tables writes more than one decide does: it gets seating's limits.
      tableIds.length > 1 ? SEATING_TX : undefined,
    );
    await this.settle(effects);
  }

  /** `knownFinal`: whether the round is the final, when the caller has read it already. */
  private async decideInTx(tx: Tx, round: Round, table: ChallengeTable, effects: Effect[], knownFinal?: boolean): Promise<void> {
    const game = await this.repo.currentGame(tx, table.id);
    if (!game || game.status !== 'finished') return;
    // anti-cheat: analyse the finished game within seconds (job id = game id: queued once)
    effects.push({ kind: 'anticheat-game', gameId: game.id });
    const state = game.state as unknown as GameState;
    const final = knownFinal ?? (await this.repo.roundInfo(tx, round)).final;
    const outcome = tableOutcome(tablePlaces(state), final);
    if (outcome.kind === 'tiebreak') {
      const seats = await this.repo.seats(tx, table.id);
      const userOf = new Map(seats.map((s) => [s.seat, s.userId]));
      const players = outcome.group.map((s) => userOf.get(s)!);
      const draw = startDraw({ drawId: randomBytes(16).toString('hex'), players, places: outcome.places });
      if (isTiebreakError(draw)) throw new Error(`tiebreak: ${draw.code} ${draw.message}`);
      const closesAt = new Date(this.time.now().getTime() + PICK_WINDOW_MS);
      const tb = await this.repo.createTiebreak(tx, { challengeId: table.challengeId, tableId: table.id, players, state: draw, closesAt, version: draw.version });
      await this.repo.setTableStatus(tx, table.id, 'tiebreak');
      const notice = tiebreakNotice({ challengeId: table.challengeId, tiebreakId: tb.id, tableId: table.id, gameId: game.id, closesAt });
      const notices = players.map((userId) => ({ userId, ...notice, dedupeKey: `tiebreak:${tb.id}` }));
      await this.repo.notify(tx, notices);
      effects.push({ kind: 'tiebreak-close', tiebreakId: tb.id, version: draw.version, at: closesAt });
      effects.push(say.tiebreakOpen(tb, draw, game.id, await this.tableRooms(tx, table, game.id)));
      effects.push(...notices.map(say.noticeEmit));
      return;
    }
    await this.writeResult(tx, round, table, state, outcome, final, effects);
  }

  private async writeResult(tx: Tx, round: Round, table: ChallengeTable, state: GameState, outcome: TableOutcome & { kind: 'decided' }, final: boolean, effects: Effect[]): Promise<void> {
    const seats = await this.repo.seats(tx, table.id);
    const result = seatResults(outcome, new Map(seats.map((s) => [s.seat, s.userId])), state, final);
    if (!(await this.repo.finishTable(tx, table.id, result, state.endedBy, this.time.now()))) return;
    effects.push(
      say.tableResult(
        { challengeId: table.challengeId, roundId: round.id, round: round.number, tableId: table.id, table: table.index, endedBy: state.endedBy, final, result },
        seats.map((s) => s.userId),
      ),
    );
    await this.afterTableDecided(tx, round, effects);
  }

  /** When the round's last table is decided: the next round after the break, or the challenge's results. */
  private async afterTableDecided(tx: Tx, round: Round, effects: Effect[]): Promise<void> {
    if ((await this.repo.openTables(tx, round.id)) > 0) return;
    await this.repo.finishRound(tx, round.id, this.time.now());
    const { challenge, final } = await this.repo.roundInfo(tx, round);
    const end = roundEnd(final, this.time.now(), challenge.breakSeconds);
    switch (end.kind) {
      case 'complete':
        await this.complete(tx, challenge, effects);
        effects.push(say.roundFinished(challenge.id, round, null));
        return;
      case 'next-round': {
        const next = await this.repo.nextRound(tx, challenge.id, round.number + 1, end.startsAt);
        const startsAt = next.startsAt ?? end.startsAt;
        effects.push({ kind: 'round-start', roundId: next.id, at: startsAt });
        effects.push(say.roundFinished(challenge.id, round, { roundId: next.id, round: next.number, startsAt }));
        return;
      }
    }
  }

  // ------------------------------------------------------------------ rounds

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

  /** The 30-minute hard stop (SPEC 3.4): every table still playing ends now, the hand in progress void, places by score. */
  async hardStop(roundId: string, now = this.time.now()): Promise<void> {
    const effects: Effect[] = [];
    await this.repo.transaction(async (tx) => {
      const round = await this.repo.lockChallengeRound(tx, roundId);
      if (!round || round.status !== 'running') return;
      if (firedEarly(round.hardStopAt, now)) {
        effects.push({ kind: 'hard-stop', roundId, at: round.hardStopAt!, again: true }); // fired early (clock skew): wait
        return;
      }
      const tables = await this.repo.playingTables(tx, roundId);
      effects.push(say.roundHardStop(round.challengeId, round, now, tables));
      for (const table of tables) {
        const game = await this.repo.currentGame(tx, table.id, true);
        if (game && game.status === 'playing') {
          const stopped = engineHardStop(game.state as unknown as GameState);
          if (!stopped.ok) throw new Error(`hard stop of game ${game.id}: ${stopped.error.message}`);
          await this.games.saveSystemChange(tx, game, stopped.state);
          effects.push(...gameViewEmits(game, stopped.state, await this.repo.seatRows(tx, table.id), null));
          await this.repo.audit(tx, { action: 'game.hard-stop', entityType: 'game', entityId: game.id, reason: '30-minute round limit', data: { roundId, scores: stopped.state.scores } });
        }
        await this.decideInTx(tx, round, table, effects);
      }
    });
    await this.settle(effects);
  }

  // ------------------------------------------------------------------ tiebreaks

  async tiebreakView(tiebreakId: string): Promise<TiebreakPublicView & { id: string; tableId: string | null; closesAt: string; decided: boolean }> {
    const tb = await this.repo.tiebreak(tiebreakId);
    if (!tb) throw notFound('Tiebreak', tiebreakId);
    return { id: tb.id, tableId: tb.tableId, closesAt: tb.closesAt.toISOString(), decided: tb.decidedAt !== null, ...tiebreakPublicView(tb.state as unknown as TiebreakState) };
  }

  /** A tied player takes the face-down tile at `position` while the 5-second window is open. */
  async pickTile(userId: string, tiebreakId: string, position: number, now = this.time.now()): Promise<TiebreakPublicView> {
    const effects: Effect[] = [];
    // The window the player picked in: the draw as it was when the pick arrived, before waiting for
    // its lock. A close holding the lock may settle that window and open the next one (a split, or no
    // winner); the pick, made in the window that closed, must not be counted in the new one.
    const seen = await this.repo.tiebreak(tiebreakId);
    const seenRound = seen ? (seen.state as unknown as TiebreakState).round : null;
    // Where the pick is told (its table's rooms), read before the draw's lock, so that the lock, for which every pick of the
    // draw waits in turn, is held for the pick alone. A table's seats and game do not change while its draw is open (a void
    // closes the draw first; a pick then finds it closed and tells nobody).
    const audience = seen?.tableId ? await this.repo.tableAudience(seen.tableId) : null;
    const view = await this.repo.transaction(async (tx) => {
      const tb = await this.repo.lockTiebreak(tx, tiebreakId);
      if (!tb) throw notFound('Tiebreak', tiebreakId);
      const current = tb.state as unknown as TiebreakState;
      switch (pickDecision({ state: current, decided: tb.decidedAt !== null, closesAt: tb.closesAt }, { userId, position, seenRound }, now)) {
        case 'answer-again': // the same pick again (a retry after a lost answer, HTTP or socket): answered, not applied twice
          return { view: tiebreakPublicView(current), complete: false };
        case 'window-closed':
          throw new AppError('DRAW_CLOSED', 'The picking window of this draw is closed', { closesAt: tb.closesAt.toISOString() });
        case 'pick':
          break;
      }
      const next = drawPick(current, userId, position);
      if (isTiebreakError(next)) {
        throw new AppError(next.code, next.message);
      }
      await this.repo.updateTiebreak(tx, tb.id, next);
      if (tb.tableId) {
        const rooms = audience
          ? say.tableRooms(tb.challengeId, audience.gameId, audience.seats.map((s) => s.userId))
          : await this.tableRooms(tx, (await this.repo.table(tx, tb.tableId))!);
        effects.push(say.tiebreakPicked(rooms, { id: tb.id, tableId: tb.tableId }, next, userId, position));
      }
      return { view: tiebreakPublicView(next), complete: everyonePicked(next) };
    });
    await this.queue.run(effects);
    // The last pick of the window: nothing is left to wait for, so the window closes now (SPEC 2),
    // in its own transaction under the lock order (challenge, round, draw). The window's timer may
    // race it: whichever takes the locks second finds the window closed and changes nothing. Should
    // this close fail, the timer still closes the window at its end.
    if (view.complete) await this.guarded(`close of draw ${tiebreakId} after its last pick`, () => this.closeTiebreak(tiebreakId, now));
    return view.view;
  }

  /** A follow-up step taken at once that a queued timer also covers: its failure is logged, not thrown at the caller. */
  private async guarded(what: string, step: () => Promise<unknown>): Promise<void> {
    try {
      await step();
    } catch (err) {
      this.logger.warn(`${what} failed (${(err as Error).message}); its queued timer takes it`);
    }
  }

  /**
   * Queues what a step made due, after its commit. A next round due now (the challenge has no
   * break between rounds) is seated at once in its own transaction instead of waiting for the
   * worker to pick up its job; the job stays queued and finds the round seated.
   */
  private async settle(effects: readonly Effect[]): Promise<void> {
    await this.queue.run(effects);
    const now = this.time.now();
    for (const e of effects) {
      if (e.kind === 'round-start' && !e.again && seatNow(e.at, now)) await this.guarded(`seating of round ${e.roundId}`, () => this.startRound(e.roundId, now));
    }
  }

  /** The window closed: unpicked tiles are picked at random; a winner settles the table, a split or none draws again. */
  async closeTiebreak(tiebreakId: string, now = this.time.now()): Promise<void> {
    const effects: Effect[] = [];
    await this.repo.transaction(async (tx) => {
      const tableId = await this.repo.tiebreakTable(tx, tiebreakId);
      const table0 = tableId ? await this.repo.table(tx, tableId) : null;
      if (!table0) return;
      const round = await this.repo.lockChallengeRound(tx, table0.roundId);
      const tb = await this.repo.lockTiebreak(tx, tiebreakId);
      // Only in a running round: a cancel finishes the rounds and leaves their draws open; a close
      // job due after it would otherwise settle the table and carry the cancelled challenge on.
      if (!round || round.status !== 'running' || !tb || tb.decidedAt) return;
      // Whichever window's job this is, only the current window counts: over, or every tied player
      // has picked → close it; otherwise wait for its end.
      if (drawCloseDecision({ state: tb.state as unknown as TiebreakState, closesAt: tb.closesAt }, now) === 'wait') {
        effects.push({ kind: 'tiebreak-close', tiebreakId, version: tb.version, at: tb.closesAt, again: true });
        return;
      }
      const closed = closePicks(tb.state as unknown as TiebreakState);
      if (isTiebreakError(closed)) throw new Error(`tiebreak ${tiebreakId}: ${closed.code}`);
      const result = drawResult(closed);
      const gameId = (await this.repo.currentGame(tx, table0.id))?.id ?? null;
      const rooms = await this.tableRooms(tx, table0, gameId);
      effects.push(say.tiebreakReveal(rooms, { id: tiebreakId, tableId: table0.id, challengeId: table0.challengeId }, closed, result ? [...result.winners, ...result.rest] : null));
      if (!result) {
        const closesAt = new Date(now.getTime() + PICK_WINDOW_MS);
        await this.repo.updateTiebreak(tx, tb.id, closed, { closesAt });
        effects.push({ kind: 'tiebreak-close', tiebreakId, version: closed.version, at: closesAt });
        effects.push(say.tiebreakOpen({ ...tb, closesAt }, closed, gameId, rooms));
        return;
      }
      await this.repo.updateTiebreak(tx, tb.id, closed, { decidedAt: now });
      const table = await this.repo.table(tx, table0.id);
      const game = await this.repo.currentGame(tx, table0.id);
      if (!table || table.status !== 'tiebreak' || !game) return;
      const gameState = game.state as unknown as GameState;
      const seats = await this.repo.seats(tx, table.id);
      const seatOf = new Map(seats.map((s) => [s.userId, s.seat]));
      const group = (tb.players as string[]).map((u) => seatOf.get(u)!);
      const { final } = await this.repo.roundInfo(tx, round);
      const outcome = orderAfterDraw(tablePlaces(gameState), group, result.winners.map((u) => seatOf.get(u)!), final);
      if (outcome.kind !== 'decided') return;
      await this.writeResult(tx, round, table, gameState, outcome, final, effects);
    });
    await this.settle(effects);
  }

  // ------------------------------------------------------------------ results

  /** Placements, ranking points and prizes of every player, written once (SPEC 3.6). */
  private async complete(tx: Tx, challenge: Challenge, effects: Effect[]): Promise<void> {
    const stored = challenge.bracket as unknown as StoredBracket;
    const exits = exitsOf(await this.repo.roundsWithResults(tx, challenge.id), stored.bracket.rounds);
    const split = isPrizeSplit(challenge.prizeSplit) ? challenge.prizeSplit : DEFAULT_PRIZE_SPLIT;
    const awards = challengeAwards(stored.bracket.rounds, exits, challenge.prizePoolCents, split);
    if (isPointsError(awards)) throw new Error(`awards of ${challenge.id}: ${awards.code} ${awards.message}`);
    await this.repo.writePlacements(tx, challenge.id, placementsOf(awards, await this.registrations.disqualified(tx, challenge.id)));
    await this.repo.markCompleted(tx, challenge.id, this.time.now());
    await this.repo.notify(tx, say.resultNotices(challenge.id, awards));
    await this.repo.audit(tx, { action: 'challenge.completed', entityType: 'challenge', entityId: challenge.id, data: { players: awards.length } });
    // Same transaction: the season's stored standings (or the WDC entry of an NDT champion).
    await this.seasons.afterChallengeCompleted(tx, await this.repo.challenge(tx, challenge.id), effects);
  }

  // ------------------------------------------------------------------ director acts (reason required, audited)

  /**
   * SPEC 7: whoever plays in a challenge — registered or waitlisted in it, or seated at any of its
   * tables — never directs it, whatever roles they hold (an admin included). Every director act on
   * the challenge asks this first, inside its transaction, before writing anything.
   */
  async assertNotPlayingIn(tx: Tx, challengeId: string, actorId: string): Promise<void> {
    const [entered, seated] = await Promise.all([this.registrations.isEntered(tx, challengeId, actorId), this.repo.isSeated(tx, challengeId, actorId)]);
    if (entered || seated) {
      throw new AppError('OWN_CHALLENGE', 'You play in this challenge, so you may not direct it: another director must act', { challengeId });
    }
  }

  /**
   * SPEC 7 Decision (conflicts): a member of staff who plays in a challenge files no conduct
   * violation or sanction against anyone in it, nor revokes one, while it runs (not completed or
   * cancelled) — whatever the request names: the check follows the two people, not the ids.
   */
  async assertNotPlayingWith(tx: Tx, actorId: string, userId: string): Promise<void> {
    const challengeId = await this.repo.sharedOpenChallenge(tx, actorId, userId);
    if (challengeId) {
      throw new AppError('OWN_CHALLENGE', 'You play in this challenge, and so does this player: while it runs you may not file or revoke their sanctions; another director must act', { challengeId });
    }
  }

  /**
   * SPEC 7, both rules of a director act on a challenge, inside its transaction before any write:
   * the actor does not play in it (OWN_CHALLENGE), and directs its city (NOT_YOUR_CITY; admins
   * direct everywhere).
   */
  async assertMayDirect(tx: Tx, challengeId: string, actorId: string): Promise<void> {
    await this.assertNotPlayingIn(tx, challengeId, actorId);
    await assertDirectsChallenge(tx, actorId, challengeId);
  }

  /** Cancels a challenge that has not completed: games in progress end, nobody is placed, every registrant is told why. */
  async cancel(actorId: string, challengeId: string, reason: string): Promise<void> {
    const effects: Effect[] = [];
    await this.repo.transaction(async (tx) => {
      const ch = await this.repo.lockChallenge(tx, challengeId);
      if (!ch) throw notFound('Challenge', challengeId);
      await this.assertMayDirect(tx, challengeId, actorId);
      if (ch.status === 'completed' || ch.status === 'cancelled') {
        throw new AppError('CHALLENGE_CLOSED', `The challenge is already ${ch.status}`);
      }
      for (const { id } of await this.repo.playingGames(tx, challengeId)) {
        const game = (await this.repo.lockGame(tx, id))!;
        const stopped = engineHardStop(game.state as unknown as GameState, 'void');
        if (stopped.ok) {
          await this.games.saveSystemChange(tx, game, stopped.state);
          effects.push(...gameViewEmits(game, stopped.state, game.tableId ? await this.repo.seatRows(tx, game.tableId) : [], null));
        }
      }
      await this.repo.finishOpenRounds(tx, challengeId, this.time.now());
      await this.repo.cancel(tx, challengeId, reason);
      const regs = await this.registrations.entrants(tx, challengeId);
      await this.repo.notify(tx, say.cancelledNotices(ch, regs.map((r) => r.userId), reason, 'director'));
      await this.repo.audit(tx, { actorId, action: 'challenge.cancelled', entityType: 'challenge', entityId: challengeId, reason, data: { from: ch.status } });
    });
    await this.queue.run(effects);
  }

  /**
   * Disqualifies a player: they forfeit the table they sit at now (placed last there) and any
   * later one, and earn no ranking points or prize from this challenge.
   */
  async disqualify(actorId: string, challengeId: string, userId: string, reason: string): Promise<void> {
    const effects = await this.repo.transaction((tx) => this.disqualifyIn(tx, actorId, challengeId, userId, reason));
    await this.queue.run(effects);
  }

  /**
   * The disqualification inside the caller's transaction (a conduct filing writes it together with
   * its violation). Locks the challenge row first, as every challenge step does. Throws before any
   * write when the player cannot be disqualified (ALREADY_DISQUALIFIED among them). The returned
   * effects are for `ChallengeQueue.run` once the caller's transaction has committed, never before.
   */
  async disqualifyIn(tx: Tx, actorId: string, challengeId: string, userId: string, reason: string): Promise<Effect[]> {
    const effects: Effect[] = [];
    const ch = await this.repo.lockChallenge(tx, challengeId);
    if (!ch) throw notFound('Challenge', challengeId);
    await this.assertMayDirect(tx, challengeId, actorId);
    if (ch.status === 'completed' || ch.status === 'cancelled') {
      throw new AppError('CHALLENGE_CLOSED', `The challenge is already ${ch.status}`);
    }
    const marked = await this.registrations.disqualify(tx, challengeId, userId, reason, this.time.now());
    if (marked === 'not_registered') throw new AppError('NOT_REGISTERED', 'This player is not in the challenge');
    if (marked === 'already') throw new AppError('ALREADY_DISQUALIFIED', 'This player is already disqualified');
    const seat = await this.repo.playingSeat(tx, challengeId, userId);
    if (seat) {
      const g = await this.repo.currentGame(tx, seat.tableId, true);
      if (g && g.status === 'playing') {
        const after = await this.forfeitSeat(tx, g, seat.seat, actorId);
        let deadline: Date | null = null;
        if (after.status === 'finished') effects.push({ kind: 'table-decide', tableId: seat.tableId });
        else if (after.version !== g.version) {
          // the turn may have passed: the new version's clock starts now
          deadline = new Date(this.time.now().getTime() + (await this.clock.turnMs(seat.tableId, tx)));
          effects.push({ kind: 'turn-clock', gameId: after.id, version: after.version, attempt: 0, at: deadline });
        }
        if (after.version !== g.version) {
          effects.push(...gameViewEmits(after, after.state as unknown as GameState, await this.repo.seatRows(tx, seat.tableId), deadline));
        }
      }
    }
    await this.repo.notify(tx, [say.disqualifiedNotice(challengeId, userId, reason)]);
    await this.repo.audit(tx, { actorId, action: 'challenge.player-disqualified', entityType: 'challenge', entityId: challengeId, reason, data: { userId, tableId: seat?.tableId ?? null } });
    effects.push(say.playerDisqualified(challengeId, userId, await this.repo.displayName(tx, userId), seat?.tableId ?? null, reason));
    return effects;
  }

  /** Voids a table's game that is not decided yet and deals a new one (a replay): the old game and its log stay on record. */
  async voidTable(actorId: string, tableId: string, reason: string): Promise<{ gameId: string }> {
    const effects: Effect[] = [];
    const out = await this.repo.transaction(async (tx) => {
      const t0 = await this.repo.table(tx, tableId);
      if (!t0) throw notFound('Table', tableId);
      const round = (await this.repo.lockChallengeRound(tx, t0.roundId))!;
      await this.assertMayDirect(tx, t0.challengeId, actorId);
      const table = (await this.repo.tableWithSeats(tx, tableId))!;
      if (round.status !== 'running' || table.status === 'finished') {
        throw new AppError('TABLE_DECIDED', 'Only a table still playing (or in its tiebreak) can be voided and replayed');
      }
      const old = await this.repo.currentGame(tx, tableId, true);
      if (old && old.status === 'playing') {
        const stopped = engineHardStop(old.state as unknown as GameState, 'void');
        if (stopped.ok) await this.games.saveSystemChange(tx, old, stopped.state);
      }
      await this.repo.closeOpenTiebreaks(tx, tableId, this.time.now());
      await this.repo.setTableStatus(tx, tableId, 'playing');
      const dq = await this.registrations.disqualified(tx, table.challengeId);
      let game = await this.games.createTournamentGame(tx, tableId, table.seats.length);
      for (const s of table.seats) if (dq.has(s.userId)) game = await this.forfeitSeat(tx, game, s.seat, actorId);
      if (game.status === 'finished') effects.push({ kind: 'table-decide', tableId });
      await this.repo.audit(tx, { actorId, action: 'table.voided', entityType: 'table', entityId: tableId, reason, data: { voidedGameId: old?.id ?? null, newGameId: game.id } });
      effects.push(
        say.tableVoided(
          { challengeId: table.challengeId, roundId: round.id, round: round.number, tableId, table: table.index, voidedGameId: old?.id ?? null, gameId: game.id, reason },
          table.seats.map((s) => s.userId),
        ),
      );
      return { gameId: game.id };
    });
    await this.queue.run(effects);
    return out;
  }

  /**
   * Corrects a table's result: the director gives the order of its players (1st first). Allowed
   * until the next round is seated; at the final table, also after completion (the placements,
   * points and prizes are recomputed in the same transaction).
   */
  async correctResult(actorId: string, tableId: string, order: string[], reason: string): Promise<void> {
    const effects: Effect[] = [];
    await this.repo.transaction(async (tx) => {
      const t0 = await this.repo.table(tx, tableId);
      if (!t0) throw notFound('Table', tableId);
      const round = (await this.repo.lockChallengeRound(tx, t0.roundId))!;
      await this.assertMayDirect(tx, t0.challengeId, actorId);
      const table = (await this.repo.tableWithSeats(tx, tableId))!;
      // Read under the challenge's lock: a cancel committed before this correction took it left the
      // tables undecided; deciding one would carry the cancelled challenge on into its next round.
      const { challenge, final } = await this.repo.roundInfo(tx, round);
      const ids = table.seats.map((s) => s.userId);
      const refused = correctionRefusal({ challengeStatus: challenge.status, order, players: ids });
      if (refused) throw correctionError(refused);
      const next = await this.repo.roundByNumber(tx, challenge.id, round.number + 1);
      const seated = correctionRefusal({ challengeStatus: challenge.status, order, players: ids, nextRound: next?.status ?? null });
      if (seated) throw correctionError(seated);
      const game = await this.repo.currentGame(tx, tableId, true);
      const seatOf = new Map(table.seats.map((s) => [s.userId, s.seat]));
      // Disqualified players (read under the challenge's lock, which a disqualification takes too) and
      // forfeited seats stay last: a correction never hands one of them a slot or a place.
      const forfeited = (game?.state as unknown as GameState | undefined)?.forfeited ?? [];
      const disqualified = await this.registrations.disqualified(tx, challenge.id, ids);
      const behind = outOfPlayRefusal(order, new Set([...disqualified, ...ids.filter((id) => forfeited[seatOf.get(id)!])]));
      if (behind) throw correctionError(behind);
      if (game && game.status === 'playing') {
        const stopped = engineHardStop(game.state as unknown as GameState);
        if (stopped.ok) await this.games.saveSystemChange(tx, game, stopped.state);
      }
      const state = ((await this.repo.currentGame(tx, tableId))?.state ?? null) as unknown as GameState | null;
      const before = table.result;
      const result = correctedResults(order, seatOf, state, final);
      const endedBy = table.endedBy ?? 'director';
      await this.repo.closeOpenTiebreaks(tx, tableId, this.time.now());
      await this.repo.correctTable(tx, tableId, result, endedBy, this.time.now());
      await this.repo.audit(tx, { actorId, action: 'table.result-corrected', entityType: 'table', entityId: tableId, reason, data: { before, after: result } });
      effects.push(
        say.tableResult(
          { challengeId: table.challengeId, roundId: round.id, round: round.number, tableId, table: table.index, endedBy, final, result },
          table.seats.map((s) => s.userId),
          { reason },
        ),
      );
      if (final && challenge.status === 'completed') {
        await this.repo.reopenForCorrection(tx, challenge.id);
        await this.complete(tx, await this.repo.challenge(tx, challenge.id), effects);
      } else if (table.status !== 'finished') {
        await this.afterTableDecided(tx, round, effects);
      }
    });
    await this.settle(effects);
  }

  /** Applies a forfeit for `seat` (SPEC 1.7) as a logged action of the system or a director. */
  private async forfeitSeat(tx: Tx, game: Game, seat: number, actorId: string | null): Promise<Game> {
    const state = game.state as unknown as GameState;
    if (state.finished || state.forfeited[seat]) return game;
    const r = engineApply(state, { seat, type: 'forfeit' });
    if (!r.ok) throw new Error(`forfeit of seat ${seat} in game ${game.id}: ${r.error.message}`);
    return this.games.saveAction(tx, game, r.state, { seat, userId: actorId, action: { seat, type: 'forfeit' }, decisionMs: null });
  }

  // ------------------------------------------------------------------ recovery

  /** Re-queues every timer the database says is due (after a crash between a commit and its queueing). */
  async recover(): Promise<number> {
    const effects: Effect[] = [];
    const due = await this.repo.dueTimers();
    for (const r of due.running) if (r.hardStopAt) effects.push({ kind: 'hard-stop', roundId: r.id, at: r.hardStopAt });
    for (const r of due.pending) effects.push({ kind: 'round-start', roundId: r.id, at: r.startsAt ?? this.time.now() });
    for (const t of due.undecided) effects.push({ kind: 'table-decide', tableId: t.id });
    for (const d of due.draws) effects.push({ kind: 'tiebreak-close', tiebreakId: d.id, version: d.version, at: d.closesAt });
    effects.push(...(await this.clock.recover()));
    await this.queue.run(effects);
    return effects.length;
  }

  /** Where a table's live events go: its challenge room, its game's room and every seat's user room. */
  private async tableRooms(tx: Tx, table: Pick<ChallengeTable, 'id' | 'challengeId'>, gameId?: string | null): Promise<string[]> {
    const seats = await this.repo.seatRows(tx, table.id);
    const game = gameId === undefined ? ((await this.repo.currentGame(tx, table.id))?.id ?? null) : gameId;
    return say.tableRooms(table.challengeId, game, seats.map((s) => s.userId));
  }
}

/** A refused correction as the error the director sees. */
function correctionError(r: CorrectionRefusal): AppError {
  switch (r.code) {
    case 'CHALLENGE_CLOSED':
      return new AppError('CHALLENGE_CLOSED', 'The challenge is cancelled: its results can no longer change');
    case 'BAD_ORDER':
      return new AppError('BAD_ORDER', 'The order must list every player of the table exactly once');
    case 'ROUND_SEATED':
      return new AppError('ROUND_SEATED', 'The next round is already seated; this result can no longer change');
    case 'PLAYER_DISQUALIFIED':
      return new AppError(
        'PLAYER_DISQUALIFIED',
        `Player ${r.userId} is disqualified or forfeited at this table and must be placed below every player still in play`,
        { userId: r.userId },
      );
  }
}

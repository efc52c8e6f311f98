import { Injectable, Logger } from '@nestjs/common';
import { randomBytes, randomInt } from 'node:crypto';
import type { BotLevel, Currency, Game, HousePurpose, HouseSeat, Prisma, WorkoutKind } from '@dcs/db';
import { apply as engineApply, currentHand, resolveConfig, type GameState } from '@dcs/engine';
import { AppConfig, AppError, notFound } from '@dcs/common';
import { TournamentClock } from '../tournament-clock';
import {
  botTurnDraw,
  botWaitMs,
  checkTable,
  DUMBBELLS_TO_FORFEIT,
  felonyClearedAt,
  FELONY_FINE,
  holdOf,
  hostClockMs,
  invitationCode,
  isCitizensTable,
  jarPayout,
  mayExpunge,
  netOf,
  runOutPenalty,
  seatClockMs,
  settlePayments,
  splitFine,
  stakeCurrency,
  ticketServedAt,
  countsForWelcomeGrant,
  welcomeGrantStatus,
  WELCOME_GRANT_GAMES,
  TOURNAMENT_RUNOUTS_FOR_FELONY,
  TOURNAMENT_TICKET_FINE,
  weekStartUtc,
  workoutOwed,
  type HouseRuleset,
  type TableRequest,
} from '@dcs/house';
import { ChallengeQueue, Effect } from '../challenge-queue';
import { GamesRepository, Tx } from '../games.repository';
import { GameStore } from '../games/game.store';
import { gameViewEmits, liveEmit, liveRooms } from '../live-emitter';
import { HouseRepository, SettledGame, TableWithSeats } from './house.repository';
import { CommissaryService } from './commissary.service';
import { insufficientFunds, WalletRepository } from './wallet.repository';

export interface OpenTableInput {
  ruleset: HouseRuleset;
  seats: number;
  partners?: boolean;
  purpose: HousePurpose;
  stake?: number;
  ticketFine?: number;
  /** ms; null: off; absent: the default */
  clockMs?: number | null;
  settings?: Record<string, unknown>;
  workoutKind?: WorkoutKind;
  listed?: boolean;
  computers?: BotLevel[];
}

const SERIALIZATION = new Set(['P2034', '40001', '40P01']);

/**
 * House tables (SPEC 8): opening, seats, the deal with its holds, run-outs and their penalties,
 * computer seats' turns, and the settlement. Every money fact goes through WalletRepository with
 * a dedupe key, inside the transaction that makes it true, so a retried job or request changes
 * nothing twice.
 */
@Injectable()
export class HouseService {
  private readonly logger = new Logger(HouseService.name);

  constructor(
    private readonly repo: HouseRepository,
    private readonly wallets: WalletRepository,
    private readonly games: GamesRepository,
    private readonly store: GameStore,
    private readonly queue: ChallengeQueue,
    private readonly config: AppConfig,
    private readonly clock: TournamentClock,
    private readonly commissary: CommissaryService,
  ) {}

  /** Runs `fn` in a transaction, retried on serialization failures and deadlocks (bounded). */
  private async tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.repo.transaction(fn, { timeout: 20_000 });
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        if (attempt < 5 && (SERIALIZATION.has(code) || /deadlock detected|could not serialize/.test((err as Error).message))) continue;
        throw err;
      }
    }
  }

  /** A time of the injected clock as a time of the queue (BullMQ delays run on the machine's clock): tests move the clock, the delay follows. */
  private queueAt(at: Date): Date {
    return new Date(Date.now() + (at.getTime() - this.clock.now().getTime()));
  }

  // ------------------------------------------------------------ tables

  async open(hostId: string, input: OpenTableInput): Promise<TableWithSeats> {
    const computers = input.computers ?? [];
    const req: TableRequest = {
      ruleset: input.ruleset,
      seats: input.seats,
      partners: input.partners ?? false,
      purpose: input.purpose,
      stake: input.stake ?? 0,
      ticketFine: input.ticketFine ?? 0,
      clockMs: input.clockMs,
      // Each setting is optional (SPEC 1.6): a key present but undefined (a DTO's unset property) is absent, so the ruleset's default applies.
      settings: Object.fromEntries(Object.entries(input.settings ?? {}).filter(([, v]) => v !== undefined)),
      workoutKind: input.workoutKind ?? 'reps',
      computerSeats: computers.length,
    };
    const problem = checkTable(req);
    if (problem?.code === 'STAKE_TOO_HIGH') throw new AppError('STAKE_TOO_HIGH', problem.message);
    if (problem) throw new AppError('INVALID_SETTINGS', problem.message);
    const resolved = resolveConfig({ ruleset: req.ruleset, settings: req.settings, players: req.seats, partners: req.partners });
    if (!resolved.ok) throw new AppError('INVALID_SETTINGS', resolved.error.message);
    const currency = req.purpose === 'stake' ? stakeCurrency(req.ruleset) : null;
    const id = await this.tx(async (tx) => {
      if (currency) await this.checkStakePlayer(tx, hostId, currency, req.stake);
      const t = await this.repo.createTable(tx, {
        hostId,
        ruleset: req.ruleset,
        settings: resolved.config.settings as unknown as Prisma.InputJsonValue,
        seats: req.seats,
        partners: req.partners,
        purpose: req.purpose,
        currency,
        stake: req.stake,
        ticketFine: req.ticketFine,
        hostClockMs: hostClockMs(req),
        workoutKind: req.workoutKind,
        listed: input.listed ?? true,
        inviteCode: invitationCode(() => randomInt(0, 1 << 30) / (1 << 30)),
        botSeed: randomBytes(16).toString('hex'),
        seatsTaken: { create: [{ seat: 0, userId: hostId }, ...computers.map((botLevel, i) => ({ seat: i + 1, botLevel }))] },
      });
      return t.id;
    });
    return this.startIfFull(id);
  }

  async get(id: string): Promise<TableWithSeats> {
    const t = await this.repo.table(id);
    if (!t) throw notFound('House table', id);
    return t;
  }

  /** The settlement of the table's game once it is settled (null before, and once a rematch reopens the table). */
  settlementOf(t: Pick<TableWithSeats, 'status' | 'currentGameId'>): Promise<SettledGame | null> {
    return t.status === 'finished' && t.currentGameId ? this.repo.settlement(t.currentGameId) : Promise.resolve(null);
  }

  lobby(limit: number, before?: { createdAt: Date; id: string }) {
    return this.repo.lobby(limit, before);
  }

  async tableByCode(code: string): Promise<string> {
    const t = await this.repo.byCode(code.toUpperCase());
    if (!t) throw new AppError('NOT_FOUND', 'No table has that invitation code');
    return t.id;
  }

  /**
   * Takes a seat (the lowest free one, or the one asked for); the table deals once it is full. An unlisted
   * table takes its invitation code: without it (or with another) it answers as an id that names no table.
   */
  async join(userId: string, tableId: string, seat?: number, code?: string): Promise<TableWithSeats> {
    await this.tx(async (tx) => {
      const t = await this.repo.lockTable(tx, tableId);
      if (!t) throw notFound('House table', tableId);
      const seated = t.seatsTaken.some((s) => s.userId === userId);
      if (!t.listed && !seated && t.hostId !== userId && code?.toUpperCase() !== t.inviteCode) throw notFound('House table', tableId);
      if (t.status !== 'open') throw new AppError('TABLE_NOT_OPEN', 'This table is not taking players');
      if (seated) throw new AppError('ALREADY_SEATED', 'You already have a seat at this table');
      const free = this.freeSeat(t, seat);
      if (t.purpose === 'stake') await this.checkStakePlayer(tx, userId, t.currency!, t.stake);
      await this.repo.addSeat(tx, { tableId, seat: free, userId });
    });
    return this.startIfFull(tableId);
  }

  /** The host gives an empty seat to a computer player. */
  async addComputer(userId: string, tableId: string, level: BotLevel, seat?: number): Promise<TableWithSeats> {
    await this.tx(async (tx) => {
      const t = await this.repo.lockTable(tx, tableId);
      if (!t) throw notFound('House table', tableId);
      if (t.hostId !== userId) throw new AppError('NOT_HOST', 'Only the host seats computer players');
      if (t.status !== 'open') throw new AppError('TABLE_NOT_OPEN', 'This table is not taking players');
      await this.repo.addSeat(tx, { tableId, seat: this.freeSeat(t, seat), botLevel: level });
    });
    return this.startIfFull(tableId);
  }

  /** Leaves before the deal (the host's leaving closes the table). After the deal, leaving is a forfeit. */
  async leave(userId: string, tableId: string): Promise<TableWithSeats> {
    const forfeitGame = await this.tx(async (tx) => {
      const t = await this.repo.lockTable(tx, tableId);
      if (!t) throw notFound('House table', tableId);
      const mine = t.seatsTaken.find((s) => s.userId === userId);
      if (!mine) throw new AppError('NOT_SEATED', 'You have no seat at this table');
      if (t.status === 'playing') return { gameId: t.currentGameId!, seat: mine.seat };
      if (t.status !== 'open') throw new AppError('TABLE_NOT_OPEN', 'This table has finished');
      if (t.hostId === userId) {
        await this.repo.setStatus(tx, tableId, 'closed');
      } else {
        await this.repo.removeSeat(tx, mine.id);
      }
      return null;
    });
    if (forfeitGame) await this.forfeitSeat(forfeitGame.gameId, forfeitGame.seat);
    return this.get(tableId);
  }

  /** A seated player gives up the game in progress: they pay as if skunked (SPEC 8.1). */
  async forfeit(userId: string, tableId: string): Promise<TableWithSeats> {
    const t = await this.get(tableId);
    const mine = t.seatsTaken.find((s) => s.userId === userId);
    if (!mine) throw new AppError('NOT_SEATED', 'You have no seat at this table');
    if (t.status !== 'playing' || !t.currentGameId) throw new AppError('TABLE_NOT_PLAYING', 'There is no game in progress at this table');
    await this.forfeitSeat(t.currentGameId, mine.seat);
    return this.get(tableId);
  }

  /** A seated player asks for another game at the same table once the last one is over: the table reopens with the same seats and deals when all are still there. */
  async rematch(userId: string, tableId: string): Promise<TableWithSeats> {
    await this.tx(async (tx) => {
      const t = await this.repo.lockTable(tx, tableId);
      if (!t) throw notFound('House table', tableId);
      if (!t.seatsTaken.some((s) => s.userId === userId)) throw new AppError('NOT_SEATED', 'You have no seat at this table');
      if (t.status !== 'finished') throw new AppError('TABLE_NOT_FINISHED', 'The game at this table is not over');
      const settled = t.currentGameId ? await this.repo.isSettled(tx, t.currentGameId) : false;
      if (!settled) throw new AppError('TRY_AGAIN', 'The last game is being settled; try again in a moment');
      await this.repo.setStatus(tx, tableId, 'open');
    });
    return this.startIfFull(tableId);
  }

  private freeSeat(t: TableWithSeats, wanted?: number): number {
    const taken = new Set(t.seatsTaken.map((s) => s.seat));
    if (wanted !== undefined) {
      if (wanted < 0 || wanted >= t.seats) throw new AppError('INVALID_SEAT', `Seats are 0 to ${t.seats - 1}`);
      if (taken.has(wanted)) throw new AppError('SEAT_TAKEN', `Seat ${wanted} is taken`);
      return wanted;
    }
    for (let s = 0; s < t.seats; s++) if (!taken.has(s)) return s;
    throw new AppError('TABLE_FULL', 'Every seat at this table is taken');
  }

  /** SPEC 8.7: a stake table needs the 18+ confirmation, no debt, and the worst case (2 × stake) in the wallet. */
  private async checkStakePlayer(tx: Tx, userId: string, currency: Currency, stake: number): Promise<void> {
    const user = await this.repo.adultConfirmation(userId, tx);
    if (!user.adultConfirmedAt) throw new AppError('ADULT_CONFIRMATION_REQUIRED', 'Confirm that you are 18 or older before your first stake table');
    const w = (await this.wallets.lockAll(tx, [userId], currency)).get(userId)!;
    if (w.owed > 0) throw new AppError('DEBT_OUTSTANDING', `You owe ${w.owed} ${currency}: a player with a debt cannot join a stake table`, { owed: w.owed, currency });
    if (w.balance < holdOf(stake)) throw insufficientFunds(currency, { needed: holdOf(stake), balance: w.balance });
  }

  // ------------------------------------------------------------ the deal

  /**
   * Deals when every seat is taken: each human's hold at a stake table (a player who can no longer
   * cover it loses the seat and the table waits), each seat's clock (SPEC 8.3), whether it is a
   * court table, the game, then the first turn's clock and a computer's turn.
   */
  async startIfFull(tableId: string): Promise<TableWithSeats> {
    const effects: Effect[] = [];
    await this.tx(async (tx) => {
      const t = await this.repo.lockTable(tx, tableId);
      if (!t || t.status !== 'open' || t.seatsTaken.length < t.seats) return;
      const humans = t.seatsTaken.filter((s) => s.userId).map((s) => s.userId!);
      if (t.purpose === 'stake') {
        const held = await this.wallets.lockAll(tx, humans, t.currency!);
        const short = humans.filter((u) => held.get(u)!.balance < holdOf(t.stake) || held.get(u)!.owed > 0);
        if (short.length) {
          await this.repo.removeSeatsOf(tx, tableId, short);
          if (short.includes(t.hostId)) await this.repo.setStatus(tx, tableId, 'closed');
          return;
        }
      }
      const users = await this.repo.clockFacts(tx, humans);
      const court = await this.repo.court(humans, tx);
      const game = await this.store.createHouseGame(tx, tableId, {
        ruleset: t.ruleset,
        players: t.seats,
        partners: t.partners,
        settings: t.settings as Record<string, unknown>,
      });
      if (t.purpose === 'stake') {
        for (const u of humans) {
          await this.wallets.post(tx, { userId: u, currency: t.currency!, kind: 'hold', amount: -holdOf(t.stake), houseTableId: tableId, gameId: game.id, dedupeKey: `hold:${game.id}:${u}`, reason: 'the deal: 2 × stake held' });
        }
      }
      for (const s of t.seatsTaken) {
        const u = s.userId ? users.find((x) => x.id === s.userId)! : null;
        const clockMs = seatClockMs({
          ruleset: t.ruleset as HouseRuleset,
          purpose: t.purpose,
          hostClockMs: t.hostClockMs,
          humans: humans.length,
          player: u ? { stakeWins: u.stakeWins, assistiveTech: u.assistiveTech, court: court.get(u.id)!.court } : null,
        });
        await this.repo.setSeatClock(tx, s.id, clockMs);
      }
      const courtTable = [...court.values()].some((c) => c.court !== null);
      await this.repo.markDealt(tx, tableId, game.id, courtTable);
      const seats = await this.repo.seats(tableId, tx);
      effects.push(...this.turnEffects(t, seats, game.id, game.state as unknown as GameState, 0, game.updatedAt));
      // To the people seated only: the table's id never reaches a spectator through an event (an unlisted table's id is its secret).
      if (humans.length) effects.push(liveEmit(humans.map(liveRooms.user), 'house:dealt', { tableId, gameId: game.id }));
    });
    await this.queue.run(effects);
    return this.get(tableId);
  }

  /**
   * The clock of the seat on turn and, for a computer seat, its play after its wait (botPlan) —
   * unless the seed says it runs out its clock this time (SPEC 8.6): then only the clock job comes.
   */
  private turnEffects(t: { botSeed: string }, seats: HouseSeat[], gameId: string, state: GameState, attempt: number, from: Date): Effect[] {
    const plan = this.botPlan(t, seats, gameId, state, attempt);
    if (!plan) return [];
    const out: Effect[] = [];
    if (plan.clockMs !== null) out.push({ kind: 'turn-clock', gameId, version: state.version, attempt, at: new Date(from.getTime() + plan.clockMs) });
    if (plan.waitMs !== null) out.push({ kind: 'house-bot', gameId, version: state.version, attempt, at: new Date(Date.now() + plan.waitMs) });
    return out;
  }

  /**
   * The seat on turn's clock and, for a computer seat, how long it waits before it plays (null: it
   * runs out its clock this time, drawn from its seeded generator). The wait is its think time
   * scaled by HOUSE_BOT_THINK_PERMILLE where a person sits at the table, and none at a table of
   * computers alone (botWaitMs). Null when nobody is on turn.
   */
  private botPlan(t: { botSeed: string }, seats: HouseSeat[], gameId: string, state: GameState, attempt: number): { clockMs: number | null; waitMs: number | null } | null {
    if (state.finished) return null;
    const seat = currentHand(state)?.turn ?? null;
    const s = seat === null ? undefined : seats.find((x) => x.seat === seat);
    if (!s) return null;
    if (!s.botLevel) return { clockMs: s.clockMs, waitMs: null };
    const turn = botTurnDraw(t.botSeed, gameId, state.version, attempt, s.botLevel, s.clockMs ?? 20_000);
    const people = seats.filter((x) => x.userId).length;
    return { clockMs: s.clockMs, waitMs: turn.runOut && s.clockMs !== null ? null : botWaitMs(turn.thinkMs, this.config.HOUSE_BOT_THINK_PERMILLE, people) };
  }

  /**
   * After a move at a house table (the clock job is queued by the move service): a computer seat on
   * turn is queued to play. With `chain` (the mover is the worker playing computer turns) a computer
   * turn due at once is not queued but handed back, for the caller to play in the same job.
   */
  async afterMove(tableId: string, gameId: string, state: GameState, chain = false): Promise<{ version: number; attempt: number } | null> {
    const t = await this.repo.botSeed(tableId);
    if (!t) return null;
    const seats = await this.repo.seats(tableId);
    if (chain && this.botPlan(t, seats, gameId, state, 0)?.waitMs === 0) return { version: state.version, attempt: 0 };
    await this.queue.run(this.turnEffects(t, seats, gameId, state, 0, new Date()).filter((e) => e.kind === 'house-bot'));
    return null;
  }

  /**
   * The turn clock of a house game ran out on `seat` at (version, attempt), inside its transaction: a
   * computer seat whose seeded draw says it plays this turn does not run out, however late its job is
   * (SPEC 8.6: its think time is a number it draws, not a wait it must win). Then its job is queued
   * again (a no-op while it waits in the queue: deterministic id) and the clock records nothing; the
   * move it makes starts the next clock. True: record the run-out (a person, or the draw says so).
   */
  async clockMayRunOut(tx: Tx, game: Pick<Game, 'id' | 'houseTableId' | 'version'>, seat: number, attempt: number, effects: Effect[]): Promise<boolean> {
    const t = await this.repo.botSeat(tx, game.houseTableId!, seat);
    if (!t?.botLevel) return true;
    if (botTurnDraw(t.botSeed, game.id, game.version, attempt, t.botLevel, t.clockMs ?? 20_000).runOut) return true;
    effects.push({ kind: 'house-bot', gameId: game.id, version: game.version, attempt, at: new Date() });
    return false;
  }

  /** A computer seat's seeded draw says it runs out at (version, attempt): its job leaves that turn to the clock. */
  botRunsOut(botSeed: string, gameId: string, version: number, attempt: number, level: BotLevel): boolean {
    return botTurnDraw(botSeed, gameId, version, attempt, level, 20_000).runOut;
  }

  /** The clock of a house game's seat (null: off). */
  async seatClockMs(tableId: string, seat: number): Promise<number | null> {
    const s = await this.repo.seatOf(tableId, seat);
    return s?.clockMs ?? null;
  }

  // ------------------------------------------------------------ run-outs (SPEC 8.3-8.6)

  /**
   * A seat's clock ran out at a house table (called by the turn clock inside its transaction, the
   * run-out already recorded as a GameTimeout). A computer's run-out goes in the jar and may expunge a
   * ticket; a person's is a ticket (with the table's fine at a stake table) or a dumbbell, and the
   * 5th dumbbell in one turn forfeits. The clock starts over; the turn is not skipped.
   */
  async runOut(tx: Tx, game: Game, seat: number, attempt: number, ms: number, now: Date, effects: Effect[]): Promise<'ticket' | 'forfeit'> {
    const t = (await this.repo.lockTable(tx, game.houseTableId!))!;
    const s = t.seatsTaken.find((x) => x.seat === seat)!;
    const ruleset = t.ruleset as HouseRuleset;
    const base = { gameId: game.id, houseTableId: t.id, seat, version: game.version, attempt };
    let penalty: 'ticket' | 'dumbbell' | 'computer' = 'computer';
    let forfeited = false;
    if (!s.userId) {
      await this.repo.fileAdd(tx, { ...base, userId: null, kind: 'computer_timeout', dedupeKey: `run-out:${game.id}:${game.version}:${attempt}` });
      await this.expungeFor(tx, t, game, attempt);
    } else {
      penalty = runOutPenalty(ruleset, t.purpose);
      const fine = penalty === 'ticket' && t.purpose === 'stake' ? t.ticketFine : 0;
      const entry = await this.repo.fileAdd(tx, {
        ...base,
        userId: s.userId,
        kind: penalty,
        fine,
        currency: fine ? t.currency : null,
        expiresAt: penalty === 'ticket' ? ticketServedAt(now) : null,
        dedupeKey: `run-out:${game.id}:${game.version}:${attempt}`,
      });
      if (entry && penalty === 'ticket') {
        effects.push({ kind: 'file-expire', entryId: entry.id, at: entry.expiresAt! });
        if (fine) await this.fine(tx, s.userId, t.currency!, fine, `fine:${entry.id}`, { houseTableId: t.id, gameId: game.id, reason: 'ticket fine (clock run-out)' });
      }
      if (penalty === 'dumbbell') {
        const inTurn = await this.repo.dumbbellsInTurn(tx, game.id, seat, game.version);
        if (inTurn >= DUMBBELLS_TO_FORFEIT) forfeited = true;
      }
    }
    const seats = await this.games.seatsOfGame(game);
    let state = game.state as unknown as GameState;
    let version = game.version;
    if (forfeited) {
      const r = engineApply(state, { seat, type: 'forfeit' });
      if (!r.ok) throw new Error(`forfeit of seat ${seat} in game ${game.id}: ${r.error.message}`);
      await this.store.saveAction(tx, game, r.state, { seat, userId: null, action: { seat, type: 'forfeit' }, decisionMs: null });
      state = r.state;
      version = r.state.version;
      if (state.finished) effects.push({ kind: 'house-settle', gameId: game.id });
      else effects.push(...this.turnEffects(t, t.seatsTaken, game.id, state, 0, now));
      effects.push(...gameViewEmits(game, state, seats, null));
    } else {
      effects.push(...this.turnEffects(t, t.seatsTaken, game.id, state, attempt + 1, now));
    }
    // SPEC 8.4: the penalty and the table to the people seated; to everyone else in the game room only that the clock restarted (docs/realtime.md).
    const fact = { gameId: game.id, seq: version, seat, attempt, forfeited, turnDeadline: forfeited ? null : new Date(now.getTime() + ms).toISOString() };
    const seated = seats.map((x) => liveRooms.user(x.userId));
    if (seated.length) effects.push(liveEmit(seated, 'house:run-out', { ...fact, tableId: t.id, penalty }));
    effects.push(liveEmit([liveRooms.game(game.id)], 'house:run-out', { ...fact, tableId: null, penalty: null }, seated));
    return forfeited ? 'forfeit' : 'ticket';
  }

  /** SPEC 8.6: a computer ran out at a cash table; each person there with no run-out in this game gets one open ticket expunged (once a game), its fine returned. */
  private async expungeFor(tx: Tx, t: TableWithSeats, game: Game, attempt: number): Promise<void> {
    const cash = t.purpose === 'stake' && t.currency === 'DD';
    if (!cash) return;
    for (const s of t.seatsTaken) {
      if (!s.userId) continue;
      const own = await this.repo.ownRunOuts(tx, game.id, s.userId);
      const already = await this.repo.expungedIn(tx, game.id, s.userId);
      const ticket = await this.repo.oldestOpenTicket(tx, s.userId);
      const isCommunityService = ticket?.houseTableId ? isCitizensTable(((await this.repo.rulesetOf(tx, ticket.houseTableId)) ?? 'inmate') as HouseRuleset) : false;
      if (!ticket || !isCommunityService || !mayExpunge({ cashTable: cash, ownTimeoutsInGame: own, expungedInGame: already > 0, openTickets: 1 })) continue;
      // The turn and attempt of the computer's run-out that expunged it: the finished game lists it beside that run-out.
      await this.repo.fileAdd(tx, { userId: s.userId, kind: 'ticket_expunged', closesId: ticket.id, gameId: game.id, houseTableId: t.id, version: game.version, attempt, dedupeKey: `expunge:${game.id}:${s.userId}` });
      if (ticket.fine > 0 && ticket.currency) {
        await this.wallets.post(tx, { userId: s.userId, currency: ticket.currency, kind: 'expunged_fine', amount: ticket.fine, gameId: game.id, houseTableId: t.id, dedupeKey: `expunged-fine:${ticket.id}`, reason: 'ticket expunged: its fine returned' });
      }
    }
  }

  /** A fine: what the balance covers is taken, the rest is owed (SPEC 8.2 Decision). */
  private async fine(tx: Tx, userId: string, currency: Currency, amount: number, dedupeKey: string, meta: { houseTableId?: string; gameId?: string; reason: string }): Promise<void> {
    const w = (await this.wallets.lockAll(tx, [userId], currency)).get(userId)!;
    const { paid, owed } = splitFine(amount, w.balance);
    await this.wallets.post(tx, { userId, currency, kind: 'fine', amount: -paid, owedChange: owed, dedupeKey, ...meta });
  }

  /**
   * A tournament run-out (SPEC 8.4): fined 1,000 DD, no court ticket; the 5th in one game also books
   * a Class F felony (20,000 DD, on file 30 days). Called by the turn clock in its transaction.
   */
  async tournamentRunOut(tx: Tx, gameId: string, userId: string, seat: number, version: number, attempt: number, runOutsInGame: number, now: Date, effects: Effect[]): Promise<void> {
    const entry = await this.repo.fileAdd(tx, { userId, kind: 'ticket', tournament: true, gameId, seat, version, attempt, fine: TOURNAMENT_TICKET_FINE, currency: 'DD', dedupeKey: `run-out:${gameId}:${version}:${attempt}` });
    if (entry) await this.fine(tx, userId, 'DD', TOURNAMENT_TICKET_FINE, `fine:${entry.id}`, { gameId, reason: 'tournament clock run-out' });
    if (runOutsInGame >= TOURNAMENT_RUNOUTS_FOR_FELONY) {
      const felony = await this.repo.fileAdd(tx, { userId, kind: 'felony', tournament: true, gameId, seat, version, fine: FELONY_FINE, currency: 'DD', expiresAt: felonyClearedAt(now), dedupeKey: `felony:${gameId}:${userId}` });
      if (felony) {
        await this.fine(tx, userId, 'DD', FELONY_FINE, `fine:${felony.id}`, { gameId, reason: 'Class F felony: 5 clock run-outs in one tournament game' });
        effects.push({ kind: 'file-expire', entryId: felony.id, at: felony.expiresAt! });
      }
    }
  }

  /** A ticket is served after 7 days, a felony cleared after 30 (idempotent; early jobs wait). */
  async expire(entryId: string): Promise<'served' | 'cleared' | 'noop' | 'wait'> {
    const now = this.clock.now();
    const effects: Effect[] = [];
    const out = await this.tx(async (tx) => {
      const e = await this.repo.fileEntry(tx, entryId);
      if (!e || !e.expiresAt || (e.kind !== 'ticket' && e.kind !== 'felony')) return 'noop' as const;
      if (now.getTime() < e.expiresAt.getTime()) {
        effects.push({ kind: 'file-expire', entryId, at: this.queueAt(e.expiresAt), again: true });
        return 'wait' as const;
      }
      const closed = await this.repo.fileAdd(tx, { userId: e.userId, kind: e.kind === 'ticket' ? 'ticket_served' : 'felony_cleared', closesId: e.id, dedupeKey: `close:${e.id}` });
      if (!closed) return 'noop' as const;
      return e.kind === 'ticket' ? ('served' as const) : ('cleared' as const);
    });
    await this.queue.run(effects);
    return out;
  }

  // ------------------------------------------------------------ settlement

  /** Forfeits a seat through the engine (leave or forfeit after the deal), then settles if that ended the game. */
  private async forfeitSeat(gameId: string, seat: number): Promise<void> {
    const effects: Effect[] = [];
    await this.tx(async (tx) => {
      const game = await this.store.lock(tx, gameId);
      if (!game || game.status !== 'playing') return;
      const state = game.state as unknown as GameState;
      if (state.forfeited[seat]) return;
      const r = engineApply(state, { seat, type: 'forfeit' });
      if (!r.ok) throw new AppError(r.error.code, r.error.message);
      await this.store.saveAction(tx, game, r.state, { seat, userId: null, action: { seat, type: 'forfeit' }, decisionMs: null });
      const t = (await this.repo.table(game.houseTableId!, tx))!;
      if (!r.state.finished) effects.push(...this.turnEffects(t, t.seatsTaken, game.id, r.state, 0, new Date()));
      effects.push(...gameViewEmits(game, r.state, await this.games.seatsOfGame(game), null));
      if (r.state.finished) effects.push({ kind: 'house-settle', gameId });
    });
    await this.queue.run(effects);
    await this.settle(gameId);
  }

  /**
   * Settles a finished house game once (SPEC 8.1, 8.4, 8.6), in one transaction: at a stake table
   * every hold released and each loser's payment (double if skunked or forfeited) made; winnings
   * pay debts first (WalletRepository.post); the winners' stake wins (levels); workouts owed by losers with dumbbells; the
   * Clock Jar for the winners (every credit pays the debt first: WalletRepository.post). The settlement row makes a second run (a retried job, a restart
   * after a crash) a no-op.
   */
  async settle(gameId: string): Promise<'settled' | 'noop'> {
    const effects: Effect[] = [];
    const out = await this.tx(async (tx) => {
      const houseTableId = await this.repo.houseTableIdOfGame(gameId);
      if (!houseTableId) return 'noop' as const;
      const t = await this.repo.lockTable(tx, houseTableId);
      const game = await this.store.lock(tx, gameId);
      if (!t || !game || game.status !== 'finished') return 'noop' as const;
      if (await this.repo.isSettled(tx, gameId)) return 'noop' as const;
      const state = game.state as unknown as GameState;
      const n = state.config.players;
      const winner = state.winner;
      const sameSide = (a: number, b: number) => (state.config.partners ? a % 2 === b % 2 : a === b);
      const humans = t.seatsTaken.filter((s) => s.userId);
      const result: Record<string, unknown> = { winner, scores: state.scores, forfeited: state.forfeited };
      // Money: holds released, payments made.
      if (t.purpose === 'stake' && t.currency) {
        const cur = t.currency;
        await this.wallets.lockAll(tx, humans.map((s) => s.userId!), cur);
        const payments =
          winner === null ? [] : settlePayments({ players: n, partners: state.config.partners, target: state.config.settings.target, winner, scores: state.scores, forfeited: state.forfeited, stake: t.stake });
        const net = netOf(n, payments);
        result.payments = payments;
        for (const s of humans) {
          const u = s.userId!;
          await this.wallets.post(tx, { userId: u, currency: cur, kind: 'release', amount: holdOf(t.stake), gameId, houseTableId: t.id, dedupeKey: `release:${gameId}:${u}`, reason: 'settlement: hold released' });
          if (net[s.seat] !== 0) {
            const what = payments.filter((p) => p.from === s.seat || p.to === s.seat).map((p) => `seat ${p.from + 1} → seat ${p.to + 1}: ${p.amount}${p.skunk ? ' (skunk)' : ''}`);
            await this.wallets.post(tx, { userId: u, currency: cur, kind: 'settlement', amount: net[s.seat], gameId, houseTableId: t.id, dedupeKey: `settle:${gameId}:${u}`, reason: what.join('; ') });
          }
        }
        // A computer's side of a payment is the house's (Decision, docs/rules.md): what people pay a computer leaves the economy, what it pays them enters it.
        result.house = -net.reduce((acc, v, seat) => (t.seatsTaken.find((s) => s.seat === seat)?.userId ? acc + v : acc), 0);
        if (winner !== null) {
          const winners = humans.filter((s) => sameSide(s.seat, winner)).map((s) => s.userId!);
          if (winners.length) await this.repo.addStakeWin(tx, winners);
        }
      }
      // The held welcome grant (SPEC 7 Decision): a non-stake game played to its end counts for each person seated.
      const anyForfeit = state.forfeited.some(Boolean);
      for (const u of humans.map((s) => s.userId!).sort()) {
        if (countsForWelcomeGrant({ purpose: t.purpose, person: true, finished: winner !== null, anyForfeit })) await this.wallets.countGrantGame(tx, u, gameId, WELCOME_GRANT_GAMES);
      }
      // Workouts owed by losers with dumbbells; the Clock Jar for winners.
      const dumbbells = await this.repo.dumbbellsBySeat(tx, gameId);
      const computerTimeouts = await this.repo.computerRunOuts(gameId, tx);
      const workouts: unknown[] = [];
      const jar: unknown[] = [];
      const now = this.clock.now();
      for (const s of humans) {
        const u = s.userId!;
        const lost = winner === null || !sameSide(s.seat, winner);
        const db = dumbbells.find((d) => d.seat === s.seat)?.count ?? 0;
        const amount = workoutOwed(t.workoutKind, db, lost);
        if (amount > 0) {
          await this.repo.addWorkout(tx, { userId: u, gameId, kind: t.workoutKind, amount, dumbbells: db });
          workouts.push({ userId: u, amount, kind: t.workoutKind, dumbbells: db });
        }
        const week = weekStartUtc(now);
        const excusesThisWeek = await this.repo.excusesInWeek(u, week, tx);
        const pay = jarPayout({
          won: !lost,
          courtTable: t.courtTable,
          computerTimeouts,
          stake: t.purpose === 'stake' ? { ticketFine: t.ticketFine } : null,
          excusesThisWeek,
        });
        if (pay.kind === 'fines') {
          await this.wallets.post(tx, { userId: u, currency: t.currency!, kind: 'jar_payout', amount: pay.amount, gameId, houseTableId: t.id, dedupeKey: `jar:${gameId}:${u}`, reason: `the Clock Jar: ${computerTimeouts} computer run-out(s)` });
        } else if (pay.kind === 'excuse') {
          await this.repo.addExcuse(tx, { userId: u, gameId, weekStart: week });
        }
        if (pay.kind !== 'none') jar.push({ userId: u, ...pay });
      }
      result.workouts = workouts;
      result.jar = jar;
      await this.repo.addSettlement(tx, gameId, t.id, result as Prisma.InputJsonValue);
      await this.repo.setStatus(tx, t.id, 'finished');
      // The whole settlement to the people seated; the game room (spectators) gets the public result only (SPEC 8.4, docs/realtime.md).
      const seated = humans.map((s) => liveRooms.user(s.userId!));
      if (seated.length) effects.push(liveEmit(seated, 'house:settled', { tableId: t.id, gameId, full: true, ...result }));
      effects.push(liveEmit([liveRooms.game(gameId)], 'house:settled', { tableId: null, gameId, full: false, winner, scores: state.scores, forfeited: state.forfeited, workouts: [], jar: [] }, seated));
      return 'settled' as const;
    });
    await this.queue.run(effects);
    return out;
  }

  /** Recovery: finished house games not settled yet (a crash between the end and the settlement), open tickets and felonies to expire, and the clocks and computer turns of games in play. */
  async recover(): Promise<Effect[]> {
    const effects: Effect[] = [];
    const unsettled = await this.repo.unsettledGames();
    for (const g of unsettled) effects.push({ kind: 'house-settle', gameId: g.id });
    const now = this.clock.now().getTime();
    // One already due gets an id of its own: its deterministic job may still be waiting under an older delay.
    for (const e of await this.repo.openExpiring()) {
      effects.push({ kind: 'file-expire', entryId: e.id, at: this.queueAt(e.expiresAt), ...(e.expiresAt.getTime() <= now ? { again: true as const } : {}) });
    }
    effects.push(...(await this.commissary.timers()));
    const playing = await this.repo.playingTables();
    for (const t of playing) {
      const game = await this.store.find(t.currentGameId!);
      if (!game || game.status !== 'playing') continue;
      const atVersion = await this.repo.runOutsAt(game.id, game.version);
      const from = atVersion.length ? atVersion[atVersion.length - 1].createdAt : game.updatedAt;
      effects.push(...this.turnEffects(t, t.seatsTaken, game.id, game.state as unknown as GameState, atVersion.length, from));
    }
    return effects;
  }

  async sweep(): Promise<number> {
    const effects = await this.recover();
    await this.queue.run(effects);
    return effects.length;
  }

  // ------------------------------------------------------------ wallets, file, workouts (SPEC 8.2, 8.4)

  /** Both wallets of a player (opened empty on first sight), with the held welcome grant's progress. */
  async wallet(userId: string) {
    const exists = await this.repo.walletUser(userId);
    if (!exists) throw notFound('User', userId);
    await this.tx((tx) => this.wallets.ensure(tx, userId));
    const balances = await this.wallets.balances(userId);
    const court = (await this.repo.court([userId])).get(userId)!;
    const grant = await this.wallets.grantProgress(userId);
    return { user: exists, balances, court, grant: welcomeGrantStatus(grant.gamesCounted, grant.granted) };
  }

  /**
   * Posts the welcome grant now, once per account (what a game's settlement does when the account
   * has earned it): the seed's demo accounts, and fixtures that stand for an account that has.
   */
  grantWelcome(userId: string): Promise<boolean> {
    return this.tx((tx) => this.wallets.grantWelcome(tx, userId));
  }

  /** One page of a ledger: one indexed read (a wallet never seen is opened first; an unknown user is 404). */
  async ledger(userId: string, currency: Currency, limit: number, beforeSeq?: number) {
    const rows = await this.wallets.ledger(userId, currency, limit, beforeSeq);
    if (rows.length) return rows;
    await this.wallet(userId);
    return this.wallets.ledger(userId, currency, limit, beforeSeq);
  }

  /** SPEC 8.7: the 18+ confirmation, once per account (idempotent). */
  async confirmAdult(userId: string): Promise<Date> {
    const u = await this.repo.adultConfirmation(userId);
    if (u.adultConfirmedAt) return u.adultConfirmedAt;
    const at = this.clock.now();
    await this.repo.confirmAdult(userId, at);
    return (await this.repo.adultConfirmation(userId)).adultConfirmedAt!;
  }

  /**
   * SPEC 8.3: the player says (or stops saying) that they use assistive technology (VoiceOver,
   * Switch Control): +10 s on their stake-table clock from the next deal (a clock is fixed per seat
   * at the deal). Only on themselves; a change is audited in the same transaction, a repeat of the
   * current value changes nothing.
   */
  async setAssistiveTech(userId: string, on: boolean): Promise<void> {
    await this.tx(async (tx) => {
      const u = await this.repo.lockAssistiveTech(tx, userId);
      if (!u) throw notFound('User', userId);
      if (u.assistiveTech === on) return;
      await this.repo.setAssistiveTech(tx, userId, on);
      await this.repo.audit(tx, { actorId: userId, action: 'user.assistive-technology', entityType: 'user', entityId: userId, data: { from: u.assistiveTech, to: on } });
    });
  }

  /**
   * An admin's correction of a wallet, with a reason, audited in the same transaction. It cannot
   * take a balance below zero (INSUFFICIENT_FUNDS); a credit pays what is owed first (SPEC 8.2). The
   * `requestId` makes a retried correction (the same currency, amount and reason) a no-op; the same
   * `requestId` with another body is refused with REQUEST_ID_REUSED, naming what it did (nothing applied).
   */
  async correct(actorId: string, userId: string, input: { currency: Currency; amount: number; reason: string; requestId: string }) {
    await this.wallet(userId);
    await this.tx(async (tx) => {
      const w = (await this.wallets.lockAll(tx, [userId], input.currency)).get(userId)!;
      const dedupeKey = `correction:${userId}:${input.requestId}`;
      const stored = await this.wallets.entryByKey(tx, dedupeKey);
      if (stored) {
        const same = stored.currency === input.currency && stored.amount === input.amount && stored.reason === input.reason;
        if (same) return;
        throw new AppError('REQUEST_ID_REUSED', 'This requestId was used for another correction of this wallet: nothing was applied', {
          requestId: input.requestId,
          stored: { currency: stored.currency, amount: stored.amount, reason: stored.reason, createdAt: stored.createdAt.toISOString() },
        });
      }
      if (w.balance + input.amount < 0) throw insufficientFunds(input.currency, { balance: w.balance, amount: input.amount });
      const entry = await this.wallets.post(tx, { userId, currency: input.currency, kind: 'correction', amount: input.amount, actorId, reason: input.reason, dedupeKey });
      if (entry) {
        await this.repo.audit(tx, { actorId, action: 'wallet.correction', entityType: 'user', entityId: userId, reason: input.reason, data: { currency: input.currency, amount: input.amount, entryId: entry.id } });
      }
    });
    return this.wallet(userId);
  }

  file(userId: string, limit: number, before?: Date) {
    return this.repo.file(userId, limit, before);
  }

  workouts(userId: string) {
    return this.repo.workouts(userId);
  }

  /** The player marks a workout done, or spends a Dr.'s excuse (Lay-in Slip) on it (SPEC 8.6). */
  async closeWorkout(userId: string, workoutId: string, how: 'done' | 'excuse') {
    return this.tx(async (tx) => {
      const w = await this.repo.lockWorkout(tx, workoutId);
      if (!w || w.userId !== userId) throw notFound('Workout', workoutId);
      if (w.status !== 'owed') throw new AppError('WORKOUT_CLOSED', `This workout is already ${w.status}`);
      if (how === 'excuse') {
        const excuse = await this.repo.oldestUnusedExcuse(tx, userId);
        if (!excuse) throw new AppError('NO_EXCUSE', "You have no Dr.'s excuse to spend");
        await this.repo.spendExcuse(tx, excuse.id, w.id);
      }
      return this.repo.closeWorkout(tx, w.id, how === 'done' ? 'done' : 'excused', this.clock.now());
    });
  }

  async excuses(userId: string): Promise<{ unused: number; thisWeek: number }> {
    const [unused, thisWeek] = await Promise.all([
      this.repo.unusedExcuses(userId),
      this.repo.excusesInWeek(userId, weekStartUtc(this.clock.now())),
    ]);
    return { unused, thisWeek };
  }
}

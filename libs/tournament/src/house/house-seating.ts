import { FairDeal } from '../games/fair-deal.service';
import { Injectable } from '@nestjs/common';
import { randomBytes, randomInt } from 'node:crypto';
import type { BotLevel, Currency, HousePurpose, Prisma, WorkoutKind } from '@dcs/db';
import { resolveConfig, type Settings } from '@dcs/engine';
import { AppError, notFound, type Tx } from '@dcs/common';
import {
  checkTable,
  holdOf,
  hostClockMs,
  invitationCode,
  purposeWithoutStake,
  seatClockMs,
  stakeCurrency,
  type HouseRuleset,
  type TableRequest,
} from '@dcs/house';
import { EffectsQueue, Effect } from '../effects/effects-queue';

import { GameStore } from '../games/game.store';
import { liveEmit, liveRooms } from '../live/live-emitter';
import { HouseRepository, SettledGame, TableWithSeats } from './house.repository';
import { insufficientFunds, WalletRepository } from '../ledger/wallet.repository';
import { PlayerFileRepository } from '../ledger/player-file.repository';
import { houseTx } from './house-tx';
import { HouseTurns } from './house-turns';
import { HouseSettlement } from './house-settlement';
import { stateOf } from '../games/stored-state';

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
  /** SPEC 8.1 Play 2 Pay: the agreed expense as the host wrote it (a friendly table only; the API checked its text) */
  playToPay?: string | null;
}

/** A table as open() and quick match write it, once checked. */
interface CheckedTable {
  req: TableRequest;
  /** the engine settings as the ruleset resolved them */
  settings: Settings;
  computers: BotLevel[];
  listed: boolean;
  playToPay: string | null;
}

/** Opening and joining house tables (SPEC 8.1, 8.7), leaving, giving up, the rematch, and the deal (holds at a stake table, each seat's clock, court tables). An act of HouseService. */
@Injectable()
export class HouseSeating {
  constructor(
    private readonly repo: HouseRepository,
    private readonly wallets: WalletRepository,
    private readonly ledgerFile: PlayerFileRepository,
    private readonly store: GameStore,
    private readonly queue: EffectsQueue,
    private readonly turns: HouseTurns,
    private readonly settlement: HouseSettlement,
    private readonly fair: FairDeal,
  ) {}

  async open(hostId: string, input: OpenTableInput): Promise<TableWithSeats> {
    const table = this.checked(input);
    const id = await houseTx(this.repo, async (tx) => {
      await this.checkNotInTournamentGame(tx, hostId);
      return this.openIn(tx, hostId, table);
    });
    return this.startIfFull(id);
  }

  /**
   * Quick match (issue 43): a seat at the listed table of this ruleset that has waited longest for players and that a
   * newcomer can simply sit at (the purpose quick match opens, no stake, no Play 2 Pay expense to agree to, not their
   * own), else a new listed one-on-one table that waits for the next person. Asked again while waiting or playing at
   * such a table, it answers that table: a second click, or a retried request, opens nothing more. Quick matches of a
   * ruleset run one at a time (the lock, then the lookup and the seat in one transaction), so two at once never both
   * open a table where one had room, take one seat, or seat one player twice.
   */
  async quickMatch(userId: string, ruleset: HouseRuleset): Promise<TableWithSeats> {
    const purpose = purposeWithoutStake(ruleset);
    const table = this.checked({ ruleset, seats: 2, purpose, listed: true });
    const id = await houseTx(this.repo, async (tx) => {
      await this.repo.lockQuickMatch(tx, ruleset);
      const mine = await this.repo.quickMatchMine(tx, userId, ruleset, purpose);
      if (mine) return mine.id;
      await this.checkNotInTournamentGame(tx, userId);
      for (const candidate of await this.repo.quickMatchCandidates(tx, userId, ruleset, purpose, 5)) {
        // A join by id or a leave does not take the quick-match lock: the table as it is under its row lock decides.
        const t = await this.repo.lockTable(tx, candidate);
        if (!t || t.status !== 'open' || t.seatsTaken.some((s) => s.userId === userId)) continue;
        const free = this.firstFreeSeat(t);
        if (free === null) continue;
        await this.repo.addSeat(tx, { tableId: t.id, seat: free, userId });
        return t.id;
      }
      return this.openIn(tx, userId, table);
    });
    return this.startIfFull(id);
  }

  /** The host's table checked against SPEC 8.1 and the ruleset's settings (INVALID_SETTINGS, STAKE_TOO_HIGH). */
  private checked(input: OpenTableInput): CheckedTable {
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
    const playToPay = input.playToPay?.trim() || null;
    if (playToPay && req.purpose !== 'friendly') throw new AppError('INVALID_SETTINGS', 'Play 2 Pay is a friendly table: its expense is settled between the players, never with a stake or a workout');
    const resolved = resolveConfig({ ruleset: req.ruleset, settings: req.settings, players: req.seats, partners: req.partners });
    if (!resolved.ok) throw new AppError('INVALID_SETTINGS', resolved.error.message);
    return { req, settings: resolved.config.settings, computers, listed: input.listed ?? true, playToPay };
  }

  /** Opens a checked table in the caller's transaction, the host at seat 0 (the caller checked that no tournament game of theirs runs): its id. */
  private async openIn(tx: Tx, hostId: string, { req, settings, computers, listed, playToPay }: CheckedTable): Promise<string> {
    const currency = req.purpose === 'stake' ? stakeCurrency(req.ruleset) : null;
    if (currency) await this.checkStakePlayer(tx, hostId, currency, req.stake);
    const t = await this.repo.createTable(tx, {
      hostId,
      ruleset: req.ruleset,
      settings: settings as unknown as Prisma.InputJsonValue,
      seats: req.seats,
      partners: req.partners,
      purpose: req.purpose,
      currency,
      stake: req.stake,
      ticketFine: req.ticketFine,
      hostClockMs: hostClockMs(req),
      workoutKind: req.workoutKind,
      listed,
      inviteCode: invitationCode(() => randomInt(0, 1 << 30) / (1 << 30)),
      botSeed: randomBytes(16).toString('hex'),
      playToPay,
      seatsTaken: { create: [{ seat: 0, userId: hostId }, ...computers.map((botLevel, i) => ({ seat: i + 1, botLevel }))] },
    });
    return t.id;
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
    await houseTx(this.repo, async (tx) => {
      const t = await this.repo.lockTable(tx, tableId);
      if (!t) throw notFound('House table', tableId);
      const seated = t.seatsTaken.some((s) => s.userId === userId);
      if (!t.listed && !seated && t.hostId !== userId && code?.toUpperCase() !== t.inviteCode) throw notFound('House table', tableId);
      if (t.status !== 'open') throw new AppError('TABLE_NOT_OPEN', 'This table is not taking players');
      if (seated) throw new AppError('ALREADY_SEATED', 'You already have a seat at this table');
      const free = this.freeSeat(t, seat);
      await this.checkNotInTournamentGame(tx, userId);
      if (t.purpose === 'stake') await this.checkStakePlayer(tx, userId, t.currency!, t.stake);
      await this.repo.addSeat(tx, { tableId, seat: free, userId });
    });
    return this.startIfFull(tableId);
  }

  /** The host gives an empty seat to a computer player. */
  async addComputer(userId: string, tableId: string, level: BotLevel, seat?: number): Promise<TableWithSeats> {
    await houseTx(this.repo, async (tx) => {
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
    const forfeitGame = await houseTx(this.repo, async (tx) => {
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
    if (forfeitGame) await this.settlement.forfeitSeat(forfeitGame.gameId, forfeitGame.seat);
    return this.get(tableId);
  }

  /** A seated player gives up the game in progress: they pay as if skunked (SPEC 8.1). */
  async forfeit(userId: string, tableId: string): Promise<TableWithSeats> {
    const t = await this.get(tableId);
    const mine = t.seatsTaken.find((s) => s.userId === userId);
    if (!mine) throw new AppError('NOT_SEATED', 'You have no seat at this table');
    if (t.status !== 'playing' || !t.currentGameId) throw new AppError('TABLE_NOT_PLAYING', 'There is no game in progress at this table');
    await this.settlement.forfeitSeat(t.currentGameId, mine.seat);
    return this.get(tableId);
  }

  /** A seated player asks for another game at the same table once the last one is over: the table reopens with the same seats and deals when all are still there. */
  async rematch(userId: string, tableId: string): Promise<TableWithSeats> {
    await houseTx(this.repo, async (tx) => {
      const t = await this.repo.lockTable(tx, tableId);
      if (!t) throw notFound('House table', tableId);
      if (!t.seatsTaken.some((s) => s.userId === userId)) throw new AppError('NOT_SEATED', 'You have no seat at this table');
      if (t.status !== 'finished') throw new AppError('TABLE_NOT_FINISHED', 'The game at this table is not over');
      const settled = t.currentGameId ? await this.repo.isSettled(tx, t.currentGameId) : false;
      if (!settled) throw new AppError('TRY_AGAIN', 'The last game is being settled; try again in a moment');
      await this.checkNotInTournamentGame(tx, userId);
      await this.repo.setStatus(tx, tableId, 'open');
    });
    return this.startIfFull(tableId);
  }

  private freeSeat(t: TableWithSeats, wanted?: number): number {
    if (wanted !== undefined) {
      if (wanted < 0 || wanted >= t.seats) throw new AppError('INVALID_SEAT', `Seats are 0 to ${t.seats - 1}`);
      if (t.seatsTaken.some((s) => s.seat === wanted)) throw new AppError('SEAT_TAKEN', `Seat ${wanted} is taken`);
      return wanted;
    }
    const free = this.firstFreeSeat(t);
    if (free === null) throw new AppError('TABLE_FULL', 'Every seat at this table is taken');
    return free;
  }

  private firstFreeSeat(t: TableWithSeats): number | null {
    const taken = new Set(t.seatsTaken.map((s) => s.seat));
    for (let s = 0; s < t.seats; s++) if (!taken.has(s)) return s;
    return null;
  }

  /**
   * While a person's tournament game runs they take no house seat — open, join or rematch (docs/rules.md, "House
   * tables during a tournament game"): opponents at a challenge table would otherwise open a partners table and
   * talk in its team channel. IN_TOURNAMENT_GAME (409) names the game.
   */
  private async checkNotInTournamentGame(tx: Tx, userId: string): Promise<void> {
    const gameId = await this.repo.tournamentGameOf(userId, tx);
    if (gameId) throw new AppError('IN_TOURNAMENT_GAME', 'Your tournament game is being played: a house table can wait until it has ended', { gameId });
  }

  /** SPEC 8.7: a stake table needs the 18+ confirmation, no debt, and the worst case (2 × stake) in the wallet. */
  private async checkStakePlayer(tx: Tx, userId: string, currency: Currency, stake: number): Promise<void> {
    const user = await this.repo.adultConfirmation(userId, tx);
    if (!user.adultConfirmedAt) throw new AppError('ADULT_CONFIRMATION_REQUIRED', 'Confirm that you are 18 or older before your first stake table');
    const w = (await this.wallets.lockAll(tx, [userId], currency)).get(userId)!;
    if (w.owed > 0) throw new AppError('DEBT_OUTSTANDING', `You owe ${w.owed} ${currency}: a player with a debt cannot join a stake table`, { owed: w.owed, currency });
    if (w.balance < holdOf(stake)) throw insufficientFunds(currency, { needed: holdOf(stake), balance: w.balance });
  }

  /**
   * Deals when every seat is taken: each human's hold at a stake table (a player who can no longer
   * cover it loses the seat and the table waits), each seat's clock (SPEC 8.3), whether it is a
   * court table, the game, then the first turn's clock and a computer's turn.
   */
  async startIfFull(tableId: string): Promise<TableWithSeats> {
    const effects: Effect[] = [];
    await houseTx(this.repo, async (tx) => {
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
      const court = await this.ledgerFile.court(humans, tx);
      // Deals no one can steer (issue 24): the people's contributions come in before the deal (FairDeal.close).
      const people = Array.from({ length: t.seats }, (_, seat) => !!t.seatsTaken.find((s) => s.seat === seat)?.userId);
      const game = await this.store.deal(tx, { kind: 'house', id: tableId }, {
        ruleset: t.ruleset,
        players: t.seats,
        partners: t.partners,
        settings: t.settings as Record<string, unknown>,
        // who plays this game: a rematch, a leave or a new joiner changes the table's seats, not this game's
        seatUsers: Array.from({ length: t.seats }, (_, seat) => t.seatsTaken.find((s) => s.seat === seat)?.userId ?? null),
      }, this.fair.window(people));
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
      if (game.dealClosesAt) effects.push(this.fair.closeEffect(game));
      else effects.push(...this.turns.turnEffects(t, seats, game.id, stateOf(game), 0, game.updatedAt));
      // To the people seated only: the table's id never reaches a spectator through an event (an unlisted table's id is its secret).
      if (humans.length) effects.push(liveEmit(humans.map(liveRooms.user), 'house:dealt', { tableId, gameId: game.id }));
    });
    await this.queue.run(effects);
    return this.get(tableId);
  }
}

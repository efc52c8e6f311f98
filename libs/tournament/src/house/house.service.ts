import { Injectable } from '@nestjs/common';
import type { BotLevel, Currency, Game } from '@dcs/db';
import { type GameState } from '@dcs/engine';
import type { HouseRuleset } from '@dcs/house';
import { Effect } from '../effects/effects-queue';

import { SettledGame, TableWithSeats } from './house.repository';
import { HouseTurns } from './house-turns';
import { HouseSeating, type OpenTableInput } from './house-seating';
import { HousePenalties } from './house-penalties';
import { HouseSettlement } from './house-settlement';
import { HouseAccounts } from './house-accounts';
import type { Tx } from '@dcs/common';

export type { OpenTableInput };

/**
 * House tables (SPEC 8): the entry point of their flows, one act per file — opening, joining and the
 * deal (HouseSeating), the turns and computer seats (HouseTurns), run-outs and their penalties
 * (HousePenalties), the settlement and the recovery sweep (HouseSettlement), a player's wallets, file
 * and workouts (HouseAccounts). Every money fact goes through WalletRepository with a dedupe key,
 * inside the transaction that makes it true, so a retried job or request changes nothing twice.
 */
@Injectable()
export class HouseService {
  constructor(
    private readonly seating: HouseSeating,
    private readonly turns: HouseTurns,
    private readonly penalties: HousePenalties,
    private readonly settlement: HouseSettlement,
    private readonly accounts: HouseAccounts,
  ) {}

  // ------------------------------------------------------------ tables and the deal

  open(hostId: string, input: OpenTableInput): Promise<TableWithSeats> {
    return this.seating.open(hostId, input);
  }

  get(id: string): Promise<TableWithSeats> {
    return this.seating.get(id);
  }

  /** The settlement of the table's game once it is settled (null before, and once a rematch reopens the table). */
  settlementOf(t: Pick<TableWithSeats, 'status' | 'currentGameId'>): Promise<SettledGame | null> {
    return this.seating.settlementOf(t);
  }

  quickMatch(userId: string, ruleset: HouseRuleset): Promise<TableWithSeats> {
    return this.seating.quickMatch(userId, ruleset);
  }

  lobby(limit: number, before?: { createdAt: Date; id: string }) {
    return this.seating.lobby(limit, before);
  }

  tableByCode(code: string): Promise<string> {
    return this.seating.tableByCode(code);
  }

  /**
   * Takes a seat (the lowest free one, or the one asked for); the table deals once it is full. An unlisted
   * table takes its invitation code: without it (or with another) it answers as an id that names no table.
   */
  join(userId: string, tableId: string, seat?: number, code?: string): Promise<TableWithSeats> {
    return this.seating.join(userId, tableId, seat, code);
  }

  /** The host gives an empty seat to a computer player. */
  addComputer(userId: string, tableId: string, level: BotLevel, seat?: number): Promise<TableWithSeats> {
    return this.seating.addComputer(userId, tableId, level, seat);
  }

  /** Leaves before the deal (the host's leaving closes the table). After the deal, leaving is a forfeit. */
  leave(userId: string, tableId: string): Promise<TableWithSeats> {
    return this.seating.leave(userId, tableId);
  }

  /** A seated player gives up the game in progress: they pay as if skunked (SPEC 8.1). */
  forfeit(userId: string, tableId: string): Promise<TableWithSeats> {
    return this.seating.forfeit(userId, tableId);
  }

  /** A seated player asks for another game at the same table once the last one is over: the table reopens with the same seats and deals when all are still there. */
  rematch(userId: string, tableId: string): Promise<TableWithSeats> {
    return this.seating.rematch(userId, tableId);
  }

  /**
   * Deals when every seat is taken: each human's hold at a stake table (a player who can no longer
   * cover it loses the seat and the table waits), each seat's clock (SPEC 8.3), whether it is a
   * court table, the game, then the first turn's clock and a computer's turn.
   */
  startIfFull(tableId: string): Promise<TableWithSeats> {
    return this.seating.startIfFull(tableId);
  }

  // ------------------------------------------------------------ turns

  /**
   * After a move at a house table (the clock job is queued by the move service): a computer seat on
   * turn is queued to play. With `chain` (the mover is the worker playing computer turns) a computer
   * turn due at once is not queued but handed back, for the caller to play in the same job.
   */
  afterMove(tableId: string, gameId: string, state: GameState, chain = false): Promise<{ version: number; attempt: number } | null> {
    return this.turns.afterMove(tableId, gameId, state, chain);
  }

  /**
   * The turn clock of a house game ran out on `seat` at (version, attempt), inside its transaction: a
   * computer seat whose seeded draw says it plays this turn does not run out, however late its job is
   * (SPEC 8.6: its think time is a number it draws, not a wait it must win). Then its job is queued
   * again (a no-op while it waits in the queue: deterministic id) and the clock records nothing; the
   * move it makes starts the next clock. True: record the run-out (a person, or the draw says so).
   */
  clockMayRunOut(tx: Tx, game: Pick<Game, 'id' | 'houseTableId' | 'version'>, seat: number, attempt: number, effects: Effect[]): Promise<boolean> {
    return this.turns.clockMayRunOut(tx, game, seat, attempt, effects);
  }

  /** A computer seat's seeded draw says it runs out at (version, attempt): its job leaves that turn to the clock. */
  botRunsOut(botSeed: string, gameId: string, version: number, attempt: number, level: BotLevel): boolean {
    return this.turns.botRunsOut(botSeed, gameId, version, attempt, level);
  }

  /** The clock of a house game's seat (null: off). */
  seatClockMs(tableId: string, seat: number): Promise<number | null> {
    return this.turns.seatClockMs(tableId, seat);
  }

  // ------------------------------------------------------------ run-outs (SPEC 8.3-8.6)

  /**
   * A seat's clock ran out at a house table (called by the turn clock inside its transaction, the
   * run-out already recorded as a GameTimeout). A computer's run-out goes in the jar and may expunge a
   * ticket; a person's is a ticket (with the table's fine at a stake table) or a dumbbell, and the
   * 5th dumbbell in one turn forfeits. The clock starts over; the turn is not skipped.
   */
  runOut(tx: Tx, game: Game, seat: number, attempt: number, ms: number, now: Date, effects: Effect[]): Promise<'ticket' | 'forfeit'> {
    return this.penalties.runOut(tx, game, seat, attempt, ms, now, effects);
  }

  /** A ticket is served after 7 days, a felony cleared after 30 (idempotent; early jobs wait). */
  expire(entryId: string): Promise<'served' | 'cleared' | 'noop' | 'wait'> {
    return this.penalties.expire(entryId);
  }

  // ------------------------------------------------------------ settlement

  /**
   * Settles a finished house game once (SPEC 8.1, 8.4, 8.6), in one transaction: at a stake table
   * every hold released and each loser's payment (double if skunked or forfeited) made; winnings
   * pay debts first (WalletRepository.post); the winners' stake wins (levels); workouts owed by losers with dumbbells; the
   * Clock Jar for the winners (every credit pays the debt first: WalletRepository.post). The settlement row makes a second run (a retried job, a restart
   * after a crash) a no-op.
   */
  settle(gameId: string): Promise<'settled' | 'noop'> {
    return this.settlement.settle(gameId);
  }

  /** Recovery: finished house games not settled yet (a crash between the end and the settlement), open tickets and felonies to expire, and the clocks and computer turns of games in play. */
  recover(): Promise<Effect[]> {
    return this.settlement.recover();
  }

  sweep(): Promise<number> {
    return this.settlement.sweep();
  }

  // ------------------------------------------------------------ wallets, file, workouts (SPEC 8.2, 8.4)

  /** Both wallets of a player (opened empty on first sight), with the held welcome grant's progress. */
  wallet(userId: string) {
    return this.accounts.wallet(userId);
  }

  /**
   * Posts the welcome grant now, once per account (what a game's settlement does when the account
   * has earned it): the seed's demo accounts, and fixtures that stand for an account that has.
   */
  grantWelcome(userId: string): Promise<boolean> {
    return this.accounts.grantWelcome(userId);
  }

  /** The account's address was just verified: its held welcome grant is paid now if its games were already played (once). */
  welcomeOnVerified(userId: string): Promise<boolean> {
    return this.accounts.welcomeOnVerified(userId);
  }

  /** One page of a ledger: one indexed read (a wallet never seen is opened first; an unknown user is 404). */
  ledger(userId: string, currency: Currency, limit: number, beforeSeq?: number) {
    return this.accounts.ledger(userId, currency, limit, beforeSeq);
  }

  /** SPEC 8.7: the 18+ confirmation, once per account (idempotent). */
  confirmAdult(userId: string): Promise<Date> {
    return this.accounts.confirmAdult(userId);
  }

  /**
   * SPEC 8.3: the player says (or stops saying) that they use assistive technology (VoiceOver,
   * Switch Control): +10 s on their stake-table clock from the next deal (a clock is fixed per seat
   * at the deal). Only on themselves; a change is audited in the same transaction, a repeat of the
   * current value changes nothing.
   */
  setAssistiveTech(userId: string, on: boolean): Promise<void> {
    return this.accounts.setAssistiveTech(userId, on);
  }

  /**
   * An admin's correction of a wallet, with a reason, audited in the same transaction. It cannot
   * take a balance below zero (INSUFFICIENT_FUNDS); a credit pays what is owed first (SPEC 8.2). The
   * `requestId` makes a retried correction (the same currency, amount and reason) a no-op; the same
   * `requestId` with another body is refused with REQUEST_ID_REUSED, naming what it did (nothing applied).
   */
  correct(actorId: string, userId: string, input: { currency: Currency; amount: number; reason: string; requestId: string }) {
    return this.accounts.correct(actorId, userId, input);
  }

  file(userId: string, limit: number, before?: Date) {
    return this.accounts.file(userId, limit, before);
  }

  workouts(userId: string) {
    return this.accounts.workouts(userId);
  }

  /** The player marks a workout done, or spends a Dr.'s excuse (Lay-in Slip) on it (SPEC 8.6). */
  closeWorkout(userId: string, workoutId: string, how: 'done' | 'excuse') {
    return this.accounts.closeWorkout(userId, workoutId, how);
  }

  excuses(userId: string): Promise<{ unused: number; thisWeek: number }> {
    return this.accounts.excuses(userId);
  }
}

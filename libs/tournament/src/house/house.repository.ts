import { Injectable } from '@nestjs/common';
import type { BotLevel, Currency, DoctorsExcuse, HousePurpose, HouseSeat, HouseTable, HouseTableStatus, Prisma, Workout, WorkoutStatus } from '@dcs/db';
import { PrismaService, type Tx } from '@dcs/common';

import { type AuditEntry, recordAudit } from '../audit/audit-log.repository';
import { addStakeWins, confirmAdultOnce, setAssistiveTech } from '../accounts/accounts.repository';
import { runningTournamentGameOf } from '../challenge/challenge.repository';

export type TableWithSeats = HouseTable & { seatsTaken: (HouseSeat & { user: { displayName: string } | null })[] };

/** What HouseService.settle booked for a game (`result`), with the game's ticket fines and computer run-outs. */
export interface SettledGame {
  gameId: string;
  result: {
    winner: number | null;
    scores: number[];
    forfeited: boolean[];
    payments?: { from: number; to: number; amount: number; skunk: boolean }[];
    house?: number;
    workouts?: { userId: string; amount: number; kind: string; dumbbells: number }[];
    jar?: { userId: string; kind: 'fines' | 'excuse'; amount?: number }[];
  };
  settledAt: Date;
  fines: { seat: number | null; userId: string | null; fine: number; currency: Currency | null }[];
  computerRunOuts: number;
  /** every run-out of the game in order (the file's entries), with the tickets a computer's run-out expunged */
  runOuts: GameRunOut[];
}

/** One run-out of a house game as the file holds it (SPEC 8.4): a person's ticket or dumbbell, or a computer's run-out. */
export interface GameRunOut {
  seat: number | null;
  version: number | null;
  attempt: number | null;
  kind: 'ticket' | 'dumbbell' | 'computer_timeout';
  userId: string | null;
  fine: number;
  currency: Currency | null;
  /** the players whose open ticket this computer run-out expunged */
  expunged: { userId: string | null }[];
  at: Date;
}

/**
 * A table quick match may seat someone at: listed (never an invitation-only one), of the ruleset and of the purpose quick
 * match opens, without a stake or a Play 2 Pay expense to agree to. Whether quick match opened it is not stored: a host's
 * table of that shape is one too.
 */
const quickMatchable = (ruleset: string, purpose: HousePurpose) => ({ listed: true, ruleset, purpose, stake: 0, playToPay: null }) satisfies Prisma.HouseTableWhereInput;

/**
 * The house-table aggregate (tables, seats, the house's run-outs on the file, workouts, excuses, settlements):
 * the only code reading or writing those rows, and HouseService's reads and writes of a player's house
 * columns (stake wins, assistive technology, the 18+ confirmation) with their audit entries. Thin: queries
 * and writes only, no rule; HouseService decides. Lock order inside a transaction: a ruleset's quick-match lock
 * (`lockQuickMatch`), then the house table row (`lockTable`), then its game (GameStore.lock), then wallets (WalletRepository.lockAll).
 */
@Injectable()
export class HouseRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** One interactive transaction (HouseService retries it on serialization failures and deadlocks). */
  transaction<T>(fn: (tx: Tx) => Promise<T>, opts: { timeout: number }): Promise<T> {
    return this.prisma.$transaction(fn, opts);
  }

  // ------------------------------------------------------------------ tables and seats

  table(id: string, db: Pick<Prisma.TransactionClient, 'houseTable'> = this.prisma): Promise<TableWithSeats | null> {
    return db.houseTable.findUnique({ where: { id }, include: { seatsTaken: { orderBy: { seat: 'asc' }, include: { user: { select: { displayName: true } } } } } });
  }

  async lockTable(tx: Tx, id: string): Promise<TableWithSeats | null> {
    await tx.$queryRaw`SELECT id FROM house_tables WHERE id = ${id}::uuid FOR UPDATE`;
    return this.table(id, tx);
  }

  createTable(tx: Tx, data: Prisma.HouseTableUncheckedCreateInput): Promise<HouseTable> {
    return tx.houseTable.create({ data });
  }

  async setStatus(tx: Tx, id: string, status: HouseTableStatus): Promise<void> {
    await tx.houseTable.update({ where: { id }, data: { status } });
  }

  /** The deal: the table plays the game, a court table or not. */
  async markDealt(tx: Tx, id: string, gameId: string, courtTable: boolean): Promise<void> {
    await tx.houseTable.update({ where: { id }, data: { status: 'playing', currentGameId: gameId, courtTable } });
  }

  /** A table's ruleset (null: no such table). */
  async rulesetOf(tx: Tx, id: string): Promise<string | null> {
    return (await tx.houseTable.findUnique({ where: { id } }))?.ruleset ?? null;
  }

  botSeed(id: string): Promise<{ botSeed: string } | null> {
    return this.prisma.houseTable.findUnique({ where: { id }, select: { botSeed: true } });
  }

  /** The seed of a table and its computer seats with their levels (the worker's computer players). */
  botSeats(id: string): Promise<{ botSeed: string; seatsTaken: { seat: number; botLevel: BotLevel | null }[] } | null> {
    return this.prisma.houseTable.findUnique({ where: { id }, select: { botSeed: true, seatsTaken: { where: { botLevel: { not: null } }, select: { seat: true, botLevel: true } } } });
  }

  /** One seat of a table with the table's seed (the turn clock asks whether a computer's draw runs out). */
  async botSeat(tx: Tx, tableId: string, seat: number): Promise<{ botSeed: string; botLevel: BotLevel | null; clockMs: number | null } | null> {
    const row = await tx.houseSeat.findUnique({ where: { tableId_seat: { tableId, seat } }, select: { botLevel: true, clockMs: true, table: { select: { botSeed: true } } } });
    return row ? { botSeed: row.table.botSeed, botLevel: row.botLevel, clockMs: row.clockMs } : null;
  }

  /** Tables with a game in play, with their seats (the recovery sweep). */
  playingTables(): Promise<(HouseTable & { seatsTaken: HouseSeat[] })[]> {
    return this.prisma.houseTable.findMany({ where: { status: 'playing', currentGameId: { not: null } }, include: { seatsTaken: true } });
  }

  /** The house table a game is played at (read outside any transaction). */
  async houseTableIdOfGame(gameId: string): Promise<string | null | undefined> {
    return (await this.prisma.game.findUnique({ where: { id: gameId }, select: { houseTableId: true } }))?.houseTableId;
  }

  async addSeat(tx: Tx, data: { tableId: string; seat: number; userId?: string; botLevel?: BotLevel }): Promise<void> {
    await tx.houseSeat.create({ data });
  }

  async removeSeat(tx: Tx, seatId: string): Promise<void> {
    await tx.houseSeat.delete({ where: { id: seatId } });
  }

  async removeSeatsOf(tx: Tx, tableId: string, userIds: string[]): Promise<void> {
    await tx.houseSeat.deleteMany({ where: { tableId, userId: { in: userIds } } });
  }

  async setSeatClock(tx: Tx, seatId: string, clockMs: number | null): Promise<void> {
    await tx.houseSeat.update({ where: { id: seatId }, data: { clockMs } });
  }

  /** The people seated at a table (computer seats have no user), by seat: who gets each seat's view of its game. */
  async peopleSeats(tableId: string, db: Pick<Prisma.TransactionClient, 'houseSeat'> = this.prisma): Promise<{ seat: number; userId: string }[]> {
    const rows = await db.houseSeat.findMany({ where: { tableId, userId: { not: null } }, select: { seat: true, userId: true }, orderBy: { seat: 'asc' } });
    return rows.map((r) => ({ seat: r.seat, userId: r.userId! }));
  }

  seats(tableId: string, db: Pick<Prisma.TransactionClient, 'houseSeat'> = this.prisma): Promise<HouseSeat[]> {
    return db.houseSeat.findMany({ where: { tableId } });
  }

  byCode(code: string): Promise<HouseTable | null> {
    return this.prisma.houseTable.findUnique({ where: { inviteCode: code } });
  }

  /**
   * Quick matches of a ruleset one at a time: the first statement of the quick match's transaction, held until it
   * commits, so the next one reads the seats this one took and the table it opened. Before any row lock (the order).
   */
  async lockQuickMatch(tx: Tx, ruleset: string): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`quick-match:${ruleset}`}, 0))`;
  }

  /** The listed table of this ruleset and purpose, without a stake or Play 2 Pay, where the player already has a seat and waits or plays. */
  quickMatchMine(tx: Tx, userId: string, ruleset: string, purpose: HousePurpose): Promise<TableWithSeats | null> {
    return tx.houseTable.findFirst({
      where: { ...quickMatchable(ruleset, purpose), status: { in: ['open', 'playing'] }, seatsTaken: { some: { userId } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      include: { seatsTaken: { orderBy: { seat: 'asc' }, include: { user: { select: { displayName: true } } } } },
    });
  }

  /** The ids of open listed tables of this ruleset and purpose a quick match may seat the player at (no stake, no Play 2 Pay, not theirs), longest waiting first. */
  async quickMatchCandidates(tx: Tx, userId: string, ruleset: string, purpose: HousePurpose, limit: number): Promise<string[]> {
    const rows = await tx.houseTable.findMany({
      where: { ...quickMatchable(ruleset, purpose), status: 'open', hostId: { not: userId }, seatsTaken: { none: { userId } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit,
      select: { id: true },
    });
    return rows.map((r) => r.id);
  }

  /** The open lobby, newest first, keyset-paged on (createdAt, id). */
  lobby(limit: number, before?: { createdAt: Date; id: string }): Promise<TableWithSeats[]> {
    return this.prisma.houseTable.findMany({
      where: {
        status: 'open',
        listed: true,
        ...(before ? { OR: [{ createdAt: { lt: before.createdAt } }, { createdAt: before.createdAt, id: { lt: before.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      include: { seatsTaken: { orderBy: { seat: 'asc' }, include: { user: { select: { displayName: true } } } } },
    });
  }

  /** A settled game's settlement as booked, with the ticket fines and computer run-outs of that game (the file's entries). */
  async settlement(gameId: string): Promise<SettledGame | null> {
    const row = await this.prisma.houseSettlement.findUnique({ where: { gameId } });
    if (!row) return null;
    const [fines, computerRunOuts, runOuts] = await Promise.all([
      this.prisma.fileEntry.findMany({ where: { gameId, kind: 'ticket', fine: { gt: 0 } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { seat: true, userId: true, fine: true, currency: true } }),
      this.computerRunOuts(gameId),
      this.runOutsOfGame(gameId),
    ]);
    return { gameId, result: row.result as SettledGame['result'], settledAt: row.createdAt, fines, computerRunOuts, runOuts };
  }

  /** Every run-out of a game, by turn and attempt; an expunge names the computer run-out that made it by its version and attempt. */
  async runOutsOfGame(gameId: string): Promise<GameRunOut[]> {
    const rows = await this.prisma.fileEntry.findMany({
      where: { gameId, kind: { in: ['ticket', 'dumbbell', 'computer_timeout', 'ticket_expunged'] } },
      orderBy: [{ version: 'asc' }, { attempt: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
      select: { kind: true, seat: true, version: true, attempt: true, userId: true, fine: true, currency: true, createdAt: true },
    });
    const expunges = rows.filter((r) => r.kind === 'ticket_expunged');
    return rows
      .filter((r): r is typeof r & { kind: GameRunOut['kind'] } => r.kind !== 'ticket_expunged')
      .map((r) => ({
        seat: r.seat,
        version: r.version,
        attempt: r.attempt,
        kind: r.kind,
        userId: r.userId,
        fine: r.fine,
        currency: r.currency,
        expunged: r.kind === 'computer_timeout' ? expunges.filter((e) => e.version === r.version && e.attempt === r.attempt).map((e) => ({ userId: e.userId })) : [],
        at: r.createdAt,
      }));
  }

  async isSettled(tx: Tx, gameId: string): Promise<boolean> {
    return (await tx.houseSettlement.findUnique({ where: { gameId } })) !== null;
  }

  async addSettlement(tx: Tx, gameId: string, tableId: string, result: Prisma.InputJsonValue): Promise<void> {
    await tx.houseSettlement.create({ data: { gameId, tableId, result } });
  }

  seatOf(tableId: string, seat: number): Promise<HouseSeat | null> {
    return this.prisma.houseSeat.findUnique({ where: { tableId_seat: { tableId, seat } } });
  }

  /** A seat's dumbbells in one turn of a game. */
  dumbbellsInTurn(tx: Tx, gameId: string, seat: number, version: number): Promise<number> {
    return tx.fileEntry.count({ where: { gameId, seat, version, kind: 'dumbbell' } });
  }

  /** Each seat's dumbbells in a game. */
  async dumbbellsBySeat(tx: Tx, gameId: string): Promise<{ seat: number | null; count: number }[]> {
    const rows = await tx.fileEntry.groupBy({ by: ['seat'], where: { gameId, kind: 'dumbbell' }, _count: { _all: true } });
    return rows.map((r) => ({ seat: r.seat, count: r._count._all }));
  }

  /** The computers' run-outs in a game (the Clock Jar). */
  computerRunOuts(gameId: string, db: Pick<Prisma.TransactionClient, 'fileEntry'> = this.prisma): Promise<number> {
    return db.fileEntry.count({ where: { gameId, kind: 'computer_timeout' } });
  }

  /** A player's own run-outs (tickets and dumbbells) in a game. */
  ownRunOuts(tx: Tx, gameId: string, userId: string): Promise<number> {
    return tx.fileEntry.count({ where: { gameId, userId, kind: { in: ['ticket', 'dumbbell'] } } });
  }

  /** A player's tickets expunged in a game. */
  expungedIn(tx: Tx, gameId: string, userId: string): Promise<number> {
    return tx.fileEntry.count({ where: { userId, kind: 'ticket_expunged', gameId } });
  }

  /** Finished house games with no settlement yet (a crash between the end and the settlement). */
  unsettledGames(): Promise<{ id: string }[]> {
    return this.prisma.$queryRaw<{ id: string }[]>`
      SELECT g.id FROM games g WHERE g.house_table_id IS NOT NULL AND g.status = 'finished'
        AND NOT EXISTS (SELECT 1 FROM house_settlements s WHERE s.game_id = g.id)`;
  }

  /** The run-outs of a game's turn, oldest first. */
  runOutsAt(gameId: string, version: number): Promise<{ attempt: number; createdAt: Date }[]> {
    return this.prisma.gameTimeout.findMany({ where: { gameId, version }, orderBy: { attempt: 'asc' }, select: { attempt: true, createdAt: true } });
  }

  // ------------------------------------------------------------------ players (the house's columns of a user)

  walletUser(userId: string): Promise<{ id: string; stakeWins: number; assistiveTech: boolean; adultConfirmedAt: Date | null } | null> {
    return this.prisma.user.findUnique({ where: { id: userId }, select: { id: true, stakeWins: true, assistiveTech: true, adultConfirmedAt: true } });
  }

  /** What sets the players' clocks at the deal. */
  clockFacts(tx: Tx, userIds: string[]): Promise<{ id: string; stakeWins: number; assistiveTech: boolean }[]> {
    return tx.user.findMany({ where: { id: { in: userIds } }, select: { id: true, stakeWins: true, assistiveTech: true } });
  }

  /** A user's 18+ confirmation (throws when there is no such user). */
  adultConfirmation(userId: string, db: Pick<Prisma.TransactionClient, 'user'> = this.prisma): Promise<{ adultConfirmedAt: Date | null }> {
    return db.user.findUniqueOrThrow({ where: { id: userId }, select: { adultConfirmedAt: true } });
  }

  /** The unfinished challenge game the user is seated at (their tournament game is running), or null. */
  tournamentGameOf(userId: string, tx: Tx): Promise<string | null> {
    return runningTournamentGameOf(tx, userId);
  }

  /** Sets the 18+ confirmation once (a confirmed account keeps its first time). */
  async confirmAdult(userId: string, at: Date): Promise<void> {
    await confirmAdultOnce(this.prisma, userId, at);
  }

  async addStakeWin(tx: Tx, userIds: string[]): Promise<void> {
    await addStakeWins(tx, userIds);
  }

  /** Locks a user's row and reads their assistive-technology flag (null: no such user). */
  async lockAssistiveTech(tx: Tx, userId: string): Promise<{ assistiveTech: boolean } | null> {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
    return tx.user.findUnique({ where: { id: userId }, select: { assistiveTech: true } });
  }

  async setAssistiveTech(tx: Tx, userId: string, on: boolean): Promise<void> {
    await setAssistiveTech(tx, userId, on);
  }

  audit(tx: Tx, entry: AuditEntry): Promise<void> {
    return recordAudit(tx, entry);
  }

  // ------------------------------------------------------------------ workouts and Dr.'s excuses

  workouts(userId: string): Promise<Workout[]> {
    return this.prisma.workout.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 200 });
  }

  /** Owed once per (user, game): a retried settlement adds nothing. */
  async addWorkout(tx: Tx, data: Prisma.WorkoutCreateManyInput): Promise<void> {
    await tx.workout.createMany({ data: [data], skipDuplicates: true });
  }

  async lockWorkout(tx: Tx, id: string): Promise<Workout | null> {
    await tx.$queryRaw`SELECT id FROM workouts WHERE id = ${id}::uuid FOR UPDATE`;
    return tx.workout.findUnique({ where: { id } });
  }

  closeWorkout(tx: Tx, id: string, status: WorkoutStatus, doneAt: Date): Promise<Workout> {
    return tx.workout.update({ where: { id }, data: { status, doneAt } });
  }

  /** Earned once per (user, game): a retried settlement adds nothing. */
  async addExcuse(tx: Tx, data: Prisma.DoctorsExcuseCreateManyInput): Promise<void> {
    await tx.doctorsExcuse.createMany({ data: [data], skipDuplicates: true });
  }

  oldestUnusedExcuse(tx: Tx, userId: string): Promise<DoctorsExcuse | null> {
    return tx.doctorsExcuse.findFirst({ where: { userId, usedOnWorkoutId: null }, orderBy: { createdAt: 'asc' } });
  }

  async spendExcuse(tx: Tx, id: string, workoutId: string): Promise<void> {
    await tx.doctorsExcuse.update({ where: { id }, data: { usedOnWorkoutId: workoutId } });
  }

  unusedExcuses(userId: string): Promise<number> {
    return this.prisma.doctorsExcuse.count({ where: { userId, usedOnWorkoutId: null } });
  }

  excusesInWeek(userId: string, weekStart: Date, db: Pick<Prisma.TransactionClient, 'doctorsExcuse'> = this.prisma): Promise<number> {
    return db.doctorsExcuse.count({ where: { userId, weekStart } });
  }
}

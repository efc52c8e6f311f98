import { Injectable } from '@nestjs/common';
import type { Challenge, ChallengeStatus, ChallengeTable, Game, Prisma, Round, TableSeat, Tiebreak } from '@dcs/db';
import { PrismaService, type Tx } from '@dcs/common';
import { type SeatRow } from '../games/games.repository';
import { GameStore } from '../games/game.store';
import { lockChallenge, lockChallengeOfRound } from './challenge-locks.repository';
import { storeNotifications } from '../notifications/notifications.repository';
import type { PlacementRow } from './challenge.decisions';
import type { FlowNotice } from './challenge.messages';
import { PRE_START, type SeatResult, type StoredBracket } from './challenge-rows';
import { recordAudit } from '../audit/audit-log.repository';
import { recordViolationOnce } from '../conduct/conduct-violations.repository';

const json = (v: unknown) => v as Prisma.InputJsonValue;

/**
 * Seating a round writes every table, seat, game and notice of the round in one transaction: 512 players are
 * 128 tables. Prisma's default 5 s limit would roll back a whole Saturday's start on a busy machine (it did
 * under load in tests), so seating gets a minute; the row locks it holds are the challenge's and the round's.
 */
export const SEATING_TX = { timeout: 60_000, maxWait: 10_000 } as const;

/*
 * Challenge rows and their placements are written only in this file (docs/scaling.md, "Who writes
 * which table"): by ChallengeRepository for the running flow, and by the functions below for the
 * other writers of a challenge (the calendar, the national events, the director's terms, the
 * schedule's transitions, a season's close, a penalty's prize), each in the caller's transaction and
 * under the locks the caller took in the documented order.
 */

/** Inserts the challenges that do not exist yet (unique city + local date + kind: ON CONFLICT DO NOTHING); returns those inserted. */
export function insertChallenges(tx: Tx, rows: Prisma.ChallengeCreateManyInput[]): Promise<Challenge[]> {
  return tx.challenge.createManyAndReturn({ data: rows, skipDuplicates: true });
}

/** Inserts one challenge (a national event: the caller has checked its event key under the transaction). */
export function insertChallenge(tx: Tx, data: Prisma.ChallengeUncheckedCreateInput): Promise<Challenge> {
  return tx.challenge.create({ data });
}

/** A director's new terms (tier, pool, split) for a challenge not started, locked by the caller. */
export function updateChallengeTerms(tx: Tx, id: string, terms: { tier?: Challenge['tier']; prizePoolCents?: number; prizeSplit?: Prisma.InputJsonValue }): Promise<Challenge> {
  return tx.challenge.update({ where: { id }, data: { ...terms, version: { increment: 1 } } });
}

/** A schedule transition, only from the status and version the caller read under the lock; false when the row had changed. */
export async function moveChallengeStatus(tx: Tx, c: Pick<Challenge, 'id' | 'version'>, from: ChallengeStatus, to: ChallengeStatus): Promise<boolean> {
  const moved = await tx.challenge.updateMany({ where: { id: c.id, version: c.version, status: from }, data: { status: to, version: { increment: 1 } } });
  return moved.count === 1;
}

/** Cancels the challenges not started among `ids` (a season's close, which locked them); returns how many it cancelled. */
export async function cancelNotStartedChallenges(tx: Tx, ids: string[], reason: string): Promise<number> {
  const cancelled = await tx.challenge.updateMany({ where: { id: { in: ids }, status: { in: [...PRE_START] } }, data: { status: 'cancelled', cancelReason: reason, version: { increment: 1 } } });
  return cancelled.count;
}

/**
 * The challenge game `userId` holds a seat at that has not finished — their tournament game is running —
 * or null. While it runs a house table refuses them a seat, its voice and its text (docs/rules.md, "House
 * tables during a tournament game"): the seats and games are read, in the caller's transaction if given.
 */
export async function runningTournamentGameOf(db: Pick<Tx, 'game'>, userId: string): Promise<string | null> {
  const game = await db.game.findFirst({ where: { status: 'playing', table: { seats: { some: { userId } } } }, select: { id: true } });
  return game?.id ?? null;
}

/** A penalty withholds a placement's prize (its forfeiture row holds the amount). */
export async function withholdPlacementPrize(tx: Tx, placementId: string): Promise<void> {
  await tx.placement.update({ where: { id: placementId }, data: { prizeCents: 0 } });
}

/** A revoked forfeiture gives the amount back to the placement. */
export async function returnPlacementPrize(tx: Tx, placementId: string, amountCents: number): Promise<void> {
  await tx.placement.update({ where: { id: placementId }, data: { prizeCents: { increment: amountCents } } });
}

/** An audit entry of the flow. */
export interface FlowAudit {
  actorId?: string | null;
  action: string;
  entityType: 'challenge' | 'table' | 'game';
  entityId: string;
  reason?: string | null;
  data: Record<string, unknown>;
}

/**
 * The rows of a running challenge — the challenge, its rounds, tables and seats, its tiebreak
 * draws, its placements — and their row locks, taken in one order: the challenge, then its round
 * (then the previous round), then the draw, then games (challenge-locks.ts). Thin: one query a
 * method, no rule; ChallengeFlowService decides (challenge.decisions.ts). Games are written
 * through the one GameStore (their current state is the store's to compute).
 */
@Injectable()
export class ChallengeRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly games: GameStore,
  ) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: { timeout: number; maxWait: number }): Promise<T> {
    return this.prisma.$transaction(fn, opts);
  }

  // ------------------------------------------------------------------ locks

  lockChallenge(tx: Tx, id: string): Promise<Challenge | null> {
    return lockChallenge(tx, id, 'UPDATE');
  }

  /**
   * The challenge, then its round: every step of the flow starts so, as a director's cancel and
   * disqualification do (the challenge, then games). A step that took the round first could hold it
   * and a game while a cancel held the challenge and waited for that game, then wait for the
   * challenge itself (completing it, or any insert that references it): a deadlock.
   */
  async lockChallengeRound(tx: Tx, roundId: string): Promise<Round | null> {
    await lockChallengeOfRound(tx, roundId);
    return this.lockRound(tx, roundId);
  }

  async lockRound(tx: Tx, id: string): Promise<Round | null> {
    await tx.$queryRaw`SELECT id FROM rounds WHERE id = ${id}::uuid FOR UPDATE`;
    return tx.round.findUnique({ where: { id } });
  }

  async lockTiebreak(tx: Tx, id: string): Promise<Tiebreak | null> {
    await tx.$queryRaw`SELECT id FROM tiebreaks WHERE id = ${id}::uuid FOR UPDATE`;
    return tx.tiebreak.findUnique({ where: { id } });
  }

  lockGame(tx: Tx, id: string): Promise<Game | null> {
    return this.games.lock(tx, id);
  }

  // ------------------------------------------------------------------ challenge

  challenge(tx: Tx, id: string): Promise<Challenge> {
    return tx.challenge.findUniqueOrThrow({ where: { id } });
  }

  /** The round's challenge, its stored bracket, and whether the round is the final. */
  async roundInfo(tx: Tx, round: Round): Promise<{ challenge: Challenge; stored: StoredBracket; final: boolean }> {
    const challenge = await tx.challenge.findUniqueOrThrow({ where: { id: round.challengeId } });
    const stored = challenge.bracket as unknown as StoredBracket;
    return { challenge, stored, final: round.number === stored.bracket.rounds };
  }

  async cancel(tx: Tx, id: string, reason: string): Promise<void> {
    await tx.challenge.update({ where: { id }, data: { status: 'cancelled', cancelReason: reason, version: { increment: 1 } } });
  }

  async markRunning(tx: Tx, id: string, stored: StoredBracket): Promise<void> {
    await tx.challenge.update({ where: { id }, data: { status: 'running', bracket: json(stored), version: { increment: 1 } } });
  }

  async markCompleted(tx: Tx, id: string, at: Date): Promise<void> {
    await tx.challenge.update({ where: { id }, data: { status: 'completed', completedAt: at, version: { increment: 1 } } });
  }

  /** A completed challenge's final result is corrected: its placements go and it is completed again. */
  async reopenForCorrection(tx: Tx, id: string): Promise<void> {
    await tx.$executeRaw`DELETE FROM placements WHERE challenge_id = ${id}::uuid`;
    await tx.challenge.update({ where: { id }, data: { status: 'running' } });
  }

  async writePlacements(tx: Tx, challengeId: string, rows: PlacementRow[]): Promise<void> {
    await tx.placement.createMany({ data: rows.map((r) => ({ challengeId, ...r })), skipDuplicates: true });
  }

  displayName(tx: Tx, userId: string): Promise<string> {
    return tx.user.findUniqueOrThrow({ where: { id: userId }, select: { displayName: true } }).then((u) => u.displayName);
  }

  // ------------------------------------------------------------------ rounds

  createRound(tx: Tx, challengeId: string, number: number, startsAt: Date, hardStopAt: Date, byes: string[]): Promise<Round> {
    return tx.round.create({ data: { challengeId, number, status: 'running', startsAt, hardStopAt, byes: json(byes) } });
  }

  roundByNumber(tx: Tx, challengeId: string, number: number): Promise<Round | null> {
    return tx.round.findUnique({ where: { challengeId_number: { challengeId, number } } });
  }

  startRound(tx: Tx, id: string, startsAt: Date, hardStopAt: Date): Promise<Round> {
    return tx.round.update({ where: { id }, data: { status: 'running', startsAt, hardStopAt } });
  }

  async finishRound(tx: Tx, id: string, at: Date): Promise<void> {
    await tx.round.update({ where: { id }, data: { status: 'finished', endedAt: at } });
  }

  async finishOpenRounds(tx: Tx, challengeId: string, at: Date): Promise<void> {
    await tx.round.updateMany({ where: { challengeId, status: { not: 'finished' } }, data: { status: 'finished', endedAt: at } });
  }

  cityName(tx: Tx, cityId: string): Promise<string> {
    return tx.city.findUniqueOrThrow({ where: { id: cityId }, select: { name: true } }).then((c) => c.name);
  }

  /** The next round, pending until `startsAt` (a retry finds the one already there). */
  nextRound(tx: Tx, challengeId: string, number: number, startsAt: Date): Promise<Round> {
    return tx.round.upsert({ where: { challengeId_number: { challengeId, number } }, create: { challengeId, number, status: 'pending', startsAt }, update: {} });
  }

  roundsWithResults(tx: Tx, challengeId: string): Promise<{ number: number; tables: { result: SeatResult[] }[] }[]> {
    return tx.round
      .findMany({ where: { challengeId }, include: { tables: true } })
      .then((rs) => rs.map((r) => ({ number: r.number, tables: r.tables.map((t) => ({ result: t.result as unknown as SeatResult[] })) })));
  }

  // ------------------------------------------------------------------ tables and seats

  createTable(tx: Tx, challengeId: string, roundId: string, index: number): Promise<ChallengeTable> {
    return tx.challengeTable.create({ data: { challengeId, roundId, index, status: 'playing' } });
  }

  async createSeats(tx: Tx, tableId: string, seats: { seat: number; userId: string; seed: number }[]): Promise<void> {
    await tx.tableSeat.createMany({ data: seats.map((s) => ({ tableId, ...s })) });
  }

  table(tx: Tx, id: string): Promise<ChallengeTable | null> {
    return tx.challengeTable.findUnique({ where: { id } });
  }

  /** The round a table belongs to (outside any transaction: a table never changes round). Null: no such table. */
  roundOfTable(id: string): Promise<string | null> {
    return this.prisma.challengeTable.findUnique({ where: { id }, select: { roundId: true } }).then((t) => t?.roundId ?? null);
  }
  /** What decides who sees a table's games and their reviews: the table's status and its challenge's, and its open 6-4/5-5 draw. */
  async audienceOf(tableId: string): Promise<{ tableStatus: string; challengeStatus: string } | null> {
    const t = await this.prisma.challengeTable.findUnique({ where: { id: tableId }, select: { status: true, challenge: { select: { status: true } } } });
    return t ? { tableStatus: t.status, challengeStatus: t.challenge.status } : null;
  }

  /** A final table or a T3 challenge (the tier it runs at: a director may have changed the city's before the start). */
  async highStakes(tableId: string): Promise<boolean> {
    const t = await this.prisma.challengeTable.findUnique({ where: { id: tableId }, select: { round: { select: { number: true } }, challenge: { select: { bracket: true, tier: true, city: { select: { tier: true } } } } } });
    if (!t) return false;
    const bracket = t.challenge.bracket as { bracket?: { rounds?: number } } | null;
    const finalTable = !!bracket?.bracket?.rounds && t.round.number === bracket.bracket.rounds;
    return finalTable || (t.challenge.tier ?? t.challenge.city.tier) === 'T3';
  }

  /** The table's 6-4/5-5 draw still open (the latest), if any. */
  async openTiebreakId(tableId: string): Promise<string | null> {
    const tb = await this.prisma.tiebreak.findFirst({ where: { tableId, decidedAt: null }, orderBy: { createdAt: 'desc' }, select: { id: true } });
    return tb?.id ?? null;
  }


  tableWithSeats(tx: Tx, id: string): Promise<(ChallengeTable & { seats: TableSeat[] }) | null> {
    return tx.challengeTable.findUnique({ where: { id }, include: { seats: { orderBy: { seat: 'asc' } } } });
  }

  roundTables(tx: Tx, roundId: string): Promise<(ChallengeTable & { seats: TableSeat[] })[]> {
    return tx.challengeTable.findMany({ where: { roundId }, orderBy: { index: 'asc' }, include: { seats: true } });
  }

  playingTables(tx: Tx, roundId: string): Promise<ChallengeTable[]> {
    return tx.challengeTable.findMany({ where: { roundId, status: 'playing' }, orderBy: { index: 'asc' } });
  }

  openTables(tx: Tx, roundId: string): Promise<number> {
    return tx.challengeTable.count({ where: { roundId, status: { not: 'finished' } } });
  }

  async setTableStatus(tx: Tx, id: string, status: 'playing' | 'tiebreak'): Promise<void> {
    await tx.challengeTable.update({ where: { id }, data: { status } });
  }

  /** Writes a table's result once: false if it was decided already (a retry). */
  async finishTable(tx: Tx, id: string, result: SeatResult[], endedBy: string | null, at: Date): Promise<boolean> {
    const done = await tx.challengeTable.updateMany({ where: { id, status: { in: ['playing', 'tiebreak'] } }, data: { status: 'finished', result: json(result), endedBy, decidedAt: at } });
    return done.count === 1;
  }

  /** A director's corrected result, whatever the table's status. */
  async correctTable(tx: Tx, id: string, result: SeatResult[], endedBy: string, at: Date): Promise<void> {
    await tx.challengeTable.update({ where: { id }, data: { status: 'finished', result: json(result), endedBy, decidedAt: at } });
  }

  seats(tx: Tx, tableId: string): Promise<TableSeat[]> {
    return tx.tableSeat.findMany({ where: { tableId } });
  }

  seatRows(tx: Tx, tableId: string): Promise<SeatRow[]> {
    return tx.tableSeat.findMany({ where: { tableId }, select: { seat: true, userId: true } });
  }

  /** The people seated at a table, by seat (read outside any transaction: who gets each seat's view of its game). */
  seatsOfTable(tableId: string): Promise<SeatRow[]> {
    return this.prisma.tableSeat.findMany({ where: { tableId }, select: { seat: true, userId: true }, orderBy: { seat: 'asc' } });
  }

  /** A table's clock (its challenge's `turnMs`); null when there is no such table. */
  async turnMsOfTable(tableId: string, db: Tx | PrismaService = this.prisma): Promise<number | null> {
    const t = await db.challengeTable.findUnique({ where: { id: tableId }, select: { challenge: { select: { turnMs: true } } } });
    return t?.challenge.turnMs ?? null;
  }

  /** Every challenge game still being played at a table still playing, with its clock runs (the turn clock's recovery sweep). */
  playingGamesWithClocks() {
    return this.prisma.game.findMany({
      where: { status: 'playing', table: { status: 'playing' } },
      select: { id: true, version: true, updatedAt: true, tableId: true, dealClosesAt: true, timeouts: { select: { version: true, attempt: true, createdAt: true } } },
    });
  }

  /** The major stalling violation of a forfeit by the clock: its audit entry, and the conduct ledger's row (one per game and seat). */
  async recordStalling(tx: Tx, game: { id: string; tableId: string | null }, seat: number, tickets: number): Promise<void> {
    const seatRow = game.tableId ? await tx.tableSeat.findFirst({ where: { tableId: game.tableId, seat } }) : null;
    const reason = `${tickets} turn-clock run-outs in one game: the game is forfeited (major stalling violation)`;
    await recordAudit(tx, { action: 'conduct.stalling', entityType: 'game', entityId: game.id, reason, data: { seat, userId: seatRow?.userId ?? null, severity: 'major', tickets } });
    if (seatRow) {
      await recordViolationOnce(tx, { userId: seatRow.userId, kind: 'stalling', gameId: game.id, reason, details: { seat, severity: 'major', tickets }, dedupeKey: `stalling:${game.id}:${seat}` });
    }
  }

  /** A table's seats and current game id, read outside any transaction (where its live events go). */
  async tableAudience(tableId: string): Promise<{ seats: SeatRow[]; gameId: string | null }> {
    const [seats, game] = await Promise.all([this.seatRows(this.prisma, tableId), this.currentGame(this.prisma, tableId)]);
    return { seats, gameId: game?.id ?? null };
  }

  /** Whether the player sits at any table of the challenge (such a player never directs it). */
  isSeated(tx: Tx, challengeId: string, userId: string): Promise<boolean> {
    return tx.tableSeat.count({ where: { userId, table: { challengeId } } }).then((n) => n > 0);
  }

  /**
   * A challenge not completed or cancelled that both players are in (registered, waitlisted or
   * seated at one of its tables), or null.
   */
  async sharedOpenChallenge(tx: Tx, a: string, b: string): Promise<string | null> {
    const [row] = await tx.$queryRaw<{ id: string }[]>`
      WITH inside AS (
        SELECT challenge_id, user_id FROM registrations
        WHERE user_id IN (${a}::uuid, ${b}::uuid) AND status IN ('registered', 'waitlisted')
        UNION
        SELECT t.challenge_id, s.user_id FROM table_seats s JOIN challenge_tables t ON t.id = s.table_id
        WHERE s.user_id IN (${a}::uuid, ${b}::uuid)
      )
      SELECT c.id FROM challenges c
      WHERE c.status NOT IN ('completed', 'cancelled')
        AND EXISTS (SELECT 1 FROM inside i WHERE i.challenge_id = c.id AND i.user_id = ${a}::uuid)
        AND EXISTS (SELECT 1 FROM inside i WHERE i.challenge_id = c.id AND i.user_id = ${b}::uuid)
      ORDER BY c.starts_at DESC LIMIT 1`;
    return row?.id ?? null;
  }

  /** The player's seat at a table of the challenge still playing, if any. */
  playingSeat(tx: Tx, challengeId: string, userId: string): Promise<TableSeat | null> {
    return tx.tableSeat.findFirst({ where: { userId, table: { challengeId, status: 'playing' } } });
  }

  // ------------------------------------------------------------------ games

  /** The table's current game (the latest dealt), locked if asked. */
  async currentGame(tx: Tx | PrismaService, tableId: string, lock = false): Promise<Game | null> {
    const g = await tx.game.findFirst({ where: { tableId }, orderBy: { startedAt: 'desc' }, select: { id: true } });
    if (!g) return null;
    return lock ? this.games.lock(tx as Tx, g.id) : this.games.find(g.id, tx as Tx);
  }

  /** Ids of the games of a challenge still being played. */
  playingGames(tx: Tx, challengeId: string): Promise<{ id: string }[]> {
    return tx.game.findMany({ where: { status: 'playing', table: { challengeId } }, select: { id: true } });
  }

  // ------------------------------------------------------------------ tiebreaks

  createTiebreak(tx: Tx, d: { challengeId: string; tableId: string; players: string[]; state: unknown; closesAt: Date; version: number }): Promise<Tiebreak> {
    return tx.tiebreak.create({ data: { challengeId: d.challengeId, tableId: d.tableId, players: json(d.players), state: json(d.state), closesAt: d.closesAt, version: d.version } });
  }

  tiebreak(id: string): Promise<Tiebreak | null> {
    return this.prisma.tiebreak.findUnique({ where: { id } });
  }

  tiebreakTable(tx: Tx, id: string): Promise<string | null> {
    return tx.tiebreak.findUnique({ where: { id }, select: { tableId: true } }).then((t) => t?.tableId ?? null);
  }

  async updateTiebreak(tx: Tx, id: string, state: { version: number }, extra: { closesAt?: Date; decidedAt?: Date } = {}): Promise<void> {
    await tx.tiebreak.update({ where: { id }, data: { state: json(state), version: state.version, ...extra } });
  }

  /** The table's open draws end (a void or a correction decides the table otherwise). */
  async closeOpenTiebreaks(tx: Tx, tableId: string, at: Date): Promise<void> {
    await tx.tiebreak.updateMany({ where: { tableId, decidedAt: null }, data: { decidedAt: at } });
  }

  // ------------------------------------------------------------------ notices and audit

  /** Stores the notices; answers them as stored, each in its recipient's language (what the live push carries). */
  notify(tx: Tx, notices: FlowNotice[]): Promise<readonly FlowNotice[]> {
    return storeNotifications(tx, notices);
  }

  async audit(tx: Tx, a: FlowAudit): Promise<void> {
    await recordAudit(tx, { actorId: a.actorId ?? null, action: a.action, entityType: a.entityType, entityId: a.entityId, reason: a.reason ?? null, data: json(a.data) });
  }

  // ------------------------------------------------------------------ recovery (outside any step's transaction)

  async dueTimers(): Promise<{
    running: Pick<Round, 'id' | 'hardStopAt'>[];
    pending: Pick<Round, 'id' | 'startsAt'>[];
    undecided: { id: string }[];
    draws: Pick<Tiebreak, 'id' | 'version' | 'closesAt'>[];
  }> {
    const running = await this.prisma.round.findMany({ where: { status: 'running' }, select: { id: true, hardStopAt: true } });
    const pending = await this.prisma.round.findMany({ where: { status: 'pending' }, select: { id: true, startsAt: true } });
    // Tables and draws of running rounds only: a cancelled challenge's are left as they were and never decided.
    const undecided = await this.prisma.challengeTable.findMany({ where: { status: 'playing', round: { status: 'running' }, games: { some: { status: 'finished' } } }, select: { id: true } });
    const draws = await this.prisma.tiebreak.findMany({
      where: { decidedAt: null, OR: [{ tableId: null }, { table: { round: { status: 'running' } } }] },
      select: { id: true, version: true, closesAt: true },
    });
    return { running, pending, undecided, draws };
  }
}

import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { Game, Prisma } from '@dcs/db';
import { createGame, type GameState } from '@dcs/engine';
import { PrismaService } from '@dcs/common';

export type Tx = Prisma.TransactionClient;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface SeatRow {
  seat: number;
  userId: string;
}

@Injectable()
export class GamesRepository {
  constructor(readonly prisma: PrismaService) {}

  find(id: string): Promise<Game | null> {
    return this.prisma.game.findUnique({ where: { id } });
  }

  async seats(tableId: string | null): Promise<SeatRow[]> {
    if (!tableId) return [];
    return this.prisma.tableSeat.findMany({ where: { tableId }, select: { seat: true, userId: true }, orderBy: { seat: 'asc' } });
  }

  /** The people seated at a game's table: a challenge table's seats, or a house table's seats held by people (computer seats have no user). */
  async seatsOfGame(game: { tableId: string | null; houseTableId?: string | null }): Promise<SeatRow[]> {
    if (game.tableId) return this.seats(game.tableId);
    if (!game.houseTableId) return [];
    const rows = await this.prisma.houseSeat.findMany({ where: { tableId: game.houseTableId, userId: { not: null } }, select: { seat: true, userId: true }, orderBy: { seat: 'asc' } });
    return rows.map((r) => ({ seat: r.seat, userId: r.userId! }));
  }

  /** SPEC 7: a reviewer's or admin's read of an ended game's hidden tiles, in the append-only audit log. */
  async auditHiddenTilesRead(gameId: string, actorId: string, data: { roles: string[]; seat: number | null }): Promise<void> {
    await this.prisma.auditLog.create({ data: { actorId, action: 'game.hidden-tiles.read', entityType: 'game', entityId: gameId, data } });
  }

  /** Deals a new tournament game for a table from a fresh secret seed; its SHA-256 is public at once (SPEC 3.3). */
  createTournamentGame(tx: Tx, tableId: string | null, players: number): Promise<Game> {
    const seed = randomBytes(32).toString('hex');
    const created = createGame({ ruleset: 'dcs-tournament', players, seed });
    if (!created.ok) throw new Error(`cannot create a ${players}-player game: ${created.error.message}`);
    const state = created.state;
    return tx.game.create({
      data: { tableId, ruleset: 'dcs-tournament', players, seed, seedHash: sha256(seed), state: state as unknown as Prisma.InputJsonValue, version: state.version },
    });
  }

  /** Deals a house table's game (SPEC 8.1) from a fresh secret seed; the engine validates the ruleset's settings. */
  createHouseGame(tx: Tx, houseTableId: string, opts: { ruleset: string; players: number; partners: boolean; settings: Record<string, unknown> }): Promise<Game> {
    const seed = randomBytes(32).toString('hex');
    const created = createGame({ ...opts, seed });
    if (!created.ok) throw new Error(`cannot deal a ${opts.ruleset} game: ${created.error.message}`);
    const state = created.state;
    return tx.game.create({
      data: { houseTableId, ruleset: opts.ruleset, players: opts.players, seed, seedHash: sha256(seed), state: state as unknown as Prisma.InputJsonValue, version: state.version },
    });
  }

  /** Ends a game without a player action (hard stop): the new state, no action row; the caller audits it. */
  async saveSystemChange(tx: Tx, game: Game, next: GameState): Promise<void> {
    const updated = await tx.game.updateMany({
      where: { id: game.id, version: game.version },
      data: { state: next as unknown as Prisma.InputJsonValue, version: next.version, ...(next.finished ? { status: 'finished' as const, finishedAt: new Date() } : {}) },
    });
    if (updated.count !== 1) throw new Error(`game ${game.id} changed under a lock`);
  }

  /** Locks the game row for the rest of the transaction (concurrent moves queue up here). */
  async lock(tx: Tx, id: string): Promise<Game | null> {
    await tx.$queryRaw`SELECT id FROM games WHERE id = ${id}::uuid FOR UPDATE`;
    return tx.game.findUnique({ where: { id } });
  }

  /** Writes the new state (compare-and-set on the version) and appends the action, in the caller's transaction. */
  async saveMove(
    tx: Tx,
    game: Game,
    next: GameState,
    action: { seat: number; userId: string | null; action: Prisma.InputJsonValue; requestId?: string; decisionMs: number | null },
  ): Promise<void> {
    const updated = await tx.game.updateMany({
      where: { id: game.id, version: game.version },
      data: {
        state: next as unknown as Prisma.InputJsonValue,
        version: next.version,
        ...(next.finished ? { status: 'finished' as const, finishedAt: new Date() } : {}),
      },
    });
    if (updated.count !== 1) throw new Error(`game ${game.id} changed under a lock`);
    await tx.gameAction.create({ data: { gameId: game.id, version: next.version, ...action } });
  }
}

import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import { recordAudit } from './audit/audit-log.repository';

export type Tx = Prisma.TransactionClient;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface SeatRow {
  seat: number;
  userId: string;
}

/**
 * Who sits at a game, the audit of a hidden-tile read, and the open draw of a game's table. The game
 * rows themselves (state, version, the action log) belong to GameStore (games/game.store.ts).
 */
@Injectable()
export class GamesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The table's 6-4/5-5 draw still open, if any. */
  async openTiebreakId(tableId: string): Promise<string | null> {
    const tb = await this.prisma.tiebreak.findFirst({ where: { tableId, decidedAt: null }, orderBy: { createdAt: 'desc' }, select: { id: true } });
    return tb?.id ?? null;
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
    await recordAudit(this.prisma, { actorId, action: 'game.hidden-tiles.read', entityType: 'game', entityId: gameId, data });
  }
}

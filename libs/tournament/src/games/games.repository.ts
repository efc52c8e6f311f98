import { Injectable } from '@nestjs/common';
import { PrismaService } from '@dcs/common';
import { recordAudit } from '../audit/audit-log.repository';

export interface SeatRow {
  seat: number;
  userId: string;
}

/**
 * The audit of a hidden-tile read. Who sits at a game is its
 * table's (TableHosts.seatsOfGame); the game rows themselves (state, version, the action log) belong
 * to GameStore (games/game.store.ts).
 */
@Injectable()
export class GamesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** SPEC 7: a reviewer's or admin's read of an ended game's hidden tiles, in the append-only audit log. */
  async auditHiddenTilesRead(gameId: string, actorId: string, data: { roles: string[]; seat: number | null }): Promise<void> {
    await recordAudit(this.prisma, { actorId, action: 'game.hidden-tiles.read', entityType: 'game', entityId: gameId, data });
  }
}

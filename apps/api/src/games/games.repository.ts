import { Injectable } from '@nestjs/common';
import type { Game, GameAction, Prisma } from '@dcs/db';
import type { GameState } from '@dcs/engine';
import { PrismaService } from '@dcs/common';

export type Tx = Prisma.TransactionClient;

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

  create(tx: Tx, data: { tableId: string | null; ruleset: string; players: number; seed: string; seedHash: string; state: GameState }): Promise<Game> {
    return tx.game.create({ data: { ...data, state: data.state as unknown as Prisma.InputJsonValue, version: data.state.version } });
  }

  /** Locks the game row for the rest of the transaction (concurrent moves queue up here). */
  async lock(tx: Tx, id: string): Promise<Game | null> {
    await tx.$queryRaw`SELECT id FROM games WHERE id = ${id}::uuid FOR UPDATE`;
    return tx.game.findUnique({ where: { id } });
  }

  actionByRequest(tx: Tx, gameId: string, requestId: string): Promise<GameAction | null> {
    return tx.gameAction.findUnique({ where: { gameId_requestId: { gameId, requestId } } });
  }

  actionAt(tx: Tx, gameId: string, version: number): Promise<GameAction | null> {
    return tx.gameAction.findUnique({ where: { gameId_version: { gameId, version } } });
  }

  lastActionTime(tx: Tx, gameId: string): Promise<Date | null> {
    return tx.gameAction.findFirst({ where: { gameId }, orderBy: { version: 'desc' }, select: { createdAt: true } }).then((a) => a?.createdAt ?? null);
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

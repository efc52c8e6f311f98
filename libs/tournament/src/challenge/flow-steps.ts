import type { Logger } from '@nestjs/common';
import type { ChallengeTable } from '@dcs/db';

import * as say from './challenge.messages';
import type { ChallengeRepository } from './challenge.repository';
import type { Tx } from '@dcs/common';

/** A follow-up step taken at once that a queued timer also covers: its failure is logged, not thrown at the caller. */
export async function guarded(logger: Logger, what: string, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (err) {
    logger.warn(`${what} failed (${(err as Error).message}); its queued timer takes it`);
  }
}

/** Where a table's live events go: its challenge room, its game's room and every seat's user room. */
export async function tableRooms(repo: ChallengeRepository, tx: Tx, table: Pick<ChallengeTable, 'id' | 'challengeId'>, gameId?: string | null): Promise<string[]> {
  const seats = await repo.seatRows(tx, table.id);
  const game = gameId === undefined ? ((await repo.currentGame(tx, table.id))?.id ?? null) : gameId;
  return say.tableRooms(table.challengeId, game, seats.map((s) => s.userId));
}

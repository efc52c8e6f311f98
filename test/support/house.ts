import type { PrismaService } from '@dcs/common';
import type { Action } from '@dcs/engine';
import { botTurnDraw, type BotLevel } from '@dcs/house';

/** A move request from an engine action (what a client sends). */
export const moveBody = (version: number, a: Action) => ({ version, type: a.type, ...('tile' in a ? { tile: a.tile } : {}), ...('end' in a && a.end ? { end: a.end } : {}) });

/** A time an hour from now: a clock job run then finds any deadline passed. */
export const FAR = () => new Date(Date.now() + 3_600_000);

/**
 * Fixture: gives a house table a seed under which the computer seat of `level` on turn at (version, attempt)
 * draws what the test needs (`runOut`), since SPEC 8.6 lets a computer run out only when its seeded generator
 * says so. Returns the seed.
 */
export async function seedComputerTurn(prisma: PrismaService, tableId: string, gameId: string, at: { version: number; attempt: number; level: BotLevel }, runOut: boolean): Promise<string> {
  let seed = '';
  for (let i = 0; !seed; i++) if (botTurnDraw(`seed-${i}`, gameId, at.version, at.attempt, at.level, 20_000).runOut === runOut) seed = `seed-${i}`;
  await prisma.houseTable.update({ where: { id: tableId }, data: { botSeed: seed } });
  return seed;
}

import { Prisma } from '@dcs/db';
import type { PrismaService } from '@dcs/common';
import { apply, createGameFromRecordHeader, startHand, type GameRecord, type GameState } from '@dcs/engine';
import type { GameStore } from '@dcs/tournament';
import { playSimGame, type SimPlayer } from '@dcs/anticheat/sim';

/** The final state of a record, replayed by the engine (what the live table would have stored). */
export function replayState(record: GameRecord): GameState {
  const created = createGameFromRecordHeader(record);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  for (const h of record.hands) {
    const s = startHand(state, h.deal, h.yard);
    if (!s.ok) throw new Error(s.error.message);
    state = s.state;
    for (const a of h.actions) {
      const r = apply(state, a);
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
  }
  return state;
}

/**
 * A finished challenge game at a new table of the round, played by simulated players (in seat
 * order) and stored as the live table would have stored it: the final state and every action
 * with its decision time. `startedAt`/`finishedAt` default to the database's now.
 */
export async function storeSimulatedGame(
  prisma: PrismaService,
  games: GameStore,
  at: { roundId: string; challengeId: string; index: number },
  players: { userId: string; sim: SimPlayer }[],
  seed: string,
  times: { startedAt?: Date; finishedAt?: Date } = {},
): Promise<string> {
  const table = await prisma.challengeTable.create({ data: { challengeId: at.challengeId, roundId: at.roundId, index: at.index, status: 'finished' } });
  await prisma.tableSeat.createMany({ data: players.map((p, seat) => ({ tableId: table.id, seat, userId: p.userId, seed: at.index * 4 + seat + 1 })) });
  const game = await prisma.$transaction((tx) => games.deal(tx, { kind: 'challenge', id: table.id }, { ruleset: 'dcs-tournament', players: 4 }));
  const sim = playSimGame(
    players.map((p) => ({ ...p.sim, id: p.userId })),
    seed,
  );
  const state = replayState(sim.record);
  await prisma.game.update({
    where: { id: game.id },
    data: { state: state as unknown as Prisma.InputJsonValue, version: state.version, status: 'finished', finishedAt: times.finishedAt ?? new Date(), ...(times.startedAt ? { startedAt: times.startedAt } : {}) },
  });
  let version = 0;
  const rows = sim.record.hands.flatMap((h, hi) => h.actions.map((a, ai) => ({ gameId: game.id, version: ++version, seat: a.seat, userId: players[a.seat].userId, action: a as unknown as Prisma.InputJsonValue, decisionMs: sim.decisionMs[hi][ai] })));
  await prisma.gameAction.createMany({ data: rows });
  return game.id;
}

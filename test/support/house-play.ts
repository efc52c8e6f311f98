import { AppError } from '@dcs/common';
import { createBot, currentHand, type Action } from '@dcs/engine';
import { GameMoveService } from '@dcs/tournament';
import { storedGame, TestApi } from './api';

/** A move request from an engine action (what a client sends). */
export const moveBody = (version: number, a: Action) => ({ version, type: a.type, ...('tile' in a ? { tile: a.tile } : {}), ...('end' in a && a.end ? { end: a.end } : {}) });

/**
 * Plays a house game to its end with the greedy bot's choices: people through POST
 * /api/games/:id/actions with their own tokens, computer seats through the one move service as the
 * worker does. Its last move settles the table (the move service settles a game its move ended).
 * The worker plays computer seats too: when it took a computer turn first, the helper's move for it is
 * refused STALE_VERSION (the move compare-and-set), and the helper reads the game again.
 */
export async function playHouseGame(api: TestApi, gameId: string, people: Map<number, { token: string }>): Promise<void> {
  const greedy = createBot('greedy');
  const mover = api.app.get(GameMoveService);
  for (let i = 0; i < 2000; i++) {
    const g = await storedGame(api.app, gameId);
    if (g.status === 'finished') return;
    const seat = currentHand(g.state)!.turn!;
    const body = moveBody(g.version, greedy.choose(g.state, seat));
    const p = people.get(seat);
    if (p) await api.http().post(`/api/games/${gameId}/actions`).set({ Authorization: `Bearer ${p.token}` }).send(body).expect(200);
    else
      await mover.move(gameId, { system: true, seat }, body).catch((err: unknown) => {
        if (!(err instanceof AppError && err.code === 'STALE_VERSION')) throw err;
      });
  }
  throw new Error(`house game ${gameId} did not end`);
}

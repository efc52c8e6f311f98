import { INestApplication } from '@nestjs/common';
import { PrismaService } from '@dcs/common';
import { greedyBot, playerView, seedRng, type GameState } from '@dcs/engine';
import { GamesService } from '../../apps/api/src/games/games.service';

/**
 * Plays a game to its end through the same service as POST /games/:id/actions,
 * each seat's move chosen by the greedy bot from that seat's own view.
 */
export async function playOut(app: INestApplication, gameId: string, maxMoves = 5000): Promise<number> {
  const prisma = app.get(PrismaService);
  const games = app.get(GamesService);
  const game = await prisma.game.findUniqueOrThrow({ where: { id: gameId } });
  const seats = await prisma.tableSeat.findMany({ where: { tableId: game.tableId! } });
  const bot = greedyBot();
  const rng = seedRng(`play-${gameId}`);
  let moves = 0;
  for (;;) {
    const g = await prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    const state = g.state as unknown as GameState;
    if (state.finished) return moves;
    const hand = state.hands[state.hands.length - 1];
    const seat = hand.turn!;
    const action = bot.decide(playerView(state, seat), rng);
    const user = seats.find((s) => s.seat === seat)!;
    await games.act({ id: user.userId, email: '', displayName: '', roles: ['competitor'] }, gameId, {
      type: action.type as 'play' | 'knock' | 'draw' | 'reshuffle',
      tile: 'tile' in action ? action.tile : undefined,
      end: 'end' in action ? action.end : undefined,
      version: state.version,
    });
    if (++moves > maxMoves) throw new Error(`game ${gameId} did not end in ${maxMoves} moves`);
  }
}

/** Plays every table of the challenge that is playing, until none is. */
export async function playRunningTables(app: INestApplication, challengeId: string): Promise<number> {
  const prisma = app.get(PrismaService);
  const tables = await prisma.challengeTable.findMany({ where: { challengeId, status: 'playing' }, include: { games: { where: { status: 'playing' } } } });
  let played = 0;
  for (const t of tables) for (const g of t.games) played += await playOut(app, g.id);
  return played;
}

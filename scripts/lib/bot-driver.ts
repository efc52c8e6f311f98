/**
 * Bot players for simulations, benches and tests: each move is chosen from the seat's own
 * view and sent through the same service as POST /api/games/:id/actions.
 */
import { INestApplication } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppError, PrismaService } from '@dcs/common';
import { FairDeal, GameStore } from '@dcs/tournament';
import { apply, Bot, createBot, playerView, seedRng, type BotName, type GameState } from '@dcs/engine';
import { GamesService } from '../../apps/api/src/games/games.service';

export interface DriveStats {
  moves: number;
  /** milliseconds of each move's service call (one transaction each) */
  latencies: number[];
  /**
   * The move that ended the game that ended last (when it returned, and how long it took): its call
   * decides the table and, when it was a round's last table, starts the next round (SPEC 3.5).
   */
  lastMove?: { at: number; ms: number };
}

/**
 * One bot for every seat (by name; its randomness from the game's id), or a bot per seat with each seat's
 * randomness from `seed` as the engine's own playGame draws it (the same deal and bots play the same game).
 */
export type Players = BotName | { bots: Bot[]; seed: string };

export interface PlayOptions {
  /**
   * Each seated bot sends its part of the deal as the live page does by itself on seating (docs/rules.md, "Deals no one can
   * steer"): the window closes when the last part is in, not after CONTRIBUTION_WINDOW_MS. Derived from the game and the seat,
   * so a run deals alike each time it sends the same parts. Off: the bots send nothing and wait out the window.
   */
  contribute?: boolean;
}

/** What a seated bot sends as its part of the deal (64 hex, as the page's 32 random bytes). */
const botContribution = (gameId: string, seat: number) => createHash('sha256').update(`bot-contribution/${gameId}/${seat}`).digest('hex');

/** Every seated person's part of the deal; a window already closed (or a game dealt at once) is no error here. */
async function contributeAll(app: INestApplication, gameId: string, seats: { seat: number; userId: string }[]): Promise<void> {
  const fair = app.get(FairDeal);
  await Promise.all(
    seats.map((s) =>
      fair.contribute(s.userId, gameId, { contribution: botContribution(gameId, s.seat) }).catch((err: unknown) => {
        if (!(err instanceof AppError && ['CONTRIBUTION_CLOSED', 'CONTRIBUTION_ALREADY_SENT'].includes(err.code))) throw err;
      }),
    ),
  );
}

export async function playOut(app: INestApplication, gameId: string, players: Players = 'greedy', stats?: DriveStats, maxMoves = 5000, opts: PlayOptions = {}): Promise<number> {
  const prisma = app.get(PrismaService);
  const store = app.get(GameStore);
  const games = app.get(GamesService);
  const current = async () => {
    const g = await store.find(gameId);
    if (!g) throw new Error(`no game ${gameId}`);
    return g;
  };
  // Deals no one can steer (issue 24): while the players' contribution window is open nothing is dealt. With
  // `contribute` the bots send their parts (the last one deals at once); without, their seats give '' and they
  // play once the worker has dealt the game at the window's end.
  if (opts.contribute) {
    const row = await prisma.game.findUniqueOrThrow({ where: { id: gameId }, select: { dealClosesAt: true, tableId: true } });
    if (row.dealClosesAt && row.tableId) await contributeAll(app, gameId, await prisma.tableSeat.findMany({ where: { tableId: row.tableId }, select: { seat: true, userId: true } }));
  }
  for (;;) {
    const row = await prisma.game.findUniqueOrThrow({ where: { id: gameId }, select: { dealClosesAt: true } });
    if (!row.dealClosesAt) break;
    await new Promise((r) => setTimeout(r, Math.min(500, Math.max(50, row.dealClosesAt!.getTime() - Date.now() + 50))));
  }
  const game = await current();
  const seats = await prisma.tableSeat.findMany({ where: { tableId: game.tableId! } });
  const bots: Bot[] = typeof players === 'string' ? [createBot(players)] : players.bots;
  const rngs = typeof players === 'string' ? [seedRng(`play-${gameId}`)] : players.bots.map((_, seat) => seedRng(`${players.seed}/bot/${seat}`));
  let moves = 0;
  let state = game.state as unknown as GameState;
  while (!state.finished) {
    const hand = state.hands[state.hands.length - 1];
    const seat = hand.turn!;
    const action = bots[seat % bots.length].decide(playerView(state, seat), rngs[seat % rngs.length]);
    const user = seats.find((s) => s.seat === seat)!;
    const t0 = performance.now();
    const res = await games.act({ id: user.userId, email: '', displayName: '', roles: ['competitor'] }, gameId, {
      type: action.type as 'play' | 'knock' | 'draw' | 'reshuffle',
      tile: 'tile' in action ? action.tile : undefined,
      end: 'end' in action ? action.end : undefined,
      version: state.version,
    });
    const t1 = performance.now();
    stats?.latencies.push(t1 - t0);
    if (stats) stats.moves++;
    if (stats && res.status !== 'playing' && !(stats.lastMove && stats.lastMove.at > t1)) stats.lastMove = { at: t1, ms: t1 - t0 };
    // The driver follows the game by applying the same move to its own copy (the engine is
    // deterministic); it reads the stored game only if that copy is not the server's version.
    const local = apply(state, action);
    const serverVersion = (res.view as { version: number }).version;
    state = local.ok && local.state.version === serverVersion
      ? local.state
      : ((await current()).state as unknown as GameState);
    if (++moves > maxMoves) throw new Error(`game ${gameId} did not end in ${maxMoves} moves`);
  }
  return moves;
}

/**
 * Plays every table of the challenge that is playing, the tables concurrently. `afterGame`: what the
 * table's players do once its game has ended (a simulation's tied bots take part in the table's draw
 * at once, while the other tables still play).
 */
export async function playRunningTables(app: INestApplication, challengeId: string, botName: BotName = 'greedy', stats?: DriveStats, afterGame?: (tableId: string) => Promise<void>, opts: PlayOptions = {}): Promise<number> {
  const prisma = app.get(PrismaService);
  const tables = await prisma.challengeTable.findMany({ where: { challengeId, status: 'playing' }, include: { games: { where: { status: 'playing' }, select: { id: true } } } });
  const counts = await Promise.all(
    tables.flatMap((t) =>
      t.games.map(async (g) => {
        const moves = await playOut(app, g.id, botName, stats, 5000, opts);
        await afterGame?.(t.id);
        return moves;
      }),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * `npm run bench:moves [-- --quick] [-- --json] [-- --games N] [-- --seconds S] [-- --runs R]`
 *
 * A move's storage cost (issue 17): N concurrent games (16) played by seeded bots on a throwaway
 * database, side by side in one run, R rounds (3) of S seconds each (15; --quick: 4):
 * - `baseline`: the minimal move transaction on the same tables, a version bump and the action insert
 *   in one statement (what pgbench measured at 2,807 tx/s), with no read and no state;
 * - `store`: the real move transaction of GameStore.withGame (what GameMoveService runs): the game
 *   from the store (its cache, or a read), the engine's apply, the compare-and-set save that writes
 *   the version bump and the action, plus a full snapshot at hand boundaries and at the end;
 * - `rewrite`: the design before this store, for reference: a read of the whole state and a save
 *   that rewrites it whole (TOASTed) with every move.
 * Prints transactions/s of each (median of the rounds and the spread), the store's share of the
 * baseline, how many store moves wrote a snapshot, the cache hit rate, and the cold read of a game
 * (an empty cache: snapshot plus its tail replayed) in ms. Asserts nothing.
 */
import 'reflect-metadata';
import { Pool } from 'pg';
import { createBot, currentHand, seedRng, type Action, type GameState, type RngState, apply, playerView } from '@dcs/engine';
import { loadConfig, PrismaService } from '@dcs/common';
import { GameStore } from '@dcs/tournament';
import { needsSnapshot } from '../libs/tournament/src/games/game-snapshot';
import { runBench, withThrowawayEnv } from '../scripts/lib/throwaway-env';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const asJson = args.includes('--json');
const num = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
};
const GAMES = num('games', 16);
const SECONDS = num('seconds', quick ? 4 : 15);
const RUNS = num('runs', 3);

type Mode = 'baseline' | 'store' | 'rewrite';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);

/** One lane: a game and the bots' moves of it, chosen before the clock starts (each from the seat's own view), so that the window measures storage, not the bots. */
interface Lane {
  gameId: string;
  state: GameState;
  actions: Action[];
  next: number;
}

const bot = createBot('greedy');
/** The whole game the bots will play from `state` (the engine is deterministic: the stored game follows the same path). */
function botGame(state: GameState, rng: RngState): Action[] {
  const actions: Action[] = [];
  for (let s = state; !s.finished; ) {
    const a = bot.decide(playerView(s, currentHand(s)!.turn!), rng);
    const r = apply(s, a);
    if (!r.ok) throw new Error(`bot move refused: ${r.error.message}`);
    actions.push(a);
    s = r.state;
  }
  return actions;
}

async function main(): Promise<void> {
  const log = (l: string) => process.stderr.write(`  ${l}\n`);
  await withThrowawayEnv(
    'bench_moves',
    async (t) => {
      const config = loadConfig({ ...process.env, DATABASE_URL: t.databaseUrl, REDIS_URL: t.redisUrl, QUEUE_PREFIX: t.queuePrefix, LOG_LEVEL: 'silent' });
      const prisma = new PrismaService(config);
      const pool = new Pool({ connectionString: t.databaseUrl, max: GAMES });
      let store = new GameStore(prisma, pool);
      let dealt = 0;
      let botMs = 0;
      const deal = async (): Promise<Lane> => {
        const g = await prisma.$transaction((tx) => store.deal(tx, null, { ruleset: 'dcs-tournament', players: 4 }));
        const state = g.state as unknown as GameState;
        const c0 = performance.now();
        const actions = botGame(state, seedRng(`bench-moves-${dealt++}`));
        // The bots' thinking holds this process's one thread: no lane moves meanwhile.
        botMs += performance.now() - c0;
        return { gameId: g.id, state, actions, next: 0 };
      };
      const dealLanes = async (): Promise<Lane[]> => {
        const lanes: Lane[] = [];
        for (let i = 0; i < GAMES; i++) lanes.push(await deal());
        return lanes;
      };
      const counts = { snapshots: 0, storeMoves: 0 };
      const storeGames = new Set<string>();

      /** One move of the lane's game in the given mode; returns the state after it. */
      const move = async (mode: Mode, lane: Lane): Promise<GameState> => {
        const action = lane.actions[lane.next++];
        if (mode === 'baseline') {
          const r = apply(lane.state, action);
          if (!r.ok) throw new Error(r.error.message);
          const w = await pool.query(
            `WITH moved AS (UPDATE games SET version = version + 1, updated_at = now() WHERE id = $1 AND version = $2 RETURNING id, version)
             INSERT INTO game_actions (id, game_id, version, seat, action) SELECT gen_random_uuid(), id, version, $3, $4::jsonb FROM moved`,
            [lane.gameId, lane.state.version, action.seat, JSON.stringify(action)],
          );
          if (w.rowCount !== 1) throw new Error('baseline: lost the compare-and-set');
          return r.state;
        }
        if (mode === 'rewrite') {
          const { rows } = await pool.query<{ state: GameState; version: number }>('SELECT state, version FROM games WHERE id = $1', [lane.gameId]);
          const r = apply(rows[0].state, action, { expectedVersion: rows[0].version });
          if (!r.ok) throw new Error(r.error.message);
          const w = await pool.query(
            `WITH moved AS (UPDATE games SET state = $2::jsonb, version = $3, updated_at = now() WHERE id = $1 AND version = $4 RETURNING id)
             INSERT INTO game_actions (id, game_id, version, seat, action) SELECT gen_random_uuid(), moved.id, $3, $5, $6::jsonb FROM moved`,
            [lane.gameId, JSON.stringify(r.state), r.state.version, rows[0].version, action.seat, JSON.stringify(action)],
          );
          if (w.rowCount !== 1) throw new Error('rewrite: lost the compare-and-set');
          return r.state;
        }
        const next = await store.withGame(lane.gameId, async (tx) => {
          const r = apply(tx.game.state, action, { expectedVersion: lane.state.version });
          if (!r.ok) throw new Error(r.error.message);
          if (needsSnapshot(tx.game.state, r.state)) counts.snapshots++;
          await tx.save(r.state, { seat: action.seat, userId: null, action, decisionMs: null });
          return r.state;
        });
        counts.storeMoves++;
        storeGames.add(lane.gameId);
        return next!;
      };

      /** GAMES lanes for SECONDS: moves per second (a lane whose game ends moves on to a new game, dealt outside the clock). */
      const run = async (mode: Mode): Promise<number> => {
        const lanes = await dealLanes();
        let moves = 0;
        let paused = 0;
        botMs = 0;
        const t0 = performance.now();
        const until = t0 + SECONDS * 1000;
        await Promise.all(
          lanes.map(async (lane) => {
            while (performance.now() < until) {
              lane.state = await move(mode, lane);
              moves++;
              if (lane.state.finished) {
                const p0 = performance.now();
                Object.assign(lane, await deal());
                paused += performance.now() - p0;
              }
            }
          }),
        );
        // A lane dealing its next game is out of the race for that time (an average lane's share), and the bots' moves (synchronous) stopped every lane.
        const wall = (performance.now() - t0 - (paused - botMs) / GAMES - botMs) / 1000;
        return moves / wall;
      };

      // Warm-up: connections, plans, the JIT.
      log(`warming up (${GAMES} games)`);
      for (const mode of ['baseline', 'store', 'rewrite'] as const) await runFor(mode, 1);
      async function runFor(mode: Mode, seconds: number): Promise<void> {
        const lanes = await dealLanes();
        const until = performance.now() + seconds * 1000;
        await Promise.all(lanes.map(async (lane) => {
          while (performance.now() < until && !lane.state.finished) lane.state = await move(mode, lane);
        }));
      }

      const tps: Record<Mode, number[]> = { baseline: [], store: [], rewrite: [] };
      const before = store.cacheStats();
      counts.snapshots = 0;
      counts.storeMoves = 0;
      for (let i = 0; i < RUNS; i++) {
        for (const mode of ['baseline', 'store', 'rewrite'] as const) {
          tps[mode].push(await run(mode));
          log(`round ${i + 1}/${RUNS} ${mode}: ${tps[mode][i].toFixed(0)} tx/s`);
        }
      }
      const after = store.cacheStats();

      // A cold read: a store with an empty cache (another instance, a restart) reads the snapshot and replays its tail.
      const midHand = (await pool.query<{ id: string; tail: number }>(
        `SELECT g.id, g.version - (g.state->>'version')::int AS tail FROM games g WHERE g.status = 'playing' AND g.id = ANY($1::uuid[]) ORDER BY tail DESC LIMIT 50`,
        [[...storeGames]],
      )).rows;
      store = new GameStore(prisma, pool);
      const cold: number[] = [];
      for (const g of midHand) {
        const c0 = performance.now();
        await store.find(g.id);
        cold.push(performance.now() - c0);
      }
      const warm: number[] = [];
      for (const g of midHand) {
        const c0 = performance.now();
        await store.find(g.id);
        warm.push(performance.now() - c0);
      }
      const sizes = (await pool.query<{ avg: number; max: number; stored: number }>(
        `SELECT avg(octet_length(state::text))::int AS avg, max(octet_length(state::text)) AS max, avg(pg_column_size(state))::int AS stored FROM games WHERE status = 'finished'`,
      )).rows[0];

      const hits = after.hits - before.hits;
      const misses = after.misses - before.misses;
      const out = {
        games: GAMES,
        seconds: SECONDS,
        runs: RUNS,
        txPerSecond: Object.fromEntries((Object.keys(tps) as Mode[]).map((m) => [m, { median: Math.round(median(tps[m])), spread: Math.round(spread(tps[m])), runs: tps[m].map(Math.round) }])),
        storeShareOfBaseline: Number((median(tps.store) / median(tps.baseline)).toFixed(3)),
        rewriteShareOfBaseline: Number((median(tps.rewrite) / median(tps.baseline)).toFixed(3)),
        storeMovesWithSnapshot: Number((counts.snapshots / Math.max(1, counts.storeMoves)).toFixed(3)),
        cacheHitRate: Number((hits / Math.max(1, hits + misses)).toFixed(3)),
        coldRead: { games: midHand.length, longestTail: midHand[0]?.tail ?? 0, medianMs: Number(median(cold).toFixed(2)), maxMs: Number(Math.max(...cold).toFixed(2)), warmMedianMs: Number(median(warm).toFixed(2)) },
        finishedStateBytes: sizes,
      };
      if (asJson) {
        process.stdout.write(`${JSON.stringify(out)}\n`);
      } else {
        console.log(`move storage, ${GAMES} concurrent games, ${RUNS} rounds of ${SECONDS} s (median, spread):`);
        for (const m of ['baseline', 'store', 'rewrite'] as const) console.log(`  ${m.padEnd(8)} ${String(out.txPerSecond[m].median).padStart(6)} tx/s  ±${out.txPerSecond[m].spread}  (${out.txPerSecond[m].runs.join(', ')})`);
        console.log(`  store / baseline: ${(out.storeShareOfBaseline * 100).toFixed(1)} %   rewrite / baseline: ${(out.rewriteShareOfBaseline * 100).toFixed(1)} %`);
        console.log(`  store moves that wrote a snapshot: ${(out.storeMovesWithSnapshot * 100).toFixed(1)} %; cache hit rate: ${(out.cacheHitRate * 100).toFixed(1)} %`);
        console.log(`  cold read (empty cache, snapshot + tail of up to ${out.coldRead.longestTail} actions): median ${out.coldRead.medianMs} ms, max ${out.coldRead.maxMs} ms; warm: ${out.coldRead.warmMedianMs} ms`);
        console.log(`  a finished game's state: ${sizes.avg} B of JSON on average (max ${sizes.max}), ${sizes.stored} B stored`);
      }
      await pool.end();
      await prisma.$disconnect();
    },
    process.env,
    asJson ? () => undefined : log,
  );
}

runBench(main);

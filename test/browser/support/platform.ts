import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
/**
 * The whole platform for the browser tests, in one child process started by Playwright's
 * `webServer` (playwright.config.ts): a throwaway PostgreSQL database migrated from
 * prisma/migrations, its own Redis queue prefix, the real API (serving the built web app) and
 * the real worker, plus a small control server the journeys use to set up and drive challenges
 * the way the e2e suites do (test/support/challenge-fixtures.ts, scripts/lib/bot-driver.ts).
 * SIGTERM closes everything and drops the database and the Redis keys.
 *
 * Run with ts-node (transpile only, like ts-jest) and tsconfig-paths for the @dcs aliases.
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { INestApplication, INestApplicationContext } from '@nestjs/common';
import { AppError, JOBS, jobIds, jobOptions, loadConfig, PrismaService, QUEUES } from '@dcs/common';
import { ChallengeFlowService, GameStore, HouseService } from '@dcs/tournament';
import { hashPassword, sha256 } from '@dcs/common';
import { createApi } from '../../../apps/api/src/setup';
import { createWorker } from '../../../apps/worker/src/setup';
import { createBenchDatabase, dropBenchEnv } from '../../../scripts/lib/throwaway-env';
import { playOut } from '../../../scripts/lib/bot-driver';
import { apply, createBot, createGame, currentHand, dealSeed, expertBot, legalMoves, playerView, seedRng, type GameState } from '@dcs/engine';
import { blunderingExpert } from '@dcs/engine/analysis/blundering-expert';
import { FairDeal } from '@dcs/tournament/games/fair-deal.service';
import { GamesService } from '../../../apps/api/src/games/games.service';
import { challengeWithPlayers } from '../../support/challenge-fixtures';
import { TEST_PG_BASE, TEST_REDIS_URL } from '../../support/env';
import { PLAYER_PASSWORD, type ChallengeRequest, type CreatedChallenge, type CreatedUser, type OpenChallengeRequest, type SeasonRequest, type UserRequest } from './control-types';
import { seedSeason } from './season-fixture';
import { startReach } from './reach-routes';

const root = path.resolve(__dirname, '../../..');
const port = Number(process.env.BROWSER_API_PORT);
const controlPort = Number(process.env.BROWSER_CONTROL_PORT);
const dbName = `dcs_browser_${process.pid}_${randomBytes(3).toString('hex')}`;
const prefix = `test:${dbName}`;

async function main(): Promise<void> {
  await createBenchDatabase(TEST_PG_BASE, dbName);
  const databaseUrl = `${TEST_PG_BASE}/${dbName}`;
  execFileSync(path.join(root, 'node_modules/.bin/prisma'), ['migrate', 'deploy'], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'pipe' });
  const reach = await startReach(`http://127.0.0.1:${port}`);
  const config = loadConfig({
    ...reach.settings,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    JWT_SECRET: `browser-secret-${dbName}-0123456789abcdef`,
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    // A whole journey runs in a minute; nothing should be swept from under it.
    ANTICHEAT_SCAN_INTERVAL_MS: '3600000',
    // Computer seats at house tables play at bot speed (no think time).
    HOUSE_BOT_THINK_PERMILLE: '0',
    // A finished game's post-game analysis is judged within a second or two (the journey waits on it).
    // The post-game analysis runs in this process's worker beside the API: judged only where a journey asks (POST /blunder queues its game), not every game the journeys play.
    REVIEW_SCAN_INTERVAL_MS: '3600000',
    // Deals no one can steer: each page sends its contribution at the seating and the deal follows this window (5 s in production; a page that has just loaded needs a moment).
    CONTRIBUTION_WINDOW_MS: '4000',
    // Every journey signs up from 127.0.0.1: the registration limits are tested in security-signup.e2e-spec.ts.
    REGISTER_RATE_LIMIT_PER_ADDRESS: '100000',
    REGISTER_RATE_LIMIT_PER_NETWORK: '100000',
  });
  const api: INestApplication = await createApi(config, { webDist: path.join(root, 'apps/web/dist') });
  await api.listen(port, '127.0.0.1');
  const worker: INestApplicationContext = await createWorker(config);
  const prisma = api.get(PrismaService);
  const flow = api.get(ChallengeFlowService);
  const games = api.get(GamesService);
  const store = api.get(GameStore);
  const fairDeal = api.get(FairDeal);
  const botRuns = new Set<string>();
  /** The review job the worker's scan would queue for a finished game, queued now (the scan runs hourly here). */
  const queueReview = (gameId: string) =>
    worker.get<Queue>(getQueueToken(QUEUES.review), { strict: false }).add(JOBS.reviewGame, { gameId }, jobOptions(QUEUES.review, JOBS.reviewGame, jobIds.reviewGame(gameId)));

  /** Plays every seat of a game but `humanId`'s with the greedy bot, in the background, until the game ends. */
  const driveBots = async (gameId: string, humanId: string) => {
    const game = await prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    const seats = await prisma.tableSeat.findMany({ where: { tableId: game.tableId! } });
    const bot = createBot('greedy');
    const rng = seedRng(`browser-${gameId}`);
    botRuns.add(gameId);
    for (let i = 0; i < 20_000 && botRuns.has(gameId); i++) {
      const row = await store.find(gameId);
      const state = row?.state as unknown as GameState | undefined;
      if (!state || state.finished || row?.status !== 'playing') break;
      const seat = state.hands[state.hands.length - 1]?.turn;
      const user = seats.find((s) => s.seat === seat);
      if (seat === null || seat === undefined || !user || user.userId === humanId) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const action = bot.decide(playerView(state, seat), rng);
      await games
        .act({ id: user.userId, email: '', displayName: '', roles: ['competitor'] }, gameId, {
          type: action.type as 'play' | 'knock' | 'draw' | 'reshuffle',
          tile: 'tile' in action ? action.tile : undefined,
          end: 'end' in action ? action.end : undefined,
          version: state.version,
        })
        .catch(() => undefined);
    }
    botRuns.delete(gameId);
  };

  /**
   * Whether `human` must knock within their next `turns` turns whatever they play, the other seats
   * playing the greedy bot (deterministic: it uses no randomness). From the human's first turn on, which
   * must offer a play (the journey runs its clock out there with a legal tile showing).
   */
  const greedy = createBot('greedy');
  const noRandomness = seedRng('greedy-uses-none');
  const mustKnock = (start: GameState, human: number, turns: number, first: boolean): boolean => {
    let st = start;
    for (let step = 0; step < 400; step++) {
      if (st.finished) return false;
      const seat = currentHand(st)?.turn;
      if (seat === null || seat === undefined) return false;
      if (seat === human) break;
      const next = apply(st, greedy.decide(playerView(st, seat), noRandomness));
      if (!next.ok) return false;
      st = next.state;
    }
    if (currentHand(st)?.turn !== human) return false;
    const plays = legalMoves(st, human).filter((a) => a.type === 'play');
    if (plays.length === 0) return !first;
    if (turns === 0) return false;
    return plays.every((a) => {
      const next = apply(st, a);
      return next.ok && mustKnock(next.state, human, turns - 1, false);
    });
  };

  /**
   * Deals a fresh game (no move made yet) again, from the first seed `seedOf(i)` whose deal `accept`s. The
   * row's seed and published hash follow the deal, so the game stays provably fair. A game whose contribution
   * window is still open would be dealt once more when it closes, from sha256(seed + contributions): the
   * contributions are fixed here (a seat that sent none yet keeps '' and can send none later), the seed is chosen
   * for the deal they give, and the window is closed at once (its deal starts the first turn's clock, as it would).
   */
  const redeal = async (gameId: string, seedOf: (i: number) => string, accept: (dealt: GameState) => boolean = () => true) => {
    const windowOpen = await prisma.$transaction(async (tx) => {
      const game = await store.lock(tx, gameId);
      const state = game!.state as unknown as GameState;
      if (state.hands.length !== 1 || state.hands[0].actions.length > 0) throw new Error('the game has begun: it cannot be dealt again');
      const open = !!game!.dealClosesAt;
      const contributions = open ? ((game!.contributions as (string | null)[] | null) ?? []).map((c) => c ?? '') : null;
      const { ruleset, players, partners, settings } = state.config;
      for (let i = 0; i < 5000; i++) {
        const seed = seedOf(i);
        const created = createGame({ ruleset, players, partners, settings: { ...settings }, seed: contributions ? dealSeed(seed, contributions) : seed });
        if (!created.ok || !accept(created.state)) continue;
        if (!open) await store.saveSystemChange(tx, game!, { ...created.state, version: game!.version + 1 });
        await tx.game.update({ where: { id: gameId }, data: { seed, seedHash: sha256(seed), ...(contributions ? { contributions } : {}) } });
        return open;
      }
      throw new Error('no deal in 5,000 fits');
    });
    if (windowOpen && (await fairDeal.close(gameId)) !== 'dealt') throw new Error(`game ${gameId}: its window did not deal`);
  };
  /** A knock in a random deal is missed about one game in nine: the first deal where `seat` must knock within their first three turns whatever they play. */
  const dealForKnock = (gameId: string, seat: number) => redeal(gameId, (i) => `journey-knock-${seat}-${i}`, (dealt) => mustKnock(dealt, seat, 2, true));

  /** The running game at `userId`'s latest table, and their seat there. */
  const runningGameOf = async (userId: string) => {
    const seat = await prisma.tableSeat.findFirstOrThrow({ where: { userId }, orderBy: { table: { createdAt: 'desc' } }, include: { table: { include: { games: { where: { status: 'playing' } } } } } });
    return { gameId: seat.table.games[0].id, tableId: seat.tableId, seat: seat.seat };
  };

  const routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    ...reach.routes(worker),
    /** A started challenge (round 1 seated) with `checkedIn` players; player 1 can sign in. */
    'POST /challenges': async (body) => {
      const req = body as unknown as ChallengeRequest;
      const fx = await challengeWithPlayers(prisma, { checkedIn: req.checkedIn, roundSeconds: req.roundSeconds, breakSeconds: req.breakSeconds ?? 0 });
      const email = `browser-${fx.challengeId.slice(0, 8)}@flow.test`;
      await prisma.user.update({ where: { id: fx.players[0] }, data: { email, passwordHash: await hashPassword(PLAYER_PASSWORD) } });
      // Seating 512 players is one transaction; on a loaded machine it can pass Prisma's 5 s limit
      // and roll back whole, so the 12:00 job is simply run again (it is idempotent).
      for (let attempt = 1; req.start !== false; attempt++) {
        try {
          await flow.start(fx.challengeId);
          break;
        } catch (err) {
          if (attempt === 5) throw err;
        }
      }
      const created: CreatedChallenge = { challengeId: fx.challengeId, players: fx.players, login: { userId: fx.players[0], email, password: PLAYER_PASSWORD } };
      return created;
    },
    /** A simulated season (see seedSeason): `weeksPlayed` of its 12 weekly challenges completed by `players` players. */
    'POST /season': async (body) => seedSeason(prisma, body as unknown as SeasonRequest),
    /** A password for an existing player (a simulated season's players cannot sign in): their e-mail and the password. */
    'POST /password': async (body) => {
      const { userId } = body as { userId: string };
      const email = `signed-${userId.slice(0, 8)}@browser.test`;
      await prisma.user.update({ where: { id: userId }, data: { email, passwordHash: await hashPassword(PLAYER_PASSWORD) } });
      const created: CreatedUser = { userId, email, password: PLAYER_PASSWORD };
      return created;
    },
    /** An account that can sign in, with these roles besides competitor (a director, a reviewer …). */
    'POST /users': async (body) => {
      const req = body as unknown as UserRequest;
      const tag = randomBytes(4).toString('hex');
      const email = `${req.roles.join('-') || 'player'}-${tag}@browser.test`;
      const user = await prisma.user.create({
        data: { email, displayName: req.displayName ?? `Staff ${tag}`, passwordHash: await hashPassword(PLAYER_PASSWORD), roles: ['competitor', ...req.roles] },
      });
      for (const challengeId of req.directsChallenges ?? []) {
        const { cityId } = await prisma.challenge.findUniqueOrThrow({ where: { id: challengeId }, select: { cityId: true } });
        await prisma.directorCity.createMany({ data: [{ userId: user.id, cityId }], skipDuplicates: true });
      }
      const created: CreatedUser = { userId: user.id, email, password: PLAYER_PASSWORD };
      return created;
    },
    /** The welcome grant of the account with this e-mail, posted as the settlement posts it once earned (SPEC 7 Decision: held until the account has played). */
    'POST /grant': async (body) => {
      const { email } = body as { email: string };
      const user = await prisma.user.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
      return { posted: await api.get(HouseService).grantWelcome(user.id) };
    },
    /** A challenge in its check-in window with `bots` players registered and checked in (seeds 1 …), and a short turn clock. */
    'POST /challenges/open': async (body) => {
      const req = body as unknown as OpenChallengeRequest;
      const fx = await challengeWithPlayers(prisma, { checkedIn: req.bots, roundSeconds: req.roundSeconds, breakSeconds: req.breakSeconds });
      const now = Date.now();
      const opens = now + (req.checkInOpensInMs ?? -60_000);
      const closes = Math.max(opens, now) + 1_800_000;
      await prisma.challenge.update({
        where: { id: fx.challengeId },
        data: {
          status: opens > now ? 'registration_open' : 'check_in_open',
          checkInOpensAt: new Date(opens),
          checkInClosesAt: new Date(closes),
          // the fixture's start an hour away, or later when check-in closes later
          startsAt: new Date(Math.max(now + 3_600_000, closes + 300_000)),
          turnMs: req.turnMs ?? 20_000,
        },
      });
      return { challengeId: fx.challengeId, players: fx.players };
    },
    /** The 12:00 job now (check-in closes first). */
    'POST /start': async (body) => {
      const { challengeId } = body as { challengeId: string };
      await prisma.challenge.update({ where: { id: challengeId }, data: { checkInClosesAt: new Date(Date.now() - 1000), status: 'check_in_closed' } });
      return { result: await flow.start(challengeId) };
    },
    /** Bots play the other seats of `userId`'s running game in the background; answers its game and table. With `knock`, the game is dealt again so that `userId` must knock early. */
    'POST /bots': async (body) => {
      const { userId, knock } = body as { userId: string; knock?: boolean };
      const { gameId, tableId, seat } = await runningGameOf(userId);
      if (knock) await dealForKnock(gameId, seat);
      void driveBots(gameId, userId);
      return { gameId, tableId };
    },
    /**
     * `userId`'s running game dealt again from a fixed seed and played to the end by the expert at every seat,
     * except that at `userId`'s seat it blunders once (libs/engine/src/analysis/blundering-expert.ts): the same
     * game every run. Answers the game, the table, where the blunder is in the record, what was played there and the better play.
     */
    'POST /blunder': async (body) => {
      const { userId } = body as { userId: string };
      const { gameId, tableId, seat } = await runningGameOf(userId);
      const seed = 'journey-blunder-0';
      await redeal(gameId, () => seed);
      const blunderer = blunderingExpert(30, 'worst');
      const bots = [0, 1, 2, 3].map((s) => (s === seat ? blunderer : expertBot()));
      await playOut(api, gameId, { bots, seed });
      if (!blunderer.blunder) throw new Error('the game ended without a planted blunder');
      const { hand, action, best } = blunderer.blunder;
      const state = (await store.find(gameId))!.state as unknown as GameState;
      await queueReview(gameId);
      return { gameId, tableId, seat, hand, action, played: state.hands[hand].actions[action], best };
    },
    /** The post-game analysis of a finished game, queued now (what the worker's hourly scan here would do later). */
    'POST /review': async (body) => {
      const { gameId } = body as { gameId: string };
      await queueReview(gameId);
      return { queued: true };
    },
    /** `userId`'s table at the hard stop with `userId` tied for 2nd (scores 50/30/30/10): the 6-4/5-5 draw opens. */
    'POST /tie': async (body) => {
      const { userId } = body as { userId: string };
      const seat = await prisma.tableSeat.findFirstOrThrow({ where: { userId }, include: { table: { include: { games: { where: { status: 'playing' } } } } } });
      const g = seat.table.games[0];
      // The current state (the row holds a snapshot), rigged and written back whole at its own version.
      const st = (await store.find(g.id))!.state as unknown as GameState;
      const scores = [0, 1, 2, 3].map((s) => (s === seat.seat ? 30 : s === (seat.seat + 1) % 4 ? 30 : s === (seat.seat + 2) % 4 ? 50 : 10));
      st.scores = scores;
      st.onBoard = [true, true, true, true];
      const h = st.hands[st.hands.length - 1];
      h.startScores = scores;
      h.startOnBoard = [true, true, true, true];
      await prisma.game.update({ where: { id: g.id }, data: { state: st as object } });
      await prisma.round.update({ where: { id: seat.table.roundId }, data: { hardStopAt: new Date(Date.now() - 1000) } });
      await flow.hardStop(seat.table.roundId);
      return { tableId: seat.tableId };
    },
    /**
     * Takes back every published rules version and its acceptances: the platform is shared by every journey,
     * and a version in force would hold back the players of the journeys that run after the one that published it.
     */
    'POST /rules/withdraw': async () => {
      const acceptances = await prisma.rulesAcceptance.deleteMany({});
      const versions = await prisma.rulesVersion.deleteMany({});
      return { versions: versions.count, acceptances: acceptances.count };
    },
    /** Plays a table's running game: to the end, or `moves` moves of it. */
    'POST /play': async (body) => {
      const { tableId, moves } = body as { tableId: string; moves?: number };
      const game = await prisma.game.findFirstOrThrow({ where: { tableId, status: 'playing' }, orderBy: { startedAt: 'desc' } });
      // A journey's background bots (POST /bots) may move the same game between this driver's read and its
      // move (both start at the deal, after the contribution window): that move is refused as stale, and the
      // driver starts again from the stored game.
      for (let attempt = 0; ; attempt++) {
        try {
          return { moves: await playOut(api, game.id, 'greedy', undefined, moves ?? 5000) };
        } catch (err) {
          if (moves !== undefined && err instanceof Error && err.message.includes('did not end')) return { moves };
          if (attempt < 20 && err instanceof AppError && err.code === 'STALE_VERSION') continue;
          throw err;
        }
      }
    },
  };

  const control = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const route = routes[`${req.method} ${req.url}`];
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!route) return answer(404, { message: 'no such control route' });
      route(raw ? (JSON.parse(raw) as Record<string, unknown>) : {}).then(
        (out) => answer(200, out),
        (err: Error) => answer(500, { message: err.stack ?? err.message }),
      );
    });
  });
  await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
  process.stdout.write(`browser platform ready: http://127.0.0.1:${port} (database ${dbName})\n`);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    botRuns.clear();
    control.close();
    await worker.close().catch(() => undefined);
    await api.close().catch(() => undefined);
    await reach.close().catch(() => undefined);
    await dropBenchEnv({ pgBase: TEST_PG_BASE, dbName, redisUrl: TEST_REDIS_URL, prefix });
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch(async (err: unknown) => {
  process.stderr.write(`browser platform failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  await dropBenchEnv({ pgBase: TEST_PG_BASE, dbName, redisUrl: TEST_REDIS_URL, prefix }).catch(() => undefined);
  process.exit(1);
});

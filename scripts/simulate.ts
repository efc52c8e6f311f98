/**
 * `npm run simulate -- --players N [--seed S] [--bots greedy|expert] [--json]`
 * `npm run simulate -- --weeks 12 --players 64 [--seed S] [--json]` — a whole season (see runSeasonSimulation)
 * `npm run simulate -- --cities 6 --players 64 [--seed S] [--json]` — a time zone's Saturday (scripts/lib/simulate-cities.ts)
 *
 * Rehearses a whole Saturday challenge through the real services: PostgreSQL, the queue in
 * Redis, the worker's processors and the API's game service, with bot players. No break between
 * rounds (`breakSeconds: 0`: the next round is seated the moment the last table is decided); a
 * 6-4/5-5 draw's tied bots pick their tiles at once, and the last pick closes the window, as it
 * does for players; each seated bot sends its part of the deal, as the live page does. It creates its own city, players and challenge (slug `sim-…`).
 *
 * From the command line it runs in a throwaway database of its own on the server DATABASE_URL
 * names (`dcs_sim_…`, created from the migrations) under a queue prefix of its own (`sim:…`),
 * both removed at the end, on failure and on Ctrl-C too: nothing it creates ever shows in the
 * platform (`GET /api/cities`) or reaches the platform's worker. `runSimulation` itself uses the
 * database and prefix it is given (the e2e suites give it theirs).
 */
import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppError, loadConfig, PrismaService } from '@dcs/common';
import { type BotName, seedRng, shuffle, type TiebreakState } from '@dcs/engine';
import { ChallengeFlowService, type StoredBracket } from '@dcs/tournament';
import { createApi } from '../apps/api/src/setup';
import { createWorker } from '../apps/worker/src/setup';
import { DriveStats, playRunningTables } from './lib/bot-driver';
import { startBuilt } from './lib/built-process';
import { closeOnInterrupt, throwawayProcessEnv, withThrowawayEnv } from './lib/throwaway-env';
import { runCitiesSimulation } from './lib/simulate-cities';
import { percentile, summarize, timesLine, type ChallengeTimes, type SimulationSummary } from './lib/simulation-summary';
import { createCheckedInChallenge, createCityWithCheckedInChallenge } from './lib/simulation-fixtures';

export { percentile, summarize, timesLine, createCheckedInChallenge, createCityWithCheckedInChallenge };
export type { ChallengeTimes, SimulationSummary };

export interface SimulationOptions {
  players: number;
  seed?: string;
  bots?: BotName;
  onProgress?: (line: string) => void;
  /** the worker in a process of its own, started from the build, as it is deployed (the command line and the bench); else in this one */
  workerProcess?: boolean;
}

/** The built worker beside the built tools (`.build/tools/apps/worker/src/main.js`). */
const WORKER_MAIN = path.resolve(__dirname, '../apps/worker/src/main.js');

/**
 * The platform of a simulation: the API's services in this process (the bots call them, as the
 * HTTP and socket handlers do), and the worker — in a process of its own started from the build
 * when `workerProcess` (as deployed: its jobs, the anti-cheat analysis of every finished game among
 * them, do not share the bots' event loop), else in this one (the e2e suites, which have no build).
 */
export async function startPlatform(env: NodeJS.ProcessEnv, workerProcess = false): Promise<{ api: INestApplication; close: () => Promise<void>; workerPid?: number }> {
  const logLevel = env.SIM_LOG_LEVEL ?? 'fatal';
  const config = loadConfig({ ...env, LOG_LEVEL: logLevel });
  if (workerProcess && !existsSync(WORKER_MAIN)) throw new Error(`no built worker at ${WORKER_MAIN} (npm run build:tools)`);
  const child = workerProcess ? startBuilt('worker', WORKER_MAIN, { ...env, LOG_LEVEL: logLevel }, { echo: logLevel !== 'fatal' }) : null;
  const started = child?.says('worker started');
  started?.catch(() => undefined); // awaited below, once the API is up
  try {
    const api: INestApplication = await createApi(config, { shutdownHooks: false });
    await api.init();
    const inProcess = child ? null : await createWorker(config, { shutdownHooks: false });
    await started;
    const closeAll = async () => {
      await (inProcess ? inProcess.close() : child!.stop());
      await api.close();
    };
    const forget = closeOnInterrupt(closeAll);
    return { api, close: () => (forget(), closeAll()), workerPid: child?.child.pid };
  } catch (err) {
    await child?.stop();
    throw err;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runSimulation(opts: SimulationOptions, env: NodeJS.ProcessEnv = process.env): Promise<SimulationSummary> {
  const seed = opts.seed ?? randomBytes(4).toString('hex');
  // Logs go to stdout as JSON lines; keep them out of the summary unless asked for.
  const { api, close } = await startPlatform(env, opts.workerProcess);
  const prisma = api.get(PrismaService);
  const progress = opts.onProgress ?? (() => undefined);
  try {
    const tag = `${seed}-${Date.now().toString(36)}`;
    await prisma.user.createMany({
      data: Array.from({ length: opts.players }, (_, i) => ({ email: `bot${i + 1}-${tag}@sim.dcs`, passwordHash: 'bot: no login', displayName: `Bot ${i + 1}` })),
    });
    const users = await prisma.user.findMany({ where: { email: { endsWith: `-${tag}@sim.dcs` } }, select: { id: true } });
    const now = new Date();
    const { challenge } = await createCityWithCheckedInChallenge(prisma, { name: `Simulation ${seed}`, slug: `sim-${tag}`, timeZone: 'America/New_York', region: 'south', tier: 'T2' }, users, now);

    const stats: DriveStats = { moves: 0, latencies: [] };
    const started = performance.now();
    const times = await playChallenge(api, challenge.id, opts.bots ?? 'greedy', stats, started, progress);
    const wallMs = performance.now() - started;
    return { ...(await summarize(prisma, challenge.id, seed, opts.players)), stats: {
      wallMs: Math.round(wallMs),
      actions: stats.moves,
      actionsPerSecond: Math.round((stats.moves / wallMs) * 1000),
      p50Ms: Number(percentile(stats.latencies, 50).toFixed(2)),
      p99Ms: Number(percentile(stats.latencies, 99).toFixed(2)),
      times,
    } };
  } finally {
    await close();
  }
}

/** Starts a challenge whose players are checked in and plays it to completion with bots (accelerated clocks). */
export async function playChallenge(
  api: INestApplication,
  challengeId: string,
  bots: BotName,
  stats: DriveStats,
  started: number,
  progress: (line: string) => void,
  /** runs the start (several cities' starts take turns through it) */
  startGate: (start: () => Promise<void>) => Promise<void> = (start) => start(),
): Promise<ChallengeTimes> {
  const prisma = api.get(PrismaService);
  const flow = api.get(ChallengeFlowService);
  const challenge = { id: challengeId };
  const times: ChallengeTimes = { startMs: 0, rounds: [], completeMs: 0 };
  let t = performance.now();
  const lap = () => {
    const was = t;
    t = performance.now();
    return Math.round(t - was);
  };
  // The worker's schedule sweep may have queued the 12:00 job already; whoever runs first starts it. A start that
  // fails (its seating transaction outlasting its bound on a full machine: several cities start in the same second)
  // is taken again, as the 12:00 job's retries take it (the start is idempotent).
  for (let attempt = 1; ; attempt++) {
    try {
      await startGate(async () => void (await flow.start(challenge.id)));
      break;
    } catch (err) {
      if (attempt >= 3) throw err;
      progress(`the start failed (${(err as Error).message.split('\n').filter(Boolean).pop()}); taken again`);
    }
  }
  const status = (await prisma.challenge.findUniqueOrThrow({ where: { id: challenge.id } })).status;
  if (status !== 'running') throw new Error(`the challenge did not start (${status})`);
  const rounds = ((await prisma.challenge.findUniqueOrThrow({ where: { id: challenge.id } })).bracket as unknown as StoredBracket).bracket.rounds;
  times.startMs = lap();
  for (let r = 1; r <= rounds; r++) {
    // Wait for the round to be seated (the worker's round-start job after the break).
    for (let i = 0; ; i++) {
      const round = await prisma.round.findFirst({ where: { challengeId: challenge.id, number: r } });
      if (round?.status === 'running' || round?.status === 'finished') break;
      if (i > 600) throw new Error(`round ${r} was not seated`);
      await sleep(50);
    }
    const seatMs = lap();
    stats.lastMove = undefined;
    // A table that ends in a tie opens its 6-4/5-5 draw at once: its tied bots pick then, as players do, not
    // after every other table of the round (by then the window is over and only its timer job closes it).
    // Each seated bot sends its part of the deal as the live page does on seating, so a game is dealt when
    // its table's four parts are in, not after the whole contribution window (docs/rules.md).
    const moves = await playRunningTables(api, challenge.id, bots, stats, (tableId) => drawAtTable(prisma, flow, tableId), { contribute: true });
    const playMs = lap();
    const lastMoveMs = Math.round((stats.lastMove as DriveStats['lastMove'])?.ms ?? 0); // set by the moves just played
    // The tied bots pick their tiles as players do; the last pick closes the window at once (SPEC 2).
    for (let i = 0; ; i++) {
      const open = await prisma.tiebreak.findMany({ where: { challengeId: challenge.id, decidedAt: null } });
      await Promise.all(open.map((tb) => pickHands(flow, tb.id, tb.state as unknown as TiebreakState)));
      const undecided = await prisma.challengeTable.count({ where: { challengeId: challenge.id, round: { number: r }, status: { not: 'finished' } } });
      if (undecided === 0) break;
      if (i > 600) throw new Error(`round ${r} was not decided`);
      await sleep(20);
    }
    const decideMs = lap();
    times.rounds.push({ round: r, moves, seatMs, playMs, lastMoveMs, decideMs });
    const s = (ms: number) => (ms / 1000).toFixed(1);
    progress(`round ${r}/${rounds} done: ${moves} moves, ${s(performance.now() - started)} s (seated after ${s(seatMs)} s, played in ${s(playMs)} s, its last move ${s(lastMoveMs)} s, decided ${s(decideMs)} s after it)`);
  }
  for (let i = 0; (await prisma.challenge.findUniqueOrThrow({ where: { id: challenge.id } })).status !== 'completed'; i++) {
    if (i > 200) throw new Error('the challenge did not complete');
    await sleep(20);
  }
  times.completeMs = lap();
  return times;
}

/** The tied bots of the table's open draw pick in every window it opens, until the draw is decided (or its window is left to its timer). */
async function drawAtTable(prisma: PrismaService, flow: ChallengeFlowService, tableId: string): Promise<void> {
  for (let i = 0; i < 250; i++) {
    const open = await prisma.tiebreak.findMany({ where: { tableId, decidedAt: null } });
    if (!open.length) return;
    await Promise.all(open.map((tb) => pickHands(flow, tb.id, tb.state as unknown as TiebreakState)));
    await sleep(20);
  }
}

/**
 * Every tied bot of the draw's open window takes its full hand, one pick at a time through the
 * service a player's pick goes through (positions in a seeded random order: the tiles are face
 * down, so any order is as good as any other). The tied players pick side by side, as people at
 * their own screens do (one after the other, 14 picks of a two-way tie could outlast the 5-second
 * window on a busy machine and leave the rest to the window's timer).
 */
async function pickHands(flow: ChallengeFlowService, tiebreakId: string, state: TiebreakState): Promise<void> {
  if (state.status !== 'picking') return;
  const free = shuffle(seedRng(`pick:${tiebreakId}:${state.round}`), Array.from({ length: 28 }, (_, p) => p)).filter((p) => !state.picks.some((x) => x.position === p));
  const hands = state.contenders.map((playerId) => ({ playerId, positions: free.splice(0, Math.max(0, state.handSize - state.picks.filter((x) => x.playerId === playerId).length)) }));
  await Promise.all(
    hands.map(async ({ playerId, positions }) => {
      for (const position of positions) {
        try {
          await flow.pickTile(playerId, tiebreakId, position);
        } catch (err) {
          // the window closed meanwhile (its timer ran first): the next pass picks in the new window
          if (err instanceof AppError && err.code === 'DRAW_CLOSED') return;
          throw err;
        }
      }
    }),
  );
}

export interface SeasonSimulationOptions {
  weeks: number;
  players: number;
  seed?: string;
  bots?: BotName;
  onProgress?: (line: string) => void;
  /** as SimulationOptions.workerProcess */
  workerProcess?: boolean;
}

export interface SeasonSimulationSummary {
  seed: string;
  cityId: string;
  seasonId: string;
  weeks: number;
  players: number;
  /** Each week's challenge, as `runSimulation` summarises one. */
  challenges: SimulationSummary[];
  /** The stored final standings (after the worker's season-close job). */
  standings: { rank: number; playerId: string; points: number; status: string; tiebreak: string | null }[];
  eliteSix: { playerId: string; rank: number; benefit: 'seed-1-travel' | 'seed-2-3' | 'qualification' }[];
  /** `weekMs`: each week's wall time, week 1 first (its phases are in `challenges[i].stats.times`). */
  stats: { wallMs: number; actions: number; actionsPerSecond: number; p50Ms: number; p99Ms: number; closeMs: number; weekMs: number[] };
}

/**
 * A whole season through the real services: a city with `players` bots and a season of `weeks`
 * challenges; each week a deterministic share of the bots (at least 16) checks in and the
 * challenge is played out by bots. After the last week the worker's season-close job closes the
 * season (final standings, the Elite Six); the summary reads what is stored.
 */
export async function runSeasonSimulation(opts: SeasonSimulationOptions, env: NodeJS.ProcessEnv = process.env): Promise<SeasonSimulationSummary> {
  const seed = opts.seed ?? randomBytes(4).toString('hex');
  const { api, close } = await startPlatform(env, opts.workerProcess);
  const prisma = api.get(PrismaService);
  const progress = opts.onProgress ?? (() => undefined);
  try {
    const tag = `${seed}-${Date.now().toString(36)}`;
    const city = await prisma.city.create({ data: { name: `Season simulation ${seed}`, slug: `sim-season-${tag}`, timeZone: 'America/New_York', region: 'south', tier: 'T2' } });
    const startDate = '2030-01-05'; // a Saturday; simulated weeks need no real calendar
    const season = await prisma.season.create({ data: { cityId: city.id, number: 1, startDate, challenges: opts.weeks, status: 'active' } });
    await prisma.user.createMany({
      data: Array.from({ length: opts.players }, (_, i) => ({ email: `bot${i + 1}-${tag}@sim.dcs`, passwordHash: 'bot: no login', displayName: `Bot ${i + 1}` })),
    });
    const users = (await prisma.user.findMany({ where: { email: { endsWith: `-${tag}@sim.dcs` } }, select: { id: true }, orderBy: { id: 'asc' } })).map((u) => u.id);
    const stats: DriveStats = { moves: 0, latencies: [] };
    const started = performance.now();
    const challenges: SimulationSummary[] = [];
    for (let week = 1; week <= opts.weeks; week++) {
      const t0 = performance.now();
      const moves0 = stats.moves;
      const lat0 = stats.latencies.length;
      const localDate = new Date(Date.parse(`${startDate}T12:00:00Z`) + (week - 1) * 7 * 86_400_000).toISOString().slice(0, 10);
      // Between 3/4 of the field and all of it shows up, at least 16.
      const present = Math.max(16, opts.players - ((week * 7) % Math.max(1, Math.ceil(opts.players / 4))));
      const playing = shuffle(seedRng(`${seed}:week:${week}`), users).slice(0, Math.min(present, users.length));
      const now = new Date();
      const challenge = await createCheckedInChallenge(prisma, city.id, playing.map((id) => ({ id })), now, { seasonId: season.id, week, localDate });
      const times = await playChallenge(api, challenge.id, opts.bots ?? 'greedy', stats, started, (l) => progress(`week ${week}: ${l}`));
      const wallMs = performance.now() - t0;
      const lat = stats.latencies.slice(lat0);
      const moves = stats.moves - moves0;
      challenges.push({
        ...(await summarize(prisma, challenge.id, seed, playing.length)),
        stats: { wallMs: Math.round(wallMs), actions: moves, actionsPerSecond: Math.round((moves / wallMs) * 1000), p50Ms: Number(percentile(lat, 50).toFixed(2)), p99Ms: Number(percentile(lat, 99).toFixed(2)), times },
      });
      progress(`week ${week}/${opts.weeks} completed: ${playing.length} players, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    // The last completion queued the close job; the worker runs it.
    const closeStarted = performance.now();
    for (let i = 0; (await prisma.season.findUniqueOrThrow({ where: { id: season.id } })).status !== 'closed'; i++) {
      if (i > 1500) throw new Error('the season was not closed by the worker');
      await sleep(20);
    }
    const closeMs = performance.now() - closeStarted;
    const wallMs = performance.now() - started;
    const rows = await prisma.seasonStanding.findMany({ where: { seasonId: season.id }, orderBy: [{ rank: 'asc' }, { userId: 'asc' }] });
    const six = await prisma.eliteSixEntry.findMany({ where: { seasonId: season.id, removedAt: null }, orderBy: { seed: 'asc' } });
    return {
      seed,
      cityId: city.id,
      seasonId: season.id,
      weeks: opts.weeks,
      players: opts.players,
      challenges,
      standings: rows.map((r) => ({ rank: r.rank, playerId: r.userId, points: r.points, status: r.status, tiebreak: r.tiebreak })),
      eliteSix: six.map((e) => ({ playerId: e.userId, rank: e.rank, benefit: e.benefit as SeasonSimulationSummary['eliteSix'][number]['benefit'] })),
      stats: {
        wallMs: Math.round(wallMs),
        actions: stats.moves,
        actionsPerSecond: Math.round((stats.moves / wallMs) * 1000),
        p50Ms: Number(percentile(stats.latencies, 50).toFixed(2)),
        p99Ms: Number(percentile(stats.latencies, 99).toFixed(2)),
        closeMs: Math.round(closeMs),
        weekMs: challenges.map((c) => c.stats.wallMs),
      },
    };
  } finally {
    await close();
  }
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Progress and the throwaway database's lifecycle go to stderr; stdout carries only the result (JSON with --json). */
const stderr = (line: string) => process.stderr.write(`${line}\n`);

if (require.main === module && arg('cities') !== undefined) {
  const cities = Number(arg('cities'));
  const players = Number(arg('players') ?? 64);
  const json = process.argv.includes('--json');
  if (!Number.isInteger(cities) || cities < 1 || cities > 20) {
    console.error('--cities must be a whole number from 1 to 20');
    process.exit(2);
  }
  if (!Number.isInteger(players) || players < 16 || players > 512) {
    console.error('--players must be a whole number from 16 to 512');
    process.exit(2);
  }
  const parts = { startPlatform, playChallenge, summarize, percentile, createCityWithCheckedInChallenge };
  withThrowawayEnv('sim', (t) => runCitiesSimulation(parts, { cities, players, seed: arg('seed'), bots: (arg('bots') ?? 'greedy') as BotName, onProgress: json ? undefined : stderr, workerProcess: true }, throwawayProcessEnv(t)), process.env, stderr)
    .then((s) => {
      if (json) {
        process.stdout.write(`${JSON.stringify(s)}\n`, () => process.exit(0));
        return;
      }
      console.log(`${s.cities} cities × ${s.players} players, started at the same minute: all completed in ${(s.stats.wallMs / 1000).toFixed(1)} s, ${s.stats.actions} moves, ${s.stats.actionsPerSecond} actions/s on this machine (move p50 ${s.stats.p50Ms} ms, p99 ${s.stats.p99Ms} ms)`);
      const w = s.cpuPerAction.worker === null ? '' : `, worker ${s.cpuPerAction.worker.toFixed(2)}`;
      console.log(`  CPU per move (ms): this process (API services + bots) ${s.cpuPerAction.command.toFixed(2)}${w}, PostgreSQL ${s.cpuPerAction.postgres.toFixed(2)}`);
      for (const c of s.challenges) console.log(`  ${c.city}: ${c.rounds.length} rounds, ${c.stats.actions} moves, completed at ${(c.stats.wallMs / 1000).toFixed(1)} s${c.stats.times ? ` (${timesLine(c.stats.times, c.stats.wallMs)})` : ''}`);
      process.exit(0);
    })
    .catch((err: Error) => {
      console.error(`cities simulation failed: ${err.stack ?? err.message}`);
      process.exit(1);
    });
} else if (require.main === module && arg('weeks') !== undefined) {
  const weeks = Number(arg('weeks'));
  const players = Number(arg('players') ?? 64);
  const bots = (arg('bots') ?? 'greedy') as BotName;
  const json = process.argv.includes('--json');
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > 12) {
    console.error('--weeks must be a whole number from 1 to 12');
    process.exit(2);
  }
  if (!Number.isInteger(players) || players < 16 || players > 512) {
    console.error('--players must be a whole number from 16 to 512');
    process.exit(2);
  }
  withThrowawayEnv('sim', (t) => runSeasonSimulation({ weeks, players, seed: arg('seed'), bots, onProgress: json ? undefined : stderr, workerProcess: true }, throwawayProcessEnv(t)), process.env, stderr)
    .then((s) => {
      if (json) {
        process.stdout.write(`${JSON.stringify(s)}\n`, () => process.exit(0));
        return;
      }
      console.log(`season ${s.seasonId}: ${s.weeks} weeks, ${s.players} players, ${s.stats.actions} moves in ${(s.stats.wallMs / 1000).toFixed(1)} s (close ${s.stats.closeMs} ms)`);
      s.challenges.forEach((c, i) => console.log(`  week ${i + 1}: ${c.players} players, ${c.stats.actions} moves in ${(c.stats.wallMs / 1000).toFixed(1)} s${c.stats.times ? ` (${timesLine(c.stats.times, c.stats.wallMs)})` : ''}`));
      for (const e of s.eliteSix) console.log(`  Elite Six rank ${e.rank}: ${e.playerId} ${e.benefit}`);
      process.exit(0);
    })
    .catch((err: Error) => {
      console.error(`season simulation failed: ${err.stack ?? err.message}`);
      process.exit(1);
    });
} else if (require.main === module) {
  const players = Number(arg('players') ?? 16);
  const bots = (arg('bots') ?? 'greedy') as BotName;
  const json = process.argv.includes('--json');
  if (!Number.isInteger(players) || players < 16 || players > 512) {
    console.error('--players must be a whole number from 16 to 512');
    process.exit(2);
  }
  if (!['greedy', 'expert', 'random'].includes(bots)) {
    console.error('--bots must be greedy, expert or random');
    process.exit(2);
  }
  withThrowawayEnv('sim', (t) => runSimulation({ players, seed: arg('seed'), bots, onProgress: json ? undefined : stderr, workerProcess: true }, throwawayProcessEnv(t)), process.env, stderr)
    .then((s) => {
      if (json) {
        // Exit only once the whole summary is flushed (a pipe takes 64 kB at a time).
        process.stdout.write(`${JSON.stringify(s)}\n`, () => process.exit(0));
        return;
      } else {
        console.log(`challenge ${s.challengeId}: ${s.players} players, ${s.rounds.length} rounds, ${s.stats.actions} moves in ${(s.stats.wallMs / 1000).toFixed(1)} s${s.stats.times ? ` (${timesLine(s.stats.times, s.stats.wallMs)})` : ''}`);
        for (const p of s.placements.filter((x) => ['1', '2', '3-4'].includes(x.placement))) {
          console.log(`  ${p.placement.padEnd(5)} ${p.playerId}  ${p.rankingPoints} pts  $${p.prize.toFixed(2)}`);
        }
      }
      process.exit(0);
    })
    .catch((err: Error) => {
      console.error(`simulation failed: ${err.stack ?? err.message}`);
      process.exit(1);
    });
}

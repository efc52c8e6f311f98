/**
 * `npm run simulate -- --cities N --players P [--seed S] [--json]`: a time zone's Saturday. N cities, each
 * with P bot players checked in to its challenge, every challenge started at the same minute (as every
 * city of a time zone starts at local noon), in one database with one set of services as deployed: the
 * API's services in this process with the bots (as in `simulate`), the worker in a process of its own
 * from the build. Each city's challenge is played to completion side by side with the others; prints
 * each city's phases (start, moves, between rounds, completion) and the machine's actions/s.
 */
import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { PrismaService } from '@dcs/common';
import type { Prisma } from '@dcs/db';
import type { BotName } from '@dcs/engine';
import type { DriveStats } from './bot-driver';
import { cpuSeconds } from './proc-cpu';
import type { ChallengeTimes, SimulationSummary } from './simulation-summary';

export interface CitiesSimulationOptions {
  cities: number;
  players: number;
  seed?: string;
  bots?: BotName;
  onProgress?: (line: string) => void;
  workerProcess?: boolean;
}

export interface CitiesSimulationSummary {
  seed: string;
  cities: number;
  players: number;
  /** Each city's challenge as `runSimulation` summarises one (its phases in `stats.times`). */
  challenges: (SimulationSummary & { city: string })[];
  /** The whole Saturday: from the common start to the last city's completion; actions/s of the machine (every city's moves). */
  stats: { wallMs: number; actions: number; actionsPerSecond: number; p50Ms: number; p99Ms: number };
  /**
   * CPU milliseconds per move over the Saturday, by process: this one (the API's services and the bots), the worker,
   * and the simulation database's PostgreSQL backends (those open at the start and at the end: rough).
   */
  cpuPerAction: { command: number; worker: number | null; postgres: number };
}

/** CPU seconds of this process, the worker and the database's backends, now. */
async function cpuNow(prisma: PrismaService, workerPid: number | undefined, pids: Set<number>): Promise<{ command: number; worker: number | null; postgres: Map<number, number> }> {
  const rows = await prisma.$queryRaw<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`;
  for (const r of rows) pids.add(r.pid);
  const u = process.cpuUsage();
  return { command: (u.user + u.system) / 1e6, worker: workerPid ? cpuSeconds(workerPid) : null, postgres: new Map([...pids].map((p) => [p, cpuSeconds(p)])) };
}

/** What simulate.ts lends this mode (passed in, so that the two files do not import each other at load). */
export interface SimulateParts {
  startPlatform: (env: NodeJS.ProcessEnv, workerProcess?: boolean) => Promise<{ api: INestApplication; close: () => Promise<void>; workerPid?: number }>;
  playChallenge: (api: INestApplication, challengeId: string, bots: BotName, stats: DriveStats, started: number, progress: (line: string) => void, startGate?: (start: () => Promise<void>) => Promise<void>) => Promise<ChallengeTimes>;
  createCityWithCheckedInChallenge: (prisma: PrismaService, city: Omit<Prisma.CityCreateInput, 'challenges'>, users: { id: string }[], now: Date) => Promise<{ city: { name: string }; challenge: { id: string } }>;
  summarize: (prisma: PrismaService, challengeId: string, seed: string, players: number) => Promise<Omit<SimulationSummary, 'stats'>>;
  percentile: (values: number[], p: number) => number;
}

export async function runCitiesSimulation(parts: SimulateParts, opts: CitiesSimulationOptions, env: NodeJS.ProcessEnv = process.env): Promise<CitiesSimulationSummary> {
  const seed = opts.seed ?? randomBytes(4).toString('hex');
  const { api, close, workerPid } = await parts.startPlatform(env, opts.workerProcess);
  const prisma = api.get(PrismaService);
  const progress = opts.onProgress ?? (() => undefined);
  try {
    const tag = `${seed}-${Date.now().toString(36)}`;
    // Every city's players, then every city with its challenge (one insert each), before any starts: the Saturday begins for all at once.
    const players = [];
    for (let c = 1; c <= opts.cities; c++) {
      const mail = `-c${c}-${tag}@sim.dcs`;
      await prisma.user.createMany({ data: Array.from({ length: opts.players }, (_, i) => ({ email: `bot${i + 1}${mail}`, passwordHash: 'bot: no login', displayName: `Bot ${c}.${i + 1}` })) });
      players.push({ n: c, users: await prisma.user.findMany({ where: { email: { endsWith: mail } }, select: { id: true } }) });
    }
    const now = new Date();
    const challenges = [];
    for (const { n, users } of players) {
      const { city, challenge } = await parts.createCityWithCheckedInChallenge(prisma, { name: `Simulation ${seed} city ${n}`, slug: `sim-${tag}-c${n}`, timeZone: 'America/New_York', region: 'south', tier: 'T2' }, users, now);
      challenges.push({ n, city: city.name, id: challenge.id });
    }
    const pids = new Set<number>();
    const cpu0 = await cpuNow(prisma, workerPid, pids);
    // The starts take turns (seating 512 players is one transaction of up to a minute: six at once on two cores
    // outlasted it), as the worker's 12:00 jobs do on its queue; the cities then play side by side.
    let turn: Promise<void> = Promise.resolve();
    const startGate = (start: () => Promise<void>) => {
      const mine = turn.then(start);
      turn = mine.catch(() => undefined);
      return mine;
    };
    const started = performance.now();
    const played = await Promise.all(
      challenges.map(async ({ n, city, id }) => {
        const stats: DriveStats = { moves: 0, latencies: [] };
        const times = await parts.playChallenge(api, id, opts.bots ?? 'greedy', stats, started, (line) => progress(`city ${n}: ${line}`), startGate);
        const wallMs = performance.now() - started;
        progress(`city ${n}: completed, ${stats.moves} moves, ${(wallMs / 1000).toFixed(1)} s after the common start`);
        return { n, city, id, stats, times, wallMs };
      }),
    );
    const wallMs = performance.now() - started;
    const cpu1 = await cpuNow(prisma, workerPid, pids);
    const latencies = played.flatMap((p) => p.stats.latencies);
    const actions = played.reduce((s, p) => s + p.stats.moves, 0);
    const out: CitiesSimulationSummary['challenges'] = [];
    for (const p of played) {
      const summary = await parts.summarize(prisma, p.id, seed, opts.players);
      // Correct, not only finished: every player placed, one winner.
      if (summary.placements.length !== opts.players || summary.placements.filter((x) => x.placement === '1').length !== 1) {
        throw new Error(`city ${p.n}: ${summary.placements.length} placements for ${opts.players} players`);
      }
      out.push({
        city: p.city,
        ...summary,
        stats: {
          wallMs: Math.round(p.wallMs),
          actions: p.stats.moves,
          actionsPerSecond: Math.round((p.stats.moves / p.wallMs) * 1000),
          p50Ms: Number(parts.percentile(p.stats.latencies, 50).toFixed(2)),
          p99Ms: Number(parts.percentile(p.stats.latencies, 99).toFixed(2)),
          times: p.times,
        },
      });
    }
    return {
      seed,
      cities: opts.cities,
      players: opts.players,
      challenges: out,
      cpuPerAction: {
        command: ((cpu1.command - cpu0.command) * 1000) / actions,
        worker: cpu1.worker === null || cpu0.worker === null ? null : ((cpu1.worker - cpu0.worker) * 1000) / actions,
        // A backend that closed before the end is lost (0 at the end): counted only where both reads have it.
        postgres: ([...cpu1.postgres].reduce((s, [pid, c]) => s + (c > 0 ? c - (cpu0.postgres.get(pid) ?? 0) : 0), 0) * 1000) / actions,
      },
      stats: {
        wallMs: Math.round(wallMs),
        actions,
        actionsPerSecond: Math.round((actions / wallMs) * 1000),
        p50Ms: Number(parts.percentile(latencies, 50).toFixed(2)),
        p99Ms: Number(parts.percentile(latencies, 99).toFixed(2)),
      },
    };
  } finally {
    await close();
  }
}

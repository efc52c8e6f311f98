/**
 * `npm run bench:web [-- --quick]`
 *
 * The web app in a real browser (Debian's Chromium, /usr/bin/chromium or CHROMIUM_PATH, driven by
 * Playwright) against a throwaway platform: its own database (`dcs_bench_web_<pid>`, migrated,
 * dropped at the end) and queue prefix, the API (serving a fresh `npm run build:web`) in-process, and
 * the worker in-process too from (c) on (before that it would run the 512-player round's turn clocks on
 * the API's event loop: in production it is a process of its own). Each figure is the median of 3 runs with the spread (min–max):
 *
 * (a) navigation → a 512-player bracket fully drawn (round 1 seated: 128 tables, 512 names): the first
 *     animation frame where the page holds them, on the page's clock (performance.now() from the
 *     navigation start), a fresh browser context (no cache) each run. Target < 1 s.
 * (b) standings at 50,000 players (2,000 with --quick): "Next" clicked → the next page's rows in the
 *     DOM, at the next animation frame (API request, render). Target < 100 ms.
 * (c) socket event → on screen: a table of a running challenge is played out; the arrival of its
 *     `table:result` frame on the page's WebSocket vs the MutationObserver seeing its table card
 *     marked finished. Target < 100 ms.
 * (d) the initial JavaScript of the build (index.html's module script and modulepreloads), gzipped
 *     (zlib level 9). Target < 250 kB.
 * (e) the home page's largest contentful paint on a phone (375 × 812, 2× pixels, touch, 4× CPU slowdown by
 *     the DevTools protocol), a visitor with a running challenge listed, a fresh context each run.
 *
 * Prints the figures; asserts nothing. Never a timed test.
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright';
import { generateVAPIDKeys } from 'web-push';
import { loadConfig, PrismaService } from '@dcs/common';
import { ChallengeFlowService } from '@dcs/tournament';
import { createApi } from '../apps/api/src/setup';
import { createWorker } from '../apps/worker/src/setup';
import { playOut } from '../scripts/lib/bot-driver';
import { challengeWithPlayers } from '../test/support/challenge-fixtures';
import { seedStandingsSeason } from './lib/standings-seed';
import { createBenchDatabase, dropBenchEnv, runBench } from '../scripts/lib/throwaway-env';

const quick = process.argv.includes('--quick');
/** `--only bracket` runs (a) alone (and times the bracket endpoint by itself). */
const onlyIdx = process.argv.indexOf('--only');
const only = onlyIdx >= 0 ? process.argv[onlyIdx + 1] : undefined;
const PLAYERS = quick ? 2_000 : 50_000;
/** The page's largest contentful paint so far (ms from the navigation start), in `window.__lcp`. */
const LCP_PROBE = `new PerformanceObserver((list) => { const e = list.getEntries(); window.__lcp = e[e.length - 1].startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });`;
const RUNS = 3;
const PG_BASE = process.env.BENCH_PG_BASE ?? 'postgresql://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOT = process.cwd();
const DIST = path.join(ROOT, 'apps/web/dist');
const log = (line: string) => process.stderr.write(`${line}\n`);

function summary(xs: number[], unit = 'ms', digits = 0): string {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)].toFixed(digits)} ${unit} (spread ${s[0].toFixed(digits)}–${s[s.length - 1].toFixed(digits)}; runs ${xs.map((x) => x.toFixed(digits)).join(', ')})`;
}

/** (d) index.html's entry module and its modulepreloads, gzipped. */
function initialJs(): { files: string[]; raw: number; gzip: number } {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1] ?? m[2]);
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const body = readFileSync(path.join(DIST, f.replace(/^\//, '')));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

/** Polls `expr` in the page until it is truthy (page.evaluate runs over CDP, not subject to the page's CSP). */
async function waitFor(page: Page, expr: string, timeout: number): Promise<void> {
  const until = Date.now() + timeout;
  while (!(await page.evaluate(expr))) {
    if (Date.now() > until) throw new Error(`timed out after ${timeout} ms waiting for ${expr}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Runs in the page from its first script: the first frame where the 512-player bracket is all there. */
const BRACKET_DRAWN = `(() => {
  const tick = () => {
    const rounds = document.querySelectorAll('.round');
    if (rounds.length >= 1 && rounds[0].querySelectorAll('.table-card').length === 128) { window.__drawnAt = performance.now(); return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/** Clicks "Next" and resolves with the ms until the first row is another player's, at the next frame. */
const NEXT_PAGE = `new Promise((resolve) => {
  const first = () => document.querySelector('table.standings tbody tr')?.getAttribute('data-player');
  const old = first();
  const next = [...document.querySelectorAll('.pager button')].find((b) => b.textContent === 'Next');
  const done = () => { const now = first(); if (now && now !== old) { mo.disconnect(); requestAnimationFrame(() => resolve(performance.now() - t0)); } };
  const mo = new MutationObserver(done);
  mo.observe(document.querySelector('main'), { childList: true, subtree: true, characterData: true, attributes: true });
  const t0 = performance.now();
  next.click();
})`;

/** Timestamps every table:result frame on the page's WebSockets and every table card the DOM marks finished. */
const SOCKET_PROBE = `(() => {
  window.__msgs = {}; window.__dom = {};
  const Ws = window.WebSocket;
  window.WebSocket = class extends Ws {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string' || !e.data.includes('"table:result"')) return;
        const m = /"tableId":"([0-9a-f-]{36})"/.exec(e.data);
        if (m && !(m[1] in window.__msgs)) window.__msgs[m[1]] = performance.now();
      });
    }
  };
  const seen = () => { for (const el of document.querySelectorAll('.table-card.done')) { const id = el.id.slice(6); if (!(id in window.__dom)) window.__dom[id] = performance.now(); } };
  document.addEventListener('DOMContentLoaded', () => new MutationObserver(seen).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] }));
})();`;

/**
 * The 12:00 job seats a challenge in one interactive transaction under Prisma's 5 s default; seating
 * 512 players on a loaded machine can pass it and roll back whole. The bench is not measuring that
 * job, so it runs it with a longer transaction limit (on this PrismaService only, for this call).
 */
async function started(prisma: PrismaService, flow: ChallengeFlowService, challengeId: string): Promise<void> {
  const client = prisma as unknown as { $transaction: (...args: unknown[]) => Promise<unknown> };
  const original = client.$transaction;
  client.$transaction = (...args: unknown[]) => {
    const [arg, opts] = args as [unknown, object | undefined];
    return original.call(prisma, arg, typeof arg === 'function' ? { maxWait: 60_000, timeout: 120_000, ...opts } : opts);
  };
  try {
    await flow.start(challengeId);
  } finally {
    client.$transaction = original;
  }
}

async function main(): Promise<void> {
  log('building the web app …');
  execFileSync('npm', ['run', '-s', 'build:web'], { cwd: ROOT, stdio: 'inherit' });
  const js = initialJs();

  const dbName = `dcs_bench_web_${process.pid}`;
  const dbUrl = `${PG_BASE}/${dbName}`;
  const prefix = `bench:web:${process.pid}`;
  await createBenchDatabase(PG_BASE, dbName);
  let browser: Browser | null = null;
  let app: Awaited<ReturnType<typeof createApi>> | null = null;
  let worker: Awaited<ReturnType<typeof createWorker>> | null = null;
  try {
    log(`migrating ${dbName} …`);
    execFileSync(path.join(ROOT, 'node_modules/.bin/prisma'), ['migrate', 'deploy'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: dbUrl }, stdio: 'pipe' });
    // production asks for the Web Push keys (nothing is pushed here): a throwaway pair
    const vapid = generateVAPIDKeys();
    const config = loadConfig({
      VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey,
      NODE_ENV: 'production', DATABASE_URL: dbUrl, REDIS_URL, QUEUE_PREFIX: prefix, LOG_LEVEL: 'silent', JWT_SECRET: `bench-${prefix}-0123456789abcdef0123456789`, API_PORT: '0', ANTICHEAT_SCAN_INTERVAL_MS: '3600000',
    });
    app = await createApi(config, { webDist: DIST });
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const prisma = app.get(PrismaService);
    const flow = app.get(ChallengeFlowService);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    const fresh = async (): Promise<Page> => (await browser!.newContext({ viewport: { width: 1280, height: 900 } })).newPage();

    // (a) 512-player bracket.
    log('seeding a 512-player challenge and seating round 1 …');
    const big = await challengeWithPlayers(prisma, { checkedIn: 512, roundSeconds: 3600 });
    await started(prisma, flow, big.challengeId);
    const bracket: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const page = await fresh();
      await page.addInitScript({ content: BRACKET_DRAWN });
      const lag = process.env.BENCH_TRACE ? monitorEventLoopDelay({ resolution: 5 }) : null;
      lag?.enable();
      const cdp = process.env.BENCH_PROFILE && i === RUNS ? await page.context().newCDPSession(page) : null;
      if (cdp) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start'); }
      await page.goto(`${base}/challenges/${big.challengeId}`);
      // Polled with page.evaluate: waitForFunction's string predicate is an eval the page's CSP (script-src 'self') refuses.
      await waitFor(page, 'window.__drawnAt !== undefined', 120_000).catch(async (err: Error) => {
        const state = await page.evaluate("[document.querySelectorAll('.round').length, document.querySelectorAll('.round')[0]?.querySelectorAll('.table-card').length, document.querySelector('main')?.innerText.slice(0, 300)]");
        throw new Error(`${err.message}: rounds, round-1 tables, page text = ${JSON.stringify(state)}`);
      });
      const ms = (await page.evaluate('window.__drawnAt')) as number;
      if (cdp) {
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[]; samples: number[]; timeDeltas: number[] } };
        const self = new Map<string, number>();
        const byId = new Map(profile.nodes.map((n) => [n.id, n]));
        profile.samples.forEach((id, k) => { const f = byId.get(id)!.callFrame; const key = `${f.functionName || '(anon)'} ${f.url.replace(/^.*[/]/, '')}:${f.lineNumber}:${f.columnNumber}`; self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[k] ?? 0) / 1000); });
        log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`).join('\n'));
      }
      if (lag) { lag.disable(); log(`API event loop delay during the load: max ${(lag.max / 1e6).toFixed(0)} ms, mean ${(lag.mean / 1e6).toFixed(1)} ms`); }
      if (process.env.BENCH_TRACE) log(JSON.stringify(await page.evaluate("performance.getEntriesByType('resource').map((e) => [e.name.replace(/^https?:[/][/][^/]+/, '').slice(0, 60), Math.round(e.startTime), Math.round(e.responseEnd)]).concat([['drawn', 0, Math.round(window.__drawnAt)], ['dcl', 0, Math.round(performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd)]])")));
      if (i > 0) bracket.push(ms); // the first load warms the API (connection pools, query plans), not the browser: each run has its own empty cache
      await page.context().close();
    }
    if (only === 'bracket') {
      const api: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await (await fetch(`${base}/api/challenges/${big.challengeId}/bracket`)).arrayBuffer();
        api.push(performance.now() - t0);
      }
      const both: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const [b] = await Promise.all([fetch(`${base}/api/challenges/${big.challengeId}/bracket`).then((r) => r.arrayBuffer()), fetch(`${base}/api/challenges/${big.challengeId}`).then((r) => r.arrayBuffer())]);
        bytes = b.byteLength;
        both.push(performance.now() - t0);
      }
      console.log(`    bracket + challenge together: ${summary(both)}; bracket body ${bytes} bytes`);
      console.log(`(a) navigation → 512-player bracket drawn: ${summary(bracket)}  target < 1000 ms`);
      console.log(`    GET /api/challenges/:id/bracket alone: ${summary(api)}`);
      return;
    }

    // (b) standings at scale.
    log(`seeding ${PLAYERS} players' standings …`);
    const seeded = await seedStandingsSeason(dbUrl, prisma, PLAYERS);
    const pages = Math.ceil(PLAYERS / 50);
    const page = await fresh();
    const startPage = Math.floor(pages / 2);
    await page.goto(`${base}/cities/${seeded.city}/standings?season=${seeded.season}&page=${startPage}`);
    await page.waitForSelector('table.standings tbody tr');
    await page.evaluate(NEXT_PAGE); // warm-up click
    const paging: number[] = [];
    for (let i = 0; i < RUNS; i++) paging.push((await page.evaluate(NEXT_PAGE)) as number);
    if (!page.url().includes(`page=${startPage + 1 + RUNS}`)) throw new Error(`paging ended on ${page.url()}`);
    await page.context().close();

    // (c) socket event → DOM. The worker starts only now: (a) and (b) need none, and in this process
    // it would run the 512-player round's turn clocks (128 games, a run-out every 20 s each) on the
    // event loop that answers the page's requests; in production it is a process of its own.
    worker = await createWorker(config);
    log('a running 16-player challenge: socket event to screen …');
    const ch = await challengeWithPlayers(prisma, { checkedIn: 16, roundSeconds: 3600, breakSeconds: 3600 });
    await started(prisma, flow, ch.challengeId);
    const tables = await prisma.challengeTable.findMany({ where: { challengeId: ch.challengeId }, orderBy: { index: 'asc' }, select: { id: true } });
    const live = await fresh();
    await live.addInitScript({ content: SOCKET_PROBE });
    await live.goto(`${base}/challenges/${ch.challengeId}`);
    await live.getByText('Live', { exact: true }).first().waitFor();
    const socket: number[] = [];
    for (const t of tables.slice(0, RUNS)) {
      // Idle seats forfeit on the turn clock: a table the clock already finished is measured the same way.
      const game = await prisma.game.findFirst({ where: { tableId: t.id, status: 'playing' } });
      if (game) await playOut(app, game.id, 'greedy');
      await waitFor(live, `window.__dom[${JSON.stringify(t.id)}] !== undefined && window.__msgs[${JSON.stringify(t.id)}] !== undefined`, 60_000);
      socket.push((await live.evaluate(`window.__dom[${JSON.stringify(t.id)}] - window.__msgs[${JSON.stringify(t.id)}]`)) as number);
    }
    await live.context().close();

    // (e) the home page's largest contentful paint, phone emulation with a 4× slower CPU.
    const lcp: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const phone = await (await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })).newPage();
      const cdp = await phone.context().newCDPSession(phone);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await phone.addInitScript({ content: LCP_PROBE });
      await phone.goto(`${base}/`);
      await phone.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
      // LCP is final at the first input or when the page is hidden; the figure is the last entry by then.
      await phone.waitForTimeout(1000);
      lcp.push((await phone.evaluate('window.__lcp')) as number);
      await phone.context().close();
    }

    console.log(
      [
        `bench:web${quick ? ' --quick' : ''} — Chromium ${browser.version()}, API in-process (worker from (c)), ${RUNS} runs each`,
        `(a) navigation → 512-player bracket drawn (round 1: 128 tables, 512 players): ${summary(bracket)}  target < 1000 ms`,
        `(b) standings, ${PLAYERS.toLocaleString('en-US')} players, Next → rows shown (pages ${startPage + 1}–${startPage + 1 + RUNS} of ${pages}): ${summary(paging, 'ms', 1)}  target < 100 ms`,
        `(c) table:result frame → table card finished in the DOM: ${summary(socket, 'ms', 1)}  target < 100 ms`,
        `(d) initial JavaScript (${js.files.length} file${js.files.length === 1 ? '' : 's'}): ${(js.gzip / 1024).toFixed(1)} kB gzipped (${(js.raw / 1024).toFixed(1)} kB raw)  target < 250 kB`,
        `(e) home page, phone emulation, 4× CPU slowdown: largest contentful paint ${summary(lcp)}`,
      ].join('\n'),
    );
  } finally {
    await browser?.close().catch(() => undefined);
    await worker?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await dropBenchEnv({ pgBase: PG_BASE, dbName, redisUrl: REDIS_URL, prefix });
  }
}

runBench(main);

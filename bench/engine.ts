/**
 * Engine benchmark: `npm run bench:engine` (about 40 s) or `npm run bench:engine -- --quick` (about 10 s).
 *
 * One figure per line, single core, after a warm-up:
 * - fast path (libs/engine/src/fast): random-play hands/s and full games (to 150) /s;
 * - the readable immutable API (createGame / apply / legalMoves), when it is there;
 * - the greedy and expert bots (libs/engine/src/bots), when they are there.
 * Every line names its seed, how many hands or games it timed, and the elapsed time.
 */
import { performance } from 'node:perf_hooks';
import { FastGame } from '../libs/engine/src/fast/index';

const quick = process.argv.includes('--quick');
const FAST_TARGET_HANDS_PER_SECOND = 300_000;

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const secs = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

function line(label: string, rate: number, unit: 'hands/s' | 'games/s', detail: string): void {
  console.log(`${label.padEnd(44)} ${fmt(rate).padStart(10)} ${unit}   (${detail})`);
}

// ---------------------------------------------------------------- fast path

function fastHands(players: 3 | 4, count: number, seed: string, falseKnockRate: number): number {
  const g = new FastGame(seed, players);
  let dominoes = 0;
  for (let i = 0; i < count; i++) {
    if (g.gameOver !== 0) g.newGame(players);
    if (g.playRandomHand(falseKnockRate) === 1) dominoes++;
  }
  return dominoes;
}

function fastGames(players: 3 | 4, count: number, seed: string): number {
  const g = new FastGame(seed, players);
  let hands = 0;
  for (let i = 0; i < count; i++) {
    g.newGame(players);
    g.playRandomGame(0);
    hands += g.handIndex;
  }
  return hands;
}

function benchFastHands(label: string, players: 3 | 4, count: number, falseKnockRate = 0): number {
  const seed = `bench-hands-${players}-${falseKnockRate}`;
  fastHands(players, Math.min(count, 300_000), `warm-${seed}`, falseKnockRate);
  const t0 = performance.now();
  fastHands(players, count, seed, falseKnockRate);
  const ms = performance.now() - t0;
  const rate = (count * 1000) / ms;
  line(label, rate, 'hands/s', `${fmt(count)} hands, one game after another from seed "${seed}", ${secs(ms)}`);
  return rate;
}

function benchFastGames(label: string, players: 3 | 4, count: number): void {
  const seed = `bench-games-${players}`;
  fastGames(players, Math.min(count, 20_000), `warm-${seed}`);
  const t0 = performance.now();
  const hands = fastGames(players, count, seed);
  const ms = performance.now() - t0;
  line(label, (count * 1000) / ms, 'games/s', `${fmt(count)} games (${fmt(hands)} hands) from seed "${seed}", ${secs(ms)}`);
}

// ---------------------------------------------------------------- readable API and bots (loaded if present)

interface ActionLike {
  seat: number;
  type: string;
}
interface StateLike {
  finished: boolean;
  hands: { turn: number | null }[];
}
type Result = { ok: true; state: StateLike } | { ok: false; error: { code?: string; message: string } };
interface ReadableApi {
  createGame(opts: { ruleset: string; players: number; seed: string }): Result;
  apply(state: StateLike, action: ActionLike): Result;
  legalMoves(state: StateLike, seat: number): ActionLike[];
  seedRng(seed: string): [number, number, number, number];
  nextInt(state: [number, number, number, number], n: number): number;
}
/** A bot as the bench drives it: the action for `seat` in `state`. */
type BotFn = (state: StateLike, seat: number) => ActionLike;

async function load(path: string): Promise<Record<string, unknown> | null> {
  try {
    const mod: unknown = await import(path);
    return typeof mod === 'object' && mod !== null ? (mod as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function asReadable(mod: Record<string, unknown> | null): ReadableApi | null {
  if (!mod) return null;
  const names = ['createGame', 'apply', 'legalMoves', 'seedRng', 'nextInt'] as const;
  if (!names.every((n) => typeof mod[n] === 'function')) return null;
  return mod as unknown as ReadableApi;
}

function isAction(v: unknown): v is ActionLike {
  return typeof v === 'object' && v !== null && typeof (v as ActionLike).type === 'string' && typeof (v as ActionLike).seat === 'number';
}

/**
 * Plays one game with the readable API; `choose` picks each action (random
 * when null). Returns the hands played.
 */
function readableGame(api: ReadableApi, seed: string, rng: [number, number, number, number], choose: BotFn | null): number {
  const created = api.createGame({ ruleset: 'dcs-tournament', players: 4, seed });
  if (!created.ok) throw new Error(`createGame: ${created.error.message}`);
  let state = created.state;
  for (let guard = 0; !state.finished && guard < 20_000; guard++) {
    const hand = state.hands[state.hands.length - 1];
    const seat = hand?.turn;
    if (seat === null || seat === undefined) break;
    let action: ActionLike;
    if (choose) action = choose(state, seat);
    else {
      const moves = api.legalMoves(state, seat);
      if (moves.length === 0) break;
      action = moves[api.nextInt(rng, moves.length)];
    }
    const r = api.apply(state, action);
    if (!r.ok) throw new Error(`apply ${JSON.stringify(action)}: ${r.error.code ?? ''} ${r.error.message}`);
    state = r.state;
  }
  return state.hands.length;
}

/** Runs games for `budgetMs` after a warm-up; prints games/s (and hands/s). */
function benchReadable(api: ReadableApi, label: string, choose: BotFn | null, budgetMs: number, withHands: boolean): void {
  const slug = label.replace(/\W+/g, '-');
  const rng = api.seedRng(`bench-${slug}`);
  const warmUntil = performance.now() + budgetMs / 4;
  for (let i = 0; performance.now() < warmUntil; i++) readableGame(api, `warm-${slug}-${i}`, rng, choose);
  let games = 0;
  let hands = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < budgetMs || games < 3) {
    hands += readableGame(api, `bench-${slug}-${games}`, rng, choose);
    games++;
  }
  const ms = performance.now() - t0;
  const detail = `${fmt(games)} games (${fmt(hands)} hands) from seeds "bench-${slug}-0..${games - 1}", ${secs(ms)}`;
  if (withHands) line(`${label}, random hands, 4 seats`, (hands * 1000) / ms, 'hands/s', detail);
  line(`${label}, games to 150, 4 seats`, (games * 1000) / ms, 'games/s', detail);
}

const BOT_METHODS = ['choose', 'chooseAction', 'decide', 'act', 'move', 'pick', 'play', 'nextAction', 'bestAction'];

/** Tries to turn an export of the bots module into a (state, seat) → action function. */
function botFrom(candidate: unknown, api: ReadableApi, probe: StateLike, seat: number): BotFn | null {
  const tryFn = (fn: BotFn): BotFn | null => {
    try {
      return isAction(fn(probe, seat)) ? fn : null;
    } catch {
      return null;
    }
  };
  if (typeof candidate === 'function') {
    const f = candidate as (...args: unknown[]) => unknown;
    const direct = tryFn((s, k) => f(s, k) as ActionLike);
    if (direct) return direct;
    const withRng = api.seedRng('bench-bot');
    const rngFn = tryFn((s, k) => f(s, k, withRng) as ActionLike);
    if (rngFn) return rngFn;
    let instance: unknown = null;
    try {
      instance = new (candidate as new () => unknown)();
    } catch {
      try {
        instance = f();
      } catch {
        instance = null;
      }
    }
    if (instance && instance !== candidate) return botFrom(instance, api, probe, seat);
    return null;
  }
  if (typeof candidate === 'object' && candidate !== null) {
    const o = candidate as Record<string, unknown>;
    for (const m of BOT_METHODS) {
      const method = o[m];
      if (typeof method === 'function') {
        const fn = tryFn((s, k) => (method as (...args: unknown[]) => unknown).call(o, s, k) as ActionLike);
        if (fn) return fn;
      }
    }
  }
  return null;
}

function findBot(mod: Record<string, unknown>, kind: 'greedy' | 'expert', api: ReadableApi): BotFn | null {
  const created = api.createGame({ ruleset: 'dcs-tournament', players: 4, seed: 'bench-probe' });
  if (!created.ok) return null;
  const probe = created.state;
  const seat = probe.hands[probe.hands.length - 1]?.turn ?? 0;
  // The bots' own shape (bots/bot-types.ts): `${kind}Bot()` makes a Bot whose
  // choose(state, seat, rng) decides from that seat's view only.
  const factory = mod[`${kind}Bot`];
  if (typeof factory === 'function') {
    try {
      const bot: unknown = (factory as () => unknown)();
      const choose = typeof bot === 'object' && bot !== null ? (bot as Record<string, unknown>).choose : undefined;
      if (typeof choose === 'function') {
        const rng = api.seedRng(`bench-${kind}-bot`);
        const fn: BotFn = (s, k) => (choose as (s: StateLike, k: number, r: unknown) => ActionLike).call(bot, s, k, rng);
        if (isAction(fn(probe, seat))) return fn;
      }
    } catch {
      // fall through to the looser search below
    }
  }
  const re = new RegExp(kind, 'i');
  for (const [name, value] of Object.entries(mod)) {
    if (!re.test(name)) continue;
    const bot = botFrom(value, api, probe, seat);
    if (bot) return bot;
  }
  // A factory such as createBot('greedy') or a registry { greedy: … }.
  for (const [name, value] of Object.entries(mod)) {
    if (typeof value === 'function' && /^(create|make|get|new)Bot$|^botFor$/i.test(name)) {
      try {
        const bot = botFrom((value as (k: string) => unknown)(kind), api, probe, seat);
        if (bot) return bot;
      } catch {
        // not a factory of that shape
      }
    }
    if (typeof value === 'object' && value !== null && kind in value) {
      const bot = botFrom((value as Record<string, unknown>)[kind], api, probe, seat);
      if (bot) return bot;
    }
  }
  return null;
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const n = quick ? 1 : 4;
  console.log(`engine bench${quick ? ' (--quick)' : ''}: node ${process.version}, single core, warm-up before every timing`);

  const rate = benchFastHands('fast path, random hands, 4 seats', 4, 700_000 * n);
  benchFastHands('fast path, random hands, 3 seats', 3, 300_000 * n);
  benchFastHands('fast path, random hands, 4 seats, 5% false', 4, 300_000 * n, 0.05);
  benchFastGames('fast path, games to 150, 4 seats', 4, 40_000 * n);
  benchFastGames('fast path, games to 150, 3 seats', 3, 20_000 * n);
  console.log(
    `fast path target ≥ ${fmt(FAST_TARGET_HANDS_PER_SECOND)} 4-seat hands/s: ${rate >= FAST_TARGET_HANDS_PER_SECOND ? 'met' : 'NOT met'} (${fmt(rate)})`,
  );

  const api = asReadable(await load('../libs/engine/src/index'));
  const budget = quick ? 2_500 : 8_000;
  if (!api) console.log('readable API: skipped (libs/engine/src/index.ts does not export createGame, apply, legalMoves yet)');
  else benchReadable(api, 'readable API', null, budget, true);

  const bots = await load('../libs/engine/src/bots/index');
  for (const kind of ['greedy', 'expert'] as const) {
    if (!api) console.log(`${kind} bot: skipped (needs the readable API)`);
    else if (!bots) console.log(`${kind} bot: skipped (libs/engine/src/bots/ is not there yet)`);
    else {
      const bot = findBot(bots, kind, api);
      if (!bot) console.log(`${kind} bot: skipped (no (state, seat) → action ${kind} bot among bots/ exports: ${Object.keys(bots).join(', ')})`);
      else benchReadable(api, `${kind} bot`, bot, budget, false);
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

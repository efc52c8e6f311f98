/**
 * The driver: plays a whole game with one bot per seat, every action through
 * the readable engine's `apply`, each bot deciding on its own seat's
 * PlayerView. Deterministic given the seed: the deal comes from
 * createGame({ seed }), and each seat's bot has its own generator,
 * seedRng(`${seed}/bot/${seat}`).
 */
import { apply, createGame, currentHand } from '../game';
import { toRecord, type GameRecord } from '../record';
import { seedRng, type RngState } from '../rng';
import type { Action, GameState, Settings } from '../types';
import { playerView } from '../views';
import type { Bot, BotSpec } from './bot-types';
import { expertBot } from './expert';
import { greedyBot } from './greedy';
import { randomBot } from './random-bot';

/** A new bot from its name, or its name and options. */
export function createBot(spec: BotSpec): Bot {
  const s = typeof spec === 'string' ? { name: spec } : spec;
  switch (s.name) {
    case 'random':
      return randomBot('options' in s ? s.options : undefined);
    case 'greedy':
      return greedyBot();
    case 'expert':
      return expertBot('options' in s ? s.options : undefined);
    default:
      throw new Error(`unknown bot ${JSON.stringify((s as { name: unknown }).name)}`);
  }
}

export interface PlayGameOptions {
  ruleset: string;
  players: number;
  seed: string;
  /** one per seat: a name ('random' | 'greedy' | 'expert'), a name with options, or a Bot */
  bots: readonly (BotSpec | Bot)[];
  settings?: Partial<Settings>;
  partners?: boolean;
  /** safety stop (default 20,000 actions) */
  maxActions?: number;
  /** called after every accepted action */
  onAction?: (state: GameState, action: Action) => void;
}

export interface PlayGameResult {
  /** the final state (finished unless maxActions stopped it) */
  state: GameState;
  /** the game as a SPEC 1.8 record (every tile revealed) */
  record: GameRecord;
  /** actions played */
  actions: number;
  /** bot decisions per seat */
  decisions: number[];
  /** false knocks per seat */
  falseKnocks: number[];
}

function isBot(x: BotSpec | Bot): x is Bot {
  return typeof x === 'object' && 'decide' in x;
}

export function playGame(opts: PlayGameOptions): PlayGameResult {
  const created = createGame({
    ruleset: opts.ruleset,
    players: opts.players,
    seed: opts.seed,
    settings: opts.settings,
    partners: opts.partners,
  });
  if (!created.ok) throw new Error(`playGame: ${created.error.code} ${created.error.message}`);
  const n = opts.players;
  if (opts.bots.length !== n) throw new Error(`playGame: ${opts.bots.length} bots for ${n} seats`);
  const bots: Bot[] = opts.bots.map((b) => (isBot(b) ? b : createBot(b)));
  const rngs: RngState[] = bots.map((_, seat) => seedRng(`${opts.seed}/bot/${seat}`));
  const decisions = Array<number>(n).fill(0);
  const falseKnocks = Array<number>(n).fill(0);
  const max = opts.maxActions ?? 20_000;
  let state = created.state;
  let actions = 0;
  while (!state.finished && actions < max) {
    const h = currentHand(state);
    if (!h || h.turn === null) break;
    const seat = h.turn;
    const action = bots[seat].decide(playerView(state, seat), rngs[seat]);
    decisions[seat]++;
    const r = apply(state, action);
    if (!r.ok) throw new Error(`playGame: ${bots[seat].name} at seat ${seat} chose ${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`);
    for (const ev of r.events) if (ev.type === 'knocked' && ev.falseKnock) falseKnocks[ev.seat]++;
    state = r.state;
    actions++;
    opts.onAction?.(state, action);
  }
  return { state, record: toRecord(state), actions, decisions, falseKnocks };
}


/**
 * Creating a game: a live game (seeded, dealing its own hands) or one replayed from a record
 * (hands dealt explicitly with `startHand`), and the check of an explicit deal.
 */
import { seedRng } from '../rng';
import { resolveConfig, RULESETS } from '../rulesets';
import { ALL_TILES, normalizeTile, type Tile } from '../tiles';
import type { ApplyResult, CreateResult, EngineError, Failure, GameConfig, GameState } from '../types';
import { currentHand, draftOf, fail, type Draft } from './draft';
import { beginHand, dealLive } from './hands';

export interface CreateGameOptions {
  ruleset: string;
  settings?: Record<string, unknown>;
  players: number;
  partners?: boolean;
  /** the per-game secret seed (SPEC 3.3); its hash is published at the start, the seed at the end */
  seed: string;
  /** one hand only, no target (a duplicate board, SPEC 9.2) */
  singleHand?: boolean;
}

function blankState(config: GameConfig, mode: 'live' | 'record', rng: GameState['rng']): GameState {
  const n = config.players;
  const everyoneOn = !RULESETS[config.ruleset].tournament && config.settings.getOn === 0;
  return {
    engine: 'dcs-dominoes',
    format: 1,
    mode,
    config,
    version: 0,
    rng,
    scores: Array<number>(n).fill(0),
    onBoard: Array<boolean>(n).fill(everyoneOn),
    forfeited: Array<boolean>(n).fill(false),
    forfeitOrder: [],
    hands: [],
    nextLead: { kind: 'double', context: 'first' },
    nextPicker: 0,
    finished: false,
    winner: null,
    endedBy: null,
  };
}

/** A live game: validates the table, seeds the generator and deals the first hand. */
export function createGame(opts: CreateGameOptions): CreateResult {
  const resolved = resolveConfig(opts);
  if (!resolved.ok) return resolved;
  if (typeof opts.seed !== 'string' || opts.seed.length === 0) return fail('INVALID_SETTINGS', 'a seed is required');
  const state = blankState(resolved.config, 'live', seedRng(opts.seed));
  const d: Draft = { s: state, events: [] };
  dealLive(d);
  return { ok: true, state: d.s };
}

export interface RecordHeader {
  ruleset: unknown;
  settings?: unknown;
  players: unknown;
  partners?: unknown;
  /** one hand only (a duplicate board): the record's `singleHand` extension */
  singleHand?: unknown;
}

/** A game whose hands are dealt explicitly with startHand (replay of a record). */
export function createGameFromRecordHeader(header: RecordHeader): CreateResult {
  const resolved = resolveConfig(header);
  if (!resolved.ok) return resolved;
  return { ok: true, state: blankState(resolved.config, 'record', null) };
}

/** Validates an explicit deal; returns the normalised hands and yard or an INVALID_DEAL error. */
export function validateDeal(
  config: GameConfig,
  deal: unknown,
  yard: unknown,
): { ok: true; deal: Tile[][]; yard: Tile[] } | Failure {
  const n = config.players;
  const size = config.settings.handSize;
  if (!Array.isArray(deal) || deal.length !== n) return fail('INVALID_DEAL', `the deal must have ${n} hands`);
  const yardRaw = yard ?? [];
  if (!Array.isArray(yardRaw)) return fail('INVALID_DEAL', 'the yard must be an array');
  const seen = new Set<Tile>();
  const take = (raw: unknown, where: string): Tile | EngineError => {
    const t = normalizeTile(raw);
    if (!t) return { code: 'INVALID_DEAL', message: `${where}: unknown tile ${JSON.stringify(raw)}` };
    if (seen.has(t)) return { code: 'INVALID_DEAL', message: `${where}: duplicate tile ${t}` };
    seen.add(t);
    return t;
  };
  const hands: Tile[][] = [];
  for (let s = 0; s < n; s++) {
    const hand: unknown = deal[s];
    if (!Array.isArray(hand)) return fail('INVALID_DEAL', `hand ${s} must be an array of tiles`);
    if (hand.length !== size) return fail('INVALID_DEAL', `seat ${s} is dealt ${hand.length} tiles, not ${size}`);
    const out: Tile[] = [];
    for (const raw of hand) {
      const t = take(raw, `seat ${s}`);
      if (typeof t !== 'string') return { ok: false, error: t };
      out.push(t);
    }
    hands.push(out);
  }
  const outYard: Tile[] = [];
  for (const raw of yardRaw) {
    const t = take(raw, 'yard');
    if (typeof t !== 'string') return { ok: false, error: t };
    outYard.push(t);
  }
  if (seen.size !== ALL_TILES.length) {
    return fail('INVALID_DEAL', `hands and yard hold ${seen.size} tiles, not ${ALL_TILES.length}`);
  }
  return { ok: true, deal: hands, yard: outYard };
}

/** Record mode: starts the next hand with an explicit deal and yard. */
export function startHand(state: GameState, deal: unknown, yard: unknown): ApplyResult {
  if (state.finished) return fail('GAME_OVER', 'the game is over');
  if (state.mode === 'live') return fail('HAND_IN_PROGRESS', 'a live game deals its own hands');
  if (currentHand(state)) return fail('HAND_IN_PROGRESS', `hand ${state.hands.length - 1} is not finished`);
  const v = validateDeal(state.config, deal, yard);
  if (!v.ok) return v;
  const d: Draft = { s: draftOf(state), events: [] };
  beginHand(d, v.deal, v.yard, null);
  d.s.version = state.version + 1;
  return { ok: true, state: d.s, events: d.events };
}

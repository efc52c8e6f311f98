/**
 * Scenario helpers for the engine's tests: explicit deals, actions written
 * like a score sheet ("1 6-3 W", "2 knock"), and assertions that fail loudly.
 */
import {
  apply,
  createGameFromRecordHeader,
  startHand,
  type Action,
  type ApplyResult,
  type End,
  type EngineError,
  type GameEvent,
  type GameState,
  type HandState,
  type LeadRule,
} from '../src';

export interface TableSpec {
  ruleset: string;
  players: number;
  partners?: boolean;
  settings?: Record<string, unknown>;
  singleHand?: boolean;
}

export function table(spec: TableSpec): GameState {
  const r = createGameFromRecordHeader(spec);
  if (!r.ok) throw new Error(`table: ${r.error.code} ${r.error.message}`);
  return r.state;
}

/** Splits "6-6 6-3 1-0" into tiles. */
export function tiles(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean);
}

/** Starts a hand with the deal written one seat per string; `nextLead` overrides how it is led (as if set by the previous hand). */
export function deal(state: GameState, hands: string[], yard = '', nextLead?: LeadRule): GameState {
  const s = nextLead ? { ...state, nextLead } : state;
  const r = startHand(s, hands.map(tiles), tiles(yard));
  if (!r.ok) throw new Error(`deal: ${r.error.code} ${r.error.message}`);
  return r.state;
}

/** "0 6-6", "1 6-3 W", "2 knock", "3 draw", "0 reshuffle", "1 forfeit" */
export function parse(step: string): Action {
  const [seatText, what, end] = step.trim().split(/\s+/);
  const seat = Number(seatText);
  if (what === 'knock' || what === 'draw' || what === 'reshuffle' || what === 'forfeit') return { seat, type: what };
  return end ? { seat, type: 'play', tile: what, end: end as End } : { seat, type: 'play', tile: what };
}

export interface Played {
  state: GameState;
  events: GameEvent[];
}

export function act(state: GameState, ...steps: string[]): GameState {
  return run(state, ...steps).state;
}

export function run(state: GameState, ...steps: string[]): Played {
  let s = state;
  let events: GameEvent[] = [];
  for (const step of steps) {
    const r: ApplyResult = apply(s, parse(step));
    if (!r.ok) throw new Error(`${step}: ${r.error.code} ${r.error.message}`);
    s = r.state;
    events = r.events;
  }
  return { state: s, events };
}

/** The error an action gets (fails the test when it is accepted). */
export function rejected(state: GameState, step: string | Action): EngineError {
  const r = apply(state, typeof step === 'string' ? parse(step) : step);
  if (r.ok) throw new Error(`expected ${JSON.stringify(step)} to be rejected`);
  return r.error;
}

export function hand(state: GameState, index = state.hands.length - 1): HandState {
  return state.hands[index];
}

export function lastLog(state: GameState) {
  const h = hand(state);
  return h.log[h.log.length - 1];
}

/** Overrides scores / on-board status, as if earlier hands had been played. */
export function withScores(state: GameState, scores: number[], onBoard?: boolean[]): GameState {
  return { ...state, scores: scores.slice(), onBoard: onBoard ? onBoard.slice() : state.onBoard.slice() };
}

/**
 * Deals no one can steer (issue 24): the deal's seed is SHA-256 of the server's
 * committed seed followed by each seated player's contribution in seat order,
 *
 *   seed = sha256hex(serverSeed + contribution[0] + … + contribution[n-1])
 *
 * where a contribution is 64 lower-case hex characters (32 random bytes from the
 * player's page) or the empty string (a computer seat, or a seat that sent none in
 * time). The server publishes sha256hex(serverSeed) before any contribution is
 * taken and reveals serverSeed when the game ends: the server could not know the
 * contributions when it committed, and no player knew the server's seed when
 * contributing, so nobody could choose the deal. A game without contributions
 * (before this, or a table of computers alone) deals from serverSeed itself.
 *
 * `verifyGame` is what the verifier page runs in the browser: the same code that
 * deals and plays on the server (this engine), not a re-implementation.
 */
import { sha256Hex } from './hash';
import { apply, createGame, currentHand, hardStop, parseAction } from './game';
import type { GameRecord } from './record';
import type { GameState, Settings } from './types';

export const CONTRIBUTION_PATTERN = /^(?:[0-9a-f]{64})?$/;

/** True for a well-formed contribution: 64 lower-case hex characters, or '' (none). */
export function isContribution(x: unknown): x is string {
  return typeof x === 'string' && CONTRIBUTION_PATTERN.test(x);
}

/** The deal's seed from the server's seed and the contributions in seat order (none: the server's seed). */
export function dealSeed(serverSeed: string, contributions: readonly string[] | null | undefined): string {
  if (!contributions || contributions.length === 0) return serverSeed;
  for (const c of contributions) if (!isContribution(c)) throw new Error('a contribution is 64 lower-case hex characters or empty');
  return sha256Hex(serverSeed + contributions.join(''));
}

export interface FairnessParts {
  /** the server's seed, revealed when the game ended */
  serverSeed: string;
  /** sha256hex(serverSeed), published when the game was seated */
  seedHash: string;
  /** one per seat in seat order ('' for none); absent for a game dealt from the server's seed alone */
  contributions?: readonly string[] | null;
}

export interface HandCheck {
  hand: number;
  ok: boolean;
  /** the first difference in this hand, for a person to read */
  difference?: string;
}

export interface Difference {
  hand: number | null;
  action: number | null;
  message: string;
}

export interface VerifyResult {
  /** every check passed */
  ok: boolean;
  /** sha256(serverSeed) is the hash published at the start */
  commitment: boolean;
  /** the seed the hands were dealt from */
  seed: string;
  hands: HandCheck[];
  firstDifference: Difference | null;
  /** the scores the engine computed from the record (null when it stopped at a difference) */
  scores: number[] | null;
}

function same(a: readonly string[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

function dealDifference(state: GameState, recorded: { deal?: unknown; yard?: unknown }): string | null {
  const h = currentHand(state) ?? state.hands[state.hands.length - 1];
  const deal = Array.isArray(recorded.deal) ? recorded.deal : [];
  for (let seat = 0; seat < h.deal.length; seat++) {
    const mine = Array.isArray(deal[seat]) ? (deal[seat] as unknown[]) : [];
    if (!same(h.deal[seat], mine)) return `seat ${seat} was dealt ${h.deal[seat].join(' ')}, the record says ${mine.join(' ') || 'nothing'}`;
  }
  const yard = Array.isArray(recorded.yard) ? recorded.yard : [];
  if (!same(h.dealtYard, yard)) return `the yard was ${h.dealtYard.join(' ') || 'empty'}, the record says ${yard.join(' ') || 'empty'}`;
  return null;
}

/**
 * Recomputes the seed from its parts, deals every hand with the engine's shuffle and plays every
 * recorded action through the engine: a check per hand, or the first difference.
 */
export function verifyGame(record: GameRecord, parts: FairnessParts, settings?: Partial<Settings>): VerifyResult {
  const commitment = sha256Hex(parts.serverSeed) === parts.seedHash;
  const hands: HandCheck[] = [];
  const result = (first: Difference | null, seed: string, scores: number[] | null): VerifyResult => ({
    ok: commitment && first === null,
    commitment,
    seed,
    hands,
    firstDifference: first ?? (commitment ? null : { hand: null, action: null, message: 'the server seed does not hash to the hash published at the start' }),
    scores,
  });
  let seed: string;
  try {
    seed = dealSeed(parts.serverSeed, parts.contributions);
  } catch (e) {
    return result({ hand: null, action: null, message: (e as Error).message }, '', null);
  }
  const created = createGame({ ruleset: record.ruleset, players: record.players, partners: record.partners, settings: settings ?? record.settings, seed });
  if (!created.ok) return result({ hand: null, action: null, message: created.error.message }, seed, null);
  let state = created.state;
  const recordHands = Array.isArray(record.hands) ? record.hands : [];
  for (let i = 0; i < recordHands.length; i++) {
    const hand = recordHands[i];
    if (!currentHand(state)) {
      const message = `the game was over after ${i} hands; the record has more`;
      hands.push({ hand: i, ok: false, difference: message });
      return result({ hand: i, action: null, message }, seed, null);
    }
    const diff = dealDifference(state, hand);
    if (diff) {
      hands.push({ hand: i, ok: false, difference: diff });
      return result({ hand: i, action: null, message: diff }, seed, null);
    }
    const actions = Array.isArray(hand.actions) ? hand.actions : [];
    for (let j = 0; j < actions.length; j++) {
      const action = parseAction(actions[j], state.config.players);
      const r = typeof action === 'string' ? null : apply(state, action);
      if (!r || !r.ok) {
        const why = typeof action === 'string' ? action : r && !r.ok ? r.error.message : 'not accepted';
        const message = `action ${j} (${JSON.stringify(actions[j])}): ${why}`;
        hands.push({ hand: i, ok: false, difference: message });
        return result({ hand: i, action: j, message }, seed, null);
      }
      state = r.state;
    }
    hands.push({ hand: i, ok: true });
  }
  if ((record.hardStop === true || record.voided === true) && !state.finished) {
    const stopped = hardStop(state, record.voided === true ? 'void' : 'hard-stop');
    if (stopped.ok) state = stopped.state;
  }
  return result(null, seed, state.scores.slice());
}

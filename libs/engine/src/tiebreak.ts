/**
 * The 6-4 / 5-5 tiebreaker draw (SPEC section 2), as pure functions over a
 * JSON-serialisable state. The server runs the live 5-second picking window:
 * it calls `startDraw`, forwards players' `pick`s, and calls `closePicks` when
 * the window ends. Nothing here reads the clock or an ambient random source.
 *
 * How a draw works
 * - A *round* reshuffles all 28 tiles face down into positions 0..27. The
 *   shuffle comes from `seedRng(roundSeed)`, `roundSeed = "<drawId>:<round>"`,
 *   `round` counting every round of the whole draw from 1. The same generator,
 *   continued after the shuffle, makes the auto-picks at close, so a round is
 *   re-derivable from its stored seed and the players' own picks
 *   (`rederiveRound`).
 * - Each contender selects `handSize` tiles (7 for 2-4 players). At close,
 *   missing picks are filled at random from the untaken positions, contender by
 *   contender in the draw's player order, one pick at a time (a uniform choice
 *   among the untaken positions in ascending order); they are recorded `auto`.
 * - Exactly one contender holding 6-4 or 5-5 (or both) wins; 2+ holders (a
 *   split) or none → another round with the same contenders, picks cleared.
 *
 * What `places` means (decision)
 * - `places` is how many places at the top of the tied group are decided by
 *   the draw, 1 ≤ places ≤ players − 1. The tied players occupy a block of
 *   consecutive places; each *completed draw* (one or more rounds) decides the
 *   best still-open place: its winner takes it and leaves, the others draw
 *   again for the next place, until `places` winners are known.
 * - `finalOrder` lists the winners in place order followed by everyone else.
 *   When places = players − 1 the one left over takes the place below the
 *   winners, so the order is complete. When fewer places are decided, the
 *   players left over are NOT ordered by the draw: they share the remaining
 *   places of the block (listed in the order they were given).
 * - Examples: 2 tied for the last advancement slot → places 1 (winner
 *   advances, loser is out). 3 tied for 2 slots → places 2: the first draw
 *   decides slot 1, the other two draw for slot 2, the last loser gets the
 *   place below. 3 tied for 2nd at a final table (2nd ≠ 3rd, 3rd = 4th) →
 *   places 1: the winner is 2nd, the other two share 3rd-4th.
 *
 * Hand size (decision): 7 tiles each for 2-4 players, as the rule says. The
 * rule cannot give 7 each to 5 or more (28 tiles), so for 5..14 players each
 * selects floor(28 / players) tiles (5 → 5, 6 → 4, 7 → 4, 8-9 → 3, 10-14 → 2),
 * recomputed for each draw as contenders leave; more than 14 tied is refused
 * (with 1 tile each every tile would be dealt out and 6-4 and 5-5 would always
 * be split, so the draw could never end).
 *
 * Secrecy: `tiles` (position → tile) and `rng` predict every pick, so the
 * state must never leave the server while picking is open — send
 * `tiebreakPublicView` instead — and the `drawId` must be unguessable (the
 * server makes it from a secure random source, like a game's deal seed).
 */
import { nextInt, seedRng, shuffle } from './rng';
import type { RngState } from './rng';
import { ALL_TILES } from './tiles';
import type { Tile } from './tiles';

export const DECIDING_TILES: readonly Tile[] = ['6-4', '5-5'];
export const TILE_POSITIONS = 28;
export const MAX_TIEBREAK_PLAYERS = 14;
/** The picking window of the live draw (SPEC 2.2); enforced by the server. */
export const PICK_WINDOW_MS = 5000;

export type TiebreakErrorCode =
  | 'NOT_IN_DRAW'
  | 'POSITION_TAKEN'
  | 'HAND_FULL'
  | 'BAD_POSITION'
  | 'DRAW_CLOSED'
  | 'BAD_DRAW_ID'
  | 'BAD_PLAYERS'
  | 'TOO_MANY_PLAYERS'
  | 'BAD_PLACES'
  | 'NOT_RESOLVED';

export interface TiebreakError {
  readonly code: TiebreakErrorCode;
  readonly message: string;
}

export interface TiebreakPick {
  /** 1-based order of the pick within its round (human picks first, then auto-picks). */
  readonly seq: number;
  readonly playerId: string;
  readonly position: number;
  readonly tile: Tile;
  /** true when the pick was made for the player at close. */
  readonly auto: boolean;
}

export interface TiebreakHand {
  readonly playerId: string;
  /** In pick order. */
  readonly tiles: Tile[];
  /** The deciding tiles (6-4, 5-5) in this hand. */
  readonly deciding: Tile[];
}

export type TiebreakOutcome =
  | { readonly kind: 'winner'; readonly playerId: string; readonly place: number }
  | { readonly kind: 'split'; readonly holders: string[] }
  | { readonly kind: 'none' };

/** The full audit record of one closed round. */
export interface TiebreakRoundRecord {
  readonly round: number;
  /** Which place of the block this round was drawing for (1 = best open place first decided). */
  readonly place: number;
  readonly contenders: string[];
  readonly handSize: number;
  readonly seed: string;
  /** Position → tile after the shuffle. */
  readonly order: Tile[];
  readonly picks: TiebreakPick[];
  /** One entry per contender, in contender order. */
  readonly hands: TiebreakHand[];
  readonly outcome: TiebreakOutcome;
}

export interface TiebreakState {
  readonly format: 1;
  readonly drawId: string;
  /** The tied players as given (this order breaks no ties; it only fixes the auto-pick order). */
  readonly players: string[];
  readonly places: number;
  readonly status: 'picking' | 'decided';
  /** Rises by one with every accepted pick and close. */
  readonly version: number;
  /** Number of the current (or, once decided, last) round, from 1. */
  readonly round: number;
  /** Players drawing in the current round. */
  readonly contenders: string[];
  /** Winners so far, in place order. */
  readonly winners: string[];
  readonly handSize: number;
  readonly roundSeed: string;
  /** Position → tile of the current round. Server-only while picking. */
  readonly tiles: Tile[];
  /** Generator state after the shuffle; makes the auto-picks. Server-only. */
  readonly rng: RngState;
  /** Picks of the current round, in order. */
  readonly picks: TiebreakPick[];
  readonly rounds: TiebreakRoundRecord[];
}

export interface StartDrawInput {
  /** Storable, unguessable id; every round's seed is derived from it. */
  readonly drawId: string;
  readonly players: readonly string[];
  readonly places: number;
}

export function isTiebreakError(value: unknown): value is TiebreakError {
  return typeof value === 'object' && value !== null && 'code' in value && !('format' in value);
}

function err(code: TiebreakErrorCode, message: string): TiebreakError {
  return { code, message };
}

export function handSizeFor(contenders: number): number {
  return Math.min(7, Math.floor(TILE_POSITIONS / contenders));
}

export function roundSeedFor(drawId: string, round: number): string {
  return `${drawId}:${round}`;
}

/** The shuffle of a round, and the generator left ready for its auto-picks. */
function shuffleRound(seed: string): { tiles: Tile[]; rng: RngState } {
  const rng = seedRng(seed);
  const tiles = shuffle(rng, ALL_TILES);
  return { tiles, rng };
}

function freshRound(
  drawId: string,
  round: number,
  contenders: string[],
): Pick<TiebreakState, 'round' | 'contenders' | 'handSize' | 'roundSeed' | 'tiles' | 'rng' | 'picks'> {
  const roundSeed = roundSeedFor(drawId, round);
  const { tiles, rng } = shuffleRound(roundSeed);
  return { round, contenders, handSize: handSizeFor(contenders.length), roundSeed, tiles, rng, picks: [] };
}

export function startDraw(input: StartDrawInput): TiebreakState | TiebreakError {
  const players = [...input.players];
  if (typeof input.drawId !== 'string' || input.drawId.length === 0) return err('BAD_DRAW_ID', 'drawId is required');
  if (players.length < 2) return err('BAD_PLAYERS', 'a draw needs at least 2 tied players');
  if (players.some((p) => typeof p !== 'string' || p.length === 0)) return err('BAD_PLAYERS', 'player ids must be non-empty strings');
  if (new Set(players).size !== players.length) return err('BAD_PLAYERS', 'a player is listed twice');
  if (players.length > MAX_TIEBREAK_PLAYERS) {
    return err('TOO_MANY_PLAYERS', `at most ${MAX_TIEBREAK_PLAYERS} players can share one draw`);
  }
  if (!Number.isInteger(input.places) || input.places < 1 || input.places > players.length - 1) {
    return err('BAD_PLACES', `places must be an integer from 1 to ${players.length - 1}`);
  }
  return {
    format: 1,
    drawId: input.drawId,
    players,
    places: input.places,
    status: 'picking',
    version: 0,
    winners: [],
    rounds: [],
    ...freshRound(input.drawId, 1, players),
  };
}

function handOf(state: TiebreakState, playerId: string): number {
  let n = 0;
  for (const p of state.picks) if (p.playerId === playerId) n++;
  return n;
}

/** A player selects the face-down tile at `position` (0..27) during the picking window. */
export function pick(state: TiebreakState, playerId: string, position: number): TiebreakState | TiebreakError {
  if (state.status !== 'picking') return err('DRAW_CLOSED', 'the draw is decided');
  if (!state.contenders.includes(playerId)) return err('NOT_IN_DRAW', 'the player is not drawing in this round');
  if (!Number.isInteger(position) || position < 0 || position >= TILE_POSITIONS) {
    return err('BAD_POSITION', `position must be an integer from 0 to ${TILE_POSITIONS - 1}`);
  }
  if (handOf(state, playerId) >= state.handSize) return err('HAND_FULL', `the player already holds ${state.handSize} tiles`);
  if (state.picks.some((p) => p.position === position)) return err('POSITION_TAKEN', 'that tile is already taken');
  const next: TiebreakPick = {
    seq: state.picks.length + 1,
    playerId,
    position,
    tile: state.tiles[position],
    auto: false,
  };
  return { ...state, version: state.version + 1, picks: [...state.picks, next] };
}

/**
 * Every contender of the current round holds its full hand (SPEC 2: "the tied players have 5
 * seconds to select"): nothing is left to pick, so the window may close now instead of at its end.
 */
export function everyonePicked(state: TiebreakState): boolean {
  if (state.status !== 'picking') return false;
  return state.contenders.every((playerId) => handOf(state, playerId) >= state.handSize);
}

/**
 * Fills the missing picks of `contenders` from `rng` (advanced in place), in
 * the documented order. Shared by `closePicks` and `rederiveRound`.
 */
function autoFill(
  rng: RngState,
  tiles: readonly Tile[],
  contenders: readonly string[],
  handSize: number,
  humanPicks: readonly TiebreakPick[],
): TiebreakPick[] {
  const taken = new Set<number>(humanPicks.map((p) => p.position));
  const out: TiebreakPick[] = [...humanPicks];
  for (const playerId of contenders) {
    let held = humanPicks.filter((p) => p.playerId === playerId).length;
    while (held < handSize) {
      const free: number[] = [];
      for (let pos = 0; pos < TILE_POSITIONS; pos++) if (!taken.has(pos)) free.push(pos);
      const position = free[nextInt(rng, free.length)];
      taken.add(position);
      out.push({ seq: out.length + 1, playerId, position, tile: tiles[position], auto: true });
      held++;
    }
  }
  return out;
}

function handsOf(contenders: readonly string[], picks: readonly TiebreakPick[]): TiebreakHand[] {
  return contenders.map((playerId) => {
    const tiles = picks.filter((p) => p.playerId === playerId).map((p) => p.tile);
    return { playerId, tiles, deciding: tiles.filter((t) => DECIDING_TILES.includes(t)) };
  });
}

function outcomeOf(hands: readonly TiebreakHand[], place: number): TiebreakOutcome {
  const holders = hands.filter((h) => h.deciding.length > 0).map((h) => h.playerId);
  if (holders.length === 1) return { kind: 'winner', playerId: holders[0], place };
  if (holders.length === 0) return { kind: 'none' };
  return { kind: 'split', holders };
}

/**
 * Ends the picking window: auto-fills, resolves the round, records it, and
 * either finishes the draw or starts the next round (fresh shuffle, no picks).
 */
export function closePicks(state: TiebreakState): TiebreakState | TiebreakError {
  if (state.status !== 'picking') return err('DRAW_CLOSED', 'the draw is decided');
  const rng: RngState = [state.rng[0], state.rng[1], state.rng[2], state.rng[3]];
  const picks = autoFill(rng, state.tiles, state.contenders, state.handSize, state.picks);
  const hands = handsOf(state.contenders, picks);
  const place = state.winners.length + 1;
  const outcome = outcomeOf(hands, place);
  const record: TiebreakRoundRecord = {
    round: state.round,
    place,
    contenders: [...state.contenders],
    handSize: state.handSize,
    seed: state.roundSeed,
    order: [...state.tiles],
    picks,
    hands,
    outcome,
  };
  const rounds = [...state.rounds, record];
  let winners = state.winners;
  let contenders = state.contenders;
  if (outcome.kind === 'winner') {
    winners = [...winners, outcome.playerId];
    contenders = contenders.filter((p) => p !== outcome.playerId);
  }
  if (winners.length >= state.places) {
    // Keep the last round's tiles and picks in place: the state stays a
    // faithful picture of how the draw ended.
    return { ...state, status: 'decided', version: state.version + 1, winners, contenders, picks, rng, rounds };
  }
  return {
    ...state,
    version: state.version + 1,
    winners,
    rounds,
    ...freshRound(state.drawId, state.round + 1, contenders),
  };
}

/** Winners in place order, then the players the draw did not order (see the header). Null until decided. */
export function finalOrder(state: TiebreakState): string[] | null {
  if (state.status !== 'decided') return null;
  return [...state.winners, ...state.players.filter((p) => !state.winners.includes(p))];
}

export interface TiebreakResult {
  /** Winners in place order (length = places). */
  readonly winners: string[];
  /** Everyone else; ordered below the winners only when there is one of them. */
  readonly rest: string[];
  /** true when the draw ordered every player (places = players − 1). */
  readonly complete: boolean;
}

export function drawResult(state: TiebreakState): TiebreakResult | null {
  const order = finalOrder(state);
  if (!order) return null;
  const rest = order.slice(state.winners.length);
  return { winners: [...state.winners], rest, complete: rest.length <= 1 };
}

/** Guard for runaway loops in simulations; a real draw resolves in a few rounds. */
export const MAX_AUTO_ROUNDS = 10000;

/** Runs a whole draw with every tile auto-picked (simulations, tests, no-shows). */
export function runDrawToCompletion(
  drawId: string,
  players: readonly string[],
  places: number,
): TiebreakState | TiebreakError {
  let state = startDraw({ drawId, players, places });
  while (!isTiebreakError(state) && state.status === 'picking') {
    if (state.round > MAX_AUTO_ROUNDS) return err('NOT_RESOLVED', `no result after ${MAX_AUTO_ROUNDS} rounds`);
    state = closePicks(state);
  }
  return state;
}

/** A closed round as the public sees it: its seed only once the whole draw is decided. */
export type TiebreakPublicRound = Omit<TiebreakRoundRecord, 'seed'> & { readonly seed: string | null };

/**
 * What everyone (players, spectators, staff) may see: taken positions, never an unrevealed tile.
 * While the draw is open its `drawId` and the seeds of its closed rounds stay secret: a round's
 * seed is `"<drawId>:<round>"`, so either one would tell where 6-4 and 5-5 lie in the next round.
 * Closed rounds are otherwise public in full (who held what, the outcome); the seeds follow once
 * the draw is decided, so anyone can then check every round (`verifyRound`).
 */
export interface TiebreakPublicView {
  readonly drawId: string | null;
  readonly players: string[];
  readonly places: number;
  readonly status: 'picking' | 'decided';
  readonly version: number;
  readonly round: number;
  readonly contenders: string[];
  readonly winners: string[];
  readonly handSize: number;
  readonly taken: { readonly playerId: string; readonly position: number }[];
  readonly rounds: TiebreakPublicRound[];
}

export function tiebreakPublicView(state: TiebreakState): TiebreakPublicView {
  const decided = state.status === 'decided';
  return {
    drawId: decided ? state.drawId : null,
    players: [...state.players],
    places: state.places,
    status: state.status,
    version: state.version,
    round: state.round,
    contenders: [...state.contenders],
    winners: [...state.winners],
    handSize: state.handSize,
    taken: state.picks.map((p) => ({ playerId: p.playerId, position: p.position })),
    rounds: decided ? state.rounds : state.rounds.map((r) => ({ ...r, seed: null })),
  };
}

/**
 * Recomputes a closed round from its seed, its contenders and the players' own
 * (non-auto) picks: the shuffle, every tile, the auto-picks, the hands and the
 * outcome. An auditor compares the result with the stored record
 * (`verifyRound`).
 */
export function rederiveRound(record: TiebreakRoundRecord): TiebreakRoundRecord {
  const { tiles, rng } = shuffleRound(record.seed);
  const human = record.picks
    .filter((p) => !p.auto)
    .map((p, i) => ({ seq: i + 1, playerId: p.playerId, position: p.position, tile: tiles[p.position], auto: false }));
  const picks = autoFill(rng, tiles, record.contenders, record.handSize, human);
  const hands = handsOf(record.contenders, picks);
  return {
    round: record.round,
    place: record.place,
    contenders: [...record.contenders],
    handSize: record.handSize,
    seed: record.seed,
    order: tiles,
    picks,
    hands,
    outcome: outcomeOf(hands, record.place),
  };
}

export function verifyRound(record: TiebreakRoundRecord): boolean {
  return JSON.stringify(rederiveRound(record)) === JSON.stringify(record);
}

/** Checks every recorded round and that the seeds follow from the draw id. */
export function verifyDraw(state: TiebreakState): boolean {
  return state.rounds.every(
    (r, i) => r.round === i + 1 && r.seed === roundSeedFor(state.drawId, r.round) && verifyRound(r),
  );
}

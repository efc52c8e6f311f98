/**
 * A duplicate night's boards (SPEC 9.2): how board b of round r is dealt from the event's secret seed, the
 * board's first game state, and the commitment to the seed. Pure: the seed comes in, hands come out.
 *
 *   order(r, b) = shuffle(seedRng(sha256hex("<eventSeed>:r<r>:b<b>")), ALL_TILES)
 *   seat s gets order[7s .. 7s+6]                       (no picker rotation, no contributions)
 *
 * with the engine's own generator and shuffle (the live deal's, docs/rules.md "Deals"). Every table of the
 * round is dealt exactly these hands, seat for seat. The seed's SHA-256 is published when round 1 is seated
 * and the seed revealed when the event ends (the scheme of every game's seed), so anyone re-derives every board.
 */
import {
  ALL_TILES,
  createGameFromRecordHeader,
  seedRng,
  sha256Hex,
  shuffle,
  startHand,
  type GameRecord,
  type GameState,
  type Tile,
} from '@dcs/engine';

export const BOARD_SEATS = 4;
export const BOARD_HAND_SIZE = 7;

function checkNumber(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be an integer from 1, not ${value}`);
}

/** The seed string of board `board` of round `round` (both 1-based): sha256hex("<eventSeed>:r<round>:b<board>"). */
export function boardSeed(eventSeed: string, round: number, board: number): string {
  if (typeof eventSeed !== 'string' || eventSeed.length === 0) throw new RangeError('the event seed is required');
  checkNumber('round', round);
  checkNumber('board', board);
  return sha256Hex(`${eventSeed}:r${round}:b${board}`);
}

/** The 28 tiles of a board in shuffled order. */
export function boardOrder(eventSeed: string, round: number, board: number): Tile[] {
  return shuffle(seedRng(boardSeed(eventSeed, round, board)), ALL_TILES);
}

/** The four hands of a board: seat s holds tiles 7s to 7s+6 of the board's order (high-low, as dealt). */
export function boardHands(eventSeed: string, round: number, board: number): Tile[][] {
  const order = boardOrder(eventSeed, round, board);
  return Array.from({ length: BOARD_SEATS }, (_, s) => order.slice(BOARD_HAND_SIZE * s, BOARD_HAND_SIZE * (s + 1)));
}

/**
 * The game state a table starts the board from: the tournament ruleset, 4 seats, one hand only
 * (`singleHand`: no target, the game ends with the hand's domino or lock), every seat Grey, the 6-6
 * holder to lead with the 6-6 (the first hand of a game, SPEC 1.3).
 */
export function boardGame(eventSeed: string, round: number, board: number): GameState {
  const created = createGameFromRecordHeader({ ruleset: 'dcs-tournament', players: BOARD_SEATS, singleHand: true });
  if (!created.ok) throw new Error(`board game: ${created.error.message}`);
  const dealt = startHand(created.state, boardHands(eventSeed, round, board), []);
  if (!dealt.ok) throw new Error(`board deal: ${dealt.error.message}`);
  return dealt.state;
}

/** What each seat scored on the board (its plays and any domino or lock count): the board scores of SPEC 9.3. */
export function boardScores(state: GameState): number[] {
  const hand = state.hands[0];
  return hand ? hand.points.slice() : Array<number>(state.config.players).fill(0);
}

/** The published commitment to the event's seed: sha256hex(seed), as for every game's seed. */
export function eventSeedHash(eventSeed: string): string {
  return sha256Hex(eventSeed);
}

/** Whether a revealed seed is the one committed to. */
export function seedMatchesHash(eventSeed: string, seedHash: string): boolean {
  return eventSeedHash(eventSeed) === seedHash;
}

/**
 * Checks a board's record against the revealed seed: the record is a single-hand tournament game of one hand
 * whose deal is board `board` of round `round`. Null when it matches; otherwise the first difference.
 */
export function boardRecordDifference(record: GameRecord, eventSeed: string, round: number, board: number): string | null {
  if (record.ruleset !== 'dcs-tournament' || record.players !== BOARD_SEATS || record.singleHand !== true) {
    return 'the record is not a duplicate board (a single-hand 4-player dcs-tournament game)';
  }
  if (!Array.isArray(record.hands) || record.hands.length !== 1) return 'a board has exactly one hand';
  const expected = boardHands(eventSeed, round, board);
  const deal = record.hands[0].deal;
  for (let seat = 0; seat < BOARD_SEATS; seat++) {
    const got = Array.isArray(deal?.[seat]) ? deal[seat] : [];
    if (got.length !== expected[seat].length || got.some((t, i) => t !== expected[seat][i])) {
      return `seat ${seat} was dealt ${got.join(' ') || 'nothing'}; board ${board} of round ${round} deals it ${expected[seat].join(' ')}`;
    }
  }
  return null;
}

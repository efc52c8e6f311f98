import { apply, legalMoves, skunkedSeats } from './game';
import { act, deal, hand, lastLog, rejected, table, withScores } from '../test/helpers';
import type { GameState } from './types';
import { DEAL_B, DOMINO_B } from '../test/deals';

const T4 = () => table({ ruleset: 'dcs-tournament', players: 4 });
const T3 = () => table({ ruleset: 'dcs-tournament', players: 3 });

// Deal A: seat 0 holds 6-6.
const DEAL_A = [
  '6-6 4-4 5-1 3-2 0-0 2-0 1-0',
  '6-3 6-5 5-5 4-1 3-0 2-1 1-1',
  '6-1 6-4 5-4 4-2 3-1 5-0 4-0',
  '6-2 6-0 5-3 5-2 4-3 3-3 2-2',
];
// 3-player table, lock at once: every 6 but 6-6 sleeps; after 6-6 pips are 15 / 29 / 51.
const DEAL_L = ['6-6 0-0 1-0 2-0 3-0 4-0 5-0', '1-1 2-1 3-1 4-1 5-1 2-2 3-2', '4-2 5-2 3-3 4-3 5-3 4-4 5-4'];
const YARD_L = '6-5 6-4 6-3 6-2 6-1 6-0 5-5';
// Lock tie: seats 0 and 1 both keep 24 pips.
const DEAL_LT = ['6-6 0-0 3-0 4-0 5-0 5-1 4-2', '1-1 2-1 3-1 4-1 2-2 3-2 1-0', '2-0 5-2 3-3 4-3 5-3 4-4 5-4'];
// 3-player table where 6-6 sleeps: seat 1's 5-5 is the highest double held.
const DEAL_N = ['0-0 1-0 2-0 3-0 4-0 5-0 1-1', '5-5 2-1 3-1 4-1 5-1 2-2 3-2', '4-2 5-2 3-3 4-3 5-3 4-4 5-4'];
const YARD_N = '6-6 6-5 6-4 6-3 6-2 6-1 6-0';

const yellowAll = (s: GameState, scores = [0, 0, 0, 0]) => withScores(s, scores, scores.map(() => true));

describe('SPEC 1.1 — tiles, seats and turns at the tournament', () => {
  it('accepts a tile in either order and writes it high-low', () => {
    const s = act(deal(T4(), DEAL_A), '0 6-6', '1 3-6 W');
    expect(lastLog(s)).toMatchObject({ tile: '6-3', end: 'W' });
  });
  it('play passes clockwise to seat + 1', () => {
    let s = deal(T4(), DEAL_A);
    expect(hand(s).turn).toBe(0);
    s = act(s, '0 6-6');
    expect(hand(s).turn).toBe(1);
    s = act(s, '1 6-3 W', '2 6-1 E', '3 6-2 N');
    expect(hand(s).turn).toBe(0);
  });
  it('a seat acting out of turn gets WRONG_TURN', () => {
    const s = act(deal(T4(), DEAL_A), '0 6-6');
    expect(rejected(s, '2 6-1 E').code).toBe('WRONG_TURN');
  });
  it('a tile the seat does not hold is TILE_NOT_IN_HAND', () => {
    const s = act(deal(T4(), DEAL_A), '0 6-6');
    expect(rejected(s, '1 6-1 E').code).toBe('TILE_NOT_IN_HAND');
    expect(rejected(s, '1 7-7 E').code).toBe('TILE_NOT_IN_HAND');
  });
  it('all 28 tiles are dealt, 7 each, no yard', () => {
    const h = hand(deal(T4(), DEAL_A));
    expect(h.holdings.map((x) => x.length)).toEqual([7, 7, 7, 7]);
    expect(h.yard).toEqual([]);
  });
});

describe('SPEC 1.3 — leads at the tournament', () => {
  it('the 6-6 holder leads the first hand, and must lead 6-6', () => {
    const s = deal(T4(), DEAL_A);
    expect(rejected(s, '1 6-3').code).toBe('WRONG_TURN');
    expect(rejected(s, '0 4-4').code).toBe('ILLEGAL_LEAD');
    const led = act(s, '0 6-6');
    expect(hand(led).lead).toEqual({ seat: 0, tile: '6-6', reason: 'house-double' });
  });
  it('the seat that must lead cannot knock instead (ILLEGAL_LEAD)', () => {
    expect(rejected(deal(T4(), DEAL_A), '0 knock').code).toBe('ILLEGAL_LEAD');
  });
  it('the next hand is led by the previous hand winner with any tile', () => {
    let s = act(deal(T4(), DEAL_B), ...DOMINO_B);
    expect(hand(s).winner).toBe(0);
    s = deal(s, DEAL_A.slice(1).concat(DEAL_A.slice(0, 1))); // 6-6 now with seat 3
    expect(hand(s).turn).toBe(0);
    s = act(s, '0 6-3');
    expect(hand(s).lead).toEqual({ seat: 0, tile: '6-3', reason: 'previous-winner' });
  });
  it('after a locked hand the highest double holder leads again (3-player table: after-lock)', () => {
    let s = act(deal(T3(), DEAL_L, YARD_L), '0 6-6');
    expect(hand(s).endedBy).toBe('locked');
    s = deal(s, DEAL_N, YARD_N);
    expect(hand(s).turn).toBe(1);
    expect(rejected(s, '1 2-1').code).toBe('ILLEGAL_LEAD');
    s = act(s, '1 5-5');
    expect(hand(s).lead).toEqual({ seat: 1, tile: '5-5', reason: 'after-lock' });
  });
  it('after a lock at a 4-player table the 6-6 holder leads with 6-6', () => {
    const s = deal({ ...T4(), nextLead: { kind: 'double', context: 'after-lock' } }, DEAL_A.slice(2).concat(DEAL_A.slice(0, 2)));
    expect(hand(s).turn).toBe(2);
    expect(rejected(s, '2 4-4').code).toBe('ILLEGAL_LEAD');
    expect(hand(act(s, '2 6-6')).lead).toEqual({ seat: 2, tile: '6-6', reason: 'after-lock' });
  });
  it('at the 3-player table the highest double held leads when 6-6 sleeps (next-double)', () => {
    const s = act(deal(T3(), DEAL_N, YARD_N), '1 5-5');
    expect(hand(s).lead).toEqual({ seat: 1, tile: '5-5', reason: 'next-double' });
  });
  it('at the 3-player table the 7 sleeping tiles are never drawn (ILLEGAL_DRAW)', () => {
    const s = act(deal(T3(), DEAL_N, YARD_N), '1 5-5', '2 5-2 W', '0 knock');
    expect(hand(s).yard).toHaveLength(7);
    // seat 1 can play 2-1 on W… but even a seat unable to play may not draw at the tournament
    expect(rejected(s, '1 draw').code).toBe('ILLEGAL_DRAW');
  });
});

describe('SPEC 1.4 — knocks, locks and dominoes at the tournament', () => {
  it('a knock by a seat that cannot play is logged falseKnock: false and passes the turn', () => {
    const s = act(deal(T4(), DEAL_B), '0 6-6', '1 knock', '2 knock');
    expect(lastLog(s)).toEqual({ seat: 2, type: 'knock', falseKnock: false });
    expect(hand(s).turn).toBe(3);
  });
  it('a false knock (holding a playable tile) is accepted, loses the turn and is recorded as false', () => {
    const s = act(deal(T4(), DEAL_B), '0 6-6', '1 knock');
    expect(lastLog(s)).toEqual({ seat: 1, type: 'knock', falseKnock: true });
    expect(hand(s).turn).toBe(2);
    expect(hand(s).holdings[1]).toContain('6-4');
  });
  it('legal moves never list a false knock', () => {
    const s = act(deal(T4(), DEAL_B), '0 6-6');
    expect(legalMoves(s, 1).map((a) => a.type)).not.toContain('knock');
    expect(legalMoves(act(s, '1 knock'), 2)).toEqual([{ seat: 2, type: 'knock' }]);
  });
  it('the hand is locked automatically as soon as nobody can play — no knocks needed', () => {
    const s = act(deal(T3(), DEAL_L, YARD_L), '0 6-6');
    expect(hand(s).endedBy).toBe('locked');
    expect(rejected(s, '1 knock').code).toBe('HAND_OVER');
  });
  it('a locked hand is won by the lowest pip count; a Yellow winner scores all opponents\u2019 pips (29 + 51 = 80)', () => {
    const s = act(deal(withScores(T3(), [20, 0, 0], [true, false, false]), DEAL_L, YARD_L), '0 6-6');
    expect(hand(s).winner).toBe(0);
    expect(hand(s).points).toEqual([80, 0, 0]);
    expect(s.scores).toEqual([100, 0, 0]);
  });
  it('a Grey lock winner scores 0 and stays Grey', () => {
    const s = act(deal(T3(), DEAL_L, YARD_L), '0 6-6');
    expect(hand(s).winner).toBe(0);
    expect(hand(s).points).toEqual([0, 0, 0]);
    expect(s.onBoard).toEqual([false, false, false]);
  });
  it('a lock with the lowest pip counts tied: nobody scores, and the next hand is led after-lock', () => {
    const s = act(deal(withScores(T3(), [10, 10, 10], [true, true, true]), DEAL_LT, YARD_L), '0 6-6');
    expect(hand(s).endedBy).toBe('locked');
    expect(hand(s).winner).toBeNull();
    expect(hand(s).points).toEqual([0, 0, 0]);
    expect(s.nextLead).toEqual({ kind: 'double', context: 'after-lock' });
  });
  it('a Yellow domino scores the play first, then all opponents\u2019 pips rounded to 5 (107 → 105)', () => {
    const s = act(deal(yellowAll(T4()), DEAL_B), ...DOMINO_B);
    const h = hand(s);
    expect(h.endedBy).toBe('domino');
    expect(h.winner).toBe(0);
    const plays = h.log.filter((e) => e.type === 'play').map((e) => (e.type === 'play' ? [e.sum, e.points] : []));
    expect(plays).toEqual([[12, 0], [17, 0], [22, 0], [16, 0], [20, 20], [15, 15], [13, 0]]);
    expect(h.points).toEqual([20 + 15 + 105, 0, 0, 0]);
    expect(s.scores[0]).toBe(140);
  });
  it('a Grey domino scores 0, stays Grey, and the domino player leads the next hand', () => {
    const s = act(deal(T4(), DEAL_B), ...DOMINO_B);
    expect(hand(s).points).toEqual([0, 0, 0, 0]);
    expect(s.onBoard[0]).toBe(false);
    expect(s.nextLead).toEqual({ kind: 'winner', seat: 0 });
    expect(s.nextPicker).toBe(0);
  });
  it('a Grey lock winner still picks first next hand', () => {
    const s = act(deal(T3(), DEAL_L, YARD_L), '0 6-6');
    expect(s.nextPicker).toBe(0);
  });
});

describe('SPEC 1.5 — Grey House / Yellow House scoring', () => {
  it('grey player scoring 15 stays grey and scores 0', () => {
    const s = act(deal(T4(), DEAL_A), '0 6-6', '1 6-3 W');
    expect(lastLog(s)).toEqual({ seat: 1, type: 'play', tile: '6-3', end: 'W', sum: 15, points: 0 });
    expect(s.onBoard[1]).toBe(false);
  });
  it('grey player making exactly 10 becomes yellow and scores 10', () => {
    const s = act(deal(T4(), DEAL_A), '0 6-6', '1 6-3 W', '2 6-1 E', '3 6-2 N', '0 5-1 E');
    expect(lastLog(s)).toMatchObject({ sum: 10, points: 10 });
    expect(s.onBoard).toEqual([true, false, false, false]);
    expect(s.scores).toEqual([10, 0, 0, 0]);
  });
  it('grey player making 5 stays grey and scores 0', () => {
    const s = act(deal(T4(), DEAL_A), '0 6-6', '1 6-3 W', '2 6-1 E', '3 6-2 N', '0 5-1 E', '1 5-5 E', '2 5-0 E');
    expect(lastLog(s)).toMatchObject({ seat: 2, sum: 5, points: 0 });
    expect(s.onBoard[2]).toBe(false);
  });
  it('a yellow player scores any multiple of 5 (15)', () => {
    const s = act(deal(yellowAll(T4()), DEAL_A), '0 6-6', '1 6-3 W');
    expect(lastLog(s)).toMatchObject({ sum: 15, points: 15 });
    expect(s.scores[1]).toBe(15);
  });
  it('a yellow play that is not a multiple of 5 scores 0', () => {
    const s = act(deal(yellowAll(T4()), DEAL_A), '0 6-6');
    expect(lastLog(s)).toMatchObject({ sum: 12, points: 0 });
  });
  it('the domino count never gets a grey player on board', () => {
    const s = act(deal(withScores(T4(), [0, 0, 0, 0], [false, true, true, true]), DEAL_B), ...DOMINO_B);
    expect(s.scores[0]).toBe(0);
    expect(s.onBoard[0]).toBe(false);
  });
  it('the game ends the moment a seat reaches 150, and no domino count follows', () => {
    const s = act(deal(yellowAll(T4(), [120, 0, 0, 0]), DEAL_B), ...DOMINO_B.slice(0, 21));
    expect(s.finished).toBe(true);
    expect(s.winner).toBe(0);
    expect(s.endedBy).toBe('target');
    expect(s.scores[0]).toBe(120 + 20 + 15);
    expect(hand(s).endedBy).toBe('target');
    expect(hand(s).holdings[0]).toEqual(['3-1']);
    expect(rejected(s, '1 knock').code).toBe('GAME_OVER');
  });
  it('a domino count that reaches 150 finishes the game with the hand ended by domino', () => {
    const s = act(deal(yellowAll(T4(), [100, 0, 0, 0]), DEAL_B), ...DOMINO_B);
    expect(s.finished).toBe(true);
    expect(s.winner).toBe(0);
    expect(s.scores[0]).toBe(100 + 20 + 15 + 105);
    expect(hand(s).endedBy).toBe('domino');
  });
  it('there are no skunks at the tournament', () => {
    const s = act(deal(yellowAll(T4(), [120, 0, 0, 0]), DEAL_B), ...DOMINO_B.slice(0, 21));
    expect(s.finished).toBe(true);
    expect(s.scores.slice(1)).toEqual([0, 0, 0]);
    expect(skunkedSeats(s)).toEqual([]);
  });
});

describe('apply — versions and purity', () => {
  it('the version rises with every accepted action; a stale expectedVersion is STALE_VERSION', () => {
    const s0 = deal(T4(), DEAL_A);
    const r = apply(s0, { seat: 0, type: 'play', tile: '6-6' }, { expectedVersion: s0.version });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.version).toBe(s0.version + 1);
    const stale = apply(r.state, { seat: 1, type: 'play', tile: '6-3', end: 'W' }, { expectedVersion: s0.version });
    expect(stale).toMatchObject({ ok: false, error: { code: 'STALE_VERSION' } });
  });
  it('never mutates its input state', () => {
    const s0 = deal(T4(), DEAL_A);
    const before = JSON.stringify(s0);
    act(s0, '0 6-6', '1 6-3 W', '2 knock');
    expect(JSON.stringify(s0)).toBe(before);
  });
  it('a malformed action is INVALID_ACTION', () => {
    const s0 = deal(T4(), DEAL_A);
    expect(apply(s0, { seat: 9, type: 'knock' })).toMatchObject({ ok: false, error: { code: 'INVALID_ACTION' } });
    expect(apply(s0, JSON.parse('{"seat":0,"type":"dance"}'))).toMatchObject({ ok: false, error: { code: 'INVALID_ACTION' } });
  });
  it('rejected actions return an error value, never throw', () => {
    const s0 = deal(T4(), DEAL_A);
    for (const bad of [null, 42, 'x', [], { seat: 0 }, { seat: 0, type: 'play' }, { seat: 0, type: 'play', tile: 5 }]) {
      expect(() => apply(s0, bad as never)).not.toThrow();
      expect(apply(s0, bad as never).ok).toBe(false);
    }
  });
});

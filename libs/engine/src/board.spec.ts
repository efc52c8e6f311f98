import { acceptingEnds, emptyBoard, endsTotal, openEnds, placeLead, placeTile, spinnerOpen } from './board';
import type { BoardState, End } from './types';
import { act, deal, lastLog, rejected, table } from '../test/helpers';

/** Builds a board from a lead written W-E and plays "tile end" in order. */
function board(lead: string, ...plays: string[]): BoardState {
  const [w, e] = lead.split('-').map(Number);
  let b = placeLead(emptyBoard(), w, e);
  for (const p of plays) {
    const [tile, end] = p.split(' ');
    b = placeTile(b, tile, end as End);
  }
  return b;
}

// Deal A: seat 0 holds 6-6; 6-3, 6-1 and 6-2 sit with seats 1, 2 and 3.
const DEAL_A = [
  '6-6 4-4 5-1 3-2 0-0 2-0 1-0',
  '6-3 6-5 5-5 4-1 3-0 2-1 1-1',
  '6-1 6-4 5-4 4-2 3-1 5-0 4-0',
  '6-2 6-0 5-3 5-2 4-3 3-3 2-2',
];

describe('SPEC 1.2 — the open-end count, with its examples', () => {
  it('6-6 alone counts 12 (a lone double counts once)', () => {
    expect(endsTotal(board('6-6'))).toBe(12);
  });
  it('6-6, then 6-3 on W counts 3 + 12 = 15 (the uncovered spinner side counts both halves)', () => {
    expect(endsTotal(board('6-6', '6-3 W'))).toBe(15);
  });
  it('then 6-1 on E counts 3 + 1 = 4 (an empty spinner arm adds nothing)', () => {
    const b = board('6-6', '6-3 W', '6-1 E');
    expect(endsTotal(b)).toBe(4);
    expect(spinnerOpen(b)).toBe(true);
  });
  it('then 6-2 on N counts 6', () => {
    expect(endsTotal(board('6-6', '6-3 W', '6-1 E', '6-2 N'))).toBe(6);
  });
  it('a 6-4 lead counts 10', () => {
    expect(endsTotal(board('6-4'))).toBe(10);
  });
  it('a 5-5 lead counts 10', () => {
    expect(endsTotal(board('5-5'))).toBe(10);
  });
  it('3-3 played on an end showing 3 makes that end count 6', () => {
    // 6-3 lead: W 6, E 3 → 3-3 on E: 6 + 6
    expect(endsTotal(board('6-3', '3-3 E'))).toBe(12);
  });
  it('a double on N or S counts both halves', () => {
    expect(endsTotal(board('6-6', '6-3 W', '6-1 E', '6-2 N', '2-2 N'))).toBe(3 + 1 + 4);
  });
  it('the same sequence played through a game logs the same sums', () => {
    let s = deal(table({ ruleset: 'dcs-tournament', players: 4 }), DEAL_A);
    const sums: number[] = [];
    for (const step of ['0 6-6', '1 6-3 W', '2 6-1 E', '3 6-2 N']) {
      s = act(s, step);
      const e = lastLog(s);
      if (e.type === 'play') sums.push(e.sum);
    }
    expect(sums).toEqual([12, 15, 4, 6]);
  });
});

describe('SPEC 1.2 — W/E ends, the spinner and its N/S arms', () => {
  it('a non-double lead a-b as written faces a to W and b to E', () => {
    const b = board('4-6');
    expect(openEnds(b)).toEqual([
      { end: 'W', value: 4 },
      { end: 'E', value: 6 },
    ]);
  });
  it('the spinner lead opens N and S only once both W and E are covered', () => {
    const one = board('6-6', '6-3 W');
    expect(openEnds(one).map((o) => o.end)).toEqual(['W', 'E']);
    const two = board('6-6', '6-3 W', '6-1 E');
    expect(openEnds(two)).toEqual([
      { end: 'W', value: 3 },
      { end: 'E', value: 1 },
      { end: 'N', value: 6 },
      { end: 'S', value: 6 },
    ]);
  });
  it('a later double becomes the spinner and opens N/S once its outer side is covered', () => {
    const b1 = board('6-4', '4-4 E');
    expect(b1.spinner).toEqual({ value: 4, arm: 'E', index: 0 });
    expect(endsTotal(b1)).toBe(6 + 8);
    expect(spinnerOpen(b1)).toBe(false);
    const b2 = board('6-4', '4-4 E', '4-2 E');
    expect(spinnerOpen(b2)).toBe(true);
    expect(openEnds(b2).map((o) => `${o.end}${o.value}`)).toEqual(['W6', 'E2', 'N4', 'S4']);
    expect(endsTotal(b2)).toBe(6 + 2);
    expect(endsTotal(board('6-4', '4-4 E', '4-2 E', '4-1 N'))).toBe(6 + 2 + 1);
  });
  it('only the first double is the spinner; a second double is an ordinary end', () => {
    const b = board('6-4', '4-4 E', '6-6 W', '6-5 W');
    expect(b.spinner).toEqual({ value: 4, arm: 'E', index: 0 });
    expect(spinnerOpen(b)).toBe(false);
  });
  it('a tile fits every open end that shows one of its numbers', () => {
    expect(acceptingEnds(board('6-6'), '6-3')).toEqual(['W', 'E']);
    expect(acceptingEnds(board('6-6', '6-3 W'), '3-1')).toEqual(['W']);
    expect(acceptingEnds(board('6-6', '6-3 W'), '5-1')).toEqual([]);
  });
});

describe('SPEC 1.2 — naming the end', () => {
  const start = () => act(deal(table({ ruleset: 'dcs-tournament', players: 4 }), DEAL_A), '0 6-6');
  it('a play without an end that two ends accept is AMBIGUOUS_END (after 6-6, 6-3 fits W and E)', () => {
    expect(rejected(start(), '1 6-3').code).toBe('AMBIGUOUS_END');
  });
  it('a play without an end that exactly one end accepts goes there', () => {
    const s = act(start(), '1 6-3 W', '2 6-1 E', '3 6-2 N');
    const after = act(s, '0 5-1');
    expect(lastLog(after)).toEqual({ seat: 0, type: 'play', tile: '5-1', end: 'E', sum: 3 + 5 + 2, points: 10 });
  });
  it('a tile that does not match the named end is ILLEGAL_PLAY', () => {
    const s = act(start(), '1 6-3 W');
    expect(rejected(s, '2 6-1 W').code).toBe('ILLEGAL_PLAY');
  });
  it('naming N or S before the spinner opens is ILLEGAL_PLAY (that end is not open)', () => {
    const s = act(start(), '1 6-3 W');
    expect(rejected(s, '2 6-1 N').code).toBe('ILLEGAL_PLAY');
  });
  it('a tile that matches no open end is ILLEGAL_PLAY', () => {
    expect(rejected(start(), '1 4-1').code).toBe('ILLEGAL_PLAY');
  });
});

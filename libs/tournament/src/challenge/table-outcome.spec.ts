import type { TablePlaces } from '@dcs/engine';
import { finalPlaceOf, orderAfterDraw, outOfPlayAhead, tableOutcome } from './table-outcome';

const places = (order: number[], ties: number[][] = []): TablePlaces => ({ order, places: [], ties });

describe('table outcome (SPEC 3.5)', () => {
  it('the top 2 of a table without ties advance', () => {
    expect(tableOutcome(places([2, 0, 3, 1]), false)).toEqual({ kind: 'decided', order: [2, 0, 3, 1], advanced: [2, 0] });
  });
  it('two tied for 2nd at a non-final table draw for the last advancement slot', () => {
    expect(tableOutcome(places([2, 0, 3, 1], [[0, 3]]), false)).toEqual({ kind: 'tiebreak', group: [0, 3], places: 1 });
  });
  it('a tie for 1st at a non-final table needs no draw: both advance', () => {
    expect(tableOutcome(places([2, 0, 3, 1], [[2, 0]]), false).kind).toBe('decided');
  });
  it('a tie for 3rd at a non-final table needs no draw: both are out', () => {
    expect(tableOutcome(places([2, 0, 3, 1], [[3, 1]]), false)).toEqual({ kind: 'decided', order: [2, 0, 3, 1], advanced: [2, 0] });
  });
  it('three tied from 1st draw for the two slots', () => {
    expect(tableOutcome(places([0, 1, 2, 3], [[0, 1, 2]]), false)).toEqual({ kind: 'tiebreak', group: [0, 1, 2], places: 2 });
  });
  it('at the final table a tie for 1st is drawn (500 vs 350 points)', () => {
    expect(tableOutcome(places([1, 2, 0, 3], [[1, 2]]), true)).toEqual({ kind: 'tiebreak', group: [1, 2], places: 1 });
  });
  it('at the final table three tied for 2nd draw for 2nd; the other two share 3rd-4th', () => {
    expect(tableOutcome(places([1, 2, 0, 3], [[2, 0, 3]]), true)).toEqual({ kind: 'tiebreak', group: [2, 0, 3], places: 1 });
  });
  it('at the final table 3rd and 4th tied share 3rd-4th without a draw', () => {
    expect(tableOutcome(places([1, 2, 0, 3], [[0, 3]]), true)).toEqual({ kind: 'decided', order: [1, 2, 0, 3], advanced: [] });
  });
  it('the draw winners take the group\'s top places, in draw order', () => {
    expect(orderAfterDraw(places([2, 0, 3, 1]), [0, 3], [3], false)).toEqual({ kind: 'decided', order: [2, 3, 0, 1], advanced: [2, 3] });
  });
  it('final places: 1, 2, then 3rd-4th', () => {
    expect([0, 1, 2, 3].map(finalPlaceOf)).toEqual([1, 2, 3, 3]);
  });
  it('a corrected order may not list a disqualified or forfeited player above one still in play', () => {
    expect(outOfPlayAhead(['dq', 'a', 'b', 'c'], new Set(['dq']))).toBe('dq');
    expect(outOfPlayAhead(['a', 'b', 'dq', 'c'], new Set(['dq']))).toBe('dq');
    expect(outOfPlayAhead(['a', 'f', 'dq', 'b'], new Set(['dq', 'f']))).toBe('f');
  });
  it('a corrected order with every out-of-play player last is accepted, in any order among them', () => {
    expect(outOfPlayAhead(['a', 'b', 'c', 'dq'], new Set(['dq']))).toBeNull();
    expect(outOfPlayAhead(['a', 'dq', 'f'], new Set(['dq', 'f']))).toBeNull();
    expect(outOfPlayAhead(['f', 'dq', 'a', 'b'], new Set())).toBeNull();
    // nobody left in play: nobody is passed over
    expect(outOfPlayAhead(['f', 'dq', 'x'], new Set(['dq', 'f', 'x']))).toBeNull();
  });
});

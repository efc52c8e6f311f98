import { placesIfEndedNow } from './places-now';

describe('places if the game ended now (a challenge table)', () => {
  it('orders by score, the top two advance, a forfeited seat is last and out', () => {
    const now = placesIfEndedNow([40, 95, 120, 60], [false, false, false, true], false);
    expect(now.places.map((p) => [p.seat, p.place, p.advances])).toEqual([
      [2, 1, true],
      [1, 2, true],
      [0, 3, false],
      [3, null, false],
    ]);
    expect(now.draw).toBeNull();
  });

  it('a tie across the cut would go to the 6-4/5-5 draw; a tie both sides of which advance does not', () => {
    const across = placesIfEndedNow([100, 70, 70, 20], [false, false, false, false], false);
    expect(across.places.map((p) => [p.seat, p.place, p.advances])).toEqual([
      [0, 1, true],
      [1, 2, 'draw'],
      [2, 2, 'draw'],
      [3, 4, false],
    ]);
    expect(across.draw).toEqual({ seats: [1, 2], places: 1 });
    const both = placesIfEndedNow([70, 70, 30, 30], [false, false, false, false], false);
    expect(both.draw).toBeNull();
    expect(both.places.map((p) => p.advances)).toEqual([true, true, false, false]);
    const three = placesIfEndedNow([50, 50, 50, 10], [false, false, false, false], false);
    expect(three.draw).toEqual({ seats: [0, 1, 2], places: 2 });
  });

  it('at the final table nobody advances; a tie for 1st or 2nd would be drawn, 3rd and 4th share', () => {
    const first = placesIfEndedNow([80, 80, 50, 10], [false, false, false, false], true);
    expect(first.draw).toEqual({ seats: [0, 1], places: 1 });
    expect(first.places.every((p) => p.advances === false)).toBe(true);
    expect(placesIfEndedNow([90, 40, 40, 10], [false, false, false, false], true).draw).toEqual({ seats: [1, 2], places: 1 });
    expect(placesIfEndedNow([90, 60, 20, 20], [false, false, false, false], true).draw).toBeNull();
  });
});

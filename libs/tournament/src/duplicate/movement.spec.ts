import { computerId, drawRound, drawRounds, isComputerId, movementRoundSeed, duplicateTableCount, type MovementDraw } from './movement';
import { sha256Hex } from '@dcs/engine';

const people = (n: number) => Array.from({ length: n }, (_, i) => `user-${String(i).padStart(3, '0')}`);

/** Pairs of people who share a table in more than one of the rounds. */
function repeatedPairs(draws: readonly MovementDraw[]): number {
  const seen = new Map<string, number>();
  for (const d of draws) {
    for (const table of d.tables) {
      const ids = table.filter((id) => !isComputerId(id)).sort();
      for (let a = 0; a < ids.length; a++) for (let b = a + 1; b < ids.length; b++) seen.set(`${ids[a]}|${ids[b]}`, (seen.get(`${ids[a]}|${ids[b]}`) ?? 0) + 1);
    }
  }
  return [...seen.values()].filter((v) => v > 1).length;
}

/** People who hold one seat number in two rounds. */
function repeatedSeats(draws: readonly MovementDraw[]): number {
  const held = new Map<string, Set<number>>();
  let again = 0;
  for (const d of draws) {
    for (const table of d.tables) {
      table.forEach((id, seat) => {
        if (isComputerId(id)) return;
        const set = held.get(id) ?? new Set<number>();
        if (set.has(seat)) again++;
        set.add(seat);
        held.set(id, set);
      });
    }
  }
  return again;
}

const SIZES = [8, 9, 10, 11, 12, 13, 16, 17, 23, 31, 33, 47, 64, 65, 100, 127, 128];

describe('movement: tables and computers (SPEC 9.1, 9.4)', () => {
  it('T = ceil(N / 4) tables; the 4T − N seats left over go to computers, one a table at most', () => {
    expect([8, 9, 12, 13, 128].map(duplicateTableCount)).toEqual([2, 3, 3, 4, 32]);
    for (const n of SIZES) {
      for (const d of drawRounds(`size-${n}`, people(n), 6)) {
        expect(d.tables).toHaveLength(duplicateTableCount(n));
        const all = d.tables.flat();
        expect(all).toHaveLength(4 * duplicateTableCount(n));
        expect(new Set(all).size).toBe(all.length);
        expect(all.filter((id) => !isComputerId(id)).sort()).toEqual(people(n));
        const computers = 4 * duplicateTableCount(n) - n;
        expect(all.filter(isComputerId).sort()).toEqual(Array.from({ length: computers }, (_, k) => computerId(k + 1)).sort());
        for (const table of d.tables) expect(table.filter(isComputerId).length).toBeLessThanOrEqual(1);
        const reason = d.reasons.find((r) => r.code === 'COMPUTERS');
        expect(reason ? reason.tables.length : 0).toBe(computers);
      }
    }
  });
  it('round 1 is a random draw: recorded, and re-derived from its seed', () => {
    const [d] = drawRounds('night', people(21), 3, 1);
    expect(d.seed).toBe(movementRoundSeed('night', 1));
    expect(d.seed).toBe(sha256Hex('night:seating:r1'));
    expect(d.reasons.map((r) => r.code)).toEqual(['COMPUTERS', 'RANDOM_DRAW']);
    expect(drawRounds('night', people(21), 3, 1)).toEqual([d]);
    expect(drawRounds('another night', people(21), 3, 1)[0].tables).not.toEqual(d.tables);
  });
  it('is deterministic from the seed whatever order the people are given in', () => {
    const a = drawRounds('seed-x', people(37), 4);
    const b = drawRounds('seed-x', people(37).reverse(), 4);
    expect(b).toEqual(a);
  });
});

describe('movement: keeping people apart, then new seat numbers (SPEC 9.4)', () => {
  it('with 13 or more people and up to 3 rounds nobody meets anyone twice', () => {
    for (const n of SIZES.filter((x) => x >= 13)) {
      const draws = drawRounds(`apart-${n}`, people(n), 3);
      expect(repeatedPairs(draws)).toBe(0);
      for (const d of draws.slice(1)) expect(d.reasons.map((r) => r.code)).toContain('NOBODY_MEETS_AGAIN');
    }
  });
  it('with 31 or more people nobody meets anyone twice over 6 rounds', () => {
    for (const n of SIZES.filter((x) => x >= 31)) expect(repeatedPairs(drawRounds(`six-${n}`, people(n), 6))).toBe(0);
  });
  it('8 people at 2 tables: round 2 reaches the least possible, 4 pairs meeting again, and says who', () => {
    // a new table takes a of one old table and 4 − a of the other: C(a,2) + C(4−a,2) ≥ 2 pairs, so ≥ 4 over two tables
    const draws = drawRounds('eight', people(8), 3, 2);
    expect(repeatedPairs(draws)).toBe(4);
    const reason = draws[1].reasons.find((r) => r.code === 'PAIRS_MEET_AGAIN');
    expect(reason && 'pairs' in reason ? reason.pairs : []).toHaveLength(4);
  });
  it('while R ≤ 4 everyone gets a seat number not held yet (17 or more people, 3 rounds; 31 or more, 4 rounds)', () => {
    for (const n of SIZES.filter((x) => x >= 17)) {
      const draws = drawRounds(`seats-${n}`, people(n), 3);
      expect(repeatedSeats(draws)).toBe(0);
      expect(draws[2].reasons.map((r) => r.code)).toContain('NEW_SEAT_NUMBERS');
    }
    for (const n of SIZES.filter((x) => x >= 31)) expect(repeatedSeats(drawRounds(`four-${n}`, people(n), 4))).toBe(0);
  });
  it('keeping people apart comes before seat numbers; with R > 4 seat numbers are free', () => {
    const draws = drawRounds('five', people(40), 5);
    expect(draws[1].reasons.map((r) => r.code)).toContain('SEAT_NUMBERS_FREE');
  });
  it('the reasons name everyone who holds a seat number again', () => {
    const draws = drawRounds('twelve', people(12), 4);
    const held = draws.slice(1).flatMap((d) => d.reasons.flatMap((r) => (r.code === 'SEAT_NUMBERS_HELD_AGAIN' ? r.people : [])));
    expect(held.length).toBe(repeatedSeats(draws));
  });
});

describe('movement: refusals', () => {
  it('refuses fewer than 8 or more than 128 people, duplicates, computer ids, bad rounds and missing history', () => {
    expect(() => drawRound({ seed: 's', people: people(7), rounds: 3, round: 1, previous: [] })).toThrow(RangeError);
    expect(() => drawRound({ seed: 's', people: people(129), rounds: 3, round: 1, previous: [] })).toThrow(RangeError);
    expect(() => drawRound({ seed: 's', people: [...people(8), 'user-000'], rounds: 3, round: 1, previous: [] })).toThrow(/twice/);
    expect(() => drawRound({ seed: 's', people: [...people(8), 'computer:1'], rounds: 3, round: 1, previous: [] })).toThrow(/computers/);
    expect(() => drawRound({ seed: 's', people: people(8), rounds: 7, round: 1, previous: [] })).toThrow(/rounds/);
    expect(() => drawRound({ seed: 's', people: people(8), rounds: 3, round: 2, previous: [] })).toThrow(/needs the seatings/);
  });
  it('a person who left since the last round is simply not seated; the others keep their history', () => {
    const draws = drawRounds('leave', people(33), 3, 2);
    const third = drawRound({ seed: 'leave', people: people(33).slice(1), rounds: 3, round: 3, previous: draws });
    expect(third.tables.flat().filter((id) => !isComputerId(id))).toHaveLength(32);
    expect(third.tables).toHaveLength(8);
    expect(repeatedPairs([...draws, third])).toBe(0);
  });
});

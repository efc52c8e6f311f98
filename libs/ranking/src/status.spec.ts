import fc from 'fast-check';
import { SEASON_PLACEMENT_TABLE, canAllReach, seasonStatus } from '@dcs/ranking';
import type { SeasonStatus, StatusInput, StatusPlacementTable } from '@dcs/ranking';

const statusOf = (players: readonly StatusInput[], remaining: number, id: string): SeasonStatus | undefined =>
  seasonStatus(players, remaining).find((s) => s.playerId === id)?.status;

const field = (you: number, rivals: readonly number[]): StatusInput[] => [
  { playerId: 'you', points: you },
  ...rivals.map((points, i) => ({ playerId: `r${i}`, points })),
];

describe('status: points still possible', () => {
  it('is 500 per remaining challenge', () => {
    const [s] = seasonStatus([{ playerId: 'a', points: 725 }], 3);
    expect(s).toMatchObject({ pointsStillPossible: 1500, maxPoints: 2225 });
  });
});

describe('status: clinched', () => {
  it('not clinched when a rival can exactly tie (ties count against); clinched when one point short', () => {
    const five = [2100, 2100, 2100, 2100, 2100];
    expect(statusOf(field(2000, [...five, 1500]), 1, 'you')).toBe('in-contention');
    expect(statusOf(field(2000, [...five, 1499]), 1, 'you')).toBe('clinched');
  });

  it('each placement is awarded once per challenge: six rivals need the six best slots of one challenge exactly', () => {
    // Deficits 500, 350, 200, 200, 100, 100: just reachable, all at once.
    expect(statusOf(field(1000, [500, 650, 800, 800, 900, 900]), 1, 'you')).toBe('in-contention');
    // One point more for any of them and they cannot all get there.
    expect(statusOf(field(1000, [500, 650, 800, 800, 899, 900]), 1, 'you')).toBe('clinched');
    // Two rivals both needing more than 350 cannot both get it from one challenge.
    expect(statusOf(field(1400, [1500, 1500, 1500, 1500, 1000, 1040]), 1, 'you')).toBe('clinched');
    expect(statusOf(field(1400, [1500, 1500, 1500, 1500, 1000, 1050]), 1, 'you')).toBe('in-contention');
  });

  it('needs 1,000 points already: under it nothing is clinched', () => {
    expect(statusOf(field(975, []), 4, 'you')).toBe('in-contention');
    // At 1,000 with 4 left, even six newcomers cannot all reach 1,000: the six best slots give 1,450 a week, 5,800 < 6,000.
    expect(statusOf(field(1000, []), 4, 'you')).toBe('clinched');
    expect(statusOf(field(1000, []), 5, 'you')).toBe('in-contention');
  });

  it('newcomers count as rivals in an open field, not in a closed one', () => {
    // With 12 challenges left, six newcomers could each pass 1,000.
    expect(seasonStatus(field(1000, []), 12)[0].status).toBe('in-contention');
    expect(seasonStatus(field(1000, []), 12, { openField: false })[0].status).toBe('clinched');
    // With one challenge left no newcomer reaches 1,000.
    expect(seasonStatus(field(1000, []), 1)[0].status).toBe('clinched');
  });

  it('at season close: clinched iff in the six with 1,000 and nobody level at the cut', () => {
    expect(statusOf(field(1000, [2000, 2000, 2000, 2000, 2000, 999]), 0, 'you')).toBe('clinched');
    expect(statusOf(field(1000, [2000, 2000, 2000, 2000, 2000, 1000]), 0, 'you')).toBe('in-contention');
  });
});

describe('status: eliminated', () => {
  it('eliminated when six rivals already have more than the player can reach; a possible tie keeps them in', () => {
    const six = (p: number): number[] => new Array<number>(6).fill(p);
    expect(statusOf(field(0, six(1000)), 2, 'you')).toBe('in-contention');
    expect(statusOf(field(0, six(1001)), 2, 'you')).toBe('eliminated');
  });

  it('eliminated when even winning every remaining challenge stays under 1,000', () => {
    expect(statusOf(field(499, []), 1, 'you')).toBe('eliminated');
    expect(statusOf(field(500, []), 1, 'you')).toBe('in-contention');
  });

  it('a player who lost qualification is eliminated and nobody’s rival', () => {
    const players: StatusInput[] = [
      { playerId: 'dq', points: 3000, eliteSixEligible: false },
      ...field(1000, [2000, 2000, 2000, 2000, 2000]),
    ];
    const s = seasonStatus(players, 0);
    expect(s.find((x) => x.playerId === 'dq')!.status).toBe('eliminated');
    expect(s.find((x) => x.playerId === 'you')!.status).toBe('clinched');
  });
});

describe('canAllReach', () => {
  it('is exact on the real table over several challenges', () => {
    // Two challenges: 500+500 only for one player.
    expect(canAllReach([1000], 2)).toBe(true);
    expect(canAllReach([1000, 1000], 2)).toBe(false);
    expect(canAllReach([850, 850], 2)).toBe(true);
    expect(canAllReach([851, 850], 2)).toBe(false);
    expect(canAllReach(new Array<number>(6).fill(225), 2)).toBe(true); // (500+350+200+200+100+100)·2 / 6 = 483, but slots are whole
    expect(canAllReach([1000, 700, 400, 400, 200, 200], 2)).toBe(true);
    expect(canAllReach([1000, 700, 400, 400, 200, 201], 2)).toBe(false);
  });
});

// ---- brute force ---------------------------------------------------------

/** Every gain vector one challenge can give n players: each plays at most once, takes a free slot, participation or nothing. */
function challengeGains(n: number, table: StatusPlacementTable): number[][] {
  const out = new Map<string, number[]>();
  const gains = new Array<number>(n).fill(0);
  const used = new Array<boolean>(table.slots.length).fill(false);
  const go = (i: number): void => {
    if (i === n) {
      out.set(gains.join(','), [...gains]);
      return;
    }
    gains[i] = 0;
    go(i + 1);
    gains[i] = table.participation;
    go(i + 1);
    for (let s = 0; s < table.slots.length; s++) {
      if (used[s]) continue;
      used[s] = true;
      gains[i] = table.slots[s];
      go(i + 1);
      used[s] = false;
    }
    gains[i] = 0;
  };
  go(0);
  return [...out.values()];
}

function bruteStatus(players: readonly StatusInput[], remaining: number, table: StatusPlacementTable, cut: number, minPoints: number): SeasonStatus[] {
  const n = players.length;
  const per = challengeGains(n, table);
  let finals = new Map<string, number[]>([[players.map((p) => p.points).join(','), players.map((p) => p.points)]]);
  for (let r = 0; r < remaining; r++) {
    const next = new Map<string, number[]>();
    for (const f of finals.values()) {
      for (const g of per) {
        const v = f.map((x, i) => x + g[i]);
        next.set(v.join(','), v);
      }
    }
    finals = next;
  }
  return players.map((p, i) => {
    if (p.eliteSixEligible === false) return 'eliminated';
    let always = true;
    let ever = false;
    for (const f of finals.values()) {
      let atLeast = 0;
      let above = 0;
      players.forEach((q, j) => {
        if (j === i || q.eliteSixEligible === false) return;
        if (f[j] >= f[i]) atLeast++;
        if (f[j] > f[i]) above++;
      });
      if (!(f[i] >= minPoints && atLeast < cut)) always = false;
      if (f[i] >= minPoints && above < cut) ever = true;
    }
    return always ? 'clinched' : ever ? 'in-contention' : 'eliminated';
  });
}

const tinyTable = fc.record({
  slots: fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 3 }),
  participation: fc.integer({ min: 0, max: 1 }),
});

describe('status matches brute-force enumeration on tiny seasons', () => {
  it('closed field: few players, 0-2 remaining challenges, a reduced placement table', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ points: fc.integer({ min: 0, max: 14 }), eligible: fc.boolean() }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 2 }),
        tinyTable,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 14 }),
        (rows, remaining, rawTable, cut, minPoints) => {
          const table = { slots: [...rawTable.slots].map((s) => s + rawTable.participation), participation: rawTable.participation };
          const players = rows.map((r, i) => ({ playerId: `p${i}`, points: r.points, eliteSixEligible: r.eligible || i === 0 }));
          const fast = seasonStatus(players, remaining, { cutSize: cut, minPoints, table, openField: false }).map((s) => s.status);
          expect(fast).toEqual(bruteStatus(players, remaining, table, cut, minPoints));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('open field equals a closed field with as many extra 0-point players as there are places', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 2 }),
        tinyTable,
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 0, max: 12 }),
        (points, remaining, rawTable, cut, minPoints) => {
          const table = { slots: [...rawTable.slots].map((s) => s + rawTable.participation), participation: rawTable.participation };
          const players = points.map((p, i) => ({ playerId: `p${i}`, points: p }));
          const extra = Array.from({ length: cut }, (_, i) => ({ playerId: `new${i}`, points: 0 }));
          const open = seasonStatus(players, remaining, { cutSize: cut, minPoints, table }).map((s) => s.status);
          const brute = bruteStatus([...players, ...extra], remaining, table, cut, minPoints).slice(0, players.length);
          expect(open).toEqual(brute);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the real table: canAllReach agrees with enumeration for up to three players over two challenges', () => {
    const table: StatusPlacementTable = { slots: SEASON_PLACEMENT_TABLE.slots.slice(0, 4), participation: 100 };
    const per = challengeGains(3, table);
    const reachable = new Set<string>();
    for (const a of per) for (const b of per) reachable.add(a.map((x, i) => x + b[i]).join(','));
    const sums = [...reachable].map((k) => k.split(',').map(Number));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 3, maxLength: 3 }), (deficits) => {
        const brute = sums.some((s) => s.every((x, i) => x >= deficits[i]));
        expect(canAllReach(deficits, 2, table)).toBe(brute);
      }),
      { numRuns: 500 },
    );
  });
});

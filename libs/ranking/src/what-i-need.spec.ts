import fc from 'fast-check';
import { SEASON_PLACEMENT_TABLE, seasonStatus, type StatusPlacementTable } from './status';
import { whatINeed, whatINeedAmong, WHAT_I_NEED_LEADERS } from './what-i-need';

/** Every gain vector one challenge can give the n rivals when `taken` slots are gone: a free slot each, participation or nothing. */
function rivalGains(n: number, table: StatusPlacementTable, taken: number | null): number[][] {
  const slots = [...table.slots];
  if (taken !== null) slots.splice(slots.indexOf(taken), 1);
  const out = new Map<string, number[]>();
  const gains = new Array<number>(n).fill(0);
  const used = new Array<boolean>(slots.length).fill(false);
  const go = (i: number): void => {
    if (i === n) {
      out.set(gains.join(','), [...gains]);
      return;
    }
    for (const g of [0, table.participation]) {
      gains[i] = g;
      go(i + 1);
    }
    for (let s = 0; s < slots.length; s++) {
      if (used[s]) continue;
      used[s] = true;
      gains[i] = slots[s];
      go(i + 1);
      used[s] = false;
    }
    gains[i] = 0;
  };
  go(0);
  return [...out.values()];
}

/** Brute force: with `final` points, having held `slot` (or played: null) in j of R challenges, is the player in the top `cut` (ties against) with ≥ min in every outcome? */
function bruteClinched(final: number, rivals: readonly number[], R: number, slot: number | null, j: number, table: StatusPlacementTable, cut: number, min: number): boolean {
  if (final < min) return false;
  let finals = new Map<string, number[]>([[rivals.join(','), [...rivals]]]);
  for (let c = 0; c < R; c++) {
    const per = rivalGains(rivals.length, table, c < j ? slot : null);
    const next = new Map<string, number[]>();
    for (const f of finals.values()) for (const g of per) {
      const v = f.map((x, i) => x + g[i]);
      next.set(v.join(','), v);
    }
    finals = next;
  }
  for (const f of finals.values()) if (f.filter((x) => x >= final).length >= cut) return false;
  return true;
}

const tinyTable = fc.record({
  slots: fc.uniqueArray(fc.integer({ min: 2, max: 9 }), { minLength: 1, maxLength: 3 }),
  participation: fc.integer({ min: 0, max: 1 }),
});

describe('what I need', () => {
  it('names a result that clinches in every outcome, and no uniform result worth fewer points clinches (brute force, tiny seasons)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 14 }), { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 1, max: 2 }),
        tinyTable,
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 0, max: 14 }),
        (points, R, table, cut, min) => {
          const players = points.map((p, i) => ({ playerId: `p${i}`, points: p }));
          const opts = { cutSize: cut, minPoints: min, table, openField: false };
          const [me] = whatINeed(players, R, ['p0'], opts);
          expect(me.status).toBe(seasonStatus(players, R, opts)[0].status);
          if (me.status !== 'in-contention') return;
          const rivals = points.slice(1);
          const levels = [...new Set(table.slots)].map((v) => ({ value: v, slot: v as number | null }));
          if (table.participation > 0) levels.push({ value: table.participation, slot: null });
          if (me.clinch) {
            const slot = table.slots.includes(me.clinch.value) ? me.clinch.value : null;
            expect(bruteClinched(points[0] + me.clinch.points, rivals, R, slot, me.clinch.challenges, table, cut, min)).toBe(true);
          }
          for (const { value, slot } of levels) {
            for (let j = 1; j <= R; j++) {
              const cheaper = !me.clinch || value * j < me.clinch.points;
              if (cheaper) expect(bruteClinched(points[0] + value * j, rivals, R, slot, j, table, cut, min)).toBe(false);
            }
          }
          // out below: one point less than it, in the best case (no rival scores), misses the cut or the minimum
          if (me.outBelow! > 0) {
            const best = points[0] + me.outBelow! - 1;
            expect(best < min || rivals.filter((r) => r > best).length >= cut).toBe(true);
          }
          const atIt = points[0] + me.outBelow!;
          expect(atIt >= min && rivals.filter((r) => r > atIt).length < cut).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('speaks the season: the results that clinch, the points below which a chaser is out, the clinched and the eliminated', () => {
    const standings = [
      { playerId: 'leader', points: 1300 },
      { playerId: 'b', points: 1200 },
      { playerId: 'c', points: 1150 },
      { playerId: 'd', points: 1100 },
      { playerId: 'e', points: 1000 },
      { playerId: 'f', points: 900 },
      { playerId: 'chaser', points: 700 },
      { playerId: 'far', points: 50 },
    ];
    const two = Object.fromEntries(whatINeed(standings, 2).map((w) => [w.playerId, w]));
    expect(two.leader).toMatchObject({ status: 'in-contention', clinch: { level: '3-4', challenges: 1, points: 200 }, outBelow: 0 });
    expect(two.e.clinch).toMatchObject({ level: '1', challenges: 1 });
    expect(two.f).toMatchObject({ clinch: { level: '2', challenges: 2, points: 700 }, outBelow: 100 });
    expect(two.chaser).toMatchObject({ clinch: { level: '1', challenges: 2, points: 1000 }, outBelow: 300 });
    expect(two.far).toMatchObject({ status: 'in-contention', clinch: null, outBelow: 950 });
    // one challenge left: b clinches by simply playing (25 points put the chaser out of reach of the sixth place)
    const one = Object.fromEntries(whatINeed(standings, 1).map((w) => [w.playerId, w]));
    expect(one.leader).toMatchObject({ status: 'clinched', clinch: null, outBelow: null });
    expect(one.b.clinch).toMatchObject({ level: 'participation', challenges: 1, points: 25 });
    expect(one.chaser).toMatchObject({ status: 'in-contention', clinch: null, outBelow: 300 });
    expect(one.far.status).toBe('eliminated');
    expect(whatINeed(standings, 1, ['b']).map((w) => w.playerId)).toEqual(['b']);
    expect(SEASON_PLACEMENT_TABLE.slots[0]).toBe(500);
  });
  it('answers a player from the season\'s best eligible players alone exactly as from the whole season (what a page of the standings reads)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ points: fc.integer({ min: 0, max: 2600 }), ineligible: fc.boolean() }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 4 }),
        (raw, R) => {
          const players = raw
            .map((r, i) => ({ playerId: `p${i}`, points: Math.round(r.points / 25) * 25, eliteSixEligible: !(r.ineligible && i % 3 === 0) }))
            .sort((a, b) => b.points - a.points);
          const leaders = players.filter((p) => p.eliteSixEligible).slice(0, WHAT_I_NEED_LEADERS);
          const full = whatINeed(players, R);
          for (const [i, p] of players.entries()) expect(whatINeedAmong(p, leaders, R)).toEqual(full[i]);
        },
      ),
      { numRuns: 200 },
    );
  });
});

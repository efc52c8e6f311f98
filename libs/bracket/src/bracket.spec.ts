import { nextInt, seedRng, shuffle } from '@dcs/engine/rng';
import type { RngState } from '@dcs/engine/rng';
import {
  benchmarkBracketGeneration,
  bracketShape,
  generateBracket,
  isBracketError,
  roundOne,
  seatRound,
  standardOrder,
} from '@dcs/bracket';
import type { Bracket, BracketError, BracketPlayer, BracketRound } from '@dcs/bracket';

function playersOf(n: number): BracketPlayer[] {
  return Array.from({ length: n }, (_, i) => ({ id: `s${i + 1}`, seed: i + 1 }));
}

function bracketOf(n: number, seed = 'bracket-seed'): Bracket {
  const b = generateBracket({ players: playersOf(n), seed });
  if (isBracketError(b)) throw new Error(b.message);
  return b;
}

function seedOf(id: string): number {
  return Number(id.slice(1));
}

function okRound(value: BracketRound | BracketError): BracketRound {
  if (isBracketError(value)) throw new Error(`${value.code}: ${value.message}`);
  return value;
}

type Chooser = (players: readonly string[]) => string[];

const chalk: Chooser = (players) => [...players].sort((a, b) => seedOf(a) - seedOf(b)).slice(0, 2);

function randomChooser(rng: RngState): Chooser {
  return (players) => shuffle(rng, players).slice(0, 2);
}

/** Plays the whole bracket, choosing each table's two advancers with `choose`; returns every round. */
function playOut(bracket: Bracket, choose: Chooser): BracketRound[] {
  const rounds = [roundOne(bracket)];
  while (rounds.length < bracket.rounds) {
    const current = rounds[rounds.length - 1];
    rounds.push(okRound(seatRound(bracket, current, current.tables.map((t) => choose(t.players)))));
  }
  return rounds;
}

const ALL_N = Array.from({ length: 512 - 16 + 1 }, (_, i) => i + 16);

describe('standard seeded order', () => {
  it('pairs 1 with the last and spreads the top seeds', () => {
    expect(standardOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(standardOrder(16)).toEqual([1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]);
  });
});

describe('refuses what is not a bracket', () => {
  it.each([
    [0, 'TOO_FEW_PLAYERS'],
    [15, 'TOO_FEW_PLAYERS'],
    [513, 'TOO_MANY_PLAYERS'],
  ])('%i players → %s', (n, code) => {
    const b = generateBracket({ players: playersOf(n), seed: 'x' });
    expect(isBracketError(b) && b.code).toBe(code);
  });

  it('players not ordered by seed 1..N', () => {
    const players = playersOf(16);
    players[3] = { id: 's4', seed: 5 };
    const b = generateBracket({ players, seed: 'x' });
    expect(isBracketError(b) && b.code).toBe('BAD_SEEDS');
  });

  it('a player listed twice', () => {
    const players = playersOf(16);
    players[3] = { id: 's1', seed: 4 };
    const b = generateBracket({ players, seed: 'x' });
    expect(isBracketError(b) && b.code).toBe('DUPLICATE_PLAYER');
  });
});

describe('every N from 16 to 512', () => {
  it.each(ALL_N)('N = %i: size, rounds, byes and round-1 tables add up', (n) => {
    const b = bracketOf(n);
    let size = 16;
    while (size < n) size *= 2;
    const byes = size - n - (n % 2);
    expect(b.size).toBe(size);
    expect(b.rounds).toBe(Math.log2(size) - 1);
    expect(b.byeCount).toBe(byes);
    expect(b.byes).toHaveLength(byes);
    // B + 2T = S/2: round 2 is exactly full.
    expect(b.byes.length + 2 * b.round1.length).toBe(size / 2);
    expect(b.round2Lines).toHaveLength(size / 2);
    const sizes = b.round1.map((t) => t.players.length);
    expect(sizes.filter((s) => s === 3)).toHaveLength(n % 2);
    expect(sizes.every((s) => s === 3 || s === 4)).toBe(true);
    // Round r ≥ 2 has S/2^(r+1) tables, ending with the final table.
    expect(b.tablesPerRound).toHaveLength(b.rounds);
    expect(b.tablesPerRound[0]).toBe(b.round1.length);
    b.tablesPerRound.slice(1).forEach((t, i) => expect(t).toBe(size / 2 ** (i + 3)));
    expect(b.tablesPerRound[b.rounds - 1]).toBe(1);
    // Every player exactly once; byes are the top seeds.
    const placed = [...b.byes.map((x) => x.playerId), ...b.round1.flatMap((t) => t.players)];
    expect(placed).toHaveLength(n);
    expect(new Set(placed)).toEqual(new Set(b.seeding));
    expect(b.byes.map((x) => x.seed)).toEqual(Array.from({ length: byes }, (_, i) => i + 1));
    expect(b.byes.map((x) => x.playerId)).toEqual(b.seeding.slice(0, byes));
    // Every round-2 line is filled once: by a bye or one of the two advancers of a round-1 table.
    const lineOwners = b.round2Lines.map((l) => (l.kind === 'bye' ? l.playerId : `t${l.fromTable}:${l.which}`));
    expect(new Set(lineOwners).size).toBe(size / 2);
    // (Checks collected and asserted once: a few thousand expect() calls per N would be slow.)
    const badTables = b.round1.filter((t) => {
      const [first, second] = t.feeds.map((line) => b.round2Lines[line]);
      return (
        JSON.stringify(first) !== JSON.stringify({ kind: 'advancer', fromTable: t.index, which: 'better-seed' }) ||
        JSON.stringify(second) !== JSON.stringify({ kind: 'advancer', fromTable: t.index, which: 'other' }) ||
        [...t.seats].sort().join() !== [...t.players].sort().join()
      );
    });
    expect(badTables).toEqual([]);
    const badByes = b.byes.filter((x) => {
      const line = b.round2Lines[x.line];
      return line.kind !== 'bye' || line.playerId !== x.playerId || x.table * 4 + x.slot !== x.line;
    });
    expect(badByes).toEqual([]);
    // Tree order of round 1: tables are listed by the first line they feed.
    const firstLines = b.round1.map((t) => Math.min(...t.feeds));
    expect(firstLines).toEqual([...firstLines].sort((x, y) => x - y));
  });

  it.each(ALL_N)('N = %i: the top 4 seeds are in four different quarters and meet no earlier than the semifinal tables', (n) => {
    const b = bracketOf(n);
    const quarterSize = b.size / 8; // round-2 lines per quarter
    const quarters = [1, 2, 3, 4].map((s) => {
      const id = `s${s}`;
      const bye = b.byes.find((x) => x.playerId === id);
      if (bye) return Math.floor(bye.line / quarterSize);
      const table = b.round1.find((t) => t.players.includes(id));
      if (!table) throw new Error(`${id} not placed`);
      // A top-4 seed in round 1 is the best seed of its table, so it takes the table's first line.
      expect(Math.min(...table.players.map(seedOf))).toBe(s);
      return Math.floor(table.feeds[0] / quarterSize);
    });
    expect(new Set(quarters).size).toBe(4);

    const rng = seedRng(`outcomes-${n}`);
    for (const choose of [chalk, randomChooser(rng), randomChooser(rng)]) {
      const rounds = playOut(b, choose);
      const meetings = rounds
        .slice(0, b.rounds - 2)
        .flatMap((round) => round.tables.filter((t) => t.players.filter((id) => seedOf(id) <= 4).length > 1));
      expect(meetings).toEqual([]);
    }
  });

  it.each(ALL_N)('N = %i: when every table goes by seed, each table from round 2 on holds one seed from each quarter of its field', (n) => {
    const b = bracketOf(n);
    const rounds = playOut(b, chalk);
    const unbalanced = rounds.slice(1).flatMap((round) =>
      round.tables.filter((t) => {
        const tiers = t.players.map((id) => Math.floor((seedOf(id) - 1) / round.tables.length)).sort();
        return tiers.join() !== '0,1,2,3';
      }),
    );
    expect(unbalanced).toEqual([]);
    expect(rounds[rounds.length - 1].tables[0].players.map(seedOf).sort()).toEqual([1, 2, 3, 4]);
  });

  it.each(ALL_N)('N = %i: deterministic from the seed, and plain JSON', (n) => {
    const a = bracketOf(n, 'same');
    expect(bracketOf(n, 'same')).toEqual(a);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });
});

describe('seating the next rounds', () => {
  it('round 2 puts the byes on their lines and the advancers on their table lines, then halves to the final', () => {
    const b = bracketOf(37);
    const r1 = roundOne(b);
    const adv = r1.tables.map((t) => [t.players[t.players.length - 1], t.players[0]]);
    const r2 = okRound(seatRound(b, r1, adv));
    expect(r2.round).toBe(2);
    expect(r2.tables).toHaveLength(8);
    const lines = r2.tables.flatMap((t) => t.players);
    for (const x of b.byes) expect(lines[x.line]).toBe(x.playerId);
    b.round1.forEach((t, i) => {
      const [better, other] = [...adv[i]].sort((x, y) => seedOf(x) - seedOf(y));
      expect(lines[t.feeds[0]]).toBe(better);
      expect(lines[t.feeds[1]]).toBe(other);
    });
    for (const t of r2.tables) expect([...t.seats].sort()).toEqual([...t.players].sort());
    const r3 = okRound(seatRound(b, r2, r2.tables.map((t) => t.players.slice(2))));
    expect(r3.tables).toHaveLength(4);
    // Table i of round 3 is fed by tables 2i and 2i+1 of round 2.
    expect(r3.tables[1].players).toEqual(
      [...r2.tables[2].players.slice(2).sort((x, y) => seedOf(x) - seedOf(y)), ...r2.tables[3].players.slice(2).sort((x, y) => seedOf(x) - seedOf(y))],
    );
  });

  it('seats are drawn from the recorded seed: same seed, same seats; another seed, other seats', () => {
    const seatsOf = (seed: string): string[][] => {
      const b = bracketOf(64, seed);
      return playOut(b, chalk).flatMap((r) => r.tables.map((t) => t.seats));
    };
    expect(seatsOf('one')).toEqual(seatsOf('one'));
    expect(seatsOf('one')).not.toEqual(seatsOf('two'));
  });

  it('refuses advancers that did not sit at the table, a pair that is not two players, or a wrong count', () => {
    const b = bracketOf(20);
    const r1 = roundOne(b);
    const good = r1.tables.map((t) => t.players.slice(0, 2));
    expect(isBracketError(seatRound(b, r1, good))).toBe(false);
    const codeOf = (v: BracketRound | BracketError): string | null => (isBracketError(v) ? v.code : null);
    expect(codeOf(seatRound(b, r1, [good[0]]))).toBe('BAD_ADVANCERS');
    expect(codeOf(seatRound(b, r1, [good[0], [good[0][0], good[0][0]]]))).toBe('BAD_ADVANCERS');
    expect(codeOf(seatRound(b, r1, [good[0], ['s1', good[1][0]]]))).toBe('BAD_ADVANCERS');
    expect(codeOf(seatRound(b, r1, [good[0], good[1].concat(good[0][0])]))).toBe('BAD_ADVANCERS');
    const forged = { ...r1, tables: r1.tables.map((t, i) => (i === 0 ? { ...t, players: ['s1', ...t.players.slice(1)] } : t)) };
    expect(codeOf(seatRound(b, forged, good))).toBe('BAD_ROUND');
  });

  it('there is no round after the final', () => {
    const b = bracketOf(16);
    const rounds = playOut(b, chalk);
    const final = rounds[rounds.length - 1];
    const v = seatRound(b, final, [final.tables[0].players.slice(0, 2)]);
    expect(isBracketError(v) && v.code).toBe('BAD_ROUND');
  });

  it('a random outcome still seats every advancer exactly once, 4 to a table', () => {
    const rng = seedRng('random-run');
    for (const n of [17, 63, 129, 300, 511]) {
      const b = bracketOf(n, `run-${nextInt(rng, 1000)}`);
      const rounds = playOut(b, randomChooser(rng));
      for (const round of rounds.slice(1)) {
        const ids = round.tables.flatMap((t) => t.players);
        expect(new Set(ids).size).toBe(ids.length);
        expect(round.tables.every((t) => t.players.length === 4)).toBe(true);
      }
    }
  });
});

describe('the rulebook examples', () => {
  it('N = 16: 3 rounds of 4, 2 and 1 tables, no byes; top 4 seeds at four different round-1 tables', () => {
    const b = bracketOf(16);
    expect(b).toMatchObject({ size: 16, rounds: 3, byeCount: 0, tablesPerRound: [4, 2, 1] });
    expect(b.round1.map((t) => t.players.map(seedOf))).toEqual([
      [1, 8, 9, 16],
      [4, 5, 12, 13],
      [2, 7, 10, 15],
      [3, 6, 11, 14],
    ]);
    // No byes: each round-1 table feeds the adjacent pair of lines of its parent.
    expect(b.round1.map((t) => t.feeds)).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
      [6, 7],
    ]);
  });

  it('N = 17: S = 32, one 3-player table of seeds 15-17, 14 byes, round 2 has 16 players at 4 tables', () => {
    const b = bracketOf(17);
    expect(b).toMatchObject({ size: 32, rounds: 4, byeCount: 14, tablesPerRound: [1, 4, 2, 1] });
    expect(b.round1).toHaveLength(1);
    expect(b.round1[0].players.map(seedOf)).toEqual([15, 16, 17]);
    const r2 = okRound(seatRound(b, roundOne(b), [['s15', 's16']]));
    expect(r2.tables.map((t) => t.players.map(seedOf).sort((x, y) => x - y))).toEqual([
      [1, 8, 9, 16],
      [4, 5, 12, 13],
      [2, 7, 10, 15],
      [3, 6, 11, 14],
    ]);
  });

  it('N = 20: 2 round-1 tables of 4, 12 byes, round 2 has 16', () => {
    const b = bracketOf(20);
    expect(b).toMatchObject({ size: 32, rounds: 4, byeCount: 12, tablesPerRound: [2, 4, 2, 1] });
    expect(b.round1.map((t) => t.players.map(seedOf)).sort((x, y) => x[0] - y[0])).toEqual([
      [13, 16, 17, 20],
      [14, 15, 18, 19],
    ]);
  });

  it('N = 37: S = 64, 26 byes, round 1 is tables of 4, 4 and 3', () => {
    const b = bracketOf(37);
    expect(b).toMatchObject({ size: 64, rounds: 5, byeCount: 26, tablesPerRound: [3, 8, 4, 2, 1] });
    expect(b.round1.map((t) => t.players.length).sort()).toEqual([3, 4, 4]);
    const three = b.round1.find((t) => t.players.length === 3);
    expect(three?.players.map(seedOf)).toEqual([27, 32, 33]);
  });

  it('N = 100: S = 128, 28 byes, 18 round-1 tables of 4, round 2 has 64', () => {
    const b = bracketOf(100);
    expect(b).toMatchObject({ size: 128, rounds: 6, byeCount: 28, tablesPerRound: [18, 16, 8, 4, 2, 1] });
    expect(b.round1.every((t) => t.players.length === 4)).toBe(true);
  });

  it('N = 512: 128, 64, 32, 16, 8, 4, 2, 1 tables: 8 rounds, no byes', () => {
    const b = bracketOf(512);
    expect(b).toMatchObject({ size: 512, rounds: 8, byeCount: 0, tablesPerRound: [128, 64, 32, 16, 8, 4, 2, 1] });
    expect(bracketShape(512).roundOnePlayers).toBe(512);
  });

  it('the benchmark case generates the 512-player bracket', () => {
    const b = benchmarkBracketGeneration();
    expect(isBracketError(b) ? null : b.playerCount).toBe(512);
  });
});

describe('small brackets for events beyond the city (allowSmall: Regionals, NDT Finals)', () => {
  const small = (n: number): Bracket => {
    const b = generateBracket({ players: playersOf(n), seed: 'small', allowSmall: true });
    if (isBracketError(b)) throw new Error(b.message);
    return b;
  };

  it('4 players (the NDT Finals) are the final table alone: one round', () => {
    const b = small(4);
    expect([b.size, b.rounds, b.byeCount, b.tablesPerRound]).toEqual([4, 1, 0, [1]]);
    expect([...roundOne(b).tables[0].players].sort()).toEqual(['s1', 's2', 's3', 's4']);
  });

  it('6 players: seeds 1-2 have byes, seeds 3-6 play one table, then the final table', () => {
    const b = small(6);
    expect([b.size, b.rounds, b.byeCount, b.tablesPerRound]).toEqual([8, 2, 2, [1, 1]]);
    expect(b.byes.map((x) => x.playerId)).toEqual(['s1', 's2']);
    const final = seatRound(b, roundOne(b), [['s3', 's4']]);
    if (isBracketError(final)) throw new Error(final.message);
    expect([...final.tables[0].players].sort()).toEqual(['s1', 's2', 's3', 's4']);
  });

  it('12 players use the 16 bracket with byes; fewer than 3 are refused; weekly brackets keep the minimum of 16', () => {
    expect([small(12).size, small(12).byeCount]).toEqual([16, 4]);
    expect(generateBracket({ players: playersOf(2), seed: 'x', allowSmall: true })).toMatchObject({ code: 'TOO_FEW_PLAYERS' });
    expect(generateBracket({ players: playersOf(12), seed: 'x' })).toMatchObject({ code: 'TOO_FEW_PLAYERS' });
    expect(bracketShape(16, true)).toEqual(bracketShape(16));
  });
});

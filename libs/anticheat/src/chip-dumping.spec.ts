import { chipDumpingCandidates, chipDumpingSignal, donorFlows, stakeFlows, type AccountFacts, type LedgerLine } from './chip-dumping';

const DAY = 86_400_000;
let k = 0;
/** One settled 2-person game: `from` paid `to` `amount` DD at day `day`. */
const game = (from: string, to: string, day: number, amount = 200): LedgerLine[] => {
  const gameId = `g${++k}`;
  const at = day * DAY;
  return [
    { entryId: `e${k}a`, userId: from, gameId, currency: 'DD', amount: -amount, at },
    { entryId: `e${k}b`, userId: to, gameId, currency: 'DD', amount, at },
  ];
};
const facts = (created: Record<string, number>, linked: [string, string][] = []): AccountFacts => ({
  createdAt: new Map(Object.entries(created).map(([u, d]) => [u, d * DAY])),
  linked: new Set(linked.map(([a, b]) => `${a} ${b}`)),
});
const signalFor = (receiver: string, lines: LedgerLine[], f: AccountFacts) => chipDumpingSignal(receiver, donorFlows(receiver, stakeFlows(lines), f));

describe('chip dumping (SPEC 7): money flowing repeatedly from new or linked accounts to one player', () => {
  it('a new account losing 4 stake games in a row to one player fires, with both as subjects and the ledger lines as evidence', () => {
    const lines = [1, 1, 2, 2].flatMap((d) => game('sybil', 'main', 100 + d));
    const s = signalFor('main', lines, facts({ sybil: 100, main: 0 }));
    expect(s).toMatchObject({ kind: 'chip_dumping', userIds: ['main', 'sybil'], fired: true, value: 4, threshold: 3 });
    expect(s.details.donors).toEqual([{ userId: 'sybil', newAccount: true, linked: false, gamesLost: 4, gamesWon: 0, amount: 800, concentration: 1 }]);
    expect(s.details.ledger).toHaveLength(8);
    expect((s.details.ledger as { userId: string; amount: number }[]).slice(0, 2)).toEqual([
      expect.objectContaining({ userId: 'sybil', amount: -200 }),
      expect.objectContaining({ userId: 'main', amount: 200 }),
    ]);
  });

  it('a new linked account fires at 3 games, an old linked one at 12 (a household plays itself often); an old unlinked account never does', () => {
    const three = [1, 2, 3].flatMap((d) => game('alt', 'main', 300 + d));
    expect(signalFor('main', three, facts({ alt: 299, main: 0 }, [['main', 'alt']])).fired).toBe(true);
    expect(signalFor('main', three, facts({ alt: 0, main: 0 }, [['main', 'alt']])).fired).toBe(false);
    const twelve = Array.from({ length: 12 }, (_, d) => game('alt', 'main', 300 + d)).flat();
    const eleven = twelve.slice(2);
    expect(signalFor('main', twelve, facts({ alt: 0, main: 0 }, [['main', 'alt']])).fired).toBe(true);
    expect(signalFor('main', eleven, facts({ alt: 0, main: 0 }, [['main', 'alt']])).fired).toBe(false);
    expect(signalFor('main', twelve, facts({ alt: 0, main: 0 })).fired).toBe(false);
  });

  it('honest new accounts: losses to many strangers, or money flowing both ways with one rival, do not fire', () => {
    const strangers = ['s1', 's2', 's3', 's4', 's5', 's6'].flatMap((s, i) => game('rookie', s, 10 + i));
    for (const s of ['s1', 's2', 's3']) expect(signalFor(s, strangers, facts({ rookie: 9 })).fired).toBe(false);
    const rivalry = [...game('rookie', 'rival', 10), ...game('rookie', 'rival', 11), ...game('rival', 'rookie', 12), ...game('rookie', 'rival', 13), ...game('rookie', 'rival', 14), ...game('rival', 'rookie', 15)];
    expect(signalFor('rival', rivalry, facts({ rookie: 9 })).fired).toBe(false);
    // the new account's 4 losses to one player are only 4 of its 10: not concentrated
    const spread = [...[1, 2, 3, 4].flatMap((d) => game('rookie', 'rival', 20 + d)), ...['a', 'b', 'c', 'd', 'e', 'f'].flatMap((s, i) => game('rookie', s, 30 + i))];
    expect(signalFor('rival', spread, facts({ rookie: 19 })).fired).toBe(false);
  });

  it('an account older than 14 days at its first payment is not new', () => {
    const lines = [1, 2, 3, 4].flatMap((d) => game('old', 'main', 100 + d));
    expect(signalFor('main', lines, facts({ old: 80 })).fired).toBe(false);
    expect(signalFor('main', lines, facts({ old: 90 })).fired).toBe(true);
  });

  it('several dumping accounts into one receiver are one signal; flows split over a game\'s winners', () => {
    const lines = ['x', 'y', 'z'].flatMap((u) => [1, 2, 3, 4].flatMap((d) => game(u, 'main', 200 + d)));
    const s = signalFor('main', lines, facts({ x: 199, y: 199, z: 199 }));
    expect(s).toMatchObject({ userIds: ['main', 'x', 'y', 'z'], value: 12, fired: true });
    expect(chipDumpingCandidates(stakeFlows(lines)).map((c) => c.donor).sort()).toEqual(['x', 'y', 'z']);
    const partners: LedgerLine[] = [
      { entryId: 'p1', userId: 'a', gameId: 'gp', currency: 'DD', amount: -100, at: 0 },
      { entryId: 'p2', userId: 'b', gameId: 'gp', currency: 'DD', amount: -100, at: 0 },
      { entryId: 'p3', userId: 'c', gameId: 'gp', currency: 'DD', amount: 100, at: 0 },
      { entryId: 'p4', userId: 'd', gameId: 'gp', currency: 'DD', amount: 100, at: 0 },
    ];
    expect(stakeFlows(partners).map((f) => [f.from, f.to, f.amount])).toEqual([
      ['a', 'c', 50],
      ['a', 'd', 50],
      ['b', 'c', 50],
      ['b', 'd', 50],
    ]);
  });
});

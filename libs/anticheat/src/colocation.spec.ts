import { addCoLocationGame, coLocateGame, emptyCoLocationEvidence, isInformativeIp, networkOf, type SessionObservation } from './colocation';
import { emptyPairEvidence, emptyPlayerEvidence } from './evidence';
import { DEFAULT_BASELINES, coLocationSignal, directedSignals, hiddenInfoSignal, linkedAccountsSignal } from './signals';
import { binomialTailZ, binomialUpperTail } from './stats';

const at = (min: number): number => Date.UTC(2027, 0, 2, 12, 0) + min * 60_000;
const s = (userId: string, min: number, ip: string | null, fingerprintHash: string | null = null): SessionObservation => ({ userId, at: at(min), ip, fingerprintHash });

describe('co-location: addresses and networks', () => {
  it('derives the IPv4 /24 and the IPv6 /64 of an address', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkOf('not an ip')).toBeNull();
    expect(networkOf('300.1.1.1')).toBeNull();
  });

  it('ignores addresses that say nothing about where a client is (loopback, private, link-local)', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.4', '172.16.5.5', '169.254.1.1', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', 'garbage']) expect(isInformativeIp(ip)).toBe(false);
    for (const ip of ['203.0.113.7', '172.32.0.1', '2001:db8::1', '::ffff:198.51.100.9']) expect(isInformativeIp(ip)).toBe(true);
  });
});

describe('co-location: one game of a pair', () => {
  it('grades a game by the strongest thing the two shared: device, alternation, IP, network', () => {
    expect(coLocateGame([s('a', 0, '203.0.113.7', 'fp1')], [s('b', 1, '198.51.100.2', 'fp1')]).level).toBe('device');
    const sameIp = coLocateGame([s('a', 0, '203.0.113.7')], [s('b', 1, '203.0.113.7')]);
    expect(sameIp).toMatchObject({ level: 'ip', ip: true, network: true, device: false, sharedIps: ['203.0.113.7'], sharedNetworks: ['203.0.113.0/24'] });
    expect(coLocateGame([s('a', 0, '203.0.113.7')], [s('b', 1, '203.0.113.99')])).toMatchObject({ level: 'network', ip: false, network: true });
    expect(coLocateGame([s('a', 0, '2001:db8:1:2::10')], [s('b', 1, '2001:db8:1:2::20')]).level).toBe('network');
    expect(coLocateGame([s('a', 0, '203.0.113.7')], [s('b', 1, '198.51.100.2')]).level).toBeNull();
    // A → B → A on one address within minutes: one device switching accounts
    const alt = coLocateGame([s('a', 0, '203.0.113.7'), s('a', 6, '203.0.113.7')], [s('b', 3, '203.0.113.7')]);
    expect(alt).toMatchObject({ level: 'alternating', switches: 2 });
    expect(alt.timeline.map((x) => x.userId)).toEqual(['a', 'b', 'a']);
    // the same switches hours apart are not alternation
    expect(coLocateGame([s('a', 0, '203.0.113.7'), s('a', 200, '203.0.113.7')], [s('b', 100, '203.0.113.7')]).level).toBe('ip');
  });

  it('a proxy address everyone shares (loopback, private) co-locates nobody; device hashes are shortened for the board', () => {
    expect(coLocateGame([s('a', 0, '127.0.0.1')], [s('b', 0, '127.0.0.1')]).level).toBeNull();
    expect(coLocateGame([s('a', 0, '10.0.0.5')], [s('b', 0, '10.0.0.5')]).level).toBeNull();
    const d = coLocateGame([s('a', 0, null, 'ab'.repeat(32))], [s('b', 0, null, 'ab'.repeat(32))]);
    expect(d.sharedDevices).toEqual(['abababababab']);
  });
});

describe('co-location: the signal', () => {
  const pairWith = (together: number, colocated: number) => {
    const ev = emptyCoLocationEvidence('b', 'a');
    for (let i = 0; i < together; i++) addCoLocationGame(ev, `g${i}`, at(i * 60), i < colocated ? coLocateGame([s('a', i * 60, '203.0.113.7')], [s('b', i * 60, '203.0.113.7')]) : coLocateGame([], []));
    return ev;
  };

  it('never fires on one shared game, nor on a household that meets at the honest rate', () => {
    expect(coLocationSignal(pairWith(1, 1), 1, 1).fired).toBe(false);
    expect(coLocationSignal(pairWith(2, 2), 2, 2).fired).toBe(false);
    // a household (co-located every time it meets) seated together in 1 of 4 of its 100 games
    expect(coLocationSignal(pairWith(25, 25), 100, 100).fired).toBe(false);
    // a household in one of the platform's large pools: together a few times in a season
    expect(coLocationSignal(pairWith(6, 6), 300, 400).fired).toBe(false);
  });

  it('fires on a pair co-located at most of their games, with the addresses and a timeline for the board', () => {
    const sig = coLocationSignal(pairWith(12, 12), 12, 15);
    expect(sig).toMatchObject({ kind: 'co_location', userIds: ['a', 'b'], fired: true, sampleSize: 12 });
    expect(sig.value).toBeGreaterThanOrEqual(4.5);
    expect(sig.details).toMatchObject({ colocatedGames: 12, gamesTogether: 12, ip: 12, ips: ['203.0.113.7'], networks: ['203.0.113.0/24'] });
    expect((sig.details.timeline as unknown[]).length).toBe(12);
    // the same pair after 8 games is not yet beyond the honest bound
    expect(coLocationSignal(pairWith(8, 8), 8, 8).fired).toBe(false);
    expect(coLocationSignal(pairWith(10, 10), 10, 10).fired).toBe(true);
  });

  it('exact binomial tail', () => {
    expect(binomialUpperTail(10, 10, 0.25)).toBeCloseTo(0.25 ** 10, 12);
    expect(binomialUpperTail(0, 10, 0.25)).toBe(1);
    expect(binomialUpperTail(1, 2, 0.5)).toBeCloseTo(0.75, 12);
    expect(binomialTailZ(3, 100, DEFAULT_BASELINES.coLocationRate)).toBeLessThan(0);
  });

  it('a shared IP alone no longer links accounts: linked_accounts is the shared device', () => {
    expect(linkedAccountsSignal({ users: ['a', 'b'], sharedFingerprints: 0, sharedIps: 3, gamesTogether: 4 }).fired).toBe(false);
    expect(linkedAccountsSignal({ users: ['a', 'b'], sharedFingerprints: 1, sharedIps: 0, gamesTogether: 1 }).fired).toBe(true);
  });
});

describe('pair-directed evidence', () => {
  it('measures each direction of a pair against the honest reply mean, shown and never fired', () => {
    const ev = emptyPairEvidence('b', 'a');
    ev.replies[0] = { n: 400, sum: 400 * 0.3, sq: 400 * (0.3 * 0.3 + 0.25) };
    ev.replies[1] = { n: 400, sum: 400 * DEFAULT_BASELINES.replyAdvantageMean, sq: 400 * 0.25 };
    const [ab, ba] = directedSignals(ev);
    expect(ab).toMatchObject({ kind: 'hidden_info_directed', userIds: ['a', 'b'], fired: false });
    // a large directed advantage is in its value for the board to read
    expect(ab.value).toBeGreaterThan(ab.threshold);
    expect(ab.details).toMatchObject({ from: 'a', to: 'b', replyChoices: 400 });
    expect(ba).toMatchObject({ userIds: ['b', 'a'], fired: false });
    expect(ba.value).toBeCloseTo(0, 3);
  });
});

describe('hidden_info: the reply view is shown beside the advantage views, not tested', () => {
  const player = (replyN: number, replyMean: number) => ({
    ...emptyPlayerEvidence('p'),
    games: 100,
    choices: 2400,
    advSum: 2400 * 1.4,
    advSq: 2400 * (1.4 * 1.4 + 14 * 14),
    replyN,
    replySum: replyN * replyMean,
    replySq: replyN * (replyMean * replyMean + 0.36),
  });

  it('the statistic is the advantage z whatever the reply figures', () => {
    const a = hiddenInfoSignal(player(1400, 0.2));
    const b = hiddenInfoSignal(player(1400, DEFAULT_BASELINES.replyAdvantageMean));
    expect(a.value).toBeCloseTo(a.details.zAdvantage as number, 3);
    expect(b.value).toBeCloseTo(a.value, 6);
    expect(a.details.zReply as number).toBeGreaterThan(3);
    expect(a.details).toMatchObject({ replyChoices: 1400, replyAdvantage: 0.2 });
    expect(a.baseline).toEqual({ advantageMean: 0 });
  });
});

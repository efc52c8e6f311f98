import { replayRecord, type ReplayResult } from '@dcs/engine';
import { analyzeGame, placesFromScores } from './analyze';
import { addSeat, emptyPairEvidence, emptyPlayerEvidence, mergePair, pairsOfGame, type PlayerEvidence } from './evidence';
import {
  DEFAULT_BASELINES,
  DEFAULT_THRESHOLDS,
  bonferroniZ,
  outcomePointsSignal,
  outcomeWinsSignal,
  coSeatingSignal,
  feedingSignal,
  hiddenInfoSignal,
  linkedAccountsSignal,
  playerSignals,
  reportsSignal,
  signalDedupeKey,
  timingRegularSignal,
} from './signals';
import { STRENGTHS, peekDecisionEffect, peekValue, playSimGame, type SimPlayer } from './sim';
import { binomialZ, normalQuantile, normalTail, poissonBinomialZ, poissonUpperTail, quantile, rareCountZ, sdFromSums } from './stats';

const human = (id: string, mix = STRENGTHS.medium, extra: Partial<SimPlayer> = {}): SimPlayer => ({ id, kind: 'honest', mix, medianMs: 2000, logSd: 0.6, mistakeKnockRate: 0.002, ...extra });
const table = (extra: Partial<SimPlayer> = {}): SimPlayer[] => [human('a', STRENGTHS.strong, extra), human('b', STRENGTHS.medium, extra), human('c', STRENGTHS.weak, extra), human('d', STRENGTHS.medium, extra)];

describe('stats', () => {
  it('normal tail, binomial and Poisson-binomial z, spreads and quantiles', () => {
    expect(normalTail(0)).toBeCloseTo(0.5, 6);
    expect(normalTail(1.96)).toBeCloseTo(0.025, 3);
    expect(normalTail(4.5)).toBeCloseTo(3.4e-6, 6);
    expect(binomialZ(50, 100, 0.5)).toBe(0);
    expect(binomialZ(60, 100, 0.5)).toBeCloseTo(2, 6);
    expect(binomialZ(3, 0, 0.5)).toBe(0);
    expect(poissonBinomialZ(10, 5, 4)).toBeCloseTo(2.5, 6);
    expect(sdFromSums(3, 6, 14)).toBeCloseTo(1, 6); // 1, 2, 3
    expect(quantile([3, 1, 2], 0.5)).toBe(2);
  });
});

describe('analyzeGame', () => {
  const game = playSimGame(table({ mistakeKnockRate: 0.05 }), 'spec-1');
  const replay = replayRecord(game.record) as ReplayResult;

  it('replays the record: final points, places and false knocks agree with the readable engine', () => {
    const a = analyzeGame({ record: game.record, seatUsers: game.seatUsers, decisionMs: game.decisionMs });
    expect(a.complete).toBe(true);
    expect(a.actions).toBe(game.record.hands.reduce((n, h) => n + h.actions.length, 0));
    expect(a.seats.map((s) => s.points)).toEqual(replay.scores);
    expect(a.seats.map((s) => s.place)).toEqual(placesFromScores(replay.scores));
    expect(a.seats.filter((s) => s.won === 1).map((s) => s.seat)).toEqual([replay.winner]);
    const falseKnocks = [0, 0, 0, 0];
    for (const h of replay.hands) for (const e of h.log) if (e.type === 'knock' && e.falseKnock) falseKnocks[e.seat]++;
    expect(a.seats.map((s) => s.falseKnocks)).toEqual(falseKnocks);
    expect(falseKnocks.reduce((x, y) => x + y, 0)).toBeGreaterThan(0);
  });

  it('is deterministic and its counts are consistent', () => {
    const a = analyzeGame({ record: game.record, seatUsers: game.seatUsers, decisionMs: game.decisionMs });
    const b = analyzeGame({ record: game.record, seatUsers: game.seatUsers, decisionMs: game.decisionMs });
    expect(b).toEqual(a);
    for (const s of a.seats) {
      expect(s.choices).toBeGreaterThan(0);
      expect(s.ownMatches).toBeLessThanOrEqual(s.choices);
      expect(s.hiddenHits).toBeLessThanOrEqual(s.hiddenPoints);
      expect(s.hiddenPoints).toBeLessThanOrEqual(s.choices);
      expect(s.timedChoices).toBe(s.choices);
      expect(s.hardInstant).toBeLessThanOrEqual(s.hardChoices);
    }
    const next = a.pairs.filter((p) => p.to === (p.from + 1) % 4);
    expect(next).toHaveLength(4);
    expect(next.some((p) => p.feedOpps > 0)).toBe(true);
    for (const p of a.pairs) {
      expect(p.feedObs).toBeLessThanOrEqual(p.feedOpps);
      if (p.feedOpps === 0) continue;
      expect(p.feedExp).toBeGreaterThan(0);
      expect(p.feedExp).toBeLessThan(p.feedOpps);
    }
  });

  it('without decision times there is no timing evidence; a house-table record is refused', () => {
    const a = analyzeGame({ record: game.record, seatUsers: game.seatUsers });
    expect(a.seats.every((s) => s.timedChoices === 0 && s.hardChoices === 0)).toBe(true);
    expect(() => analyzeGame({ record: { ...game.record, ruleset: 'citizen' }, seatUsers: game.seatUsers })).toThrow(/dcs-tournament/);
  });

  it('a player who sees every hand shows a hidden-information advantage an honest player does not', () => {
    const players = [human('cheat', STRENGTHS.strong, { kind: 'peeker', peekRate: 1, peekSeats: 3 }), human('h1'), human('h2', STRENGTHS.weak), human('h3', STRENGTHS.strong)];
    const ev = new Map(players.map((p) => [p.id, emptyPlayerEvidence(p.id)]));
    for (let i = 0; i < 12; i++) {
      const seated = [0, 1, 2, 3].map((k) => players[(k + i) % 4]);
      const g = playSimGame(seated, `spec-cheat-${i}`);
      for (const s of analyzeGame({ record: g.record, seatUsers: g.seatUsers, decisionMs: g.decisionMs }).seats) addSeat(ev.get(s.userId!)!, s);
    }
    const mean = (e: PlayerEvidence) => e.advSum / e.choices;
    expect(mean(ev.get('cheat')!)).toBeGreaterThan(1);
    for (const h of ['h1', 'h2', 'h3']) expect(mean(ev.get(h)!)).toBeLessThan(mean(ev.get('cheat')!));
    // the threat-aware valuation measures every choice too, and sees the same cheat
    const meanThreat = (e: PlayerEvidence) => e.advThreatSum / e.advThreatN;
    for (const e of ev.values()) expect(e.advThreatN).toBe(e.choices);
    expect(meanThreat(ev.get('cheat')!)).toBeGreaterThan(1);
    for (const h of ['h1', 'h2', 'h3']) expect(meanThreat(ev.get(h)!)).toBeLessThan(meanThreat(ev.get('cheat')!));
  });

  it('without the threat view a seat has no threat-view choices, and its plain figures are the same', () => {
    const g = playSimGame(table(), 'spec-threat-off');
    const input = { record: g.record, seatUsers: g.seatUsers, decisionMs: g.decisionMs };
    const on = analyzeGame(input);
    const off = analyzeGame(input, { threatView: false });
    for (const [i, s] of off.seats.entries()) {
      expect(s.advThreatN).toBe(0);
      expect({ ...s, advThreatN: 0, advThreatSum: 0, advThreatSq: 0 }).toEqual({ ...on.seats[i], advThreatN: 0, advThreatSum: 0, advThreatSq: 0 });
    }
  });
});

describe('simulation: peekers', () => {
  const bits = (m: number): number => {
    let c = 0;
    for (let x = m; x !== 0; x &= x - 1) c++;
    return c;
  };
  const peekersOf = (peekTarget: 'random' | 'fixed', seed: string): number[] => {
    const players = [human('p', STRENGTHS.medium, { kind: 'peeker', peekRate: 0.5, peekSeats: 1, peekTarget }), human('h1'), human('h2'), human('h3')];
    const g = playSimGame(players, seed);
    expect(g.known).toHaveLength(g.record.hands.length);
    for (const hand of g.known) expect(hand.slice(1)).toEqual([0, 0, 0]); // honest seats see nothing
    return g.known.map((hand) => hand[0]).filter((m) => m !== 0);
  };

  it('a fixed-target peeker sees one and the same opponent in every peeked hand of a game', () => {
    const targets = new Set<number>();
    for (let i = 0; i < 4; i++) {
      const masks = peekersOf('fixed', `spec-fixed-${i}`);
      expect(masks.length).toBeGreaterThan(0);
      expect(new Set(masks).size).toBe(1);
      expect(bits(masks[0])).toBe(1);
      expect(masks[0] & 1).toBe(0); // never its own seat
      targets.add(masks[0]);
    }
    expect(targets.size).toBeGreaterThan(1); // the target is drawn per game
  });

  it('a random-target peeker sees one opponent a hand, not always the same one', () => {
    const masks = [0, 1, 2].flatMap((i) => peekersOf('random', `spec-random-${i}`));
    expect(masks.every((m) => bits(m) === 1 && (m & 1) === 0)).toBe(true);
    expect(new Set(masks).size).toBeGreaterThan(1);
  });

  it("the peek value's control (peekSeats 0) sees no hand in any game, and the diagnostic reports a rate and points", () => {
    for (let i = 0; i < 3; i++) {
      const g = playSimGame([human('c', STRENGTHS.medium, { kind: 'peeker', peekRate: 1, peekSeats: 0 }), human('h1'), human('h2'), human('h3')], `spec-control-${i}`);
      for (const hand of g.known) expect(hand).toEqual([0, 0, 0, 0]);
    }
    const v = peekValue({ kind: 'peeker', peekRate: 0.5, peekSeats: 0 }, 8, 'spec-value');
    expect(v.games).toBe(8);
    expect(v.winRate).toBeGreaterThanOrEqual(0);
    expect(v.winRate).toBeLessThanOrEqual(1);
    expect(v.pointsPerGame).toBeGreaterThan(0);
  });

  it('the peek-effect diagnostic reports disagreement rates of the simulated search', () => {
    const e = peekDecisionEffect(1, 'spec-effect');
    expect(e.choices).toBeGreaterThan(10);
    for (const r of [e.noise, e.oneOpponent, e.allOpponents]) {
      expect(r).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThanOrEqual(1);
    }
  });
});

describe('evidence', () => {
  it('adds games up: the evidence of two games is the sum of their features', () => {
    const g1 = analyzeGame({ record: playSimGame(table(), 'e1').record, seatUsers: ['a', 'b', 'c', 'd'] });
    const g2 = analyzeGame({ record: playSimGame(table(), 'e2').record, seatUsers: ['a', 'b', 'c', 'd'] });
    const ev = addSeat(addSeat(emptyPlayerEvidence('a'), g1.seats[0]), g2.seats[0]);
    expect(ev.games).toBe(2);
    expect(ev.choices).toBe(g1.seats[0].choices + g2.seats[0].choices);
    expect(ev.wins).toBe(g1.seats[0].won + g2.seats[0].won);
    expect(ev.expectedWins).toBeCloseTo(0.5, 9);
    const pairs = pairsOfGame(g1);
    expect(pairs).toHaveLength(6);
    const ab = mergePair(emptyPairEvidence('b', 'a'), pairs.find((p) => p.users.join() === 'a,b')!);
    expect(ab.users).toEqual(['a', 'b']);
    expect(ab.gamesTogether).toBe(1);
    const direct = g1.pairs.find((p) => p.from === 0 && p.to === 1)!;
    const back = g1.pairs.find((p) => p.from === 1 && p.to === 0);
    expect(ab.feedOpps).toBe(direct.feedOpps + (back?.feedOpps ?? 0));
  });
});

describe('signals', () => {
  const base = (over: Partial<PlayerEvidence> = {}): PlayerEvidence => ({ ...emptyPlayerEvidence('u1'), ...over });

  it('hidden information: a large advantage fires past the small-sample guard, never below it', () => {
    // 400 choices with mean advantage 3 and sd 15 → z = 4
    const n = 400;
    const ev = base({ games: 20, choices: n, advSum: 3 * n, advSq: n * (15 * 15 + 9) });
    expect(hiddenInfoSignal(ev).value).toBeCloseTo(4, 1);
    expect(hiddenInfoSignal(ev).fired).toBe(false);
    const strong = base({ games: 20, choices: n, advSum: 4 * n, advSq: n * (15 * 15 + 16) });
    expect(hiddenInfoSignal(strong).fired).toBe(true);
    const small = base({ games: 20, choices: DEFAULT_THRESHOLDS.minChoices - 1, advSum: 10 * 149, advSq: 149 * 200 });
    expect(hiddenInfoSignal(small).value).toBeGreaterThan(DEFAULT_THRESHOLDS.z);
    expect(hiddenInfoSignal(small).fired).toBe(false);
  });

  it('hidden information with two valuations: the larger z counts, both looks paid for', () => {
    const n = 400;
    // plain view z ≈ 2, threat view z ≈ 5 (mean 3.75, sd 15)
    const ev = base({ games: 20, choices: n, advSum: 1.5 * n, advSq: n * (15 * 15 + 2.25), advThreatN: n, advThreatSum: 3.75 * n, advThreatSq: n * (15 * 15 + 3.75 * 3.75) });
    const s = hiddenInfoSignal(ev);
    expect(s.details).toMatchObject({ view: 'threat', valuations: 2 });
    expect(s.details.zAdvantageThreat).toBeCloseTo(5, 1);
    // two looks: the tail doubles, z 5 becomes the quantile of 2 · P(Z ≥ 5)
    expect(s.value).toBeCloseTo(-normalQuantile(2 * normalTail(s.details.zAdvantageThreat as number)), 2);
    expect(s.value).toBeLessThan(5);
    expect(s.fired).toBe(true);
    // a threat view with too few choices (games analysed before it existed) does not count: one look
    const old = hiddenInfoSignal({ ...ev, advThreatN: DEFAULT_THRESHOLDS.minChoices - 1 });
    expect(old.details).toMatchObject({ view: 'plain', valuations: 1 });
    expect(old.value).toBeCloseTo(2, 1);
    // the adjusted z is monotone and finite, and 0 where the adjusted tail is ½
    const zs = [-8, -3, -1, 0, 0.5, 0.6745, 1, 2, 4.5, 6, 9].map((z) => bonferroniZ(z, 2));
    for (let i = 1; i < zs.length; i++) expect(zs[i]).toBeGreaterThan(zs[i - 1]);
    expect(zs.every(Number.isFinite)).toBe(true);
    expect(bonferroniZ(0.6745, 2)).toBeCloseTo(0, 3);
    expect(bonferroniZ(4.5, 1)).toBeCloseTo(4.5, 3);
  });

  it('outcomes fire only beyond what strength explains (the strength margin)', () => {
    const b = { ...DEFAULT_BASELINES, pointsMean: 95, pointsSd: 50, pointsStrengthMargin: 10, winRateStrengthMargin: 0.08 };
    // a strong honest record over 1,000 games: +9.6 points and +7 points of win rate a game
    const strong = base({ games: 1000, points: 1000 * 104.6, wins: 320, expectedWins: 250 });
    expect(outcomePointsSignal(strong, b).fired).toBe(false);
    expect(outcomeWinsSignal(strong, b).fired).toBe(false);
    // without the margin, the same record is beyond z 5.5
    expect(outcomePointsSignal(strong, { ...b, pointsStrengthMargin: 0 }).value).toBeGreaterThan(DEFAULT_THRESHOLDS.outcomeZ);
    // far beyond it: fires
    const far = base({ games: 1000, points: 1000 * 125, wins: 480, expectedWins: 250 });
    expect(outcomePointsSignal(far, b).fired).toBe(true);
    expect(outcomeWinsSignal(far, b).fired).toBe(true);
    expect(outcomeWinsSignal(far, b).baseline).toMatchObject({ strengthMargin: 0.08 });
  });

  it('timing: near-constant decision times fire, human spread does not', () => {
    const l = Math.log(900);
    const regular = base({ timedChoices: 200, logMsSum: 200 * l, logMsSq: 200 * (l * l + 0.05 * 0.05) });
    expect(timingRegularSignal(regular).fired).toBe(true);
    const human = base({ timedChoices: 200, logMsSum: 200 * l, logMsSq: 200 * (l * l + 0.5 * 0.5) });
    expect(timingRegularSignal(human).fired).toBe(false);
  });

  it('an honest-looking player fires nothing', () => {
    const ev = base({ games: 50, choices: 1000, advSum: 0, advSq: 1000 * 200, wins: 13, expectedWins: 12.5, points: 50 * 95, timedChoices: 1000, logMsSum: 1000 * 7.5, logMsSq: 1000 * (7.5 * 7.5 + 0.36), hardChoices: 200, hardInstant: 1, playTurns: 800, falseKnocks: 2 });
    expect(playerSignals(ev).filter((s) => s.fired)).toEqual([]);
  });

  it('feeding beyond chance fires for a pair; co-seating needs most of the busier player’s games', () => {
    const pair = { ...emptyPairEvidence('x', 'y'), gamesTogether: 20, feedOpps: 100, feedExp: 40, feedVar: 24, feedObs: 70 };
    expect(feedingSignal(pair).fired).toBe(true);
    expect(feedingSignal({ ...pair, feedObs: 45 }).fired).toBe(false);
    expect(coSeatingSignal({ ...pair, gamesTogether: 25 }, 26, 30).fired).toBe(true);
    expect(coSeatingSignal({ ...pair, gamesTogether: 25 }, 26, 60).fired).toBe(false);
  });

  it('linked accounts fire on one shared identifier at one table; reports need several reporters', () => {
    expect(linkedAccountsSignal({ users: ['b', 'a'], sharedFingerprints: 1, sharedIps: 0, gamesTogether: 1 })).toMatchObject({ fired: true, userIds: ['a', 'b'] });
    expect(linkedAccountsSignal({ users: ['a', 'b'], sharedFingerprints: 1, sharedIps: 1, gamesTogether: 0 }).fired).toBe(false);
    expect(linkedAccountsSignal({ users: ['a', 'b'], sharedFingerprints: 0, sharedIps: 0, gamesTogether: 5 }).fired).toBe(false);
    expect(reportsSignal('u', 5, 3).fired).toBe(true);
    expect(reportsSignal('u', 10, 1).fired).toBe(false);
    expect(reportsSignal('u', 2, 2).fired).toBe(false);
  });

  it('dedupe keys are stable and name the subjects sorted', () => {
    const s = linkedAccountsSignal({ users: ['b', 'a'], sharedFingerprints: 1, sharedIps: 0, gamesTogether: 1 });
    expect(signalDedupeKey(s, 'g1')).toBe('linked_accounts.a.b.g1');
  });
});

describe('rare counts', () => {
  it('uses the exact Poisson tail: 4 false knocks where 0.42 are expected is p ≈ 9e-4 (z 3.1), not the normal approximation\'s 5.5', () => {
    expect(poissonUpperTail(4, 0.42)).toBeCloseTo(0.00093, 5);
    expect(normalQuantile(0.975)).toBeCloseTo(1.96, 3);
    expect(binomialZ(4, 200, 0.0021)).toBeGreaterThan(5.4);
    expect(rareCountZ(4, 200, 0.0021)).toBeCloseTo(3.11, 2);
    expect(rareCountZ(15, 2500, 0.0021)).toBeCloseTo(3.37, 2);
    expect(rareCountZ(0, 2500, 0.0021)).toBeLessThan(0);
    expect(rareCountZ(30, 1000, 0.002)).toBe(8);
  });
});

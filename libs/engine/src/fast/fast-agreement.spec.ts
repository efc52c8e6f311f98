/**
 * Agreement property: a game played on the fast path, exported as a SPEC 1.8
 * record and replayed by the readable engine, scores exactly as the fast path
 * scored it — per hand (lead, log, points, how it ended, winner) and at the end.
 */
import { apply, createGame } from '../game';
import { gameResult, replayRecord, type ReplayResult } from '../record';
import type { Action } from '../types';
import { DOUBLES_MASK, FastGame, FastRecorder, tilesOf, TILE_TEXT, type FastGameResult } from './index';

interface Case {
  seed: string;
  players: 3 | 4;
  falseKnockRate: number;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (let i = 0; i < 400; i++) out.push({ seed: `agree-${i}`, players: 4, falseKnockRate: i % 3 === 0 ? 0.05 : 0 });
  for (let i = 0; i < 160; i++) out.push({ seed: `agree-odd-${i}`, players: 3, falseKnockRate: i % 4 === 0 ? 0.05 : 0 });
  return out;
}

/** The fields both sides must agree on. */
function comparable(r: FastGameResult | ReplayResult): unknown {
  return {
    finished: r.finished,
    winner: r.winner,
    scores: r.scores,
    onBoard: r.onBoard,
    skunked: r.skunked,
    hands: r.hands.map((h) => ({
      lead: h.lead,
      endedBy: h.endedBy,
      winner: h.winner,
      points: h.points,
      log: h.log,
    })),
  };
}

function playFast(c: Case, liveDeals = false): { fast: FastGameResult; record: ReturnType<FastRecorder['toRecord']> } {
  const g = new FastGame(c.seed, c.players);
  if (liveDeals) g.useLiveDeals(c.seed, c.players);
  const rec = g.record() as FastRecorder;
  g.playRandomGame(c.falseKnockRate);
  return { fast: rec.toResult(), record: rec.toRecord() };
}

describe('fast path agrees with the readable engine (replayRecord)', () => {
  it('replays every fast-path game to the same hands, points, winners and scores', () => {
    let hands = 0;
    let falseKnocks = 0;
    const endings = new Map<string, number>();
    for (const c of cases()) {
      const { fast, record } = playFast(c);
      const replayed = replayRecord(JSON.parse(JSON.stringify(record)));
      if ('error' in replayed) {
        // The engines parted before the rejected action: compare the hands before it to show where.
        const upTo = replayed.error.hand ?? 0;
        const partial = replayRecord({ ...record, hands: record.hands.slice(0, upTo) });
        if (!('error' in partial)) expect(comparable({ ...fast, hands: fast.hands.slice(0, upTo) })).toEqual(comparable(partial));
        throw new Error(`${c.seed} (${c.players} seats): the readable engine rejected the record: ${JSON.stringify(replayed.error)}`);
      }
      const a = comparable(fast);
      const b = comparable(replayed);
      if (JSON.stringify(a) !== JSON.stringify(b)) {
        // Show the first hand that differs (with the seed to reproduce it), then the whole game.
        const handsA = (a as { hands: unknown[] }).hands;
        const handsB = (b as { hands: unknown[] }).hands;
        const i = handsA.findIndex((h, k) => JSON.stringify(h) !== JSON.stringify(handsB[k]));
        expect({ seed: c.seed, players: c.players, hand: i, result: handsA[i] }).toEqual({
          seed: c.seed,
          players: c.players,
          hand: i,
          result: handsB[i],
        });
        expect(a).toEqual(b);
      }
      expect(fast.finished).toBe(true);
      hands += fast.hands.length;
      for (const h of fast.hands) {
        endings.set(String(h.endedBy), (endings.get(String(h.endedBy)) ?? 0) + 1);
        for (const e of h.log) if (e.type === 'knock' && e.falseKnock) falseKnocks++;
      }
    }
    // The sample covers every way a hand ends and some false knocks.
    expect(hands).toBeGreaterThan(1000);
    expect(endings.get('domino')).toBeGreaterThan(0);
    expect(endings.get('locked')).toBeGreaterThan(0);
    expect(endings.get('target')).toBeGreaterThan(0);
    expect(falseKnocks).toBeGreaterThan(0);
  });

  it('deals the same first hand as a live readable game from the same seed', () => {
    for (let i = 0; i < 20; i++) {
      const seed = `deal-${i}`;
      const players = i % 2 === 0 ? 4 : 3;
      const live = createGame({ ruleset: 'dcs-tournament', players, seed });
      if (!live.ok) throw new Error(live.error.message);
      const g = new FastGame(seed, players);
      g.useLiveDeals(seed, players);
      g.dealHand();
      const sortTiles = (tiles: string[]): string[] => tiles.slice().sort();
      for (let s = 0; s < players; s++) {
        expect(sortTiles(tilesOf(g.hands[s]).map((t) => TILE_TEXT[t]))).toEqual(sortTiles(live.state.hands[0].deal[s]));
      }
      expect(sortTiles(tilesOf(g.sleeping).map((t) => TILE_TEXT[t]))).toEqual(sortTiles(live.state.hands[0].dealtYard));
    }
  });

  it('replays the fast games on a live readable game from the same seed: same deals, same result', () => {
    const sorted = (tiles: readonly string[]): string[] => tiles.slice().sort();
    for (let i = 0; i < 40; i++) {
      const c: Case = { seed: `live-${i}`, players: i % 4 === 3 ? 3 : 4, falseKnockRate: i % 5 === 0 ? 0.05 : 0 };
      const { fast, record } = playFast(c, true);
      const live = createGame({ ruleset: 'dcs-tournament', players: c.players, seed: c.seed });
      if (!live.ok) throw new Error(live.error.message);
      let state = live.state;
      record.hands.forEach((hand, k) => {
        const dealt = state.hands[k];
        expect({ seed: c.seed, hand: k, deal: dealt.deal.map(sorted), yard: sorted(dealt.dealtYard) }).toEqual({
          seed: c.seed,
          hand: k,
          deal: hand.deal.map(sorted),
          yard: sorted(hand.yard),
        });
        for (const action of hand.actions) {
          const r = apply(state, action as Action);
          if (!r.ok) throw new Error(`${c.seed} hand ${k}: ${JSON.stringify(action)} rejected: ${r.error.message}`);
          state = r.state;
        }
      });
      expect(comparable(gameResult(state))).toEqual(comparable(fast));
    }
  });

  it('agrees on a 3-seat hand reshuffled because every double sleeps', () => {
    const g = new FastGame('all-doubles-sleep', 3);
    const rec = g.record() as FastRecorder;
    const others = tilesOf(0x0fffffff & ~DOUBLES_MASK);
    const hands = [0, 1, 2].map((s) => others.slice(s * 7, s * 7 + 7).reduce((m, t) => m | (1 << t), 0));
    expect(g.dealExplicit(hands, DOUBLES_MASK)).toBe(false);
    g.playRandomGame();
    const fast = rec.toResult();
    expect(fast.hands[0]).toEqual({ lead: { seat: null, tile: null, reason: 'house-double' }, endedBy: 'reshuffle', winner: null, points: [0, 0, 0], log: [] });
    expect(fast.hands[1].lead?.reason).toBe('house-double');
    const replayed = replayRecord(rec.toRecord());
    if ('error' in replayed) throw new Error(JSON.stringify(replayed.error));
    expect(comparable(replayed)).toEqual(comparable(fast));
  });
});

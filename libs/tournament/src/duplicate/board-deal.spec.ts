import { ALL_TILES, apply, playRandomGame, seedRng, sha256Hex, shuffle, toRecord } from '@dcs/engine';
import { boardGame, boardHands, boardOrder, boardRecordDifference, boardScores, boardSeed, eventSeedHash, seedMatchesHash } from './board-deal';

const SEED = 'duplicate-golden';

describe('board deal (SPEC 9.2)', () => {
  it('board b of round r is shuffled from sha256hex("<eventSeed>:r<r>:b<b>") with the engine generator', () => {
    expect(boardSeed(SEED, 2, 5)).toBe(sha256Hex('duplicate-golden:r2:b5'));
    expect(boardOrder(SEED, 2, 5)).toEqual(shuffle(seedRng(sha256Hex('duplicate-golden:r2:b5')), ALL_TILES));
  });
  it('seat s receives tiles 7s to 7s+6 of the order: the 28 tiles, 7 each, none twice', () => {
    const order = boardOrder(SEED, 1, 1);
    const hands = boardHands(SEED, 1, 1);
    expect(hands).toHaveLength(4);
    hands.forEach((hand, s) => expect(hand).toEqual(order.slice(7 * s, 7 * s + 7)));
    expect(hands.flat().slice().sort()).toEqual(ALL_TILES.slice().sort());
  });
  it('is pinned: the same seed deals the same boards on every machine and in every release', () => {
    expect(boardHands(SEED, 1, 1)).toEqual([
      ['6-3', '6-1', '3-3', '5-5', '2-0', '6-4', '3-1'],
      ['5-4', '4-2', '1-0', '2-2', '5-3', '4-1', '6-5'],
      ['1-1', '3-0', '3-2', '0-0', '2-1', '5-1', '5-2'],
      ['6-2', '6-6', '4-4', '4-3', '5-0', '6-0', '4-0'],
    ]);
    expect(boardHands(SEED, 2, 3)[3]).toEqual(['1-0', '4-3', '3-1', '4-1', '6-6', '5-1', '4-0']);
  });
  it('every board of an event is its own deal; another seed deals other boards', () => {
    const seen = new Set<string>();
    for (let r = 1; r <= 6; r++) for (let b = 1; b <= 12; b++) seen.add(JSON.stringify(boardHands(SEED, r, b)));
    expect(seen.size).toBe(72);
    expect(boardHands('another seed', 1, 1)).not.toEqual(boardHands(SEED, 1, 1));
  });
  it('refuses a missing seed and board or round numbers that are not 1, 2, 3 …', () => {
    expect(() => boardHands('', 1, 1)).toThrow(RangeError);
    expect(() => boardHands(SEED, 0, 1)).toThrow(RangeError);
    expect(() => boardHands(SEED, 1, 1.5)).toThrow(RangeError);
  });
});

describe("a board's game (SPEC 9.2: every board stands alone)", () => {
  it('starts with every seat Grey at 0, the 6-6 holder to lead with the 6-6, one hand only', () => {
    const g = boardGame(SEED, 1, 1);
    expect(g.config).toMatchObject({ ruleset: 'dcs-tournament', players: 4, singleHand: true });
    expect(g.onBoard).toEqual([false, false, false, false]);
    expect(g.scores).toEqual([0, 0, 0, 0]);
    expect(g.hands).toHaveLength(1);
    expect(g.hands[0].deal).toEqual(boardHands(SEED, 1, 1));
    expect(g.hands[0].pendingLead).toEqual({ seat: 3, tile: '6-6', reason: 'house-double' });
    expect(g.hands[0].turn).toBe(3);
    expect(g.finished).toBe(false);
    expect(apply(g, { seat: 3, type: 'play', tile: '4-4' })).toMatchObject({ ok: false, error: { code: 'ILLEGAL_LEAD' } });
  });
  it('every table of the round starts from the same state, seat for seat', () => {
    expect(boardGame(SEED, 3, 4)).toEqual(boardGame(SEED, 3, 4));
  });
  it('ends at the end of its one hand; the board scores are the hand points', () => {
    for (let b = 1; b <= 12; b++) {
      const { state } = playRandomGame(boardGame(SEED, 1, b), seedRng(`moves-${b}`));
      expect(state.finished).toBe(true);
      expect(state.endedBy).toBe('single-hand');
      expect(state.hands).toHaveLength(1);
      expect(boardScores(state)).toEqual(state.hands[0].points);
      expect(boardScores(state)).toEqual(state.scores);
      for (const score of boardScores(state)) expect(score % 5).toBe(0);
    }
  });
});

describe('seed commitment and verification', () => {
  it('publishes sha256hex(seed), the scheme of every game seed', () => {
    expect(eventSeedHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(seedMatchesHash('abc', eventSeedHash('abc'))).toBe(true);
    expect(seedMatchesHash('abd', eventSeedHash('abc'))).toBe(false);
  });
  it("a board's record re-derives from the revealed seed; another board's does not", () => {
    const { state } = playRandomGame(boardGame(SEED, 2, 6), seedRng('verify'));
    const record = toRecord(state);
    expect(boardRecordDifference(record, SEED, 2, 6)).toBeNull();
    expect(boardRecordDifference(record, SEED, 2, 5)).toMatch(/^seat 0 was dealt .*board 5 of round 2 deals it/);
    expect(boardRecordDifference({ ...record, singleHand: undefined }, SEED, 2, 6)).toMatch(/not a duplicate board/);
  });
});

import { createGame, createGameFromRecordHeader } from './game';
import { replayRecord, toRecord } from './record';
import { playRandomGame } from './random-play';
import { seedRng } from './rng';
import { act, deal, hand, rejected, table, withScores } from '../test/helpers';
import { DEAL_B, DOMINO_B } from '../test/deals';
import type { GameState } from './types';

/** A duplicate board's table (SPEC 9.2): the tournament, 4 players, one hand only. */
const BOARD = () => table({ ruleset: 'dcs-tournament', players: 4, singleHand: true });
const yellowAll = (s: GameState, scores = [0, 0, 0, 0]) => withScores(s, scores, scores.map(() => true));

/** The first seeded single-hand live game whose random play ends in a lock (searched, so the test states what it found). */
function lockedBoard(): GameState {
  for (let i = 0; i < 500; i++) {
    const live = createGame({ ruleset: 'dcs-tournament', players: 4, seed: `lock-${i}`, singleHand: true });
    if (!live.ok) throw new Error(live.error.message);
    const { state } = playRandomGame(live.state, seedRng(`play-${i}`));
    if (hand(state, 0).endedBy === 'locked') return state;
  }
  throw new Error('no lock in 500 random boards');
}

describe('single-hand games (a duplicate board, SPEC 9.2)', () => {
  it('the game ends with its hand: a domino finishes it with no game winner and no next hand', () => {
    const s = act(deal(yellowAll(BOARD()), DEAL_B), ...DOMINO_B);
    expect(s.finished).toBe(true);
    expect(s.endedBy).toBe('single-hand');
    expect(s.winner).toBeNull();
    expect(s.hands).toHaveLength(1);
    expect(hand(s).endedBy).toBe('domino');
    expect(hand(s).winner).toBe(0);
    expect(hand(s).points).toEqual([20 + 15 + 105, 0, 0, 0]);
    expect(rejected(s, '1 knock').code).toBe('GAME_OVER');
  });
  it('a lock finishes it too', () => {
    const s = lockedBoard();
    expect(s.finished).toBe(true);
    expect(s.endedBy).toBe('single-hand');
    expect(s.winner).toBeNull();
    expect(s.hands).toHaveLength(1);
  });
  it('has no target: a seat passing 150 plays on, and the domino count follows', () => {
    // the same play ends an ordinary game at 150 with no count (tournament.spec.ts)
    const s = act(deal(yellowAll(BOARD(), [120, 0, 0, 0]), DEAL_B), ...DOMINO_B);
    expect(s.endedBy).toBe('single-hand');
    expect(hand(s).endedBy).toBe('domino');
    expect(s.scores[0]).toBe(120 + 20 + 15 + 105);
    expect(s.winner).toBeNull();
  });
  it('an ordinary game goes on to a second hand where a single-hand game stops', () => {
    const ordinary = act(deal(yellowAll(table({ ruleset: 'dcs-tournament', players: 4 })), DEAL_B), ...DOMINO_B);
    expect(ordinary.finished).toBe(false);
    expect(ordinary.hands).toHaveLength(1);
    const board = act(deal(yellowAll(BOARD()), DEAL_B), ...DOMINO_B);
    expect(board.finished).toBe(true);
  });
  it('a live single-hand game deals no second hand, whatever ended its hand', () => {
    for (let i = 0; i < 40; i++) {
      const live = createGame({ ruleset: 'dcs-tournament', players: 4, seed: `board-${i}`, singleHand: true });
      if (!live.ok) throw new Error(live.error.message);
      const { state } = playRandomGame(live.state, seedRng(`moves-${i}`), { falseKnockRate: 0.1 });
      expect(state.finished).toBe(true);
      expect(state.endedBy).toBe('single-hand');
      expect(state.hands).toHaveLength(1);
      expect(['domino', 'locked']).toContain(hand(state).endedBy);
      expect(state.scores).toEqual(hand(state).points);
    }
  });
  it('only a 4-player tournament table may be single-hand; the flag must be a boolean', () => {
    expect(createGameFromRecordHeader({ ruleset: 'dcs-tournament', players: 3, singleHand: true })).toMatchObject({ ok: false, error: { code: 'INVALID_SETTINGS' } });
    expect(createGameFromRecordHeader({ ruleset: 'citizen', players: 4, singleHand: true })).toMatchObject({ ok: false, error: { code: 'INVALID_SETTINGS' } });
    expect(createGameFromRecordHeader({ ruleset: 'dcs-tournament', players: 4, singleHand: 'yes' })).toMatchObject({ ok: false, error: { code: 'INVALID_RECORD' } });
    const plain = createGameFromRecordHeader({ ruleset: 'dcs-tournament', players: 4, singleHand: false });
    expect(plain.ok && 'singleHand' in plain.state.config).toBe(false);
  });
  it('its record says singleHand and replays to the same end', () => {
    const s = lockedBoard();
    const record = toRecord(s);
    expect(record.singleHand).toBe(true);
    const replayed = replayRecord(record);
    expect(replayed).toMatchObject({ finished: true, endedBy: 'single-hand', winner: null, singleHand: true, hands: [{ endedBy: 'locked', winner: hand(s).winner, points: hand(s).points }] });
    const { singleHand: _dropped, ...withoutFlag } = record;
    expect(replayRecord(withoutFlag)).toMatchObject({ finished: false, endedBy: null });
  });
});

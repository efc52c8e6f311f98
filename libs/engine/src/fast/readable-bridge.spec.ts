import { endsTotal } from '../board';
import { apply, createGame, legalMoves } from '../game';
import { nextInt, seedRng } from '../rng';
import type { Action, GameState } from '../types';
import {
  ENDED_DOMINO,
  ENDED_LOCKED,
  ENDED_TARGET,
  FastGame,
  MAX_MOVES,
  MOVE_KNOCK,
  actionToMove,
  fastPositionFromState,
  moveToAction,
} from './index';

const ENDED = { [ENDED_DOMINO]: 'domino', [ENDED_LOCKED]: 'locked', [ENDED_TARGET]: 'target' } as Record<number, string>;

function key(a: Action): string {
  return a.type === 'play' ? `${a.seat} ${a.tile} ${a.end ?? '-'}` : `${a.seat} ${a.type}`;
}

describe('readable bridge: a readable position loaded into the fast path behaves the same move by move', () => {
  it.each([4, 3])('agrees on legal moves, open-end totals, points and hand endings (%i seats)', (players) => {
    const fast = new FastGame(1, players === 3 ? 3 : 4);
    const out = new Int32Array(MAX_MOVES);
    let checked = 0;
    for (let gi = 0; gi < 12; gi++) {
      const created = createGame({ ruleset: 'dcs-tournament', players, seed: `bridge-${players}-${gi}` });
      if (!created.ok) throw new Error(created.error.message);
      let state: GameState = created.state;
      const rng = seedRng(`bridge-moves-${players}-${gi}`);
      while (!state.finished) {
        const h = state.hands[state.hands.length - 1];
        const pos = fastPositionFromState(state);
        if (!pos || h.turn === null) throw new Error('no position for a hand in progress');
        fast.loadPosition(pos);
        const seat = h.turn;
        const readable = legalMoves(state, seat);
        const n = fast.legalMoves(seat, out);
        const fastMoves = Array.from(out.subarray(0, n), (m) => moveToAction(fast, m));
        if (n === 0) fastMoves.push({ seat, type: 'knock' });
        expect(fastMoves.map(key).sort()).toEqual(readable.map(key).sort());
        if (h.board.lead) expect(fast.openEndTotal()).toBe(endsTotal(h.board));
        // Random legal action, or now and then a false knock.
        const action: Action =
          h.board.lead && readable[0].type === 'play' && nextInt(rng, 10) === 0 ? { seat, type: 'knock' } : readable[nextInt(rng, readable.length)];
        const move = actionToMove(fast, action);
        expect(move).toBeGreaterThanOrEqual(0);
        const r = apply(state, action);
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
        const after = state.hands[h.index];
        const entry = after.log[after.log.length - 1];
        if (move === MOVE_KNOCK) {
          expect(entry).toEqual({ seat, type: 'knock', falseKnock: fast.knock() });
        } else {
          const points = fast.play(move);
          expect(entry.type === 'play' && [entry.sum, entry.points]).toEqual([fast.lastSum, points]);
        }
        expect(fast.handOver === 1).toBe(after.endedBy !== null);
        if (after.endedBy !== null) {
          expect(ENDED[fast.endedBy]).toBe(after.endedBy);
          expect(fast.handWinner).toBe(after.winner ?? -1);
          expect(Array.from(fast.handPoints.subarray(0, players))).toEqual(after.points);
        }
        expect(Array.from(fast.scores.subarray(0, players))).toEqual(state.scores);
        expect(Array.from(fast.onBoard.subarray(0, players), (x) => x === 1)).toEqual(state.onBoard);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});

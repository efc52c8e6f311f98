import { apply, createGame, randomAction, seedRng, type BoardState, type GameState } from '@dcs/engine';
import { fitBoard, layoutBoard, type PlacedCell } from '../../apps/web/src/components/board-layout';

const overlap = (a: PlacedCell, b: PlacedCell) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Every board of seeded random games, move by move (the lines real hands make). */
function boards(seed: string): BoardState[] {
  const g = createGame({ ruleset: 'dcs-tournament', players: 4, seed });
  if (!g.ok) throw new Error(g.error.message);
  let state: GameState = g.state;
  const rng = seedRng(seed);
  const out: BoardState[] = [];
  for (let i = 0; i < 400 && !state.finished; i++) {
    const a = randomAction(state, rng);
    if (!a) break;
    const r = apply(state, a);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    const h = state.hands[state.hands.length - 1];
    if (h.board.lead) out.push(h.board);
  }
  return out;
}

describe('the board laid out in its box', () => {
  const all = ['a', 'b', 'c'].flatMap(boards);

  it('places every tile of the line once, with no two tiles overlapping, however the arms turn', () => {
    for (const board of all) {
      const n = 1 + board.arms.W.length + board.arms.E.length + board.arms.N.length + board.arms.S.length;
      for (const [k, kNS] of [[Infinity, Infinity], [2, Infinity], [3, 2], [4, 3], [6, 2], [Infinity, 2]]) {
        const layout = layoutBoard(board, k, kNS);
        if (!layout) continue;
        expect(layout.cells).toHaveLength(n);
        for (let i = 0; i < layout.cells.length; i++) for (let j = i + 1; j < layout.cells.length; j++) expect(overlap(layout.cells[i], layout.cells[j])).toBe(false);
      }
      // The straight cross always fits.
      expect(layoutBoard(board, Infinity)).not.toBeNull();
    }
  });

  it('the longest line (28 tiles, four arms) fits a phone-sized box (355 × 330) with its tiles at least 14 px a half, turning its long arms', () => {
    const arm = (outers: number[]) =>
      outers.map((n, i) => {
        const inner = i === 0 ? 6 : outers[i - 1];
        return { tile: `${Math.max(inner, n)}-${Math.min(inner, n)}`, outer: n, double: inner === n };
      });
    const board: BoardState = {
      lead: { tile: '6-6', w: 6, e: 6 },
      spinner: { value: 6, arm: 'lead', index: 0 },
      arms: { W: arm([5, 5, 4, 4, 3, 3, 1, 6, 0]), E: arm([4, 2, 2, 1, 1, 0, 2, 5, 0]), N: arm([3, 5, 1, 4, 0]), S: arm([2, 3, 0, 0]) },
    };
    const fit = fitBoard(board, 355, 330, 26)!;
    expect(fit.layout.cells).toHaveLength(28);
    expect(fit.unit).toBeGreaterThanOrEqual(14);
    expect(Number.isFinite(fit.layout.turnAfter)).toBe(true);
    expect(fit.layout.width * fit.unit).toBeLessThanOrEqual(355);
    expect(fit.layout.height * fit.unit).toBeLessThanOrEqual(330);
  });
});

import { createGame, type GameState } from '@dcs/engine';
import { gameViewEmits, liveEmit, liveRooms, renderGameView } from './live-emitter';

function game(): { state: GameState; meta: { id: string; tableId: string; seedHash: string; seed: string } } {
  const created = createGame({ ruleset: 'dcs-tournament', players: 4, seed: 'live-emitter-spec' });
  if (!created.ok) throw new Error(created.error.message);
  return { state: created.state, meta: { id: 'g1', tableId: 't1', seedHash: 'hash', seed: 'secret-seed' } };
}

const seats = [0, 1, 2, 3].map((seat) => ({ seat, userId: `u${seat}` }));

describe('live emits of a game change (what the worker sends through Redis)', () => {
  it('sends each seat its own view in its user room only, and the public view to the game room minus the seats', () => {
    const { state, meta } = game();
    const deadline = new Date('2027-01-02T17:00:20.000Z');
    const emits = gameViewEmits(meta, state, seats, deadline);
    expect(emits).toHaveLength(5);
    for (const s of seats) {
      const mine = emits.filter((e) => e.to.includes(liveRooms.user(s.userId)));
      expect(mine).toHaveLength(1);
      expect(mine[0].to).toEqual([liveRooms.user(s.userId)]);
      const data = mine[0].data as { seq: number; view: ReturnType<typeof renderGameView> };
      expect(data.seq).toBe(state.version);
      expect(data.view.seat).toBe(s.seat);
      expect(data.view.view.hand).toEqual(expect.any(Array));
      expect(data.view.turnDeadline).toBe(deadline.toISOString());
    }
    const pub = emits.find((e) => e.to.includes(liveRooms.game('g1')))!;
    expect(pub.except).toEqual(seats.map((s) => liveRooms.user(s.userId)));
    const text = JSON.stringify(pub.data);
    expect(text).not.toContain('"hand"');
    expect(text).not.toContain('legalMoves');
    expect(text).not.toContain('secret-seed');
    // no tile a seat holds appears in the public payload (nothing is on the board yet), but the
    // double that must open the hand, which the rules make public
    const shown = state.hands[0].pendingLead?.tile ?? null;
    for (const held of state.hands[0].holdings) for (const t of held) if (t !== shown) expect(text).not.toContain(`"${t}"`);
  });

  it('reveals the seed only once the game is over and carries no deadline then', () => {
    const { state, meta } = game();
    const over = { ...state, finished: true };
    const v = renderGameView(meta, over, null, new Date());
    expect(v).toMatchObject({ status: 'finished', seed: 'secret-seed', turnDeadline: null });
  });

  it('leaves out an empty except list', () => {
    expect(liveEmit(['r'], 'e', {}, [])).toEqual({ kind: 'emit', to: ['r'], event: 'e', data: {} });
  });
});

import { Pool } from 'pg';
import { PrismaService } from '@dcs/common';
import { apply, currentHand, hardStop, randomAction, seedRng, type Action, type GameState } from '@dcs/engine';
import { GameStore } from '@dcs/tournament';
import { createTestEnv, TestEnv } from './support/test-env';

/**
 * The one game store on real PostgreSQL (issues 13 and 17): a move writes the version bump and its
 * action, the snapshot only at hand boundaries and the end; every reader — this process with its
 * cache, another instance with none — gets the same current state.
 */
describe('GameStore', () => {
  let env: TestEnv;
  let prisma: PrismaService;
  let pool: Pool;
  /** Two stores: two API instances (each with its own cache) on one database. */
  let a: GameStore;
  let b: GameStore;

  beforeAll(async () => {
    env = await createTestEnv('game_store');
    prisma = new PrismaService(env.config());
    pool = new Pool({ connectionString: env.databaseUrl, max: 4 });
    a = new GameStore(prisma, pool);
    b = new GameStore(prisma, pool);
  });
  afterAll(async () => {
    await pool.end();
    await prisma.$disconnect();
    await env.drop();
  });

  const deal = async (store = a) => (await prisma.$transaction((tx) => store.deal(tx, null, { ruleset: 'dcs-tournament', players: 4 }))).id;
  const row = async (id: string) => (await env.sql<{ version: number; snapshot: number; status: string }>(`SELECT version, (state->>'version')::int AS snapshot, status::text AS status FROM games WHERE id = $1`, [id]))[0];
  const stateOf = async (store: GameStore, id: string) => (await store.find(id))!.state as unknown as GameState;

  /** One move through the store as GameMoveService makes it; the state after it. */
  const move = async (store: GameStore, id: string, pick: (s: GameState) => Action, requestId?: string) =>
    store.withGame(
      id,
      async (tx) => {
        if (requestId && (await tx.actionByRequest(requestId))) return 'replayed' as const;
        const act = pick(tx.game.state);
        const r = apply(tx.game.state, act);
        if (!r.ok) throw new Error(r.error.code);
        await tx.save(r.state, { seat: act.seat, userId: null, action: act, requestId, decisionMs: null });
        return r.state;
      },
      requestId,
    );

  it('a move inside a hand writes no snapshot; the hand boundary and the end write one; another instance reads the same state', async () => {
    const id = await deal();
    const rng = seedRng('store-1');
    let local = await stateOf(a, id);
    let boundaries = 0;
    while (!local.finished) {
      const act = randomAction(local, rng)!;
      const next = await move(a, id, () => act);
      if (next === 'replayed' || !next) throw new Error('not applied');
      const handEnded = next.hands.length !== local.hands.length || !currentHand(next);
      local = next;
      const r = await row(id);
      expect(r.version).toBe(local.version);
      // the row's snapshot moved exactly when a hand ended (and the next was dealt) or the game ended
      if (handEnded) boundaries++;
      expect(r.snapshot === local.version).toBe(handEnded);
      if (local.version % 7 === 0) expect(await stateOf(b, id)).toEqual(local);
    }
    expect(boundaries).toBe(local.hands.length);
    expect((await row(id)).status).toBe('finished');
    // A finished game's row holds its whole final state.
    expect((await env.sql<{ state: GameState }>(`SELECT state FROM games WHERE id = $1`, [id]))[0].state).toEqual(local);
    expect(await stateOf(new GameStore(prisma, pool), id)).toEqual(local);
    const log = await a.actionLog(id);
    expect(log.map((x) => x.version)).toEqual(Array.from({ length: local.version }, (_, i) => i + 1));
  }, 60_000);

  it('a stale cache never decides: a move by another instance makes the cached instance re-read, and a stale version is refused on what is stored', async () => {
    const id = await deal();
    const first = await stateOf(a, id);
    const firstMoves = (s: GameState): Action => randomAction(s, seedRng(`x-${s.version}`))!;
    // Instance a holds version 0 in its cache; instance b moves the game twice.
    expect(first.version).toBe(0);
    await move(b, id, firstMoves);
    await move(b, id, firstMoves);
    // a's next move is computed on what is stored (version 2), not on its cached version 0.
    const seen: number[] = [];
    const out = await a.withGame(id, async (tx) => {
      seen.push(tx.game.version);
      const act = firstMoves(tx.game.state);
      const r = apply(tx.game.state, act, { expectedVersion: 2 });
      if (!r.ok) throw new Error(r.error.code);
      await tx.save(r.state, { seat: act.seat, userId: null, action: act, decisionMs: null });
      return r.state.version;
    });
    expect(out).toBe(3);
    expect(seen[seen.length - 1]).toBe(2);
    expect((await row(id)).version).toBe(3);
    expect(await stateOf(a, id)).toEqual(await stateOf(new GameStore(prisma, pool), id));
  });

  it('a request id already stored is answered again, not applied twice, even from a cache that missed it', async () => {
    const id = await deal();
    const rng = seedRng('store-3');
    const act = randomAction(await stateOf(b, id), rng)!;
    expect(await move(b, id, () => act, 'req-1')).not.toBe('replayed');
    // a holds the current version in its cache, which knows nothing of the request: the same request through a is a replay
    await a.find(id);
    expect(await move(a, id, (s) => randomAction(s, seedRng('other'))!, 'req-1')).toBe('replayed');
    expect((await row(id)).version).toBe(1);
    expect((await a.actionLog(id)).length).toBe(1);
  });

  it('a system change under the row lock reads the stored state (not a cache) and writes a full snapshot, with no action', async () => {
    const id = await deal();
    const rng = seedRng('store-4');
    for (let i = 0; i < 3; i++) {
      const s = await stateOf(a, id);
      await move(a, id, () => randomAction(s, rng)!);
    }
    const before = await stateOf(b, id);
    await prisma.$transaction(async (tx) => {
      const game = (await a.lock(tx, id))!;
      expect(game.version).toBe(3);
      const stopped = hardStop(game.state as unknown as GameState);
      if (!stopped.ok) throw new Error(stopped.error.code);
      await a.saveSystemChange(tx, game, stopped.state);
    });
    const r = await row(id);
    expect([r.version, r.snapshot, r.status]).toEqual([before.version + 1, before.version + 1, 'finished']);
    expect((await a.actionLog(id)).length).toBe(3);
    expect((await stateOf(a, id)).endedBy).toBe('hard-stop');
    expect(await stateOf(b, id)).toEqual(await stateOf(a, id));
  });

  it('a forfeit under the row lock inside a hand appends its action and bumps the version without rewriting the snapshot', async () => {
    const id = await deal();
    const rng = seedRng('store-6');
    for (let i = 0; i < 2; i++) {
      const s = await stateOf(a, id);
      await move(a, id, () => randomAction(s, rng)!);
    }
    const seat = (currentHand(await stateOf(a, id))!.turn! + 1) % 4;
    await prisma.$transaction(async (tx) => {
      const game = (await b.lock(tx, id))!;
      const r = apply(game.state as unknown as GameState, { seat, type: 'forfeit' });
      if (!r.ok) throw new Error(r.error.code);
      const after = await b.saveAction(tx, game, r.state, { seat, userId: null, action: { seat, type: 'forfeit' }, decisionMs: null });
      expect(after.version).toBe(3);
    });
    expect(await row(id)).toEqual({ version: 3, snapshot: 0, status: 'playing' });
    // a's cache holds version 2: its read finds version 3 and replays the tail
    expect((await stateOf(a, id)).forfeited[seat]).toBe(true);
    expect((await a.actionLog(id)).map((x) => x.action)).toContainEqual({ seat, type: 'forfeit' });
  });

  it('reads many games at once, in the order asked, each at its current version', async () => {
    const ids = [await deal(), await deal(), await deal()];
    const rng = seedRng('store-5');
    for (const id of ids.slice(1)) {
      const s = await stateOf(a, id);
      await move(a, id, () => randomAction(s, rng)!);
    }
    const many = await new GameStore(prisma, pool).findMany([ids[2], ids[0], ids[1]]);
    expect(many.map((g) => [g.id, g.version, (g.state as unknown as GameState).version])).toEqual([
      [ids[2], 1, 1],
      [ids[0], 0, 0],
      [ids[1], 1, 1],
    ]);
  });

  describe('group commit: the moves saved in one turn of the event loop go to PostgreSQL as one statement', () => {
    const statements = () => {
      const spy = jest.spyOn(pool, 'query');
      const writes = () => spy.mock.calls.filter(([sql]) => typeof sql === 'string' && sql.includes('INSERT INTO game_actions'));
      return {
        count: () => writes().length,
        /** the games each write statement carried, in order */
        games: () => writes().map((c) => ((c[1] as unknown[][])[0] as string[]).length),
        done: () => spy.mockRestore(),
      };
    };

    it('twelve games\' moves at once: one statement, each move applied with its own log entry', async () => {
      const ids = await Promise.all(Array.from({ length: 12 }, () => deal()));
      const rng = seedRng('batch-1');
      const picks = await Promise.all(ids.map(async (id) => randomAction(await stateOf(a, id), rng)!));
      const seen = statements();
      const after = await Promise.all(ids.map((id, i) => move(a, id, () => picks[i], `batch-1-${i}`)));
      expect(seen.count()).toBe(1);
      seen.done();
      expect(after.map((s) => (s as GameState).version)).toEqual(ids.map(() => 1));
      for (const id of ids) {
        expect((await row(id)).version).toBe(1);
        expect((await b.actionLog(id)).map((x) => x.version)).toEqual([1]);
      }
    });

    it('a retried request in the statement is told alone (answered from the log); the other games\' moves are written', async () => {
      const [x, y, z] = [await deal(), await deal(), await deal()];
      const rng = seedRng('batch-2');
      expect(await move(b, x, (s) => randomAction(s, rng)!, 'again')).not.toBe('replayed');
      // a holds x's current version in its cache, which does not know the request: its save fails on the stored request id
      for (const id of [x, y, z]) await a.find(id);
      const seen = statements();
      const out = await Promise.all([
        move(a, x, (s) => randomAction(s, rng)!, 'again'),
        move(a, y, (s) => randomAction(s, rng)!, 'batch-2-y'),
        move(a, z, (s) => randomAction(s, rng)!, 'batch-2-z'),
      ]);
      // one statement with the three, then each again on its own
      expect(seen.games()).toEqual([3, 1, 1, 1]);
      seen.done();
      expect(out[0]).toBe('replayed');
      expect(out.slice(1).map((s) => (s as GameState).version)).toEqual([1, 1]);
      expect([(await row(x)).version, (await row(y)).version, (await row(z)).version]).toEqual([1, 1, 1]);
      expect((await a.actionLog(x)).length).toBe(1);
    });

    it('a statement that deadlocks with a transaction holding one of its games is taken again move by move: both moves are written', async () => {
      const [x, y] = [await deal(), await deal()].sort();
      for (const id of [x, y]) await a.find(id);
      // another transaction holds y (the statement locks x first, in game-id order, then waits for y) ...
      const other = await pool.connect();
      await other.query(`SET deadlock_timeout = '10s'`); // so the statement's backend finds the deadlock first
      await other.query('BEGIN');
      await other.query('SELECT id FROM games WHERE id = $1 FOR UPDATE', [y]);
      const seen = statements();
      const moves = Promise.all([x, y].map((id) => move(a, id, legalOf)));
      await new Promise((r) => setTimeout(r, 300));
      // ... and then asks for x: a deadlock; the statement is rolled back whole and its moves go again one by one
      await other.query('SELECT id FROM games WHERE id = $1 FOR UPDATE', [x]);
      await other.query('COMMIT');
      other.release();
      const after = await moves;
      expect(seen.games()).toEqual([2, 1, 1]);
      seen.done();
      expect(after.map((st) => (st as GameState).version)).toEqual([1, 1]);
      for (const id of [x, y]) expect((await b.actionLog(id)).map((e) => e.version)).toEqual([1]);
    });

    it('two moves of one game never share a statement: the second is judged on what the first wrote', async () => {
      const id = await deal();
      await a.find(id);
      const seen = statements();
      const both = await Promise.all([0, 1].map((k) => move(a, id, (s) => legalOf(s), `same-game-${k}`)));
      // both decided on the cached version 0 in the same turn: two statements, the second's compare-and-set lost, decided again on version 1
      expect(seen.games()).toEqual([1, 1, 1]);
      seen.done();
      expect(both.map((s) => (s as GameState).version).sort()).toEqual([1, 2]);
      expect((await a.actionLog(id)).map((x) => x.version)).toEqual([1, 2]);
      expect(await stateOf(new GameStore(prisma, pool), id)).toEqual(await stateOf(a, id));
    });
  });
});

/** The first legal move of the seat on turn (deterministic). */
function legalOf(s: GameState): Action {
  return randomAction(s, seedRng(`legal-${s.version}`))!;
}

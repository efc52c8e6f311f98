import { createHash } from 'node:crypto';
import { PrismaService } from '@dcs/common';
import { gameResult, type GameState, hardStop, replayRecord } from '@dcs/engine';
import { GameStore } from '@dcs/tournament';
import { startApi, storedGame, TestApi } from './support/api';
import { SeatedPlayer, tableWithGame } from './support/fixtures';
import { createTestEnv, TestEnv } from './support/test-env';

interface View {
  version: number;
  turn: number | null;
  finished: boolean;
  hand?: string[];
  legalMoves?: { type: string; tile?: string; end?: string }[];
  scores: number[];
}

describe('playing a table over HTTP', () => {
  let env: TestEnv;
  let api: TestApi;
  beforeAll(async () => {
    env = await createTestEnv('games');
    api = await startApi(env);
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  const auth = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });
  const viewOf = async (gameId: string, p?: SeatedPlayer) => {
    const req = api.http().get(`/api/games/${gameId}/view`);
    const res = p ? await req.set(auth(p)) : await req;
    expect(res.status).toBe(200);
    return res.body as { seat: number | null; seed: string | null; seedHash: string; view: View };
  };
  const actionCount = async (gameId: string) => Number((await env.sql<{ n: string }>(`SELECT count(*) n FROM game_actions WHERE game_id = $1`, [gameId]))[0].n);

  it('shows each seat only its own tiles, spectators none, and never the seed while the game runs', async () => {
    const { gameId, players } = await tableWithGame(api);
    const spectator = await viewOf(gameId);
    expect(spectator.seat).toBeNull();
    expect(spectator.view.hand).toBeUndefined();
    expect(spectator.seed).toBeNull();
    expect(spectator.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const hands = [];
    for (const p of players) {
      const v = await viewOf(gameId, p);
      expect(v.seat).toBe(p.seat);
      expect(v.view.hand).toHaveLength(7);
      expect(v.seed).toBeNull();
      hands.push(v.view.hand!);
    }
    expect(new Set(hands.flat()).size).toBe(28);
    // Nothing in seat 1's answer names a tile only seat 0 holds — except the 6-6 that the
    // rules make public (its holder must open with it, so everyone sees who leads).
    const seat1Json = JSON.stringify(await viewOf(gameId, players[1]));
    for (const tile of hands[0].filter((t) => t !== '6-6')) expect(seat1Json).not.toContain(`"${tile}"`);
    const stored = (await env.sql<{ seed: string }>(`SELECT seed FROM games WHERE id = $1`, [gameId]))[0].seed;
    expect(JSON.stringify(spectator)).not.toContain(stored);
  });

  it('shows a table publicly: seats with names and the public board, no hand and no seed', async () => {
    const { tableId, gameId, players } = await tableWithGame(api);
    const res = await api.http().get(`/api/tables/${tableId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: tableId, round: 1, index: 0, status: 'playing', game: { gameId, seat: null, seed: null } });
    expect(res.body.seats.map((s: { userId: string }) => s.userId)).toEqual(players.map((p) => p.id));
    expect(res.body.game.view.hand).toBeUndefined();
    expect(res.body.game.view.tileCounts).toEqual([7, 7, 7, 7]);
    expect((await api.http().get('/api/tables/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('rejects moves by someone not seated, out of turn, on a stale version, and illegal tiles — changing nothing', async () => {
    const { gameId, players } = await tableWithGame(api);
    const outsider = await api.user();
    const v0 = (await viewOf(gameId)).view;
    const leader = players[v0.turn!];
    const other = players[(v0.turn! + 1) % 4];

    const notSeated = await api.http().post(`/api/games/${gameId}/actions`).set(auth(outsider)).send({ type: 'knock', version: v0.version });
    expect([notSeated.status, notSeated.body.code]).toEqual([403, 'NOT_SEATED']);
    const wrongTurn = await api.http().post(`/api/games/${gameId}/actions`).set(auth(other)).send({ type: 'knock', version: v0.version });
    expect([wrongTurn.status, wrongTurn.body.code]).toEqual([422, 'WRONG_TURN']);
    const illegalLead = await api.http().post(`/api/games/${gameId}/actions`).set(auth(leader)).send({ type: 'play', tile: (await viewOf(gameId, leader)).view.hand!.find((t) => t !== '6-6'), version: v0.version });
    expect([illegalLead.status, illegalLead.body.code]).toEqual([422, 'ILLEGAL_LEAD']);
    const stale = await api.http().post(`/api/games/${gameId}/actions`).set(auth(leader)).send({ type: 'play', tile: '6-6', version: v0.version + 3 });
    expect([stale.status, stale.body.code]).toEqual([409, 'STALE_VERSION']);
    expect(stale.body.details).toEqual({ currentVersion: v0.version });
    const badBody = await api.http().post(`/api/games/${gameId}/actions`).set(auth(leader)).send({ type: 'teleport', version: -1, seat: 3 });
    expect(badBody.status).toBe(400);
    expect((badBody.body.details as { field: string }[]).map((d) => d.field).sort()).toEqual(['seat', 'type', 'version']);
    const unknown = await api.http().post(`/api/games/00000000-0000-4000-8000-000000000000/actions`).set(auth(leader)).send({ type: 'knock', version: 0 });
    expect(unknown.status).toBe(404);
    expect(await actionCount(gameId)).toBe(0);
    expect((await viewOf(gameId)).view.version).toBe(v0.version);
  });

  it('applies a retried request once, with or without an idempotency key', async () => {
    const { gameId, players } = await tableWithGame(api);
    const v0 = (await viewOf(gameId)).view;
    const leader = players[v0.turn!];
    const first = await api.http().post(`/api/games/${gameId}/actions`).set(auth(leader)).send({ type: 'play', tile: '6-6', version: v0.version, requestId: 'lead-1' });
    expect(first.status).toBe(200);
    expect(first.body.applied).toBe(true);
    const retry = await api.http().post(`/api/games/${gameId}/actions`).set(auth(leader)).send({ type: 'play', tile: '6-6', version: v0.version, requestId: 'lead-1' });
    expect(retry.status).toBe(200);
    expect(retry.body.applied).toBe(false);
    expect(retry.body.view.version).toBe(v0.version + 1);
    expect(await actionCount(gameId)).toBe(1);

    const v1 = (await viewOf(gameId)).view;
    const next = players[v1.turn!];
    const move = (await viewOf(gameId, next)).view.legalMoves![0];
    const body = { ...move, version: v1.version };
    delete (body as { seat?: number }).seat;
    expect((await api.http().post(`/api/games/${gameId}/actions`).set(auth(next)).send(body)).body.applied).toBe(true);
    const again = await api.http().post(`/api/games/${gameId}/actions`).set(auth(next)).send(body);
    expect([again.status, again.body.applied]).toEqual([200, false]);
    expect(await actionCount(gameId)).toBe(2);
  });

  it('goes on from the database after the API restarts mid-game', async () => {
    const { gameId, players } = await tableWithGame(api);
    const v0 = (await viewOf(gameId)).view;
    const leader = players[v0.turn!];
    expect((await api.http().post(`/api/games/${gameId}/actions`).set(auth(leader)).send({ type: 'play', tile: '6-6', version: v0.version })).status).toBe(200);
    await api.close();
    api = await startApi(env);
    const v1 = (await viewOf(gameId)).view;
    expect(v1.version).toBe(v0.version + 1);
    const next = players[v1.turn!];
    const move = (await viewOf(gameId, next)).view.legalMoves![0];
    const res = await api.http().post(`/api/games/${gameId}/actions`).set(auth(next)).send({ type: move.type, tile: move.tile, end: move.end, version: v1.version });
    expect([res.status, res.body.applied, res.body.view.version]).toEqual([200, true, v0.version + 2]);
  });

  it('applies exactly one of two concurrent submissions of the same seat\'s move', async () => {
    const { gameId, players } = await tableWithGame(api);
    const v0 = (await viewOf(gameId)).view;
    const leader = players[v0.turn!];
    const send = (requestId: string) =>
      api.http().post(`/api/games/${gameId}/actions`).set(auth(leader)).send({ type: 'play', tile: '6-6', version: v0.version, requestId });
    const results = await Promise.all([send('a'), send('b'), send('c')]);
    expect(results.filter((r) => r.status === 200 && r.body.applied)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(['STALE_VERSION', 'STALE_VERSION']);
    expect(await actionCount(gameId)).toBe(1);
  });

  it('plays a whole game to 150, then reveals the seed whose hash was published, and the record replays to the same scores', async () => {
    const { gameId, players } = await tableWithGame(api);
    const reviewer = await api.user({ roles: ['reviewer'] });
    const published = (await viewOf(gameId)).seedHash;

    let view = (await viewOf(gameId)).view;
    let moves = 0;
    let checkedRecord = false;
    while (!view.finished) {
      const p = players[view.turn!];
      const mine = (await viewOf(gameId, p)).view;
      const choice = mine.legalMoves![0];
      const res = await api.http().post(`/api/games/${gameId}/actions`).set(auth(p)).send({ type: choice.type, tile: choice.tile, end: choice.end, version: mine.version });
      expect(res.status).toBe(200);
      view = res.body.view;
      moves++;
      if (!checkedRecord && moves === 10) {
        // Mid-game: a spectator's record hides the tiles in hand, and so does a reviewer's (SPEC 7: nobody sees them while the game runs).
        const anon = await api.http().get(`/api/games/${gameId}/record`);
        const rev = await api.http().get(`/api/games/${gameId}/record`).set(auth(reviewer));
        expect(JSON.stringify(anon.body.hands.at(-1).deal)).toContain('"?"');
        expect(anon.body.seed).toBeNull();
        expect(rev.body).toEqual(anon.body);
        // No replay of a running game, for anyone.
        const early = await api.http().get(`/api/games/${gameId}/replay`).set(auth(reviewer));
        expect([early.status, early.body.code]).toEqual([409, 'GAME_NOT_FINISHED']);
        checkedRecord = true;
      }
      expect(moves).toBeLessThan(3000);
    }
    expect(Math.max(...view.scores)).toBeGreaterThanOrEqual(150);
    const final = await viewOf(gameId);
    expect(final.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(final.seed!).digest('hex')).toBe(published);

    const record = (await api.http().get(`/api/games/${gameId}/record`)).body;
    const replayed = replayRecord(record);
    expect(replayed).toMatchObject({ finished: true, scores: view.scores });
    // The replay viewer's positions: each hand's deal, then one step per action, ending on the final scores.
    const replay = await api.http().get(`/api/games/${gameId}/replay`);
    expect(replay.status).toBe(200);
    const steps = replay.body.steps as { hand: number; action: number | null; move: unknown; board: unknown; scores: number[]; holdings: string[][]; finished: boolean }[];
    expect(steps).toHaveLength(moves + record.hands.length);
    expect(steps.filter((x) => x.action === null).map((x) => x.hand)).toEqual(record.hands.map((_: unknown, i: number) => i));
    expect(steps[0]).toMatchObject({ hand: 0, action: null, move: null, board: { lead: null } });
    expect(steps[0].holdings.flat().sort()).toEqual(record.hands[0].deal.flat().sort());
    expect(steps[1].move).toEqual(record.hands[0].actions[0]);
    expect(steps.at(-1)).toMatchObject({ finished: true, scores: view.scores });
    expect(await actionCount(gameId)).toBe(moves);
    await expect(env.sql(`UPDATE game_actions SET seat = 0 WHERE game_id = $1`, [gameId])).rejects.toThrow(/append-only/);
    const after = await api.http().post(`/api/games/${gameId}/actions`).set(auth(players[0])).send({ type: 'knock', version: view.version });
    expect([after.status, after.body.code]).toEqual([409, 'GAME_OVER']);
  }, 180_000);

  it('exports a game hard-stopped before its first lead so that its replay names the due leader (SPEC 1.8 lead, tile null)', async () => {
    const { gameId, players } = await tableWithGame(api);
    const holder = (await Promise.all(players.map((p) => viewOf(gameId, p)))).find((v) => v.view.hand!.includes('6-6'))!.seat;
    // The round's hard stop, as the challenge flow saves it, the moment after the deal.
    const prisma = api.app.get(PrismaService);
    await prisma.$transaction(async (tx) => {
      const game = (await api.app.get(GameStore).lock(tx, gameId))!;
      const stopped = hardStop(game.state as unknown as GameState);
      if (!stopped.ok) throw new Error(stopped.error.message);
      await api.app.get(GameStore).saveSystemChange(tx, game, stopped.state);
    });
    const record = (await api.http().get(`/api/games/${gameId}/record`)).body;
    const replayed = replayRecord(record);
    if ('error' in replayed) throw new Error(JSON.stringify(replayed.error));
    expect(replayed.hands).toEqual([expect.objectContaining({ lead: { seat: holder, tile: null, reason: 'house-double' }, endedBy: 'hard-stop', log: [] })]);
    // the live state's own result says the same
    const { state } = await storedGame(api.app, gameId);
    expect(gameResult(state).hands.map((h) => h.lead)).toEqual(replayed.hands.map((h) => h.lead));
  });
});

import type { AddressInfo } from 'node:net';
import { PrismaService } from '@dcs/common';
import { ALL_TILES, closePicks, hardStop, isTiebreakError, startDraw, type GameState, type TiebreakState } from '@dcs/engine';
import { GameStore } from '@dcs/tournament';
import { startApi, storedGame, TestApi } from './support/api';
import { SeatedPlayer, tableWithGame } from './support/fixtures';
import { connectLive, RecordingClient, waitFor } from './support/live-client';
import { createTestEnv, TestEnv } from './support/test-env';

/**
 * SPEC 7: nobody sees another player's hidden tiles while a game runs, nor the deal seed before it
 * ends — whatever roles they hold, seated or not. After the end reviewers and admins read the whole
 * record, each read audited. Compared as JSON: a member of staff gets byte for byte what anyone in
 * their place (the same seat, or no seat) gets.
 */
describe('hidden tiles: the same for staff as for anyone in their place (SPEC 7)', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let port: number;
  const sockets: RecordingClient[] = [];

  beforeAll(async () => {
    env = await createTestEnv('hidden');
    api = await startApi(env);
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as AddressInfo).port;
    prisma = api.app.get(PrismaService);
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.close();
    await api.close();
    await env.drop();
  });

  const STAFF = [['reviewer'], ['admin'], ['reviewer', 'admin']];
  const auth = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });
  const setRoles = (userId: string, roles: string[]) => env.sql(`UPDATE users SET roles = $1::"Role"[] WHERE id = $2`, [['competitor', ...roles], userId]);
  const get = async (path: string, who?: { token: string }) => {
    const req = api.http().get(path);
    const res = who ? await req.set(auth(who)) : await req;
    expect(res.status).toBe(200);
    return res.body as Record<string, unknown>;
  };
  const live = async (token?: string) => {
    const c = await connectLive(port, token);
    sockets.push(c);
    return c;
  };
  /** What a caller gets of a game by every path: the view, the record, and the socket join's acknowledgement (a fresh socket each time). */
  const everything = async (gameId: string, who?: { token: string }) => {
    const c = await live(who?.token);
    const joined = await c.call('join', { gameId, since: 0 });
    expect(joined.ok).toBe(true);
    c.socket.close();
    return { view: await get(`/api/games/${gameId}/view`, who), record: await get(`/api/games/${gameId}/record`, who), joined };
  };
  const seedOf = async (gameId: string) => (await env.sql<{ seed: string }>(`SELECT seed FROM games WHERE id = $1`, [gameId]))[0].seed;
  const stateOf = async (gameId: string) => (await storedGame(api.app, gameId)).state;
  /** Plays `n` moves (each seat's first legal move) over HTTP so the game has a board, a log and missed events. */
  const play = async (gameId: string, players: SeatedPlayer[], n: number) => {
    for (let i = 0; i < n; i++) {
      const v = (await get(`/api/games/${gameId}/view`)).view as { turn: number; version: number };
      const p = players[v.turn];
      const mine = (await get(`/api/games/${gameId}/view`, p)).view as { legalMoves: { type: string; tile?: string; end?: string }[] };
      const m = mine.legalMoves[0];
      const res = await api.http().post(`/api/games/${gameId}/actions`).set(auth(p)).send({ type: m.type, tile: m.tile, end: m.end, version: v.version });
      expect(res.status).toBe(200);
    }
  };
  /** Ends the game as a hard stop does (the hand in progress void). */
  const endGame = async (gameId: string) => {
    const games = api.app.get(GameStore);
    await prisma.$transaction(async (tx) => {
      const game = (await games.lock(tx, gameId))!;
      const stopped = hardStop(game.state as unknown as GameState);
      if (!stopped.ok) throw new Error(stopped.error.code);
      await games.saveSystemChange(tx, game, stopped.state);
    });
  };
  /** Every tile another seat holds now (tiles in hand, not yet played), and the undrawn yard. */
  const hiddenFrom = (state: GameState, seat: number | null) => {
    const h = state.hands[state.hands.length - 1];
    return [...h.holdings.flatMap((tiles, s) => (s === seat ? [] : tiles)), ...h.yard];
  };
  const readAudits = (gameId: string) => prisma.auditLog.findMany({ where: { action: 'game.hidden-tiles.read', entityType: 'game', entityId: gameId }, orderBy: { createdAt: 'asc' } });

  it('a reviewer, an admin, a reviewer-admin seated at the table sees exactly what a plain competitor in that seat sees (view, record, socket join)', async () => {
    const { gameId, players } = await tableWithGame(api);
    await play(gameId, players, 6);
    const me = players[1];
    const plain = await everything(gameId, me);
    const state = await stateOf(gameId);
    const secret = [await seedOf(gameId), ...hiddenFrom(state, me.seat).map((t) => `"${t}"`).filter((t) => !JSON.stringify(plain).includes(t))];
    expect(hiddenFrom(state, me.seat).length).toBeGreaterThan(10);
    for (const roles of STAFF) {
      await setRoles(me.id, roles);
      const staff = await everything(gameId, me);
      expect({ roles, ...staff }).toEqual({ roles, ...plain });
      for (const s of secret) expect(JSON.stringify(staff)).not.toContain(s);
    }
    // The current hand's record shows this seat's own dealt tiles, every other seat's and the yard as "?".
    const hand = (plain.record.hands as { deal: string[][]; yard: string[] }[]).at(-1)!;
    hand.deal.forEach((tiles, s) => expect(tiles.every((t) => (s === me.seat ? ALL_TILES.includes(t as never) : t === '?'))).toBe(true));
    expect(hand.yard.every((t) => t === '?')).toBe(true);
    expect(plain.record.seed).toBeNull();
    expect(await readAudits(gameId)).toEqual([]);
  });

  it('an unseated reviewer or admin sees no hidden tile and no seed while the game runs: what an anonymous spectator sees', async () => {
    const { gameId, players } = await tableWithGame(api);
    await play(gameId, players, 5);
    const anonymous = await everything(gameId);
    const secrets = [await seedOf(gameId), ...hiddenFrom(await stateOf(gameId), null).map((t) => `"${t}"`).filter((t) => !JSON.stringify(anonymous).includes(t))];
    for (const roles of STAFF) {
      const staff = await api.user({ roles });
      const seen = await everything(gameId, staff);
      expect({ roles, ...seen }).toEqual({ roles, ...anonymous });
      expect(seen.view.seed).toBeNull();
      expect(seen.record.seed).toBeNull();
      expect((seen.record.hands as { deal: string[][] }[]).at(-1)!.deal.flat().every((t) => t === '?')).toBe(true);
      for (const s of secrets) expect(JSON.stringify(seen)).not.toContain(s);
    }
  });

  it('live pushes: a seated reviewer gets only their own hand, an unseated admin in the game room only the public view', async () => {
    const { gameId, players } = await tableWithGame(api);
    await setRoles(players[2].id, ['reviewer', 'admin']);
    const admin = await api.user({ roles: ['admin'] });
    const seated = await live(players[2].token);
    const watcher = await live(admin.token);
    expect((await seated.call('join', { gameId })).ok).toBe(true);
    expect((await watcher.call('join', { gameId })).ok).toBe(true);
    await play(gameId, players, 3);
    await waitFor('3 views to each', () => seated.of('game:view').length >= 3 && watcher.of('game:view').length >= 3);
    const state = await stateOf(gameId);
    for (const e of seated.of('game:view')) expect((e.view as { seat: number }).seat).toBe(2);
    for (const e of watcher.of('game:view')) expect((e.view as { seat: number | null; view: { hand?: unknown } }).seat).toBeNull();
    for (const e of watcher.of('game:view')) expect((e.view as { view: { hand?: unknown } }).view.hand).toBeUndefined();
    const own = new Set(state.hands.at(-1)!.deal[2]);
    for (const e of seated.of('game:view')) expect((e.view as { view: { hand: string[] } }).view.hand.every((t) => own.has(t as never))).toBe(true);
    const seatedJson = JSON.stringify(seated.of('game:view'));
    const watcherJson = JSON.stringify(watcher.of('game:view'));
    expect(watcherJson).not.toContain('"hand"');
    expect(seatedJson + watcherJson).not.toContain(await seedOf(gameId));
  });

  it('after the end a reviewer reads the record with every hand, and each such read is audited; a competitor\'s read is not', async () => {
    const { gameId, players } = await tableWithGame(api);
    await play(gameId, players, 4);
    const reviewer = await api.user({ roles: ['reviewer'] });
    const admin = await api.user({ roles: ['admin'] });
    const before = await get(`/api/games/${gameId}/record`, reviewer);
    expect(before.seed).toBeNull();
    expect(await readAudits(gameId)).toEqual([]); // nothing hidden was read
    await endGame(gameId);
    const record = await get(`/api/games/${gameId}/record`, reviewer);
    expect(record.seed).toBe(await seedOf(gameId));
    for (const h of record.hands as { deal: string[][] }[]) expect(h.deal.flat().every((t) => ALL_TILES.includes(t as never))).toBe(true);
    await get(`/api/games/${gameId}/record`, admin);
    await get(`/api/games/${gameId}/record`, players[0]); // a plain competitor: the public record, nothing to audit
    await get(`/api/games/${gameId}/record`);
    const audits = await readAudits(gameId);
    expect(audits.map((a) => [a.actorId, a.data])).toEqual([
      [reviewer.id, { roles: ['reviewer'], seat: null }],
      [admin.id, { roles: ['admin'], seat: null }],
    ]);
    await get(`/api/games/${gameId}/record`, reviewer);
    expect(await readAudits(gameId)).toHaveLength(3);
  });

  it('a plain competitor never sees another seat\'s hand of a running game, by any path', async () => {
    const { gameId, players } = await tableWithGame(api);
    await play(gameId, players, 7);
    const state = await stateOf(gameId);
    for (const p of players) {
      const seen = await everything(gameId, p);
      const json = JSON.stringify(seen);
      const own = new Set(state.hands.at(-1)!.deal[p.seat]);
      const shown = (seen.record.hands as { deal: string[][] }[]).at(-1)!.deal;
      shown.forEach((tiles, s) => expect(tiles.every((t) => (s === p.seat ? own.has(t as never) : t === '?'))).toBe(true));
      expect((seen.view.view as { hand: string[] }).hand.every((t) => own.has(t as never))).toBe(true);
      expect(json).not.toContain(await seedOf(gameId));
    }
  });

  it('a review board case about a running game shows no hand and no seed; its record link gives the reviewer the masked record', async () => {
    const { gameId, players } = await tableWithGame(api);
    await play(gameId, players, 3);
    const reviewer = await api.user({ roles: ['reviewer'] });
    const opened = await api.http().post('/api/integrity/cases').set(auth(reviewer)).send({ subjectIds: [players[0].id], summary: 'looks like they see our tiles', gameIds: [gameId] });
    expect(opened.status).toBe(201);
    const detail = await get(`/api/integrity/cases/${opened.body.id}`, reviewer);
    const json = JSON.stringify(detail);
    expect(json).not.toContain(await seedOf(gameId));
    expect(json).not.toContain('"deal"');
    const link = (detail.games as { recordUrl: string }[])[0].recordUrl;
    const record = await get(link, reviewer);
    expect((record.hands as { deal: string[][] }[]).at(-1)!.deal.flat().every((t) => t === '?')).toBe(true);
    expect(record.seed).toBeNull();
  });

  it('a 6-4/5-5 draw still open shows neither its draw id nor a closed round\'s seed (they name the next shuffle), to anyone, over HTTP or a socket join', async () => {
    const { tableId, gameId, players } = await tableWithGame(api);
    await endGame(gameId);
    // A draw whose first round closed without a winner: a second window is open.
    let state: TiebreakState | null = null;
    for (let i = 0; !state; i++) {
      const s = closePicks(startDraw({ drawId: `${gameId}-${i}`, players: [players[1].id, players[2].id, players[3].id], places: 1 }) as TiebreakState);
      if (!isTiebreakError(s) && s.status === 'picking') state = s;
    }
    const challengeId = (await prisma.challengeTable.findUniqueOrThrow({ where: { id: tableId } })).challengeId;
    await prisma.challengeTable.update({ where: { id: tableId }, data: { status: 'tiebreak' } });
    const tb = await prisma.tiebreak.create({ data: { challengeId, tableId, players: [players[1].id, players[2].id, players[3].id], state: state as object, closesAt: new Date(Date.now() + 3_600_000), version: state.version } });
    const admin = await api.user({ roles: ['admin', 'reviewer'] });
    await setRoles(players[1].id, ['reviewer']);
    for (const who of [undefined, admin, players[1]]) {
      const view = await get(`/api/tiebreaks/${tb.id}`, who);
      expect(view).toMatchObject({ status: 'picking', round: 2, drawId: null });
      expect((view.rounds as { seed: string | null; hands: unknown[] }[])[0]).toMatchObject({ seed: null, hands: state.rounds[0].hands });
      const c = await live(who?.token);
      const joined = await c.call<{ tiebreak: unknown }>('join', { gameId });
      expect(joined.tiebreak).toMatchObject({ id: tb.id, drawId: null });
      for (const json of [JSON.stringify(view), JSON.stringify(joined)]) expect(json).not.toContain(state.drawId);
    }
  });
});

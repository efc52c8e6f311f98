import { PrismaService } from '@dcs/common';
import { ChallengeFlowService } from '@dcs/tournament';
import type { TestApi } from './support/api';
import { apiSuite } from './support/suite';
import { challengeWithPlayers } from './support/challenge-fixtures';
import { directCity } from './support/fixtures';

type Item = { gameId: string; status: string; seat: number; tableId: string; table: number; endedBy: string | null; round: { number: number; roundId: string }; challenge: { challengeId: string; cityName: string; kind: string } };

/** "Where is my game?": the bracket, the seating notification and GET /api/me/games all name the table and the game. */
describe('a competitor finds their game', () => {
  let api: TestApi;
  let prisma: PrismaService;
  let flow: ChallengeFlowService;

  const suite = apiSuite('my_games');
  beforeAll(() => {
    api = suite.api;
    prisma = suite.prisma;
    flow = api.app.get(ChallengeFlowService);
  });

  const tokenOf = async (userId: string) => ({ Authorization: `Bearer ${await api.tokenOf(userId)}` });

  it('the bracket, the stored seating notification and /me/games carry tableId and gameId; a voided game says "void"', async () => {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16 });
    expect(await flow.start(fx.challengeId)).toBe('started');
    const tables = await prisma.challengeTable.findMany({ where: { challengeId: fx.challengeId }, include: { games: true, seats: true, round: true }, orderBy: { index: 'asc' } });

    // The bracket: every table with its id and its game's.
    const bracket = await api.http().get(`/api/challenges/${fx.challengeId}/bracket`);
    expect(bracket.status).toBe(200);
    expect(bracket.body.rounds[0].tables.map((t: { id: string; tableId: string; gameId: string; index: number }) => [t.index, t.tableId, t.gameId])).toEqual(
      tables.map((t) => [t.index, t.id, t.games[0].id]),
    );

    // The stored "your table" notification: the ids, 0-based table and seat in the data, 1-based in the text.
    const t2 = tables[2];
    const sitter = t2.seats.find((s) => s.seat === 1)!;
    const auth = await tokenOf(sitter.userId);
    const notes = await api.http().get('/api/me/notifications').set(auth);
    const seated = notes.body.items.find((n: { kind: string }) => n.kind === 'table.seated');
    expect(seated.data).toEqual({
      challengeId: fx.challengeId,
      roundId: t2.roundId,
      round: 1,
      table: 2,
      tableId: t2.id,
      gameId: t2.games[0].id,
      seat: 1,
      hardStopAt: t2.round.hardStopAt!.toISOString(),
    });
    expect(seated.body).toBe(`You sit at table 3, seat 2. The round ends at the latest at ${t2.round.hardStopAt!.toISOString()}.`);

    // GET /api/me/games: the game being played, with its table, round and challenge.
    const mine = await api.http().get('/api/me/games').set(auth);
    expect(mine.status).toBe(200);
    expect(mine.body.next).toBeNull();
    expect(mine.body.items).toEqual([
      expect.objectContaining({
        gameId: t2.games[0].id,
        status: 'playing',
        seat: 1,
        tableId: t2.id,
        table: 2,
        tableStatus: 'playing',
        endedBy: null,
        round: expect.objectContaining({ roundId: t2.roundId, number: 1, status: 'running' }),
        challenge: expect.objectContaining({ challengeId: fx.challengeId, kind: 'weekly', cityId: fx.cityId }),
      }),
    ]);

    // A director voids the table: the old game ends "void" (not "hard-stop"), the replay is the current game.
    const director = await api.user({ roles: ['director'] });
    await directCity(api, director.id, { tableId: t2.id });
    const voided = await api.http().post(`/api/tables/${t2.id}/void`).set('Authorization', `Bearer ${director.token}`).send({ reason: 'the lights went out' });
    expect(voided.status).toBe(200);
    const oldView = await api.http().get(`/api/games/${t2.games[0].id}/view`);
    expect(oldView.body.view.endedBy).toBe('void');
    expect(oldView.body.view.winner).toBeNull();
    const record = await api.http().get(`/api/games/${t2.games[0].id}/record`);
    expect(record.body).toMatchObject({ voided: true });
    expect(record.body.hardStop).toBeUndefined();
    const after = await api.http().get(`/api/challenges/${fx.challengeId}/bracket`);
    expect(after.body.rounds[0].tables[2]).toMatchObject({ tableId: t2.id, gameId: voided.body.gameId });

    // Two games now: the one being played first. Paged one at a time.
    const page1 = await api.http().get('/api/me/games?limit=1').set(auth);
    expect(page1.body.items.map((i: Item) => [i.gameId, i.status, i.endedBy])).toEqual([[voided.body.gameId, 'playing', null]]);
    expect(page1.body.next).toBe(voided.body.gameId);
    const page2 = await api.http().get(`/api/me/games?limit=1&after=${page1.body.next}`).set(auth);
    expect(page2.body.items.map((i: Item) => [i.gameId, i.status, i.endedBy, i.tableId])).toEqual([[t2.games[0].id, 'finished', 'void', t2.id]]);
    expect(page2.body.next).toBeNull();

    // Someone else's game is no cursor; a player without games gets an empty page; bad input is a 400; no token, 401.
    const other = await api.http().get(`/api/me/games?after=${tables[0].games[0].id}`).set(auth);
    expect([other.status, other.body.code]).toEqual([400, 'BAD_CURSOR']);
    expect((await api.http().get('/api/me/games').set('Authorization', `Bearer ${director.token}`)).body).toEqual({ items: [], next: null });
    for (const q of ['limit=0', 'limit=101', 'limit=x', 'after=not-a-uuid', 'extra=1']) {
      const res = await api.http().get(`/api/me/games?${q}`).set(auth);
      expect([q, res.status, res.body.code]).toEqual([q, 400, 'VALIDATION_FAILED']);
    }
    expect((await api.http().get('/api/me/games')).status).toBe(401);
  });

  it('lists a finished house game against the computer too (issue 43: "No games yet" after one), naming the computer seat and leading to its table and replay', async () => {
    const p = await api.user();
    const auth = { Authorization: `Bearer ${p.token}` };
    const opened = (await api.http().post('/api/house/tables').set(auth).send({ ruleset: 'citizen', seats: 2, purpose: 'friendly', computers: ['hard'], clockMs: 20_000 }).expect(201)).body;
    expect((await api.http().get('/api/me/games').set(auth).expect(200)).body.items).toEqual([expect.objectContaining({ kind: 'house', status: 'playing' })]);
    await api.http().post(`/api/house/tables/${opened.id}/forfeit`).set(auth).send({}).expect(200);

    const items = (await api.http().get('/api/me/games').set(auth).expect(200)).body.items as Record<string, unknown>[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'house',
      status: 'finished',
      seat: 0,
      tableId: opened.id,
      endedBy: 'forfeit',
      round: null,
      challenge: null,
      house: { houseTableId: opened.id, ruleset: 'citizen', purpose: 'friendly', seats: [{ seat: 0, computer: null }, { seat: 1, computer: 'hard' }] },
    });
    // the replay of that game is the player's to open
    expect((await api.http().get(`/api/games/${items[0].gameId as string}/replay`).set(auth).expect(200)).body.houseTableId).toBe(opened.id);
  });
});


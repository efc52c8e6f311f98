import { PrismaService } from '@dcs/common';
import { startApi, TestApi } from './support/api';
import { createTestEnv, TestEnv } from './support/test-env';

type Player = { id: string; token: string };

/** Issue 43: a newcomer's ways into a house game — Quick match — and SPEC 8.1's Play 2 Pay tables. */
describe('house tables for a newcomer: quick match and Play 2 Pay', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;

  beforeAll(async () => {
    env = await createTestEnv('house_newcomer');
    api = await startApi(env, env.config({ HOUSE_BOT_THINK_PERMILLE: '0' }));
    prisma = api.app.get(PrismaService);
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  const auth = (p: Player) => ({ Authorization: `Bearer ${p.token}` });
  const quick = (p: Player, ruleset: string) => api.http().post('/api/house/quick-match').set(auth(p)).send({ ruleset });
  const open = (p: Player, body: Record<string, unknown>) => api.http().post('/api/house/tables').set(auth(p)).send(body);
  const tableOf = async (p: Player, id: string) => (await api.http().get(`/api/house/tables/${id}`).set(auth(p)).expect(200)).body as { id: string; status: string; seatsTaken: { userId: string | null }[] };
  /** Every house table a player has a seat at, whatever its state. */
  const seatsOf = (p: Player) => prisma.houseSeat.findMany({ where: { userId: p.id }, select: { tableId: true } });

  it('quick match opens a one-on-one table that waits, answers the same table when asked again, and seats the next player there: the game is dealt', async () => {
    const [ana, ben] = [await api.user(), await api.user()];
    const first = (await quick(ana, 'citizen').expect(200)).body;
    expect(first).toMatchObject({ ruleset: 'citizen', seats: 2, purpose: 'friendly', listed: true, status: 'open', playToPay: null, gameId: null });
    expect(first.seatsTaken).toEqual([expect.objectContaining({ seat: 0, userId: ana.id })]);
    // a double click opens nothing more
    expect((await quick(ana, 'citizen').expect(200)).body.id).toBe(first.id);
    expect((await api.http().get('/api/house/tables').set(auth(ana)).expect(200)).body.items.filter((t: { hostId: string }) => t.hostId === ana.id)).toHaveLength(1);

    const joined = (await quick(ben, 'citizen').expect(200)).body;
    expect(joined.id).toBe(first.id);
    expect(joined.status).toBe('playing');
    expect(joined.gameId).toEqual(expect.any(String));
    expect(joined.seatsTaken.map((s: { userId: string }) => s.userId)).toEqual([ana.id, ben.id]);
  });

  it('quick match never seats a player at a stake table or a Play 2 Pay table, and a workout ruleset opens a workout table', async () => {
    const [host, payHost, newcomer] = [await api.user(), await api.user(), await api.user()];
    const pay = (await open(payHost, { ruleset: 'inmate', seats: 2, purpose: 'friendly', playToPay: 'loser buys the coffee' }).expect(201)).body;
    expect(pay.playToPay).toBe('loser buys the coffee');
    const got = (await quick(newcomer, 'inmate').expect(200)).body;
    expect(got.id).not.toBe(pay.id);
    expect(got.seatsTaken).toEqual([expect.objectContaining({ userId: newcomer.id })]);

    const gym = (await quick(host, 'dcf-inmate-gym').expect(200)).body;
    expect(gym).toMatchObject({ ruleset: 'dcf-inmate-gym', purpose: 'workout', status: 'open' });

    const bad = await quick(host, 'dcs-tournament');
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('Play 2 Pay: the host writes the agreed expense; every player seated reads it, and it stays with the result; no money moves', async () => {
    const [host, guest] = [await api.user(), await api.user()];
    const t = (await open(host, { ruleset: 'citizen', seats: 2, purpose: 'friendly', playToPay: '  Loser pays for the pizza  ' }).expect(201)).body;
    expect(t.playToPay).toBe('Loser pays for the pizza');
    const dealt = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(guest)).send({}).expect(200)).body;
    expect(dealt.playToPay).toBe('Loser pays for the pizza');
    await api.http().post(`/api/house/tables/${t.id}/forfeit`).set(auth(guest)).send({}).expect(200);
    let after: { status: string; playToPay: string; settlement: unknown } | undefined;
    for (let i = 0; i < 50 && !after?.settlement; i++) {
      after = (await api.http().get(`/api/house/tables/${t.id}`).set(auth(guest)).expect(200)).body;
      if (!after?.settlement) await new Promise((r) => setTimeout(r, 100));
    }
    expect(after).toMatchObject({ status: 'finished', playToPay: 'Loser pays for the pizza', settlement: expect.objectContaining({ payments: [], house: 0, currency: null }) });
  });

  it('refuses a Play 2 Pay note at a stake or workout table, with control characters, empty, or too long', async () => {
    const p = await api.user();
    const stake = await open(p, { ruleset: 'citizen', seats: 2, purpose: 'stake', stake: 100, playToPay: 'coffee' });
    expect([stake.status, stake.body.code]).toEqual([422, 'INVALID_SETTINGS']);
    const workout = await open(p, { ruleset: 'mook-camp-fitness', seats: 2, purpose: 'workout', playToPay: 'coffee' });
    expect([workout.status, workout.body.code]).toEqual([422, 'INVALID_SETTINGS']);
    for (const note of ['coffee\u0007', 'line\nbreak', 'x\u202Eevil', '   ', 'x'.repeat(201)]) {
      const res = await open(p, { ruleset: 'citizen', seats: 2, purpose: 'friendly', playToPay: note });
      expect([JSON.stringify(note).slice(0, 20), res.status, res.body.code]).toEqual([JSON.stringify(note).slice(0, 20), 400, 'VALIDATION_FAILED']);
      expect(JSON.stringify(res.body.details)).toContain('playToPay');
    }
  });

  it('four players asking for a quick match at the same moment fill two tables: each is seated once, at the table they were answered, and both tables are dealt', async () => {
    const players = [await api.user(), await api.user(), await api.user(), await api.user()];
    const answers = await Promise.all(players.map((p) => quick(p, 'mook-camp-fitness')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const ids = answers.map((a) => a.body.id as string);
    expect(new Set(ids).size).toBe(2);
    for (const [i, p] of players.entries()) {
      expect(await seatsOf(p)).toEqual([{ tableId: ids[i] }]);
      const t = await tableOf(p, ids[i]);
      expect(t.status).toBe('playing');
      expect(t.seatsTaken.map((s) => s.userId)).toContain(p.id);
      expect(t.seatsTaken).toHaveLength(2);
    }
  });

  it('a player whose quick match is sent twice at once gets one seat at one table, and asking again once the game is dealt answers that table', async () => {
    const [eve, fay] = [await api.user(), await api.user()];
    const [a, b] = await Promise.all([quick(eve, 'mook-camp-fitness'), quick(eve, 'mook-camp-fitness')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.id).toBe(a.body.id);
    expect(await seatsOf(eve)).toEqual([{ tableId: a.body.id }]);
    expect((await tableOf(eve, a.body.id)).seatsTaken.map((s) => s.userId)).toEqual([eve.id]);

    const joined = (await quick(fay, 'mook-camp-fitness').expect(200)).body;
    expect([joined.id, joined.status]).toEqual([a.body.id, 'playing']);
    // a retry that comes after the deal lands the player at the game they already have, not at a new table
    const again = (await quick(eve, 'mook-camp-fitness').expect(200)).body;
    expect([again.id, again.status]).toEqual([a.body.id, 'playing']);
    expect(await seatsOf(eve)).toEqual([{ tableId: a.body.id }]);
  });

  it('quick match seats nobody at a host\'s invitation-only table, nor at a table of another purpose than the one it opens', async () => {
    const [host, other, newcomer] = [await api.user(), await api.user(), await api.user()];
    const unlisted = (await open(host, { ruleset: 'citizen', seats: 2, purpose: 'friendly', listed: false }).expect(201)).body;
    // A Citizen table is never a workout table (the API refuses one); a row written that way by hand is still not a quick match.
    const refused = await open(other, { ruleset: 'citizen', seats: 2, purpose: 'workout' });
    expect([refused.status, refused.body.code]).toEqual([422, 'INVALID_SETTINGS']);
    const workout = await prisma.houseTable.create({
      data: { hostId: other.id, ruleset: 'citizen', settings: unlisted.settings, seats: 2, purpose: 'workout', hostClockMs: 20_000, inviteCode: 'WRKOUT23', botSeed: '00', seatsTaken: { create: [{ seat: 0, userId: other.id }] } },
    });
    const got = (await quick(newcomer, 'citizen').expect(200)).body;
    expect(got).toMatchObject({ purpose: 'friendly', listed: true });
    expect([unlisted.id, workout.id]).not.toContain(got.id);
    expect((await tableOf(host, unlisted.id)).seatsTaken.map((s) => s.userId)).toEqual([host.id]);
    expect(await prisma.houseSeat.count({ where: { tableId: workout.id } })).toBe(1);
  });
});

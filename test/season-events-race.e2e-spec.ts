import { Client } from 'pg';
import { PrismaService } from '@dcs/common';
import { startApi, TestApi } from './support/api';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';
import { lockWaiters } from './support/locks';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Creating a Regional or a WDC entry is idempotent (the event key, a WDC entrant once a year): a
 * retried request, or the same create from two instances at once, answers with the first one. Played
 * deterministically: a raw session locks the table in SHARE mode, so both requests have looked for
 * the row and found none before either can insert it; then the lock goes.
 */
describe('season events created twice at the same moment', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let other: Client;
  let director: { token: string };
  let admin: { token: string };
  const post = (path: string, token: string, body: object) => api.http().post(path).set('Authorization', `Bearer ${token}`).send(body);

  beforeAll(async () => {
    env = await createTestEnv('season_events_race');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
    other = new Client({ connectionString: env.databaseUrl });
    await other.connect();
    director = await api.user({ roles: ['director'] });
    admin = await api.user({ roles: ['admin'] });
  });
  afterAll(async () => {
    await other.end();
    await api.close();
    await env.drop();
  });

  /** Runs the requests while `table` is locked in SHARE mode: once all of them wait (each at its insert), the lock goes. */
  async function racedAtInsert(table: string, requests: (() => PromiseLike<{ status: number; body: Body }>)[]) {
    await other.query('BEGIN');
    await other.query(`LOCK TABLE ${table} IN SHARE MODE`);
    let all: Promise<{ status: number; body: Body }[]>;
    try {
      all = Promise.all(requests.map((r) => Promise.resolve(r())));
      await eventually(async () => (await lockWaiters(env)) === requests.length, 15_000, `${requests.length} requests waiting to insert into ${table}`);
    } finally {
      await other.query('COMMIT');
    }
    return all;
  }

  it('the same Regional twice at once: one event, both answered with it', async () => {
    const city = await prisma.city.create({ data: { name: 'Race City', slug: 'race-city', timeZone: 'America/New_York', region: 'east', tier: 'T1' } });
    const season = await prisma.season.create({ data: { cityId: city.id, number: 1, startDate: '2027-01-02', status: 'closed', closedAt: new Date() } });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await prisma.user.create({ data: { email: `six-${i}-${Date.now()}@example.com`, passwordHash: 'x', displayName: `Six ${i}` } })).id);
    await prisma.eliteSixEntry.createMany({ data: ids.map((userId, i) => ({ seasonId: season.id, userId, seed: i + 1, rank: i + 1, points: 2000 - i * 100, benefit: i === 0 ? 'seed-1-travel' : 'seed-2-3' })) });
    const startsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();

    const responses = await racedAtInsert('challenges', [1, 2].map(() => () => post('/api/regionals', director.token, { region: 'east', year: 2029, startsAt })));
    expect(responses.map((r) => r.status)).toEqual([201, 201]);
    expect(responses.map((r) => r.body.created as boolean).sort()).toEqual([false, true]);
    const events = await env.sql<{ id: string }>(`SELECT id FROM challenges WHERE event_key = 'regional:2029:east'`);
    expect(events).toHaveLength(1);
    expect(responses.map((r) => r.body.id)).toEqual([events[0].id, events[0].id]);
    expect(await env.sql(`SELECT 1 FROM registrations WHERE challenge_id = $1`, [events[0].id])).toHaveLength(3);
  });

  it('the same WDC entrant twice at once: one entry, both answered with it', async () => {
    const responses = await racedAtInsert('wdc_entries', [1, 2].map(() => () => post('/api/wdc/2030/entries', admin.token, { name: 'Kingston Champion', country: 'JM' })));
    expect(responses.map((r) => r.status)).toEqual([201, 201]);
    expect(responses.map((r) => r.body.created as boolean).sort()).toEqual([false, true]);
    const entries = await env.sql<{ id: string }>(`SELECT id FROM wdc_entries WHERE year = 2030`);
    expect(entries).toHaveLength(1);
    expect(responses.map((r) => r.body.id)).toEqual([entries[0].id, entries[0].id]);
  });
});

import { Client } from 'pg';
import { startApi, TestApi } from './support/api';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';
import { lockWaiters } from './support/locks';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The review board's writes under concurrency (several API instances, retried requests): each test
 * plays one interleaving deterministically. A raw `pg` session (`other`) holds the rows another
 * writer would hold, the request under test is seen waiting on it in pg_stat_activity, and only
 * then does `other` commit its competing change.
 */
describe('the review board under concurrent writers', () => {
  let env: TestEnv;
  let api: TestApi;
  let other: Client;
  let reviewer: { id: string; token: string };
  const auth = (t: { token: string }) => ({ Authorization: `Bearer ${t.token}` });
  const waitFor = (n: number, what: string) => eventually(async () => (await lockWaiters(env)) === n, 15_000, what);

  beforeAll(async () => {
    env = await createTestEnv('integrity-race');
    api = await startApi(env, env.config({ REPORT_RATE_LIMIT: '100' }));
    other = new Client({ connectionString: env.databaseUrl });
    await other.connect();
    reviewer = await api.user({ roles: ['reviewer'] });
  });
  afterAll(async () => {
    await other.end();
    await api.close();
    await env.drop();
  });

  const openCase = async (subjectId: string) => {
    const res = await api.http().post('/api/integrity/cases').set(auth(reviewer)).send({ subjectIds: [subjectId], summary: 'seen peeking at a final table' });
    expect(res.status).toBe(201);
    return (res.body as Body).id as string;
  };
  const report = (reporter: { token: string }, subjectId: string, description = 'always knows my hand') =>
    api.http().post('/api/reports').set(auth(reporter)).send({ subjectId, category: 'cheating', description });
  const reportsOf = (subjectId: string) =>
    env.sql<{ case_id: string; reporter_id: string; count: number }>(`SELECT case_id, reporter_id, count FROM integrity_reports WHERE subject_id = $1 ORDER BY created_at`, [subjectId]);
  const casesOf = (subjectId: string) =>
    env.sql<{ id: string; status: string; source: string }>(`SELECT id, status::text, source::text FROM integrity_cases WHERE subject_ids @> ARRAY[$1]::uuid[] ORDER BY created_at`, [subjectId]);

  it('a report filed while the player\'s open case is being decided goes to a new open case, not into the decided one', async () => {
    const subject = await api.user();
    const reporter = await api.user();
    const caseId = await openCase(subject.id);
    // The board decides the case: its row locked (as IntegrityRepository.decide's lockCase), status decided, not committed yet.
    await other.query('BEGIN');
    await other.query('SELECT id FROM integrity_cases WHERE id = $1 FOR UPDATE', [caseId]);
    await other.query(`UPDATE integrity_cases SET status = 'decided' WHERE id = $1`, [caseId]);
    const filed = report(reporter, subject.id).then((r) => r); // supertest sends on then()
    try {
      await waitFor(1, 'the report waiting on the case being decided');
    } finally {
      await other.query('COMMIT');
    }
    const res = await filed;
    expect(res.status).toBe(201);
    const cases = await casesOf(subject.id);
    expect(cases.map((c) => [c.id === caseId, c.status, c.source])).toEqual([
      [true, 'decided', 'manual'],
      [false, 'open', 'report'],
    ]);
    // Nobody reviews a decided case again: the report is in the open one.
    expect((await reportsOf(subject.id)).map((r) => r.case_id)).toEqual([cases[1].id]);
  });

  it('the same report twice at the same moment (a retry): one report counted twice, both answered', async () => {
    const subject = await api.user();
    const reporter = await api.user();
    const caseId = await openCase(subject.id);
    // Reads go through, inserts of reports wait: both requests look for the report before either writes it.
    await other.query('BEGIN');
    await other.query('LOCK TABLE integrity_reports IN SHARE MODE');
    const both = Promise.all([report(reporter, subject.id), report(reporter, subject.id, 'again, same thing')]);
    try {
      await waitFor(2, 'both reports waiting');
    } finally {
      await other.query('COMMIT');
    }
    const responses = await both;
    expect(responses.map((r) => [r.status, (r.body as Body).merged]).sort()).toEqual([
      [201, false],
      [201, true],
    ]);
    expect(responses.map((r) => (r.body as Body).id)).toEqual([responses[0].body.id, responses[0].body.id]);
    expect((await reportsOf(subject.id)).map((r) => [r.case_id, r.reporter_id, r.count])).toEqual([[caseId, reporter.id, 2]]);
  });

  it('two minor findings for one player decided at the same moment (two cases): minor_1 and minor_2, never two first minors', async () => {
    const subject = await api.user();
    const cases = [await openCase(subject.id), await api.http().post('/api/integrity/cases').set(auth(reviewer)).send({ subjectIds: [subject.id, (await api.user()).id], summary: 'a pair' })];
    const [first, second] = [cases[0] as string, (cases[1] as { body: Body }).body.id as string];
    // Both decisions reach the player's lock (PenaltyEffects.lockUser) while `other` holds it; then they run one after the other.
    await other.query('BEGIN');
    await other.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [subject.id]);
    const decided = Promise.all(
      [first, second].map((id) => api.http().post(`/api/integrity/cases/${id}/decisions`).set(auth(reviewer)).send({ userId: subject.id, finding: 'minor', reason: 'table talk' })),
    );
    try {
      await waitFor(2, 'both decisions waiting on the player');
    } finally {
      await other.query('COMMIT');
    }
    const responses = await decided;
    expect(responses.map((r) => r.status)).toEqual([201, 201]);
    expect(responses.map((r) => (r.body as Body).step).sort()).toEqual(['minor_1', 'minor_2']);
    const [u] = await env.sql<{ status: string }>(`SELECT status::text FROM users WHERE id = $1`, [subject.id]);
    expect(u.status).toBe('suspended');
  });
});

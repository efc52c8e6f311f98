import { Client } from 'pg';
import { PrismaService } from '@dcs/common';
import type { SignalKind } from '@dcs/anticheat';
import { GameStore, TableHosts } from '@dcs/tournament';
import { AnticheatRepository, type RecordOutcome, type SignalRecord } from '../apps/worker/src/anticheat/anticheat.repository';
import { startApi, TestApi } from './support/api';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';
import { lockWaiters } from './support/locks';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * At most one open (or in-review) case per subject set, whoever opens it: two workers recording
 * signals for the same players at once (the periodic scan and a game job), two reports at once,
 * a reviewer opening a case the players already have. The database holds the guarantee
 * (integrity_cases.open_key, unique); the writer that comes second joins the first one's case.
 */
describe('one open integrity case per subject set, under concurrent writers', () => {
  let env: TestEnv;
  let api: TestApi;
  // Two workers: each its own PrismaClient and connection pool.
  let workerA: PrismaService;
  let workerB: PrismaService;
  let repoA: AnticheatRepository;
  let repoB: AnticheatRepository;
  // Another session, standing in for the rest of the world: holds locks, writes competing rows.
  let other: Client;

  beforeAll(async () => {
    env = await createTestEnv('case-race');
    api = await startApi(env);
    workerA = new PrismaService(env.config());
    workerB = new PrismaService(env.config());
    repoA = new AnticheatRepository(workerA, api.app.get(GameStore), api.app.get(TableHosts));
    repoB = new AnticheatRepository(workerB, api.app.get(GameStore), api.app.get(TableHosts));
    other = new Client({ connectionString: env.databaseUrl });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await workerA.$disconnect();
    await workerB.$disconnect();
    await api.close();
    await env.drop();
  });

  let n = 0;
  const record = (kind: SignalKind, userIds: string[], opts: { highStakes?: boolean; dedupeKey?: string } = {}): SignalRecord => {
    n += 1;
    return {
      signal: { kind, userIds, value: 4.2, threshold: 3, baseline: { mean: 0, sd: 1 }, sampleSize: 40, fired: true, details: { n } },
      gameIds: [],
      dedupeKey: opts.dedupeKey ?? `race:${kind}:${userIds.join(':')}:${n}`,
      summary: `${kind} over threshold`,
      highStakes: opts.highStakes ?? false,
    };
  };
  /** A player (straight into the database: these tests need ids, not sign-ins). */
  const player = async () => (await workerA.user.create({ data: { email: `race-${++n}-${Date.now()}@example.com`, passwordHash: 'x', displayName: `Racer ${n}` }, select: { id: true } })).id;
  const pair = async () => [await player(), await player()];
  const casesOf = (users: string[]) =>
    env.sql<{ id: string; status: string; open_key: string | null; high_stakes: boolean }>(
      `SELECT id, status, open_key, high_stakes FROM integrity_cases WHERE subject_ids @> $1::uuid[] AND subject_ids <@ $1::uuid[] ORDER BY created_at`,
      [users],
    );
  const signalsOf = (caseIds: string[]) => env.sql<{ case_id: string; kind: string; dedupe_key: string }>(`SELECT case_id, kind, dedupe_key FROM anticheat_signals WHERE case_id = ANY($1::uuid[]) ORDER BY kind`, [caseIds]);
  const audited = (action: string, caseIds: string[]) =>
    env.sql(`SELECT 1 FROM audit_log WHERE action = $1 AND (entity_id = ANY($2::text[]) OR data->>'caseId' = ANY($2::text[]))`, [action, caseIds]);

  /**
   * Runs the writers while `other` holds integrity_cases in SHARE mode: reads go through, every insert
   * waits. Once all `writers` wait at their insert (each has already looked for an open case and found
   * none), the lock is released and they race to insert. Deterministic: both checks before both inserts.
   */
  async function racedAtInsert<T>(writers: (() => Promise<T>)[]): Promise<PromiseSettledResult<T>[]> {
    await other.query('BEGIN');
    await other.query('LOCK TABLE integrity_cases IN SHARE MODE');
    let results: Promise<PromiseSettledResult<T>[]>;
    try {
      results = Promise.allSettled(writers.map((w) => w()));
      await eventually(async () => (await lockWaiters(env)) === writers.length, 15_000, `${writers.length} writers waiting to insert a case`);
    } finally {
      await other.query('COMMIT');
    }
    return results;
  }
  const values = <T>(settled: PromiseSettledResult<T>[]): T[] =>
    settled.map((s) => {
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    });

  it('two workers recording different signals for one pair at the same moment: one open case holding both signals', async () => {
    const [a, b] = await pair();
    const outcomes = values(
      await racedAtInsert([
        () => repoA.recordSignal(record('linked_accounts', [a, b])),
        () => repoB.recordSignal(record('co_seating', [b, a], { highStakes: true })),
      ]),
    );
    expect(outcomes).toEqual(['recorded', 'recorded']);
    const cases = await casesOf([a, b]);
    expect(cases).toEqual([expect.objectContaining({ status: 'open', open_key: [a, b].sort().join(','), high_stakes: true })]);
    expect((await signalsOf([cases[0].id])).map((s) => s.kind)).toEqual(['co_seating', 'linked_accounts']);
    expect(await audited('integrity.case.opened', [cases[0].id])).toHaveLength(1);
    expect(await audited('anticheat.signal.recorded', [cases[0].id])).toHaveLength(2);
  });

  it('the same finding from the scan and a game job at once: recorded once, the other is under review — as one after the other', async () => {
    const [a, b] = await pair();
    const scan = record('linked_accounts', [a, b], { dedupeKey: `scan:${a}:${b}` });
    const job = record('linked_accounts', [a, b], { dedupeKey: `game:${a}:${b}` });
    const outcomes = values(await racedAtInsert([() => repoA.recordSignal(scan), () => repoB.recordSignal(job)]));
    expect([...outcomes].sort()).toEqual<RecordOutcome[]>(['recorded', 'under-review']);
    const cases = await casesOf([a, b]);
    expect(cases).toHaveLength(1);
    expect(await signalsOf([cases[0].id])).toHaveLength(1);
    // A retried job changes nothing.
    expect(await repoA.recordSignal(scan)).toMatch(/^(duplicate|under-review)$/);
    expect(await repoB.recordSignal(job)).toMatch(/^(duplicate|under-review)$/);
    expect(await casesOf([a, b])).toHaveLength(1);
    expect(await signalsOf([cases[0].id])).toHaveLength(1);
  });

  it('a case another session opens between the check and the insert: the signal waits for it and joins it; if that session rolls back, the signal opens its own', async () => {
    const [a, b] = await pair();
    await other.query('BEGIN');
    const [{ id: theirs }] = (
      await other.query<{ id: string }>(
        `INSERT INTO integrity_cases (id, source, subject_ids, summary, updated_at) VALUES (gen_random_uuid(), 'detection', $1::uuid[], 'opened elsewhere', now()) RETURNING id`,
        [[b, a]],
      )
    ).rows;
    // Not committed yet: the worker finds no open case, and its insert waits on the other session's key.
    const joined = repoA.recordSignal(record('collusion_feeding', [a, b]));
    await eventually(async () => (await lockWaiters(env)) === 1, 15_000, 'the worker waiting on the uncommitted case');
    await other.query('COMMIT');
    expect(await joined).toBe('recorded');
    expect((await casesOf([a, b])).map((c) => c.id)).toEqual([theirs]);
    expect((await signalsOf([theirs])).map((s) => s.kind)).toEqual(['collusion_feeding']);

    const [c, d] = await pair();
    await other.query('BEGIN');
    await other.query(`INSERT INTO integrity_cases (id, source, subject_ids, summary, updated_at) VALUES (gen_random_uuid(), 'detection', $1::uuid[], 'never committed', now())`, [[c, d]]);
    const own = repoB.recordSignal(record('collusion_feeding', [c, d]));
    await eventually(async () => (await lockWaiters(env)) === 1, 15_000, 'the worker waiting on the uncommitted case');
    await other.query('ROLLBACK');
    expect(await own).toBe('recorded');
    const cases = await casesOf([c, d]);
    expect(cases).toEqual([expect.objectContaining({ status: 'open', open_key: [c, d].sort().join(',') })]);
    expect(await signalsOf([cases[0].id])).toHaveLength(1);
    expect(await audited('integrity.case.opened', [cases[0].id])).toHaveLength(1);
  });

  it('many pairs recorded by two workers at once, unsynchronised: still one open case per pair with both signals', async () => {
    for (let round = 0; round < 3; round++) {
      const pairs = await Promise.all(Array.from({ length: 8 }, () => pair()));
      const outcomes = await Promise.all(
        pairs.flatMap(([a, b]) => [repoA.recordSignal(record('linked_accounts', [a, b])), repoB.recordSignal(record('co_seating', [b, a]))]),
      );
      expect(outcomes.every((o) => o === 'recorded')).toBe(true);
      for (const [a, b] of pairs) {
        const cases = await casesOf([a, b]);
        expect(cases).toHaveLength(1);
        expect((await signalsOf([cases[0].id])).map((s) => s.kind)).toEqual(['co_seating', 'linked_accounts']);
      }
    }
  });

  it('keeps the key through review and frees it at the decision: in review, signals still join; decided, the next one opens a new case', async () => {
    const [a, b] = await pair();
    const reviewer = await api.user({ roles: ['reviewer'] });
    const auth = { Authorization: `Bearer ${reviewer.token}` };
    expect(await repoA.recordSignal(record('linked_accounts', [a, b]))).toBe('recorded');
    const [first] = await casesOf([a, b]);
    expect((await api.http().post(`/api/integrity/cases/${first.id}/assign`).set(auth).send({ reviewerId: reviewer.id })).body).toMatchObject({ status: 'in_review' });
    expect(await repoB.recordSignal(record('co_seating', [a, b]))).toBe('recorded');
    expect(await casesOf([a, b])).toEqual([expect.objectContaining({ id: first.id, status: 'in_review', open_key: [a, b].sort().join(',') })]);

    for (const userId of [a, b]) {
      const res = await api.http().post(`/api/integrity/cases/${first.id}/decisions`).set(auth).send({ userId, finding: 'no_violation', reason: 'the board reviewed the games' });
      expect(res.status).toBe(201);
    }
    expect(await casesOf([a, b])).toEqual([expect.objectContaining({ id: first.id, status: 'decided', open_key: null })]);
    expect(await repoA.recordSignal(record('linked_accounts', [a, b]))).toBe('recorded');
    const cases = await casesOf([a, b]);
    expect(cases.map((c) => [c.id === first.id, c.status])).toEqual([[true, 'decided'], [false, 'open']]);
  });

  it('a signal recorded while the pair\'s case is being decided opens a new case, and the decided one gets nothing nobody would review', async () => {
    const [a, b] = await pair();
    expect(await repoA.recordSignal(record('linked_accounts', [a, b]))).toBe('recorded');
    const [decided] = await casesOf([a, b]);
    const [before] = await signalsOf([decided.id]);
    // The board decides the case: its row locked (as IntegrityRepository.decide's lockCase), status decided, not committed yet.
    await other.query('BEGIN');
    let recording: Promise<RecordOutcome>;
    try {
      await other.query('SELECT id FROM integrity_cases WHERE id = $1 FOR UPDATE', [decided.id]);
      await other.query(`UPDATE integrity_cases SET status = 'decided' WHERE id = $1`, [decided.id]);
      recording = repoB.recordSignal(record('co_seating', [b, a], { highStakes: true }));
      await eventually(async () => (await lockWaiters(env)) === 1, 15_000, 'the signal waiting on the case being decided');
    } finally {
      await other.query('COMMIT');
    }
    expect(await recording).toBe('recorded');
    const cases = await casesOf([a, b]);
    expect(cases.map((c) => [c.id === decided.id, c.status, c.high_stakes])).toEqual([
      [true, 'decided', false],
      [false, 'open', true],
    ]);
    expect(cases[1].open_key).toBe([a, b].sort().join(','));
    // The decided case holds only what it held when it was decided; the new signal is in the open case.
    expect(await signalsOf([decided.id])).toEqual([before]);
    expect((await signalsOf([cases[1].id])).map((s) => s.kind)).toEqual(['co_seating']);
    expect(await audited('integrity.case.opened', [cases[1].id])).toHaveLength(1);
  });

  it('a signal does not wait on the players\' rows (a penalty holds them: lock order case → player, as decide)', async () => {
    const [a, b] = await pair();
    expect(await repoA.recordSignal(record('linked_accounts', [a, b]))).toBe('recorded');
    await other.query('BEGIN');
    try {
      // What PenaltyEffects.lockUser takes, after the case, while a decision runs.
      await other.query('SELECT id FROM users WHERE id = ANY($1::uuid[]) FOR NO KEY UPDATE', [[a, b]]);
      expect(await repoB.recordSignal(record('co_seating', [a, b]))).toBe('recorded');
    } finally {
      await other.query('COMMIT');
    }
    const cases = await casesOf([a, b]);
    expect(cases).toHaveLength(1);
    expect((await signalsOf([cases[0].id])).map((s) => s.kind)).toEqual(['co_seating', 'linked_accounts']);
  });

  it('two reports on one player at the same moment: one case holding both reports', async () => {
    const subject = await player();
    const reporters = [await api.user(), await api.user()];
    const responses = values(
      await racedAtInsert(
        reporters.map((r) => async () => api.http().post('/api/reports').set({ Authorization: `Bearer ${r.token}` }).send({ subjectId: subject, category: 'cheating', description: 'always knows my hand' })),
      ),
    );
    expect(responses.map((r) => [r.status, r.body.merged])).toEqual([[201, false], [201, false]]);
    const cases = await casesOf([subject]);
    expect(cases).toEqual([expect.objectContaining({ status: 'open', open_key: subject })]);
    const reports = await env.sql<{ case_id: string; reporter_id: string }>(`SELECT case_id, reporter_id FROM integrity_reports WHERE subject_id = $1`, [subject]);
    expect(reports.map((r) => r.case_id)).toEqual([cases[0].id, cases[0].id]);
    expect(reports.map((r) => r.reporter_id).sort()).toEqual(reporters.map((r) => r.id).sort());
    expect(await audited('integrity.case.opened', [cases[0].id])).toHaveLength(1);
  });

  it('a reviewer opening a case the players already have open is told which one (409), and nothing is written', async () => {
    const [a, b] = await pair();
    const reviewer = await api.user({ roles: ['reviewer'] });
    const auth = { Authorization: `Bearer ${reviewer.token}` };
    const first = await api.http().post('/api/integrity/cases').set(auth).send({ subjectIds: [a, b], summary: 'a seated pair shared hands' });
    expect(first.status).toBe(201);
    const again = await api.http().post('/api/integrity/cases').set(auth).send({ subjectIds: [b.toUpperCase(), a], summary: 'the same pair again' });
    expect(again.status).toBe(409);
    expect(again.body as Body).toMatchObject({ code: 'CASE_ALREADY_OPEN', details: { caseId: first.body.id } });
    expect((await casesOf([a, b])).map((c) => c.id)).toEqual([first.body.id]);
    expect(await env.sql(`SELECT 1 FROM integrity_case_participants WHERE user_id = $1 AND role = 'opened'`, [reviewer.id])).toHaveLength(1);
    // Detection joins the reviewer's case.
    expect(await repoA.recordSignal(record('linked_accounts', [a, b]))).toBe('recorded');
    expect((await signalsOf([first.body.id])).map((s) => s.kind)).toEqual(['linked_accounts']);
    // A different subject set is another case.
    expect((await api.http().post('/api/integrity/cases').set(auth).send({ subjectIds: [a], summary: 'alone, in another game' })).status).toBe(201);
  });
});

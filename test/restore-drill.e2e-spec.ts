import { Client } from 'pg';
import { PrismaService } from '@dcs/common';
import { ChallengeFlowService } from '@dcs/tournament';
import { drillDigests, restoreDrill } from '../scripts/lib/restore-drill';
import { startApi, TestApi } from './support/api';
import { challengeWithPlayers } from './support/challenge-fixtures';
import { directCity } from './support/fixtures';
import { DB_PREFIX, TEST_PG_BASE } from './support/env';
import { createTestEnv, TestEnv } from './support/test-env';

/** docs/operations.md, "Backups": a dump of the running platform restores into a new database with every checked part identical. */
describe('the restore drill', () => {
  let env: TestEnv;
  let api: TestApi;
  // Under this run's prefix: another jest run's start-up cleans up every other dcs_test_ database as a leftover.
  const restored = `${DB_PREFIX}restore_${Date.now().toString(36)}`;

  beforeAll(async () => {
    env = await createTestEnv('restore_drill');
    api = await startApi(env);
  });
  afterAll(async () => {
    await api?.close();
    const a = new Client({ connectionString: `${TEST_PG_BASE}/postgres` });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS "${restored}" WITH (FORCE)`);
    await a.end();
    await env?.drop();
  });

  it('dumps a running challenge while the platform writes, restores it, finds standings, brackets, wallets and the audit log identical — and would see a difference', async () => {
    const prisma = api.app.get(PrismaService);
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16 });
    const director = await api.user({ roles: ['director'] });
    await directCity(api, director.id, fx);
    await api.app.get(ChallengeFlowService).start(fx.challengeId);
    const table = await prisma.challengeTable.findFirstOrThrow({ where: { challengeId: fx.challengeId }, orderBy: { index: 'asc' } });
    await api.http().post(`/api/tables/${table.id}/void`).set('Authorization', `Bearer ${director.token}`).send({ reason: 'a bad deal, replayed' }).expect(200);

    // The platform keeps writing (audited director calls) during the dump and the restore.
    let writing = true;
    const seats = await prisma.tableSeat.findMany({ where: { table: { challengeId: fx.challengeId } } });
    const writer = (async () => {
      let i = 0;
      while (writing && i < seats.length) {
        const s = seats[i++];
        await prisma.auditLog.create({ data: { actorId: s.userId, action: 'drill.write', entityType: 'table', entityId: s.tableId, data: { i } } });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const result = await restoreDrill(env.databaseUrl, restored);
    writing = false;
    await writer;

    expect(result.parts.map((p) => p.name)).toEqual(['season standings', 'brackets: rounds', 'brackets: tables and results', 'placements', 'wallet ledger sums', 'wallets', 'audit log']);
    expect(result.parts.filter((p) => !p.identical)).toEqual([]);
    expect(result.identical).toBe(true);
    expect(result.parts.find((p) => p.name === 'brackets: tables and results')!.rows).toBe(4);
    expect(result.parts.find((p) => p.name === 'audit log')!.rows).toBeGreaterThanOrEqual(2);
    expect(result.dumpBytes).toBeGreaterThan(0);

    // The check would see one changed field.
    const url = `${TEST_PG_BASE}/${restored}`;
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(`UPDATE challenge_tables SET ended_by = 'tampered' WHERE id = $1`, [table.id]);
    } finally {
      await c.end();
    }
    const after = await drillDigests(url);
    const before = result.parts.find((p) => p.name === 'brackets: tables and results')!;
    expect(after.get('brackets: tables and results')!.digest).not.toBe(before.restored);
    expect(after.get('audit log')!.digest).toBe(result.parts.find((p) => p.name === 'audit log')!.restored);
  });
});

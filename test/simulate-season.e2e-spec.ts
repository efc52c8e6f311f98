import { Client } from 'pg';
import { seasonTable, isStandingsError } from '@dcs/ranking';
import { loadSeasonChallenges, loadSeasonPenalties } from '@dcs/tournament';
import { PrismaService, loadConfig } from '@dcs/common';
import { createApi } from '../apps/api/src/setup';
import { runSeasonSimulation } from '../scripts/simulate';
import { createTestEnv, TestEnv } from './support/test-env';

describe('npm run simulate -- --weeks: a whole season through the real services', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('simulate_season');
  });
  afterAll(async () => env.drop());

  it('plays 2 weeks of 16 bots, keeps stored standings equal to a recompute from scratch, and the worker closes the season', async () => {
    const s = await runSeasonSimulation({ weeks: 2, players: 16, seed: 'season-e2e' }, { DATABASE_URL: env.databaseUrl, QUEUE_PREFIX: env.queuePrefix, REDIS_URL: env.config().REDIS_URL });
    expect(s.challenges).toHaveLength(2);
    for (const c of s.challenges) {
      expect(c.placements).toHaveLength(c.players);
      expect(c.placements.map((p) => p.rankingPoints).slice(0, 4)).toEqual([500, 350, 200, 200]);
    }
    // Every player's season total is the sum of their ranking points of the two weeks.
    const totals = new Map<string, number>();
    for (const c of s.challenges) for (const p of c.placements) totals.set(p.playerId, (totals.get(p.playerId) ?? 0) + p.rankingPoints);
    expect(s.standings).toHaveLength(totals.size);
    for (const row of s.standings) expect(row.points).toBe(totals.get(row.playerId));
    // Best first; the first row has no reason, each later rank says what separated it.
    expect(s.standings[0]).toMatchObject({ rank: 1, tiebreak: null });
    for (let i = 1; i < s.standings.length; i++) {
      const [up, row] = [s.standings[i - 1], s.standings[i]];
      expect(row.points).toBeLessThanOrEqual(up.points);
      if (row.rank === up.rank) expect(row.tiebreak).toBeNull();
      else expect(row.tiebreak).toEqual(row.points < up.points ? 'points' : expect.stringMatching(/^(head-to-head|tournament-wins|score-differential|games-played|recent-performance)$/));
    }
    // Closed: the final statuses are only clinched (the Elite Six) or eliminated; the six have 1,000+.
    const six = new Set(s.eliteSix.map((e) => e.playerId));
    for (const row of s.standings) expect(row.status).toBe(six.has(row.playerId) ? 'clinched' : 'eliminated');
    for (const e of s.eliteSix) expect(totals.get(e.playerId)).toBeGreaterThanOrEqual(1000);
    expect(s.eliteSix.length).toBe([...totals.values()].filter((p) => p >= 1000).length > 6 ? 6 : [...totals.values()].filter((p) => p >= 1000).length);

    const db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    try {
      const season = (await db.query('SELECT status, closed_at FROM seasons WHERE id = $1', [s.seasonId])).rows[0];
      expect(season.status).toBe('closed');
      expect(season.closed_at).not.toBeNull();
      const audit = (await db.query(`SELECT actor_id, action FROM audit_log WHERE entity_id = $1 AND action = 'season.closed'`, [s.seasonId])).rows;
      expect(audit).toEqual([{ actor_id: null, action: 'season.closed' }]); // by the worker's job, once
    } finally {
      await db.end();
    }

    // The stored rows equal a recompute from the facts.
    const app = await createApi(loadConfig({ NODE_ENV: 'test', DATABASE_URL: env.databaseUrl, REDIS_URL: env.config().REDIS_URL, QUEUE_PREFIX: env.queuePrefix, LOG_LEVEL: 'silent' }));
    await app.init();
    try {
      const prisma = app.get(PrismaService);
      const table = seasonTable(await loadSeasonChallenges(prisma, s.seasonId), await loadSeasonPenalties(prisma, s.seasonId), 2, { finalEliteSix: six });
      if (isStandingsError(table)) throw new Error(table.message);
      expect(s.standings).toEqual(table.map((r) => ({ rank: r.rank, playerId: r.playerId, points: r.points, status: r.status, tiebreak: r.tiebreak })));
    } finally {
      await app.close();
    }
  }, 300_000);
});

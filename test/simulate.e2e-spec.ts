import { runSimulation } from '../scripts/simulate';
import { createTestEnv, TestEnv } from './support/test-env';

describe('npm run simulate: a whole challenge with bots through the real services', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('simulate');
  });
  afterAll(async () => env.drop());

  it('runs 20 players to the end and summarises rounds, tables, seats and placements as documented', async () => {
    const s = await runSimulation({ players: 20, seed: 'e2e' }, { DATABASE_URL: env.databaseUrl, QUEUE_PREFIX: env.queuePrefix, REDIS_URL: env.config().REDIS_URL });
    expect(s.players).toBe(20);
    expect(s.rounds.map((r) => [r.round, r.byes.length, r.tables.length])).toEqual([
      [1, 12, 2],
      [2, 0, 4],
      [3, 0, 2],
      [4, 0, 1],
    ]);
    for (const r of s.rounds) {
      for (const t of r.tables) {
        expect(t.seats).toHaveLength(4);
        expect(t.seats.filter((x) => x.advanced)).toHaveLength(r.round === 4 ? 0 : 2);
        expect(t.seats[0]).toEqual({ playerId: expect.any(String), seed: expect.any(Number), score: expect.any(Number), place: 1, advanced: r.round !== 4, forfeited: false });
        expect(['target', 'hard-stop', 'forfeit']).toContain(t.endedBy);
      }
    }
    // Byes are the 12 best seeds; every player is placed once.
    expect(s.placements).toHaveLength(20);
    expect(new Set(s.placements.map((p) => p.playerId)).size).toBe(20);
    expect(s.placements.map((p) => p.placement)).toEqual(['1', '2', '3-4', '3-4', ...Array(4).fill('5-8'), ...Array(8).fill('9-16'), ...Array(4).fill('participation')]);
    expect(s.placements.map((p) => p.rankingPoints).slice(0, 4)).toEqual([500, 350, 200, 200]);
    expect(s.placements.reduce((a, p) => a + p.prize, 0)).toBe(1000);
    expect(s.stats.actions).toBeGreaterThan(0);
  }, 120_000);
});

import { playGame } from '@dcs/engine';
import { analyzeGame } from '@dcs/engine/analysis';
import { blunderingExpert } from '@dcs/engine/analysis/blundering-expert';
import { AnalysisPool } from './analysis-pool';

describe('the analysis thread', () => {
  const pool = new AnalysisPool();
  afterAll(() => pool.onModuleDestroy());

  it('judges games in its own thread exactly as in-process, in order, while the caller’s event loop stays free', async () => {
    const games = ['pool-a', 'pool-b'].map((seed) => playGame({ ruleset: 'dcs-tournament', players: 4, seed, bots: ['expert', blunderingExpert(20, 'worst'), 'expert', 'expert'] }).record);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const judged = await Promise.all(games.map((g) => pool.analyze(g)));
    clearInterval(timer);
    expect(judged).toEqual(games.map((g) => analyzeGame(g)));
    // The caller's timers ran while the thread judged (in-process judging would have blocked them).
    expect(ticks).toBeGreaterThan(0);
  });

  it('answers a record it cannot judge with an error and goes on judging the next', async () => {
    const g = playGame({ ruleset: 'dcs-tournament', players: 4, seed: 'pool-c', bots: ['expert', 'expert', 'expert', 'expert'] }).record;
    await expect(pool.analyze({ ...g, hands: [null] } as never)).rejects.toThrow();
    expect(await pool.analyze(g)).toEqual(analyzeGame(g));
  });

  it('refuses work once closed', async () => {
    const closed = new AnalysisPool();
    await closed.onModuleDestroy();
    await expect(closed.analyze({} as never)).rejects.toThrow('closed');
  });
});

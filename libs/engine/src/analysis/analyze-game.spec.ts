import { playGame } from '../index';
import { analyzeGame, ANALYSIS_THRESHOLDS, markOf } from './analyze-game';
import { blunderingExpert } from './blundering-expert';

describe('post-game analysis', () => {
  it('marks a planted blunder as a blunder, names the better play, and judges its seat below the others', () => {
    const blunderer = blunderingExpert(25, 'worst');
    const game = playGame({ ruleset: 'dcs-tournament', players: 4, seed: 'analysis-blunder', bots: ['expert', blunderer, 'expert', 'expert'] });
    expect(blunderer.blunder).not.toBeNull();
    const a = analyzeGame(game.record);
    if (!a.analysable) throw new Error(a.message);
    const { hand, action, best } = blunderer.blunder!;
    const d = a.decisions.find((x) => x.hand === hand && x.action === action);
    expect(d).toBeDefined();
    expect(d!.seat).toBe(1);
    expect(d!.mark).toBe('blunder');
    expect(d!.loss).toBeGreaterThanOrEqual(ANALYSIS_THRESHOLDS.blunder);
    expect(d!.best).toEqual(best);
    expect(d!.options[0].action).toEqual(best);
    expect(a.seats[1].blunders).toBeGreaterThanOrEqual(1);
  });

  it('judges a false knock against the plays it gave up', () => {
    const knocker = blunderingExpert(12, 'false-knock');
    const game = playGame({ ruleset: 'dcs-tournament', players: 4, seed: 'analysis-knock', bots: ['expert', 'expert', knocker, 'expert'] });
    expect(knocker.blunder).not.toBeNull();
    const a = analyzeGame(game.record);
    if (!a.analysable) throw new Error(a.message);
    const d = a.decisions.find((x) => x.hand === knocker.blunder!.hand && x.action === knocker.blunder!.action)!;
    expect(d.kind).toBe('knock');
    expect(d.played).toEqual({ seat: 2, type: 'knock' });
    expect(d.loss).toBeGreaterThanOrEqual(ANALYSIS_THRESHOLDS.mistake);
    expect(d.options.some((o) => o.action.type === 'knock')).toBe(true);
  });

  it('is deterministic, judges only real choices, and rates the expert above a random player', () => {
    const game = playGame({ ruleset: 'dcs-tournament', players: 4, seed: 'analysis-field', bots: ['expert', 'random', 'expert', 'random'] });
    const cheap = { samples: 24, confirmSamples: 64 };
    const a = analyzeGame(game.record, cheap);
    expect(analyzeGame(game.record, cheap)).toEqual(a);
    if (!a.analysable) throw new Error(a.message);
    for (const d of a.decisions) {
      expect(d.options.length).toBeGreaterThanOrEqual(2);
      expect(game.record.hands[d.hand].actions[d.action]).toEqual(d.played.type === 'play' && game.record.hands[d.hand].actions[d.action].type === 'play' && !('end' in game.record.hands[d.hand].actions[d.action]) ? expect.objectContaining({ seat: d.seat, tile: (d.played as { tile: string }).tile }) : expect.objectContaining(d.played));
      expect(d.mark).toBe(markOf(d.loss));
      expect(d.loss).toBeCloseTo(Math.max(0, d.options[0].value - d.options.find((o) => JSON.stringify(o.action) === JSON.stringify(d.played))!.value), 1);
    }
    const total = a.seats.reduce((s, x) => s + x.decisions, 0);
    expect(total).toBe(a.decisions.length);
    for (const s of a.seats) expect(s.accuracy === null || (s.accuracy >= 0 && s.accuracy <= 100)).toBe(true);
    const expertAcc = (a.seats[0].accuracy! + a.seats[2].accuracy!) / 2;
    const randomAcc = (a.seats[1].accuracy! + a.seats[3].accuracy!) / 2;
    expect(expertAcc).toBeGreaterThan(randomAcc);
  });

  it('says so for a game the expert cannot judge (house rulesets with a yard)', () => {
    const game = playGame({ ruleset: 'citizen', players: 2, seed: 'analysis-citizen', bots: ['greedy', 'greedy'] });
    const a = analyzeGame(game.record);
    expect(a).toMatchObject({ analysable: false, reason: 'RULESET' });
  });
});

import { execFileSync, spawnSync } from 'child_process';
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { createGame } from './game';
import { ALL_TILES } from './tiles';
import { playRandomGame } from './random-play';
import { gameResult, replayRecord, toRecord, type GameRecord, type ReplayError, type ReplayResult } from './record';
import { seedRng } from './rng';
import { act, deal, hand, table } from '../test/helpers';

const DEAL_A = [
  ['6-6', '4-4', '5-1', '3-2', '0-0', '2-0', '1-0'],
  ['6-3', '6-5', '5-5', '4-1', '3-0', '2-1', '1-1'],
  ['6-1', '6-4', '5-4', '4-2', '3-1', '5-0', '4-0'],
  ['6-2', '6-0', '5-3', '5-2', '4-3', '3-3', '2-2'],
];
const DEAL_L = [
  ['6-6', '0-0', '1-0', '2-0', '3-0', '4-0', '5-0'],
  ['1-1', '2-1', '3-1', '4-1', '5-1', '2-2', '3-2'],
  ['4-2', '5-2', '3-3', '4-3', '5-3', '4-4', '5-4'],
];
const YARD_L = ['6-5', '6-4', '6-3', '6-2', '6-1', '6-0', '5-5'];

function tournament(actions: unknown[], extraHands: unknown[] = []): Record<string, unknown> {
  return { ruleset: 'dcs-tournament', settings: {}, players: 4, partners: false, hands: [{ deal: DEAL_A, yard: [], actions }, ...extraHands] };
}

function errorOf(result: ReplayResult | ReplayError): ReplayError['error'] {
  if (!('error' in result)) throw new Error(`expected an error, got ${JSON.stringify(result).slice(0, 200)}`);
  return result.error;
}

function finishedGame(ruleset = 'dcs-tournament', players = 4): GameRecord {
  const g = createGame({ ruleset, players, seed: `finished-${ruleset}` });
  if (!g.ok) throw new Error(g.error.message);
  return toRecord(playRandomGame(g.state, seedRng('play')).state);
}

describe('SPEC 1.8 — replaying a record', () => {
  it('replays the example shape: results with lead, endedBy, winner, points and a log per hand', () => {
    const r = replayRecord(tournament([
      { seat: 0, type: 'play', tile: '6-6' },
      { seat: 1, type: 'play', tile: '6-3', end: 'W' },
      { seat: 2, type: 'knock' },
    ]));
    expect(r).toMatchObject({
      finished: false,
      winner: null,
      scores: [0, 0, 0, 0],
      onBoard: [false, false, false, false],
      skunked: [],
      hands: [
        {
          lead: { seat: 0, tile: '6-6', reason: 'house-double' },
          endedBy: null,
          winner: null,
          points: [0, 0, 0, 0],
          log: [
            { seat: 0, type: 'play', tile: '6-6', sum: 12, points: 0 },
            { seat: 1, type: 'play', tile: '6-3', end: 'W', sum: 15, points: 0 },
            { seat: 2, type: 'knock', falseKnock: true },
          ],
        },
      ],
    });
    expect((r as ReplayResult).hands[0].log[0]).not.toHaveProperty('end');
  });
  it('an empty list of hands is a game not yet dealt', () => {
    expect(replayRecord({ ruleset: 'citizen', players: 2, hands: [] })).toMatchObject({ finished: false, hands: [], scores: [0, 0] });
  });
  it('a full random game exported with toRecord replays to the same result', () => {
    for (const [ruleset, players] of [['dcs-tournament', 4], ['dcs-tournament', 3], ['citizen', 2], ['inmate', 3], ['dcf-inmate-gym', 4]] as const) {
      const g = createGame({ ruleset, players, seed: `rt-${ruleset}-${players}` });
      if (!g.ok) throw new Error(g.error.message);
      const end = playRandomGame(g.state, seedRng(`rt-${ruleset}`), { falseKnockRate: 0.05 }).state;
      expect(end.finished).toBe(true);
      expect(replayRecord(JSON.parse(JSON.stringify(toRecord(end))))).toEqual(gameResult(end));
    }
  });
  it('keeps the lead\u2019s W-E orientation: the log writes high-low, the exported record the lead as written', () => {
    const t = table({ ruleset: 'dcs-tournament', players: 4 });
    const s = act(deal({ ...t, nextLead: { kind: 'winner', seat: 1 } }, DEAL_A.map((h) => h.join(' '))), '1 3-6', '2 6-1 E');
    const h = hand(s);
    expect(h.board.lead).toEqual({ tile: '6-3', w: 3, e: 6 });
    expect(h.log[0]).toMatchObject({ tile: '6-3', sum: 9 });
    expect(h.log[1]).toMatchObject({ tile: '6-1', end: 'E', sum: 3 + 1 });
    expect(toRecord(s).hands[0].actions.slice(0, 2)).toEqual([
      { seat: 1, type: 'play', tile: '3-6' },
      { seat: 2, type: 'play', tile: '6-1', end: 'E' },
    ]);
  });
});

describe('SPEC 1.8 — replay errors: code, hand and action index', () => {
  it('INVALID_RECORD: not an object / wrong shape / unknown ruleset', () => {
    expect(errorOf(replayRecord([]))).toMatchObject({ code: 'INVALID_RECORD', hand: null, action: null });
    expect(errorOf(replayRecord({ ruleset: 'dcs-tournament', players: 4 }))).toMatchObject({ code: 'INVALID_RECORD', hand: null, action: null });
    expect(errorOf(replayRecord({ ...tournament([]), ruleset: 'canasta' }))).toMatchObject({ code: 'INVALID_RECORD', hand: null, action: null });
    expect(errorOf(replayRecord({ ...tournament([]), hands: [{ deal: DEAL_A }] }))).toMatchObject({ code: 'INVALID_RECORD', hand: 0, action: null });
    expect(errorOf(replayRecord({ ...tournament([]), players: '4' }))).toMatchObject({ code: 'INVALID_RECORD', hand: null, action: null });
  });
  it('INVALID_RECORD: a malformed action, with its indexes', () => {
    const e = errorOf(replayRecord(tournament([{ seat: 0, type: 'play', tile: '6-6' }, { seat: 1, type: 'pass' }])));
    expect(e).toMatchObject({ code: 'INVALID_RECORD', hand: 0, action: 1 });
    expect(errorOf(replayRecord(tournament([{ seat: 0, type: 'play', tile: '6-6' }, { seat: 1, type: 'play', tile: '6-3', end: 'X' }])))).toMatchObject({ code: 'INVALID_RECORD', hand: 0, action: 1 });
    expect(errorOf(replayRecord(tournament([{ seat: 4, type: 'knock' }])))).toMatchObject({ code: 'INVALID_RECORD', hand: 0, action: 0 });
  });
  it('INVALID_SETTINGS', () => {
    expect(errorOf(replayRecord({ ruleset: 'citizen', settings: { getOn: 25 }, players: 2, hands: [] }))).toMatchObject({ code: 'INVALID_SETTINGS', hand: null, action: null });
  });
  it('INVALID_DEAL, at the hand that has it', () => {
    const bad = { deal: [DEAL_A[0], DEAL_A[0], DEAL_A[2], DEAL_A[3]], yard: [], actions: [] };
    const lockOnce = { ruleset: 'dcs-tournament', players: 3, hands: [{ deal: DEAL_L, yard: YARD_L, actions: [{ seat: 0, type: 'play', tile: '6-6' }] }, bad] };
    expect(errorOf(replayRecord(lockOnce))).toMatchObject({ code: 'INVALID_DEAL', hand: 1, action: null });
    expect(errorOf(replayRecord({ ...tournament([]), hands: [{ deal: DEAL_A.map((h) => h.slice(1)), yard: [], actions: [] }] }))).toMatchObject({ code: 'INVALID_DEAL', hand: 0 });
  });
  it('WRONG_TURN', () => {
    expect(errorOf(replayRecord(tournament([{ seat: 0, type: 'play', tile: '6-6' }, { seat: 2, type: 'play', tile: '6-1', end: 'E' }])))).toMatchObject({ code: 'WRONG_TURN', hand: 0, action: 1 });
  });
  it('TILE_NOT_IN_HAND', () => {
    expect(errorOf(replayRecord(tournament([{ seat: 0, type: 'play', tile: '6-6' }, { seat: 1, type: 'play', tile: '6-1', end: 'E' }])))).toMatchObject({ code: 'TILE_NOT_IN_HAND', hand: 0, action: 1 });
  });
  it('ILLEGAL_LEAD', () => {
    expect(errorOf(replayRecord(tournament([{ seat: 0, type: 'play', tile: '4-4' }])))).toMatchObject({ code: 'ILLEGAL_LEAD', hand: 0, action: 0 });
  });
  it('ILLEGAL_PLAY', () => {
    expect(errorOf(replayRecord(tournament([{ seat: 0, type: 'play', tile: '6-6' }, { seat: 1, type: 'play', tile: '4-1', end: 'W' }])))).toMatchObject({ code: 'ILLEGAL_PLAY', hand: 0, action: 1 });
  });
  it('AMBIGUOUS_END', () => {
    expect(errorOf(replayRecord(tournament([{ seat: 0, type: 'play', tile: '6-6' }, { seat: 1, type: 'play', tile: '6-3' }])))).toMatchObject({ code: 'AMBIGUOUS_END', hand: 0, action: 1 });
  });
  it('ILLEGAL_DRAW', () => {
    expect(errorOf(replayRecord(tournament([{ seat: 0, type: 'play', tile: '6-6' }, { seat: 1, type: 'draw' }])))).toMatchObject({ code: 'ILLEGAL_DRAW', hand: 0, action: 1 });
  });
  it('ILLEGAL_KNOCK', () => {
    const rec = { ruleset: 'citizen', players: 4, hands: [{ deal: DEAL_A, yard: [], actions: [{ seat: 0, type: 'play', tile: '6-6' }, { seat: 1, type: 'knock' }] }] };
    expect(errorOf(replayRecord(rec))).toMatchObject({ code: 'ILLEGAL_KNOCK', hand: 0, action: 1 });
  });
  it('HAND_OVER: an action after the hand ended (here: locked at once)', () => {
    const rec = { ruleset: 'dcs-tournament', players: 3, hands: [{ deal: DEAL_L, yard: YARD_L, actions: [{ seat: 0, type: 'play', tile: '6-6' }, { seat: 1, type: 'knock' }] }] };
    expect(errorOf(replayRecord(rec))).toMatchObject({ code: 'HAND_OVER', hand: 0, action: 1 });
  });
  it('GAME_OVER: a hand after the game ended', () => {
    const rec = finishedGame();
    const extra = { ...rec, hands: [...rec.hands, rec.hands[0]] };
    expect(errorOf(replayRecord(extra))).toMatchObject({ code: 'GAME_OVER', hand: rec.hands.length, action: null });
  });
  it('GAME_OVER: an action after the play that reached the target', () => {
    const rec = finishedGame('citizen', 2);
    const last = rec.hands[rec.hands.length - 1];
    const more = { ...rec, hands: [...rec.hands.slice(0, -1), { ...last, actions: [...last.actions, { seat: 0, type: 'knock' }] }] };
    expect(errorOf(replayRecord(more))).toMatchObject({ code: 'GAME_OVER', hand: rec.hands.length - 1, action: last.actions.length });
  });
  it('INVALID_RECORD: a further hand dealt while the previous one is unfinished', () => {
    const rec = tournament([{ seat: 0, type: 'play', tile: '6-6' }], [{ deal: DEAL_A, yard: [], actions: [] }]);
    expect(errorOf(replayRecord(rec))).toMatchObject({ code: 'INVALID_RECORD', hand: 1, action: null });
  });
});

describe('toRecord', () => {
  it('hides the other seats\u2019 tiles and the yard of a running game when asked', () => {
    const g = createGame({ ruleset: 'citizen', players: 2, seed: 'hidden' });
    if (!g.ok) throw new Error(g.error.message);
    const rec = toRecord(g.state, { revealHidden: false, viewer: 1 });
    const h = rec.hands[rec.hands.length - 1];
    expect(h.deal[0].every((t) => t === '?')).toBe(true);
    expect(h.deal[1].some((t) => t === '?')).toBe(false);
    expect(h.yard.every((t) => t === '?')).toBe(true);
    expect(errorOf(replayRecord(rec)).code).toBe('INVALID_DEAL');
  });
  it('writes tournament settings as {} and house settings in full', () => {
    expect(finishedGame().settings).toEqual({});
    expect(finishedGame('inmate', 2).settings).toEqual({ getOn: 15, minScore: 10, target: 150, handSize: 7 });
  });
});

describe('SPEC 1.8 — every hand has a lead, also one that ended before any tile was led', () => {
  const NON_DOUBLES = ['6-5', '6-4', '6-3', '6-2', '6-1', '6-0', '5-4', '5-3', '5-2', '5-1', '5-0', '4-3', '4-2', '4-1', '4-0', '3-2', '3-1', '3-0', '2-1', '2-0', '1-0'];
  const DOUBLES = ['6-6', '5-5', '4-4', '3-3', '2-2', '1-1', '0-0'];
  const leadOf = (record: Record<string, unknown>, hand = 0) => {
    const r = replayRecord(record);
    if ('error' in r) throw new Error(JSON.stringify(r.error));
    return { lead: r.hands[hand].lead, endedBy: r.hands[hand].endedBy };
  };

  it('a hand not led yet: the due leader and why, tile null', () => {
    expect(leadOf(tournament([]))).toEqual({ lead: { seat: 0, tile: null, reason: 'house-double' }, endedBy: null });
  });
  it('a reshuffle as the hand\u2019s first action keeps the due leader (the holder of 6-6), not the seat that reshuffled', () => {
    const deal = [['0-0', '1-1', '2-2', '3-3', '4-4', '6-5', '6-4'], ['6-6', '5-5', '6-3', '6-2', '6-1', '6-0', '5-4']];
    const yard = ALL_TILES.filter((t) => !deal.flat().includes(t));
    const record = { ruleset: 'citizen', settings: {}, players: 2, partners: false, hands: [{ deal, yard, actions: [{ seat: 0, type: 'reshuffle' }] }] };
    expect(leadOf(record)).toEqual({ lead: { seat: 1, tile: null, reason: 'house-double' }, endedBy: 'reshuffle' });
  });
  it('nobody holds a needed double (3 seats, every double in the yard): seat null, tile null', () => {
    const deal = [NON_DOUBLES.slice(0, 7), NON_DOUBLES.slice(7, 14), NON_DOUBLES.slice(14)];
    const record = { ruleset: 'dcs-tournament', settings: {}, players: 3, partners: false, hands: [{ deal, yard: DOUBLES, actions: [] }] };
    expect(leadOf(record)).toEqual({ lead: { seat: null, tile: null, reason: 'house-double' }, endedBy: 'reshuffle' });
  });
  it('a hard stop before the lead: the due leader of the voided hand', () => {
    expect(leadOf({ ...tournament([]), hardStop: true })).toEqual({ lead: { seat: 0, tile: null, reason: 'house-double' }, endedBy: 'hard-stop' });
  });
  it('the due leader forfeits before leading: the next double\u2019s holder is due', () => {
    expect(leadOf(tournament([{ seat: 0, type: 'forfeit' }])).lead).toEqual({ seat: 1, tile: null, reason: 'next-double' });
  });
  it('a game that ends by forfeits before the lead: the seat left was due', () => {
    const actions = [0, 1, 2].map((seat) => ({ seat, type: 'forfeit' }));
    expect(leadOf(tournament(actions))).toEqual({ lead: { seat: 3, tile: null, reason: 'next-double' }, endedBy: 'forfeit' });
  });
  it('a led hand keeps its tile, and the live state and its exported record agree on every lead', () => {
    expect(leadOf(tournament([{ seat: 0, type: 'play', tile: '6-6' }])).lead).toEqual({ seat: 0, tile: '6-6', reason: 'house-double' });
    const g = createGame({ ruleset: 'citizen', players: 2, seed: 'leads' });
    if (!g.ok) throw new Error(g.error.message);
    const end = playRandomGame(g.state, seedRng('leads'), { reshuffleRate: 1 }).state;
    const result = gameResult(end);
    expect(result.hands.every((h) => h.lead && 'seat' in h.lead && 'tile' in h.lead && 'reason' in h.lead)).toBe(true);
    expect(replayRecord(JSON.parse(JSON.stringify(toRecord(end))))).toEqual(result);
  });
});

describe('the replay command (npm run replay)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'replay-cli-'));
  const good = join(dir, 'good.json');
  const bad = join(dir, 'bad.json');
  const broken = join(dir, 'broken.json');
  writeFileSync(good, JSON.stringify(tournament([{ seat: 0, type: 'play', tile: '6-6' }])));
  writeFileSync(bad, JSON.stringify(tournament([{ seat: 1, type: 'play', tile: '6-3' }])));
  writeFileSync(broken, '{ not json');
  const cli = (...files: string[]) => spawnSync('npx', ['tsx', 'libs/engine/src/cli/replay.ts', ...files], { cwd: join(__dirname, '../../..'), encoding: 'utf8' });

  it('one valid file: prints the result as JSON and exits 0; an invalid one prints the error and exits 1; several: JSON lines, exit 1 if any is invalid', () => {
    const ok = cli(good);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ finished: false, hands: [{ lead: { seat: 0, tile: '6-6' } }] });
    const ko = cli(bad);
    expect(ko.status).toBe(1);
    expect(JSON.parse(ko.stdout)).toEqual({ error: { code: 'WRONG_TURN', hand: 0, action: 0, message: expect.any(String) } });
    const many = cli(good, broken, join(dir, 'missing.json'), good);
    expect(many.status).toBe(1);
    const lines = many.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toHaveProperty('finished', false);
    expect(lines[1]).toMatchObject({ error: { code: 'INVALID_RECORD', hand: null, action: null } });
    expect(lines[2]).toMatchObject({ error: { code: 'INVALID_RECORD', hand: null, action: null } });
    expect(lines[3]).toEqual(lines[0]);
    expect(cli(good, good).status).toBe(0);
  });
  it('runs through npm run --silent replay', () => {
    const out = execFileSync('npm', ['run', '--silent', 'replay', '--', good], { cwd: join(__dirname, '../../..'), encoding: 'utf8' });
    expect(JSON.parse(out)).toHaveProperty('finished', false);
  });
});

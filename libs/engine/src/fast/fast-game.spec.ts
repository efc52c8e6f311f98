import fc from 'fast-check';
import { tileIndex } from '../tiles';
import {
  ENDED_DOMINO,
  ENDED_LOCKED,
  ENDED_TARGET,
  END_E,
  END_N,
  END_S,
  END_W,
  FastGame,
  FastRecorder,
  MAX_MOVES,
  MOVE_KNOCK,
  TILE_TEXT,
  pipsOf,
  popcount,
  roundToFive,
  type FastPosition,
} from './index';

const END_CODE = { W: END_W, E: END_E, N: END_N, S: END_S } as const;
type EndName = keyof typeof END_CODE;

function mask(...tiles: string[]): number {
  let m = 0;
  for (const t of tiles) m |= 1 << tileIndex(t);
  return m;
}

function move(tile: string, end: EndName = 'W'): number {
  return (tileIndex(tile) << 2) | END_CODE[end];
}

/** Board after a sequence of plays written like a record: ['6-6'], ['6-3', 'W'], … */
function board(...plays: [string, EndName?][]): ReturnType<typeof FastGame.boardFromPlays> {
  return FastGame.boardFromPlays(plays.map(([t, e]) => [tileIndex(t), END_CODE[e ?? 'W']] as const));
}

function position(p: Partial<FastPosition> & { hands: number[] }): FastGame {
  const g = new FastGame(7);
  g.loadPosition({ players: 4, turn: 0, ...p });
  return g;
}

function movesOf(g: FastGame, seat = g.turn): string[] {
  const out = new Int32Array(MAX_MOVES);
  const n = g.legalMoves(seat, out);
  const names = ['W', 'E', 'N', 'S'];
  return Array.from(out.subarray(0, n), (m) => `${TILE_TEXT[m >> 2]}@${names[m & 3]}`).sort();
}

describe('open-end count (SPEC 1.2)', () => {
  it('6-6 alone counts 12, not 24', () => {
    expect(FastGame.boardFromPlays([[27, 0]]).counts.reduce((a, b) => a + b)).toBe(12);
  });

  it('follows the SPEC example 6-6, 6-3 on W, 6-1 on E, 6-2 on N: 12, 15, 4, 6', () => {
    const g = position({
      hands: [mask('6-6', '6-1', '5-5'), mask('6-3', '6-2', '4-4'), mask('0-0'), mask('1-1')],
      forcedLead: tileIndex('6-6'),
    });
    g.play(move('6-6'));
    expect(g.lastSum).toBe(12);
    g.play(move('6-3', 'W'));
    expect(g.lastSum).toBe(15);
    g.knock();
    g.knock();
    // The spinner's arms stay closed until both of its sides are covered.
    expect(movesOf(g, 0)).toEqual(['6-1@E']);
    g.play(move('6-1', 'E'));
    expect(g.lastSum).toBe(4);
    expect(movesOf(g, 1)).toEqual(['6-2@N', '6-2@S']);
    g.play(move('6-2', 'N'));
    expect(g.lastSum).toBe(6);
  });

  it('6-4 lead counts 10 and 5-5 lead counts 10', () => {
    expect(board(['6-4']).counts.reduce((a, b) => a + b)).toBe(10);
    expect(board(['5-5']).counts.reduce((a, b) => a + b)).toBe(10);
    expect(board(['6-4']).ends.slice(0, 2)).toEqual([6, 4]);
  });

  it('a double played on an end showing its number counts both halves there', () => {
    // 6-3 lead: W 6, E 3; 3-3 on E: 6 + 6.
    expect(board(['6-3'], ['3-3', 'E']).counts.reduce((a, b) => a + b)).toBe(12);
  });

  it('a later double becomes the spinner and opens N and S once its outer side is covered', () => {
    const b1 = board(['6-4'], ['4-4', 'E']);
    expect(b1.spinner).toBe(4);
    expect(b1.counts.reduce((a, b) => a + b)).toBe(14);
    expect(b1.armsOpen).toBe(false);
    const b2 = board(['6-4'], ['4-4', 'E'], ['4-2', 'E']);
    expect(b2.armsOpen).toBe(true);
    expect(b2.counts.reduce((a, b) => a + b)).toBe(8);
    // Only the first double is a spinner: 6-6 on W later just counts 12 there.
    const b3 = board(['6-4'], ['4-4', 'E'], ['4-2', 'E'], ['6-6', 'W']);
    expect(b3.counts.reduce((a, b) => a + b)).toBe(14);
    expect(b3.spinner).toBe(4);
  });

  it('a double at the end of a spinner arm counts both halves; empty arms count nothing', () => {
    // 5-5 spinner, 5-0 W, 5-1 E (arms open, empty): 0 + 1 = 1; 5-3 N: 4; 3-3 N: 0 + 1 + 6 = 7.
    expect(board(['5-5'], ['5-0', 'W'], ['5-1', 'E']).counts.reduce((a, b) => a + b)).toBe(1);
    expect(board(['5-5'], ['5-0', 'W'], ['5-1', 'E'], ['5-3', 'N']).counts.reduce((a, b) => a + b)).toBe(4);
    expect(board(['5-5'], ['5-0', 'W'], ['5-1', 'E'], ['5-3', 'N'], ['3-3', 'N']).counts.reduce((a, b) => a + b)).toBe(7);
  });

  it('rejects a tile that does not fit the named end', () => {
    expect(() => board(['6-4'], ['3-1', 'W'])).toThrow();
    expect(() => board(['6-6'], ['6-1', 'N'])).toThrow();
  });

  it('lists every end that accepts a tile as its own move', () => {
    // 3-3 lead, 5-3 on W and 3-1 on E: W shows 5, E 1, and the open arms N and S 3.
    const g = position({
      hands: [mask('5-1', '3-0'), mask('6-6'), mask('0-0'), mask('2-2')],
      board: board(['3-3'], ['5-3', 'W'], ['3-1', 'E']),
    });
    expect(movesOf(g)).toEqual(['3-0@N', '3-0@S', '5-1@E', '5-1@W']);
  });
});

describe('scoring (SPEC 1.5)', () => {
  it('a grey player scoring 15 stays grey and scores 0', () => {
    const g = position({ hands: [mask('6-3', '0-0'), mask('3-1'), mask('2-2'), mask('4-4')], board: board(['6-6']) });
    expect(g.play(move('6-3', 'W'))).toBe(0);
    expect(g.lastSum).toBe(15);
    expect(g.scores[0]).toBe(0);
    expect(g.onBoard[0]).toBe(0);
  });

  it('a grey player making exactly 10 scores 10 and becomes yellow', () => {
    const g = position({ hands: [mask('6-4', '0-0'), mask('6-1'), mask('2-2'), mask('3-3')], forcedLead: -1 });
    expect(g.play(move('6-4'))).toBe(10);
    expect(g.scores[0]).toBe(10);
    expect(g.onBoard[0]).toBe(1);
  });

  it('a yellow player scores any multiple of 5 and nothing else', () => {
    const g = position({
      hands: [mask('6-3', '0-0'), mask('6-1', '1-1'), mask('2-2'), mask('4-4')],
      onBoard: [true, true, false, false],
      scores: [20, 30, 0, 0],
      board: board(['6-6']),
    });
    expect(g.play(move('6-3', 'W'))).toBe(15);
    expect(g.play(move('6-1', 'E'))).toBe(0); // 3 + 1 = 4
    expect(Array.from(g.scores)).toEqual([35, 30, 0, 0]);
  });

  it('rounds counts to the nearest 5', () => {
    expect([0, 2, 3, 12, 13, 17, 18, 45].map(roundToFive)).toEqual([0, 0, 5, 10, 15, 15, 20, 45]);
  });

  it('a yellow domino scores the play, then every opponent pip rounded to 5, and leads next hand', () => {
    // Board 6-6, seat 0 plays its last tile 6-4 on W: 4 + 12 = 16 → 0; opponents hold 5+3+4 = 12 → 10.
    const g = position({
      hands: [mask('6-4'), mask('5-0'), mask('2-1'), mask('3-1')],
      onBoard: [true, false, false, false],
      board: board(['6-6']),
    });
    g.record();
    g.play(move('6-4', 'W'));
    expect(g.endedBy).toBe(ENDED_DOMINO);
    expect(g.handWinner).toBe(0);
    expect(Array.from(g.handPoints)).toEqual([10, 0, 0, 0]);
    expect(g.nextLeader).toBe(0);
  });

  it('a grey domino scores 0 but the domino player still leads the next hand with any tile', () => {
    const g = position({ hands: [mask('6-4'), mask('5-0'), mask('2-1'), mask('6-1')], board: board(['6-6']) });
    g.play(move('6-4', 'W'));
    expect(g.endedBy).toBe(ENDED_DOMINO);
    expect(g.scores[0]).toBe(0);
    g.dealHand();
    expect(g.turn).toBe(0);
    expect(g.forcedLead).toBe(-1);
  });

  it('a domino play scoring its own points counts them before the pips', () => {
    // Seat 0 (yellow) plays 6-3 on W of a lone 6-6: 15, then opponents' 13 pips → 15.
    const g = position({
      hands: [mask('6-3'), mask('5-0'), mask('2-1'), mask('4-1')],
      onBoard: [true, false, false, false],
      board: board(['6-6']),
    });
    expect(g.play(move('6-3', 'W'))).toBe(15);
    expect(g.scores[0]).toBe(30);
  });

  it('the game ends the moment a play reaches 150: no domino count follows', () => {
    const g = position({
      hands: [mask('6-3'), mask('5-0'), mask('2-1'), mask('4-1')],
      onBoard: [true, false, false, false],
      scores: [140, 0, 0, 0],
      board: board(['6-6']),
    });
    g.play(move('6-3', 'W'));
    expect(g.endedBy).toBe(ENDED_TARGET);
    expect(g.gameOver).toBe(1);
    expect(g.gameWinner).toBe(0);
    expect(g.scores[0]).toBe(155);
  });

  it('a domino count that reaches 150 also ends the game', () => {
    const g = position({
      hands: [mask('6-4'), mask('5-0'), mask('2-1'), mask('3-1')],
      onBoard: [true, false, false, false],
      scores: [145, 0, 0, 0],
      board: board(['6-6']),
    });
    g.play(move('6-4', 'W'));
    expect(g.endedBy).toBe(ENDED_DOMINO);
    expect(g.gameOver).toBe(1);
    expect(g.scores[0]).toBe(155);
  });
});

describe('knocks and locks (SPEC 1.4)', () => {
  it('a false knock is accepted, loses the turn and is flagged', () => {
    const g = position({ hands: [mask('6-3', '0-0'), mask('6-1'), mask('2-2'), mask('4-4')], board: board(['6-6']) });
    expect(g.isLegal(MOVE_KNOCK)).toBe(true);
    g.record();
    expect(g.knock()).toBe(true);
    expect(g.turn).toBe(1);
    expect(g.falseKnocks).toBe(1);
    expect(g.knock()).toBe(true);
    expect(g.turn).toBe(2);
    expect(g.knock()).toBe(false);
    expect(g.falseKnocks).toBe(2);
  });

  it('locks: the lowest pip count wins and a yellow winner scores the others rounded to 5', () => {
    // 6-5 lead: W 6, E 5. Seat 0 plays 5-5 on E (the spinner). Nobody holds a 6 or a 5: locked at once, no knocks.
    const g = position({
      hands: [mask('5-5', '0-0'), mask('4-3'), mask('2-1', '4-4'), mask('3-3', '2-2')],
      onBoard: [true, true, true, true],
      board: board(['6-5']),
    });
    g.play(move('5-5', 'E'));
    expect(g.endedBy).toBe(ENDED_LOCKED);
    // Pips: seat 0: 0, seat 1: 7, seat 2: 11, seat 3: 10 → seat 0 wins 28 → 30 (plus its play: 6 + 10 = 16 → 0).
    expect(g.handWinner).toBe(0);
    expect(Array.from(g.handPoints)).toEqual([30, 0, 0, 0]);
    g.dealHand();
    // After a lock the 6-6 holder leads with 6-6.
    expect(g.hands[g.turn] & (1 << 27)).not.toBe(0);
    expect(g.forcedLead).toBe(27);
  });

  it('locks: a grey winner scores 0', () => {
    const g = position({ hands: [mask('5-5', '0-0'), mask('4-3'), mask('2-1', '4-4'), mask('3-3', '2-2')], board: board(['6-5']) });
    g.play(move('5-5', 'E'));
    expect(g.endedBy).toBe(ENDED_LOCKED);
    expect(g.handWinner).toBe(0);
    expect(Array.from(g.handPoints)).toEqual([0, 0, 0, 0]);
  });

  it('locks: a tie for the lowest count scores nothing and has no winner', () => {
    const g = position({
      hands: [mask('5-5', '2-1'), mask('3-0'), mask('4-4'), mask('3-3', '2-2')],
      onBoard: [true, true, true, true],
      board: board(['6-5']),
    });
    g.play(move('5-5', 'E'));
    expect(g.endedBy).toBe(ENDED_LOCKED);
    expect(g.handWinner).toBe(-1);
    expect(Array.from(g.handPoints)).toEqual([0, 0, 0, 0]);
    expect(g.nextLeader).toBeLessThan(0);
  });
});

describe('leads (SPEC 1.3)', () => {
  it('the 6-6 holder leads the first hand with 6-6', () => {
    for (let seed = 0; seed < 50; seed++) {
      const g = new FastGame(seed);
      g.dealHand();
      expect(g.hands[g.turn] & (1 << 27)).not.toBe(0);
      const out = new Int32Array(MAX_MOVES);
      expect(g.legalMoves(g.turn, out)).toBe(1);
      expect(out[0]).toBe(27 << 2);
    }
  });

  it('at the 3-seat table the highest double held leads, and 7 tiles sleep', () => {
    let sawLower = false;
    for (let seed = 0; seed < 200; seed++) {
      const g = new FastGame(seed, 3);
      g.dealHand();
      expect(popcount(g.sleeping)).toBe(7);
      expect(g.hands[3]).toBe(0);
      const lead = g.forcedLead;
      expect(g.hands[g.turn] & (1 << lead)).not.toBe(0);
      // No higher double is held by anyone.
      for (let v = 6; v >= 0; v--) {
        const t = tileIndex(`${v}-${v}`);
        if (t === lead) break;
        expect(g.sleeping & (1 << t)).not.toBe(0);
      }
      if (lead !== 27) sawLower = true;
    }
    expect(sawLower).toBe(true);
  });
});

describe('random games (properties)', () => {
  function checkGame(seed: number, players: 3 | 4, falseKnockRate: number): void {
    const g = new FastGame(seed, players);
    const rec = g.record() as FastRecorder;
    const out = new Int32Array(MAX_MOVES);
    let guard = 0;
    while (g.gameOver === 0 && guard++ < 200) {
      g.dealHand();
      const sleeping = g.sleeping;
      while (g.handOver === 0) {
        // 28 tiles conserved: hands, board and sleeping tiles are disjoint and make the set.
        let all = sleeping;
        let count = popcount(sleeping) + g.tilesOnBoard;
        for (let s = 0; s < players; s++) {
          expect(all & g.hands[s]).toBe(0);
          all |= g.hands[s];
          count += popcount(g.hands[s]);
        }
        expect(count).toBe(28);
        const n = g.legalMoves(g.turn, out);
        if (n === 0 || (g.tilesOnBoard > 0 && g.random() < falseKnockRate)) g.knock();
        else g.play(out[g.randInt(n)]);
      }
    }
    expect(g.gameOver).toBe(1);
    const result = rec.toResult();
    expect(result.finished).toBe(true);
    expect(result.winner).toBe(g.gameWinner);
    expect(result.scores).toEqual(Array.from(g.scores.subarray(0, players)));
    expect(Math.max(...result.scores)).toBeGreaterThanOrEqual(150);
    const firstPoints = new Array<number | null>(players).fill(null);
    for (const hand of result.hands) {
      for (const p of hand.points) expect(p % 5).toBe(0);
      for (const entry of hand.log) {
        if (entry.type === 'play' && entry.points > 0 && firstPoints[entry.seat] === null) firstPoints[entry.seat] = entry.points;
      }
      const total = hand.log.reduce((a, e) => a + (e.type === 'play' ? e.points : 0), 0);
      const count = hand.points.reduce((a, b) => a + b) - total;
      if (hand.endedBy === 'target') expect(count).toBe(0);
      if (count > 0) expect(hand.winner).not.toBeNull();
    }
    for (const s of result.scores) expect(s % 5).toBe(0);
    // A grey player's first points are always exactly 10.
    for (let s = 0; s < players; s++) if (result.scores[s] > 0) expect(firstPoints[s]).toBe(10);
  }

  it('conserves the 28 tiles, scores multiples of 5 and gets grey players on with exactly 10 (4 seats)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(0, 0, 0.1), (seed, rate) => checkGame(seed, 4, rate)),
      { numRuns: 60, seed: 4 },
    );
  });

  it('does the same at the 3-seat table', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(0, 0, 0.1), (seed, rate) => checkGame(seed, 3, rate)),
      { numRuns: 40, seed: 3 },
    );
  });

  it('plays a hand to the end with the fast random driver, scoring like the move-by-move API', () => {
    const g = new FastGame('driver');
    let total = 0;
    for (let i = 0; i < 2000; i++) {
      if (g.gameOver) g.newGame();
      const ended = g.playRandomHand(0.02);
      expect([ENDED_DOMINO, ENDED_LOCKED, ENDED_TARGET]).toContain(ended);
      for (let s = 0; s < 4; s++) expect(g.scores[s] % 5).toBe(0);
      total += g.tilesOnBoard;
    }
    expect(total).toBeGreaterThan(0);
  });

  it('copyFrom clones a game so that it plays on identically', () => {
    const a = new FastGame('clone');
    a.dealHand();
    for (let i = 0; i < 9 && a.handOver === 0; i++) a.apply(firstMove(a));
    const b = new FastGame(99);
    b.copyFrom(a);
    a.playRandomGame();
    b.playRandomGame();
    expect(Array.from(b.scores)).toEqual(Array.from(a.scores));
    expect(b.gameWinner).toBe(a.gameWinner);
  });

  it('loadPosition reproduces a position from its parts', () => {
    const a = new FastGame('position');
    a.dealHand();
    for (let i = 0; i < 11 && a.handOver === 0; i++) a.apply(firstMove(a));
    expect(a.handOver).toBe(0);
    const b = new FastGame(1);
    b.loadPosition({
      players: 4,
      hands: Array.from(a.hands),
      scores: Array.from(a.scores),
      onBoard: Array.from(a.onBoard, (x) => x === 1),
      turn: a.turn,
      board: a.getBoard(),
    });
    for (let s = 0; s < 4; s++) expect(movesOf(b, s)).toEqual(movesOf(a, s));
    expect(b.openEndTotal()).toBe(a.openEndTotal());
    expect(pipsOf(b.hands[0])).toBe(pipsOf(a.hands[0]));
  });
});

function firstMove(g: FastGame): number {
  const out = new Int32Array(MAX_MOVES);
  return g.legalMoves(g.turn, out) > 0 ? out[0] : MOVE_KNOCK;
}

describe('record export (SPEC 1.8)', () => {
  it('writes a dcs-tournament record with the deal, the yard and every action', () => {
    const g = new FastGame('record', 3);
    const rec = g.record() as FastRecorder;
    g.playRandomGame(0.05);
    const record = rec.toRecord();
    expect(record.ruleset).toBe('dcs-tournament');
    expect(record.players).toBe(3);
    expect(record.partners).toBe(false);
    expect(record.settings).toEqual({});
    const result = rec.toResult();
    expect(record.hands.length).toBe(result.hands.length);
    for (const [i, hand] of record.hands.entries()) {
      expect(hand.deal.length).toBe(3);
      for (const d of hand.deal) expect(d.length).toBe(7);
      expect(hand.yard.length).toBe(7);
      expect(new Set([...hand.deal.flat(), ...hand.yard]).size).toBe(28);
      expect(hand.actions.length).toBe(result.hands[i].log.length);
      const lead = hand.actions[0];
      expect(lead.type === 'play' && lead.end === undefined).toBe(true);
      expect(lead.seat).toBe(result.hands[i].lead?.seat);
    }
    expect(JSON.parse(JSON.stringify(record))).toEqual(record);
  });
});

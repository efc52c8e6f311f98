/**
 * The life of a hand: the live deal, who leads, the start, the end (domino, lock, reshuffle,
 * target) and what follows it — the next hand's lead and picker, or the end of the game.
 */
import { emptyBoard } from '../board';
import { liveDealOrder } from '../deal';
import { doublesInLeadOrder } from '../rulesets';
import { countAward } from '../scoring';
import { isDouble, type Tile } from '../tiles';
import type { GameEndedBy, GameState, HandEndedBy, HandState, PendingLead } from '../types';
import { credit, def, holdingPips, isActive, lastHand, nextActive, sameSide, seats, sideOf, canPlay, type Draft } from './draft';

/**
 * Live deal ("picks first", docs/rules.md): the 28 tiles are shuffled; the
 * picker takes the first hand-size tiles, each following seat clockwise the
 * next ones; what remains is the yard in shuffled order.
 */
export function dealLive(d: Draft): void {
  const s = d.s;
  if (!s.rng) throw new Error('a live game needs its generator');
  const n = s.config.players;
  const size = s.config.settings.handSize;
  const order = liveDealOrder(s.rng, s.hands.length);
  const picker = s.nextPicker;
  const deal: Tile[][] = Array.from({ length: n }, () => []);
  for (let k = 0; k < n; k++) deal[(picker + k) % n] = order.slice(k * size, (k + 1) * size);
  beginHand(d, deal, order.slice(n * size), picker);
}

/** Who must lead `h` among the `active` seats (by default those that have not forfeited); null when nobody holds the double it needs. */
export function resolvePendingLead(state: GameState, h: HandState, active = (seat: number) => isActive(state, seat)): PendingLead | null {
  const rule = h.leadRule;
  if (rule.kind === 'winner') {
    const seat = active(rule.seat) ? rule.seat : nextActive(state, rule.seat, active);
    return { seat, tile: null, reason: 'previous-winner' };
  }
  const order = doublesInLeadOrder(def(state));
  for (const dbl of order) {
    const holder = h.holdings.findIndex((hand, seat) => active(seat) && hand.includes(dbl));
    if (holder < 0) continue;
    const reason = rule.context === 'after-lock' ? 'after-lock' : dbl === order[0] ? 'house-double' : 'next-double';
    return { seat: holder, tile: dbl, reason };
  }
  return null;
}

export function beginHand(d: Draft, deal: Tile[][], yard: Tile[], picker: number | null): void {
  const s = d.s;
  const n = s.config.players;
  const h: HandState = {
    index: s.hands.length,
    deal,
    dealtYard: yard,
    holdings: deal.map((a) => a.slice()),
    yard: yard.slice(),
    yardDrawable: !def(s).tournament,
    picker,
    leadRule: s.nextLead,
    pendingLead: null,
    lead: null,
    board: emptyBoard(),
    turn: null,
    drew: Array<boolean>(n).fill(false),
    dealtDoubles: deal.map((hand) => hand.filter(isDouble).length),
    actions: [],
    log: [],
    points: Array<number>(n).fill(0),
    endedBy: null,
    winner: null,
    void: false,
    startScores: s.scores.slice(),
    startOnBoard: s.onBoard.slice(),
  };
  s.hands.push(h);
  h.pendingLead = resolvePendingLead(s, h);
  d.events.push({ type: 'hand-started', hand: h.index, turn: h.pendingLead?.seat ?? null, pendingLead: h.pendingLead });
  if (!h.pendingLead) {
    // nobody (playing) holds a double for a double lead: reshuffle and deal again
    d.events.push({ type: 'reshuffled', hand: h.index, seat: null });
    closeHand(d, 'reshuffle', null);
    return;
  }
  h.turn = h.pendingLead.seat;
  d.events.push({ type: 'turn', hand: h.index, seat: h.turn });
}

export function finishGame(d: Draft, endedBy: GameEndedBy, winner: number | null): void {
  d.s.finished = true;
  d.s.endedBy = endedBy;
  d.s.winner = winner;
  d.events.push({ type: 'game-ended', endedBy, winner, scores: d.s.scores.slice() });
}

/** The seat that reached the target, preferring `scorer` (a seat of the team that just scored). */
function targetReacher(state: GameState, scorer: number | null): number | null {
  const target = state.config.settings.target;
  if (scorer !== null && state.scores[scorer] >= target) return scorer;
  const other = state.scores.findIndex((v) => v >= target);
  return other >= 0 ? other : null;
}

/** Ends the current hand; ends the game if a seat reached the target; otherwise prepares (and in live mode deals) the next hand. */
export function closeHand(d: Draft, endedBy: HandEndedBy, winner: number | null): void {
  const s = d.s;
  const h = lastHand(d);
  h.endedBy = endedBy;
  h.winner = winner;
  h.turn = null;
  h.pendingLead = null;
  d.events.push({ type: 'hand-ended', hand: h.index, endedBy, winner, points: h.points.slice() });
  if (!s.finished && s.config.singleHand) {
    // a one-hand game (a duplicate board) ends with its hand, whatever the scores; nobody wins the game
    finishGame(d, 'single-hand', null);
  }
  if (!s.finished) {
    const reacher = targetReacher(s, winner);
    if (reacher !== null) finishGame(d, 'target', reacher);
  }
  if (s.finished) return;
  if (endedBy === 'domino' && winner !== null) {
    s.nextLead = { kind: 'winner', seat: winner };
    s.nextPicker = winner;
  } else if (endedBy === 'locked') {
    s.nextLead = { kind: 'double', context: 'after-lock' };
    s.nextPicker = winner ?? h.picker ?? s.nextPicker;
  } else {
    // reshuffle: the next hand is led as this one would have been, the same seat picks first
    s.nextLead = h.leadRule;
    s.nextPicker = h.picker ?? s.nextPicker;
  }
  if (s.mode === 'live') dealLive(d);
}

function isLocked(state: GameState, h: HandState): boolean {
  if (!h.board.lead) return false;
  if (h.yardDrawable && h.yard.length > 0) return false;
  return seats(state).every((seat) => !isActive(state, seat) || !canPlay(h, seat));
}

/** The pips a winning seat counts: every seat not on its side (forfeited seats' tiles still count; sleeping tiles do not). */
export function opponentsPips(state: GameState, h: HandState, winner: number): number {
  return seats(state)
    .filter((seat) => !sameSide(state.config, seat, winner))
    .reduce((sum, seat) => sum + holdingPips(h, seat), 0);
}

function settleLock(d: Draft): void {
  const s = d.s;
  const h = lastHand(d);
  const active = seats(s).filter((seat) => isActive(s, seat));
  const low = Math.min(...active.map((seat) => holdingPips(h, seat)));
  const lows = active.filter((seat) => holdingPips(h, seat) === low);
  const sides = new Set(lows.map((seat) => sideOf(s.config, seat)));
  if (sides.size > 1) {
    d.events.push({ type: 'counted', hand: h.index, seat: null, endedBy: 'locked', count: 0, points: 0 });
    closeHand(d, 'locked', null);
    return;
  }
  const winner = lows[0];
  const count = opponentsPips(s, h, winner);
  const award = countAward(def(s), s.config.settings, s.onBoard[winner], count);
  credit(d, h, winner, award.points, award.getsOn);
  d.events.push({ type: 'counted', hand: h.index, seat: winner, endedBy: 'locked', count, points: award.points });
  closeHand(d, 'locked', winner);
}

/** After a knock, draw or forfeit: lock, or the turn moves on. */
export function continueHand(d: Draft, advanceFrom: number | null): void {
  const h = lastHand(d);
  if (isLocked(d.s, h)) {
    settleLock(d);
    return;
  }
  if (advanceFrom !== null) h.turn = nextActive(d.s, advanceFrom);
  if (h.turn !== null) d.events.push({ type: 'turn', hand: h.index, seat: h.turn });
}

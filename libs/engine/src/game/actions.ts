/**
 * One action applied to a game (`apply`): its shape checked, then a play, knock, draw, doubles
 * reshuffle or forfeit, each on a draft of the state (the state itself is never changed).
 */
import { acceptingEnds, endsTotal, isEnd, openEnds, placeLead, placeTile } from '../board';
import { playAward, countAward } from '../scoring';
import { isDouble, normalizeTile, type Tile } from '../tiles';
import type { Action, ApplyResult, Failure, GameEvent, GameState, HandState, PlayLogEntry } from '../types';
import { canPlay, credit, currentHand, def, draftOf, fail, isActive, lastHand, seats, sideOf, type Draft } from './draft';
import { closeHand, continueHand, finishGame, opponentsPips, resolvePendingLead } from './hands';

const ACTION_TYPES = ['play', 'knock', 'draw', 'reshuffle', 'forfeit'] as const;

/** Checks an action's shape; returns the action or a message. */
export function parseAction(raw: unknown, players: number): Action | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'an action must be an object';
  const a = raw as Record<string, unknown>;
  const seat = a.seat;
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= players) {
    return `seat must be an integer from 0 to ${players - 1}`;
  }
  const type = a.type;
  if (typeof type !== 'string' || !(ACTION_TYPES as readonly string[]).includes(type)) {
    return `unknown action type ${JSON.stringify(type)}`;
  }
  if (type === 'play') {
    if (typeof a.tile !== 'string') return 'a play needs a tile';
    if (a.end !== undefined && !isEnd(a.end)) return `end must be W, E, N or S, not ${JSON.stringify(a.end)}`;
    return a.end === undefined ? { seat, type, tile: a.tile } : { seat, type, tile: a.tile, end: a.end };
  }
  return { seat, type: type as Exclude<Action['type'], 'play'> };
}

export interface ApplyOptions {
  /** the version the client saw; a different current version is STALE_VERSION */
  expectedVersion?: number;
}

/** Applies one action. Never mutates `state`. */
export function apply(state: GameState, action: Action, opts?: ApplyOptions): ApplyResult {
  if (opts?.expectedVersion !== undefined && opts.expectedVersion !== state.version) {
    return fail('STALE_VERSION', `the game is at version ${state.version}, not ${opts.expectedVersion}`);
  }
  const parsed = parseAction(action, state.config.players);
  if (typeof parsed === 'string') return fail('INVALID_ACTION', parsed);
  if (state.finished) return fail('GAME_OVER', 'the game is over');
  const current = currentHand(state);
  if (!current) return fail('HAND_OVER', state.hands.length ? 'the hand is over' : 'no hand has been dealt');
  const seat = parsed.seat;
  if (!isActive(state, seat)) return fail('WRONG_TURN', `seat ${seat} has forfeited`);

  const d: Draft = { s: draftOf(state), events: [] };
  let err: Failure | null;
  switch (parsed.type) {
    case 'play':
      err = doPlay(d, seat, parsed.tile, parsed.end);
      break;
    case 'knock':
      err = doKnock(d, seat);
      break;
    case 'draw':
      err = doDraw(d, seat);
      break;
    case 'reshuffle':
      err = doReshuffle(d, seat);
      break;
    case 'forfeit':
      err = doForfeit(d, seat);
      break;
  }
  if (err) return err;
  d.s.version = state.version + 1;
  return { ok: true, state: d.s, events: d.events };
}

function turnError(h: HandState, seat: number): Failure | null {
  if (h.turn === seat) return null;
  return fail('WRONG_TURN', `it is seat ${h.turn}'s turn, not seat ${seat}'s`);
}

const ORIENTED_TILE = /^\s*([0-6])-([0-6])\s*$/;

function doPlay(d: Draft, seat: number, rawTile: string, end: PlayEnd): Failure | null {
  const s = d.s;
  const h = lastHand(d);
  const te = turnError(h, seat);
  if (te) return te;
  const tile = normalizeTile(rawTile);
  const idx = tile ? h.holdings[seat].indexOf(tile) : -1;
  if (!tile || idx < 0) return fail('TILE_NOT_IN_HAND', `seat ${seat} does not hold ${JSON.stringify(rawTile)}`);
  let placedEnd: PlayEnd;
  if (!h.board.lead) {
    const pending = h.pendingLead;
    if (pending && pending.tile !== null && pending.tile !== tile) {
      return fail('ILLEGAL_LEAD', `the hand must be opened with ${pending.tile} (${pending.reason})`);
    }
    const m = ORIENTED_TILE.exec(rawTile);
    const w = m ? Number(m[1]) : Number(tile[0]);
    const e = m ? Number(m[2]) : Number(tile[2]);
    h.board = placeLead(h.board, w, e);
    h.lead = { seat, tile, reason: pending ? pending.reason : 'previous-winner' };
    h.pendingLead = null;
    h.actions.push({ seat, type: 'play', tile: `${w}-${e}` });
    placedEnd = undefined;
  } else {
    if (end !== undefined) {
      const open = openEnds(h.board).find((o) => o.end === end);
      if (!open) return fail('ILLEGAL_PLAY', `end ${end} is not open`);
      if (!acceptingEnds(h.board, tile).includes(end)) {
        return fail('ILLEGAL_PLAY', `${tile} does not match ${end}, which shows ${open.value}`);
      }
      placedEnd = end;
    } else {
      const fits = acceptingEnds(h.board, tile);
      if (fits.length === 0) return fail('ILLEGAL_PLAY', `${tile} matches no open end`);
      if (fits.length > 1) return fail('AMBIGUOUS_END', `${tile} fits ${fits.join(' and ')}: name the end`);
      placedEnd = fits[0];
    }
    h.board = placeTile(h.board, tile, placedEnd);
    h.actions.push({ seat, type: 'play', tile, end: placedEnd });
  }
  h.holdings[seat].splice(idx, 1);

  const rules = def(s);
  const sum = endsTotal(h.board);
  const award = playAward(rules, s.config.settings, s.onBoard[seat], sum);
  credit(d, h, seat, award.points, award.getsOn);
  const entry: PlayLogEntry = placedEnd === undefined
    ? { seat, type: 'play', tile, sum, points: award.points }
    : { seat, type: 'play', tile, end: placedEnd, sum, points: award.points };

  // doubles bonus (house): the last dealt double played, no draw this hand, on the board after this play's score
  if (!rules.tournament && isDouble(tile) && h.dealtDoubles[seat] >= 4 && !h.drew[seat] && !h.holdings[seat].some(isDouble)) {
    if (s.onBoard[seat]) {
      const bonus = h.dealtDoubles[seat] >= 5 ? 100 : 50;
      credit(d, h, seat, bonus, false);
      entry.bonus = bonus;
    }
  }
  h.log.push(entry);
  d.events.push({ hand: h.index, ...entryEvent(entry) });

  if (!s.config.singleHand && s.scores[seat] >= s.config.settings.target) {
    closeHand(d, 'target', seat);
    return null;
  }
  if (h.holdings[seat].length === 0) {
    const count = opponentsPips(s, h, seat);
    const c = countAward(rules, s.config.settings, s.onBoard[seat], count);
    credit(d, h, seat, c.points, c.getsOn);
    d.events.push({ type: 'counted', hand: h.index, seat, endedBy: 'domino', count, points: c.points });
    closeHand(d, 'domino', seat);
    return null;
  }
  continueHand(d, seat);
  return null;
}

type PlayEnd = 'W' | 'E' | 'N' | 'S' | undefined;

function entryEvent(e: PlayLogEntry): Omit<Extract<GameEvent, { type: 'played' }>, 'hand'> {
  const { seat, tile, end, sum, points, bonus } = e;
  return {
    type: 'played',
    seat,
    tile,
    ...(end !== undefined ? { end } : {}),
    sum,
    points,
    ...(bonus !== undefined ? { bonus } : {}),
  };
}

function doKnock(d: Draft, seat: number): Failure | null {
  const s = d.s;
  const h = lastHand(d);
  const te = turnError(h, seat);
  if (te) return te;
  if (!h.board.lead) return fail('ILLEGAL_LEAD', `seat ${seat} must open the hand, not knock`);
  const playable = canPlay(h, seat);
  if (!def(s).tournament) {
    if (playable) return fail('ILLEGAL_KNOCK', `seat ${seat} holds a playable tile`);
    if (h.yardDrawable && h.yard.length > 0) return fail('ILLEGAL_KNOCK', `seat ${seat} must draw: the yard is not empty`);
  }
  h.actions.push({ seat, type: 'knock' });
  h.log.push({ seat, type: 'knock', falseKnock: playable });
  d.events.push({ type: 'knocked', hand: h.index, seat, falseKnock: playable });
  continueHand(d, seat);
  return null;
}

function doDraw(d: Draft, seat: number): Failure | null {
  const h = lastHand(d);
  const te = turnError(h, seat);
  if (te) return te;
  if (!h.board.lead) return fail('ILLEGAL_LEAD', `seat ${seat} must open the hand, not draw`);
  if (!h.yardDrawable) return fail('ILLEGAL_DRAW', 'there is no yard to draw from at this table');
  if (canPlay(h, seat)) return fail('ILLEGAL_DRAW', `seat ${seat} holds a playable tile`);
  if (h.yard.length === 0) return fail('ILLEGAL_DRAW', 'the yard is empty');
  const tile = h.yard.shift() as Tile;
  h.holdings[seat].push(tile);
  h.drew[seat] = true;
  h.actions.push({ seat, type: 'draw' });
  h.log.push({ seat, type: 'draw' });
  d.events.push({ type: 'drew', hand: h.index, seat });
  continueHand(d, null);
  return null;
}

function doReshuffle(d: Draft, seat: number): Failure | null {
  const h = lastHand(d);
  if (def(d.s).tournament) return fail('ILLEGAL_PLAY', 'there is no doubles reshuffle at tournament tables');
  if (h.board.lead) return fail('ILLEGAL_PLAY', 'a reshuffle must come before the lead');
  if (h.dealtDoubles[seat] < 5) return fail('ILLEGAL_PLAY', `seat ${seat} was dealt ${h.dealtDoubles[seat]} doubles; a reshuffle needs 5 or more`);
  h.actions.push({ seat, type: 'reshuffle' });
  h.log.push({ seat, type: 'reshuffle' });
  d.events.push({ type: 'reshuffled', hand: h.index, seat });
  closeHand(d, 'reshuffle', null);
  return null;
}

function doForfeit(d: Draft, seat: number): Failure | null {
  const s = d.s;
  const h = lastHand(d);
  s.forfeited[seat] = true;
  s.forfeitOrder.push(seat);
  h.actions.push({ seat, type: 'forfeit' });
  h.log.push({ seat, type: 'forfeit' });
  d.events.push({ type: 'forfeited', hand: h.index, seat });
  const active = seats(s).filter((x) => isActive(s, x));
  const sides = new Set(active.map((x) => sideOf(s.config, x)));
  if (sides.size <= 1) {
    const winner = active.length ? active[0] : null;
    finishGame(d, 'forfeit', winner);
    closeHand(d, 'forfeit', winner);
    return null;
  }
  if (!h.board.lead) {
    // the hand is not opened yet: the lead is decided again among the seats still playing
    h.pendingLead = resolvePendingLead(s, h);
    if (!h.pendingLead) {
      d.events.push({ type: 'reshuffled', hand: h.index, seat: null });
      closeHand(d, 'reshuffle', null);
      return null;
    }
    h.turn = h.pendingLead.seat;
    d.events.push({ type: 'turn', hand: h.index, seat: h.turn });
    return null;
  }
  continueHand(d, h.turn === seat ? seat : null);
  return null;
}

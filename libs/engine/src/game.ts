/**
 * The game: creation, deals, `apply` of one action, legal moves, the hard
 * stop and the places at a table. Pure: randomness comes from the seeded
 * generator whose state lives in the game state.
 */
import { acceptingEnds, emptyBoard, endsTotal, isEnd, openEnds, placeLead, placeTile } from './board';
import { liveDealOrder } from './deal';
import { seedRng } from './rng';
import { doublesInLeadOrder, resolveConfig, RULESETS, type RulesetDef } from './rulesets';
import { countAward, playAward, skunkLine } from './scoring';
import { ALL_TILES, isDouble, normalizeTile, pips, type Tile } from './tiles';
import type {
  Action,
  ApplyResult,
  CreateResult,
  EngineError,
  ErrorCode,
  Failure,
  GameConfig,
  GameEndedBy,
  GameEvent,
  GameState,
  HandEndedBy,
  HandLead,
  HandState,
  PendingLead,
  PlayLogEntry,
} from './types';

// ---------------------------------------------------------------- helpers

function fail(code: ErrorCode, message: string): Failure {
  return { ok: false, error: { code, message } };
}

function def(state: GameState): RulesetDef {
  return RULESETS[state.config.ruleset];
}

function seats(state: GameState): number[] {
  return Array.from({ length: state.config.players }, (_, i) => i);
}

/** Partners play 0&2 against 1&3; otherwise every seat is its own side. */
export function sideOf(config: GameConfig, seat: number): number {
  return config.partners ? seat % 2 : seat;
}

function sameSide(config: GameConfig, a: number, b: number): boolean {
  return sideOf(config, a) === sideOf(config, b);
}

function isActive(state: GameState, seat: number): boolean {
  return !state.forfeited[seat];
}

/** The next seat clockwise after `seat` that has not forfeited (`seat` itself if none). */
function nextActive(state: GameState, seat: number, active = (x: number) => isActive(state, x)): number {
  const n = state.config.players;
  for (let k = 1; k <= n; k++) {
    const s = (seat + k) % n;
    if (active(s)) return s;
  }
  return seat;
}

/** The hand being played, or null (none yet, or the last one is over). */
export function currentHand(state: GameState): HandState | null {
  const h = state.hands[state.hands.length - 1];
  return h && h.endedBy === null ? h : null;
}

function canPlay(h: HandState, seat: number): boolean {
  if (!h.board.lead) return h.pendingLead?.seat === seat;
  return h.holdings[seat].some((t) => acceptingEnds(h.board, t).length > 0);
}

function holdingPips(h: HandState, seat: number): number {
  return h.holdings[seat].reduce((sum, t) => sum + pips(t), 0);
}

function cloneHand(h: HandState): HandState {
  return {
    ...h,
    holdings: h.holdings.map((a) => a.slice()),
    yard: h.yard.slice(),
    pendingLead: h.pendingLead ? { ...h.pendingLead } : null,
    lead: h.lead ? { ...h.lead } : null,
    drew: h.drew.slice(),
    actions: h.actions.slice(),
    log: h.log.slice(),
    points: h.points.slice(),
    // board, deal, dealtYard, dealtDoubles, start* and leadRule are replaced, never mutated
  };
}

/** A copy safe to change: arrays of the game and the current hand are copied; finished hands are shared (never mutated). */
function draftOf(state: GameState): GameState {
  const hands = state.hands.slice();
  const last = hands.length - 1;
  if (last >= 0 && hands[last].endedBy === null) hands[last] = cloneHand(hands[last]);
  return {
    ...state,
    config: state.config,
    rng: state.rng ? [state.rng[0], state.rng[1], state.rng[2], state.rng[3]] : null,
    scores: state.scores.slice(),
    onBoard: state.onBoard.slice(),
    forfeited: state.forfeited.slice(),
    forfeitOrder: state.forfeitOrder.slice(),
    hands,
  };
}

interface Draft {
  s: GameState;
  events: GameEvent[];
}

function lastHand(d: Draft): HandState {
  return d.s.hands[d.s.hands.length - 1];
}

/** Adds points to a seat (and its partner), and records them as that seat's in this hand. */
function credit(d: Draft, h: HandState, seat: number, points: number, getsOn: boolean): void {
  for (const s of seats(d.s)) {
    if (!sameSide(d.s.config, s, seat)) continue;
    d.s.scores[s] += points;
    if (getsOn) d.s.onBoard[s] = true;
  }
  h.points[seat] += points;
}

// ---------------------------------------------------------------- creation

export interface CreateGameOptions {
  ruleset: string;
  settings?: Record<string, unknown>;
  players: number;
  partners?: boolean;
  /** the per-game secret seed (SPEC 3.3); its hash is published at the start, the seed at the end */
  seed: string;
}

function blankState(config: GameConfig, mode: 'live' | 'record', rng: GameState['rng']): GameState {
  const n = config.players;
  const everyoneOn = !RULESETS[config.ruleset].tournament && config.settings.getOn === 0;
  return {
    engine: 'dcs-dominoes',
    format: 1,
    mode,
    config,
    version: 0,
    rng,
    scores: Array<number>(n).fill(0),
    onBoard: Array<boolean>(n).fill(everyoneOn),
    forfeited: Array<boolean>(n).fill(false),
    forfeitOrder: [],
    hands: [],
    nextLead: { kind: 'double', context: 'first' },
    nextPicker: 0,
    finished: false,
    winner: null,
    endedBy: null,
  };
}

/** A live game: validates the table, seeds the generator and deals the first hand. */
export function createGame(opts: CreateGameOptions): CreateResult {
  const resolved = resolveConfig(opts);
  if (!resolved.ok) return resolved;
  if (typeof opts.seed !== 'string' || opts.seed.length === 0) return fail('INVALID_SETTINGS', 'a seed is required');
  const state = blankState(resolved.config, 'live', seedRng(opts.seed));
  const d: Draft = { s: state, events: [] };
  dealLive(d);
  return { ok: true, state: d.s };
}

export interface RecordHeader {
  ruleset: unknown;
  settings?: unknown;
  players: unknown;
  partners?: unknown;
}

/** A game whose hands are dealt explicitly with startHand (replay of a record). */
export function createGameFromRecordHeader(header: RecordHeader): CreateResult {
  const resolved = resolveConfig(header);
  if (!resolved.ok) return resolved;
  return { ok: true, state: blankState(resolved.config, 'record', null) };
}

/** Validates an explicit deal; returns the normalised hands and yard or an INVALID_DEAL error. */
export function validateDeal(
  config: GameConfig,
  deal: unknown,
  yard: unknown,
): { ok: true; deal: Tile[][]; yard: Tile[] } | Failure {
  const n = config.players;
  const size = config.settings.handSize;
  if (!Array.isArray(deal) || deal.length !== n) return fail('INVALID_DEAL', `the deal must have ${n} hands`);
  const yardRaw = yard ?? [];
  if (!Array.isArray(yardRaw)) return fail('INVALID_DEAL', 'the yard must be an array');
  const seen = new Set<Tile>();
  const take = (raw: unknown, where: string): Tile | EngineError => {
    const t = normalizeTile(raw);
    if (!t) return { code: 'INVALID_DEAL', message: `${where}: unknown tile ${JSON.stringify(raw)}` };
    if (seen.has(t)) return { code: 'INVALID_DEAL', message: `${where}: duplicate tile ${t}` };
    seen.add(t);
    return t;
  };
  const hands: Tile[][] = [];
  for (let s = 0; s < n; s++) {
    const hand: unknown = deal[s];
    if (!Array.isArray(hand)) return fail('INVALID_DEAL', `hand ${s} must be an array of tiles`);
    if (hand.length !== size) return fail('INVALID_DEAL', `seat ${s} is dealt ${hand.length} tiles, not ${size}`);
    const out: Tile[] = [];
    for (const raw of hand) {
      const t = take(raw, `seat ${s}`);
      if (typeof t !== 'string') return { ok: false, error: t };
      out.push(t);
    }
    hands.push(out);
  }
  const outYard: Tile[] = [];
  for (const raw of yardRaw) {
    const t = take(raw, 'yard');
    if (typeof t !== 'string') return { ok: false, error: t };
    outYard.push(t);
  }
  if (seen.size !== ALL_TILES.length) {
    return fail('INVALID_DEAL', `hands and yard hold ${seen.size} tiles, not ${ALL_TILES.length}`);
  }
  return { ok: true, deal: hands, yard: outYard };
}

/** Record mode: starts the next hand with an explicit deal and yard. */
export function startHand(state: GameState, deal: unknown, yard: unknown): ApplyResult {
  if (state.finished) return fail('GAME_OVER', 'the game is over');
  if (state.mode === 'live') return fail('HAND_IN_PROGRESS', 'a live game deals its own hands');
  if (currentHand(state)) return fail('HAND_IN_PROGRESS', `hand ${state.hands.length - 1} is not finished`);
  const v = validateDeal(state.config, deal, yard);
  if (!v.ok) return v;
  const d: Draft = { s: draftOf(state), events: [] };
  beginHand(d, v.deal, v.yard, null);
  d.s.version = state.version + 1;
  return { ok: true, state: d.s, events: d.events };
}

// ---------------------------------------------------------------- hands

/**
 * Live deal ("picks first", docs/rules.md): the 28 tiles are shuffled; the
 * picker takes the first hand-size tiles, each following seat clockwise the
 * next ones; what remains is the yard in shuffled order.
 */
function dealLive(d: Draft): void {
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
function resolvePendingLead(state: GameState, h: HandState, active = (seat: number) => isActive(state, seat)): PendingLead | null {
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

function beginHand(d: Draft, deal: Tile[][], yard: Tile[], picker: number | null): void {
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

function finishGame(d: Draft, endedBy: GameEndedBy, winner: number | null): void {
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
function closeHand(d: Draft, endedBy: HandEndedBy, winner: number | null): void {
  const s = d.s;
  const h = lastHand(d);
  h.endedBy = endedBy;
  h.winner = winner;
  h.turn = null;
  h.pendingLead = null;
  d.events.push({ type: 'hand-ended', hand: h.index, endedBy, winner, points: h.points.slice() });
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
function opponentsPips(state: GameState, h: HandState, winner: number): number {
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
function continueHand(d: Draft, advanceFrom: number | null): void {
  const h = lastHand(d);
  if (isLocked(d.s, h)) {
    settleLock(d);
    return;
  }
  if (advanceFrom !== null) h.turn = nextActive(d.s, advanceFrom);
  if (h.turn !== null) d.events.push({ type: 'turn', hand: h.index, seat: h.turn });
}

// ---------------------------------------------------------------- actions

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

  if (s.scores[seat] >= s.config.settings.target) {
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

// ---------------------------------------------------------------- queries

/**
 * The actions `seat` may take now, by the book: plays (with their end), a
 * draw or a knock when it cannot play, a doubles reshuffle when entitled. A
 * false knock (accepted at tournament tables) is not a legal move and is not listed.
 */
export function legalMoves(state: GameState, seat: number): Action[] {
  const h = currentHand(state);
  if (state.finished || !h || seat < 0 || seat >= state.config.players || !isActive(state, seat)) return [];
  const out: Action[] = [];
  if (!h.board.lead && !def(state).tournament && h.dealtDoubles[seat] >= 5) out.push({ seat, type: 'reshuffle' });
  if (h.turn !== seat) return out;
  if (!h.board.lead) {
    const required = h.pendingLead?.tile ?? null;
    for (const tile of h.holdings[seat]) if (required === null || tile === required) out.push({ seat, type: 'play', tile });
    return out;
  }
  for (const tile of h.holdings[seat]) {
    for (const end of acceptingEnds(h.board, tile)) out.push({ seat, type: 'play', tile, end });
  }
  if (out.some((a) => a.type === 'play')) return out;
  out.push(h.yardDrawable && h.yard.length > 0 ? { seat, type: 'draw' } : { seat, type: 'knock' });
  return out;
}

/**
 * A hand's SPEC 1.8 `lead`: the tile led and why; or, when no tile was led (the hand waits for its lead, or ended
 * before one: a reshuffle as its first action, nobody holding the double needed, a forfeit or a hard stop), `tile`
 * null and who was due to lead when it ended, and why — `seat` null when nobody held the double needed.
 */
export function handLead(state: GameState, h: HandState): HandLead {
  if (h.lead) return { ...h.lead };
  if (h.pendingLead) return { seat: h.pendingLead.seat, tile: null, reason: h.pendingLead.reason };
  // Ended before a lead: due among the seats still playing when it ended (before the lead nobody draws, so the
  // holdings are the deal; a seat that forfeited in this hand or an earlier one was no longer due).
  const out = new Set(state.hands.slice(0, h.index + 1).flatMap((x) => x.actions.filter((a) => a.type === 'forfeit').map((a) => a.seat)));
  const due = resolvePendingLead(state, h, (seat) => !out.has(seat));
  if (due) return { seat: due.seat, tile: null, reason: due.reason };
  return { seat: null, tile: null, reason: h.leadRule.kind === 'double' && h.leadRule.context === 'after-lock' ? 'after-lock' : 'house-double' };
}

/**
 * The 30-minute hard stop (SPEC 3.4): the game ends at once; the hand in
 * progress is void (its points are taken back, see docs/rules.md); the places
 * are decided by score. The winner is the single highest score, or null when
 * the top is tied (the caller runs the tiebreaker draw; see tablePlaces).
 * With `endedBy: 'void'` the same stop ends a game a director voids (or a
 * cancelled challenge's): it says so, and has no winner.
 */
export function hardStop(state: GameState, endedBy: 'hard-stop' | 'void' = 'hard-stop'): ApplyResult {
  if (state.finished) return fail('GAME_OVER', 'the game is over');
  const d: Draft = { s: draftOf(state), events: [] };
  const s = d.s;
  const h = currentHand(s);
  if (h) {
    s.scores = h.startScores.slice();
    s.onBoard = h.startOnBoard.slice();
    h.void = true;
    h.points = h.points.map(() => 0);
    closeHandWithoutFollowUp(d, endedBy);
  }
  const places = tablePlaces({ ...s, finished: true, endedBy });
  const top = places.places[0];
  // A voided game is replayed from the start: it has no winner.
  const winner = endedBy === 'hard-stop' && top && places.ties.every((group) => !group.includes(top.seat)) ? top.seat : null;
  finishGame(d, endedBy, winner);
  s.version = state.version + 1;
  return { ok: true, state: s, events: d.events };
}

function closeHandWithoutFollowUp(d: Draft, endedBy: HandEndedBy): void {
  const h = lastHand(d);
  h.endedBy = endedBy;
  h.winner = null;
  h.turn = null;
  h.pendingLead = null;
  d.events.push({ type: 'hand-ended', hand: h.index, endedBy, winner: null, points: h.points.slice() });
}

export interface TablePlace {
  seat: number;
  /** 1-based; tied seats share the better place number */
  place: number;
  score: number;
  reachedTarget: boolean;
  forfeited: boolean;
}

export interface TablePlaces {
  /** seats from 1st to last (tied seats in seat order) */
  order: number[];
  places: TablePlace[];
  /** groups of two or more seats tied on the same place (to settle with the 6-4/5-5 draw where it matters) */
  ties: number[][];
}

/**
 * Places at a table (SPEC 3.5): the winner (the seat that reached the target,
 * or the last seat standing after forfeits) first; then by score, highest
 * first; forfeited seats last, the earliest forfeit last of all.
 */
export function tablePlaces(state: GameState): TablePlaces {
  const target = state.config.settings.target;
  const all = seats(state);
  const winner = state.winner !== null && state.endedBy !== 'hard-stop' && state.endedBy !== 'void' ? state.winner : null;
  const standing = all.filter((x) => isActive(state, x) && x !== winner).sort((a, b) => state.scores[b] - state.scores[a] || a - b);
  const forfeitedLast = state.forfeitOrder.slice().reverse().filter((x) => x !== winner);
  const order = [...(winner !== null ? [winner] : []), ...standing, ...forfeitedLast];
  const places: TablePlace[] = [];
  const ties: number[][] = [];
  let i = 0;
  while (i < order.length) {
    const seat = order[i];
    const tiable = seat !== winner && isActive(state, seat);
    let j = i + 1;
    if (tiable) {
      while (j < order.length && isActive(state, order[j]) && order[j] !== winner && state.scores[order[j]] === state.scores[seat]) j++;
    }
    for (let k = i; k < j; k++) {
      const x = order[k];
      places.push({ seat: x, place: i + 1, score: state.scores[x], reachedTarget: state.scores[x] >= target, forfeited: !isActive(state, x) });
    }
    if (j - i > 1) ties.push(order.slice(i, j));
    i = j;
  }
  return { order, places, ties };
}

/** Losers under the skunk line (house tables only; the tournament has no skunks). */
export function skunkedSeats(state: GameState): number[] {
  if (!state.finished || state.winner === null || def(state).tournament) return [];
  const line = skunkLine(state.config.settings.target);
  const winner = state.winner;
  return seats(state).filter((x) => !sameSide(state.config, x, winner) && state.scores[x] < line);
}


/**
 * The socket.io contract of the live tables (namespace `/live`), client→server and server→client,
 * in one place. It is pure types (no Nest, Prisma or socket.io import) so that both the API
 * (apps/api/src/live/live.events.ts re-exports it) and the web app (apps/web) import this one
 * module. docs/realtime.md describes each event with example payloads.
 */
import type * as V from './voice.contract';
import type { ErrorBody } from '../errors/error-body';
import type { TiebreakPublicView, TiebreakHand, TiebreakOutcome } from '@dcs/engine/tiebreak';

/** A game as one viewer sees it (GameViewResponseDto implements it: the HTTP answer is the same shape). */
export interface GameViewPayload {
  gameId: string;
  tableId: string | null;
  /** a house game's table (GET /house/tables/:id), to the people seated and staff; null otherwise */
  houseTableId: string | null;
  /** the viewer's seat, null for a spectator */
  seat: number | null;
  status: string;
  /** sha256 of the deal seed, published when the game starts */
  seedHash: string;
  /** the deal seed, revealed only when the game has ended */
  seed: string | null;
  /** when the clock of the seat on turn runs out (server time, ISO); null when not known or over */
  turnDeadline: string | null;
  /** the deal's public parts (issue 24): the contributions as they arrive, whether the window is open */
  fairness: FairnessPayload;
  /** the engine's view for this viewer: own tiles only for a seated player (none while the window is open: `view.version` is -1) */
  view: unknown;
  /** each seat's clock run-outs (tickets) so far, by seat; in the `join` answer only (then `game:clock` keeps it current; `GET /games/:id/view` is the view `game:view` pushes) */
  tickets?: number[];
  /** the run-out that forfeits the game (the `ticketsToForfeit`-th ticket); with `tickets` */
  ticketsToForfeit?: number;
}

/** The answer to a move (ActionResponseDto implements it). */
export interface ActionResultPayload extends GameViewPayload {
  /** false when this was a retry of an action already applied */
  applied: boolean;
  events: unknown[];
}

/** One version a reconnecting client missed: public facts only (a draw never names its tile). */
export interface MissedEvent {
  seq: number;
  type: 'play' | 'knock' | 'draw' | 'reshuffle' | 'forfeit' | 'stopped';
  seat: number | null;
  tile?: string;
  end?: string;
  /** a seated player's move, or the system's (a turn-clock forfeit, a director, a hard stop) */
  by: 'player' | 'system';
  at: string | null;
}

import type { ChatMessage } from './chat.contract';
export type { ChatMessage };

/** One seat of a decided table. */
export interface SeatResult {
  userId: string;
  seat: number;
  score: number;
  /** 1-based; at the final table 3rd and 4th both show 3 (they share 3rd-4th) */
  place: number;
  advanced: boolean;
  forfeited: boolean;
}

/** Every acknowledgement: the result, or the same `{ code, message, details? }` as an HTTP error body. */
export type Ack<T> = ({ ok: true } & T) | { ok: false; error: ErrorBody };

/** Table chat: the text (1-500 characters) and an optional idempotency key for retries. */
export interface ChatPayload {
  gameId: string;
  text: string;
  requestId?: string;
}

export interface JoinGamePayload {
  gameId: string;
  /** the last `seq` this client saw of the game (a reconnect or a second tab): the answer adds what it missed */
  since?: number;
}

export interface TiebreakPickPayload {
  tiebreakId: string;
  /** 0 … 27, a face-down position not taken yet */
  position: number;
}

export interface ActionPayload {
  gameId: string;
  type: 'play' | 'knock' | 'draw' | 'reshuffle';
  tile?: string;
  end?: 'W' | 'E' | 'N' | 'S';
  version: number;
  requestId?: string;
}

export interface WatchChallengePayload {
  challengeId: string;
}

/** `seq` is the game version the view shows; it rises by one with each accepted move. */
export interface JoinedGame {
  seq: number;
  view: GameViewPayload;
  /** with `since`: one entry per version since+1 … seq, in order (public facts only) */
  missed?: MissedEvent[];
  /** the game is over and its table's 6-4/5-5 draw is open: the draw as `GET /tiebreaks/:id` shows it (positions only) */
  tiebreak?: TiebreakPublicView & { id: string; tableId: string | null; closesAt: string; decided: boolean };
}

export interface ActedGame {
  seq: number;
  view: ActionResultPayload;
}

/** Deals no one can steer (issue 24, docs/rules.md): the deal's seed is sha256(seed + contributions in seat order). */
export interface FairnessPayload {
  /** one per seat: 64 hex, '' (none: a computer, or a person who sent none in time), null (not sent yet, window open); null: a game dealt from the server's seed alone */
  contributions: (string | null)[] | null;
  /** while the contribution window is open (ISO): the game is dealt then; null once dealt */
  dealClosesAt: string | null;
}

/** A seated person's contribution to the deal: 32 random bytes from the page, as 64 lower-case hex; `seat`, when given, must be the caller's. */
export interface ContributePayload {
  gameId: string;
  contribution: string;
  seat?: number;
}

export interface ContributedGame extends FairnessPayload {
  gameId: string;
  seat: number;
  seedHash: string;
}

/** A contribution came in (to the game's room and its seated players): the commitment and the contributions so far. */
export interface GameFairnessEvent extends FairnessPayload {
  gameId: string;
  seedHash: string;
}

export interface ClientToServerEvents {
  /** A seated person's contribution while the game's window is open (FairDeal.contribute, the same as POST /games/:id/contribution). */
  contribute: (payload: ContributePayload, ack: (res: Ack<ContributedGame>) => void) => void;
  /** Joins `game:<id>` and answers the caller's current view (own seat if seated, public otherwise). */
  join: (payload: JoinGamePayload, ack: (res: Ack<JoinedGame>) => void) => void;
  /** Leaves `game:<id>`; a seated player still gets their own views through their user room. */
  leave: (payload: JoinGamePayload, ack: (res: Ack<{ gameId: string }>) => void) => void;
  /** A move for the caller's own seat: GamesService.act, the same rules as POST /games/:id/actions. */
  action: (payload: ActionPayload, ack: (res: Ack<ActedGame>) => void) => void;
  /** Joins `challenge:<id>` (bracket and standings pushes). */
  watchChallenge: (payload: WatchChallengePayload, ack: (res: Ack<{ challengeId: string }>) => void) => void;
  /** A tied player takes a face-down tile: ChallengeFlowService.pickTile, the same as POST /tiebreaks/:id/picks; a repeat is answered, not applied twice. */
  'tiebreak:pick': (payload: TiebreakPickPayload, ack: (res: Ack<{ tiebreak: TiebreakPublicView }>) => void) => void;
  /** Table chat (seated players): filtered before delivery (SPEC 6); delivered as `chat:message` to the table. */
  chat: (payload: ChatPayload, ack: (res: Ack<{ message: ChatMessage }>) => void) => void;
  /** Voice on at a table (seated people; not at tournament tables nor between opponents at stake tables): the peers to call. */
  'voice:join': (payload: V.VoiceJoinPayload, ack: (res: Ack<V.VoiceJoined>) => void) => void;
  'voice:leave': (payload: V.VoiceJoinPayload, ack: (res: Ack<{ gameId: string }>) => void) => void;
  /** An offer, answer or ICE candidate for one person the caller may talk with; relayed as `voice:signal` to them alone. */
  'voice:signal': (payload: V.VoiceSignalPayload, ack: (res: Ack<{ gameId: string }>) => void) => void;
  /** Team text (partners tables): the table chat's filter; delivered as `team:message` to the two partners only. */
  'team:chat': (payload: V.TeamChatPayload, ack: (res: Ack<{ message: V.TeamMessage }>) => void) => void;
}

/** A game changed. A seated player's `view` is their own seat view; anyone else's the public view. */
export interface GameViewEvent {
  gameId: string;
  seq: number;
  view: GameViewPayload;
}

/** A turn clock ran out: a ticket for `seat`, the clock restarted (the turn is not skipped; `seq` is unchanged). */
export interface GameClockEvent {
  gameId: string;
  seq: number;
  seat: number;
  attempt: number;
  /** this seat's tickets in the game so far; the `ticketsToForfeit`-th forfeits */
  tickets: number;
  ticketsToForfeit: number;
  turnDeadline: string;
}

export interface TiebreakOpenEvent {
  tiebreakId: string;
  challengeId: string;
  tableId: string | null;
  gameId: string | null;
  round: number;
  place: number;
  players: string[];
  contenders: string[];
  winners: string[];
  handSize: number;
  /** face-down positions 0 … positions-1 (28) */
  positions: number;
  taken: { playerId: string; position: number }[];
  version: number;
  closesAt: string;
}

export interface TiebreakPickedEvent {
  tiebreakId: string;
  tableId: string;
  round: number;
  version: number;
  playerId: string;
  position: number;
  taken: { playerId: string; position: number }[];
}

export interface TiebreakRevealEvent {
  tiebreakId: string;
  tableId: string;
  challengeId: string;
  round: number;
  place: number;
  contenders: string[];
  picks: { playerId: string; position: number; tile: string; auto: boolean }[];
  hands: TiebreakHand[];
  outcome: TiebreakOutcome;
  /** false: a split or nobody drew a deciding tile, a new round opens (`tiebreak:open`) */
  decided: boolean;
  winners: string[];
  order: string[] | null;
}

export interface TableResultEvent {
  challengeId: string;
  roundId: string;
  round: number;
  tableId: string;
  table: number;
  endedBy: string | null;
  final: boolean;
  result: SeatResult[];
  /** Present when a director corrected an earlier result (with the audited reason). */
  corrected?: true;
  reason?: string;
}

/** A director disqualified a player (their current table's seat forfeits); the bracket marks them. */
export interface PlayerDisqualifiedEvent {
  challengeId: string;
  userId: string;
  displayName: string;
  /** the table they sat at when disqualified, if any */
  tableId: string | null;
  reason: string;
}

/** A director voided a table's undecided game: its players continue in the new game (a replay). */
export interface TableVoidedEvent {
  challengeId: string;
  roundId: string;
  round: number;
  tableId: string;
  table: number;
  voidedGameId: string | null;
  gameId: string;
  reason: string;
}

export interface RoundStartedEvent {
  challengeId: string;
  roundId: string;
  round: number;
  startsAt: string | null;
  hardStopAt: string | null;
  tables: { tableId: string; table: number; gameId: string; seats: { seat: number; userId: string }[] }[];
}

export interface RoundFinishedEvent {
  challengeId: string;
  roundId: string;
  round: number;
  next: { roundId: string; round: number; startsAt: string } | null;
  completed: boolean;
}

export interface RoundHardStopEvent {
  challengeId: string;
  roundId: string;
  round: number;
  at: string;
  tables: { tableId: string; table: number }[];
}

export interface NotificationEvent {
  kind: 'table.seated' | 'tiebreak.started' | string;
  title: string;
  body: string;
  data: Record<string, unknown>;
}

/** A house table dealt its game (SPEC 8.1): join `game:<gameId>` and GET /games/:id/view. */
export interface HouseDealtEvent {
  tableId: string;
  gameId: string;
}

/**
 * A seat's clock ran out at a house table (SPEC 8.3-8.6): the penalty, and whether it forfeited the game (5 dumbbells in one turn).
 * The people seated get it whole (their user rooms); the game room's other sockets (spectators) get only that the clock
 * restarted: `tableId` and `penalty` null (SPEC 8.4: penalties to the table's players and staff only).
 */
export interface HouseRunOutEvent {
  gameId: string;
  tableId: string | null;
  seq: number;
  seat: number;
  attempt: number;
  /** `computer`: a computer seat's run-out (no penalty; it goes in the Clock Jar); null: a spectator's copy */
  penalty: 'ticket' | 'dumbbell' | 'computer' | null;
  forfeited: boolean;
  /** the restarted clock's deadline; null after a forfeit */
  turnDeadline: string | null;
}

/**
 * A house game was settled once (SPEC 8.1, 8.6): the payments, workouts and Clock Jar payouts, to the people seated
 * (`full: true`). Spectators in the game room get the public result (`full: false`): winner, scores, forfeits; `tableId`
 * null, no payments, empty workouts and jar.
 */
export interface HouseSettledEvent {
  tableId: string | null;
  gameId: string;
  full: boolean;
  winner: number | null;
  scores: number[];
  forfeited: boolean[];
  payments?: { from: number; to: number; amount: number; skunk: boolean }[];
  house?: number;
  workouts: unknown[];
  jar: unknown[];
}

/**
 * Why the server is about to close this socket (`auth:revoked`: the token was revoked — sign out
 * everywhere, a password or role change, a ban; `auth:expired`: its `exp` passed). The error body a
 * request with that token would get (`INVALID_TOKEN`, `ROLES_CHANGED`, `ACCOUNT_BANNED`); the socket
 * is closed right after it (`disconnect` reason `io server disconnect`): sign in again and reconnect.
 */
export type SessionEndedEvent = ErrorBody;

/** Someone at a call: their id and name. */
export interface DirectorCallPerson {
  id: string;
  displayName: string;
}

/**
 * "Call the director" (SPEC 7): a call as `GET /api/challenges/:id/director-calls` lists it (DirectorCallDto
 * implements it). `director-call:new` goes to the directors of the challenge's city when it is made;
 * `director-call:updated` to them and to the caller when it is acknowledged or resolved.
 */
export interface DirectorCallEvent {
  id: string;
  challengeId: string;
  tableId: string;
  /** the table's number in its round (0-based) */
  tableIndex: number;
  round: number;
  /** the table's game and its version when the call was made */
  gameId: string | null;
  gameVersion: number | null;
  caller: DirectorCallPerson;
  callerRole: 'player' | 'spectator';
  /** rules_question, wrong_result, clock_problem, misconduct, technical, other */
  reason: string;
  message: string;
  status: 'open' | 'acknowledged' | 'resolved';
  createdAt: string;
  /** seconds since the call until it was resolved, or until now */
  waitingSeconds: number;
  acknowledgedBy: DirectorCallPerson | null;
  acknowledgedAt: string | null;
  resolvedBy: DirectorCallPerson | null;
  resolvedAt: string | null;
  resolutionNote: string | null;
  /** none, void, correct, disqualify (the act taken with the resolution, audited as its own endpoint audits it) */
  resolutionAct: string | null;
}

export interface ServerToClientEvents {
  'auth:revoked': (event: SessionEndedEvent) => void;
  'auth:expired': (event: SessionEndedEvent) => void;
  'game:view': (event: GameViewEvent) => void;
  'game:fairness': (event: GameFairnessEvent) => void;
  'chat:message': (event: ChatMessage) => void;
  'game:clock': (event: GameClockEvent) => void;
  'tiebreak:open': (event: TiebreakOpenEvent) => void;
  'tiebreak:picked': (event: TiebreakPickedEvent) => void;
  'tiebreak:reveal': (event: TiebreakRevealEvent) => void;
  'table:result': (event: TableResultEvent) => void;
  'table:voided': (event: TableVoidedEvent) => void;
  'player:disqualified': (event: PlayerDisqualifiedEvent) => void;
  'round:started': (event: RoundStartedEvent) => void;
  'round:finished': (event: RoundFinishedEvent) => void;
  'round:hard-stop': (event: RoundHardStopEvent) => void;
  notification: (event: NotificationEvent) => void;
  'house:dealt': (event: HouseDealtEvent) => void;
  'house:run-out': (event: HouseRunOutEvent) => void;
  'house:settled': (event: HouseSettledEvent) => void;
  'director-call:new': (event: DirectorCallEvent) => void;
  'director-call:updated': (event: DirectorCallEvent) => void;
  'voice:peer': (event: V.VoicePeerEvent) => void;
  'voice:signal': (event: V.VoiceSignalEvent) => void;
  'team:message': (event: V.TeamMessage) => void;
}

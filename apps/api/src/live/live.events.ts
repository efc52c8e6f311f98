/**
 * The socket.io contract of the live tables (namespace `/live`): the pure event and payload types
 * live in @dcs/common/live/live.contract (shared with the web app); this module adds what only the
 * server needs. docs/realtime.md describes each event with example payloads.
 */
import type { Namespace, Socket } from 'socket.io';
import type { ErrorBody } from '@dcs/common';
import type { TokenPayload } from '../common/auth.guard';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions, IntersectionType } from '@nestjs/swagger';
import type * as Contract from '@dcs/common/live/live.contract';
import type { ChatMessage, MissedEvent, SeatResult } from '@dcs/common/live/live.contract';
import type { TiebreakHand, TiebreakOutcome } from '@dcs/engine';
import { LIVE_NAMESPACE, liveRooms } from '@dcs/tournament';
import { ErrorResponseDto } from '../common/openapi';
import { ActionResponseDto, ContributedDto, FairnessDto, GameViewResponseDto } from '../games/games.dto';
import { SeatResultDto } from '../tables/tables.dto';
import { TiebreakPublicViewDto, TiebreakViewDto } from '../tiebreaks/tiebreaks.dto';

export * from '@dcs/common/live/live.contract';
export { LIVE_NAMESPACE };
/** Room names (shared with the worker, which emits through Redis: see LiveEmitter). */
export const rooms = liveRooms;

/*
 * The payloads are classes with OpenAPI metadata so that the AsyncAPI document (live.asyncapi.ts,
 * served at /docs/asyncapi.json) is generated from them; each implements its interface in the shared
 * contract (@dcs/common/live/live.contract, which the gateway's event maps and the web app use), so the
 * compiler keeps the document and the contract in step.
 */
/*
 * The payloads are classes with OpenAPI metadata so that the AsyncAPI document (live.asyncapi.ts,
 * served at /docs/asyncapi.json) is generated from the very types the gateway and its clients use.
 */

const UUID: ApiPropertyOptions = { format: 'uuid' };
const UUIDS: ApiPropertyOptions = { type: [String], format: 'uuid' };

/** Table chat: the text (1-500 characters) and an optional idempotency key for retries. */
export class ChatPayload implements Contract.ChatPayload {
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty({ minLength: 1, maxLength: 500 }) text!: string;
  @ApiPropertyOptional({ maxLength: 64, description: 'idempotency key: the same key again is answered, not sent twice; longer than 64 characters: VALIDATION_FAILED' }) requestId?: string;
}

export class JoinGamePayload implements Contract.JoinGamePayload {
  @ApiProperty(UUID) gameId!: string;
  /** the last `seq` this client saw of the game (a reconnect or a second tab): the answer adds what it missed */
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 1_000_000, description: 'the last `seq` this client saw: the answer adds what it missed' }) since?: number;
}

export class LeaveGamePayload {
  @ApiProperty(UUID) gameId!: string;
}

export class TiebreakPickPayload implements Contract.TiebreakPickPayload {
  @ApiProperty(UUID) tiebreakId!: string;
  /** 0 … 27, a face-down position not taken yet */
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 27, description: 'a face-down position not taken yet' }) position!: number;
}

export class ActionPayload implements Contract.ActionPayload {
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty({ enum: ['play', 'knock', 'draw', 'reshuffle'] }) type!: 'play' | 'knock' | 'draw' | 'reshuffle';
  @ApiPropertyOptional({ example: '6-4', description: 'play: the tile' }) tile?: string;
  @ApiPropertyOptional({ enum: ['W', 'E', 'N', 'S'], description: 'play: the end, when the tile fits more than one' }) end?: 'W' | 'E' | 'N' | 'S';
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 1_000_000, description: 'the game version the move was made on' }) version!: number;
  @ApiPropertyOptional({ maxLength: 64, description: 'idempotency key' }) requestId?: string;
}

export class WatchChallengePayload implements Contract.WatchChallengePayload {
  @ApiProperty(UUID) challengeId!: string;
}

/** One move a re-joining client missed (public facts only). */
export class MissedEventDto implements MissedEvent {
  @ApiProperty() seq!: number;
  @ApiProperty({ enum: ['play', 'knock', 'draw', 'reshuffle', 'forfeit', 'stopped'] }) type!: MissedEvent['type'];
  @ApiProperty({ nullable: true, type: Number }) seat!: number | null;
  @ApiPropertyOptional() tile?: string;
  @ApiPropertyOptional() end?: string;
  @ApiProperty({ enum: ['player', 'system'] }) by!: 'player' | 'system';
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) at!: string | null;
}

export class JoinedTiebreakDto extends TiebreakViewDto {}

export class OkAck {
  @ApiProperty({ enum: [true] }) ok!: true;
}

/** `seq` is the game version the view shows; it rises by one with each accepted move. */
export class JoinedGame implements Contract.JoinedGame {
  @ApiProperty() seq!: number;
  @ApiProperty({ type: GameViewResponseDto }) view!: GameViewResponseDto;
  /** with `since`: one entry per version since+1 … seq, in order (public facts only) */
  @ApiPropertyOptional({ type: [MissedEventDto], description: 'with `since`: one entry per version since+1 … seq' }) missed?: MissedEventDto[];
  /** the game is over and its table's 6-4/5-5 draw is open: the draw as `GET /tiebreaks/:id` shows it (positions only) */
  @ApiPropertyOptional({ type: JoinedTiebreakDto, description: 'the game is over and its table\'s draw is open: as GET /tiebreaks/:id shows it' }) tiebreak?: Contract.JoinedGame['tiebreak'];
}
export class JoinedGameAck extends IntersectionType(OkAck, JoinedGame) {}

export class ActedGame implements Contract.ActedGame {
  @ApiProperty() seq!: number;
  @ApiProperty({ type: ActionResponseDto }) view!: ActionResponseDto;
}
export class ActedGameAck extends IntersectionType(OkAck, ActedGame) {}

export class LeftGameAck extends OkAck {
  @ApiProperty(UUID) gameId!: string;
}

export class WatchingChallengeAck extends OkAck {
  @ApiProperty(UUID) challengeId!: string;
}

export class TiebreakPickedAck extends OkAck {
  @ApiProperty({ type: TiebreakPublicViewDto }) tiebreak!: TiebreakPublicViewDto;
}

/** A table chat message as delivered (`chat:message`) and acknowledged. */
export class ChatMessageDto implements ChatMessage {
  @ApiProperty(UUID) id!: string;
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty(UUID) userId!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty() seat!: number;
  @ApiProperty() text!: string;
  @ApiProperty({ format: 'date-time' }) sentAt!: string;
}

export class ChatAck extends OkAck {
  @ApiProperty({ type: ChatMessageDto }) message!: ChatMessageDto;
}

/** `auth:revoked` / `auth:expired`: why the server closes the socket (the error body a request with its token gets). */
export class SessionEndedEventDto extends ErrorResponseDto implements Contract.SessionEndedEvent {}

/** Every refused event: `{ ok: false, error }` with the HTTP error body and code. */
export class ErrorAck {
  @ApiProperty({ enum: [false] }) ok!: false;
  @ApiProperty({ type: ErrorResponseDto }) error!: ErrorResponseDto;
}

/** A game changed. A seated player's `view` is their own seat view; anyone else's the public view. */
export class GameViewEvent implements Contract.GameViewEvent {
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty() seq!: number;
  @ApiProperty({ type: GameViewResponseDto }) view!: GameViewResponseDto;
}

/** A seated person's contribution to the deal (issue 24): the same checks as POST /games/:id/contribution. */
export class ContributePayload implements Contract.ContributePayload {
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty({ pattern: '^[0-9a-f]{64}$', description: '32 random bytes from the page, as 64 lower-case hex; anything else: CONTRIBUTION_INVALID' }) contribution!: string;
  @ApiPropertyOptional({ type: 'integer', description: 'the seat the page believes it holds; another than the caller\'s: NOT_YOUR_SEAT' }) seat?: number;
}
export class ContributedGameAck extends IntersectionType(OkAck, ContributedDto) {}

/** A contribution came in: the commitment and the contributions so far (to the game's room and its seated players). */
export class GameFairnessEvent extends FairnessDto implements Contract.GameFairnessEvent {
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty() seedHash!: string;
}

/** A turn clock ran out: a ticket for `seat`, the clock restarted (the turn is not skipped; `seq` is unchanged). */
export class GameClockEvent implements Contract.GameClockEvent {
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty() seq!: number;
  @ApiProperty({ minimum: 0, maximum: 3 }) seat!: number;
  @ApiProperty() attempt!: number;
  /** this seat's tickets in the game so far; the `ticketsToForfeit`-th forfeits */
  @ApiProperty({ description: 'this seat\'s tickets in the game so far; the `ticketsToForfeit`-th forfeits' }) tickets!: number;
  @ApiProperty() ticketsToForfeit!: number;
  @ApiProperty({ format: 'date-time' }) turnDeadline!: string;
}

export class HouseDealtEvent implements Contract.HouseDealtEvent {
  @ApiProperty(UUID) tableId!: string;
  @ApiProperty(UUID) gameId!: string;
}

/** A seat's clock ran out at a house table: its penalty (ticket, dumbbell, or a computer's run-out for the jar). */
export class HouseRunOutEvent implements Contract.HouseRunOutEvent {
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty({ ...UUID, nullable: true, type: String, description: 'null in the copy spectators get' }) tableId!: string | null;
  @ApiProperty() seq!: number;
  @ApiProperty({ minimum: 0, maximum: 3 }) seat!: number;
  @ApiProperty() attempt!: number;
  @ApiProperty({ enum: ['ticket', 'dumbbell', 'computer'], nullable: true, type: String, description: 'null in the copy spectators get (SPEC 8.4: penalties to the players and staff only)' })
  penalty!: 'ticket' | 'dumbbell' | 'computer' | null;
  @ApiProperty({ description: 'the 5th dumbbell in one turn forfeited the game' }) forfeited!: boolean;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) turnDeadline!: string | null;
}

export class HousePaymentDto {
  @ApiProperty() from!: number;
  @ApiProperty() to!: number;
  @ApiProperty() amount!: number;
  @ApiProperty() skunk!: boolean;
}

/** A house game was settled (once). */
export class HouseSettledEvent implements Contract.HouseSettledEvent {
  @ApiProperty({ ...UUID, nullable: true, type: String, description: 'null in the copy spectators get' }) tableId!: string | null;
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty({ description: 'true: the whole settlement (the people seated); false: the public result spectators get (no payments, workouts, jar)' }) full!: boolean;
  @ApiProperty({ nullable: true, type: Number }) winner!: number | null;
  @ApiProperty({ type: [Number] }) scores!: number[];
  @ApiProperty({ type: [Boolean] }) forfeited!: boolean[];
  @ApiPropertyOptional({ type: [HousePaymentDto], description: 'stake tables: who paid whom' }) payments?: HousePaymentDto[];
  @ApiPropertyOptional({ description: 'stake tables: what the house (the computer seats\' side) gained, negative when it paid' }) house?: number;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'workouts owed: { userId, amount, kind, dumbbells }' }) workouts!: unknown[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Clock Jar payouts: { userId, kind: fines|excuse, amount? }' }) jar!: unknown[];
}

export class TiebreakTakenEventDto {
  @ApiProperty(UUID) playerId!: string;
  @ApiProperty({ minimum: 0, maximum: 27 }) position!: number;
}

export class TiebreakOpenEvent implements Contract.TiebreakOpenEvent {
  @ApiProperty(UUID) tiebreakId!: string;
  @ApiProperty(UUID) challengeId!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) tableId!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) gameId!: string | null;
  @ApiProperty() round!: number;
  @ApiProperty() place!: number;
  @ApiProperty(UUIDS) players!: string[];
  @ApiProperty(UUIDS) contenders!: string[];
  @ApiProperty(UUIDS) winners!: string[];
  @ApiProperty() handSize!: number;
  /** face-down positions 0 … positions-1 (28) */
  @ApiProperty({ description: 'face-down positions 0 … positions-1 (28)' }) positions!: number;
  @ApiProperty({ type: [TiebreakTakenEventDto] }) taken!: TiebreakTakenEventDto[];
  @ApiProperty() version!: number;
  @ApiProperty({ format: 'date-time' }) closesAt!: string;
}

export class TiebreakPickedEvent implements Contract.TiebreakPickedEvent {
  @ApiProperty(UUID) tiebreakId!: string;
  @ApiProperty(UUID) tableId!: string;
  @ApiProperty() round!: number;
  @ApiProperty() version!: number;
  @ApiProperty(UUID) playerId!: string;
  @ApiProperty({ minimum: 0, maximum: 27 }) position!: number;
  @ApiProperty({ type: [TiebreakTakenEventDto] }) taken!: TiebreakTakenEventDto[];
}

export class TiebreakRevealPickDto {
  @ApiProperty(UUID) playerId!: string;
  @ApiProperty({ minimum: 0, maximum: 27 }) position!: number;
  @ApiProperty({ example: '6-4' }) tile!: string;
  @ApiProperty({ description: 'picked by the server for a player who did not pick in time' }) auto!: boolean;
}

export class TiebreakHandDto implements TiebreakHand {
  @ApiProperty(UUID) playerId!: string;
  @ApiProperty({ type: [String], description: 'in pick order' }) tiles!: TiebreakHand['tiles'];
  @ApiProperty({ type: [String], description: 'the deciding tiles (6-4, 5-5) in this hand' }) deciding!: TiebreakHand['deciding'];
}

export class TiebreakOutcomeDto {
  @ApiProperty({ enum: ['winner', 'split', 'none'] }) kind!: 'winner' | 'split' | 'none';
  @ApiPropertyOptional({ format: 'uuid', description: 'winner' }) playerId?: string;
  @ApiPropertyOptional({ description: 'winner: the place won' }) place?: number;
  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'split: who drew deciding tiles' }) holders?: string[];
}

export class TiebreakRevealEvent implements Contract.TiebreakRevealEvent {
  @ApiProperty(UUID) tiebreakId!: string;
  @ApiProperty(UUID) tableId!: string;
  @ApiProperty(UUID) challengeId!: string;
  @ApiProperty() round!: number;
  @ApiProperty() place!: number;
  @ApiProperty(UUIDS) contenders!: string[];
  @ApiProperty({ type: [TiebreakRevealPickDto] }) picks!: TiebreakRevealPickDto[];
  @ApiProperty({ type: [TiebreakHandDto] }) hands!: TiebreakHandDto[];
  @ApiProperty({ type: TiebreakOutcomeDto }) outcome!: TiebreakOutcome;
  /** false: a split or nobody drew a deciding tile, a new round opens (`tiebreak:open`) */
  @ApiProperty({ description: 'false: a split or nobody drew a deciding tile, a new round opens (`tiebreak:open`)' }) decided!: boolean;
  @ApiProperty(UUIDS) winners!: string[];
  @ApiProperty({ type: [String], format: 'uuid', nullable: true }) order!: string[] | null;
}

export class TableResultEvent implements Contract.TableResultEvent {
  @ApiProperty(UUID) challengeId!: string;
  @ApiProperty(UUID) roundId!: string;
  @ApiProperty() round!: number;
  @ApiProperty(UUID) tableId!: string;
  @ApiProperty({ description: 'the table\'s number in its round' }) table!: number;
  @ApiProperty({ nullable: true, type: String }) endedBy!: string | null;
  @ApiProperty({ description: 'the final table (the challenge is decided)' }) final!: boolean;
  @ApiProperty({ type: [SeatResultDto] }) result!: SeatResult[];
  /** Present when a director corrected an earlier result (with the audited reason). */
  @ApiPropertyOptional({ enum: [true], description: 'a director corrected an earlier result' }) corrected?: true;
  @ApiPropertyOptional({ description: 'the correction\'s audited reason' }) reason?: string;
}

/** A director disqualified a player (their current table's seat forfeits); the bracket marks them. */
export class PlayerDisqualifiedEvent implements Contract.PlayerDisqualifiedEvent {
  @ApiProperty(UUID) challengeId!: string;
  @ApiProperty(UUID) userId!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'the table they sat at when disqualified, if any' }) tableId!: string | null;
  @ApiProperty() reason!: string;
}

/** A director voided a table's undecided game: its players continue in the new game (a replay). */
export class TableVoidedEvent implements Contract.TableVoidedEvent {
  @ApiProperty(UUID) challengeId!: string;
  @ApiProperty(UUID) roundId!: string;
  @ApiProperty() round!: number;
  @ApiProperty(UUID) tableId!: string;
  @ApiProperty() table!: number;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) voidedGameId!: string | null;
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty() reason!: string;
}

export class RoundSeatDto {
  @ApiProperty({ minimum: 0, maximum: 3 }) seat!: number;
  @ApiProperty(UUID) userId!: string;
}

export class RoundTableDto {
  @ApiProperty(UUID) tableId!: string;
  @ApiProperty() table!: number;
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty({ type: [RoundSeatDto] }) seats!: RoundSeatDto[];
}

export class RoundStartedEvent implements Contract.RoundStartedEvent {
  @ApiProperty(UUID) challengeId!: string;
  @ApiProperty(UUID) roundId!: string;
  @ApiProperty() round!: number;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) startsAt!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) hardStopAt!: string | null;
  @ApiProperty({ type: [RoundTableDto] }) tables!: RoundTableDto[];
}

export class NextRoundDto {
  @ApiProperty(UUID) roundId!: string;
  @ApiProperty() round!: number;
  @ApiProperty({ format: 'date-time' }) startsAt!: string;
}

export class RoundFinishedEvent implements Contract.RoundFinishedEvent {
  @ApiProperty(UUID) challengeId!: string;
  @ApiProperty(UUID) roundId!: string;
  @ApiProperty() round!: number;
  @ApiProperty({ type: NextRoundDto, nullable: true }) next!: NextRoundDto | null;
  @ApiProperty() completed!: boolean;
}

export class HardStopTableDto {
  @ApiProperty(UUID) tableId!: string;
  @ApiProperty() table!: number;
}

export class RoundHardStopEvent implements Contract.RoundHardStopEvent {
  @ApiProperty(UUID) challengeId!: string;
  @ApiProperty(UUID) roundId!: string;
  @ApiProperty() round!: number;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ type: [HardStopTableDto] }) tables!: HardStopTableDto[];
}

export class NotificationEvent implements Contract.NotificationEvent {
  @ApiProperty({ example: 'table.seated', description: 'e.g. table.seated, tiebreak.started' }) kind!: 'table.seated' | 'tiebreak.started' | string;
  @ApiProperty() title!: string;
  @ApiProperty() body!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'references (challengeId, tableId, gameId, tiebreakId …)' }) data!: Record<string, unknown>;
}

/** What the handshake leaves on `socket.data`. */
export interface LiveSocketData {
  userId: string | null;
  /** the handshake token's verified claims (null for a spectator): its version, expiry and roles are re-checked on every event */
  claims: TokenPayload | null;
  /** start of the current one-second window of this connection's own action limit, and the actions counted in it */
  windowStart: number;
  actionsInWindow: number;
  /** counted against the account's LIVE_SOCKETS_PER_USER (LiveSessions) */
  counted?: boolean;
  /** closes the socket when its token's `exp` passes (LiveSessions) */
  expiry?: NodeJS.Timeout;
  /** the session ended (a revoked or expired token): the refusal every later event of the socket gets until it is closed */
  ended?: ErrorBody;
  /** closes a socket whose session ended */
  closing?: NodeJS.Timeout;
  /** the games this socket spectates (joined without a seat: LiveHub renders their public views) */
  watching?: Set<string>;
  /** games this socket turned voice on at (voice:join): turned off when it disconnects */
  voice?: Set<string>;
}

/** A `/live` socket and namespace as the server types them. */
export type LiveSocket = Socket<Contract.ClientToServerEvents, Contract.ServerToClientEvents, Record<string, never>, LiveSocketData>;
export type LiveNamespace = Namespace<Contract.ClientToServerEvents, Contract.ServerToClientEvents, Record<string, never>, LiveSocketData>;

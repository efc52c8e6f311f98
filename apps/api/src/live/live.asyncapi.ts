import type { INestApplication, Type } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { toJsonSchema } from '../common/json-schema';
import { DirectorCallDto } from '../director-calls/director-calls.dto';
import { OPENAPI_INFO } from '../common/openapi';
import {
  ActedGameAck,
  ActionPayload,
  ChatAck,
  ContributePayload,
  ContributedGameAck,
  GameFairnessEvent,
  ChatMessageDto,
  type ClientToServerEvents,
  ErrorAck,
  GameClockEvent,
  SessionEndedEventDto,
  HouseDealtEvent,
  HouseRunOutEvent,
  HouseSettledEvent,
  GameViewEvent,
  JoinedGameAck,
  JoinGamePayload,
  LeaveGamePayload,
  LeftGameAck,
  LIVE_NAMESPACE,
  NotificationEvent,
  RoundFinishedEvent,
  RoundHardStopEvent,
  RoundStartedEvent,
  type ServerToClientEvents,
  TableResultEvent,
  TableVoidedEvent,
  PlayerDisqualifiedEvent,
  TiebreakOpenEvent,
  TiebreakPickedAck,
  TiebreakPickedEvent,
  TiebreakPickPayload,
  TiebreakRevealEvent,
  WatchChallengePayload,
  WatchingChallengeAck,
  ChatPayload,
} from './live.events';
import { TeamChatAck, TeamChatPayloadDto, TeamMessageDto, VoiceJoinedAck, VoiceJoinPayloadDto, VoiceLeftAck, VoicePeerEventDto, VoiceSignalEventDto, VoiceSignalPayloadDto } from '../voice/voice.events';

/**
 * The AsyncAPI 3 document of the live tables (socket.io namespace `/live`), generated from the
 * payload classes of live.events.ts — the types the gateway and the worker's emits are checked
 * against. Each table below is keyed by the event maps' own keys, so an event added to
 * `ClientToServerEvents` / `ServerToClientEvents` without its entry here fails to compile.
 * Served at `/docs/asyncapi.json`; docs/realtime.md is the prose.
 */

interface ClientEvent {
  summary: string;
  payload: Type<unknown>;
  ack: Type<unknown>;
}

interface ServerEvent {
  summary: string;
  payload: Type<unknown>;
  rooms: string;
}

export const CLIENT_EVENTS: { [K in keyof ClientToServerEvents]: ClientEvent } = {
  contribute: { summary: 'A seated person\'s contribution to the deal while the window is open (POST /games/:id/contribution): CONTRIBUTION_INVALID, NOT_SEATED, NOT_YOUR_SEAT, CONTRIBUTION_ALREADY_SENT, CONTRIBUTION_CLOSED', payload: ContributePayload, ack: ContributedGameAck },
  join: { summary: 'Join `game:<id>`; answers the caller\'s current view (own seat if seated), with `since` the moves missed', payload: JoinGamePayload, ack: JoinedGameAck },
  leave: { summary: 'Leave `game:<id>` (a seated player still gets their own views through their user room)', payload: LeaveGamePayload, ack: LeftGameAck },
  action: { summary: 'A move for the caller\'s own seat: the same rules as POST /games/:id/actions', payload: ActionPayload, ack: ActedGameAck },
  watchChallenge: { summary: 'Join `challenge:<id>` (seatings, results, hard stops, round ends, draws)', payload: WatchChallengePayload, ack: WatchingChallengeAck },
  'tiebreak:pick': { summary: 'A tied player takes a face-down tile (POST /tiebreaks/:id/picks); a repeat is answered, not applied twice', payload: TiebreakPickPayload, ack: TiebreakPickedAck },
  chat: { summary: 'Table chat (seated players), filtered before delivery; delivered as `chat:message`. At a house table: IN_TOURNAMENT_GAME while the caller\'s tournament game is being played', payload: ChatPayload, ack: ChatAck },
  'voice:join': { summary: 'Voice on at a house table (seated; not at tournament tables nor between opponents at stake tables): the peers with voice on to call. NOT_SEATED, VOICE_TOURNAMENT_TABLE, VOICE_NOT_OFFERED, CHAT_RESTRICTED, IN_TOURNAMENT_GAME (the caller\'s tournament game is being played)', payload: VoiceJoinPayloadDto, ack: VoiceJoinedAck },
  'voice:leave': { summary: 'Voice off (also when the socket disconnects): the peers get `voice:peer` with on false', payload: VoiceJoinPayloadDto, ack: VoiceLeftAck },
  'voice:signal': { summary: 'An offer, answer or ICE candidate for one person the caller may talk with, relayed as `voice:signal` to them alone. VOICE_SIGNAL_TOO_LARGE, RATE_LIMITED, NOT_SEATED, VOICE_TOURNAMENT_TABLE, VOICE_TARGET_NOT_SEATED, VOICE_NOT_OFFERED, VOICE_NOT_ON, VOICE_TARGET_NOT_IN_VOICE, CHAT_RESTRICTED, IN_TOURNAMENT_GAME', payload: VoiceSignalPayloadDto, ack: VoiceLeftAck },
  'team:chat': { summary: 'Team text at a partners table: the table chat\'s filter (CHAT_BLOCKED, CHAT_RESTRICTED); delivered as `team:message` to the two partners only. NOT_SEATED, NO_TEAM_CHANNEL, IN_TOURNAMENT_GAME', payload: TeamChatPayloadDto, ack: TeamChatAck },
};

export const SERVER_EVENTS: { [K in keyof ServerToClientEvents]: ServerEvent } = {
  'auth:revoked': { summary: 'The socket\'s token was revoked (sign out everywhere, a password or role change, a ban): the error a request with it gets; the socket is closed right after', payload: SessionEndedEventDto, rooms: 'the socket itself' },
  'auth:expired': { summary: 'The socket\'s token expired (its `exp` passed): `INVALID_TOKEN`; the socket is closed right after', payload: SessionEndedEventDto, rooms: 'the socket itself' },
  'game:view': { summary: 'A game changed: a seated player gets their own seat view, anyone else the public view (view.lastHand: the hand that ended last, every seat\'s tiles left revealed)', payload: GameViewEvent, rooms: 'user:<userId> (own seat), game:<gameId> (public)' },
  'game:fairness': { summary: 'A contribution to the deal came in: the commitment (seedHash) and the contributions so far', payload: GameFairnessEvent, rooms: 'game:<gameId>, user:<userId> of the seated players' },
  'chat:message': { summary: 'A table chat message that passed the filter', payload: ChatMessageDto, rooms: 'game:<gameId>, user:<userId> of the seated players' },
  'game:clock': { summary: 'A turn clock ran out: a ticket for the seat, the clock restarted', payload: GameClockEvent, rooms: 'game:<gameId>, user:<userId> of the seated players' },
  'tiebreak:open': { summary: 'A 6-4/5-5 draw opened a picking window', payload: TiebreakOpenEvent, rooms: 'game:<gameId>, challenge:<challengeId>, user:<userId> of the tied players' },
  'tiebreak:picked': { summary: 'A position of the draw was taken (positions only, no tile)', payload: TiebreakPickedEvent, rooms: 'game:<gameId>, challenge:<challengeId>, user:<userId> of the tied players' },
  'tiebreak:reveal': { summary: 'A picking window closed: every tile, hand and the outcome', payload: TiebreakRevealEvent, rooms: 'game:<gameId>, challenge:<challengeId>, user:<userId> of the tied players' },
  'table:result': { summary: 'A table was decided (or its result corrected by a director)', payload: TableResultEvent, rooms: 'challenge:<challengeId>, user:<userId> of the table\'s players' },
  'table:voided': { summary: 'A director voided a table\'s game: its players continue in the replay', payload: TableVoidedEvent, rooms: 'challenge:<challengeId>, user:<userId> of the table\'s players' },
  'player:disqualified': { summary: 'A director disqualified a player: their seat forfeits, the bracket marks them', payload: PlayerDisqualifiedEvent, rooms: 'challenge:<challengeId>' },
  'round:started': { summary: 'A round was seated', payload: RoundStartedEvent, rooms: 'challenge:<challengeId>' },
  'round:finished': { summary: 'Every table of a round is decided; the next round, if any', payload: RoundFinishedEvent, rooms: 'challenge:<challengeId>' },
  'round:hard-stop': { summary: 'The round\'s hard stop ended its tables still playing', payload: RoundHardStopEvent, rooms: 'challenge:<challengeId>' },
  notification: { summary: 'A notification for the user (their next table, a draw to pick in)', payload: NotificationEvent, rooms: 'user:<userId>' },
  'house:dealt': { summary: 'A house table dealt its game', payload: HouseDealtEvent, rooms: 'user:<userId> of the people seated' },
  'house:run-out': { summary: 'A seat\'s clock ran out at a house table: a ticket, a dumbbell, or a computer\'s run-out (the Clock Jar); the clock restarted or the 5th dumbbell in a turn forfeited', payload: HouseRunOutEvent, rooms: 'user:<userId> of the people seated (whole); game:<gameId> without them (tableId and penalty null)' },
  'director-call:new': { summary: 'A player or spectator called the director to a table (SPEC 7): the call as the console lists it', payload: DirectorCallDto, rooms: 'user:<userId> of the directors of the challenge\'s city' },
  'director-call:updated': { summary: 'A director acknowledged or resolved a call (with the note and the act): the table shows the answer', payload: DirectorCallDto, rooms: 'user:<userId> of the city\'s directors and of the caller' },
  'voice:peer': { summary: 'Someone the receiver may talk with turned voice on (wait for their offer) or off', payload: VoicePeerEventDto, rooms: 'user:<userId> of the people the sender may talk with who have voice on' },
  'voice:signal': { summary: 'A relayed offer, answer or ICE candidate (the platform never sees the audio)', payload: VoiceSignalEventDto, rooms: 'user:<userId> of the one person it is for' },
  'team:message': { summary: 'A team message (partners tables): never the table\'s room, never the opponents; not to a partner who muted the sender', payload: TeamMessageDto, rooms: 'user:<userId> of the two partners' },
  'house:settled': { summary: 'A house game was settled once: payments, workouts owed, Clock Jar payouts', payload: HouseSettledEvent, rooms: 'user:<userId> of the people seated (full); game:<gameId> without them (the public result: full false, tableId null)' },
};

const messageId = (event: string, suffix = '') => `${event.replace(/[^A-Za-z0-9]+/g, '_')}${suffix}`;

/**
 * The JSON schemas (JSON Schema draft-07, AsyncAPI's default format) of the given classes and
 * everything they reference, made by @nestjs/swagger's own schema factory (as extra models of a
 * document of the app) exactly as the HTTP DTOs are.
 */
function schemasOf(app: INestApplication, classes: Type<unknown>[]): Record<string, unknown> {
  const all = SwaggerModule.createDocument(app, new DocumentBuilder().build(), { extraModels: classes }).components?.schemas ?? {};
  const wanted = new Set<string>();
  const visit = (name: string) => {
    if (wanted.has(name) || !all[name]) return;
    wanted.add(name);
    for (const m of JSON.stringify(all[name]).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) visit(m[1]);
  };
  for (const cls of classes) visit(cls.name);
  return Object.fromEntries([...wanted].sort().map((name) => [name, toJsonSchema(all[name])]));
}

export function buildAsyncApiDocument(app: INestApplication): Record<string, unknown> {
  const ref = (cls: Type<unknown>) => ({ $ref: `#/components/schemas/${cls.name}` });
  const messages: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const channelMessages: Record<string, unknown> = {};
  const classes: Type<unknown>[] = [ErrorAck];

  messages.error_ack = { name: 'error acknowledgement', title: 'A refused event', summary: '`{ ok: false, error: { code, message, details? } }`: the code and status of the same HTTP error (docs/error-codes.md)', payload: ref(ErrorAck) };
  channelMessages.error_ack = { $ref: '#/components/messages/error_ack' };

  for (const [event, e] of Object.entries(CLIENT_EVENTS) as [string, ClientEvent][]) {
    const id = messageId(event);
    const ackId = messageId(event, '_ack');
    classes.push(e.payload, e.ack);
    messages[id] = { name: event, title: event, summary: e.summary, payload: ref(e.payload) };
    messages[ackId] = { name: `${event} acknowledgement`, title: `${event} acknowledgement`, summary: `The acknowledgement of \`${event}\` when it succeeded (otherwise error_ack)`, payload: ref(e.ack) };
    channelMessages[id] = { $ref: `#/components/messages/${id}` };
    channelMessages[ackId] = { $ref: `#/components/messages/${ackId}` };
    operations[id] = {
      action: 'receive',
      title: `${event} (client → server)`,
      summary: e.summary,
      channel: { $ref: '#/channels/live' },
      messages: [{ $ref: `#/channels/live/messages/${id}` }],
      reply: { channel: { $ref: '#/channels/live' }, messages: [{ $ref: `#/channels/live/messages/${ackId}` }, { $ref: '#/channels/live/messages/error_ack' }] },
      'x-socketio-event': event,
    };
  }
  for (const [event, e] of Object.entries(SERVER_EVENTS) as [string, ServerEvent][]) {
    const id = messageId(event);
    classes.push(e.payload);
    messages[id] = { name: event, title: event, summary: e.summary, description: `Rooms: ${e.rooms}.`, payload: ref(e.payload) };
    channelMessages[id] = { $ref: `#/components/messages/${id}` };
    operations[`on_${id}`] = {
      action: 'send',
      title: `${event} (server → client)`,
      summary: e.summary,
      channel: { $ref: '#/channels/live' },
      messages: [{ $ref: `#/channels/live/messages/${id}` }],
      'x-socketio-event': event,
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: `${OPENAPI_INFO.title} — live tables`,
      version: OPENAPI_INFO.version,
      description:
        'socket.io namespace `/live` on the API\'s HTTP port. Connect with `auth: { token }` (the HTTP access token) to play, without it to watch. Client → server events carry an acknowledgement callback: `{ ok: true, … }` or `{ ok: false, error }`. Server → client events go to rooms (`user:<id>`, `game:<id>`, `challenge:<id>`). Prose, examples and ordering rules: docs/realtime.md.',
    },
    defaultContentType: 'application/json',
    servers: {
      api: { host: 'localhost:3000', protocol: 'ws', pathname: `/socket.io`, description: 'socket.io (Engine.IO v4) on the API\'s HTTP port; namespace /live' },
    },
    channels: {
      live: { address: LIVE_NAMESPACE, title: 'The /live namespace', messages: channelMessages },
    },
    operations,
    components: { messages, schemas: schemasOf(app, classes) },
  };
}

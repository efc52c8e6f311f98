import { createHmac } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { AppConfig, AppError, Clock } from '@dcs/common';
import { VOICE_CANDIDATE_MAX, VOICE_SDP_MAX, type IceServer, type TeamMessage, type VoiceJoined, type VoiceSignalEvent, type VoiceSignalPayload } from '@dcs/common/live/voice.contract';
import { LiveEmitter, liveEmit, liveRooms } from '@dcs/tournament';
import type { AuthUser } from '../common/decorators';
import { ConductService } from '../conduct/conduct.service';
import { VoicePresence } from './voice-presence';
import { VoiceRepository } from './voice.repository';
import { voiceChannel, voicePartners, type VoiceTable } from './voice.rules';

const notFound = (gameId: string) => new AppError('NOT_FOUND', `Game ${gameId} not found`);
const invalid = (message: string, field: string) => new AppError('VALIDATION_FAILED', message, [{ field, problems: [message] }]);

/**
 * Voice and team channels (SPEC 6, docs/rules.md "Voice and team channels"). The platform only relays
 * signalling between two seated people the rules let talk, and the partners' team text; the audio goes
 * peer to peer and is never seen here. Every refusal is a stable code and nothing is relayed.
 */
@Injectable()
export class VoiceService {
  constructor(
    private readonly repo: VoiceRepository,
    private readonly presence: VoicePresence,
    private readonly conduct: ConductService,
    private readonly live: LiveEmitter,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** The caller's seat at the game, refused where there is no voice for anyone (tournament tables) or for them (not seated, chat-restricted). */
  private async seated(userId: string, gameId: string): Promise<{ table: VoiceTable; seat: number }> {
    await this.conduct.assertMayTalk(userId, this.clock.now());
    const table = await this.repo.table(gameId);
    if (!table) throw notFound(gameId);
    const mine = table.seats.find((s) => s.userId === userId);
    if (!mine) throw new AppError('NOT_SEATED', 'Only the people seated at this table have voice here');
    if (table.kind === 'tournament') throw new AppError('VOICE_TOURNAMENT_TABLE', 'There is no voice at tournament tables: everyone there is an opponent (cut-throat has no teams)');
    // Seated here before their tournament game began: no voice here while it runs (docs/rules.md, "House tables during a tournament game").
    const gameInPlay = await this.repo.tournamentGameOf(userId);
    if (gameInPlay) throw new AppError('IN_TOURNAMENT_GAME', 'Your tournament game is being played: no voice at a house table until it has ended', { gameId: gameInPlay });
    return { table, seat: mine.seat };
  }

  /** Voice on: the people the caller may talk with who have it on (the caller calls each), and each of them is told. */
  async join(user: AuthUser, gameId: string): Promise<VoiceJoined> {
    const { table, seat } = await this.seated(user.id, gameId);
    const partners = voicePartners(table, seat);
    if (!partners.length) throw new AppError('VOICE_NOT_OFFERED', 'There is no voice between opponents at a stake table');
    await this.presence.on(gameId, user.id);
    const present = await this.presence.list(gameId);
    const peers = partners.filter((p) => present.has(p.userId)).map(({ userId, seat: s, channel }) => ({ userId, seat: s, channel }));
    for (const p of peers) this.live.emit(liveEmit([liveRooms.user(p.userId)], 'voice:peer', { gameId, userId: user.id, seat, channel: p.channel, on: true }));
    return { gameId, peers };
  }

  /** Voice off (also when the last socket that turned it on goes). */
  async leave(userId: string, gameId: string): Promise<{ gameId: string }> {
    await this.presence.off(gameId, userId);
    const table = await this.repo.table(gameId);
    const mine = table?.seats.find((s) => s.userId === userId);
    if (table && mine) {
      const present = await this.presence.list(gameId);
      for (const p of voicePartners(table, mine.seat)) {
        if (present.has(p.userId)) this.live.emit(liveEmit([liveRooms.user(p.userId)], 'voice:peer', { gameId, userId, seat: mine.seat, channel: p.channel, on: false }));
      }
    }
    return { gameId };
  }

  /** An offer, answer or candidate for one person: relayed to their sockets alone, on whichever instance holds them. */
  async signal(user: AuthUser, payload: Record<string, unknown>): Promise<{ gameId: string }> {
    const signal = checkSignal(payload);
    const { table, seat } = await this.seated(user.id, signal.gameId);
    const target = table.seats.find((s) => s.userId === signal.to);
    if (!target) throw new AppError('VOICE_TARGET_NOT_SEATED', 'That person is not seated at this table');
    const channel = voiceChannel(table, seat, target.seat);
    if (!channel) throw new AppError('VOICE_NOT_OFFERED', target.seat === seat ? 'You cannot call yourself' : 'There is no voice between opponents at a stake table');
    const present = await this.presence.list(signal.gameId);
    if (!present.has(user.id)) throw new AppError('VOICE_NOT_ON', 'Turn voice on first (voice:join)');
    if (!present.has(signal.to)) throw new AppError('VOICE_TARGET_NOT_IN_VOICE', 'That person has not turned voice on');
    const event: VoiceSignalEvent = { gameId: signal.gameId, from: user.id, seat, channel, kind: signal.kind, ...(signal.sdp !== undefined ? { sdp: signal.sdp } : {}), ...(signal.candidate !== undefined ? { candidate: signal.candidate } : {}) };
    this.live.emit(liveEmit([liveRooms.user(signal.to)], 'voice:signal', event));
    return { gameId: signal.gameId };
  }

  /** Team text: the table chat's filter and sanctions (ConductService), to the two partners alone, not to a partner who muted the sender. */
  async teamChat(user: AuthUser, gameId: string, text: string, requestId?: string): Promise<{ message: TeamMessage }> {
    const { message, recipients } = await this.conduct.chat(user, gameId, text, requestId, 'team');
    const team: TeamMessage = { ...message, channel: 'team' };
    const muting = await this.repo.mutedBy(user.id, recipients);
    const to = recipients.filter((id) => !muting.has(id)).map((id) => liveRooms.user(id));
    if (to.length) this.live.emit(liveEmit(to, 'team:message', team));
    return { message: team };
  }

  /**
   * The ICE servers for the caller's page: the TURN relay with a credential for this user that lasts
   * TURN_TTL_SECONDS (coturn's REST API scheme: username `<expiry>:<userId>`, credential
   * base64(HMAC-SHA1(TURN_SECRET, username))); none without TURN_URLS (the peers connect directly).
   */
  iceServers(userId: string): { iceServers: IceServer[]; ttlSeconds: number } {
    const ttlSeconds = this.config.TURN_TTL_SECONDS;
    const urls = this.config.TURN_URLS.split(',').map((u) => u.trim()).filter(Boolean);
    if (!urls.length) return { iceServers: [], ttlSeconds };
    const username = `${Math.floor(this.clock.now().getTime() / 1000) + ttlSeconds}:${userId}`;
    const credential = createHmac('sha1', this.config.TURN_SECRET).update(username).digest('base64');
    return { iceServers: [{ urls, username, credential }], ttlSeconds };
  }

  async mutes(userId: string) {
    return (await this.repo.mutes(userId)).map((m) => ({ userId: m.mutedUserId, displayName: m.muted.displayName, mutedAt: m.createdAt.toISOString() }));
  }

  async mute(userId: string, mutedUserId: string) {
    if (userId === mutedUserId) throw new AppError('CANNOT_MUTE_SELF', 'You cannot mute yourself');
    if (!(await this.repo.userExists(mutedUserId))) throw new AppError('NOT_FOUND', `User ${mutedUserId} not found`);
    await this.repo.mute(userId, mutedUserId);
    return this.mutes(userId);
  }

  async unmute(userId: string, mutedUserId: string) {
    await this.repo.unmute(userId, mutedUserId);
    return this.mutes(userId);
  }
}

/** The signal's shape and size, checked before anything is read: VALIDATION_FAILED, or VOICE_SIGNAL_TOO_LARGE over the limits. */
function checkSignal(p: Record<string, unknown>): VoiceSignalPayload & { gameId: string } {
  if (typeof p.gameId !== 'string' || !isUUID(p.gameId)) throw new AppError('INVALID_ID', 'gameId must be a UUID', [{ field: 'gameId', problems: ['must be a UUID'] }]);
  if (typeof p.to !== 'string' || !isUUID(p.to)) throw invalid('to must be the user id of a seated person', 'to');
  const kind = p.kind;
  if (kind !== 'offer' && kind !== 'answer' && kind !== 'candidate') throw invalid('kind must be offer, answer or candidate', 'kind');
  if (kind === 'candidate') {
    const c = p.candidate;
    if (c !== null && (typeof c !== 'object' || c === undefined || Array.isArray(c) || typeof (c as { candidate?: unknown }).candidate !== 'string')) {
      throw invalid('candidate must be an RTCIceCandidateInit ({ candidate, sdpMid, sdpMLineIndex }) or null', 'candidate');
    }
    if (c && JSON.stringify(c).length > VOICE_CANDIDATE_MAX) throw new AppError('VOICE_SIGNAL_TOO_LARGE', `An ICE candidate is at most ${VOICE_CANDIDATE_MAX} characters`, { limit: VOICE_CANDIDATE_MAX });
    const { candidate, sdpMid, sdpMLineIndex, usernameFragment } = (c ?? {}) as Record<string, unknown>;
    const clean = c ? { candidate: candidate as string, sdpMid: typeof sdpMid === 'string' ? sdpMid : null, sdpMLineIndex: typeof sdpMLineIndex === 'number' ? sdpMLineIndex : null, usernameFragment: typeof usernameFragment === 'string' ? usernameFragment : null } : null;
    return { gameId: p.gameId, to: p.to, kind, candidate: clean };
  }
  if (typeof p.sdp !== 'string' || p.sdp.length < 1) throw invalid('sdp must be the session description', 'sdp');
  if (p.sdp.length > VOICE_SDP_MAX) throw new AppError('VOICE_SIGNAL_TOO_LARGE', `A session description is at most ${VOICE_SDP_MAX} characters`, { limit: VOICE_SDP_MAX });
  return { gameId: p.gameId, to: p.to, kind, sdp: p.sdp };
}

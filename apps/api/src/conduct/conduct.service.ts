import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppError, Clock, notFound } from '@dcs/common';
import type { ConductSanction } from '@dcs/db';
import { EffectsQueue, PenaltyEffects } from '@dcs/tournament';
import { AuthUser } from '../common/decorators';
import { ChatFilter } from './chat-filter';
import { FileViolationDto, ViolationsQueryDto } from './conduct.dto';
import { ConductRepository, ViolationWithSanctions } from './conduct.repository';

import type { ChatMessage } from '@dcs/common/live/live.contract';
export type { ChatMessage };

const sanctionView = (s: ConductSanction) => ({
  id: s.id,
  kind: s.kind,
  until: s.until?.toISOString() ?? null,
  permanent: (s.kind === 'chat_restriction' && s.until === null) || s.kind === 'ban',
  challengeId: s.challengeId,
  seasonId: s.seasonId,
  details: s.details,
  imposedAt: s.createdAt.toISOString(),
  revokedAt: s.revokedAt?.toISOString() ?? null,
  revokeReason: s.revokeReason,
});

const violationView = (v: ViolationWithSanctions) => ({
  id: v.id,
  userId: v.userId,
  kind: v.kind,
  gameId: v.gameId,
  challengeId: v.challengeId,
  reason: v.reason,
  details: v.details,
  filedById: v.filedById,
  createdAt: v.createdAt.toISOString(),
  sanctions: v.sanctions.map(sanctionView),
});

@Injectable()
export class ConductService {
  private readonly filter = new ChatFilter();

  constructor(
    private readonly repo: ConductRepository,
    private readonly clock: Clock,
    private readonly queue: EffectsQueue,
    private readonly effects: PenaltyEffects,
  ) {}

  /**
   * A table chat message from a seated player: refused while the player is chat-restricted;
   * profanity (always) and contact details (while the match is on) are blocked before delivery,
   * and each blocked message is a violation with the next rung of the chat ladder.
   * Returns the message and who gets it; the gateway delivers it.
   */
  async chat(user: AuthUser, gameId: string, text: string, requestId?: string, channel: 'table' | 'team' = 'table'): Promise<{ message: ChatMessage; recipients: string[] }> {
    const now = this.clock.now();
    await this.assertMayTalk(user.id, now);
    const game = await this.repo.chatContext(gameId);
    if (!game) throw notFound('Game', gameId);
    // A challenge table's seats, or a house table's people (computer seats have no user).
    const seats = (game.table?.seats ?? game.houseTable?.seatsTaken ?? []).filter((s): s is { userId: string; seat: number } => s.userId !== null);
    const seat = seats.find((s) => s.userId === user.id);
    if (!seat) throw new AppError('NOT_SEATED', 'Only the players seated at this table can chat here');
    // Team text: partners tables only (a house table with partners); the team is the seat's parity, decided here from the seat.
    if (channel === 'team' && !game.houseTable?.partners) throw new AppError('NO_TEAM_CHANNEL', 'This table has no teams: a team channel exists only at a partners table');
    // Seated at a house table before their tournament game began: no table or team text there while it runs (docs/rules.md, "House tables during a tournament game").
    const gameInPlay = game.houseTable ? await this.repo.tournamentGameOf(user.id) : null;
    if (gameInPlay) throw new AppError('IN_TOURNAMENT_GAME', 'Your tournament game is being played: no chat at a house table until it has ended', { gameId: gameInPlay });
    const duringMatch = game.status === 'playing' || game.table?.challenge.status === 'running';
    const blocked = this.filter.check(text, duringMatch);
    if (blocked) {
      const { violation, sanction, step } = await this.repo.recordChatViolation(user.id, gameId, text, blocked, requestId, now);
      throw new AppError('CHAT_BLOCKED', `The message was not delivered (${blocked.replace('_', ' ')}): table chat must be family-friendly and without contact details`, {
        reason: blocked,
        violationId: violation.id,
        ladderStep: step,
        restrictedUntil: sanction ? (sanction.until?.toISOString() ?? null) : null,
        permanent: sanction ? sanction.until === null : false,
      });
    }
    const message: ChatMessage = { id: randomUUID(), gameId, userId: user.id, displayName: user.displayName, seat: seat.seat, text, sentAt: now.toISOString() };
    const team = channel === 'team' ? seats.filter((s) => s.seat % 2 === seat.seat % 2) : seats;
    return { message, recipients: team.map((s) => s.userId) };
  }

  /** A player under a chat restriction has no table text, team text or voice (SPEC 6): CHAT_RESTRICTED with its end. */
  async assertMayTalk(userId: string, now = this.clock.now()): Promise<void> {
    const restriction = await this.repo.activeChatRestriction(userId, now);
    if (restriction) {
      throw new AppError('CHAT_RESTRICTED', restriction.until ? `Your chat is restricted until ${restriction.until.toISOString()}` : 'Your chat is restricted permanently', {
        until: restriction.until?.toISOString() ?? null,
        sanctionId: restriction.id,
      });
    }
  }

  /**
   * A director files a violation with sanctions. A tournament disqualification is the director's
   * disqualification of the challenge, written in the filing's transaction; its queued effects
   * (the table moving on) go out only once that transaction has committed.
   */
  async file(user: AuthUser, dto: FileViolationDto) {
    const { violation, replayed, effects } = await this.repo.fileViolation(user.id, dto, this.clock.now());
    await this.queue.run(effects);
    if (!replayed && dto.sanctions.some((s) => s.kind === 'ban')) await this.effects.sessionsEnded(dto.userId);
    return { ...violationView(violation), replayed };
  }

  async revoke(user: AuthUser, id: string, reason: string) {
    return sanctionView(await this.repo.revokeSanction(user.id, id, reason, this.clock.now()));
  }

  async list(q: ViolationsQueryDto) {
    return (await this.repo.violations(q)).map(violationView);
  }

  async mine(user: AuthUser) {
    const now = this.clock.now();
    const [violations, restriction] = await Promise.all([this.repo.violations({ userId: user.id }), this.repo.activeChatRestriction(user.id, now)]);
    return { chatRestriction: restriction ? sanctionView(restriction) : null, violations: violations.map(violationView) };
  }
}

import { Controller, Get, Inject, Injectable, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type Redis from 'ioredis';
import { AppConfig, notFound, REDIS } from '@dcs/common';
import { LiveHealthRepository } from './live-health.repository';
import { ChallengeFlowService } from '@dcs/tournament';
import { AuthUser, CurrentUser, Roles } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { ApiErrors, ApiOk } from '../common/openapi';

/** A table is idle when its game has had no move (nor any change) for this long. */
export const IDLE_SECONDS = 60;

export class HealthSeatDto {
  @ApiProperty() seat!: number;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ description: 'holds a live socket on some API instance now' }) connected!: boolean;
}

export class HealthTableDto {
  @ApiProperty({ format: 'uuid' }) tableId!: string;
  @ApiProperty() index!: number;
  @ApiProperty() round!: number;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) gameId!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'the game\'s last change (a move, a clock forfeit, a director act)' }) lastMoveAt!: string | null;
  @ApiProperty({ description: 'seconds since then' }) idleSeconds!: number;
  @ApiProperty({ description: `no move for ${IDLE_SECONDS} s or more` }) idle!: boolean;
  @ApiProperty() connectedPlayers!: number;
  @ApiProperty({ type: [HealthSeatDto] }) seats!: HealthSeatDto[];
}

export class LiveHealthDto {
  @ApiProperty({ format: 'date-time' }) checkedAt!: string;
  @ApiProperty({ type: [HealthTableDto], description: 'the tables still playing in the running round' }) tables!: HealthTableDto[];
  @ApiProperty() idleTables!: number;
  @ApiProperty() disconnectedSeats!: number;
}

/**
 * The live health of a challenge for its directors: per table still playing, the players connected
 * (a live socket on any API instance: the per-account socket count LiveSessions keeps in Redis) and the
 * time since the game last changed. Read on demand; the console polls it.
 */
@Injectable()
export class LiveHealthService {
  constructor(
    private readonly repo: LiveHealthRepository,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
    private readonly flow: ChallengeFlowService,
  ) {}

  async of(actorId: string, challengeId: string): Promise<LiveHealthDto> {
    if (!(await this.repo.challengeExists(challengeId))) throw notFound('Challenge', challengeId);
    await this.repo.transaction((tx) => this.flow.assertMayDirect(tx, challengeId, actorId));
    const tables = await this.repo.playingTables(challengeId);
    const games = await this.repo.playingGames(tables.map((t) => t.id));
    const gameOf = new Map(games.map((g) => [g.tableId!, g]));
    const users = [...new Set(tables.flatMap((t) => t.seats.map((s) => s.userId)))];
    const now = Date.now();
    const pipeline = this.redis.pipeline();
    for (const u of users) pipeline.zcount(`${this.config.QUEUE_PREFIX}:live:sockets:${u}`, now, '+inf');
    const counts = ((await pipeline.exec().catch(() => null)) ?? []).map(([err, n]) => (err ? 0 : Number(n)));
    const online = new Set(users.filter((_, i) => (counts[i] ?? 0) > 0));
    const out = tables.map((t) => {
      const g = gameOf.get(t.id) ?? null;
      const idleSeconds = g ? Math.max(0, Math.round((now - g.updatedAt.getTime()) / 1000)) : 0;
      const seats = t.seats.map((s) => ({ seat: s.seat, userId: s.userId, displayName: s.user.displayName, connected: online.has(s.userId) }));
      return { tableId: t.id, index: t.index, round: t.round.number, gameId: g?.id ?? null, lastMoveAt: g?.updatedAt.toISOString() ?? null, idleSeconds, idle: !!g && idleSeconds >= IDLE_SECONDS, connectedPlayers: seats.filter((s) => s.connected).length, seats };
    });
    return { checkedAt: new Date(now).toISOString(), tables: out, idleTables: out.filter((t) => t.idle).length, disconnectedSeats: out.reduce((n, t) => n + t.seats.filter((s) => !s.connected).length, 0) };
  }
}

@ApiTags('director calls')
@ApiBearerAuth()
@Controller()
export class LiveHealthController {
  constructor(private readonly health: LiveHealthService) {}

  @Get('challenges/:id/live-health')
  @Roles('director')
  @ApiOperation({ summary: 'The live health of a running challenge for its directors: players connected per table, tables with no move for a minute, disconnected seats' })
  @ApiOk(LiveHealthDto)
  @ApiErrors('OWN_CHALLENGE', 'NOT_YOUR_CITY')
  of(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string): Promise<LiveHealthDto> {
    return this.health.of(user.id, id);
  }
}

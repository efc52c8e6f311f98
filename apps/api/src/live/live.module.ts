import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { AuthModule } from '../auth/auth.module';
import { ConductModule } from '../conduct/conduct.module';
import { AuthGuard } from '../common/auth.guard';
import { GamesModule } from '../games/games.module';
import { UsersModule } from '../users/users.module';
import { LiveGateway } from './live.gateway';
import { LiveHub } from './live-hub';
import { LiveLimits } from './live-limits';
import { LiveSessions } from './live-sessions';
import { SessionCaptureModule } from '../anticheat/session-capture.module';
import { VoiceModule } from '../voice/voice.module';

/** Live tables over socket.io (namespace /live). The adapter (LiveIoAdapter) is set in setup.ts; LiveHub spans the instances; LiveSessions ends sockets of revoked and expired tokens and counts them; LiveLimits limits each account's events. */
@Module({ imports: [AuthModule, UsersModule, GamesModule, TournamentModule, ConductModule, SessionCaptureModule, VoiceModule], providers: [LiveGateway, LiveHub, LiveSessions, LiveLimits, AuthGuard] })
export class LiveModule {}

import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { ConductModule } from '../conduct/conduct.module';
import { VoiceController } from './voice.controller';
import { VoicePresence } from './voice-presence';
import { VoiceReportsService } from './voice-reports.service';
import { VoiceRepository } from './voice.repository';
import { VoiceService } from './voice.service';

/** Voice and team channels (issue 29): the signalling the live gateway relays, TURN credentials, mutes, reported clips. */
@Module({ imports: [ConductModule, TournamentModule], controllers: [VoiceController], providers: [VoiceService, VoiceReportsService, VoiceRepository, VoicePresence], exports: [VoiceService] })
export class VoiceModule {}

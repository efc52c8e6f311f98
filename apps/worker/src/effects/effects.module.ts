import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { EffectsProcessor } from './effects.processor';
import { EffectsRecovery } from './effects-recovery';

@Module({ imports: [TournamentModule], providers: [EffectsProcessor, EffectsRecovery] })
export class EffectsModule {}

import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { IntegrityModule } from '../integrity/integrity.module';
import { ConductController } from './conduct.controller';
import { ConductRepository } from './conduct.repository';
import { ConductService } from './conduct.service';

/** The code of conduct (SPEC 6): table chat filtering and the conduct ledger. */
@Module({ imports: [IntegrityModule, TournamentModule], controllers: [ConductController], providers: [ConductService, ConductRepository], exports: [ConductService] })
export class ConductModule {}

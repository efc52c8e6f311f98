import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { RulesApiService } from './rules-api.service';
import { RulesController } from './rules.controller';

/** `/rules`, `/me/rules`, `/admin/rules`: SPEC 6 "Rules changes". The gate on playing acts is RulesAcceptedGuard. */
@Module({ imports: [TournamentModule], controllers: [RulesController], providers: [RulesApiService] })
export class RulesModule {}

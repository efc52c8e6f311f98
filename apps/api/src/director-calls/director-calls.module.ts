import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { DirectorCallsController } from './director-calls.controller';
import { DirectorCallsQueries } from './director-calls.repository';
import { DirectorCallsService } from './director-calls.service';
import { LiveHealthController, LiveHealthService } from './live-health';
import { LiveHealthRepository } from './live-health.repository';

@Module({ imports: [TournamentModule], controllers: [DirectorCallsController, LiveHealthController], providers: [DirectorCallsService, DirectorCallsQueries, LiveHealthService, LiveHealthRepository] })
export class DirectorCallsModule {}

import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { DirectorCallsController } from './director-calls.controller';
import { DirectorCallsQueries } from './director-calls.queries';
import { DirectorCallsService } from './director-calls.service';
import { LiveHealthController, LiveHealthService } from './live-health';

@Module({ imports: [TournamentModule], controllers: [DirectorCallsController, LiveHealthController], providers: [DirectorCallsService, DirectorCallsQueries, LiveHealthService] })
export class DirectorCallsModule {}

import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { DirectorCallsController } from './director-calls.controller';
import { DirectorCallsQueries } from './director-calls.queries';
import { DirectorCallsService } from './director-calls.service';

@Module({ imports: [TournamentModule], controllers: [DirectorCallsController], providers: [DirectorCallsService, DirectorCallsQueries] })
export class DirectorCallsModule {}

import { Module } from '@nestjs/common';
import { TournamentModule as SharedTournamentModule } from '@dcs/tournament';
import { BracketRepository } from './bracket.repository';
import { BracketService } from './bracket.service';
import { TournamentController } from './tournament.controller';

@Module({ imports: [SharedTournamentModule], controllers: [TournamentController], providers: [BracketService, BracketRepository] })
export class TournamentApiModule {}

import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { TiebreaksController } from './tiebreaks.controller';

/** The 6-4/5-5 draws (/tiebreaks): served by the challenge flow of libs/tournament. */
@Module({ imports: [TournamentModule], controllers: [TiebreaksController] })
export class TiebreaksModule {}

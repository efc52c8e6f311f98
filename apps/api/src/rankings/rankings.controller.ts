import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { PlayerRankingQueryDto, StandingsQueryDto } from './rankings.dto';
import { EliteSixView, PlayerRanking, RankingsService, StandingsPage } from './rankings.service';

@ApiTags('rankings')
@Controller('cities/:cityId/seasons/:seasonId')
export class RankingsController {
  constructor(private readonly service: RankingsService) {}

  @Public()
  @Get('standings')
  @ApiOperation({ summary: 'Season standings with the tiebreaker that placed each player, and clinched / in contention / eliminated' })
  standings(@Param('cityId', uuidPipe('cityId')) cityId: string, @Param('seasonId', uuidPipe('seasonId')) seasonId: string, @Query() q: StandingsQueryDto): Promise<StandingsPage> {
    return this.service.standings(cityId, seasonId, q);
  }

  @Public()
  @Get('elite-six')
  @ApiOperation({ summary: 'The Elite Six: provisional during the season (ties at the cut reported), final once the season is closed (with the close\'s draws and any later replacements)' })
  eliteSix(@Param('cityId', uuidPipe('cityId')) cityId: string, @Param('seasonId', uuidPipe('seasonId')) seasonId: string): Promise<EliteSixView> {
    return this.service.eliteSix(cityId, seasonId);
  }
}

@ApiTags('rankings')
@Controller('players')
export class PlayersController {
  constructor(private readonly service: RankingsService) {}

  @Public()
  @Get(':id/ranking')
  @ApiOperation({ summary: 'A player\'s season totals and ranks, every challenge result, and head-to-head against ?vs=<playerId>' })
  ranking(@Param('id', uuidPipe()) id: string, @Query() q: PlayerRankingQueryDto): Promise<PlayerRanking> {
    return this.service.player(id, q.vs);
  }
}

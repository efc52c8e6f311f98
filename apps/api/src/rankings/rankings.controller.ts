import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators';
import { CACHE, PublicCache } from '../common/http-cache';
import { uuidPipe } from '../common/validation';
import { ApiOk } from '../common/openapi';
import { EliteSixDto, PlayerRankingDto, PlayerRankingQueryDto, StandingsPageDto, StandingsQueryDto } from './rankings.dto';
import { EliteSixView, PlayerRanking, RankingsService, StandingsPage } from './rankings.service';

const STANDINGS_EXAMPLE = {
  seasonId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  seasonStatus: 'active',
  challengesPlayed: 5,
  challengesRemaining: 7,
  total: 1,
  page: 1,
  pageSize: 50,
  items: [
    {
      rank: 1,
      playerId: '2b6f1d3a-5c7e-4f9a-8b1d-3e5f7a9c1b2d',
      displayName: 'Ana D.',
      points: 1850,
      tournamentWins: 2,
      gamesPlayed: 14,
      avgScoreDiff: 31.5,
      tiebreak: null,
      eliteSixEligible: true,
      resets: [],
      status: 'in-contention',
      pointsStillPossible: 3500,
      need: { clinch: { level: '2', challenges: 2, points: 700 }, outBelow: 0 },
    },
  ],
};

@ApiTags('rankings')
@Controller('cities/:cityId/seasons/:seasonId')
export class RankingsController {
  constructor(private readonly service: RankingsService) {}

  @Public()
  @Get('standings')
  @PublicCache(...CACHE.standings)
  @ApiOperation({ summary: 'Season standings with the tiebreaker that placed each player, clinched / in contention / eliminated, and what each player in contention needs (`need`); paged by `page` and `pageSize` (`total` counts all rows)' })
  @ApiOk(StandingsPageDto, { example: STANDINGS_EXAMPLE })
  standings(@Param('cityId', uuidPipe('cityId')) cityId: string, @Param('seasonId', uuidPipe('seasonId')) seasonId: string, @Query() q: StandingsQueryDto): Promise<StandingsPage> {
    return this.service.standings(cityId, seasonId, q);
  }

  @Public()
  @Get('elite-six')
  @PublicCache(...CACHE.standings)
  @ApiOk(EliteSixDto)
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
  @PublicCache(...CACHE.standings)
  @ApiOk(PlayerRankingDto)
  @ApiOperation({ summary: 'A player\'s season totals, ranks and what they need for the Elite Six, every challenge result, and head-to-head against ?vs=<playerId>' })
  ranking(@Param('id', uuidPipe()) id: string, @Query() q: PlayerRankingQueryDto): Promise<PlayerRanking> {
    return this.service.player(id, q.vs);
  }
}

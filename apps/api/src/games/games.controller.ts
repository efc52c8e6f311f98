import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, OptionalUser, Public } from '../common/decorators';
import { CACHE, PublicCache } from '../common/http-cache';
import { uuidPipe } from '../common/validation';
import { ApiErrors, ApiOk } from '../common/openapi';
import { ActionResponseDto, ContributedDto, ContributionDto, GameActionDto, GameRecordDto, GameReplayDto, GameViewResponseDto } from './games.dto';
import { GamesService } from './games.service';
import { FairDeal } from '@dcs/tournament';
import { GameReviewDto } from './game-review.dto';
import { GameReviewService } from './game-review.service';

const GAME_VIEW_EXAMPLE = {
  gameId: '3c5e7a9b-1d2f-4a6c-8e0b-2d4f6a8c0e1b',
  tableId: '0d9a6c1e-8f3b-4a2d-9c5e-1b7f3a2d4e6c',
  seat: 2,
  status: 'playing',
  seedHash: '9f2c…',
  seed: null,
  turnDeadline: '2027-03-20T17:03:20.000Z',
  view: { version: 12, turn: 2, scores: [15, 0, 10, 5], board: ['6-6', '6-3'], hand: ['3-3', '5-2'], handSizes: [5, 6, 2, 4] },
};

@ApiTags('games')
@Controller('games')
export class GamesController {
  constructor(
    private readonly service: GamesService,
    private readonly reviews: GameReviewService,
    private readonly fair: FairDeal,
  ) {}

  @Public()
  @Get(':id/view')
  @ApiOperation({ summary: 'The caller\'s view: a seated player sees their own tiles; anyone else the public view' })
  @ApiOk(GameViewResponseDto, { example: GAME_VIEW_EXAMPLE })
  view(@OptionalUser() user: AuthUser | undefined, @Param('id', uuidPipe()) id: string): Promise<GameViewResponseDto> {
    return this.service.view(user, id);
  }

  @Post(':id/actions')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Play, knock, draw or reshuffle for your own seat' })
  @ApiOk(ActionResponseDto)
  @ApiErrors('NOT_SEATED', 'GAME_NOT_DEALT', 'STALE_VERSION', 'REQUEST_ID_REUSED', 'GAME_OVER', 'HAND_OVER', 'WRONG_TURN', 'TILE_NOT_IN_HAND', 'ILLEGAL_LEAD', 'ILLEGAL_PLAY', 'AMBIGUOUS_END', 'ILLEGAL_DRAW', 'ILLEGAL_KNOCK', 'INVALID_ACTION')
  act(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: GameActionDto): Promise<ActionResponseDto> {
    return this.service.act(user, id, dto);
  }

  @Post(':id/contribution')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Deals no one can steer (docs/rules.md): a seated person\'s random contribution to the deal, once, while the window after the seating is open (the live page sends it by itself)' })
  @ApiOk(ContributedDto)
  @ApiErrors('CONTRIBUTION_INVALID', 'NOT_SEATED', 'NOT_YOUR_SEAT', 'CONTRIBUTION_ALREADY_SENT', 'CONTRIBUTION_CLOSED')
  contribute(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: ContributionDto): Promise<ContributedDto> {
    return this.fair.contribute(user.id, id, dto);
  }

  @Public()
  @Get(':id/record')
  @PublicCache(...CACHE.finishedRecord)
  @ApiOperation({ summary: 'The game record (SPEC 1.8): while the game runs a seated caller sees only their own tiles and nobody else any hidden tile, whatever their roles; in full once it has ended (a reviewer\'s or admin\'s read audited)' })
  @ApiOk(GameRecordDto)
  record(@OptionalUser() user: AuthUser | undefined, @Param('id', uuidPipe()) id: string): Promise<GameRecordDto> {
    return this.service.record(user, id);
  }

  @Public()
  @Get(':id/replay')
  @PublicCache(...CACHE.finished)
  @ApiOperation({ summary: 'A finished game position by position (the record replayed by the engine): board, open ends, scores and every hand after each move; 409 GAME_NOT_FINISHED while it runs' })
  @ApiOk(GameReplayDto)
  @ApiErrors('GAME_NOT_FINISHED')
  replay(@OptionalUser() user: AuthUser | undefined, @Param('id', uuidPipe()) id: string): Promise<GameReplayDto> {
    return this.service.replay(user, id);
  }

  @Public()
  @Get(':id/analysis')
  @ApiOperation({
    summary:
      "A finished game's post-game analysis: each decision judged against the expert on what its seat knew, the expected points lost, inaccuracy / mistake / blunder, accuracy per seat (docs/rules.md). A player sees their own decisions once their game is over (a challenge game: once its table is decided); everyone every seat's once the challenge is complete; reviewers and admins every seat's once the game has ended (audited). status pending while the worker judges it (seconds).",
  })
  @ApiOk(GameReviewDto)
  @ApiErrors('GAME_NOT_FINISHED', 'TABLE_NOT_FINISHED', 'FORBIDDEN')
  analysis(@OptionalUser() user: AuthUser | undefined, @Param('id', uuidPipe()) id: string): Promise<GameReviewDto> {
    return this.reviews.review(user, id);
  }
}

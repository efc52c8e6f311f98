import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { AuthUser, CurrentUser, OptionalUser, Public } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { ActionResponseDto, GameActionDto, GameViewResponseDto } from './games.dto';
import { GamesService } from './games.service';

@ApiTags('games')
@Controller('games')
export class GamesController {
  constructor(private readonly service: GamesService) {}

  @Public()
  @Get(':id/view')
  @ApiOperation({ summary: 'The caller\'s view: a seated player sees their own tiles; anyone else the public view' })
  view(@OptionalUser() user: AuthUser | undefined, @Param('id', uuidPipe()) id: string): Promise<GameViewResponseDto> {
    return this.service.view(user, id);
  }

  @Post(':id/actions')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Play, knock, draw or reshuffle for your own seat' })
  @ApiConflictResponse({ description: 'STALE_VERSION, GAME_OVER, HAND_OVER' })
  @ApiUnprocessableEntityResponse({ description: 'the engine\'s code: WRONG_TURN, TILE_NOT_IN_HAND, ILLEGAL_PLAY, AMBIGUOUS_END, ILLEGAL_LEAD …' })
  act(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: GameActionDto): Promise<ActionResponseDto> {
    return this.service.act(user, id, dto);
  }

  @Public()
  @Get(':id/record')
  @ApiOperation({ summary: 'The game record (SPEC 1.8); hidden tiles only after the game or for reviewers/admins' })
  record(@OptionalUser() user: AuthUser | undefined, @Param('id', uuidPipe()) id: string): Promise<unknown> {
    return this.service.record(user, id);
  }

  @Public()
  @Get(':id/replay')
  @ApiOperation({ summary: 'A finished game position by position (the record replayed by the engine): board, open ends, scores and every hand after each move; 409 GAME_NOT_FINISHED while it runs' })
  @ApiConflictResponse({ description: 'GAME_NOT_FINISHED' })
  replay(@OptionalUser() user: AuthUser | undefined, @Param('id', uuidPipe()) id: string) {
    return this.service.replay(user, id);
  }
}

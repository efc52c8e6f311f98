import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ChallengeFlowService } from '@dcs/tournament';
import { OkDto, ReasonDto } from '../common/acts.dto';
import { AuthUser, CurrentUser, Public, Roles } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { ApiErrors, ApiOk } from '../common/openapi';
import { CorrectResultDto, TableViewDto, VoidedTableDto } from './tables.dto';
import { TablesService } from './tables.service';

const TABLE_EXAMPLE = {
  id: '0d9a6c1e-8f3b-4a2d-9c5e-1b7f3a2d4e6c',
  challengeId: '6f1c2f0e-3c1a-4d7e-9b1a-2f4e5d6c7b8a',
  round: 1,
  index: 0,
  status: 'playing',
  endedBy: null,
  seats: [{ seat: 0, userId: '2b6f1d3a-5c7e-4f9a-8b1d-3e5f7a9c1b2d', displayName: 'Ana D.', seed: 1 }],
  result: null,
  game: { gameId: '3c5e7a9b-1d2f-4a6c-8e0b-2d4f6a8c0e1b', tableId: '0d9a6c1e-8f3b-4a2d-9c5e-1b7f3a2d4e6c', seat: null, status: 'playing', seedHash: '9f2c…', seed: null, turnDeadline: null, view: { version: 12, scores: [15, 0, 10, 5] } },
};

/** Every /tables route: a table's public view, and a director's void and result correction. */
@ApiTags('tables')
@Controller('tables')
export class TablesController {
  constructor(
    private readonly service: TablesService,
    private readonly flow: ChallengeFlowService,
  ) {}

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'A table\'s public view: seats, public board, scores, result' })
  @ApiOk(TableViewDto, { example: TABLE_EXAMPLE })
  get(@Param('id', uuidPipe()) id: string): Promise<TableViewDto> {
    return this.service.publicView(id);
  }

  @Post(':id/void')
  @HttpCode(200)
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Void a table\'s game and deal a replay (director; audited)' })
  @ApiOk(VoidedTableDto)
  @ApiErrors('TABLE_DECIDED', 'CHALLENGE_CLOSED', 'OWN_CHALLENGE', 'NOT_YOUR_CITY')
  voidTable(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: ReasonDto): Promise<{ gameId: string }> {
    return this.flow.voidTable(user.id, id, dto.reason);
  }

  @Post(':id/result')
  @HttpCode(200)
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Correct a table\'s result (director; audited; until the next round is seated)' })
  @ApiOk(OkDto)
  @ApiErrors('CHALLENGE_CLOSED', 'BAD_ORDER', 'ROUND_SEATED', 'OWN_CHALLENGE', 'NOT_YOUR_CITY', 'PLAYER_DISQUALIFIED')
  async correct(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: CorrectResultDto): Promise<{ ok: true }> {
    await this.flow.correctResult(user.id, id, dto.order, dto.reason);
    return { ok: true };
  }
}

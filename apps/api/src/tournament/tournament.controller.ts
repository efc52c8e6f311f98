import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { TiebreakPublicView } from '@dcs/engine';
import { ChallengeFlowService } from '@dcs/tournament';
import { AuthUser, CurrentUser, Public, Roles } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { BracketService, BracketView } from './bracket.service';
import { CorrectResultDto, DisqualifyDto, ReasonDto, TiebreakPickDto } from './tournament.dto';

@ApiTags('tournament')
@Controller()
export class TournamentController {
  constructor(
    private readonly brackets: BracketService,
    private readonly flow: ChallengeFlowService,
  ) {}

  @Public()
  @Get('challenges/:id/bracket')
  @ApiOperation({ summary: 'The bracket: rounds, tables, seats, results, byes and placements' })
  bracket(@Param('id', uuidPipe()) id: string): Promise<BracketView> {
    return this.brackets.bracket(id);
  }

  @Public()
  @Get('tiebreaks/:id')
  @ApiOperation({ summary: 'A 6-4/5-5 draw: who took which position; tiles only once revealed' })
  tiebreak(@Param('id', uuidPipe()) id: string): Promise<unknown> {
    return this.flow.tiebreakView(id);
  }

  @Post('tiebreaks/:id/picks')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Take a face-down tile within the 5-second window (tied players only)' })
  @ApiConflictResponse({ description: 'DRAW_CLOSED, POSITION_TAKEN, HAND_FULL' })
  pick(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: TiebreakPickDto): Promise<TiebreakPublicView> {
    return this.flow.pickTile(user.id, id, dto.position);
  }

  @Post('challenges/:id/cancel')
  @HttpCode(200)
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Cancel a challenge that has not completed (director; reason required, audited)' })
  async cancel(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: ReasonDto): Promise<{ ok: true }> {
    await this.flow.cancel(user.id, id, dto.reason);
    return { ok: true };
  }

  @Post('challenges/:id/disqualifications')
  @HttpCode(200)
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Disqualify a player: forfeits their table, no points or prize (director; audited)' })
  async disqualify(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: DisqualifyDto): Promise<{ ok: true }> {
    await this.flow.disqualify(user.id, id, dto.userId, dto.reason);
    return { ok: true };
  }

  @Post('tables/:id/void')
  @HttpCode(200)
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Void a table\'s game and deal a replay (director; audited)' })
  voidTable(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: ReasonDto): Promise<{ gameId: string }> {
    return this.flow.voidTable(user.id, id, dto.reason);
  }

  @Post('tables/:id/result')
  @HttpCode(200)
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Correct a table\'s result (director; audited; until the next round is seated)' })
  async correct(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: CorrectResultDto): Promise<{ ok: true }> {
    await this.flow.correctResult(user.id, id, dto.order, dto.reason);
    return { ok: true };
  }
}

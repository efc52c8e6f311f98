import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { TiebreakPublicView } from '@dcs/engine';
import { ChallengeFlowService } from '@dcs/tournament';
import { AuthUser, CurrentUser, Public } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { BracketService, BracketView } from './bracket.service';
import { TiebreakPickDto } from './tournament.dto';

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
}

import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { TiebreakPublicView } from '@dcs/engine';
import { ChallengeFlowService } from '@dcs/tournament';
import { AuthUser, CurrentUser, Public } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { ApiErrors, ApiOk } from '../common/openapi';
import { TiebreakPickDto, TiebreakPublicViewDto, TiebreakViewDto } from './tiebreaks.dto';

/** Every /tiebreaks route: a 6-4/5-5 draw's view and a tied player's pick. */
@ApiTags('tiebreaks')
@Controller('tiebreaks')
export class TiebreaksController {
  constructor(private readonly flow: ChallengeFlowService) {}

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'A 6-4/5-5 draw: who took which position; tiles only once revealed' })
  @ApiOk(TiebreakViewDto)
  tiebreak(@Param('id', uuidPipe()) id: string): Promise<unknown> {
    return this.flow.tiebreakView(id);
  }

  @Post(':id/picks')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Take a face-down tile within the 5-second window (tied players only)' })
  @ApiOk(TiebreakPublicViewDto)
  @ApiErrors('DRAW_CLOSED', 'POSITION_TAKEN', 'HAND_FULL', 'NOT_IN_DRAW', 'BAD_POSITION')
  pick(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: TiebreakPickDto): Promise<TiebreakPublicView> {
    return this.flow.pickTile(user.id, id, dto.position);
  }
}

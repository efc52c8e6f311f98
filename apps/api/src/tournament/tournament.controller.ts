import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { TiebreakPublicView } from '@dcs/engine';
import { ChallengeFlowService } from '@dcs/tournament';
import { AuthUser, CurrentUser, Public, Roles } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { BracketService, BracketView } from './bracket.service';
import { ApiErrors, ApiOk } from '../common/openapi';
import { BracketDto, CorrectResultDto, DisqualifyDto, OkDto, ReasonDto, TiebreakPickDto, TiebreakPublicViewDto, TiebreakViewDto, VoidedTableDto } from './tournament.dto';

const BRACKET_EXAMPLE = {
  challengeId: '6f1c2f0e-3c1a-4d7e-9b1a-2f4e5d6c7b8a',
  status: 'running',
  players: 16,
  rounds: [
    {
      round: 1,
      status: 'finished',
      startsAt: '2027-03-20T17:00:00.000Z',
      hardStopAt: '2027-03-20T17:45:00.000Z',
      byes: [],
      tables: [
        {
          id: '0d9a6c1e-8f3b-4a2d-9c5e-1b7f3a2d4e6c',
          index: 0,
          status: 'decided',
          endedBy: 'target',
          seats: [{ seat: 0, userId: '2b6f1d3a-5c7e-4f9a-8b1d-3e5f7a9c1b2d', displayName: 'Ana D.', seed: 1 }],
          result: [{ userId: '2b6f1d3a-5c7e-4f9a-8b1d-3e5f7a9c1b2d', seat: 0, score: 150, place: 1, advanced: true, forfeited: false }],
          tiebreaks: [],
        },
      ],
    },
  ],
  placements: [],
};

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
  @ApiOk(BracketDto, { example: BRACKET_EXAMPLE })
  bracket(@Param('id', uuidPipe()) id: string): Promise<BracketView> {
    return this.brackets.bracket(id);
  }

  @Public()
  @Get('tiebreaks/:id')
  @ApiOperation({ summary: 'A 6-4/5-5 draw: who took which position; tiles only once revealed' })
  @ApiOk(TiebreakViewDto)
  tiebreak(@Param('id', uuidPipe()) id: string): Promise<unknown> {
    return this.flow.tiebreakView(id);
  }

  @Post('tiebreaks/:id/picks')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Take a face-down tile within the 5-second window (tied players only)' })
  @ApiOk(TiebreakPublicViewDto)
  @ApiErrors('DRAW_CLOSED', 'POSITION_TAKEN', 'HAND_FULL', 'NOT_IN_DRAW', 'BAD_POSITION')
  pick(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: TiebreakPickDto): Promise<TiebreakPublicView> {
    return this.flow.pickTile(user.id, id, dto.position);
  }

  @Post('challenges/:id/cancel')
  @HttpCode(200)
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Cancel a challenge that has not completed (director; reason required, audited)' })
  @ApiOk(OkDto)
  @ApiErrors('CHALLENGE_CLOSED', 'OWN_CHALLENGE', 'NOT_YOUR_CITY')
  async cancel(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: ReasonDto): Promise<{ ok: true }> {
    await this.flow.cancel(user.id, id, dto.reason);
    return { ok: true };
  }

  @Post('challenges/:id/disqualifications')
  @HttpCode(200)
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Disqualify a player: forfeits their table, no points or prize (director; audited)' })
  @ApiOk(OkDto)
  @ApiErrors('CHALLENGE_CLOSED', 'NOT_REGISTERED', 'ALREADY_DISQUALIFIED', 'OWN_CHALLENGE', 'NOT_YOUR_CITY')
  async disqualify(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: DisqualifyDto): Promise<{ ok: true }> {
    await this.flow.disqualify(user.id, id, dto.userId, dto.reason);
    return { ok: true };
  }

  @Post('tables/:id/void')
  @HttpCode(200)
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Void a table\'s game and deal a replay (director; audited)' })
  @ApiOk(VoidedTableDto)
  @ApiErrors('TABLE_DECIDED', 'CHALLENGE_CLOSED', 'OWN_CHALLENGE', 'NOT_YOUR_CITY')
  voidTable(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: ReasonDto): Promise<{ gameId: string }> {
    return this.flow.voidTable(user.id, id, dto.reason);
  }

  @Post('tables/:id/result')
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

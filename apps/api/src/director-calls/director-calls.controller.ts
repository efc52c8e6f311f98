import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Roles } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { ApiErrors, ApiOk } from '../common/openapi';
import { DirectorCallDto, DirectorCallListDto, NewDirectorCallDto, ResolveDirectorCallDto } from './director-calls.dto';
import { DirectorCallsService } from './director-calls.service';

@ApiTags('director calls')
@ApiBearerAuth()
@Controller()
export class DirectorCallsController {
  constructor(private readonly calls: DirectorCallsService) {}

  @Post('tables/:id/director-calls')
  @ApiOperation({ summary: 'Call the director to a live table (a player seated there, or a member of staff watching it, for a visible problem); the game and its version are recorded; 3 calls per 10 minutes, one waiting per table' })
  @ApiOk(DirectorCallDto)
  @ApiErrors('CHALLENGE_CLOSED', 'DIRECTOR_CALL_PENDING', 'RATE_LIMITED', 'NOT_SEATED')
  call(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: NewDirectorCallDto): Promise<DirectorCallDto> {
    return this.calls.call(user, id, dto);
  }

  @Get('tables/:id/director-calls')
  @ApiOperation({ summary: 'Your own calls at this table, latest first, with the director\'s answers' })
  @ApiOk([DirectorCallDto])
  mine(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string): Promise<DirectorCallDto[]> {
    return this.calls.mine(user.id, id);
  }

  @Get('challenges/:id/director-calls')
  @Roles('director')
  @ApiOperation({ summary: 'The calls of a challenge for its directors: waiting ones oldest first (with the time waiting), then the last resolved' })
  @ApiOk(DirectorCallListDto)
  @ApiErrors('OWN_CHALLENGE', 'NOT_YOUR_CITY')
  list(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string): Promise<DirectorCallListDto> {
    return this.calls.ofChallenge(user.id, id);
  }

  @Post('director-calls/:id/acknowledge')
  @HttpCode(200)
  @Roles('director')
  @ApiOperation({ summary: 'Acknowledge a call (the caller sees that the director is coming); audited' })
  @ApiOk(DirectorCallDto)
  @ApiErrors('DIRECTOR_CALL_CLOSED', 'OWN_CHALLENGE', 'NOT_YOUR_CITY')
  acknowledge(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string): Promise<DirectorCallDto> {
    return this.calls.acknowledge(user.id, id);
  }

  @Post('director-calls/:id/resolve')
  @HttpCode(200)
  @Roles('director')
  @ApiOperation({ summary: 'Resolve a call with a note the caller sees, optionally with one act: void the table\'s game, correct its result, or disqualify a player (each audited as its own endpoint does)' })
  @ApiOk(DirectorCallDto)
  @ApiErrors('DIRECTOR_CALL_CLOSED', 'OWN_CHALLENGE', 'NOT_YOUR_CITY', 'TABLE_DECIDED', 'CHALLENGE_CLOSED', 'BAD_ORDER', 'ROUND_SEATED', 'PLAYER_DISQUALIFIED', 'NOT_REGISTERED', 'ALREADY_DISQUALIFIED', 'NOT_AT_CALL_TABLE', 'SANCTION_NOT_ALLOWED')
  resolve(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: ResolveDirectorCallDto): Promise<DirectorCallDto> {
    return this.calls.resolve(user.id, id, dto);
  }
}

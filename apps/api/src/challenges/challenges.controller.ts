import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ChallengeFlowService } from '@dcs/tournament';
import { OkDto, ReasonDto } from '../common/acts.dto';
import { AuthUser, CurrentUser, OptionalUser, Public, Roles } from '../common/decorators';
import { CACHE, PublicCache } from '../common/http-cache';
import { uuidPipe } from '../common/validation';
import { BracketDto, DisqualifyDto } from './bracket.dto';
import { BracketService, BracketView } from './bracket.service';
import { ChallengeDetailDto, ChallengeResponseDto, CityChallengesQueryDto, CreateChallengeDto, PublicRegistrationDto, RegistrationResponseDto, RosterLineDto, RosterQueryDto, UpdateChallengeDto } from './challenges.dto';
import { ChallengesService } from './challenges.service';
import { ApiErrors, ApiOk } from '../common/openapi';
import { UnderAcceptedRules } from '../rules/rules-accepted.guard';

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

/** Every /challenges route: the calendar, registrations and check-in, the bracket, and a director's cancel and disqualification. */
@ApiTags('challenges')
@Controller()
export class ChallengesController {
  constructor(
    private readonly service: ChallengesService,
    private readonly brackets: BracketService,
    private readonly flow: ChallengeFlowService,
  ) {}

  @Public()
  @Get('cities/:id/challenges')
  @PublicCache(...CACHE.challenges)
  @ApiOperation({ summary: 'A city\'s upcoming challenges and those of the last weeks, by start time' })
  @ApiOk([ChallengeResponseDto])
  forCity(@Param('id', uuidPipe()) id: string, @Query() q: CityChallengesQueryDto): Promise<ChallengeResponseDto[]> {
    return this.service.forCity(id, q);
  }

  @Post('cities/:id/challenges')
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Create a challenge for a city (director): its next Saturday at 12:00 local by default, a named Saturday, or a special event at another date/time (reason required); audited, timers queued at once' })
  @ApiOk(ChallengeResponseDto)
  @ApiErrors('NOT_YOUR_CITY', 'CHALLENGE_EXISTS', 'START_IN_PAST', 'TOO_LATE', 'TOO_FAR_AHEAD', 'INVALID_DATE', 'INVALID_TIME', 'REASON_REQUIRED', 'PRIZE_POOL_ABOVE_CEILING')
  create(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: CreateChallengeDto): Promise<ChallengeResponseDto> {
    return this.service.create(user, id, dto);
  }

  @Patch('challenges/:id')
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change a challenge\'s tier and/or prize pool before it starts (director; reason required, audited)' })
  @ApiOk(ChallengeResponseDto)
  @ApiErrors('NOT_YOUR_CITY', 'OWN_CHALLENGE', 'CHALLENGE_STARTED', 'REASON_REQUIRED', 'NOTHING_TO_CHANGE', 'TIER_NOT_APPLICABLE', 'PRIZE_POOL_ABOVE_CEILING')
  update(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: UpdateChallengeDto): Promise<ChallengeResponseDto> {
    return this.service.update(user, id, dto);
  }

  @Public()
  @Get('challenges/:id')
  @PublicCache(...CACHE.challenge)
  @ApiOperation({ summary: 'A challenge: times, status, prize pool and registration counts' })
  @ApiOk(ChallengeDetailDto)
  get(@Param('id', uuidPipe()) id: string): Promise<ChallengeDetailDto> {
    return this.service.get(id);
  }

  @Public()
  @Get('challenges/:id/registrations')
  @PublicCache(...CACHE.challenge)
  @ApiOperation({ summary: 'Who is registered and waitlisted, in order, and who checked in (display names only; a director or admin also gets user ids)' })
  @ApiOk([PublicRegistrationDto])
  registrations(@OptionalUser() user: AuthUser | undefined, @Param('id', uuidPipe()) id: string): Promise<PublicRegistrationDto[]> {
    return this.service.registrations(id, user);
  }

  @Get('challenges/:id/roster')
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'A director\'s list of the challenge: who registered, checked in, waits (with their place) or withdrew, with the dates and any disqualification; searched by name (directors of the challenge\'s city, admins)' })
  @ApiOk([RosterLineDto])
  @ApiErrors('NOT_YOUR_CITY')
  roster(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Query() q: RosterQueryDto): Promise<RosterLineDto[]> {
    return this.service.roster(user, id, q);
  }

  @Get('challenges/:id/registration')
  @Roles('competitor')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'My registration for this challenge' })
  @ApiOk(RegistrationResponseDto)
  @ApiErrors('NOT_REGISTERED')
  mine(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string): Promise<RegistrationResponseDto> {
    return this.service.mine(user, id);
  }

  @Post('challenges/:id/registration')
  @UnderAcceptedRules()
  @Roles('competitor')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Register (waitlisted beyond capacity); open from registration opening until check-in closes' })
  @ApiOk(RegistrationResponseDto)
  @ApiErrors('ALREADY_REGISTERED', 'REGISTRATION_CLOSED', 'ACCOUNT_SUSPENDED', 'SEASON_BANNED')
  register(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string): Promise<RegistrationResponseDto> {
    return this.service.register(user, id);
  }

  @Delete('challenges/:id/registration')
  @Roles('competitor')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Withdraw until check-in closes; a registered player\'s place goes to the first waitlisted player' })
  @ApiOk(RegistrationResponseDto)
  @ApiErrors('NOT_REGISTERED', 'REGISTRATION_CLOSED')
  withdraw(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string): Promise<RegistrationResponseDto> {
    return this.service.withdraw(user, id);
  }

  @Post('challenges/:id/check-in')
  @UnderAcceptedRules()
  @HttpCode(200)
  @Roles('competitor')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Check in during the check-in window (registered or waitlisted); again → the same check-in time' })
  @ApiOk(RegistrationResponseDto)
  @ApiErrors('NOT_REGISTERED', 'CHECK_IN_CLOSED', 'CHECK_IN_NOT_OPEN', 'ACCOUNT_SUSPENDED', 'SEASON_BANNED')
  checkIn(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string): Promise<RegistrationResponseDto> {
    return this.service.checkIn(user, id);
  }

  @Public()
  @Get('challenges/:id/bracket')
  @PublicCache(...CACHE.bracket)
  @ApiOperation({ summary: 'The bracket: rounds, tables, seats, results, byes and placements' })
  @ApiOk(BracketDto, { example: BRACKET_EXAMPLE })
  bracket(@Param('id', uuidPipe()) id: string): Promise<BracketView> {
    return this.brackets.bracket(id);
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
  @ApiErrors('CHALLENGE_CLOSED', 'NOT_REGISTERED', 'ALREADY_DISQUALIFIED', 'OWN_CHALLENGE', 'NOT_YOUR_CITY', 'SANCTION_NOT_ALLOWED')
  async disqualify(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: DisqualifyDto): Promise<{ ok: true }> {
    await this.flow.disqualify(user.id, id, dto.userId, dto.reason);
    return { ok: true };
  }
}

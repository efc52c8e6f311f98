import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, OptionalUser, Public, Roles } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { ChallengeDetailDto, ChallengeResponseDto, CityChallengesQueryDto, CreateChallengeDto, PublicRegistrationDto, RegistrationResponseDto, UpdateChallengeDto } from './challenges.dto';
import { ChallengesService } from './challenges.service';
import { ApiErrors, ApiOk } from '../common/openapi';

@ApiTags('challenges')
@Controller()
export class ChallengesController {
  constructor(private readonly service: ChallengesService) {}

  @Public()
  @Get('cities/:id/challenges')
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
  @ApiErrors('NOT_YOUR_CITY', 'CHALLENGE_EXISTS', 'START_IN_PAST', 'TOO_LATE', 'TOO_FAR_AHEAD', 'INVALID_DATE', 'INVALID_TIME', 'REASON_REQUIRED')
  create(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: CreateChallengeDto): Promise<ChallengeResponseDto> {
    return this.service.create(user, id, dto);
  }

  @Patch('challenges/:id')
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change a challenge\'s tier and/or prize pool before it starts (director; reason required, audited)' })
  @ApiOk(ChallengeResponseDto)
  @ApiErrors('NOT_YOUR_CITY', 'CHALLENGE_STARTED', 'REASON_REQUIRED', 'NOTHING_TO_CHANGE', 'TIER_NOT_APPLICABLE')
  update(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: UpdateChallengeDto): Promise<ChallengeResponseDto> {
    return this.service.update(user, id, dto);
  }

  @Public()
  @Get('challenges/:id')
  @ApiOperation({ summary: 'A challenge: times, status, prize pool and registration counts' })
  @ApiOk(ChallengeDetailDto)
  get(@Param('id', uuidPipe()) id: string): Promise<ChallengeDetailDto> {
    return this.service.get(id);
  }

  @Public()
  @Get('challenges/:id/registrations')
  @ApiOperation({ summary: 'Who is registered and waitlisted, in order, and who checked in (display names only; a director or admin also gets user ids)' })
  @ApiOk([PublicRegistrationDto])
  registrations(@OptionalUser() user: AuthUser | undefined, @Param('id', uuidPipe()) id: string): Promise<PublicRegistrationDto[]> {
    return this.service.registrations(id, user);
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
  @HttpCode(200)
  @Roles('competitor')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Check in during the check-in window (registered or waitlisted); again → the same check-in time' })
  @ApiOk(RegistrationResponseDto)
  @ApiErrors('NOT_REGISTERED', 'CHECK_IN_CLOSED', 'CHECK_IN_NOT_OPEN', 'ACCOUNT_SUSPENDED', 'SEASON_BANNED')
  checkIn(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string): Promise<RegistrationResponseDto> {
    return this.service.checkIn(user, id);
  }
}

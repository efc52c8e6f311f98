import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { Challenge, ChallengeStatus, RegistrationStatus } from '@dcs/db';
import { anyJson } from '../common/openapi';
import type { ChallengeCounts, ChallengeWithCity, PublicRegistration, RegistrationWithPlace } from './challenges.repository';

const CHALLENGE_STATUSES: ChallengeStatus[] = ['scheduled', 'registration_open', 'check_in_open', 'check_in_closed', 'running', 'completed', 'cancelled'];
const REGISTRATION_STATUSES: RegistrationStatus[] = ['registered', 'waitlisted', 'withdrawn'];

export class CityChallengesQueryDto {
  @ApiPropertyOptional({ default: 4, description: 'also list the challenges that started in the last N weeks (0-52)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(52)
  pastWeeks?: number;
}

export class ChallengeResponseDto {
  @ApiProperty() id!: string;
  @ApiProperty() cityId!: string;
  @ApiProperty({ nullable: true, type: String }) seasonId!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: '1..12 within the season' }) week!: number | null;
  @ApiProperty({ example: '2027-03-20', description: 'the Saturday, in the city\'s time zone' }) localDate!: string;
  @ApiProperty({ enum: CHALLENGE_STATUSES }) status!: ChallengeStatus;
  @ApiProperty({ description: '12:00 local, as a UTC instant' }) startsAt!: string;
  @ApiProperty() registrationOpensAt!: string;
  @ApiProperty() checkInOpensAt!: string;
  @ApiProperty() checkInClosesAt!: string;
  @ApiProperty() capacity!: number;
  @ApiProperty() minPlayers!: number;
  @ApiProperty() prizePoolCents!: number;
  @ApiProperty({ nullable: true, type: String }) cancelReason!: string | null;

  static from(c: Challenge): ChallengeResponseDto {
    return {
      id: c.id,
      cityId: c.cityId,
      seasonId: c.seasonId,
      week: c.week,
      localDate: c.localDate,
      status: c.status,
      startsAt: c.startsAt.toISOString(),
      registrationOpensAt: c.registrationOpensAt.toISOString(),
      checkInOpensAt: c.checkInOpensAt.toISOString(),
      checkInClosesAt: c.checkInClosesAt.toISOString(),
      capacity: c.capacity,
      minPlayers: c.minPlayers,
      prizePoolCents: c.prizePoolCents,
      cancelReason: c.cancelReason,
    };
  }
}

export class ChallengeCountsDto {
  @ApiProperty({ description: 'players holding a place (after check-in closes: including no-shows, who are not seated)' }) registered!: number;
  @ApiProperty() waitlisted!: number;
  @ApiProperty({ description: 'registered or waitlisted players who checked in' }) checkedIn!: number;
}

export class ChallengeDetailDto extends ChallengeResponseDto {
  @ApiProperty() cityName!: string;
  @ApiProperty() timeZone!: string;
  @ApiProperty(anyJson('shares of the pool in basis points')) prizeSplit!: unknown;
  @ApiProperty({ type: ChallengeCountsDto }) counts!: ChallengeCountsDto;

  static of(c: ChallengeWithCity, counts: ChallengeCounts): ChallengeDetailDto {
    return { ...ChallengeResponseDto.from(c), cityName: c.city.name, timeZone: c.city.timeZone, prizeSplit: c.prizeSplit, counts };
  }
}

export class PublicRegistrationDto {
  @ApiProperty({ description: 'order of registration (waitlist order)' }) position!: number;
  @ApiProperty() userId!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ enum: ['registered', 'waitlisted'] }) status!: RegistrationStatus;
  @ApiProperty() checkedIn!: boolean;

  static from(r: PublicRegistration): PublicRegistrationDto {
    return { position: r.position, userId: r.userId, displayName: r.displayName, status: r.status, checkedIn: r.checkedInAt !== null };
  }
}

export class RegistrationResponseDto {
  @ApiProperty() challengeId!: string;
  @ApiProperty() userId!: string;
  @ApiProperty({ enum: REGISTRATION_STATUSES }) status!: RegistrationStatus;
  @ApiProperty() position!: number;
  @ApiProperty({ nullable: true, type: Number, description: '1 = next to be promoted; null unless waitlisted' }) waitlistPlace!: number | null;
  @ApiProperty({ nullable: true, type: String }) checkedInAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) withdrawnAt!: string | null;

  static from(r: RegistrationWithPlace): RegistrationResponseDto {
    return {
      challengeId: r.challengeId,
      userId: r.userId,
      status: r.status,
      position: r.position,
      waitlistPlace: r.waitlistPlace,
      checkedInAt: r.checkedInAt?.toISOString() ?? null,
      withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    };
  }
}

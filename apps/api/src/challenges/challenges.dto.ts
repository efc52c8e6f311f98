import { trim } from '../common/validation';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import type { Challenge, ChallengeKind, ChallengeStatus, RegistrationStatus, Tier } from '@dcs/db';
import { anyJson } from '../common/openapi';
import { NoControlChars } from '../common/no-control-chars';
import type { ChallengeCounts, PublicRegistration, RegistrationWithPlace, RosterLine } from '@dcs/tournament';
import type { ChallengeWithCity } from './challenges.repository';

const CHALLENGE_STATUSES: ChallengeStatus[] = ['scheduled', 'registration_open', 'check_in_open', 'check_in_closed', 'running', 'completed', 'cancelled'];
const REGISTRATION_STATUSES: RegistrationStatus[] = ['registered', 'waitlisted', 'withdrawn'];
const CHALLENGE_KINDS: ChallengeKind[] = ['weekly', 'special', 'regional', 'ndt'];
const TIERS: Tier[] = ['T1', 'T2', 'T3'];
/** A prize pool a director may set: up to $1,000,000, in cents. */
const MAX_POOL_CENTS = 100_000_000;

/**
 * A director's new challenge for a city. Nothing: the city's next Saturday at 12:00 local. A
 * `localDate` that is a Saturday (and no `startTime`, or 12:00): that Saturday's weekly challenge.
 * Any other date or time is a special event, which needs a `reason`; so does a tier or a prize
 * pool other than the city's.
 */
export class CreateChallengeDto {
  @ApiPropertyOptional({ example: '2027-03-20', description: 'the local date in the city\'s time zone (default: the next Saturday whose 12:00 is ahead)' })
  @IsOptional()
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'localDate must be a date YYYY-MM-DD' })
  localDate?: string;

  @ApiPropertyOptional({ example: '18:30', description: 'local start time HH:MM, 24 h (default 12:00); another time than 12:00 makes a special event' })
  @IsOptional()
  @IsString()
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'startTime must be a time HH:MM between 00:00 and 23:59' })
  startTime?: string;

  @ApiPropertyOptional({ enum: TIERS, description: 'default: the city\'s tier' })
  @IsOptional()
  @IsIn(TIERS)
  tier?: Tier;

  @ApiPropertyOptional({ description: 'prize pool in US cents (integer; default: the tier\'s)', minimum: 0, maximum: MAX_POOL_CENTS })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_POOL_CENTS)
  prizePoolCents?: number;

  @ApiPropertyOptional({ minLength: 3, maxLength: 500, description: 'why (audited); required for a special event and for a tier or pool other than the city\'s' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @NoControlChars({ newlines: true })
  @MinLength(3)
  @MaxLength(500)
  reason?: string;
}

/** A director's change to a challenge before it starts: its tier (with the tier's pool and split) and/or its prize pool. */
export class UpdateChallengeDto {
  @ApiPropertyOptional({ enum: TIERS, description: 'the tier; its prize pool and split come with it unless prizePoolCents is given too' })
  @IsOptional()
  @IsIn(TIERS)
  tier?: Tier;

  @ApiPropertyOptional({ description: 'prize pool in US cents (integer)', minimum: 0, maximum: MAX_POOL_CENTS })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_POOL_CENTS)
  prizePoolCents?: number;

  @ApiProperty({ minLength: 3, maxLength: 500, description: 'why (audited)' })
  @Transform(trim)
  @IsString()
  @NoControlChars({ newlines: true })
  @MinLength(3)
  @MaxLength(500)
  reason!: string;
}

export class CityChallengesQueryDto {
  @ApiPropertyOptional({ default: 4, minimum: 0, maximum: 52, description: 'also list the challenges that started in the last N weeks (0-52); a challenge not yet completed or cancelled (a running one) is always listed, whatever its start' })
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
  @ApiProperty({ enum: CHALLENGE_KINDS, description: 'weekly (a city\'s Saturday), special (a director\'s event at another date or time), regional, ndt' }) kind!: ChallengeKind;
  @ApiProperty({ example: '2027-03-20', description: 'the local date (a weekly challenge\'s Saturday), in the city\'s time zone' }) localDate!: string;
  @ApiProperty({ enum: CHALLENGE_STATUSES }) status!: ChallengeStatus;
  @ApiProperty({ description: '12:00 local, as a UTC instant' }) startsAt!: string;
  @ApiProperty() registrationOpensAt!: string;
  @ApiProperty() checkInOpensAt!: string;
  @ApiProperty() checkInClosesAt!: string;
  @ApiProperty() capacity!: number;
  @ApiProperty() minPlayers!: number;
  @ApiProperty({ enum: TIERS, nullable: true, description: 'the tier it runs at (null for regional / ndt)' }) tier!: Tier | null;
  @ApiProperty({ description: 'prize pool in US cents (integer)' }) prizePoolCents!: number;
  @ApiProperty({ nullable: true, type: String }) cancelReason!: string | null;

  static from(c: Challenge): ChallengeResponseDto {
    return {
      id: c.id,
      cityId: c.cityId,
      seasonId: c.seasonId,
      week: c.week,
      kind: c.kind,
      localDate: c.localDate,
      status: c.status,
      startsAt: c.startsAt.toISOString(),
      registrationOpensAt: c.registrationOpensAt.toISOString(),
      checkInOpensAt: c.checkInOpensAt.toISOString(),
      checkInClosesAt: c.checkInClosesAt.toISOString(),
      capacity: c.capacity,
      minPlayers: c.minPlayers,
      tier: c.tier,
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

/**
 * A line of the public registrations list: display names, never account ids or emails. Staff who
 * act on players (directors and admins: a disqualification names the player's id) also get `userId`.
 */
export class PublicRegistrationDto {
  @ApiProperty({ description: 'order of registration (waitlist order)' }) position!: number;
  @ApiProperty() displayName!: string;
  @ApiProperty({ enum: ['registered', 'waitlisted'] }) status!: RegistrationStatus;
  @ApiProperty() checkedIn!: boolean;
  @ApiPropertyOptional({ description: 'only for a director or an admin' }) userId?: string;

  static from(r: PublicRegistration, withIds: boolean): PublicRegistrationDto {
    return { position: r.position, displayName: r.displayName, status: r.status, checkedIn: r.checkedInAt !== null, ...(withIds ? { userId: r.userId } : {}) };
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

const ROSTER_FILTERS = ['registered', 'waitlisted', 'checked_in', 'withdrawn'] as const;

/** A director's filters on a challenge's list: a status (default: everyone still in the line) and a part of a name. */
export class RosterQueryDto {
  @ApiPropertyOptional({ enum: ROSTER_FILTERS, description: 'only these lines (checked_in: registered or waitlisted and checked in); default: all but the withdrawn' })
  @IsOptional()
  @IsIn(ROSTER_FILTERS)
  status?: (typeof ROSTER_FILTERS)[number];

  @ApiPropertyOptional({ maxLength: 60, description: 'a part of the display name, any case' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @NoControlChars()
  @MaxLength(60)
  q?: string;
}

/** A line of a director's list: who, where they stand in the line, when they registered, checked in, withdrew or were disqualified. */
export class RosterLineDto {
  @ApiProperty({ description: 'order of registration (waitlist order)' }) position!: number;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ enum: REGISTRATION_STATUSES }) status!: RegistrationStatus;
  @ApiProperty({ nullable: true, type: Number, description: '1 = next to be promoted; null unless waitlisted' }) waitlistPlace!: number | null;
  @ApiProperty({ format: 'date-time' }) registeredAt!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) checkedInAt!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) withdrawnAt!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'set when a director disqualified the player' }) disqualifiedAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) disqualifyReason!: string | null;

  static from(r: RosterLine): RosterLineDto {
    return {
      position: r.position,
      userId: r.userId,
      displayName: r.displayName,
      status: r.status,
      waitlistPlace: r.waitlistPlace,
      registeredAt: r.registeredAt.toISOString(),
      checkedInAt: r.checkedInAt?.toISOString() ?? null,
      withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
      disqualifiedAt: r.disqualifiedAt?.toISOString() ?? null,
      disqualifyReason: r.disqualifyReason,
    };
  }
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, Validate } from 'class-validator';
import type { City, Region, Season, Tier } from '@dcs/db';
import { TIER_PRIZE_POOL_CENTS } from '@dcs/ranking';
import { NoControlChars } from '../common/no-control-chars';
import { IsIanaTimeZone, trim } from '../common/validation';

export const REGIONS: Region[] = ['north', 'south', 'east', 'west'];
export const TIERS: Tier[] = ['T1', 'T2', 'T3'];


export class CreateCityDto {
  @ApiProperty({ example: 'Atlanta' })
  @Transform(trim)
  @IsString()
  @NoControlChars()
  @MinLength(2)
  @MaxLength(80)
  name!: string;

  @ApiProperty({ example: 'atlanta', description: 'lower-case letters, digits and dashes; unique' })
  @IsString()
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'slug may hold lower-case letters, digits and single dashes' })
  @MaxLength(60)
  slug!: string;

  @ApiProperty({ example: 'America/New_York' })
  @IsString()
  @Validate(IsIanaTimeZone)
  timeZone!: string;

  @ApiProperty({ enum: REGIONS })
  @IsIn(REGIONS)
  region!: Region;

  @ApiProperty({ enum: TIERS })
  @IsIn(TIERS)
  tier!: Tier;

  @ApiPropertyOptional({ description: 'minutes before Saturday 12:00 when registration opens (default 7920 = Monday 00:00)' })
  @IsOptional()
  @IsInt()
  @Min(60)
  @Max(14 * 24 * 60)
  registrationOpensMin?: number;

  @ApiPropertyOptional({ description: 'minutes before 12:00 when check-in opens (default 60)' })
  @IsOptional()
  @IsInt()
  @Min(10)
  @Max(24 * 60)
  checkInOpensMin?: number;

  @ApiPropertyOptional({ description: 'minutes before 12:00 when check-in closes (default 5)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(24 * 60)
  checkInClosesMin?: number;
}

export class UpdateCityDto {
  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @NoControlChars() @MinLength(2) @MaxLength(80) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Validate(IsIanaTimeZone) timeZone?: string;
  @ApiPropertyOptional({ enum: REGIONS }) @IsOptional() @IsIn(REGIONS) region?: Region;
  @ApiPropertyOptional({ enum: TIERS }) @IsOptional() @IsIn(TIERS) tier?: Tier;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(60) @Max(14 * 24 * 60) registrationOpensMin?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(10) @Max(24 * 60) checkInOpensMin?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) @Max(24 * 60) checkInClosesMin?: number;

  @ApiProperty({ description: 'why the city is changed (audited)' })
  @IsString()
  @NoControlChars({ newlines: true })
  @MinLength(3)
  @MaxLength(500)
  reason!: string;
}

export class CreateSeasonDto {
  @ApiProperty({ example: '2027-01-02', description: 'the local date of the first Saturday' })
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'startDate must be a date YYYY-MM-DD' })
  startDate!: string;
}

export class CityResponseDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() timeZone!: string;
  @ApiProperty({ enum: REGIONS }) region!: Region;
  @ApiProperty({ enum: TIERS }) tier!: Tier;
  @ApiProperty({ description: 'the city\'s tier prize pool in US cents (integer), as on its challenges' }) prizePoolCents!: number;
  @ApiProperty() registrationOpensMin!: number;
  @ApiProperty() checkInOpensMin!: number;
  @ApiProperty() checkInClosesMin!: number;

  static from(c: City): CityResponseDto {
    return {
      id: c.id,
      name: c.name,
      slug: c.slug,
      timeZone: c.timeZone,
      region: c.region,
      tier: c.tier,
      prizePoolCents: TIER_PRIZE_POOL_CENTS[c.tier],
      registrationOpensMin: c.registrationOpensMin,
      checkInOpensMin: c.checkInOpensMin,
      checkInClosesMin: c.checkInClosesMin,
    };
  }
}

export class SeasonResponseDto {
  @ApiProperty() id!: string;
  @ApiProperty() cityId!: string;
  @ApiProperty() number!: number;
  @ApiProperty() startDate!: string;
  @ApiProperty() challenges!: number;
  @ApiProperty({ enum: ['upcoming', 'active', 'closed'] }) status!: string;

  static from(s: Season): SeasonResponseDto {
    return { id: s.id, cityId: s.cityId, number: s.number, startDate: s.startDate, challenges: s.challenges, status: s.status };
  }
}

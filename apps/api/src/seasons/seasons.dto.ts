import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Length, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';

/** The years an event may have (2000-2200), in a body, a path or a query alike. */
export const YEAR = { minimum: 2000, maximum: 2200 } as const;

export class WdcYearParamDto {
  @ApiProperty({ ...YEAR, example: 2028, description: 'the WDC edition' }) @Type(() => Number) @IsInt() @Min(YEAR.minimum) @Max(YEAR.maximum) year!: number;
}

export class EventYearQueryDto {
  @ApiPropertyOptional({ ...YEAR, description: 'only the events of this year' }) @IsOptional() @Type(() => Number) @IsInt() @Min(YEAR.minimum) @Max(YEAR.maximum) year?: number;
}

export class CloseSeasonDto {
  @ApiPropertyOptional({ minLength: 3, maxLength: 500, description: 'why the director closes now (kept in the audit log)' })
  @IsOptional()
  @IsString()
  @MinLength(3)
  @MaxLength(500)
  reason?: string;
}

export class CreateRegionalDto {
  @ApiProperty({ enum: ['north', 'south', 'east', 'west'] }) @IsIn(['north', 'south', 'east', 'west']) region!: 'north' | 'south' | 'east' | 'west';
  @ApiProperty({ ...YEAR, example: 2027 }) @IsInt() @Min(YEAR.minimum) @Max(YEAR.maximum) year!: number;
  @ApiPropertyOptional({ description: 'when the first round is seated (default: now)' }) @IsOptional() @IsISO8601() startsAt?: string;
  @ApiPropertyOptional({ description: 'host city (default: the city of the #1 seed); must be in the region' }) @IsOptional() @IsUUID() hostCityId?: string;
  @ApiPropertyOptional({ description: 'prize pool in cents (SPEC 4 names none for Regionals: default 0)' }) @IsOptional() @IsInt() @Min(0) @Max(1_000_000_000) prizePoolCents?: number;
}

export class CreateNdtDto {
  @ApiProperty({ ...YEAR, example: 2027 }) @IsInt() @Min(YEAR.minimum) @Max(YEAR.maximum) year!: number;
  @ApiPropertyOptional({ description: 'when the final table is seated (default: now)' }) @IsOptional() @IsISO8601() startsAt?: string;
  @ApiPropertyOptional({ description: 'prize pool in cents, at least $100,000 (SPEC 4; the default)' }) @IsOptional() @IsInt() @Min(10_000_000) @Max(1_000_000_000) prizePoolCents?: number;
  @ApiPropertyOptional({ ...YEAR, description: 'the WDC edition (biennial) the champion qualifies for; default: the NDT year if even, else the next year' }) @IsOptional() @IsInt() @Min(YEAR.minimum) @Max(YEAR.maximum) wdcYear?: number;
}

export class CreateWdcEntryDto {
  @ApiProperty({ description: 'the entrant\'s name' }) @IsString() @MinLength(2) @MaxLength(80) name!: string;
  @ApiProperty({ description: 'ISO 3166-1 alpha-2 country code (another country than the US)', example: 'JM' }) @IsString() @Length(2, 2) @Matches(/^[A-Z]{2}$/) country!: string;
  @ApiPropertyOptional({ description: 'a platform account, if the entrant has one' }) @IsOptional() @IsUUID() userId?: string;
}

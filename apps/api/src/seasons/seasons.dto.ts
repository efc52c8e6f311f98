import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Length, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { EliteSixPlaceDto, SeasonDrawDto } from '../rankings/rankings.dto';

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

export class SeasonCloseDrawDto extends SeasonDrawDto {
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'every round of the draw (seed, order, picks, hands, outcome)' }) rounds!: unknown[];
  @ApiProperty({ format: 'date-time' }) drawnAt!: string;
}

export class CloseResultDto {
  @ApiProperty({ format: 'uuid' }) seasonId!: string;
  @ApiProperty({ description: 'false when the season was already closed (the call changed nothing)' }) closed!: boolean;
  @ApiProperty({ type: [EliteSixPlaceDto] }) eliteSix!: EliteSixPlaceDto[];
  @ApiProperty({ type: [SeasonCloseDrawDto] }) draws!: SeasonCloseDrawDto[];
}

export class EventEntrantDto {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ nullable: true, type: String, description: 'Regional: the Elite Six benefit; NDT: the region won' }) benefit!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) seasonId!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) cityId!: string | null;
  @ApiProperty({ nullable: true, type: Number }) rank!: number | null;
  @ApiProperty({ nullable: true, type: Number }) points!: number | null;
  @ApiProperty({ nullable: true, type: String }) region!: string | null;
  @ApiProperty() seed!: number;
}

export class EventPlacementDto {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ example: '1' }) placement!: string;
  @ApiProperty() rankingPoints!: number;
  @ApiProperty() prizeCents!: number;
}

export class EventViewDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['regional', 'ndt'], example: 'regional' }) kind!: string;
  @ApiProperty({ enum: ['north', 'south', 'east', 'west'], nullable: true, type: String }) region!: string | null;
  @ApiProperty({ nullable: true, type: Number }) year!: number | null;
  @ApiProperty({ example: 'scheduled' }) status!: string;
  @ApiProperty({ format: 'date-time' }) startsAt!: string;
  @ApiProperty({ format: 'uuid' }) hostCityId!: string;
  @ApiProperty() prizePoolCents!: number;
  @ApiProperty({ type: [EventEntrantDto] }) entrants!: EventEntrantDto[];
  @ApiProperty({ type: [EventPlacementDto], description: 'once completed: every placement, best first' }) placements!: EventPlacementDto[];
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) winner!: string | null;
  @ApiPropertyOptional({ description: 'NDT: the WDC edition its champion qualifies for' }) wdcYear?: number;
}

export class EventCreatedDto extends EventViewDto {
  @ApiProperty({ description: 'false when the event already existed (the repeat returns it)' }) created!: boolean;
}

export class WdcEntryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() year!: number;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) userId!: string | null;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'JM' }) country!: string;
  @ApiProperty({ enum: ['ndt', 'admin'] }) source!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) challengeId!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) createdById!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class WdcEntryCreatedDto extends WdcEntryDto {
  @ApiProperty({ description: 'false when the entry already existed' }) created!: boolean;
}

export class WdcDto {
  @ApiProperty() year!: number;
  @ApiProperty() prizePoolCents!: number;
  @ApiProperty({ type: [WdcEntryDto], description: 'the NDT champion(s) qualified' }) qualifiers!: WdcEntryDto[];
  @ApiProperty({ type: [WdcEntryDto] }) entries!: WdcEntryDto[];
}

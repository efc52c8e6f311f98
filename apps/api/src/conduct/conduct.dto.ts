import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { anyJson } from '../common/openapi';
import { NoControlChars } from '../common/no-control-chars';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength, ValidateIf, ValidateNested } from 'class-validator';

export const SANCTION_KINDS = ['chat_restriction', 'tournament_disqualification', 'suspension', 'ban', 'elite_six_disqualification', 'prize_forfeiture'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];

export class SanctionDto {
  @ApiProperty({ enum: SANCTION_KINDS }) @IsIn(SANCTION_KINDS) kind!: SanctionKind;

  @ApiPropertyOptional({ description: 'chat_restriction (omit = permanent) and suspension (required): length in hours' })
  @ValidateIf((o: SanctionDto) => o.kind === 'suspension' || o.hours !== undefined)
  @IsInt()
  @Min(1)
  @Max(24 * 366 * 5)
  hours?: number;

  @ApiPropertyOptional({ description: 'tournament_disqualification and prize_forfeiture: the challenge' })
  @ValidateIf((o: SanctionDto) => o.kind === 'tournament_disqualification' || o.kind === 'prize_forfeiture')
  @IsUUID()
  challengeId?: string;

  @ApiPropertyOptional({ description: 'elite_six_disqualification: the season' })
  @ValidateIf((o: SanctionDto) => o.kind === 'elite_six_disqualification')
  @IsUUID()
  seasonId?: string;
}

export class FileViolationDto {
  @ApiProperty() @IsUUID() userId!: string;
  @ApiProperty() @IsString() @NoControlChars({ newlines: true }) @MinLength(3) @MaxLength(2000) reason!: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() challengeId?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() gameId?: string;
  @ApiPropertyOptional({ description: 'idempotency key: the same key again returns the first filing' }) @IsOptional() @IsString() @MinLength(8) @MaxLength(100) requestId?: string;

  @ApiProperty({ type: [SanctionDto] })
  @IsArray()
  @ArrayMaxSize(6)
  @ValidateNested({ each: true })
  @Type(() => SanctionDto)
  sanctions!: SanctionDto[];
}

export class RevokeSanctionDto {
  @ApiProperty() @IsString() @NoControlChars({ newlines: true }) @MinLength(3) @MaxLength(2000) reason!: string;
}

export class ViolationsQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsUUID() userId?: string;
  @ApiPropertyOptional({ enum: ['stalling', 'chat', 'director'] }) @IsOptional() @IsIn(['stalling', 'chat', 'director']) kind?: 'stalling' | 'chat' | 'director';
}

export class SanctionResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: SANCTION_KINDS }) kind!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) until!: string | null;
  @ApiProperty() permanent!: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) challengeId!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) seasonId!: string | null;
  @ApiProperty(anyJson('sanction-specific', { nullable: true })) details!: unknown;
  @ApiProperty({ format: 'date-time' }) imposedAt!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) revokedAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) revokeReason!: string | null;
}

export class ViolationResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ enum: ['stalling', 'chat', 'director'] }) kind!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) gameId!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) challengeId!: string | null;
  @ApiProperty() reason!: string;
  @ApiProperty(anyJson('violation-specific (e.g. the blocked chat reason)', { nullable: true })) details!: unknown;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) filedById!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: [SanctionResponseDto] }) sanctions!: SanctionResponseDto[];
}

export class ViolationFiledDto extends ViolationResponseDto {
  @ApiProperty({ description: 'true when the same requestId was filed before (nothing applied twice)' }) replayed!: boolean;
}

export class MyConductDto {
  @ApiProperty({ type: SanctionResponseDto, nullable: true, description: 'the chat restriction in force' }) chatRestriction!: SanctionResponseDto | null;
  @ApiProperty({ type: [ViolationResponseDto] }) violations!: ViolationResponseDto[];
}

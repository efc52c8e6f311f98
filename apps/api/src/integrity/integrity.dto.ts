import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';

export const CASE_STATUSES = ['open', 'in_review', 'decided', 'closed'] as const;
export const CASE_SOURCES = ['detection', 'report', 'manual'] as const;
export const FINDINGS = ['no_violation', 'minor', 'major', 'confirmed_cheating'] as const;
export const APPEAL_OUTCOMES = ['upheld', 'reduced', 'overturned'] as const;
export const REDUCIBLE_TO = ['minor_1', 'minor_2', 'major'] as const;
export const REPORT_CATEGORIES = ['cheating', 'collusion', 'conduct', 'other'] as const;
export const EVIDENCE_KINDS = ['video_request', 'attachment'] as const;

const toBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export class CasesQueryDto {
  @ApiPropertyOptional({ enum: CASE_STATUSES }) @IsOptional() @IsIn(CASE_STATUSES) status?: (typeof CASE_STATUSES)[number];
  @ApiPropertyOptional({ enum: CASE_SOURCES }) @IsOptional() @IsIn(CASE_SOURCES) source?: (typeof CASE_SOURCES)[number];
  @ApiPropertyOptional({ description: 'cases about this player' }) @IsOptional() @IsUUID() playerId?: string;
  @ApiPropertyOptional({ description: 'cases assigned to this reviewer' }) @IsOptional() @IsUUID() assignedToId?: string;
  @ApiPropertyOptional({ description: 'only high-stakes cases (marked for video review)' }) @IsOptional() @Transform(toBool) @IsBoolean() highStakes?: boolean;
  @ApiPropertyOptional({ description: 'cases with a detection signal of this kind (e.g. hidden-information, engine-agreement, collusion-feeding)', maxLength: 40 })
  @IsOptional()
  @IsString()
  @Matches(/^[a-z][a-z-]*$/)
  @MaxLength(40)
  signal?: string;
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200, description: 'page size' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) limit?: number;
  @ApiPropertyOptional({ default: 0, minimum: 0, maximum: 100000, description: 'cases skipped (page × size)' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(100000) offset?: number;
}

export class OpenCaseDto {
  @ApiProperty({ type: [String], description: 'the players under review (1-4)' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(4)
  @IsUUID('all', { each: true })
  subjectIds!: string[];

  @ApiProperty() @IsString() @MinLength(3) @MaxLength(2000) summary!: string;

  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @ArrayMaxSize(100) @IsUUID('all', { each: true }) gameIds?: string[];

  @ApiPropertyOptional({ description: 'mark for video review even if no game is high-stakes' }) @IsOptional() @IsBoolean() highStakes?: boolean;
}

export class AssignCaseDto {
  @ApiProperty({ description: 'a reviewer (or admin)' }) @IsUUID() reviewerId!: string;
}

export class CaseNoteDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(5000) body!: string;
}

export class EvidenceDto {
  @ApiProperty({ enum: EVIDENCE_KINDS }) @IsIn(EVIDENCE_KINDS) kind!: (typeof EVIDENCE_KINDS)[number];
  @ApiProperty() @IsString() @MinLength(3) @MaxLength(2000) description!: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() gameId?: string;
  @ApiPropertyOptional({ description: 'the appeal this evidence is for' }) @IsOptional() @IsUUID() appealId?: string;
  @ApiPropertyOptional({ description: 'attachment: the video request it answers' }) @IsOptional() @IsUUID() answersId?: string;

  @ApiPropertyOptional({ description: 'attachment: where the file is kept (storage key or URL)' })
  @ValidateIf((o: EvidenceDto) => o.kind === 'attachment')
  @IsString()
  @MinLength(3)
  @MaxLength(1000)
  reference?: string;

  @ApiPropertyOptional({ description: 'attachment: SHA-256 of the file, 64 hex digits' })
  @ValidateIf((o: EvidenceDto) => o.kind === 'attachment')
  @Matches(/^[0-9a-f]{64}$/, { message: 'sha256 must be 64 lower-case hex digits' })
  sha256?: string;
}

export class DecideCaseDto {
  @ApiProperty({ description: 'the player decided on (one of the case\'s subjects)' }) @IsUUID() userId!: string;
  @ApiProperty({ enum: FINDINGS }) @IsIn(FINDINGS) finding!: (typeof FINDINGS)[number];
  @ApiProperty() @IsString() @MinLength(3) @MaxLength(2000) reason!: string;
}

export class FileAppealDto {
  @ApiProperty({ description: 'the penalty (decision) appealed' }) @IsUUID() decisionId!: string;
  @ApiProperty() @IsString() @MinLength(10) @MaxLength(5000) statement!: string;
}

/** A banned player cannot sign in: they appeal with their credentials instead of a token. */
export class CredentialAppealDto extends FileAppealDto {
  @ApiProperty() @IsString() @MaxLength(254) email!: string;
  @ApiProperty() @IsString() @MaxLength(128) password!: string;
}

export class DecideAppealDto {
  @ApiProperty({ enum: APPEAL_OUTCOMES }) @IsIn(APPEAL_OUTCOMES) outcome!: (typeof APPEAL_OUTCOMES)[number];

  @ApiPropertyOptional({ enum: REDUCIBLE_TO, description: 'reduced: the lower rung of the ladder now applied' })
  @ValidateIf((o: DecideAppealDto) => o.outcome === 'reduced')
  @IsIn(REDUCIBLE_TO)
  reducedTo?: (typeof REDUCIBLE_TO)[number];

  @ApiProperty() @IsString() @MinLength(3) @MaxLength(2000) reason!: string;
}

export class AppealsQueryDto {
  @ApiPropertyOptional({ enum: ['pending', 'upheld', 'reduced', 'overturned'] }) @IsOptional() @IsIn(['pending', 'upheld', 'reduced', 'overturned']) status?: 'pending' | 'upheld' | 'reduced' | 'overturned';
  @ApiPropertyOptional({ description: 'only appeals marked overdue' }) @IsOptional() @Transform(toBool) @IsBoolean() overdue?: boolean;
}

export class FileReportDto {
  @ApiProperty({ description: 'the player reported' }) @IsUUID() subjectId!: string;
  @ApiPropertyOptional({ description: 'the game it happened in' }) @IsOptional() @IsUUID() gameId?: string;
  @ApiProperty({ enum: REPORT_CATEGORIES }) @IsIn(REPORT_CATEGORIES) category!: (typeof REPORT_CATEGORIES)[number];
  @ApiProperty() @IsString() @MinLength(3) @MaxLength(2000) description!: string;
}

export class ReportsQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsUUID() subjectId?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() caseId?: string;
}

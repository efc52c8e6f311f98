import { trim } from '../common/validation';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { anyJson } from '../common/openapi';
import { NoControlChars } from '../common/no-control-chars';
import type { PlayerMatch, RecentGame } from '@dcs/tournament';
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

  @ApiProperty({ minLength: 3, maxLength: 2000, description: 'the reason the case is opened (line breaks allowed, no other control characters)' })
  @Transform(trim)
  @IsString()
  @NoControlChars({ newlines: true })
  @MinLength(3)
  @MaxLength(2000)
  summary!: string;

  @ApiPropertyOptional({ type: [String], description: 'games the players played (GET /integrity/players/{id}/games lists a player\'s latest)' }) @IsOptional() @IsArray() @ArrayMaxSize(100) @IsUUID('all', { each: true }) gameIds?: string[];

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
  @ApiProperty({ enum: REPORT_CATEGORIES, description: 'what is suspected' }) @IsIn(REPORT_CATEGORIES) category!: (typeof REPORT_CATEGORIES)[number];
  @ApiProperty({ minLength: 3, maxLength: 2000, description: 'what was seen (line breaks allowed, no other control characters)' })
  @Transform(trim)
  @IsString()
  @NoControlChars({ newlines: true })
  @MinLength(3)
  @MaxLength(2000)
  description!: string;
}

export class ReportsQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsUUID() subjectId?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() caseId?: string;
}

const JSON_OBJECTS = { type: 'array', items: { type: 'object', additionalProperties: true } } as const;

export class IntegrityCaseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: CASE_STATUSES }) status!: string;
  @ApiProperty({ enum: CASE_SOURCES }) source!: string;
  @ApiProperty({ type: [String], format: 'uuid', description: 'the players under review' }) subjectIds!: string[];
  @ApiProperty() summary!: string;
  @ApiProperty({ description: 'marked for video review' }) highStakes!: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'null when the system opened it' }) openedById!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) assignedToId!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class CaseCountsDto {
  @ApiProperty() signals!: number;
  @ApiProperty() reports!: number;
  @ApiProperty() notes!: number;
}

export class CaseDecisionBriefDto {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ enum: FINDINGS }) finding!: string;
  @ApiProperty() step!: string;
  @ApiProperty() status!: string;
}

export class CaseListItemDto extends IntegrityCaseDto {
  @ApiProperty({ type: CaseCountsDto }) _count!: CaseCountsDto;
  @ApiProperty({ type: [CaseDecisionBriefDto] }) decisions!: CaseDecisionBriefDto[];
}

export class AppealDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) decisionId!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() statement!: string;
  @ApiProperty({ enum: ['pending', 'upheld', 'reduced', 'overturned'] }) status!: string;
  @ApiProperty({ format: 'date-time' }) filedAt!: string;
  @ApiProperty({ format: 'date-time', description: '14 business days after filing' }) dueAt!: string;
  @ApiProperty({ format: 'date-time' }) remindAt!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) remindedAt!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) overdueAt!: string | null;
  @ApiProperty({ nullable: true, type: String, enum: REDUCIBLE_TO }) reducedTo!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) decidedById!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) decidedAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) reason!: string | null;
}

export class AppealDecisionRefDto {
  @ApiProperty({ format: 'uuid' }) caseId!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ enum: FINDINGS }) finding!: string;
  @ApiProperty() step!: string;
  @ApiProperty() currentStep!: string;
  @ApiProperty({ description: 'the reason given with the decision appealed' }) reason!: string;
  @ApiProperty({ description: 'what the case is about, as the board wrote it' }) caseSummary!: string;
  @ApiProperty({ enum: CASE_SOURCES }) caseSource!: string;
  @ApiProperty({ format: 'date-time' }) caseOpenedAt!: string;
}

export class AppealListItemDto extends AppealDto {
  @ApiProperty({ description: 'the display name of the player who appealed' }) appellantName!: string;
  @ApiProperty({ type: AppealDecisionRefDto }) decision!: AppealDecisionRefDto;
}

export class AppealDecidedDto extends AppealDto {
  @ApiProperty(anyJson('what the outcome changed (penalties lifted or reduced)', { nullable: true })) effects!: unknown;
}

export class DecisionDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) caseId!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ enum: FINDINGS }) finding!: string;
  @ApiProperty({ enum: ['none', 'minor_1', 'minor_2', 'major', 'permanent_ban'], description: 'the rung of the penalty ladder' }) step!: string;
  @ApiProperty({ example: 'warning and 1-week suspension' }) penalty!: string;
  @ApiProperty() escalated!: boolean;
  @ApiProperty({ description: 'the rung in force (after an appeal)' }) currentStep!: string;
  @ApiProperty() status!: string;
  @ApiProperty() reason!: string;
  @ApiProperty(anyJson('what the penalty did (suspension, resets, forfeitures)', { nullable: true })) effects!: unknown;
  @ApiProperty({ format: 'date-time' }) decidedAt!: string;
  @ApiProperty({ format: 'date-time' }) appealOpenUntil!: string;
  @ApiProperty({ type: AppealDto, nullable: true }) appeal!: AppealDto | null;
}

export class DecisionResultDto extends DecisionDto {
  @ApiProperty({ description: 'true when the same decision was already recorded (nothing applied twice)' }) replayed!: boolean;
}

export class CaseNoteResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) caseId!: string;
  @ApiProperty({ format: 'uuid' }) authorId!: string;
  @ApiProperty() body!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class EvidenceResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) caseId!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) appealId!: string | null;
  @ApiProperty({ enum: EVIDENCE_KINDS }) kind!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) gameId!: string | null;
  @ApiProperty() description!: string;
  @ApiProperty({ nullable: true, type: String }) reference!: string | null;
  @ApiProperty({ nullable: true, type: String }) sha256!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) answersId!: string | null;
  @ApiProperty({ format: 'uuid' }) createdById!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class ReportResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) reporterId!: string;
  @ApiProperty({ format: 'uuid' }) subjectId!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) gameId!: string | null;
  @ApiProperty({ enum: REPORT_CATEGORIES }) category!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: 'how many times the same report was filed (merged)' }) count!: number;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) caseId!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class ReportFiledDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) subjectId!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) gameId!: string | null;
  @ApiProperty({ enum: REPORT_CATEGORIES }) category!: string;
  @ApiProperty() count!: number;
  @ApiProperty({ description: 'true when it joined the same report filed before' }) merged!: boolean;
  @ApiProperty({ format: 'date-time' }) receivedAt!: string;
}

export class CaseGameDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() status!: string;
  @ApiProperty() ruleset!: string;
  @ApiProperty({ format: 'date-time' }) startedAt!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) finishedAt!: string | null;
  @ApiProperty({ example: '/games/3c5e7a9b-1d2f-4a6c-8e0b-2d4f6a8c0e1b/record' }) recordUrl!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) tableId!: string | null;
  @ApiProperty({ nullable: true, type: Number }) round!: number | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) challengeId!: string | null;
  @ApiProperty({ nullable: true, type: String }) challengeDate!: string | null;
  @ApiProperty({ nullable: true, type: String }) city!: string | null;
  @ApiProperty({ nullable: true, type: String }) tier!: string | null;
  @ApiProperty() finalTable!: boolean;
  @ApiProperty() highStakes!: boolean;
}

export class CaseSubjectDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ enum: ['active', 'suspended', 'banned'] }) status!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) suspendedUntil!: string | null;
}

/** A detection signal of a case (anticheat_signals): the measured value against its threshold and the field's baseline. */
export class CaseSignalDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) caseId!: string | null;
  @ApiProperty({ example: 'engine-agreement', description: 'hidden-information, engine-agreement, outcome, timing, collusion-feeding, collusion-false-knock, co-seating, linked-accounts, reports' }) kind!: string;
  @ApiProperty({ type: [String], format: 'uuid' }) userIds!: string[];
  @ApiProperty() value!: number;
  @ApiProperty() threshold!: number;
  @ApiProperty(anyJson('the field\'s expectation the value is compared with (mean, sd, n …)')) baseline!: unknown;
  @ApiProperty() sampleSize!: number;
  @ApiProperty({ type: [String], format: 'uuid' }) gameIds!: string[];
  @ApiProperty(anyJson('what the detector saw (kind-specific)')) details!: unknown;
  @ApiProperty() dedupeKey!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

/** An account sharing a device fingerprint or an IP address with a case's subject (from recorded sessions). */
export class LinkedAccountDto {
  @ApiProperty({ format: 'uuid', description: 'the subject' }) userId!: string;
  @ApiProperty({ format: 'uuid' }) linkedUserId!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ type: [String], enum: ['fingerprint', 'ip'] }) via!: ('fingerprint' | 'ip')[];
  @ApiProperty() sharedSessions!: number;
}

export class CaseDetailDto extends IntegrityCaseDto {
  @ApiProperty({ type: [CaseSignalDto], description: 'detection signals with their thresholds and baselines' }) signals!: CaseSignalDto[];
  @ApiProperty({ type: [CaseNoteResponseDto] }) notes!: CaseNoteResponseDto[];
  @ApiProperty({ type: [EvidenceResponseDto] }) evidence!: EvidenceResponseDto[];
  @ApiProperty({ type: [ReportResponseDto] }) reports!: ReportResponseDto[];
  @ApiProperty({ type: [DecisionDto] }) decisions!: DecisionDto[];
  @ApiProperty({ ...JSON_OBJECTS }) participants!: unknown[];
  @ApiProperty({ type: [CaseGameDto] }) games!: CaseGameDto[];
  @ApiProperty({ type: [CaseSubjectDto] }) subjects!: CaseSubjectDto[];
  @ApiProperty({ description: 'the case or one of its games is high-stakes' }) videoReview!: boolean;
  @ApiProperty({ type: [LinkedAccountDto], description: 'accounts sharing a device fingerprint or an IP address with a subject' }) linkedAccounts!: LinkedAccountDto[];
}

export class PrizeForfeitureDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) placementId!: string;
  @ApiProperty() amountCents!: number;
  @ApiProperty() source!: string;
  @ApiProperty({ nullable: true, type: String }) reason!: string | null;
  @ApiProperty({ format: 'date-time' }) forfeitedAt!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) restoredAt!: string | null;
}

export class MyPenaltiesDto {
  @ApiProperty({ type: [DecisionDto] }) penalties!: DecisionDto[];
  @ApiProperty({ type: [PrizeForfeitureDto] }) prizeForfeitures!: PrizeForfeitureDto[];
}

export class MyCaseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: CASE_STATUSES }) status!: string;
  @ApiProperty({ enum: CASE_SOURCES }) source!: string;
  @ApiProperty({ description: 'in general terms: who opened it and the reports\' categories — never a reporter\'s words or name' }) summary!: string;
  @ApiProperty({ enum: REPORT_CATEGORIES, isArray: true, description: 'the categories of the community reports in the case' }) categories!: string[];
  @ApiProperty() highStakes!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: [DecisionDto], description: 'the decisions about me' }) decisions!: DecisionDto[];
}

export class PlayerSearchDto {
  @ApiProperty({ minLength: 2, maxLength: 60, description: 'a part of the display name, any case' })
  @Transform(trim)
  @IsString()
  @NoControlChars()
  @MinLength(2)
  @MaxLength(60)
  q!: string;
}

export class PlayerMatchDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() displayName!: string;

  static from(p: PlayerMatch): PlayerMatchDto {
    return { id: p.id, displayName: p.displayName };
  }
}

export class RecentGameDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'finished' }) status!: string;
  @ApiProperty({ format: 'date-time' }) startedAt!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) finishedAt!: string | null;
  @ApiProperty({ format: 'uuid' }) challengeId!: string;
  @ApiProperty() city!: string;
  @ApiProperty({ example: '2027-03-20' }) localDate!: string;
  @ApiProperty() round!: number;
  @ApiProperty({ description: 'the table\'s number in its round, from 1' }) table!: number;
  @ApiProperty({ type: [String], description: 'the others at the table, by name' }) opponents!: string[];

  static from(g: RecentGame): RecentGameDto {
    return { ...g, startedAt: g.startedAt.toISOString(), finishedAt: g.finishedAt?.toISOString() ?? null };
  }
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsISO8601, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { NoControlChars } from '../common/no-control-chars';
import type { AuditLog } from '@dcs/db';
import type { NamedAuditEntry } from './audit-named.repository';
import { anyJson } from '../common/openapi';

export class AuditQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(/^[a-z_]+$/) @MaxLength(40) entityType?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(80) entityId?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() actorId?: string;
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) limit?: number;
  @ApiPropertyOptional({ description: 'id of the last entry of the previous page' }) @IsOptional() @IsUUID() after?: string;
}

export class AuditEntryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) actorId!: string | null;
  @ApiProperty() action!: string;
  @ApiProperty() entityType!: string;
  @ApiProperty({ nullable: true, type: String }) entityId!: string | null;
  @ApiProperty({ nullable: true, type: String }) reason!: string | null;
  @ApiProperty(anyJson('what changed (JSON, action-specific)')) data!: unknown;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;

  static from(a: AuditLog): AuditEntryDto {
    return { id: a.id, actorId: a.actorId, action: a.action, entityType: a.entityType, entityId: a.entityId, reason: a.reason, data: a.data, createdAt: a.createdAt.toISOString() };
  }
}

/** The log in words, filtered by kind of act, by a person's name and by date; paged by `after` (the answer's `next`). */
export class NamedAuditQueryDto {
  @ApiPropertyOptional({ description: 'an entity type (challenge, table, user …)' }) @IsOptional() @IsString() @Matches(/^[a-z_]+$/) @MaxLength(40) entityType?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(80) entityId?: string;
  @ApiPropertyOptional({ example: 'challenge.player-disqualified', description: 'an action, or a family of them by its first words (`challenge`, `integrity.case`)' })
  @IsOptional()
  @IsString()
  @Matches(/^[a-z][a-z_-]*(\.[a-z][a-z_-]*)*$/, { message: 'kind must be an action such as challenge.cancelled, or its first words' })
  @MaxLength(60)
  kind?: string;
  @ApiPropertyOptional({ minLength: 2, maxLength: 60, description: 'a part of a name, any case: entries by that person, or about them' })
  @IsOptional()
  @IsString()
  @NoControlChars()
  @MinLength(2)
  @MaxLength(60)
  person?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'entries at or after this instant' }) @IsOptional() @IsISO8601({ strict: true }) from?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'entries before this instant' }) @IsOptional() @IsISO8601({ strict: true }) to?: string;
  @ApiPropertyOptional({ default: 25, minimum: 1, maximum: 100 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @ApiPropertyOptional({ description: '`next` of the previous page' }) @IsOptional() @IsUUID() after?: string;
}

export class NamedAuditEntryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'challenge.player-disqualified' }) action!: string;
  @ApiProperty() entityType!: string;
  @ApiProperty({ nullable: true, type: String }) entityId!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'what it was about in words: a challenge\'s city and date, a table\'s round and number, a city, a player' }) entityLabel!: string | null;
  @ApiProperty({ nullable: true, type: String }) reason!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'null: the system' }) actorId!: string | null;
  @ApiProperty({ nullable: true, type: String }) actorName!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'the person the act was about, if any' }) subjectId!: string | null;
  @ApiProperty({ nullable: true, type: String }) subjectName!: string | null;
  @ApiProperty(anyJson('what changed (JSON, action-specific)')) data!: unknown;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;

  static from(a: NamedAuditEntry): NamedAuditEntryDto {
    return { ...a, createdAt: a.createdAt.toISOString() };
  }
}

export class NamedAuditPageDto {
  @ApiProperty({ type: [NamedAuditEntryDto] }) entries!: NamedAuditEntryDto[];
  @ApiProperty({ nullable: true, type: String, description: 'pass as `after` for the next (older) page; null on the last page' }) next!: string | null;
}

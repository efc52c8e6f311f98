import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import type { AuditLog } from '@dcs/db';
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

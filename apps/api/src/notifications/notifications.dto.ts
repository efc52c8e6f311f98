import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import type { Notification } from '@dcs/db';
import { anyJson } from '../common/openapi';

export class NotificationsQueryDto {
  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @ApiPropertyOptional({ description: 'id of the last notification of the previous page (`next` of the previous answer)' })
  @IsOptional()
  @IsUUID()
  after?: string;
}

export class NotificationDto {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'challenge.promoted_from_waitlist' }) kind!: string;
  @ApiProperty() title!: string;
  @ApiProperty() body!: string;
  @ApiProperty(anyJson('kind-specific references (challengeId, tableId, gameId …)')) data!: unknown;
  @ApiProperty({ nullable: true, type: String }) readAt!: string | null;
  @ApiProperty() createdAt!: string;

  static from(n: Notification): NotificationDto {
    return { id: n.id, kind: n.kind, title: n.title, body: n.body, data: n.data, readAt: n.readAt?.toISOString() ?? null, createdAt: n.createdAt.toISOString() };
  }
}

export class NotificationPageDto {
  @ApiProperty({ type: [NotificationDto], description: 'newest first' }) items!: NotificationDto[];
  @ApiProperty() unread!: number;
  @ApiProperty({ nullable: true, type: String, description: 'pass as `after` for the next page; null on the last page' }) next!: string | null;
}

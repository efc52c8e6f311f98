import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import type { OutboxMessage, PushSubscription } from '@dcs/db';
import { DELIVERY_KINDS } from '@dcs/tournament';
import { OptionalNotNull } from '../common/validation';

const KINDS = Object.keys(DELIVERY_KINDS);

export class KindChoiceDto {
  @ApiProperty({ enum: KINDS }) kind!: string;
  @ApiProperty() label!: string;
  @ApiProperty() email!: boolean;
  @ApiProperty() push!: boolean;
  @ApiProperty({ description: 'sent even in quiet hours' }) urgent!: boolean;
}

export class DeliverySettingsDto {
  @ApiProperty({ nullable: true, type: String, example: 'America/New_York', description: 'every time in an e-mail is written in it; null = UTC' }) timeZone!: string | null;
  @ApiProperty({ minimum: 0, maximum: 1439, description: 'quiet hours start, minutes after local midnight (equal to the end: none)' }) quietStartMin!: number;
  @ApiProperty({ minimum: 0, maximum: 1439 }) quietEndMin!: number;
  @ApiProperty({ description: 'the page plays a short sound when it is your turn, your draw or your table (background tab)' }) sound!: boolean;
  @ApiProperty({ type: [KindChoiceDto] }) kinds!: KindChoiceDto[];
  @ApiProperty({ description: 'e-mail is delivered only to a confirmed address' }) emailVerified!: boolean;
  @ApiProperty({ description: 'the VAPID public key a browser subscribes with (empty: push is not configured)' }) vapidPublicKey!: string;
}

export class KindChangeDto {
  @ApiProperty({ enum: KINDS }) @IsIn(KINDS) kind!: string;
  @ApiPropertyOptional() @OptionalNotNull() @IsBoolean() email?: boolean;
  @ApiPropertyOptional() @OptionalNotNull() @IsBoolean() push?: boolean;
}

export class UpdateDeliverySettingsDto {
  @ApiPropertyOptional({ nullable: true, type: String, example: 'Europe/Paris', maxLength: 64 })
  @IsOptional()
  @OptionalNotNull()
  @IsString()
  @MaxLength(64)
  timeZone?: string | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 1439 }) @OptionalNotNull() @IsInt() @Min(0) @Max(1439) quietStartMin?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 1439 }) @OptionalNotNull() @IsInt() @Min(0) @Max(1439) quietEndMin?: number;
  @ApiPropertyOptional() @OptionalNotNull() @IsBoolean() sound?: boolean;

  @ApiPropertyOptional({ type: [KindChangeDto] })
  @OptionalNotNull()
  @IsArray()
  @ValidateNested({ each: true })
  @ArrayMaxSize(50)
  @Type(() => KindChangeDto)
  kinds?: KindChangeDto[];
}

export class PushKeysDto {
  @ApiProperty({ description: "the browser's P-256 public key, base64url (65 bytes uncompressed)" })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{86,88}={0,2}$/, { message: 'keys.p256dh must be a base64url P-256 public key' })
  p256dh!: string;

  @ApiProperty({ description: 'the 16-byte authentication secret, base64url' })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{22}={0,2}$/, { message: 'keys.auth must be a 16-byte base64url secret' })
  auth!: string;
}

/** What a browser's PushSubscription.toJSON() gives, with an optional label for the device list. */
export class SubscribePushDto {
  @ApiProperty({ example: 'https://fcm.googleapis.com/fcm/send/…', maxLength: 1024 })
  @IsString()
  @MaxLength(1024)
  @Matches(/^https:\/\/[^\s/]+\/\S*$/, { message: 'endpoint must be an https:// URL' })
  endpoint!: string;

  @ApiProperty({ type: PushKeysDto }) @IsObject({ message: 'keys must be an object with p256dh and auth' }) @ValidateNested() @Type(() => PushKeysDto) keys!: PushKeysDto;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'ignored (the browser sends it)' }) @IsOptional() expirationTime?: number | null;

  @ApiPropertyOptional({ maxLength: 100, example: 'Firefox on my phone' }) @IsOptional() @IsString() @MaxLength(100) label?: string;
}

export class DeviceDto {
  @ApiProperty() id!: string;
  @ApiProperty() label!: string;
  @ApiProperty({ description: "the push service's host (the endpoint itself is a secret of the device)" }) service!: string;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ nullable: true, type: String }) lastSentAt!: string | null;

  static from(s: PushSubscription): DeviceDto {
    return { id: s.id, label: s.label, service: new URL(s.endpoint).host, createdAt: s.createdAt.toISOString(), lastSentAt: s.lastSentAt?.toISOString() ?? null };
  }
}

export class UnsubscribeQueryDto {
  @ApiProperty({ name: 'u', description: 'the player' }) @IsUUID() u!: string;
  @ApiProperty({ name: 'k', description: 'the kind of notice' }) @IsString() @MaxLength(64) k!: string;
  @ApiProperty({ name: 's', description: 'the signature from the link' }) @IsString() @MaxLength(64) s!: string;
}

export class UnsubscribedDto {
  @ApiProperty({ enum: [true] }) ok!: true;
  @ApiProperty() kind!: string;
  @ApiProperty() label!: string;
}

export class VapidKeyDto {
  @ApiProperty({ description: 'empty when push is not configured' }) publicKey!: string;
}

export class OutboxQueryDto {
  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @ApiPropertyOptional() @IsOptional() @IsUUID() after?: string;
}

export class OutboxMessageDto {
  @ApiProperty() id!: string;
  @ApiProperty() messageId!: string;
  @ApiProperty() to!: string;
  @ApiProperty() subject!: string;
  @ApiProperty() text!: string;
  @ApiProperty() html!: string;
  @ApiProperty() createdAt!: string;

  static from(m: OutboxMessage): OutboxMessageDto {
    return { id: m.id, messageId: m.messageId, to: m.to, subject: m.subject, text: m.text, html: m.html, createdAt: m.createdAt.toISOString() };
  }
}

export class OutboxPageDto {
  @ApiProperty({ type: [OutboxMessageDto], description: 'newest first' }) items!: OutboxMessageDto[];
  @ApiProperty({ nullable: true, type: String }) next!: string | null;
  @ApiProperty({ enum: ['smtp', 'outbox'], description: 'smtp: SMTP_URL is set and mail is sent, this list holds what was kept before' }) mode!: 'smtp' | 'outbox';
}

import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

export class IceServerDto {
  @ApiProperty({ type: [String], example: ['turn:turn.example.org:3478?transport=udp'] }) urls!: string[];
  @ApiProperty({ example: '1765000000:2f0c…', description: '`<expiry>:<userId>` (coturn REST API scheme)' }) username!: string;
  @ApiProperty({ description: 'base64(HMAC-SHA1(TURN_SECRET, username))' }) credential!: string;
}

export class IceServersDto {
  @ApiProperty({ type: [IceServerDto], description: 'empty without a TURN relay configured (the peers connect directly)' }) iceServers!: IceServerDto[];
  @ApiProperty({ description: 'how long the credential lasts (s)' }) ttlSeconds!: number;
}

export class VoiceMuteDto {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ format: 'date-time' }) mutedAt!: string;
}

export class VoiceClipQueryDto {
  @ApiProperty({ minimum: 1, maximum: 3_600_000, description: 'the clip\'s length as the page recorded it (ms); over 60,000: VOICE_CLIP_TOO_LONG' })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3_600_000)
  durationMs!: number;
}

export class VoiceClipDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) reportId!: string;
  @ApiProperty({ enum: ['audio/wav', 'audio/webm', 'audio/ogg'] }) mime!: string;
  @ApiProperty() durationMs!: number;
  @ApiProperty() sizeBytes!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

class PersonDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() displayName!: string;
}

export class VoiceClipItemDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['audio/wav', 'audio/webm', 'audio/ogg'] }) mime!: string;
  @ApiProperty() durationMs!: number;
  @ApiProperty() sizeBytes!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class VoiceReportDto {
  @ApiProperty({ format: 'uuid' }) reportId!: string;
  @ApiProperty({ type: PersonDto }) reporter!: PersonDto;
  @ApiProperty({ type: PersonDto }) subject!: PersonDto;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) gameId!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) caseId!: string | null;
  @ApiProperty() description!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: [VoiceClipItemDto] }) clips!: VoiceClipItemDto[];
}

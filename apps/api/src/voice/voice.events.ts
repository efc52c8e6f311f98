/**
 * The voice and team-channel payloads of the live socket as classes with OpenAPI metadata, for the
 * AsyncAPI document (live.asyncapi.ts); each implements its interface in the shared contract
 * (@dcs/common/live/voice.contract), so the compiler keeps the document and the contract in step.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type * as V from '@dcs/common/live/voice.contract';
import { VOICE_CANDIDATE_MAX, VOICE_SDP_MAX } from '@dcs/common/live/voice.contract';
import { ChatMessageDto, OkAck } from '../live/live.events';

const UUID = { format: 'uuid' } as const;
const CHANNEL = { enum: ['team', 'table'], description: 'team: partners at a partners table; table: everyone seated at a friendly or workout table' } as const;

export class VoiceJoinPayloadDto implements V.VoiceJoinPayload {
  @ApiProperty(UUID) gameId!: string;
}

export class VoicePeerDto implements V.VoicePeer {
  @ApiProperty(UUID) userId!: string;
  @ApiProperty() seat!: number;
  @ApiProperty(CHANNEL) channel!: V.VoiceChannel;
}

export class VoiceJoinedAck extends OkAck implements V.VoiceJoined {
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty({ type: [VoicePeerDto], description: 'the people the caller may talk with who have voice on: the caller sends each an offer' }) peers!: VoicePeerDto[];
}

export class VoiceLeftAck extends OkAck {
  @ApiProperty(UUID) gameId!: string;
}

export class IceCandidateDto {
  @ApiProperty({ example: 'candidate:842163049 1 udp 1677729535 192.0.2.10 50000 typ srflx …' }) candidate!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) sdpMid?: string | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) sdpMLineIndex?: number | null;
  @ApiPropertyOptional({ nullable: true, type: String }) usernameFragment?: string | null;
}

export class VoiceSignalPayloadDto implements V.VoiceSignalPayload {
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty({ format: 'uuid', description: 'the user id of a seated person with voice on whom the caller may talk with' }) to!: string;
  @ApiProperty({ enum: ['offer', 'answer', 'candidate'] }) kind!: V.VoiceSignalPayload['kind'];
  @ApiPropertyOptional({ maxLength: VOICE_SDP_MAX, description: 'offer, answer: the SDP; longer: VOICE_SIGNAL_TOO_LARGE' }) sdp?: string;
  @ApiPropertyOptional({ type: IceCandidateDto, nullable: true, description: `candidate: its JSON at most ${VOICE_CANDIDATE_MAX} characters (VOICE_SIGNAL_TOO_LARGE); null: end of candidates` }) candidate?: IceCandidateDto | null;
}

export class VoiceSignalEventDto implements V.VoiceSignalEvent {
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty(UUID) from!: string;
  @ApiProperty() seat!: number;
  @ApiProperty(CHANNEL) channel!: V.VoiceChannel;
  @ApiProperty({ enum: ['offer', 'answer', 'candidate'] }) kind!: V.VoiceSignalPayload['kind'];
  @ApiPropertyOptional() sdp?: string;
  @ApiPropertyOptional({ type: IceCandidateDto, nullable: true }) candidate?: IceCandidateDto | null;
}

export class VoicePeerEventDto extends VoicePeerDto implements V.VoicePeerEvent {
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty({ description: 'true: turned voice on (wait for their offer); false: turned it off (close the connection)' }) on!: boolean;
}

export class TeamChatPayloadDto implements V.TeamChatPayload {
  @ApiProperty(UUID) gameId!: string;
  @ApiProperty({ minLength: 1, maxLength: 500 }) text!: string;
  @ApiPropertyOptional({ maxLength: 64, description: 'idempotency key' }) requestId?: string;
}

export class TeamMessageDto extends ChatMessageDto implements V.TeamMessage {
  @ApiProperty({ enum: ['team'] }) channel!: 'team';
}

export class TeamChatAck extends OkAck {
  @ApiProperty({ type: TeamMessageDto }) message!: TeamMessageDto;
}

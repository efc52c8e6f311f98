import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import type { DirectorCallEvent, DirectorCallPerson } from '@dcs/common/live/live.contract';
import { NoControlChars } from '../common/no-control-chars';
import { DIRECTOR_CALL_ACTS, DIRECTOR_CALL_REASONS, type DirectorCallAct, type DirectorCallReason } from '@dcs/tournament/director-calls';

export class NewDirectorCallDto {
  @ApiProperty({ enum: DIRECTOR_CALL_REASONS, description: 'why; a spectator may call only for wrong_result, clock_problem, misconduct or other' })
  @IsIn(DIRECTOR_CALL_REASONS as unknown as string[], { message: `reason must be one of ${DIRECTOR_CALL_REASONS.join(', ')}` })
  reason!: DirectorCallReason;

  @ApiProperty({ minLength: 3, maxLength: 500, description: 'what happened, for the director' })
  @IsString()
  @NoControlChars({ newlines: true })
  @MinLength(3)
  @MaxLength(500)
  message!: string;
}

export class ResolveDirectorCallDto {
  @ApiProperty({ minLength: 3, maxLength: 500, description: 'the answer the caller sees at the table (also the act\'s reason in the audit log)' })
  @IsString()
  @NoControlChars({ newlines: true })
  @MinLength(3)
  @MaxLength(500)
  note!: string;

  @ApiPropertyOptional({ enum: DIRECTOR_CALL_ACTS, default: 'none', description: 'a director act taken with the answer: void the table\'s game (a replay), correct its result (`order`), or disqualify a player (`userId`); each writes its own audit entry as its endpoint does' })
  @IsOptional()
  @IsIn(DIRECTOR_CALL_ACTS as unknown as string[], { message: `act must be one of ${DIRECTOR_CALL_ACTS.join(', ')}` })
  act?: DirectorCallAct;

  @ApiPropertyOptional({ type: [String], description: 'act `correct`: the table\'s players from 1st to last' })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(3)
  @ArrayMaxSize(4)
  @IsUUID('all', { each: true })
  order?: string[];

  @ApiPropertyOptional({ description: 'act `disqualify`: the player to disqualify' })
  @IsOptional()
  @IsUUID()
  userId?: string;
}

export class DirectorCallPersonDto implements DirectorCallPerson {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() displayName!: string;
}

export class DirectorCallDto implements DirectorCallEvent {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) challengeId!: string;
  @ApiProperty({ format: 'uuid' }) tableId!: string;
  @ApiProperty({ description: 'the table\'s number in its round (0-based)' }) tableIndex!: number;
  @ApiProperty() round!: number;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the table\'s game when the call was made' }) gameId!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'that game\'s version then' }) gameVersion!: number | null;
  @ApiProperty({ type: DirectorCallPersonDto }) caller!: DirectorCallPersonDto;
  @ApiProperty({ enum: ['player', 'spectator'] }) callerRole!: 'player' | 'spectator';
  @ApiProperty({ enum: DIRECTOR_CALL_REASONS }) reason!: DirectorCallReason;
  @ApiProperty() message!: string;
  @ApiProperty({ enum: ['open', 'acknowledged', 'resolved'] }) status!: 'open' | 'acknowledged' | 'resolved';
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ description: 'seconds since the call until it was resolved, or until now' }) waitingSeconds!: number;
  @ApiProperty({ type: DirectorCallPersonDto, nullable: true }) acknowledgedBy!: DirectorCallPersonDto | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) acknowledgedAt!: string | null;
  @ApiProperty({ type: DirectorCallPersonDto, nullable: true }) resolvedBy!: DirectorCallPersonDto | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) resolvedAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) resolutionNote!: string | null;
  @ApiProperty({ enum: DIRECTOR_CALL_ACTS, nullable: true }) resolutionAct!: DirectorCallAct | null;
}

export class DirectorCallListDto {
  @ApiProperty({ description: 'calls not resolved yet (open or acknowledged)' }) waiting!: number;
  @ApiProperty({ description: 'of which not acknowledged yet' }) open!: number;
  @ApiProperty({ type: [DirectorCallDto], description: 'calls not resolved (oldest first), then the 20 last resolved (latest first)' }) calls!: DirectorCallDto[];
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

export class StandingsQueryDto {
  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: 10_000 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(10_000) page?: number;
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) pageSize?: number;
  @ApiPropertyOptional({ description: 'part of a display name, or a player id' }) @IsOptional() @IsString() @MaxLength(60) search?: string;
}

export class PlayerRankingQueryDto {
  @ApiPropertyOptional({ description: 'another player: adds the head-to-head record against them' }) @IsOptional() @IsUUID() vs?: string;
}

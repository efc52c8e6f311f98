import { trim } from '../common/validation';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';


export class PublishRulesDto {
  @ApiProperty({ minLength: 10, maxLength: 4000, description: 'what changed, in words every player reads before accepting' })
  @Transform(trim)
  @IsString()
  @MinLength(10)
  @MaxLength(4000)
  summary!: string;
}

export class AcceptRulesDto {
  @ApiProperty({ minimum: 1, description: 'the version in force, as the player read it (a newer one published meanwhile is refused: read it first)' })
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  version!: number;
}

export class RulesVersionDto {
  @ApiProperty() version!: number;
  @ApiProperty() summary!: string;
  @ApiProperty({ format: 'date-time' }) publishedAt!: string;
}

export class PublicRulesDto {
  @ApiProperty({ type: RulesVersionDto, nullable: true, description: 'the rules in force (null: none published)' }) current!: RulesVersionDto | null;
}

export class PublishedRulesDto extends RulesVersionDto {
  @ApiProperty({ description: 'players told in the app (and by e-mail and push as each chose)' }) notified!: number;
}

export class MyRulesDto {
  @ApiProperty({ type: RulesVersionDto, nullable: true, description: 'the rules in force (null: none published)' }) current!: RulesVersionDto | null;
  @ApiProperty({ description: 'false: accept `current` before registering, checking in or sitting at a table' }) upToDate!: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'when you accepted the version in force' }) acceptedAt!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'the newest version you accepted' }) lastAccepted!: number | null;
}

export class RulesAcceptedDto {
  @ApiProperty() version!: number;
  @ApiProperty({ format: 'date-time', description: 'the first acceptance (accepting again keeps it)' }) acceptedAt!: string;
}

export class RulesVersionCountDto extends RulesVersionDto {
  @ApiProperty({ format: 'uuid' }) publishedById!: string;
  @ApiProperty({ description: 'players who accepted this version' }) accepted!: number;
}

export class RulesVersionsDto {
  @ApiProperty({ description: 'accounts that can play (not banned)' }) players!: number;
  @ApiProperty({ type: [RulesVersionCountDto], description: 'newest first' }) versions!: RulesVersionCountDto[];
}

export class RulesVersionParamDto {
  @ApiProperty({ minimum: 1, maximum: 2_147_483_647, description: 'a published version' }) @Type(() => Number) @IsInt() @Min(1) @Max(2_147_483_647) version!: number;
}

export class AcceptancesQueryDto {
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) limit?: number;
  @ApiPropertyOptional({ format: 'uuid', description: 'the last player of the previous page' }) @IsOptional() @IsUUID() after?: string;
}

export class AcceptanceDto {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ format: 'date-time' }) acceptedAt!: string;
}

export class AcceptancesPageDto {
  @ApiProperty({ type: [AcceptanceDto], description: 'newest first' }) items!: AcceptanceDto[];
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) next!: string | null;
}

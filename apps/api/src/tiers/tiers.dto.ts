import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import type { Tier } from '@dcs/db';

export class SetPrizeSplitDto {
  @ApiProperty({ example: 5000, description: 'basis points of the pool for 1st' }) @IsInt() @Min(0) @Max(10_000) first!: number;
  @ApiProperty({ example: 3000, description: 'basis points for 2nd' }) @IsInt() @Min(0) @Max(10_000) second!: number;
  @ApiProperty({ example: 1000, description: 'basis points for each of 3rd and 4th' }) @IsInt() @Min(0) @Max(10_000) thirdFourthEach!: number;
  @ApiProperty({ minLength: 3, maxLength: 500 }) @IsString() @MinLength(3) @MaxLength(500) reason!: string;
}

export class PrizeSplitDto {
  @ApiProperty() first!: number;
  @ApiProperty() second!: number;
  @ApiProperty() thirdFourthEach!: number;
}

export class TierResponseDto {
  @ApiProperty({ enum: ['T1', 'T2', 'T3'] }) tier!: Tier;
  @ApiProperty({ description: 'the tier\'s prize pool in US cents (integer)' }) prizePoolCents!: number;
  @ApiProperty({ type: PrizeSplitDto, description: 'basis points: first, second, thirdFourthEach' }) prizeSplit!: { first: number; second: number; thirdFourthEach: number };
  @ApiProperty({ type: PrizeSplitDto, description: 'the prize by placement in US cents (integer)' }) prizesCents!: { first: number; second: number; thirdFourthEach: number };
  @ApiProperty() isDefault!: boolean;
}

import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';

export class TiebreakPickDto {
  @ApiProperty({ minimum: 0, maximum: 27, description: 'which of the 28 face-down tiles to take' })
  @IsInt()
  @Min(0)
  @Max(27)
  position!: number;
}

export class ReasonDto {
  @ApiProperty({ minLength: 3, maxLength: 500, description: 'why (kept in the audit log)' })
  @IsString()
  @MinLength(3)
  @MaxLength(500)
  reason!: string;
}

export class DisqualifyDto extends ReasonDto {
  @ApiProperty({ description: 'the player to disqualify' })
  @IsUUID()
  userId!: string;
}

export class CorrectResultDto extends ReasonDto {
  @ApiProperty({ type: [String], description: 'the table\'s players from 1st to last' })
  @IsArray()
  @ArrayMinSize(3)
  @ArrayMaxSize(4)
  @IsUUID('all', { each: true })
  order!: string[];
}

import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';

export class TiebreakPickDto {
  @ApiProperty({ minimum: 0, maximum: 27, description: 'which of the 28 face-down tiles to take' })
  @IsInt()
  @Min(0)
  @Max(27)
  position!: number;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { NoControlChars } from './no-control-chars';

/** The reason an audited act gives (a director's cancel, void, correction …). */
export class ReasonDto {
  @ApiProperty({ minLength: 3, maxLength: 500, description: 'why (kept in the audit log)' })
  @IsString()
  @NoControlChars({ newlines: true })
  @MinLength(3)
  @MaxLength(500)
  reason!: string;
}

/** The body of an act that answers nothing but its success. */
export class OkDto {
  @ApiProperty({ enum: [true] }) ok!: true;
}

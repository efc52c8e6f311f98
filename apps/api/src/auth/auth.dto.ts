import { IsIanaTimeZone, OptionalNotNull, trim } from '../common/validation';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength, Validate } from 'class-validator';
import { LANGUAGES, type Language } from '@dcs/common';
import { UserResponseDto } from '../users/users.dto';


export class RegisterDto {
  @ApiProperty({ example: 'ana@example.com', maxLength: 254 })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(254)
  email!: string;

  @ApiProperty({ minLength: 10, maxLength: 128 })
  @IsString()
  @MinLength(10, { message: 'password must be at least 10 characters' })
  @MaxLength(128)
  password!: string;

  // Not trimmed here: JavaScript's trim() drops a byte-order mark and other characters the name check refuses
  // (normaliseDisplayName trims spaces itself, in AuthService.register).
  @ApiProperty({ example: 'Ana D.', minLength: 2, maxLength: 40, description: 'NFKC, trimmed, one space between words; no control, direction or invisible characters; not a look-alike of a name taken (DISPLAY_NAME_INVALID, DISPLAY_NAME_TAKEN)' })
  @IsString()
  @MinLength(2)
  @MaxLength(40)
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  @Matches(/^[^<>\u0000-\u001f]+$/, { message: 'displayName may not contain control characters or < >' })
  displayName!: string;

  @ApiPropertyOptional({ enum: LANGUAGES, description: "The account's language (issue 24): the web app's, e-mails', notifications' and error messages'; default en" })
  @OptionalNotNull()
  @IsIn(LANGUAGES, { message: `locale must be one of ${LANGUAGES.join(', ')}` })
  locale?: Language;

  @ApiPropertyOptional({
    example: 'America/Chicago',
    maxLength: 64,
    description:
      "Issue 43: the browser's IANA time zone at sign-up; every time in the account's e-mails and pushes is written in it until the player changes it (notification settings). A zone that is not known is VALIDATION_FAILED; none: the zone of the city the player last registered in, else UTC",
  })
  @OptionalNotNull()
  @IsString()
  @MaxLength(64)
  @Validate(IsIanaTimeZone)
  timeZone?: string;
}

export class LoginDto {
  @ApiProperty({ example: 'ana@example.com' })
  @Transform(trim)
  @IsString()
  @MaxLength(254)
  email!: string;

  @ApiProperty()
  @IsString()
  @MaxLength(128)
  password!: string;

  @ApiPropertyOptional({ description: "The client's device fingerprint (anti-cheat: only its hash is stored, with the IP address)", maxLength: 512 })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  deviceFingerprint?: string;
}

export class ChangePasswordDto {
  @ApiProperty({ maxLength: 128 })
  @IsString()
  @MaxLength(128)
  currentPassword!: string;

  @ApiProperty({ minLength: 10, maxLength: 128 })
  @IsString()
  @MinLength(10, { message: 'newPassword must be at least 10 characters' })
  @MaxLength(128)
  newPassword!: string;
}

export class TokenResponseDto {
  @ApiProperty() accessToken!: string;
  @ApiProperty({ example: 'Bearer' }) tokenType!: 'Bearer';
  @ApiProperty({ description: 'Seconds until the token expires' }) expiresIn!: number;
  @ApiProperty({ type: UserResponseDto }) user!: UserResponseDto;
}

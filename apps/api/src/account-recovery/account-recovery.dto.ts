import { trim } from '../common/validation';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Matches, MaxLength, MinLength } from 'class-validator';


/** The secret of an e-mailed link: 32 random bytes, base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export class EmailDto {
  @ApiProperty({ example: 'ana@example.com', maxLength: 254 })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(254)
  email!: string;
}

export class TokenDto {
  @ApiProperty({ description: 'the token from the link in the e-mail', minLength: 43, maxLength: 43 })
  @IsString()
  @Matches(TOKEN, { message: 'token must be the 43-character token from the link' })
  token!: string;
}

export class ResetPasswordDto extends TokenDto {
  @ApiProperty({ minLength: 10, maxLength: 128 })
  @IsString()
  @MinLength(10, { message: 'password must be at least 10 characters' })
  @MaxLength(128)
  password!: string;
}

export class ChangeEmailDto {
  @ApiProperty({ example: 'ana.new@example.com', maxLength: 254 })
  @Transform(trim)
  @IsEmail({}, { message: 'newEmail must be an email address' })
  @MaxLength(254)
  newEmail!: string;

  @ApiProperty({ maxLength: 128, description: 'the current password (a stolen token alone cannot move the account to another address)' })
  @IsString()
  @MaxLength(128)
  currentPassword!: string;
}

export class AcceptedDto {
  @ApiProperty({ example: true }) accepted!: true;
  @ApiProperty({ example: 'If an account has this address, a link to reset its password is on its way.' }) message!: string;
}

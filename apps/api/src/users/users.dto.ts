import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Role, User } from '@dcs/db';
import { isLanguage, LANGUAGES, type Language } from '@dcs/common';

export const ALL_ROLES: Role[] = ['competitor', 'director', 'reviewer', 'admin'];

export class SetRolesDto {
  @ApiProperty({ enum: ALL_ROLES, isArray: true, example: ['competitor', 'director'] })
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(4)
  @IsIn(ALL_ROLES, { each: true })
  roles!: Role[];

  @ApiProperty({ required: false, maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}

export class UpdateMeDto {
  @ApiProperty({ enum: LANGUAGES, description: "The account's language (issue 24)" })
  @IsIn(LANGUAGES, { message: `locale must be one of ${LANGUAGES.join(', ')}` })
  locale!: Language;
}

export class UserResponseDto {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ enum: ALL_ROLES, isArray: true }) roles!: Role[];
  @ApiProperty({ enum: ['active', 'suspended', 'banned'] }) status!: string;
  @ApiProperty({ nullable: true, type: String }) suspendedUntil!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ nullable: true, type: String, description: 'When the e-mail address was confirmed (null: not yet; e-mail is delivered only to a confirmed address)' })
  emailVerifiedAt!: string | null;
  @ApiProperty({ enum: LANGUAGES, description: "The account's language (issue 24): the web app's, e-mails', notifications' and error messages'" })
  locale!: Language;

  static from(user: User): UserResponseDto {
    return {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      roles: user.roles,
      status: user.status,
      suspendedUntil: user.suspendedUntil?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      locale: isLanguage(user.locale) ? user.locale : 'en',
    };
  }
}

export class MeCityDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
}

export class MeResponseDto extends UserResponseDto {
  @ApiProperty({ type: [MeCityDto], description: 'SPEC 7: the cities a director directs (assigned by an admin); empty for other accounts. An admin directs every city.' })
  directorCities!: MeCityDto[];
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'America/Chicago',
    description: "Issue 43: the account's time zone (its notification settings'; the browser's at sign-up): the web app writes every time in it, as the e-mails and pushes do. Null: none saved (the web app uses the browser's)",
  })
  timeZone!: string | null;
}

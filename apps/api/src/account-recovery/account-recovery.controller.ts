import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public } from '../common/decorators';
import { ApiErrors, ApiOk } from '../common/openapi';
import { OkDto } from '../common/acts.dto';
import { UserResponseDto } from '../users/users.dto';
import { AcceptedDto, ChangeEmailDto, EmailDto, ResetPasswordDto, TokenDto } from './account-recovery.dto';
import { AccountRecoveryService } from './account-recovery.service';

/** The account's e-mailed links: verification, password reset, change of address (every /auth route about them). */
@ApiTags('auth')
@Controller('auth')
export class AccountRecoveryController {
  constructor(private readonly service: AccountRecoveryService) {}

  @Post('email/verification')
  @HttpCode(202)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Send another link to confirm the caller’s e-mail address (one is sent at sign-up); rate limited per account and client address' })
  @ApiOk(AcceptedDto)
  @ApiErrors('EMAIL_ALREADY_VERIFIED', 'RATE_LIMITED', 'RATE_LIMIT_UNAVAILABLE')
  requestVerification(@CurrentUser() user: AuthUser, @Ip() ip: string): Promise<AcceptedDto> {
    return this.service.requestVerification(user, ip);
  }

  @Public()
  @Post('email/verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm the address with the token from the link (single use)' })
  @ApiOk(UserResponseDto)
  @ApiErrors('TOKEN_UNKNOWN', 'TOKEN_USED', 'TOKEN_EXPIRED')
  verify(@Body() dto: TokenDto): Promise<UserResponseDto> {
    return this.service.verify(dto.token);
  }

  @Public()
  @Post('password-reset/request')
  @HttpCode(202)
  @ApiOperation({ summary: 'E-mail a password-reset link (30 minutes, single use). The same answer whether or not an account has the address, given before the address is looked up; rate limited per address asked, per account and per client address' })
  @ApiOk(AcceptedDto)
  @ApiErrors('EMAIL_INVALID', 'RATE_LIMITED', 'RATE_LIMIT_UNAVAILABLE')
  requestReset(@Body() dto: EmailDto, @Ip() ip: string): Promise<AcceptedDto> {
    return this.service.requestReset(dto.email, ip);
  }

  @Public()
  @Post('password-reset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with the token from the link: every session and every other link of the account stop working (open sockets are closed)' })
  @ApiOk(OkDto)
  @ApiErrors('TOKEN_UNKNOWN', 'TOKEN_USED', 'TOKEN_EXPIRED')
  reset(@Body() dto: ResetPasswordDto): Promise<OkDto> {
    return this.service.reset(dto);
  }

  @Post('email/change')
  @HttpCode(202)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Ask to change the e-mail address (the current password is needed): a link is sent to the new address, which replaces the old one when opened (the old address is then told). The same answer when the address already has an account (its owner is told instead) or has had its fill of such mail this hour (ACCOUNT_MAIL_RATE_LIMIT_PER_TARGET, whoever asks)',
  })
  @ApiOk(AcceptedDto)
  @ApiErrors('EMAIL_INVALID', 'WRONG_PASSWORD', 'EMAIL_UNCHANGED', 'RATE_LIMITED', 'RATE_LIMIT_UNAVAILABLE')
  requestEmailChange(@CurrentUser() user: AuthUser, @Body() dto: ChangeEmailDto, @Ip() ip: string): Promise<AcceptedDto> {
    return this.service.requestEmailChange(user, dto, ip);
  }

  @Public()
  @Post('email/change/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm the new address with the token from the link sent to it: every other link of the account stops working, and the old address is told of the change' })
  @ApiOk(UserResponseDto)
  @ApiErrors('TOKEN_UNKNOWN', 'TOKEN_USED', 'TOKEN_EXPIRED', 'EMAIL_TAKEN')
  confirmEmailChange(@Body() dto: TokenDto): Promise<UserResponseDto> {
    return this.service.confirmEmailChange(dto.token);
  }
}

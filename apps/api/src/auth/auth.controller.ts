import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public } from '../common/decorators';
import { ChangePasswordDto, LoginDto, RegisterDto, TokenResponseDto } from './auth.dto';
import { ApiErrors, ApiOk } from '../common/openapi';
import { OkDto } from '../common/acts.dto';
import { AuthService } from './auth.service';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly service: AuthService) {}

  @Public()
  @Post('register')
  @ApiOperation({ summary: 'Create a competitor account and sign in; rate limited per client address and per network (IPv4 /24, IPv6 /64)' })
  @ApiOk(TokenResponseDto)
  @ApiErrors('EMAIL_INVALID', 'EMAIL_TAKEN', 'DISPLAY_NAME_INVALID', 'DISPLAY_NAME_TAKEN', 'RATE_LIMITED', 'RATE_LIMIT_UNAVAILABLE')
  register(@Body() dto: RegisterDto, @Ip() ip: string): Promise<TokenResponseDto> {
    return this.service.register(dto, ip);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in; rate limited per account (any address) and per address (any account)' })
  @ApiOk(TokenResponseDto)
  @ApiErrors('INVALID_CREDENTIALS', 'ACCOUNT_BANNED', 'RATE_LIMITED', 'RATE_LIMIT_UNAVAILABLE')
  login(@Body() dto: LoginDto, @Ip() ip: string): Promise<TokenResponseDto> {
    return this.service.login(dto, ip);
  }

  @Post('logout-everywhere')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Sign out everywhere: every token of the caller stops working at once, on HTTP and on open sockets (each is told auth:revoked and closed)' })
  @ApiOk(OkDto)
  logoutEverywhere(@CurrentUser() user: AuthUser): Promise<OkDto> {
    return this.service.logoutEverywhere(user);
  }

  @Post('password')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change the password (the current one is needed; rate limited like login); every other token stops working, and so does every reset or change-of-address link mailed before; a fresh token is returned' })
  @ApiOk(TokenResponseDto)
  @ApiErrors('WRONG_PASSWORD', 'PASSWORD_UNCHANGED', 'RATE_LIMITED', 'RATE_LIMIT_UNAVAILABLE')
  changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto, @Ip() ip: string): Promise<TokenResponseDto> {
    return this.service.changePassword(user, dto, ip);
  }
}

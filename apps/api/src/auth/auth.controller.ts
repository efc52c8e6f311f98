import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public } from '../common/decorators';
import { ChangePasswordDto, LoginDto, RegisterDto, TokenResponseDto } from './auth.dto';
import { ApiErrors, ApiOk } from '../common/openapi';
import { AuthService } from './auth.service';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly service: AuthService) {}

  @Public()
  @Post('register')
  @ApiOperation({ summary: 'Create a competitor account and sign in' })
  @ApiOk(TokenResponseDto)
  @ApiErrors('EMAIL_TAKEN')
  register(@Body() dto: RegisterDto): Promise<TokenResponseDto> {
    return this.service.register(dto);
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
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Sign out everywhere: every token of the caller stops working (HTTP at once, open sockets at their next event)' })
  @ApiNoContentResponse({ description: 'Signed out everywhere' })
  logoutEverywhere(@CurrentUser() user: AuthUser): Promise<void> {
    return this.service.logoutEverywhere(user);
  }

  @Post('password')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change the password (the current one is needed; rate limited like login); every other token stops working, a fresh one is returned' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED, with Retry-After' })
  changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto, @Ip() ip: string): Promise<TokenResponseDto> {
    return this.service.changePassword(user, dto, ip);
  }
}

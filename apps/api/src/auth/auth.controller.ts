import { Body, Controller, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators';
import { ApiErrors, ApiOk } from '../common/openapi';
import { LoginDto, RegisterDto, TokenResponseDto } from './auth.dto';
import { AuthService } from './auth.service';
import { LoginThrottlerGuard } from './login-throttler.guard';

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
  @UseGuards(LoginThrottlerGuard)
  @ApiOperation({ summary: 'Sign in; rate limited per account and address' })
  @ApiOk(TokenResponseDto)
  @ApiErrors('INVALID_CREDENTIALS', 'ACCOUNT_BANNED', 'RATE_LIMITED', 'RATE_LIMIT_UNAVAILABLE')
  login(@Body() dto: LoginDto, @Ip() ip: string): Promise<TokenResponseDto> {
    return this.service.login(dto, ip);
  }
}

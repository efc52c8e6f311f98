import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { uuidPipe } from '../common/validation';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Roles } from '../common/decorators';
import { MeResponseDto, SetRolesDto, UserResponseDto } from './users.dto';
import { UsersService } from './users.service';
import { ApiOk } from '../common/openapi';

@ApiTags('users')
@ApiBearerAuth()
@Controller()
export class UsersController {
  constructor(private readonly service: UsersService) {}

  @Get('me')
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOk(MeResponseDto)
  me(@CurrentUser() user: AuthUser): Promise<MeResponseDto> {
    return this.service.me(user);
  }

  @Post('admin/users/:id/roles')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({ summary: 'Set a user\'s roles (admin only; competitor is always kept; audited)' })
  @ApiOk(UserResponseDto)
  setRoles(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: SetRolesDto): Promise<UserResponseDto> {
    return this.service.setRoles(user, id, dto);
  }
}

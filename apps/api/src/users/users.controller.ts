import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { uuidPipe } from '../common/validation';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Roles } from '../common/decorators';
import { MeResponseDto, SetRolesDto, UpdateMeDto, UserResponseDto } from './users.dto';
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

  @Patch('me')
  @ApiOperation({ summary: "Update the signed-in user's settings: the account's language (`locale`: en | es; anything else is VALIDATION_FAILED)" })
  @ApiOk(MeResponseDto)
  updateMe(@CurrentUser() user: AuthUser, @Body() dto: UpdateMeDto): Promise<MeResponseDto> {
    return this.service.updateMe(user, dto);
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

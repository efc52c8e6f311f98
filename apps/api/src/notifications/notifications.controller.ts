import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { NotificationDto, NotificationPageDto, NotificationsQueryDto } from './notifications.dto';
import { NotificationsService } from './notifications.service';
import { ApiErrors, ApiOk } from '../common/openapi';

@ApiTags('notifications')
@ApiBearerAuth()
@Controller('me/notifications')
export class NotificationsController {
  constructor(private readonly service: NotificationsService) {}

  @Get()
  @ApiOperation({ summary: 'My notifications, newest first, with the unread count; paged by `limit` and `after` (the previous page\'s `next`)' })
  @ApiOk(NotificationPageDto)
  @ApiErrors('INVALID_CURSOR')
  list(@CurrentUser() user: AuthUser, @Query() q: NotificationsQueryDto): Promise<NotificationPageDto> {
    return this.service.list(user, q);
  }

  @Post(':id/read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark one of my notifications read (again: keeps the first time)' })
  @ApiOk(NotificationDto)
  read(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string): Promise<NotificationDto> {
    return this.service.read(user, id);
  }
}

import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '@dcs/common';
import { AuthUser, CurrentUser, Public, Roles } from '../common/decorators';
import { ApiErrors, ApiOk } from '../common/openapi';
import { uuidPipe } from '../common/validation';
import { OkDto } from '../common/acts.dto';
import { DeliverySettingsDto, DeviceDto, OutboxPageDto, OutboxQueryDto, SubscribePushDto, UnsubscribedDto, UnsubscribeQueryDto, UpdateDeliverySettingsDto, VapidKeyDto } from './delivery.dto';
import { DeliveryApiService } from './delivery.service';

@ApiTags('notifications')
@Controller('me/delivery-settings')
@ApiBearerAuth()
export class DeliverySettingsController {
  constructor(private readonly service: DeliveryApiService) {}

  @Get()
  @ApiOperation({ summary: 'My delivery choices: per kind and channel (defaults where I chose nothing), quiet hours in my time zone, the page sound' })
  @ApiOk(DeliverySettingsDto)
  get(@CurrentUser() user: AuthUser): Promise<DeliverySettingsDto> {
    return this.service.get(user);
  }

  @Put()
  @ApiOperation({ summary: 'Change my delivery choices (only what is sent changes; kinds are merged one by one)' })
  @ApiOk(DeliverySettingsDto)
  @ApiErrors('VALIDATION_FAILED')
  update(@CurrentUser() user: AuthUser, @Body() dto: UpdateDeliverySettingsDto): Promise<DeliverySettingsDto> {
    return this.service.update(user, dto);
  }
}

@ApiTags('notifications')
@Controller('me/push-subscriptions')
@ApiBearerAuth()
export class PushSubscriptionsController {
  constructor(private readonly service: DeliveryApiService) {}

  @Get()
  @ApiOperation({ summary: 'My devices subscribed to Web Push' })
  @ApiOk([DeviceDto])
  list(@CurrentUser() user: AuthUser): Promise<DeviceDto[]> {
    return this.service.devices(user);
  }

  @Post()
  @ApiOperation({ summary: "Subscribe this browser to Web Push (the body is the browser's PushSubscription.toJSON()); the endpoint must be a public push service's (https, port 443, a public address); a player keeps their 10 newest devices" })
  @ApiOk(DeviceDto)
  @ApiErrors('VALIDATION_FAILED', 'PUSH_ENDPOINT_REFUSED')
  subscribe(@CurrentUser() user: AuthUser, @Body() dto: SubscribePushDto): Promise<DeviceDto> {
    return this.service.subscribe(user, dto);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Stop pushing to one of my devices' })
  @ApiOk(OkDto)
  @ApiErrors('NOT_FOUND')
  remove(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string): Promise<OkDto> {
    return this.service.unsubscribeDevice(user, id);
  }
}

@ApiTags('notifications')
@Controller()
export class DeliveryPublicController {
  constructor(
    private readonly service: DeliveryApiService,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('push/vapid-public-key')
  @ApiOperation({ summary: 'The VAPID public key browsers subscribe with' })
  @ApiOk(VapidKeyDto)
  vapid(): VapidKeyDto {
    return { publicKey: this.config.VAPID_PUBLIC_KEY };
  }

  @Public()
  @Post('unsubscribe')
  @HttpCode(200)
  @ApiOperation({ summary: 'One-click unsubscribe (RFC 8058): the signed link of an e-mail turns that kind of e-mail off; the body (List-Unsubscribe=One-Click) is not needed' })
  @ApiOk(UnsubscribedDto)
  @ApiErrors('UNSUBSCRIBE_INVALID', 'VALIDATION_FAILED')
  unsubscribe(@Query() q: UnsubscribeQueryDto): Promise<UnsubscribedDto> {
    return this.service.unsubscribe(q);
  }

  @Get('admin/outbox')
  @Roles('admin')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The e-mail kept instead of sent while no SMTP_URL is configured, newest first (admins)' })
  @ApiOk(OutboxPageDto)
  outbox(@Query() q: OutboxQueryDto): Promise<OutboxPageDto> {
    return this.service.outbox(q.limit, q.after);
  }
}

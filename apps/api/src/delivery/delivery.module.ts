import { Module } from '@nestjs/common';
import { OutboundGuard } from '@dcs/common';
import { DeliveriesRepository, DeliverySettingsRepository } from '@dcs/tournament';
import { UsersModule } from '../users/users.module';
import { DeliveryPublicController, DeliverySettingsController, PushSubscriptionsController } from './delivery.controller';
import { DeliveryApiService } from './delivery.service';

@Module({
  imports: [UsersModule],
  controllers: [DeliverySettingsController, PushSubscriptionsController, DeliveryPublicController],
  providers: [DeliveryApiService, DeliverySettingsRepository, DeliveriesRepository, OutboundGuard],
})
export class DeliveryApiModule {}

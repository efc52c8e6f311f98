import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@dcs/common';
import { MaintenanceProcessor } from './maintenance.processor';
import { MaintenanceRepository } from './maintenance.repository';
import { MaintenanceScheduler } from './maintenance.scheduler';
import { MaintenanceService } from './maintenance.service';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.maintenance })],
  providers: [MaintenanceProcessor, MaintenanceService, MaintenanceRepository, MaintenanceScheduler],
})
export class MaintenanceModule {}

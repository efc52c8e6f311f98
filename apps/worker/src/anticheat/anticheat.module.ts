import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@dcs/common';
import { AnticheatQueue, GameStoreModule } from '@dcs/tournament';
import { AnticheatProcessor } from './anticheat.processor';
import { AnticheatRepository } from './anticheat.repository';
import { AnticheatScheduler } from './anticheat.scheduler';
import { AnticheatService } from './anticheat.service';

/** Anti-cheat detection: per-game analysis jobs and the periodic scan. Opens cases; never penalises. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.anticheat }), GameStoreModule],
  providers: [AnticheatProcessor, AnticheatRepository, AnticheatScheduler, AnticheatService, AnticheatQueue],
  exports: [AnticheatService],
})
export class AnticheatWorkerModule {}

import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@dcs/common';
import { AnticheatQueue, TournamentModule } from '@dcs/tournament';
import { AnticheatProcessor } from './anticheat.processor';
import { AnticheatRepository } from './anticheat.repository';
import { AnticheatScheduler } from './anticheat.scheduler';
import { AnticheatService } from './anticheat.service';

/** Anti-cheat detection: per-game analysis jobs and the periodic scan, over every kind of table (TableHosts). Opens cases; never penalises. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.anticheat }), TournamentModule],
  providers: [AnticheatProcessor, AnticheatRepository, AnticheatScheduler, AnticheatService, AnticheatQueue],
  exports: [AnticheatService],
})
export class AnticheatWorkerModule {}

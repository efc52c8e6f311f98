import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { AnticheatGamePayload, JOBS, QUEUES } from '@dcs/common';
import { AnticheatQueue } from '@dcs/tournament';
import { ResilientWorkerHost } from '../common/resilient-worker-host';
import { AnticheatService, GameJobResult } from './anticheat.service';

/** Thin: validates the payload and calls the service. Both jobs are idempotent. */
@Processor(QUEUES.anticheat)
export class AnticheatProcessor extends ResilientWorkerHost {
  protected readonly logger = new Logger(AnticheatProcessor.name);

  constructor(
    private readonly service: AnticheatService,
    private readonly queue: AnticheatQueue,
  ) {
    super();
  }

  async process(job: Job): Promise<GameJobResult | { queued: number; linked: number; chipDumping: number }> {
    switch (job.name) {
      case JOBS.anticheatGame: {
        const { gameId } = job.data as AnticheatGamePayload;
        if (typeof gameId !== 'string' || gameId === '') throw new Error('anticheat-game: gameId missing');
        return this.service.processGame(gameId);
      }
      case JOBS.anticheatScan: {
        const { unanalysed, linked, chipDumping } = await this.service.scan();
        for (const gameId of unanalysed) {
          await this.queue.analyse(gameId);
        }
        if (unanalysed.length || linked || chipDumping) this.logger.log(`anti-cheat scan: queued ${unanalysed.length} game(s), ${linked} linked-accounts signal(s), ${chipDumping} chip-dumping signal(s)`);
        return { queued: unanalysed.length, linked, chipDumping };
      }
      default:
        throw new Error(`unknown anticheat job ${job.name}`);
    }
  }
}

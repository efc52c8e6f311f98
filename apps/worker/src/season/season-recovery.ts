import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { SeasonQueue } from '@dcs/tournament';
import { SeasonRecoveryRepository } from './season-recovery.repository';

/**
 * At start-up and every 5 minutes: a season whose challenges are all completed but which is not
 * closed (the close job was lost between a commit and its queueing) gets its close job again.
 */
@Injectable()
export class SeasonRecovery implements OnApplicationBootstrap {
  private readonly logger = new Logger(SeasonRecovery.name);

  constructor(
    private readonly seasons: SeasonRecoveryRepository,
    private readonly queue: SeasonQueue,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweep();
  }

  @Interval(300_000)
  async sweep(): Promise<void> {
    try {
      const due = await this.seasons.dueForClose();
      for (const s of due) await this.queue.close(s.id);
      if (due.length) this.logger.log(`season sweep: ${due.length} close job(s) ensured`);
    } catch (err) {
      this.logger.warn(`season sweep failed (${(err as Error).message}); next try in 5 minutes`);
    }
  }
}

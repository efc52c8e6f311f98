import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { ChallengeFlowService } from '@dcs/tournament';

/** At start-up and every minute: re-queue every timer the database says is due (hard stops, next rounds, draws, undecided tables). */
@Injectable()
export class ChallengeRecovery implements OnApplicationBootstrap {
  private readonly logger = new Logger(ChallengeRecovery.name);

  constructor(private readonly flow: ChallengeFlowService) {}

  onApplicationBootstrap(): void {
    void this.sweep();
  }

  @Interval(60_000)
  async sweep(): Promise<void> {
    try {
      const n = await this.flow.recover();
      if (n) this.logger.log(`recovery sweep: ${n} timer(s) ensured`);
    } catch (err) {
      this.logger.warn(`recovery sweep failed (${(err as Error).message}); next try in a minute`);
    }
  }
}

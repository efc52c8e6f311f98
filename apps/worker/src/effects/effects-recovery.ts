import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { ChallengeFlowService, HouseService } from '@dcs/tournament';

/** At start-up and every minute: re-queue every timer the database says is due (hard stops, next rounds, draws, undecided tables; house settlements, expiries, clocks). */
@Injectable()
export class EffectsRecovery implements OnApplicationBootstrap {
  private readonly logger = new Logger(EffectsRecovery.name);

  constructor(
    private readonly flow: ChallengeFlowService,
    private readonly house: HouseService,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweep();
  }

  @Interval(60_000)
  async sweep(): Promise<void> {
    try {
      // House tables: unsettled finished games, file expiries, clocks and computer turns in play.
      const n = (await this.flow.recover()) + (await this.house.sweep());
      if (n) this.logger.log(`recovery sweep: ${n} timer(s) ensured`);
    } catch (err) {
      this.logger.warn(`recovery sweep failed (${(err as Error).message}); next try in a minute`);
    }
  }
}

import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { TableHosts } from '@dcs/tournament';

/**
 * At start-up and every minute: re-queue every timer the database says is due, each kind of table's own
 * (TableHost.recover: a challenge's hard stops, next rounds, draws, undecided tables; a house table's
 * settlements, expiries, clocks and computer turns).
 */
@Injectable()
export class EffectsRecovery implements OnApplicationBootstrap {
  private readonly logger = new Logger(EffectsRecovery.name);

  constructor(private readonly hosts: TableHosts) {}

  onApplicationBootstrap(): void {
    void this.sweep();
  }

  @Interval(60_000)
  async sweep(): Promise<void> {
    try {
      const n = await this.hosts.recover();
      if (n) this.logger.log(`recovery sweep: ${n} timer(s) ensured`);
    } catch (err) {
      this.logger.warn(`recovery sweep failed (${(err as Error).message}); next try in a minute`);
    }
  }
}

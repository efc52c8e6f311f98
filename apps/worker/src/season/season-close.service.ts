import { Injectable } from '@nestjs/common';
import { SeasonStandingsStore } from '@dcs/tournament';

/** The season close the worker runs after a season's last challenge (no actor: the schedule closes it). */
@Injectable()
export class SeasonCloseService {
  constructor(private readonly store: SeasonStandingsStore) {}

  /** Closes the season (idempotent) and names its Elite Six. */
  async close(seasonId: string): Promise<{ closed: boolean; eliteSix: string[] }> {
    const r = await this.store.close(seasonId, null, null);
    return { closed: r.closed, eliteSix: r.eliteSix.map((q) => q.playerId) };
  }
}

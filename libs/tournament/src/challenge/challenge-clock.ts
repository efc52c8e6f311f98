import { Injectable } from '@nestjs/common';
import type { Effect } from '../effects/effects-queue';

import { ChallengeRepository } from './challenge.repository';
import type { Tx } from '@dcs/common';

const DEFAULT_TURN_MS = 20_000;

/** A challenge table's turn clock: its length (the challenge's `turnMs`), and the recovery of the clocks of its games in play. */
@Injectable()
export class ChallengeClock {
  private readonly turnMsCache = new Map<string, { ms: number; until: number }>();

  constructor(private readonly repo: ChallengeRepository) {}

  /** The clock length of a table's games (its challenge's `turnMs`; 20 s by default), cached briefly per table: it is read on every move. */
  async turnMs(tableId: string | null, db?: Tx): Promise<number> {
    if (!tableId) return DEFAULT_TURN_MS;
    const hit = this.turnMsCache.get(tableId);
    if (hit && hit.until > Date.now()) return hit.ms;
    const ms = (await this.repo.turnMsOfTable(tableId, db)) ?? DEFAULT_TURN_MS;
    if (this.turnMsCache.size >= 10_000) this.turnMsCache.clear();
    this.turnMsCache.set(tableId, { ms, until: Date.now() + 60_000 });
    return ms;
  }

  /** Re-queues the clock of every challenge game still being played (recovery after a crash or a missed queueing). */
  async recover(): Promise<Effect[]> {
    const games = await this.repo.playingGamesWithClocks();
    const effects: Effect[] = [];
    for (const g of games) {
      // Not dealt yet (issue 24): its window's job deals it and starts its clock.
      if (g.dealClosesAt) {
        effects.push({ kind: 'deal-close', gameId: g.id, at: g.dealClosesAt });
        continue;
      }
      const atVersion = g.timeouts.filter((t) => t.version === g.version).sort((a, b) => a.attempt - b.attempt);
      const start = atVersion.length ? atVersion[atVersion.length - 1].createdAt : g.updatedAt;
      const ms = await this.turnMs(g.tableId);
      effects.push({ kind: 'turn-clock', gameId: g.id, version: g.version, attempt: atVersion.length, at: new Date(start.getTime() + ms) });
    }
    return effects;
  }
}

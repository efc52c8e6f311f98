import type { TournamentClock } from '../time/tournament-clock';
import type { HouseRepository } from './house.repository';
import type { Tx } from '@dcs/common';

const SERIALIZATION = new Set(['P2034', '40001', '40P01']);

/** Runs `fn` in a house transaction, retried on serialization failures and deadlocks (bounded). */
export async function houseTx<T>(repo: HouseRepository, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await repo.transaction(fn, { timeout: 20_000 });
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (attempt < 5 && (SERIALIZATION.has(code) || /deadlock detected|could not serialize/.test((err as Error).message))) continue;
      throw err;
    }
  }
}

/** A time of the injected clock as a time of the queue (BullMQ delays run on the machine's clock): tests move the clock, the delay follows. */
export function queueTimeAt(clock: TournamentClock, at: Date): Date {
  return new Date(Date.now() + (at.getTime() - clock.now().getTime()));
}

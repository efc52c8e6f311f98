import type { ChallengeStatus } from '@dcs/db';
import type { Bracket } from '@dcs/bracket';
import type { SeatResult } from '@dcs/common/live/live.contract';

/** One seat's line of a decided table (`challenge_tables.result`), as the live contract carries it. */
export type { SeatResult };

/** What `challenge.bracket` stores: the generated bracket plus the recorded seeding draw. */
export interface StoredBracket {
  bracket: Bracket;
  /** Seed of the random order among players with equal season points (re-derivable). */
  seedingDraw: string;
  /** Season points each player was seeded with. */
  seasonPoints: Record<string, number>;
}

/** The statuses before 12:00, in the order they follow each other: the challenge has not started (nor been cancelled). */
export const PRE_START: readonly ChallengeStatus[] = ['scheduled', 'registration_open', 'check_in_open', 'check_in_closed'];

/** The statuses before check-in closes: registration, withdrawal and check-in windows can only be open in these. */
export const BEFORE_CHECK_IN_CLOSE: readonly ChallengeStatus[] = ['scheduled', 'registration_open', 'check_in_open'];

export const notStarted = (status: ChallengeStatus): boolean => PRE_START.includes(status);

import type { ChallengeStatus } from '@dcs/db';

/** The statuses before 12:00, in the order they follow each other: the challenge has not started (nor been cancelled). */
export const PRE_START: readonly ChallengeStatus[] = ['scheduled', 'registration_open', 'check_in_open', 'check_in_closed'];

/** The statuses before check-in closes: registration, withdrawal and check-in windows can only be open in these. */
export const BEFORE_CHECK_IN_CLOSE: readonly ChallengeStatus[] = ['scheduled', 'registration_open', 'check_in_open'];

export const notStarted = (status: ChallengeStatus): boolean => PRE_START.includes(status);

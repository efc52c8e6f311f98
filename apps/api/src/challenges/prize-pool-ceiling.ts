import { AppError } from '@dcs/common';
import type { AuthUser } from '../common/decorators';

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Issue 36: a director gives a challenge or a Regional a prize pool up to the configured ceiling
 * (`PRIZE_POOL_CEILING_CENTS`); above it is an admin's, whose act is audited with the challenge
 * (`challenge.created`, `challenge.updated`, `regional.created` carry the pool and the admin). Called
 * before anything is written; `prizePoolCents` undefined (the tier's own pool) is never refused.
 */
export function assertPrizePoolAllowed(user: Pick<AuthUser, 'roles'>, prizePoolCents: number | undefined, ceilingCents: number): void {
  if (prizePoolCents === undefined || prizePoolCents <= ceilingCents || user.roles.includes('admin')) return;
  throw new AppError(
    'PRIZE_POOL_ABOVE_CEILING',
    `A director may set a prize pool of at most ${dollars(ceilingCents)}; ${dollars(prizePoolCents)} needs an admin`,
    { prizePoolCents, ceilingCents },
  );
}

import { AppError } from '@dcs/common';
import { DIRECTOR_ENTITY_TYPES } from '@dcs/tournament';
import type { AuthUser } from '../common/decorators';

/**
 * Which audit entries the caller may read. Reviewers and admins: all ('all'). A director ('cities'):
 * the entries of the cities assigned to them (SPEC 7, `cityAuditScope`): their seasons, challenges and
 * those challenges' tables and director calls, how their games ended, and the tiers — never the review
 * board's cases, appeals, reports, signals and analyses, nor account acts. Asking for another entity
 * type is 403, not an empty page.
 */
export function auditScope(user: AuthUser, entityType: string | undefined): 'all' | 'cities' {
  if (user.roles.includes('reviewer') || user.roles.includes('admin')) return 'all';
  if (entityType !== undefined && entityType !== 'game' && !(DIRECTOR_ENTITY_TYPES as readonly string[]).includes(entityType)) {
    throw new AppError(
      'FORBIDDEN',
      `Directors read the audit entries of ${DIRECTOR_ENTITY_TYPES.join(', ')} and game endings; "${entityType}" is for the review board`,
    );
  }
  return 'cities';
}

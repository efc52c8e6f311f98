import type { Prisma } from '@dcs/db';
import { AppError } from '@dcs/common';
import type { AuthUser } from '../common/decorators';

/** What a director runs (SPEC 7: cities' challenges): the entries about these, whoever wrote them. */
const DIRECTOR_ENTITY_TYPES = ['challenge', 'table', 'city', 'season', 'tier'] as const;
/** A game's entries a director reads: how a game of their challenge ended (not its anti-cheat analysis). */
const DIRECTOR_GAME_ACTIONS = ['game.hard-stop', 'conduct.stalling'] as const;

/**
 * Which audit entries the caller may read. Reviewers and admins: all. A director (not scoped to cities:
 * the role is platform-wide, docs/rules.md): the entries of cities, seasons, tiers, challenges and their
 * tables, and how games ended — never the review board's cases, appeals, reports, signals and analyses,
 * nor account acts. Asking for another entity type is 403, not an empty page.
 */
export function auditScope(user: AuthUser, entityType: string | undefined): Prisma.AuditLogWhereInput {
  if (user.roles.includes('reviewer') || user.roles.includes('admin')) return {};
  if (entityType !== undefined && entityType !== 'game' && !(DIRECTOR_ENTITY_TYPES as readonly string[]).includes(entityType)) {
    throw new AppError(
      'FORBIDDEN',
      `Directors read the audit entries of ${DIRECTOR_ENTITY_TYPES.join(', ')} and game endings; "${entityType}" is for the review board`,
    );
  }
  return { OR: [{ entityType: { in: [...DIRECTOR_ENTITY_TYPES] } }, { entityType: 'game', action: { in: [...DIRECTOR_GAME_ACTIONS] } }] };
}

/**
 * Who may sanction whom (SPEC 6-7, issue 36; docs/rules.md "Who may sanction whom"). One rule for every
 * act that sanctions a person or lifts a sanction: a conduct filing and its revocation, a
 * disqualification (the challenge's, a conduct filing's, a director call's), a review board decision
 * and the decision of its appeal. Pure: the roles and the tie are read by sanction-authority.repository.ts.
 */

/** Why a sanction (or its revocation) is refused: `SANCTION_NOT_ALLOWED` with this in `details.reason`. */
export type SanctionRefusal = 'self' | 'admin' | 'staff' | 'no_challenge' | 'not_in_challenge';

/** The roles that make an account staff: only an admin sanctions them. */
export const STAFF_ROLES = ['director', 'reviewer'] as const;

export interface SanctionQuestion {
  actorId: string;
  actorRoles: readonly string[];
  targetId: string;
  targetRoles: readonly string[];
  /**
   * For a director's act that names its own tie (a conduct filing or revocation): how many challenges
   * and games it is tied to (each already checked to be in the actor's cities), and whether the target
   * takes part in one of them. Absent for acts whose tie is their own challenge (a disqualification) or
   * that are platform-wide by the rules (the review board's).
   */
  tie?: { anchors: number; targetTakesPart: boolean };
}

/**
 * Null when the act is allowed. In this order: nobody sanctions themselves; only an admin sanctions an
 * admin, and only an admin sanctions staff (a director or a reviewer); a director's act must be tied to
 * a challenge or a game of their cities in which the target takes part — anything wider is an admin's.
 */
export function sanctionRefusal(q: SanctionQuestion): SanctionRefusal | null {
  if (q.actorId === q.targetId) return 'self';
  const admin = q.actorRoles.includes('admin');
  if (admin) return null;
  if (q.targetRoles.includes('admin')) return 'admin';
  if (STAFF_ROLES.some((r) => q.targetRoles.includes(r))) return 'staff';
  if (q.tie && q.tie.anchors === 0) return 'no_challenge';
  if (q.tie && !q.tie.targetTakesPart) return 'not_in_challenge';
  return null;
}

const SAY: Record<SanctionRefusal, string> = {
  self: 'Nobody sanctions themselves, nor lifts their own sanction: another member of staff must act',
  admin: 'Only another admin may sanction an admin or lift an admin\'s sanction',
  staff: 'Only an admin may sanction a member of staff (a director or a reviewer) or lift their sanction',
  no_challenge: 'A director sanctions only for a challenge or a game of their own cities: name it (challengeId or gameId); anything wider is an admin\'s',
  not_in_challenge: 'This player takes no part in the challenge or game named: a director sanctions only the players of their own cities\' challenges; anything wider is an admin\'s',
};

/** The message of a refusal, for the error the caller sees. */
export const sanctionRefusalMessage = (r: SanctionRefusal): string => SAY[r];

import type { Prisma } from '@dcs/db';
import { AppError, notFound } from '@dcs/common';
import { assertDirectsCity } from './director-cities.repository';
import { sanctionRefusal, sanctionRefusalMessage } from './sanction-authority.rules';

/** A transaction, or the client itself for a single statement. */
type Db = Prisma.TransactionClient;

/** What a director's conduct act is tied to: the challenges it names (its own and its sanctions'), the game it is about, the seasons its sanctions name. */
export interface SanctionTie {
  challengeIds: readonly (string | null | undefined)[];
  gameId?: string | null;
  seasonIds?: readonly (string | null | undefined)[];
}

/**
 * SPEC 6-7 (docs/rules.md, "Who may sanction whom"): throws `SANCTION_NOT_ALLOWED` (details.reason:
 * self, admin, staff, no_challenge, not_in_challenge) unless the actor may sanction this person — or
 * lift their sanction — and `NOT_YOUR_CITY` for a season of another city. Called inside the act's
 * transaction before it writes anything; the roles are read here, fresh (the check follows the people,
 * not the request). `tie`: for a director's act that names what it is about (a conduct filing or a
 * revocation), the challenges and game it names; the callers have checked each is in the actor's cities.
 */
export async function assertMaySanction(db: Db, actorId: string, targetId: string, tie?: SanctionTie): Promise<void> {
  const people = await db.user.findMany({ where: { id: { in: [actorId, targetId] } }, select: { id: true, roles: true } });
  const rolesOf = (id: string) => people.find((p) => p.id === id)?.roles ?? [];
  const refusal = sanctionRefusal({
    actorId,
    actorRoles: rolesOf(actorId),
    targetId,
    targetRoles: rolesOf(targetId),
    tie: tie && (await tieOf(db, targetId, tie)),
  });
  if (refusal) throw new AppError('SANCTION_NOT_ALLOWED', sanctionRefusalMessage(refusal), { reason: refusal, userId: targetId });
  if (!tie) return;
  const seasonIds = [...new Set((tie.seasonIds ?? []).filter((id): id is string => !!id))];
  // Unknown seasons pass: the act answers NOT_FOUND for them.
  for (const s of await db.season.findMany({ where: { id: { in: seasonIds } }, select: { cityId: true } })) await assertDirectsCity(db, actorId, s.cityId);
}

/** The challenges the act names (a game: its table's challenge; a house game is no city's) and whether the person takes part in one. */
async function tieOf(db: Db, userId: string, tie: SanctionTie): Promise<{ anchors: number; targetTakesPart: boolean }> {
  const ids = new Set(tie.challengeIds.filter((id): id is string => !!id));
  if (tie.gameId) {
    const game = await db.game.findUnique({ where: { id: tie.gameId }, select: { table: { select: { challengeId: true } } } });
    if (game?.table) ids.add(game.table.challengeId);
  }
  const known = await db.challenge.findMany({ where: { id: { in: [...ids] } }, select: { id: true } });
  const unknown = [...ids].find((id) => !known.some((c) => c.id === id));
  if (unknown) throw notFound('Challenge', unknown);
  const takesPart = await db.challenge.count({
    where: {
      id: { in: [...ids] },
      OR: [{ registrations: { some: { userId } } }, { placements: { some: { userId } } }, { tables: { some: { seats: { some: { userId } } } } }],
    },
  });
  return { anchors: ids.size, targetTakesPart: takesPart > 0 };
}

import type { City, DirectorCity, Prisma } from '@dcs/db';
import { AppError } from '@dcs/common';

/** A transaction, or the client itself for a single statement. */
type Db = Prisma.TransactionClient;

/*
 * SPEC 7: a director creates and runs the challenges of the cities assigned to them, and nothing in
 * other cities; an admin acts everywhere. The only code that writes director_cities (an admin's
 * assignment and removal in apps/api users; creating a city is an admin's too, issue 36), one
 * function a write, in the caller's transaction with its audit entry.
 */

export const notYourCity = (cityId: string) =>
  new AppError('NOT_YOUR_CITY', 'You direct only the cities an admin has assigned to you; this is another city', { cityId });

/**
 * Throws NOT_YOUR_CITY unless the actor may direct in this city: an admin, or a director assigned
 * to it. The roles are read here, fresh (the check follows the person, not the request).
 */
export async function assertDirectsCity(db: Db, actorId: string, cityId: string): Promise<void> {
  const [row] = await db.$queryRaw<{ ok: boolean }[]>`
    SELECT ('admin' = ANY(u.roles) OR EXISTS (SELECT 1 FROM director_cities d WHERE d.user_id = u.id AND d.city_id = ${cityId}::uuid)) AS ok
    FROM users u WHERE u.id = ${actorId}::uuid`;
  if (!row?.ok) throw notYourCity(cityId);
}

/** The same check for a challenge: its city. Unknown challenges pass (the caller answers NOT_FOUND). */
export async function assertDirectsChallenge(db: Db, actorId: string, challengeId: string): Promise<void> {
  const ch = await db.challenge.findUnique({ where: { id: challengeId }, select: { cityId: true } });
  if (ch) await assertDirectsCity(db, actorId, ch.cityId);
}

/** The cities a director is assigned to, by name. */
export function directorCities(db: Db, userId: string): Promise<(DirectorCity & { city: City })[]> {
  return db.directorCity.findMany({ where: { userId }, include: { city: true }, orderBy: { city: { name: 'asc' } } });
}

/** Assigns a city to a director; false when it already was (nothing written). */
export async function assignDirectorCity(db: Db, userId: string, cityId: string, assignedById: string | null): Promise<boolean> {
  const { count } = await db.directorCity.createMany({ data: [{ userId, cityId, assignedById }], skipDuplicates: true });
  return count === 1;
}

/** Removes a director's city; false when it was not assigned. */
export async function unassignDirectorCity(db: Db, userId: string, cityId: string): Promise<boolean> {
  const { count } = await db.directorCity.deleteMany({ where: { userId, cityId } });
  return count === 1;
}

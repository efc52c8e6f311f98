import type { Prisma, Role, User } from '@dcs/db';

/** A transaction, or the client itself for a single statement. */
type Db = Prisma.TransactionClient;

/*
 * The only code that writes users rows (docs/scaling.md, "Who writes which table"): sign-up, tokens,
 * password and roles (apps/api users), the account status a penalty sets (apps/api integrity), the
 * maintenance sweep's lifted suspensions (apps/worker), the house's flags and counters. One function a
 * write, in the caller's transaction; the caller holds the player's row lock where the lock order
 * (docs/scaling.md, "Concurrency") asks for it.
 */

/** A new account (the email lower-cased). A taken email fails with Prisma's P2002 for the caller to answer. */
export function insertUser(db: Db, data: { email: string; passwordHash: string; displayName: string }): Promise<User> {
  return db.user.create({ data: { ...data, email: data.email.toLowerCase() } });
}

/** Bumps tokenVersion: every token issued before stops working. The account as it is now (for its open sockets); null when it does not exist. */
export async function bumpTokenVersion(db: Db, id: string): Promise<Pick<User, 'id' | 'tokenVersion' | 'roles' | 'status'> | null> {
  try {
    return await db.user.update({ where: { id }, data: { tokenVersion: { increment: 1 } }, select: { id: true, tokenVersion: true, roles: true, status: true } });
  } catch (err) {
    if ((err as { code?: string }).code === 'P2025') return null; // no such account
    throw err;
  }
}

/** Replaces the password hash only if it is still `expected`, and bumps tokenVersion. False when it was changed meanwhile. */
export async function replacePassword(db: Db, id: string, expected: string, passwordHash: string): Promise<boolean> {
  const { count } = await db.user.updateMany({ where: { id, passwordHash: expected }, data: { passwordHash, tokenVersion: { increment: 1 } } });
  return count === 1;
}

/** Sets the roles and bumps tokenVersion (old tokens carry the old roles). */
export function setUserRoles(db: Db, id: string, roles: Role[]): Promise<User> {
  return db.user.update({ where: { id }, data: { roles, tokenVersion: { increment: 1 } } });
}

/** A penalty's account status (and, for a ban or a suspension, the end of every session). */
export async function setAccountStatus(db: Db, id: string, s: { status: User['status']; suspendedUntil: Date | null; endSessions?: boolean }): Promise<void> {
  await db.user.update({ where: { id }, data: { status: s.status, suspendedUntil: s.suspendedUntil, ...(s.endSessions ? { tokenVersion: { increment: 1 } } : {}) } });
}

/**
 * Ends every suspension over by `asOf` (still suspended and still due when its row is updated, so a
 * decision taken meanwhile is left alone); returns the accounts lifted, with the end they had.
 */
export function liftDueSuspensions(db: Db, asOf: Date): Promise<{ id: string; suspended_until: Date }[]> {
  return db.$queryRaw<{ id: string; suspended_until: Date }[]>`
    WITH due AS (
      SELECT id, suspended_until FROM users WHERE status = 'suspended' AND suspended_until <= ${asOf}
    )
    UPDATE users u SET status = 'active', suspended_until = NULL, updated_at = now()
    FROM due
    WHERE u.id = due.id AND u.status = 'suspended' AND u.suspended_until <= ${asOf}
    RETURNING u.id, due.suspended_until`;
}

/** Sets the 18+ confirmation once (a confirmed account keeps its first time). */
export async function confirmAdultOnce(db: Db, id: string, at: Date): Promise<void> {
  await db.user.updateMany({ where: { id, adultConfirmedAt: null }, data: { adultConfirmedAt: at } });
}

/** One more stake won for each of the players (a house settlement). */
export async function addStakeWins(db: Db, ids: string[]): Promise<void> {
  await db.user.updateMany({ where: { id: { in: ids } }, data: { stakeWins: { increment: 1 } } });
}

/** The player's assistive-technology choice. */
export async function setAssistiveTech(db: Db, id: string, on: boolean): Promise<void> {
  await db.user.update({ where: { id }, data: { assistiveTech: on } });
}

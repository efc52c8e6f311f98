import type { Prisma, Role, User } from '@dcs/db';
import { displayNameSkeleton } from './display-name';

/** A transaction, or the client itself for a single statement. */
type Db = Prisma.TransactionClient;

/*
 * The only code that writes users rows (docs/scaling.md, "Who writes which table"): sign-up, tokens,
 * password and roles (apps/api users), the account status a penalty sets (apps/api integrity), the
 * maintenance sweep's lifted suspensions (apps/worker), the house's flags and counters. One function a
 * write, in the caller's transaction; the caller holds the player's row lock where the lock order
 * (docs/scaling.md, "Concurrency") asks for it.
 */

/**
 * A new account (the email lower-cased, the display name's skeleton beside it). A taken email or a name
 * that looks like one taken fails with Prisma's P2002 for the caller to answer. `displayName` is already
 * normalised (normaliseDisplayName).
 */
export function insertUser(db: Db, data: { email: string; passwordHash: string; displayName: string }): Promise<User> {
  return db.user.create({ data: { ...data, email: data.email.toLowerCase(), nameSkeleton: displayNameSkeleton(data.displayName) } });
}

/** Whether an account's display name has this skeleton (a look-alike of `displayName` is taken). */
export async function nameSkeletonTaken(db: Db, displayName: string): Promise<boolean> {
  return (await db.user.count({ where: { nameSkeleton: displayNameSkeleton(displayName) } })) > 0;
}

/**
 * Gives every account without a name skeleton its own (the accounts that existed before skeletons, and rows
 * written around insertUser), oldest first: an account whose name looks like an older one's keeps its name
 * and a null skeleton (nobody new can take that look). Idempotent; two processes running it at once only
 * skip each other's rows. Returns how many rows got one.
 */
export async function backfillNameSkeletons(db: Db): Promise<number> {
  const rows = await db.user.findMany({ where: { nameSkeleton: null }, select: { id: true, displayName: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  let filled = 0;
  for (const r of rows) {
    const skeleton = displayNameSkeleton(r.displayName);
    // ON CONFLICT has no UPDATE form: the NOT EXISTS skips a taken skeleton; a race with another process is the unique index's.
    const n = await db.$executeRaw`UPDATE users SET name_skeleton = ${skeleton}
      WHERE id = ${r.id}::uuid AND name_skeleton IS NULL AND NOT EXISTS (SELECT 1 FROM users o WHERE o.name_skeleton = ${skeleton})`.catch(
      (err: { code?: string; meta?: unknown; message?: string }) => {
        if (err.code === 'P2002' || /23505|unique constraint/i.test(`${JSON.stringify(err.meta ?? null)} ${err.message}`)) return 0;
        throw err;
      },
    );
    filled += n;
  }
  return filled;
}

/** Bumps tokenVersion: every token issued before stops working. False when the user does not exist. */
export async function bumpTokenVersion(db: Db, id: string): Promise<boolean> {
  const { count } = await db.user.updateMany({ where: { id }, data: { tokenVersion: { increment: 1 } } });
  return count === 1;
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

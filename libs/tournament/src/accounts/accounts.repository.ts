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
export function insertUser(db: Db, data: { email: string; passwordHash: string; displayName: string; locale?: string; timeZone?: string }): Promise<User> {
  const { timeZone, ...user } = data;
  // a zone given at sign-up is the account's delivery settings' from the first moment (one statement: both or neither)
  return db.user.create({ data: { ...user, email: data.email.toLowerCase(), nameSkeleton: displayNameSkeleton(data.displayName), ...(timeZone ? { deliverySettings: { create: { timeZone } } } : {}) } });
}

/** Whether an account's display name has this skeleton (a look-alike of `displayName` is taken). */
export async function nameSkeletonTaken(db: Db, displayName: string): Promise<boolean> {
  return (await db.user.count({ where: { nameSkeleton: displayNameSkeleton(displayName) } })) > 0;
}

/**
 * Gives every account without a name skeleton its own (the accounts that existed before skeletons, and rows
 * written around insertUser), oldest first, a thousand rows a statement: an account whose name looks like an
 * older one's keeps its name and a null skeleton (nobody new can take that look). Idempotent; another process
 * running it at once makes a statement fail on the unique index, and that batch is then written row by row.
 * Returns how many rows got one.
 */
export async function backfillNameSkeletons(db: Db, batch = 1000): Promise<number> {
  let filled = 0;
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows: { id: string; displayName: string; createdAt: Date }[] = await db.user.findMany({
      where: { nameSkeleton: null, ...(after ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {}) },
      select: { id: true, displayName: true, createdAt: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: batch,
    });
    if (!rows.length) return filled;
    after = rows[rows.length - 1];
    // The oldest of the batch's look-alikes only; the older rows outside it are the NOT EXISTS's.
    const first = new Map<string, string>();
    for (const r of rows) {
      const skeleton = displayNameSkeleton(r.displayName);
      if (!first.has(skeleton)) first.set(skeleton, r.id);
    }
    const pairs = [...first].map(([skeleton, id]) => ({ id, skeleton }));
    const write = (ps: typeof pairs) =>
      db.$executeRaw`UPDATE users u SET name_skeleton = v.sk
        FROM unnest(${ps.map((p) => p.id)}::uuid[], ${ps.map((p) => p.skeleton)}::text[]) AS v(id, sk)
        WHERE u.id = v.id AND u.name_skeleton IS NULL AND NOT EXISTS (SELECT 1 FROM users o WHERE o.name_skeleton = v.sk)`;
    try {
      filled += await write(pairs);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      for (const p of pairs) filled += await write([p]).catch((e: unknown) => (isUniqueViolation(e) ? 0 : Promise.reject(e)));
    }
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; meta?: unknown; message?: string };
  return e.code === 'P2002' || /23505|unique constraint/i.test(`${JSON.stringify(e.meta ?? null)} ${e.message}`);
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

/** A password reset by e-mailed link: the new hash, and every token issued before stops working. The account as it is now. */
export function resetPassword(db: Db, id: string, passwordHash: string): Promise<User> {
  return db.user.update({ where: { id }, data: { passwordHash, tokenVersion: { increment: 1 } } });
}

/** The address was confirmed by a link sent to it: verified only while it is still the account's address. */
export async function markEmailVerified(db: Db, id: string, email: string, at: Date): Promise<boolean> {
  const { count } = await db.user.updateMany({ where: { id, email: email.toLowerCase() }, data: { emailVerifiedAt: at } });
  return count === 1;
}

/** The new address was confirmed at itself: it replaces the old one, verified. A taken address fails with P2002 for the caller. */
export function changeEmail(db: Db, id: string, email: string, at: Date): Promise<User> {
  return db.user.update({ where: { id }, data: { email: email.toLowerCase(), emailVerifiedAt: at } });
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

/** Issue 24: the account's language ('en' | 'es'; the column's CHECK refuses others). False when the account does not exist. */
export async function setUserLocale(db: Db, id: string, locale: string): Promise<boolean> {
  return (await db.user.updateMany({ where: { id }, data: { locale } })).count > 0;
}

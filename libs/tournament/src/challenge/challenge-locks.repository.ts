import { Prisma, type Challenge } from '@dcs/db';
import { PRE_START } from './challenge-rows';
import type { Tx } from '@dcs/common';


/**
 * Every row lock on a challenge, in one place. The lock order, which every writer follows so that
 * none can deadlock with another:
 *
 *   player (a penalty: FOR NO KEY UPDATE; a registration: FOR SHARE)
 *   → challenge (FOR UPDATE; check-in: FOR SHARE; a penalty takes all of a player's challenges not started, in id order)
 *   → its round (then the previous round) → its tiebreak draw → games
 *   → season rows (a completion and a season's close).
 */

/** Locks the challenge row (FOR UPDATE, or FOR SHARE where writers may run side by side) and reads it. Null: no such challenge. */
export async function lockChallenge(tx: Tx, challengeId: string, mode: 'UPDATE' | 'SHARE' = 'UPDATE'): Promise<Challenge | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`SELECT id FROM challenges WHERE id = ${challengeId}::uuid FOR ${Prisma.raw(mode === 'UPDATE' ? 'UPDATE' : 'SHARE')}`);
  return rows.length ? tx.challenge.findUnique({ where: { id: challengeId } }) : null;
}

/** Locks the challenge a round belongs to (the challenge comes before its round in the lock order). */
export async function lockChallengeOfRound(tx: Tx, roundId: string): Promise<void> {
  await tx.$queryRaw`SELECT c.id FROM rounds r JOIN challenges c ON c.id = r.challenge_id WHERE r.id = ${roundId}::uuid FOR UPDATE OF c`;
}

/** Locks, in id order, every challenge not started that the player has a registration in (what a penalty may withdraw or give back). */
export async function lockPendingChallengesOf(tx: Tx, userId: string): Promise<void> {
  await tx.$queryRaw`
    SELECT c.id FROM challenges c
    WHERE c.status = ANY(${[...PRE_START]}::"ChallengeStatus"[])
      AND EXISTS (SELECT 1 FROM registrations r WHERE r.challenge_id = c.id AND r.user_id = ${userId}::uuid)
    ORDER BY c.id FOR UPDATE OF c`;
}

/** Locks, in id order, the season's challenges not started (a season's close); returns them as they are under the lock. */
export function lockPendingChallengesOfSeason(tx: Tx, seasonId: string): Promise<{ id: string; status: string }[]> {
  return tx.$queryRaw<{ id: string; status: string }[]>`
    SELECT id, status::text AS status FROM challenges
    WHERE season_id = ${seasonId}::uuid AND status = ANY(${[...PRE_START]}::"ChallengeStatus"[])
    ORDER BY id FOR UPDATE`;
}

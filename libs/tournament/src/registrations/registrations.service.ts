import { Injectable } from '@nestjs/common';
import type { Challenge, Registration } from '@dcs/db';
import { notStarted } from '../challenge/challenge-rows';
import { promotedNotice, restoredNotice, seatedFromWaitlistNotice, withdrawnByPenaltyNotice, withdrawnIneligibleNotice } from './registration.messages';
import {
  type AccountStanding,
  checkInOpen,
  entryStatus,
  mayTakePart,
  placesFree,
  registrationOpen,
  restoredPlace,
  withdrawalPromotes,
} from './registration.rules';
import { type ChallengeCounts, type PublicRegistration, RegistrationsRepository, type RosterFilter, type RosterLine } from './registrations.repository';
import type { Tx } from '@dcs/common';


/** A registration with its place in the waitlist (1 = next to be promoted), null when not waitlisted. */
export type RegistrationWithPlace = Registration & { waitlistPlace: number | null };

/** What may stop a player from entering a challenge: their account's standing and a season ban. */
export interface Standing {
  account: AccountStanding;
  seasonBan: { seasonId: string } | null;
}

export type RegisterOutcome<E> =
  | { kind: 'no_account' }
  | { kind: 'refused'; refusal: E }
  | { kind: 'not_found' }
  | { kind: 'closed'; challenge: Challenge }
  | { kind: 'already'; registration: RegistrationWithPlace }
  | { kind: 'done'; registration: RegistrationWithPlace };

export type WithdrawOutcome =
  | { kind: 'not_found' }
  | { kind: 'not_registered' }
  | { kind: 'closed'; challenge: Challenge }
  | { kind: 'done'; registration: RegistrationWithPlace; promoted: string[] };

export type CheckInOutcome =
  | { kind: 'not_found' }
  | { kind: 'not_registered' }
  | { kind: 'closed'; challenge: Challenge }
  | { kind: 'done'; registration: RegistrationWithPlace };

/** Where a penalty comes from: an anti-cheat decision (or its appeal) or a conduct sanction. */
export interface PenaltySource {
  source: 'anticheat' | 'conduct';
  /** The decision, appeal or sanction id: the key that makes every effect idempotent and undoable. */
  sourceId: string;
  actorId: string | null;
  reason: string;
}

/** The audit data of a penalty's withdrawal: what identifies the row it left withdrawn, and how to put it back. */
export interface PenaltyWithdrawal {
  userId: string;
  registrationId?: string;
  wasStatus: 'registered' | 'waitlisted';
  position?: number;
  withdrawnAt?: string;
  source: PenaltySource['source'];
  sourceId: string;
}

/** A registration given back when the penalty that withdrew it was lifted. */
export interface RestoredRegistration {
  challengeId: string;
  status: 'registered' | 'waitlisted';
  /** 1 = next to be promoted; null when registered. */
  waitlistPlace: number | null;
  withdrawnBy: string;
}

/** Who check-in close moved: waitlisted players seated in no-shows' places, and suspended or banned players withdrawn. */
export interface CheckInClosed {
  promoted: string[];
  withdrawn: string[];
}

/**
 * A challenge's line of players (SPEC 3.1): register, withdraw, check in, the waitlist's promotions,
 * withdrawal and restoration by penalties, and the check-in close. The API, the integrity and
 * conduct code and the worker all come here; the rules are registration.rules.ts, the texts
 * registration.messages.ts, the rows RegistrationsRepository's.
 *
 * Every change to a challenge's line runs under the challenge's row lock (FOR UPDATE; check-in FOR
 * SHARE, so check-ins run side by side but never across the close), so concurrent entries take
 * distinct positions and never overfill it.
 */
@Injectable()
export class RegistrationsService {
  constructor(private readonly repo: RegistrationsRepository) {}

  /** The player's standing for this challenge: their account, and the season ban in force in its season if any. Null: no such account. */
  async standing(challengeId: string, userId: string, tx?: Tx): Promise<Standing | null> {
    const account = await this.repo.account(userId, tx);
    if (!account) return null;
    return { account, seasonBan: await this.repo.seasonBan(challengeId, userId, tx) };
  }

  counts(challengeId: string): Promise<ChallengeCounts> {
    return this.repo.counts(challengeId);
  }

  publicList(challengeId: string): Promise<PublicRegistration[]> {
    return this.repo.publicList(challengeId);
  }

  /** A director's list of the challenge (who registered, checked in, waits, withdrew), filtered. */
  roster(challengeId: string, f: RosterFilter): Promise<RosterLine[]> {
    return this.repo.roster(challengeId, f);
  }

  mine(challengeId: string, userId: string): Promise<RegistrationWithPlace | null> {
    return this.repo.transaction(async (tx) => {
      const r = await this.repo.find(tx, challengeId, userId);
      return r ? this.withPlace(tx, r) : null;
    });
  }

  /**
   * Registers the player at the end of the line: `registered` while fewer than `capacity` are,
   * `waitlisted` after. A player who withdrew and registers again goes to the end of the line.
   *
   * `refuse` decides on the player's standing (its refusal, or null to go on), read under the
   * player's row lock (FOR SHARE), taken before the challenge's (lock order: player, then challenge
   * rows). A suspension, ban or season ban locks that row (PenaltyEffects.lockUser) before it
   * withdraws the player's pending registrations: read outside the lock, a penalty committed while
   * this registration waited on the challenge row (behind another player's registration) found
   * nothing to withdraw, and the registration of a player who was no longer allowed to play was
   * then written anyway.
   */
  register<E>(challengeId: string, userId: string, now: Date, refuse: (s: Standing) => E | null): Promise<RegisterOutcome<E>> {
    return this.repo.transaction(async (tx): Promise<RegisterOutcome<E>> => {
      await this.repo.lockAccountShared(tx, userId);
      const standing = await this.standing(challengeId, userId, tx);
      if (!standing) return { kind: 'no_account' };
      const refusal = refuse(standing);
      if (refusal !== null) return { kind: 'refused', refusal };
      const challenge = await this.repo.lockChallenge(tx, challengeId, 'UPDATE');
      if (!challenge) return { kind: 'not_found' };
      const existing = await this.repo.find(tx, challengeId, userId);
      if (existing && existing.status !== 'withdrawn') return { kind: 'already', registration: await this.withPlace(tx, existing) };
      if (!registrationOpen(challenge, now)) return { kind: 'closed', challenge };
      const registered = await this.repo.countRegistered(tx, challengeId);
      const last = await this.repo.lastPosition(tx, challengeId);
      const registration = await this.repo.enter(tx, existing, challengeId, userId, entryStatus(registered, challenge.capacity), (last ?? 0) + 1);
      return { kind: 'done', registration: await this.withPlace(tx, registration) };
    });
  }

  /** Withdraws the player; a registered player's place goes to the first eligible waitlisted player (promoteFromWaitlist). */
  withdraw(challengeId: string, userId: string, now: Date): Promise<WithdrawOutcome> {
    return this.repo.transaction(async (tx): Promise<WithdrawOutcome> => {
      const challenge = await this.repo.lockChallenge(tx, challengeId, 'UPDATE');
      if (!challenge) return { kind: 'not_found' };
      const existing = await this.repo.find(tx, challengeId, userId);
      if (!existing || existing.status === 'withdrawn') return { kind: 'not_registered' };
      if (!registrationOpen(challenge, now)) return { kind: 'closed', challenge };
      const registration = await this.repo.withdraw(tx, existing.id, now);
      const promoted = existing.status === 'registered' ? await this.promoteFromWaitlist(tx, challenge, now) : [];
      return { kind: 'done', registration: { ...registration, waitlistPlace: null }, promoted };
    });
  }

  /** Checks the player in (registered or waitlisted). Checking in again keeps the first time. */
  checkIn(challengeId: string, userId: string, now: Date): Promise<CheckInOutcome> {
    return this.repo.transaction(async (tx): Promise<CheckInOutcome> => {
      const challenge = await this.repo.lockChallenge(tx, challengeId, 'SHARE');
      if (!challenge) return { kind: 'not_found' };
      const existing = await this.repo.find(tx, challengeId, userId);
      if (!existing || existing.status === 'withdrawn') return { kind: 'not_registered' };
      if (existing.checkedInAt) return { kind: 'done', registration: await this.withPlace(tx, existing) };
      if (!checkInOpen(challenge, now)) return { kind: 'closed', challenge };
      return { kind: 'done', registration: await this.withPlace(tx, await this.repo.checkIn(tx, existing.id, now)) };
    });
  }

  /**
   * The waitlist's one promotion: the places free under the capacity go to the waitlisted players
   * who may take part now, in waitlist order, each told once. Inside the caller's transaction, under
   * the challenge's lock. Returns the promoted players.
   */
  async promoteFromWaitlist(tx: Tx, challenge: Challenge, now: Date): Promise<string[]> {
    const free = placesFree(challenge.capacity, await this.repo.countRegistered(tx, challenge.id));
    if (!free) return [];
    const next = await this.repo.nextWaitlisted(tx, challenge.id, now, free);
    if (!next.length) return [];
    await this.repo.promote(tx, next.map((r) => r.id));
    const city = await this.repo.cityName(tx, challenge.cityId);
    await this.repo.notify(tx, next.map((r) => ({ userId: r.userId, ...promotedNotice(challenge, city, r.position) })));
    return next.map((r) => r.userId);
  }

  /**
   * Check-in closes (SPEC 3.1), inside the worker's transition under the challenge's lock: suspended
   * or banned players are withdrawn (whatever suspends or bans a player does it at once; the close does
   * it as well, so nobody of them is seated at 12:00 whichever path missed it), then the places
   * registered no-shows leave go to checked-in waitlisted players, in waitlist order, each told.
   */
  async closeCheckIn(tx: Tx, challenge: Challenge, now: Date): Promise<CheckInClosed> {
    const city = await this.repo.cityName(tx, challenge.cityId);
    const out = await this.repo.ineligibleEntrants(tx, challenge.id, now);
    if (out.length) {
      await this.repo.withdrawMany(tx, out.map((r) => r.id), now);
      await this.repo.notify(tx, out.map((r) => ({ userId: r.userId, ...withdrawnIneligibleNotice(challenge, city) })));
    }
    const free = placesFree(challenge.capacity, await this.repo.countRegistered(tx, challenge.id, { checkedIn: true }));
    const lucky = free ? await this.repo.nextWaitlisted(tx, challenge.id, now, free, { checkedIn: true }) : [];
    if (lucky.length) {
      await this.repo.promote(tx, lucky.map((r) => r.id));
      await this.repo.notify(tx, lucky.map((r) => ({ userId: r.userId, ...seatedFromWaitlistNotice(challenge, city, r.position) })));
    }
    return { promoted: lucky.map((r) => r.userId), withdrawn: out.map((r) => r.userId) };
  }

  /**
   * A penalty's lock on the player's line (lock order: the player, then challenge rows, then season
   * rows): every challenge not started that the player has a registration in, in id order, the ones a
   * penalty withdraws from (withdrawForPenalty) or gives a registration back in (restoreAfterPenalty).
   * The caller holds the player's row already.
   */
  lockPendingOf(tx: Tx, userId: string): Promise<void> {
    return this.repo.lockPendingChallengesOf(tx, userId);
  }

  /**
   * Withdraws the player's registrations of challenges not started yet (of one season, for a season
   * ban), each audited with what lets an undo find exactly that row (restoreAfterPenalty) and told; a
   * freed place goes to the waitlist (promoteFromWaitlist) while check-in is open. Returns the
   * challenges withdrawn from.
   */
  async withdrawForPenalty(tx: Tx, userId: string, now: Date, src: PenaltySource, seasonId?: string): Promise<string[]> {
    const regs = await this.repo.pendingOf(tx, userId, seasonId);
    for (const r of regs) {
      await this.repo.lockChallenge(tx, r.challengeId, 'UPDATE');
      await this.repo.withdraw(tx, r.id, now);
      const record: PenaltyWithdrawal = { userId, registrationId: r.id, wasStatus: r.status as PenaltyWithdrawal['wasStatus'], position: r.position, withdrawnAt: now.toISOString(), source: src.source, sourceId: src.sourceId };
      await this.repo.audit(tx, { actorId: src.actorId, action: 'registration.withdrawn', entityType: 'challenge', entityId: r.challengeId, reason: src.reason, data: { ...record } });
      await this.repo.notify(tx, [{ userId, ...withdrawnByPenaltyNotice(r.challenge, src.reason, src.sourceId) }]);
      if (withdrawalPromotes(record.wasStatus, r.challenge)) await this.promoteFromWaitlist(tx, r.challenge, now);
    }
    return regs.map((r) => r.challengeId);
  }

  /**
   * Gives back the registrations that lifted penalties withdrew (SPEC 5: a reduced or overturned
   * penalty's effects are undone). Runs in the undo's transaction, after the account status has been
   * recomputed and the reduced rung applied, so "may take part" sees what is left in force.
   *
   * Every withdrawal of the player by a penalty no longer in force (`lifted`, the integrity code's
   * answer) is looked at, not only the one being undone: a registration withdrawn by one penalty
   * while another stood comes back when the last of them is lifted. A registration comes back only
   * if its challenge has still not started, the row is still exactly as that penalty left it (the
   * player did not register again or withdraw themselves since), the player may take part at its
   * check-in close and is not banned from its season. Its place: restoredPlace. Each one is audited
   * (`registration.restored`) and told once; a retry finds nothing left withdrawn and does nothing.
   */
  async restoreAfterPenalty(tx: Tx, userId: string, src: PenaltySource, lifted: (w: PenaltyWithdrawal) => Promise<boolean>): Promise<RestoredRegistration[]> {
    const candidates = await this.repo.withdrawnPendingOf(tx, userId);
    if (!candidates.length) return [];
    const account = (await this.repo.account(userId, tx))!;
    const out: RestoredRegistration[] = [];
    for (const c of candidates) {
      if (!mayTakePart(account, c.challenge.checkInClosesAt)) continue;
      const by = await this.withdrawalOf(tx, c);
      if (!by || !(await lifted(by))) continue;
      if (c.challenge.seasonId && (await this.repo.seasonBanned(tx, userId, c.challenge.seasonId))) continue;
      // Under the challenge's lock, as registration takes it: it may have started, or the player registered again, meanwhile.
      const ch = (await this.repo.lockChallenge(tx, c.challengeId, 'UPDATE'))!;
      const r = await this.repo.byId(tx, c.id);
      if (!notStarted(ch.status) || !sameWithdrawal(r, by)) continue;
      const registered = await this.repo.countRegistered(tx, ch.id);
      const { first, firstWaitlisted } = await this.repo.firstPositions(tx, ch.id);
      const place = restoredPlace({ wasStatus: by.wasStatus, position: r.position, registered, capacity: ch.capacity, firstWaitlisted, firstPosition: first ?? r.position });
      await this.repo.restore(tx, r.id, place.status, place.position);
      const waitlistPlace = place.status === 'waitlisted' ? await this.repo.waitlistPlace(tx, ch.id, place.position) : null;
      await this.repo.audit(tx, {
        actorId: src.actorId,
        action: 'registration.restored',
        entityType: 'challenge',
        entityId: ch.id,
        reason: src.reason,
        data: { userId, registrationId: r.id, status: place.status, position: place.position, waitlistPlace, withdrawnBy: { source: by.source, sourceId: by.sourceId }, source: src.source, sourceId: src.sourceId },
      });
      await this.repo.notify(tx, [{ userId, ...restoredNotice(ch, { status: place.status, waitlistPlace }, by.sourceId) }]);
      out.push({ challengeId: ch.id, status: place.status, waitlistPlace, withdrawnBy: by.sourceId });
    }
    return out;
  }

  /** The challenge's 12:00 line: registered and waitlisted players, in line order. */
  entrants(tx: Tx, challengeId: string): Promise<Registration[]> {
    return this.repo.entrants(tx, challengeId);
  }

  /** Whether the player is in the challenge's line (registered or waitlisted): such a player never directs it (SPEC 7). */
  isEntered(tx: Tx, challengeId: string, userId: string): Promise<boolean> {
    return this.repo.isEntered(tx, challengeId, userId);
  }

  /** The challenge's disqualified players (of `among` only, if given). */
  disqualified(tx: Tx, challengeId: string, among?: string[]): Promise<Set<string>> {
    return this.repo.disqualified(tx, challengeId, among);
  }

  /** Marks the player disqualified (under the challenge's lock, which the caller holds). */
  async disqualify(tx: Tx, challengeId: string, userId: string, reason: string, at: Date): Promise<'not_registered' | 'already' | 'done'> {
    const reg = await this.repo.find(tx, challengeId, userId);
    if (!reg || reg.status === 'withdrawn') return 'not_registered';
    if (reg.disqualifiedAt) return 'already';
    await this.repo.disqualify(tx, reg.id, reason, at);
    return 'done';
  }

  /** An event's players (Regional, NDT), entered registered and checked in, in entrant order. */
  enterEvent(tx: Tx, challengeId: string, entrants: string[], at: Date): Promise<void> {
    return this.repo.enterEvent(tx, challengeId, entrants, at);
  }

  /** The penalty withdrawal that left this registration as it is, if a penalty's was the last one. */
  private async withdrawalOf(tx: Tx, r: Registration): Promise<PenaltyWithdrawal | null> {
    const w = (await this.repo.lastWithdrawal(tx, r)) as PenaltyWithdrawal | null;
    return w && sameWithdrawal(r, w) ? w : null;
  }

  private async withPlace(tx: Tx, r: Registration): Promise<RegistrationWithPlace> {
    return { ...r, waitlistPlace: r.status === 'waitlisted' ? await this.repo.waitlistPlace(tx, r.challengeId, r.position) : null };
  }
}

/** The row is still exactly as the withdrawal left it: withdrawn at that instant, at that place in the line (registering again moves it to the end). */
function sameWithdrawal(r: Registration, w: PenaltyWithdrawal): boolean {
  return r.status === 'withdrawn' && r.withdrawnAt !== null && w.withdrawnAt === r.withdrawnAt.toISOString() && w.position === r.position;
}

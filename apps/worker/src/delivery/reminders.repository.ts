import { Injectable } from '@nestjs/common';
import { PrismaService } from '@dcs/common';
import { type NotificationRow, notifyPlayers, type ReminderChallenge } from '@dcs/tournament';

/** What the reminders read (challenges and their registrations) and the notices they store, through the one notification writer. */
@Injectable()
export class RemindersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Challenges whose reminders are still ahead (not started, not cancelled), starting before `until`. */
  async coming(now: Date, until: Date): Promise<ReminderChallenge[]> {
    const rows = await this.prisma.challenge.findMany({
      where: { status: { in: ['scheduled', 'registration_open', 'check_in_open'] }, checkInClosesAt: { gt: now }, startsAt: { lte: until } },
      select: { id: true, localDate: true, startsAt: true, registrationOpensAt: true, checkInOpensAt: true, checkInClosesAt: true, city: { select: { name: true } } },
    });
    return rows.map(({ city, ...c }) => ({ ...c, cityName: city.name }));
  }

  async challenge(id: string): Promise<(ReminderChallenge & { status: string; cityId: string }) | null> {
    const c = await this.prisma.challenge.findUnique({
      where: { id },
      select: { id: true, status: true, cityId: true, localDate: true, startsAt: true, registrationOpensAt: true, checkInOpensAt: true, checkInClosesAt: true, city: { select: { name: true } } },
    });
    return c ? { ...c, cityName: c.city.name } : null;
  }

  /** Registered players (not waitlisted, not withdrawn, not disqualified) not checked in yet: whom a check-in reminder is for. */
  async notCheckedIn(challengeId: string): Promise<string[]> {
    const rows = await this.prisma.registration.findMany({
      where: { challengeId, status: 'registered', disqualifiedAt: null, checkedInAt: null },
      select: { userId: true },
    });
    return rows.map((r) => r.userId);
  }

  /** Players who checked in to an earlier challenge of the city and are not registered for this one. */
  async playedCity(cityId: string, challengeId: string): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ user_id: string }[]>`
      SELECT DISTINCT r.user_id::text AS user_id FROM registrations r JOIN challenges c ON c.id = r.challenge_id
      WHERE c.city_id = ${cityId}::uuid AND c.id <> ${challengeId}::uuid AND r.checked_in_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM registrations o WHERE o.challenge_id = ${challengeId}::uuid AND o.user_id = r.user_id)`;
    return rows.map((r) => r.user_id);
  }

  /**
   * Stores a reminder's notices — the rows of one builder call, one notice for many players — with their
   * deliveries, set-based (two statements whatever the number of players); a player already told is skipped
   * by the dedupe key. Answers how many were told now.
   */
  async store(rows: NotificationRow[]): Promise<number> {
    if (!rows.length) return 0;
    const { userId: _first, dedupeKey, ...notice } = rows[0];
    if (rows.some((r) => r.dedupeKey !== dedupeKey || r.title !== notice.title || r.body !== notice.body)) throw new Error('store: the rows of one reminder tell one notice');
    return this.prisma.$transaction((tx) => notifyPlayers(tx, notice, dedupeKey, rows.map((r) => r.userId)));
  }
}

import { Injectable } from '@nestjs/common';
import { PrismaService } from '@dcs/common';
import type { SeatResult } from '@dcs/common/live/live.contract';
import type { NextFacts, RegistrationFacts } from './my-next.decisions';

/** Challenges a registration still matters in: not started yet, or running. */
const LIVE_STATUSES = ['scheduled', 'registration_open', 'check_in_open', 'check_in_closed', 'running'] as const;

/**
 * The facts "what do I do next?" is decided from (GET /api/me/next): my registrations in challenges not
 * finished, with their rounds and my table in each; my unfinished house tables; my workouts owed.
 * Reads only (a read model over the registrations', challenges', house's and workouts' rows).
 */
@Injectable()
export class MyNextRepository {
  constructor(private readonly prisma: PrismaService) {}

  async facts(userId: string): Promise<NextFacts> {
    const [regs, house, workoutsOwed] = await Promise.all([
      this.prisma.registration.findMany({
        where: { userId, status: { in: ['registered', 'waitlisted'] }, challenge: { status: { in: [...LIVE_STATUSES] } } },
        select: {
          status: true,
          checkedInAt: true,
          disqualifiedAt: true,
          challenge: {
            select: {
              id: true,
              localDate: true,
              status: true,
              startsAt: true,
              checkInOpensAt: true,
              checkInClosesAt: true,
              city: { select: { id: true, name: true } },
              rounds: {
                select: {
                  number: true,
                  status: true,
                  startsAt: true,
                  hardStopAt: true,
                  byes: true,
                  tables: {
                    where: { seats: { some: { userId } } },
                    select: {
                      id: true,
                      index: true,
                      status: true,
                      result: true,
                      seats: { where: { userId }, select: { seat: true } },
                      games: { orderBy: { startedAt: 'desc' }, take: 1, select: { id: true } },
                    },
                  },
                },
              },
            },
          },
        },
      }),
      this.prisma.houseSeat.findMany({ where: { userId, table: { status: { in: ['open', 'playing'] } } }, select: { table: { select: { id: true, status: true } } } }),
      this.prisma.workout.count({ where: { userId, status: 'owed' } }),
    ]);
    const registrations = regs.map(
      (r): RegistrationFacts => ({
        status: r.status === 'waitlisted' ? 'waitlisted' : 'registered',
        checkedIn: r.checkedInAt !== null,
        disqualified: r.disqualifiedAt !== null,
        challenge: {
          challengeId: r.challenge.id,
          cityId: r.challenge.city.id,
          cityName: r.challenge.city.name,
          localDate: r.challenge.localDate,
          status: r.challenge.status,
          startsAt: r.challenge.startsAt,
          checkInOpensAt: r.challenge.checkInOpensAt,
          checkInClosesAt: r.challenge.checkInClosesAt,
        },
        rounds: r.challenge.rounds.map((round) => {
          const t = round.tables[0];
          return {
            number: round.number,
            status: round.status,
            startsAt: round.startsAt,
            hardStopAt: round.hardStopAt,
            byes: (round.byes ?? []) as string[],
            mine: t ? { tableId: t.id, index: t.index, seat: t.seats[0].seat, status: t.status, result: (t.result ?? null) as SeatResult[] | null, gameId: t.games[0]?.id ?? null } : null,
          };
        }),
      }),
    );
    return { userId, registrations, house: house.map((h) => ({ tableId: h.table.id, status: h.table.status === 'playing' ? 'playing' : 'open' })), workoutsOwed };
  }

  /** The city of my most recent registration (any status), for "my city's next challenge"; null before any. */
  async myCity(userId: string): Promise<string | null> {
    const r = await this.prisma.registration.findFirst({ where: { userId }, orderBy: { createdAt: 'desc' }, select: { challenge: { select: { cityId: true } } } });
    return r?.challenge.cityId ?? null;
  }
}

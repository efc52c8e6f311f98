/** The challenges a simulation plays: created checked in, in one insert each (scripts/simulate.ts, scripts/lib/simulate-cities.ts). */
import { PrismaService } from '@dcs/common';
import type { Prisma } from '@dcs/db';

/** The fields of a challenge starting now with `users` registered and checked in, no break between rounds (a season's `week`: in its season). */
function checkedInChallengeData(users: { id: string }[], now: Date, week?: { seasonId: string; week: number; localDate: string }) {
  return {
    localDate: now.toISOString().slice(0, 10),
    ...week,
    startsAt: now,
    registrationOpensAt: now,
    checkInOpensAt: now,
    checkInClosesAt: now,
    status: 'check_in_closed' as const,
    prizePoolCents: 100_000,
    prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 },
    breakSeconds: 0,
    registrations: { createMany: { data: users.map((u, i) => ({ userId: u.id, status: 'registered' as const, position: i + 1, checkedInAt: now })) } },
  };
}

/**
 * A challenge starting now with `users` registered and checked in, in a city that exists (a season's week). With its registrations in
 * the same insert: the worker's schedule sweep, which may start the challenge as soon as it exists, never sees it without its players.
 */
export function createCheckedInChallenge(prisma: PrismaService, cityId: string, users: { id: string }[], now: Date, week?: { seasonId: string; week: number; localDate: string }) {
  return prisma.challenge.create({ data: { cityId, ...checkedInChallengeData(users, now, week) } });
}

/**
 * A new city with its challenge starting now (`users` registered and checked in), in one insert. The worker's schedule sweep adds
 * every city's coming weekly challenges (ON CONFLICT DO NOTHING): had it seen the city first — from Friday evening to Saturday, when
 * the city's coming Saturday is today's date — it would have made today's weekly challenge, and this one would collide with it.
 */
export async function createCityWithCheckedInChallenge(prisma: PrismaService, city: Omit<Prisma.CityCreateInput, 'challenges'>, users: { id: string }[], now: Date) {
  const created = await prisma.city.create({ data: { ...city, challenges: { create: checkedInChallengeData(users, now) } }, include: { challenges: { select: { id: true } } } });
  return { city: created, challenge: created.challenges[0] };
}

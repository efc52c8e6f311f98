import { PrismaService } from '@dcs/common';
import { GameStore } from '@dcs/tournament';
import { TestApi } from './api';

export interface SeatedPlayer {
  id: string;
  token: string;
  seat: number;
}

/**
 * A city, a running challenge with one round and one table of `n` seated players, and its game dealt.
 * `turnMs` is the challenge's clock length, stored with the challenge before the game exists: a worker's
 * recovery sweep (at start-up and every minute) queues the clock of every game being played, so a
 * clock changed after the game was dealt could be queued (and cached) with the old length first.
 * `users`: the people to seat first, in seat order (fresh accounts fill the other seats).
 */
export async function tableWithGame(api: TestApi, n = 4, opts: { turnMs?: number; users?: { id: string; token: string }[] } = {}): Promise<{ tableId: string; gameId: string; players: SeatedPlayer[] }> {
  const prisma = api.app.get(PrismaService);
  const games = api.app.get(GameStore);
  const users = [...(opts.users ?? [])];
  while (users.length < n) users.push(await api.user());
  const slug = `fx-${Math.random().toString(36).slice(2, 10)}`;
  const city = await prisma.city.create({ data: { name: 'Fixture City', slug, timeZone: 'America/New_York', region: 'south', tier: 'T1' } });
  const t = new Date();
  const challenge = await prisma.challenge.create({
    data: {
      cityId: city.id,
      localDate: '2027-01-02',
      startsAt: t,
      registrationOpensAt: t,
      checkInOpensAt: t,
      checkInClosesAt: t,
      status: 'running',
      prizePoolCents: 50000,
      prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 },
      ...(opts.turnMs !== undefined ? { turnMs: opts.turnMs } : {}),
    },
  });
  const round = await prisma.round.create({ data: { challengeId: challenge.id, number: 1, status: 'running', startsAt: t } });
  const table = await prisma.challengeTable.create({ data: { challengeId: challenge.id, roundId: round.id, index: 0, status: 'playing' } });
  await prisma.tableSeat.createMany({ data: users.map((u, seat) => ({ tableId: table.id, seat, userId: u.id, seed: seat + 1 })) });
  const game = await prisma.$transaction((tx) => games.deal(tx, { kind: 'challenge', id: table.id }, { ruleset: 'dcs-tournament', players: n }));
  return { tableId: table.id, gameId: game.id, players: users.map((u, seat) => ({ id: u.id, token: u.token, seat })) };
}

/**
 * SPEC 7: a director acts only in the cities an admin assigned them. Fixtures that make a director
 * act in a fixture's city assign it here (a setup step, as an admin would over the API).
 */
export async function directCity(api: TestApi, directorId: string, cityOrChallengeOrTable: { cityId?: string; challengeId?: string; tableId?: string }): Promise<string> {
  const prisma = api.app.get(PrismaService);
  let cityId = cityOrChallengeOrTable.cityId;
  if (!cityId && cityOrChallengeOrTable.challengeId) cityId = (await prisma.challenge.findUniqueOrThrow({ where: { id: cityOrChallengeOrTable.challengeId } })).cityId;
  if (!cityId && cityOrChallengeOrTable.tableId) {
    cityId = (await prisma.challengeTable.findUniqueOrThrow({ where: { id: cityOrChallengeOrTable.tableId }, select: { challenge: { select: { cityId: true } } } })).challenge.cityId;
  }
  if (!cityId) throw new Error('directCity: give a cityId, challengeId or tableId');
  await prisma.directorCity.createMany({ data: [{ userId: directorId, cityId }], skipDuplicates: true });
  return cityId;
}

/** Gives an account staff roles (competitor kept) straight in the database: a setup step, as an admin would over the API. */
export async function grantRoles(api: TestApi, userId: string, roles: ('director' | 'reviewer' | 'admin')[]): Promise<void> {
  await api.app.get(PrismaService).user.update({ where: { id: userId }, data: { roles: ['competitor', ...roles] } });
}

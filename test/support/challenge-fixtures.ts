import type { PrismaClient } from '@dcs/db';
import type { GameState } from '@dcs/engine';

export interface ChallengeFixture {
  challengeId: string;
  cityId: string;
  players: string[];
}

let n = 0;

/**
 * A city and a challenge whose check-in has closed, with `checkedIn` players registered and
 * checked in, plus `noShows` registered who did not check in. Users are inserted directly
 * (no password hashing) to keep large brackets fast.
 *
 * The test plays the 12:00 job itself (`ChallengeFlowService.start`). The challenge's own
 * start is an hour away, so a worker running in the same suite (whose schedule sweep queues
 * the start timer of every challenge not yet started) cannot start or cancel it first,
 * half-built or not.
 */
export async function challengeWithPlayers(
  prisma: PrismaClient,
  opts: { checkedIn: number; noShows?: number; roundSeconds?: number; breakSeconds?: number; tier?: 'T1' | 'T2' | 'T3' },
): Promise<ChallengeFixture> {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  const city = await prisma.city.create({ data: { name: `Flow City ${tag}`, slug: `flow-${tag}`, timeZone: 'America/New_York', region: 'south', tier: opts.tier ?? 'T1' } });
  const t = new Date();
  const startsAt = new Date(t.getTime() + 3_600_000);
  const pool = { T1: 50_000, T2: 100_000, T3: 200_000 }[opts.tier ?? 'T1'];
  const challenge = await prisma.challenge.create({
    data: {
      cityId: city.id,
      localDate: '2027-01-02',
      startsAt,
      registrationOpensAt: new Date(t.getTime() - 86_400_000),
      checkInOpensAt: new Date(t.getTime() - 3_600_000),
      checkInClosesAt: new Date(t.getTime() - 300_000),
      status: 'check_in_closed',
      prizePoolCents: pool,
      prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 },
      roundSeconds: opts.roundSeconds ?? 1800,
      breakSeconds: opts.breakSeconds ?? 0,
    },
  });
  const total = opts.checkedIn + (opts.noShows ?? 0);
  const users = Array.from({ length: total }, (_, i) => ({
    email: `p${i}-${tag}@flow.test`,
    passwordHash: 'not-a-login',
    displayName: `Flow ${i + 1}`,
  }));
  await prisma.user.createMany({ data: users });
  const rows = await prisma.user.findMany({ where: { email: { endsWith: `-${tag}@flow.test` } }, select: { id: true, email: true } });
  const byIndex = rows.sort((a, b) => Number(a.email.slice(1, a.email.indexOf('-'))) - Number(b.email.slice(1, b.email.indexOf('-'))));
  await prisma.registration.createMany({
    data: byIndex.map((u, i) => ({
      challengeId: challenge.id,
      userId: u.id,
      status: 'registered' as const,
      position: i + 1,
      checkedInAt: i < opts.checkedIn ? t : null,
    })),
  });
  return { challengeId: challenge.id, cityId: city.id, players: byIndex.slice(0, opts.checkedIn).map((u) => u.id) };
}

/**
 * Writes the scores a game will be decided by at the round's hard stop (the current hand's start
 * scores too, since the hard stop voids the hand in progress), everyone on the board.
 */
export async function scoresAtHardStop(prisma: PrismaClient, game: { id: string; state: unknown }, scores: (seat: number) => number): Promise<void> {
  const st = game.state as GameState;
  st.scores = st.scores.map((_, i) => scores(i));
  st.onBoard = st.onBoard.map(() => true);
  const hand = st.hands[st.hands.length - 1];
  hand.startScores = [...st.scores];
  hand.startOnBoard = [...st.onBoard];
  await prisma.game.update({ where: { id: game.id }, data: { state: st as object } });
}

/**
 * A simulated season for the browser journeys and bench:web: a new city, `players` players and a
 * 12-week season whose first `weeksPlayed` weekly challenges are completed, each with one
 * placement per player (500 / 350 / 200 ×2 / 100 ×4 / 50 ×8 / 25 for the rest, SPEC 4). The
 * weekly order is a fixed pseudo-random draw biased by strength (player 1 strongest), so the top
 * clinches, the bottom is eliminated and ties are broken by the chain. Facts only, as in
 * test/season.e2e-spec.ts; the API computes and stores the standings on first read.
 */
import type { PrismaClient } from '@dcs/db';
import type { CreatedSeason, SeasonRequest } from './control-types';

const SLOTS: [string, number][] = [['1', 500], ['2', 350], ['3-4', 200], ['3-4', 200], ['5-8', 100], ['5-8', 100], ['5-8', 100], ['5-8', 100], ...Array.from({ length: 8 }, (): [string, number] => ['9-16', 50])];

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedSeason(prisma: PrismaClient, req: SeasonRequest, namePrefix = 'Season'): Promise<CreatedSeason> {
  const tag = Date.now().toString(36) + Math.floor(Math.random() * 1e6).toString(36);
  const city = await prisma.city.create({ data: { name: `Standings City ${tag.slice(-4)}`, slug: `standings-${tag}`, timeZone: 'America/New_York', region: 'south', tier: 'T1' } });
  const season = await prisma.season.create({ data: { cityId: city.id, number: 1, startDate: '2027-01-02', challenges: 12, status: 'active' } });
  const emails = Array.from({ length: req.players }, (_, i) => `${i}-${tag}@season.browser`);
  for (let i = 0; i < emails.length; i += 5000) {
    await prisma.user.createMany({ data: emails.slice(i, i + 5000).map((email) => ({ email, passwordHash: 'x', displayName: `${namePrefix} ${parseInt(email, 10) + 1}` })) });
  }
  const rows = await prisma.user.findMany({ where: { email: { endsWith: `-${tag}@season.browser` } }, select: { id: true, email: true } });
  const ids = rows.sort((a, b) => parseInt(a.email, 10) - parseInt(b.email, 10)).map((r) => r.id);
  const random = rng(12);
  for (let w = 0; w < req.weeksPlayed; w++) {
    const date = new Date(Date.parse('2027-01-02T12:00:00Z') + w * 7 * 86_400_000);
    const ch = await prisma.challenge.create({
      data: {
        cityId: city.id, seasonId: season.id, week: w + 1, localDate: date.toISOString().slice(0, 10), startsAt: date, registrationOpensAt: date, checkInOpensAt: date, checkInClosesAt: date,
        status: 'completed', prizePoolCents: 0, prizeSplit: {}, completedAt: date,
      },
    });
    // Strength: lower index, better odds; the noise makes the middle change places week to week.
    const order = ids.map((id, i) => ({ id, key: i / ids.length + random() * 0.35 })).sort((a, b) => a.key - b.key);
    const data = order.map(({ id }, place) => {
      const [placement, rankingPoints] = SLOTS[place] ?? ['participation', 25];
      return { challengeId: ch.id, userId: id, placement, rankingPoints, prizeCents: 0 };
    });
    for (let i = 0; i < data.length; i += 5000) await prisma.placement.createMany({ data: data.slice(i, i + 5000) });
  }
  return { cityId: city.id, seasonId: season.id, players: ids };
}

/**
 * Demo data for a developer machine: a city with a season and demo accounts.
 * Idempotent (upserts by email and slug); refuses to run with NODE_ENV=production.
 */
import { DateTime } from 'luxon';
import { PrismaPg } from '@prisma/adapter-pg';
import type { PrismaService } from '@dcs/common';
import { hashPassword } from '../libs/common/src/crypto/password';
import { WalletRepository } from '../libs/tournament/src/ledger/wallet.repository';
import { PrismaClient, Role } from './generated/client/client';
import { displayNameSkeleton } from '../libs/tournament/src/accounts/display-name';

export const DEMO_PASSWORD = 'dominoes-demo-2026';
export const DEMO_CITY_SLUG = 'demo-atlanta';

export async function seed(prisma: PrismaClient): Promise<{ cityId: string; seasonId: string; users: number }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const staff: { email: string; displayName: string; roles: Role[] }[] = [
    { email: 'admin@demo.dcs', displayName: 'Demo Admin', roles: ['competitor', 'admin'] },
    { email: 'director@demo.dcs', displayName: 'Demo Director', roles: ['competitor', 'director'] },
    { email: 'reviewer@demo.dcs', displayName: 'Demo Reviewer', roles: ['competitor', 'reviewer'] },
    // A second board member: an appeal must be decided by a reviewer independent of the case (SPEC 5).
    { email: 'reviewer2@demo.dcs', displayName: 'Demo Reviewer 2', roles: ['competitor', 'reviewer'] },
  ];
  const players = Array.from({ length: 32 }, (_, i) => ({
    email: `player${String(i + 1).padStart(2, '0')}@demo.dcs`,
    displayName: `Demo Player ${i + 1}`,
    roles: ['competitor'] as Role[],
  }));
  // Demo accounts are funded at once: the welcome grant a real account earns by playing (SPEC 7 Decision)
  // is posted the way the product posts it, once per account (its dedupe keys), so reseeding adds nothing.
  const wallets = new WalletRepository(prisma as unknown as PrismaService);
  for (const u of [...staff, ...players]) {
    const user = await prisma.user.upsert({ where: { email: u.email }, update: {}, create: { ...u, passwordHash, nameSkeleton: displayNameSkeleton(u.displayName) } });
    await prisma.$transaction((tx) => wallets.grantWelcome(tx, user.id, 'welcome grant (demo account)'));
  }
  const city = await prisma.city.upsert({
    where: { slug: DEMO_CITY_SLUG },
    update: {},
    create: { name: 'Atlanta (demo)', slug: DEMO_CITY_SLUG, timeZone: 'America/New_York', region: 'south', tier: 'T2' },
  });
  // SPEC 7: the demo director directs the demo city (as an admin would assign it; audited once).
  const director = await prisma.user.findUniqueOrThrow({ where: { email: 'director@demo.dcs' } });
  const admin = await prisma.user.findUniqueOrThrow({ where: { email: 'admin@demo.dcs' } });
  const assigned = await prisma.directorCity.createMany({ data: [{ userId: director.id, cityId: city.id, assignedById: admin.id }], skipDuplicates: true });
  if (assigned.count) {
    await prisma.auditLog.create({ data: { actorId: admin.id, action: 'director.city.assigned', entityType: 'user', entityId: director.id, reason: 'demo data for a developer machine', data: { cityId: city.id } } });
  }
  let season = await prisma.season.findFirst({ where: { cityId: city.id }, orderBy: { number: 'desc' } });
  if (!season) {
    // The season starts on the coming Saturday, local to the city.
    const today = DateTime.now().setZone(city.timeZone).startOf('day');
    const saturday = today.plus({ days: (6 - today.weekday + 7) % 7 });
    season = await prisma.season.create({ data: { cityId: city.id, number: 1, startDate: saturday.toISODate()!, status: 'active' } });
    await prisma.auditLog.create({ data: { action: 'demo.seeded', entityType: 'city', entityId: city.id, reason: 'demo data for a developer machine', data: { seasonId: season.id } } });
  }
  return { cityId: city.id, seasonId: season.id, users: staff.length + players.length };
}

if (require.main === module) {
  if (process.env.NODE_ENV === 'production') {
    console.error('refusing to seed demo accounts with NODE_ENV=production');
    process.exit(1);
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/dcs' }) });
  seed(prisma)
    .then((r) => {
      console.log(`demo city ${DEMO_CITY_SLUG} (${r.cityId}) with season ${r.seasonId}; ${r.users} demo accounts`);
      console.log(`  sign in as admin@demo.dcs, director@demo.dcs, reviewer@demo.dcs, reviewer2@demo.dcs or player01..32@demo.dcs, password ${DEMO_PASSWORD}`);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(() => void prisma.$disconnect());
}

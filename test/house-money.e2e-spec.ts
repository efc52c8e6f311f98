import fc from 'fast-check';
import { PrismaService } from '@dcs/common';
import { currentHand } from '@dcs/engine';
import { GameMoveService, HouseService, TurnClockService } from '@dcs/tournament';
import { startApi, storedGame, TestApi } from './support/api';
import { createTestEnv, TestEnv } from './support/test-env';

/**
 * SPEC 8.2 property: whatever sequence of tables is played (stakes, computers, forfeits, run-outs
 * with fines, retried settlements, admin corrections, refused joins), no money is created or lost:
 * every balance is the sum of its entries and never negative, holds are all released, what people
 * pay each other sums to zero, and the whole sum is the grants plus corrections plus what went to or
 * came from the house (fines, debt payments, the Clock Jar, expunged fines, a computer's side of a payment).
 */
describe('house money is never created or lost (property, real PostgreSQL)', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let house: HouseService;
  let clock: TurnClockService;
  let mover: GameMoveService;
  const users: string[] = [];

  beforeAll(async () => {
    env = await createTestEnv('house_money');
    api = await startApi(env, env.config({ HOUSE_BOT_THINK_PERMILLE: '0' }));
    prisma = api.app.get(PrismaService);
    house = api.app.get(HouseService);
    clock = api.app.get(TurnClockService);
    mover = api.app.get(GameMoveService);
    for (let i = 0; i < 5; i++) {
      const u = await api.user();
      await house.confirmAdult(u.id);
      await house.grantWelcome(u.id); // the grant a new account earns by playing (SPEC 7 Decision)
      users.push(u.id);
    }
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  const ignoreRefusal = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      if (!(err as { code?: string }).code) throw err;
    }
  };

  const table = fc.record({
    ruleset: fc.constantFrom('citizen' as const, 'inmate' as const),
    seats: fc.integer({ min: 2, max: 4 }),
    computers: fc.integer({ min: 0, max: 2 }),
    stake: fc.integer({ min: 1, max: 3_000 }),
    finePart: fc.double({ min: 0, max: 1, noNaN: true }),
    host: fc.nat(4),
    runOuts: fc.array(fc.boolean(), { maxLength: 4 }),
    settleRetries: fc.nat(2),
    correction: fc.option(fc.record({ who: fc.nat(4), amount: fc.integer({ min: -500, max: 500 }) }), { nil: undefined }),
  });

  it('random sequences of stake tables conserve money', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(table, { minLength: 1, maxLength: 3 }), async (tables) => {
        for (const t of tables) {
          const computers = Math.min(t.computers, t.seats - 1);
          const stake = t.ruleset === 'inmate' ? Math.min(t.stake, 100) : t.stake;
          const host = users[t.host];
          let opened: { id: string } | null = null;
          try {
            opened = await house.open(host, { ruleset: t.ruleset, seats: t.seats, purpose: 'stake', stake, ticketFine: Math.floor(stake * t.finePart), computers: Array(computers).fill('medium') });
          } catch (err) {
            if (!(err as { code?: string }).code) throw err;
            continue;
          }
          for (const u of users) {
            const cur = await house.get(opened.id);
            if (cur.status !== 'open') break;
            if (u !== host) await ignoreRefusal(house.join(u, opened.id));
          }
          let cur = await house.get(opened.id);
          if (cur.status === 'open') {
            await house.leave(host, opened.id); // the host closes a table that never filled
            continue;
          }
          const gameId = cur.currentGameId!;
          for (const r of t.runOuts) {
            const g = await prisma.game.findUniqueOrThrow({ where: { id: gameId } });
            if (g.status !== 'playing' || !r) continue;
            const attempt = await prisma.gameTimeout.count({ where: { gameId, version: g.version } });
            await clock.tick(gameId, g.version, attempt, new Date(Date.now() + 3_600_000));
          }
          // End the game: every seat but the one on turn forfeits (people through the API's service, computers as the system).
          for (let i = 0; i < 4; i++) {
            const g = await storedGame(api.app, gameId);
            if (g.status !== 'playing') break;
            const state = g.state;
            const turn = currentHand(state)?.turn ?? 0;
            const seat = [0, 1, 2, 3].find((s) => s < state.config.players && s !== turn && !state.forfeited[s])!;
            const who = cur.seatsTaken.find((s) => s.seat === seat)!;
            if (who.userId) await house.forfeit(who.userId, opened.id);
            else await mover.move(gameId, { system: true, seat }, { version: g.version, type: 'forfeit' });
          }
          for (let i = 0; i < t.settleRetries; i++) await house.settle(gameId);
          cur = await house.get(opened.id);
          expect(cur.status).toBe('finished');
          if (t.correction) {
            const admin = users[0];
            await ignoreRefusal(house.correct(admin, users[t.correction.who], { currency: 'DD', amount: t.correction.amount || 1, reason: 'property test', requestId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` }));
          }
        }
        await checkBooks();
      }),
      { numRuns: 12 },
    );
  }, 600_000);

  async function checkBooks(): Promise<void> {
    // Every balance is the sum of its entries, and not negative.
    const wallets = await env.sql<{ user_id: string; currency: string; balance: number; owed: number; sum: string; owed_sum: string }>(`
      SELECT w.user_id, w.currency, w.balance, w.owed, COALESCE(sum(e.amount), 0) AS sum, COALESCE(sum(e.owed_change), 0) AS owed_sum
      FROM wallets w LEFT JOIN wallet_entries e ON e.user_id = w.user_id AND e.currency = w.currency GROUP BY w.user_id, w.currency, w.balance, w.owed`);
    for (const w of wallets) {
      expect(w.balance).toBe(Number(w.sum));
      expect(w.owed).toBe(Number(w.owed_sum));
      expect(w.balance).toBeGreaterThanOrEqual(0);
    }
    const byKind = Object.fromEntries(
      (await env.sql<{ currency: string; kind: string; s: string }>(`SELECT currency, kind, sum(amount) AS s FROM wallet_entries GROUP BY currency, kind`)).map((r) => [`${r.currency}:${r.kind}`, Number(r.s)]),
    );
    const k = (c: string, kind: string) => byKind[`${c}:${kind}`] ?? 0;
    for (const c of ['DD', 'soups']) {
      // Holds of finished games are all released (no table is left playing here).
      expect(k(c, 'hold') + k(c, 'release')).toBe(0);
      // What people paid each other nets to zero, except a computer's side (the house).
      const houseSide = (await env.sql<{ s: string }>(`SELECT COALESCE(sum((s.result->>'house')::int), 0) AS s FROM house_settlements s JOIN house_tables t ON t.id = s.table_id WHERE t.currency = $1`, [c]))[0].s;
      expect(k(c, 'settlement')).toBe(0 - Number(houseSide));
      // So the money held by people is the grants and corrections plus what the house took or paid.
      const held = wallets.filter((w) => w.currency === c).reduce((a, w) => a + w.balance, 0);
      const houseFlows = k(c, 'fine') + k(c, 'debt_payment') + k(c, 'jar_payout') + k(c, 'expunged_fine') - Number(houseSide);
      expect(held).toBe(k(c, 'grant') + k(c, 'correction') + houseFlows);
    }
  }
});

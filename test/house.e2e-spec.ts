import { INestApplicationContext } from '@nestjs/common';
import { AppConfig, Clock, PrismaService } from '@dcs/common';
import { createBot, currentHand } from '@dcs/engine';
import { GameMoveService, HouseBotService, HouseService, TurnClockService } from '@dcs/tournament';
import { tableWithGame } from './support/fixtures';
import { FAR, moveBody, seedComputerTurn } from './support/house';
import { createWorker } from '../apps/worker/src/setup';
import { startApi, storedGame, TestApi } from './support/api';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';

type Player = { id: string; token: string };
const DAY = 86_400_000;

describe('house tables (SPEC 8): tables, wallets, settlement, run-outs, court, the Clock Jar', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let house: HouseService;
  let clock: TurnClockService;
  let mover: GameMoveService;
  const greedy = createBot('greedy');

  beforeAll(async () => {
    env = await createTestEnv('house');
    api = await startApi(env, env.config({ HOUSE_BOT_THINK_PERMILLE: '0' }));
    prisma = api.app.get(PrismaService);
    house = api.app.get(HouseService);
    clock = api.app.get(TurnClockService);
    mover = api.app.get(GameMoveService);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await api.close();
    await env.drop();
  });

  /** A registered player whose welcome grant has been paid, as the settlement pays it once earned (SPEC 7 Decision: a new account's grant is held until it has played). */
  const user = async (opts?: Parameters<TestApi['user']>[0]) => {
    const u = await api.user(opts);
    await house.grantWelcome(u.id);
    return u;
  };
  const auth = (p: Player) => ({ Authorization: `Bearer ${p.token}` });
  const adult = async (p: Player) => (await api.http().post('/api/me/adult-confirmation').set(auth(p)).send({ adult: true })).body as { adultConfirmedAt: string };
  const wallet = async (p: Player) => (await api.http().get('/api/me/wallet').set(auth(p)).expect(200)).body as { balances: { currency: string; balance: number; owed: number }[]; court: string | null; openTickets: number; felonies: number };
  const balance = async (p: Player, currency = 'DD') => (await wallet(p)).balances.find((b) => b.currency === currency)!;
  const open = (p: Player, body: Record<string, unknown>) => api.http().post('/api/house/tables').set(auth(p)).send(body);
  const gameOf = async (gameId: string) => {
    const g = await storedGame(api.app, gameId);
    return { version: g.version, status: g.status, state: g.state };
  };
  const seatOnTurn = async (gameId: string) => currentHand((await gameOf(gameId)).state)?.turn ?? null;
  /** A clock run-out of the seat on turn, as the worker's clock job would record it (its time comes as an argument). */
  const runOut = async (gameId: string) => {
    const g = await gameOf(gameId);
    const attempt = await prisma.gameTimeout.count({ where: { gameId, version: g.version } });
    return clock.tick(gameId, g.version, attempt, FAR());
  };
  /**
   * A computer seat's clock run-out. SPEC 8.6: a computer runs out only when its seeded generator says so, so the
   * fixture first gives the table a seed whose draw runs out on this turn (the test's own choice of seed).
   */
  const computerRunOut = async (tableId: string, gameId: string) => {
    const g = await gameOf(gameId);
    const attempt = await prisma.gameTimeout.count({ where: { gameId, version: g.version } });
    const level = (await prisma.houseSeat.findUniqueOrThrow({ where: { tableId_seat: { tableId, seat: currentHand(g.state)!.turn! } } })).botLevel!;
    await seedComputerTurn(prisma, tableId, gameId, { version: g.version, attempt, level }, true);
    return clock.tick(gameId, g.version, attempt, FAR());
  };
  /** Plays the game to its end: people through POST /games/:id/actions, computer seats through the one move service as the worker does. */
  const playOut = async (gameId: string, people: Map<number, Player>) => {
    for (let i = 0; i < 2000; i++) {
      const g = await gameOf(gameId);
      if (g.status === 'finished') return g;
      const seat = currentHand(g.state)!.turn!;
      const a = greedy.choose(g.state, seat);
      const body = moveBody(g.version, a);
      const p = people.get(seat);
      if (p) await api.http().post(`/api/games/${gameId}/actions`).set(auth(p)).send(body).expect(200);
      else await mover.move(gameId, { system: true, seat }, body);
    }
    throw new Error('the game did not end');
  };
  const forfeitSeat = (gameId: string, seat: number, version: number) => mover.move(gameId, { system: true, seat }, { version, type: 'forfeit' });

  it('refuses bad tables with clear codes and changes nothing', async () => {
    const a = await user();
    const before = await balance(a);
    expect((await open(a, { ruleset: 'citizen', seats: 2, purpose: 'friendly', settings: { getOn: 25 } }).expect(422)).body.code).toBe('INVALID_SETTINGS');
    expect((await open(a, { ruleset: 'mook-camp-fitness', seats: 2, purpose: 'friendly' }).expect(422)).body.code).toBe('INVALID_SETTINGS');
    expect((await open(a, { ruleset: 'citizen', seats: 2, purpose: 'stake', stake: 100 }).expect(403)).body.code).toBe('ADULT_CONFIRMATION_REQUIRED');
    await adult(a);
    expect((await open(a, { ruleset: 'citizen', seats: 2, purpose: 'stake', stake: 10_001 }).expect(422)).body.code).toBe('STAKE_TOO_HIGH');
    expect((await open(a, { ruleset: 'citizen', seats: 2, purpose: 'stake', stake: 100, ticketFine: 101 }).expect(422)).body.code).toBe('INVALID_SETTINGS');
    expect((await open(a, { ruleset: 'citizen', seats: 3, partners: true, purpose: 'friendly' }).expect(422)).body.code).toBe('INVALID_SETTINGS');
    expect((await open(a, { ruleset: 'citizen', seats: 2, purpose: 'friendly', bogus: 1 }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect(await prisma.houseTable.count({ where: { hostId: a.id } })).toBe(0);
    expect(await balance(a)).toEqual(before);
    expect(before).toEqual({ currency: 'DD', balance: 10_000, owed: 0 });
  });

  it('a cash table: holds 2 × stake at the deal, one seat per person, lobby and invitation code; a forfeit pays as skunked (double) and releases the rest', async () => {
    const [a, b, c] = [await user(), await user(), await user()];
    await adult(a);
    const t = (await open(a, { ruleset: 'citizen', seats: 2, purpose: 'stake', stake: 300, ticketFine: 50, listed: true }).expect(201)).body;
    expect(t).toMatchObject({ status: 'open', currency: 'DD', stake: 300, ticketFine: 50 });
    expect(t.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    const lobby = (await api.http().get('/api/house/tables?limit=100').set(auth(b)).expect(200)).body;
    expect(lobby.items.map((x: { id: string }) => x.id)).toContain(t.id);
    expect(lobby.items.find((x: { id: string }) => x.id === t.id).inviteCode).toBeNull();
    expect((await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(a)).send({}).expect(409)).body.code).toBe('ALREADY_SEATED');
    expect((await api.http().post('/api/house/join').set(auth(b)).send({ code: t.inviteCode }).expect(403)).body.code).toBe('ADULT_CONFIRMATION_REQUIRED');
    await adult(b);
    const dealt = (await api.http().post('/api/house/join').set(auth(b)).send({ code: t.inviteCode }).expect(200)).body;
    expect(dealt.status).toBe('playing');
    expect(dealt.seatsTaken.map((s: { clockMs: number }) => s.clockMs)).toEqual([20_000, 20_000]);
    expect(await balance(a)).toEqual({ currency: 'DD', balance: 9_400, owed: 0 });
    expect(await balance(b)).toEqual({ currency: 'DD', balance: 9_400, owed: 0 });
    await adult(c);
    expect((await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(c)).send({}).expect(409)).body.code).toBe('TABLE_NOT_OPEN');
    // The game is played through the same paths as every game.
    const view = (await api.http().get(`/api/games/${dealt.gameId}/view`).set(auth(b)).expect(200)).body;
    expect(view.seat).toBe(1);
    expect(view.view.hands?.[0] ?? null).not.toEqual(expect.arrayContaining(['never']));
    await api.http().post(`/api/house/tables/${t.id}/forfeit`).set(auth(b)).send({}).expect(200);
    const settled = await api.http().get(`/api/house/tables/${t.id}`).set(auth(a)).expect(200);
    expect(settled.body.status).toBe('finished');
    expect(await balance(a)).toEqual({ currency: 'DD', balance: 10_600, owed: 0 });
    expect(await balance(b)).toEqual({ currency: 'DD', balance: 9_400, owed: 0 });
    // Settling again changes nothing.
    expect(await house.settle(dealt.gameId)).toBe('noop');
    const ledger = (await api.http().get('/api/me/wallet/ledger?currency=DD').set(auth(b)).expect(200)).body;
    expect(ledger.items.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['settlement', -600],
      ['release', 600],
      ['hold', -600],
      ['grant', 10_000],
    ]);
  });

  it('a cash table played out settles per the final scores: the stake, or double for a skunk', async () => {
    const [a, b] = [await user(), await user()];
    await adult(a);
    await adult(b);
    const t = (await open(a, { ruleset: 'citizen', seats: 2, purpose: 'stake', stake: 100 }).expect(201)).body;
    const dealt = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(b)).send({}).expect(200)).body;
    const end = await playOut(dealt.gameId, new Map([[0, a], [1, b]]));
    const winner = end.state.winner!;
    const loserScore = end.state.scores[1 - winner];
    const owed = loserScore < 80 ? 200 : 100;
    await eventually(async () => (await prisma.houseSettlement.count({ where: { gameId: dealt.gameId } })) === 1, 10_000, 'the settlement');
    const [w, l] = winner === 0 ? [a, b] : [b, a];
    expect((await balance(w)).balance).toBe(10_000 + owed);
    expect((await balance(l)).balance).toBe(10_000 - owed);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: w.id } })).stakeWins).toBe(1);
    // The loser's ledger names the seats as the table page does (seat 1 is the host's).
    const entry = await prisma.walletEntry.findFirstOrThrow({ where: { userId: l.id, kind: 'settlement', gameId: dealt.gameId } });
    expect(entry.reason).toBe(`seat ${2 - winner} → seat ${winner + 1}: ${owed}${owed === 200 ? ' (skunk)' : ''}`);
  });

  it('partners: each losing seat pays the next seat, double when its team is skunked', async () => {
    const ps = [await user(), await user(), await user(), await user()];
    for (const p of ps) await adult(p);
    const t = (await open(ps[0], { ruleset: 'citizen', seats: 4, partners: true, purpose: 'stake', stake: 10 }).expect(201)).body;
    let dealt = t;
    for (const p of ps.slice(1)) dealt = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(p)).send({}).expect(200)).body;
    const g = await gameOf(dealt.gameId);
    // Seats 1 and 3 forfeit: 0 and 2 win; seat 1 pays seat 2, seat 3 pays seat 0, each double (forfeit = skunk).
    await forfeitSeat(dealt.gameId, 1, g.version);
    await forfeitSeat(dealt.gameId, 3, g.version + 1);
    await eventually(async () => (await prisma.houseSettlement.count({ where: { gameId: dealt.gameId } })) === 1, 10_000, 'the settlement');
    expect((await Promise.all(ps.map((p) => balance(p)))).map((x) => x.balance)).toEqual([10_020, 9_980, 10_020, 9_980]);
  });

  it('a canteen table fines its ticket in soups and puts the player in municipal court; court clocks apply at the next house table', async () => {
    const [a, b] = [await user(), await user()];
    await adult(a);
    await adult(b);
    const t = (await open(a, { ruleset: 'inmate', seats: 2, purpose: 'stake', stake: 10, ticketFine: 4 }).expect(201)).body;
    const dealt = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(b)).send({}).expect(200)).body;
    expect(await balance(a, 'soups')).toEqual({ currency: 'soups', balance: 80, owed: 0 });
    const sleeper = (await seatOnTurn(dealt.gameId))!;
    const p = sleeper === 0 ? a : b;
    expect(await runOut(dealt.gameId)).toBe('ticket');
    expect(await balance(p, 'soups')).toEqual({ currency: 'soups', balance: 76, owed: 0 });
    const file = (await api.http().get('/api/me/file').set(auth(p)).expect(200)).body;
    expect(file).toEqual([expect.objectContaining({ kind: 'ticket', fine: 4, currency: 'soups', open: true, gameId: dealt.gameId, seat: sleeper })]);
    expect(await wallet(p)).toMatchObject({ court: 'municipal', openTickets: 1 });
    // The turn was not skipped.
    expect(await seatOnTurn(dealt.gameId)).toBe(sleeper);
    // The next table: the court clock (9 s) overrides the host's and the level's.
    const other = await user();
    const t2 = (await open(other, { ruleset: 'mook-camp-fitness', seats: 2, purpose: 'workout', clockMs: 60_000 }).expect(201)).body;
    const d2 = (await api.http().post(`/api/house/tables/${t2.id}/join`).set(auth(p)).send({}).expect(200)).body;
    expect(d2.seatsTaken.map((s: { clockMs: number }) => s.clockMs)).toEqual([60_000, 9_000]);
    expect(d2.courtTable).toBe(true);
    // A reviewer reads the file and the wallet; a competitor may not.
    const reviewer = await user({ roles: ['reviewer'] });
    expect((await api.http().get(`/api/users/${p.id}/file`).set(auth(reviewer)).expect(200)).body).toHaveLength(1);
    expect((await api.http().get(`/api/users/${p.id}/wallet`).set(auth(reviewer)).expect(200)).body.court).toBe('municipal');
    expect((await api.http().get(`/api/users/${p.id}/wallet`).set(auth(other)).expect(403)).body.code).toBe('FORBIDDEN');
  });

  it('a felony and open tickets set the court level: 2 tickets civil, a felony felony court (5 s)', async () => {
    const p = await user();
    await prisma.fileEntry.createMany({
      data: [
        { userId: p.id, kind: 'ticket', dedupeKey: `t1:${p.id}`, expiresAt: new Date(Date.now() + 7 * DAY) },
        { userId: p.id, kind: 'ticket', dedupeKey: `t2:${p.id}`, expiresAt: new Date(Date.now() + 7 * DAY) },
      ],
    });
    expect(await wallet(p)).toMatchObject({ court: 'civil', openTickets: 2 });
    await prisma.fileEntry.create({ data: { userId: p.id, kind: 'felony', tournament: true, dedupeKey: `f1:${p.id}`, expiresAt: new Date(Date.now() + 30 * DAY) } });
    expect(await wallet(p)).toMatchObject({ court: 'felony', felonies: 1 });
    const host = await user();
    const t = (await open(host, { ruleset: 'citizen', seats: 2, purpose: 'friendly' }).expect(201)).body;
    const d = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(p)).send({}).expect(200)).body;
    expect(d.seatsTaken.map((s: { clockMs: number }) => s.clockMs)).toEqual([20_000, 5_000]);
  });

  it("a Mook Camp table: dumbbells become the loser's workout, and five in one turn forfeit", async () => {
    const [a, b] = [await user(), await user()];
    const t = (await open(a, { ruleset: 'mook-camp-fitness', seats: 2, purpose: 'workout', workoutKind: 'reps' }).expect(201)).body;
    const dealt = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(b)).send({}).expect(200)).body;
    expect(dealt.seatsTaken.map((s: { clockMs: number }) => s.clockMs)).toEqual([10_000, 10_000]);
    const sleeper = (await seatOnTurn(dealt.gameId))!;
    const p = sleeper === 0 ? a : b;
    for (let i = 0; i < 4; i++) expect(await runOut(dealt.gameId)).toBe('ticket');
    expect((await gameOf(dealt.gameId)).status).toBe('playing');
    expect(await runOut(dealt.gameId)).toBe('forfeit');
    expect((await gameOf(dealt.gameId)).status).toBe('finished');
    await eventually(async () => (await prisma.houseSettlement.count({ where: { gameId: dealt.gameId } })) === 1, 10_000, 'the settlement');
    const w = (await api.http().get('/api/me/workouts').set(auth(p)).expect(200)).body;
    expect(w.items).toEqual([expect.objectContaining({ gameId: dealt.gameId, kind: 'reps', amount: 25, dumbbells: 5, status: 'owed' })]);
    // Dumbbells cost no money and open no court ticket.
    expect(await wallet(p)).toMatchObject({ court: null, balances: expect.arrayContaining([{ currency: 'DD', balance: 10_000, owed: 0 }]) });
    const done = (await api.http().post(`/api/me/workouts/${w.items[0].id}/close`).set(auth(p)).send({ how: 'done' }).expect(200)).body;
    expect(done.status).toBe('done');
    expect((await api.http().post(`/api/me/workouts/${w.items[0].id}/close`).set(auth(p)).send({ how: 'done' }).expect(409)).body.code).toBe('WORKOUT_CLOSED');
    // The winner owes nothing.
    expect((await api.http().get('/api/me/workouts').set(auth(sleeper === 0 ? b : a)).expect(200)).body.items).toEqual([]);
  });

  /** A table of one person and one computer, dealt; the computer's run-outs (on its turns), then the computer or the person forfeits. */
  const vsComputer = async (p: Player, body: Record<string, unknown>, computerRunOuts: number, personWins: boolean) => {
    const t = (await open(p, { seats: 2, computers: ['medium'], ...body }).expect(201)).body;
    expect(t.status).toBe('playing');
    const gameId = t.gameId as string;
    let done = 0;
    for (let i = 0; i < 400 && done < computerRunOuts; i++) {
      const g = await gameOf(gameId);
      const seat = currentHand(g.state)!.turn!;
      if (seat === 1) {
        await computerRunOut(t.id, gameId);
        done++;
        continue;
      }
      const a = greedy.choose(g.state, seat);
      await api.http().post(`/api/games/${gameId}/actions`).set(auth(p)).send(moveBody(g.version, a)).expect(200);
      if ((await gameOf(gameId)).status === 'finished') break;
    }
    const g = await gameOf(gameId);
    if (g.status === 'playing') await forfeitSeat(gameId, personWins ? 1 : 0, g.version);
    await eventually(async () => (await prisma.houseSettlement.count({ where: { gameId } })) === 1, 10_000, 'the settlement');
    return { tableId: t.id as string, gameId };
  };

  it('the Clock Jar pays a winner each computer run-out\'s fine at a cash table, and nothing to a loser', async () => {
    const p = await user();
    await adult(p);
    await vsComputer(p, { ruleset: 'citizen', purpose: 'stake', stake: 100, ticketFine: 30 }, 2, true);
    // The computer forfeited: it pays as skunked, 200 (the house's side), and the jar pays 2 × 30.
    expect((await balance(p)).balance).toBe(10_260);
    const q = await user();
    await adult(q);
    await vsComputer(q, { ruleset: 'citizen', purpose: 'stake', stake: 100, ticketFine: 30 }, 2, false);
    expect((await balance(q)).balance).toBe(10_000 - 200);
    expect((await api.http().get('/api/me/wallet/ledger?currency=DD').set(auth(q)).expect(200)).body.items.some((e: { kind: string }) => e.kind === 'jar_payout')).toBe(false);
  });

  it("elsewhere the jar pays one Dr.'s excuse a game, at most 3 a week, and not at a court table; an excuse cancels a workout", async () => {
    const p = await user();
    for (let i = 0; i < 4; i++) await vsComputer(p, { ruleset: 'citizen', purpose: 'friendly', clockMs: 20_000 }, 1, true);
    expect((await api.http().get('/api/me/workouts').set(auth(p)).expect(200)).body).toMatchObject({ excusesUnused: 3, excusesThisWeek: 3 });
    // The person's own run-out at a Citizen table is a ticket: they are in court, and the jar no longer counts.
    const q = await user();
    await prisma.fileEntry.create({ data: { userId: q.id, kind: 'ticket', dedupeKey: `court:${q.id}`, expiresAt: new Date(Date.now() + 7 * DAY) } });
    const r = await vsComputer(q, { ruleset: 'citizen', purpose: 'friendly', clockMs: 20_000 }, 1, true);
    expect((await api.http().get(`/api/house/tables/${r.tableId}`).set(auth(q)).expect(200)).body.courtTable).toBe(true);
    expect((await api.http().get('/api/me/workouts').set(auth(q)).expect(200)).body.excusesUnused).toBe(0);
    // A lost Mook Camp game with dumbbells owes a workout; the excuse cancels it.
    const lost = await vsComputerWithDumbbells(p);
    const w = (await api.http().get('/api/me/workouts').set(auth(p)).expect(200)).body.items.find((x: { gameId: string }) => x.gameId === lost);
    expect(w).toMatchObject({ status: 'owed', amount: 5 });
    expect((await api.http().post(`/api/me/workouts/${w.id}/close`).set(auth(p)).send({ how: 'excuse' }).expect(200)).body.status).toBe('excused');
    expect((await api.http().get('/api/me/workouts').set(auth(p)).expect(200)).body.excusesUnused).toBe(2);
  });

  const vsComputerWithDumbbells = async (p: Player): Promise<string> => {
    const t = (await open(p, { ruleset: 'mook-camp-fitness', seats: 2, purpose: 'workout', computers: ['easy'] }).expect(201)).body;
    for (let i = 0; i < 400; i++) {
      const g = await gameOf(t.gameId);
      const seat = currentHand(g.state)!.turn!;
      if (seat === 0) {
        await runOut(t.gameId);
        break;
      }
      const a = greedy.choose(g.state, seat);
      await mover.move(t.gameId, { system: true, seat }, moveBody(g.version, a));
    }
    const g = await gameOf(t.gameId);
    await forfeitSeat(t.gameId, 0, g.version);
    await eventually(async () => (await prisma.houseSettlement.count({ where: { gameId: t.gameId } })) === 1, 10_000, 'the settlement');
    return t.gameId as string;
  };

  it('expunging: a computer run-out at a cash table expunges one open ticket of a player with no run-out there, fine returned, once a game', async () => {
    const p = await user();
    await adult(p);
    // An open Community Service ticket with a 40 DD fine, from an earlier Citizen table.
    const earlier = (await open(p, { ruleset: 'citizen', seats: 2, purpose: 'friendly', computers: ['easy'], clockMs: 20_000 }).expect(201)).body;
    await prisma.fileEntry.create({ data: { userId: p.id, kind: 'ticket', houseTableId: earlier.id, fine: 40, currency: 'DD', dedupeKey: `old:${p.id}`, expiresAt: new Date(Date.now() + 7 * DAY) } });
    await prisma.fileEntry.create({ data: { userId: p.id, kind: 'ticket', houseTableId: earlier.id, fine: 40, currency: 'DD', dedupeKey: `old2:${p.id}`, expiresAt: new Date(Date.now() + 7 * DAY) } });
    await vsComputer(p, { ruleset: 'citizen', purpose: 'stake', stake: 10, ticketFine: 5 }, 2, false);
    const file = (await api.http().get('/api/me/file').set(auth(p)).expect(200)).body as { kind: string; open: boolean }[];
    expect(file.filter((e) => e.kind === 'ticket_expunged')).toHaveLength(1);
    expect((await wallet(p)).openTickets).toBe(1);
    // -20 (a forfeit pays double), +40 (the expunged ticket's fine returned).
    expect((await balance(p)).balance).toBe(10_000 - 20 + 40);
  });

  it("a tournament game's run-outs are fined 1,000 DD each and the 5th books a Class F felony (20,000 DD, the rest owed)", async () => {
    const { gameId, players } = await tableWithGame(api, 4, { turnMs: 60_000 });
    for (const pl of players) await house.grantWelcome(pl.id);
    const g = await gameOf(gameId);
    const sleeper = currentHand(g.state)!.turn!;
    for (let i = 0; i < 5; i++) await clock.tick(gameId, g.version, i, FAR());
    const p = players[sleeper];
    const w = await wallet(p);
    expect(w.felonies).toBe(1);
    expect(w.court).toBe('felony');
    expect(w.openTickets).toBe(0);
    expect(w.balances.find((b) => b.currency === 'DD')).toEqual({ currency: 'DD', balance: 0, owed: 15_000 });
    const file = (await api.http().get('/api/me/file').set(auth(p)).expect(200)).body as { kind: string; tournament: boolean; fine: number }[];
    expect(file.filter((e) => e.kind === 'ticket' && e.tournament && e.fine === 1_000)).toHaveLength(5);
    expect(file.filter((e) => e.kind === 'felony' && e.fine === 20_000)).toHaveLength(1);
    // A player with a debt cannot join a stake table. (Issue 36: no house seat while a tournament game the player sits
    // at runs, forfeited or not — docs/rules.md — so the table's game is over first, as its last move would end it.)
    await prisma.game.update({ where: { id: gameId }, data: { status: 'finished', finishedAt: new Date() } });
    await adult(p);
    const host = await user();
    await adult(host);
    const t = (await open(host, { ruleset: 'citizen', seats: 2, purpose: 'stake', stake: 10 }).expect(201)).body;
    expect((await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(p)).send({}).expect(409)).body.code).toBe('DEBT_OUTSTANDING');
  });

  it('a settled table carries its settlement (who paid whom, the skunk, fines, the jar), so a reload shows it', async () => {
    const p = await user();
    await adult(p);
    const t = (await open(p, { ruleset: 'citizen', seats: 2, computers: ['medium'], purpose: 'stake', stake: 100, ticketFine: 30 }).expect(201)).body;
    const gameId = t.gameId as string;
    let mine = 0;
    let theirs = 0;
    for (let i = 0; i < 400 && (mine < 1 || theirs < 1); i++) {
      const g = await gameOf(gameId);
      expect(g.status).toBe('playing');
      const seat = currentHand(g.state)!.turn!;
      const body = moveBody(g.version, greedy.choose(g.state, seat));
      if (seat === 0 && mine < 1) {
        expect(await runOut(gameId)).toBe('ticket');
        mine++;
      } else if (seat === 1 && theirs < 1) {
        await computerRunOut(t.id, gameId);
        theirs++;
      } else if (seat === 0) {
        await api.http().post(`/api/games/${gameId}/actions`).set(auth(p)).send(body).expect(200);
      } else {
        await mover.move(gameId, { system: true, seat }, body);
      }
    }
    expect([mine, theirs]).toEqual([1, 1]);
    expect((await api.http().get(`/api/house/tables/${t.id}`).set(auth(p)).expect(200)).body.settlement).toBeNull();
    await forfeitSeat(gameId, 1, (await gameOf(gameId)).version);
    await eventually(async () => (await prisma.houseSettlement.count({ where: { gameId } })) === 1, 10_000, 'the settlement');
    const reloaded = (await api.http().get(`/api/house/tables/${t.id}`).set(auth(p)).expect(200)).body;
    expect(reloaded.status).toBe('finished');
    expect(reloaded.settlement).toMatchObject({
      gameId,
      winner: 0,
      forfeited: [false, true],
      currency: 'DD',
      payments: [{ from: 1, to: 0, amount: 200, skunk: true }],
      house: -200,
      fines: [{ seat: 0, userId: p.id, amount: 30, currency: 'DD' }],
      computerRunOuts: 1,
      jar: [{ userId: p.id, seat: 0, kind: 'fines', amount: 30 }],
      workouts: [],
    });
    // The ticket's 30 out, the computer's skunk 200 and the jar's 30 in.
    expect((await balance(p)).balance).toBe(10_200);
    // Staff look at any table: a reviewer sees the same settlement (SPEC 8.4: its details are for the players and staff).
    const spectator = await api.user({ roles: ['reviewer'] });
    expect((await api.http().get(`/api/house/tables/${t.id}`).set(auth(spectator)).expect(200)).body.settlement).toEqual(reloaded.settlement);
   }, 120_000);

  it('rematch: the same table deals a new game to the same seats, with new holds; only once the last game is settled', async () => {
    const [a, b, c] = [await user(), await user(), await user()];
    await adult(a);
    await adult(b);
    const t = (await open(a, { ruleset: 'citizen', seats: 2, purpose: 'stake', stake: 100 }).expect(201)).body;
    const first = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(b)).send({}).expect(200)).body;
    expect((await api.http().post(`/api/house/tables/${t.id}/rematch`).set(auth(a)).send({}).expect(409)).body.code).toBe('TABLE_NOT_FINISHED');
    await api.http().post(`/api/house/tables/${t.id}/forfeit`).set(auth(b)).send({}).expect(200);
    await eventually(async () => (await prisma.houseSettlement.count({ where: { gameId: first.gameId } })) === 1, 10_000, 'the settlement');
    expect((await api.http().post(`/api/house/tables/${t.id}/rematch`).set(auth(c)).send({}).expect(403)).body.code).toBe('NOT_SEATED');
    const again = (await api.http().post(`/api/house/tables/${t.id}/rematch`).set(auth(a)).send({}).expect(200)).body;
    expect(again).toMatchObject({ id: t.id, status: 'playing', settlement: null });
    expect(again.gameId).not.toBe(first.gameId);
    expect(again.seatsTaken.map((s: { seat: number; userId: string; clockMs: number }) => [s.seat, s.userId, s.clockMs])).toEqual([
      [0, a.id, 20_000],
      [1, b.id, 20_000],
    ]);
    expect((await gameOf(again.gameId)).status).toBe('playing');
    expect((await gameOf(first.gameId)).status).toBe('finished');
    // New holds for the new game: a won 200 (b forfeited: skunk), then both hold 2 × 100 again.
    expect(await prisma.walletEntry.findMany({ where: { gameId: again.gameId }, select: { userId: true, kind: true, amount: true }, orderBy: { userId: 'asc' } })).toEqual(
      [a.id, b.id].sort().map((userId) => ({ userId, kind: 'hold', amount: -200 })),
    );
    expect((await balance(a)).balance).toBe(10_000);
    expect((await balance(b)).balance).toBe(9_600);
    // A second rematch while the new game is on is refused; the new game settles on its own.
    expect((await api.http().post(`/api/house/tables/${t.id}/rematch`).set(auth(b)).send({}).expect(409)).body.code).toBe('TABLE_NOT_FINISHED');
    await api.http().post(`/api/house/tables/${t.id}/forfeit`).set(auth(a)).send({}).expect(200);
    await eventually(async () => (await prisma.houseSettlement.count({ where: { gameId: again.gameId } })) === 1, 10_000, 'the second settlement');
    const settled = (await api.http().get(`/api/house/tables/${t.id}`).set(auth(b)).expect(200)).body;
    expect(settled.settlement).toMatchObject({ gameId: again.gameId, winner: 1, payments: [{ from: 0, to: 1, amount: 200, skunk: true }] });
    expect((await balance(a)).balance).toBe(10_000);
    expect((await balance(b)).balance).toBe(10_000);
  }, 60_000);

  it('assistive technology: the player sets and clears it on themselves (audited); a stake clock dealt after it gets +10 s', async () => {
    const [p, q] = [await user(), await user()];
    expect(await wallet(p)).toMatchObject({ assistiveTech: false, stakeClockMs: 20_000 });
    for (const bad of [{}, { assistiveTech: 'yes' }, { assistiveTech: true, extra: 1 }]) {
      expect((await api.http().put('/api/me/assistive-technology').set(auth(p)).send(bad).expect(400)).body.code).toBe('VALIDATION_FAILED');
    }
    await api.http().put('/api/me/assistive-technology').send({ assistiveTech: true }).expect(401);
    expect((await api.http().put('/api/me/assistive-technology').set(auth(p)).send({ assistiveTech: true }).expect(200)).body).toMatchObject({ userId: p.id, assistiveTech: true, stakeClockMs: 30_000 });
    await api.http().put('/api/me/assistive-technology').set(auth(p)).send({ assistiveTech: true }).expect(200);
    const audit = () => prisma.auditLog.findMany({ where: { entityId: p.id, action: 'user.assistive-technology' }, orderBy: { createdAt: 'asc' } });
    expect((await audit()).map((e) => [e.actorId, e.data])).toEqual([[p.id, { from: false, to: true }]]);
    // Only on themselves: q's account is unchanged.
    expect(await wallet(q)).toMatchObject({ assistiveTech: false });
    await adult(p);
    await adult(q);
    const t = (await open(p, { ruleset: 'citizen', seats: 2, purpose: 'stake', stake: 10 }).expect(201)).body;
    const dealt = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(q)).send({}).expect(200)).body;
    expect(dealt.seatsTaken.map((s: { clockMs: number }) => s.clockMs)).toEqual([30_000, 20_000]);
    // Cleared: audited, and the clock of the game already dealt stays as it was dealt.
    expect((await api.http().put('/api/me/assistive-technology').set(auth(p)).send({ assistiveTech: false }).expect(200)).body).toMatchObject({ assistiveTech: false, stakeClockMs: 20_000 });
    expect((await audit()).map((e) => e.data)).toEqual([
      { from: false, to: true },
      { from: true, to: false },
    ]);
    expect((await api.http().get(`/api/house/tables/${t.id}`).set(auth(p)).expect(200)).body.seatsTaken[0].clockMs).toBe(30_000);
  });

  it('an admin corrects a wallet with a reason (audited, idempotent, never below zero); nobody else can', async () => {
    const [admin, p] = [await user({ roles: ['admin'] }), await user()];
    const requestId = '6f1c8f1e-5c4a-4c1b-9a55-0c2f1d8b7e01';
    const body = { currency: 'soups', amount: -30, reason: 'duplicate grant', requestId };
    await api.http().post(`/api/users/${p.id}/wallet/corrections`).set(auth(admin)).send(body).expect(200);
    await api.http().post(`/api/users/${p.id}/wallet/corrections`).set(auth(admin)).send(body).expect(200);
    expect(await balance(p, 'soups')).toEqual({ currency: 'soups', balance: 70, owed: 0 });
    expect(await prisma.auditLog.count({ where: { action: 'wallet.correction', entityId: p.id } })).toBe(1);
    const tooMuch = { ...body, amount: -71, requestId: '6f1c8f1e-5c4a-4c1b-9a55-0c2f1d8b7e02' };
    expect((await api.http().post(`/api/users/${p.id}/wallet/corrections`).set(auth(admin)).send(tooMuch).expect(409)).body.code).toBe('INSUFFICIENT_FUNDS');
    expect((await api.http().post(`/api/users/${p.id}/wallet/corrections`).set(auth(p)).send({ ...body, requestId: '6f1c8f1e-5c4a-4c1b-9a55-0c2f1d8b7e03' }).expect(403)).body.code).toBe('FORBIDDEN');
    // The database itself refuses a negative balance and any change to the ledger.
    await expect(env.sql(`UPDATE wallets SET balance = -1 WHERE user_id = $1`, [p.id])).rejects.toThrow(/check constraint/);
    await expect(env.sql(`UPDATE wallet_entries SET amount = 0 WHERE user_id = $1`, [p.id])).rejects.toThrow(/append-only/);
    await expect(env.sql(`DELETE FROM file_entries`)).rejects.toThrow(/append-only/);
  });

  describe('with workers', () => {
    let workers: INestApplicationContext[] = [];
    beforeAll(async () => {
      workers = [await createWorker(env.config({ HOUSE_BOT_THINK_PERMILLE: '0' })), await createWorker(env.config({ HOUSE_BOT_THINK_PERMILLE: '0' }))];
    });
    afterAll(async () => {
      for (const w of workers) await w.close();
    });

    it('a worker killed between the end and the settlement settles exactly once on restart (two workers)', async () => {
      const [a, b] = [await user(), await user()];
      await adult(a);
      await adult(b);
      const t = (await open(a, { ruleset: 'citizen', seats: 2, purpose: 'stake', stake: 250 }).expect(201)).body;
      const dealt = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(b)).send({}).expect(200)).body;
      // The game ends and the process dies before settling: the end is stored, no settlement. (The
      // workers' own recovery sweep is held back meanwhile, as if they were not running yet.)
      const sweep = jest.spyOn(HouseService.prototype, 'sweep').mockResolvedValue(0);
      const settle = jest.spyOn(HouseService.prototype, 'settle').mockResolvedValueOnce('noop');
      const g = await gameOf(dealt.gameId);
      await forfeitSeat(dealt.gameId, 0, g.version);
      settle.mockRestore();
      expect((await gameOf(dealt.gameId)).status).toBe('finished');
      expect(await prisma.houseSettlement.count({ where: { gameId: dealt.gameId } })).toBe(0);
      expect((await balance(b)).balance).toBe(9_500);
      sweep.mockRestore();
      // The restart: both workers' recovery sweeps queue the settlement.
      await Promise.all(workers.map((w) => w.get(HouseService).sweep()));
      await eventually(async () => (await prisma.houseSettlement.count({ where: { gameId: dealt.gameId } })) === 1, 20_000, 'the settlement on restart');
      expect((await balance(b)).balance).toBe(10_500);
      expect((await balance(a)).balance).toBe(9_500);
      // Per player: the hold, its release and one settlement entry — nothing twice.
      expect(await prisma.walletEntry.count({ where: { gameId: dealt.gameId } })).toBe(6);
    }, 60_000);

    it('the worker plays computer seats to the end of the game at bot speed, and settles it', async () => {
      const p = await user();
      const t = (await open(p, { ruleset: 'citizen', seats: 3, purpose: 'friendly', computers: ['easy', 'medium'], clockMs: null }).expect(201)).body;
      const gameId = t.gameId as string;
      for (let i = 0; i < 3000; i++) {
        const g = await gameOf(gameId);
        if (g.status === 'finished') break;
        const seat = currentHand(g.state)!.turn!;
        if (seat !== 0) {
          // The computers' turns: look again shortly (each look reads the whole game; no need to crowd the bots).
          await new Promise((r) => setTimeout(r, 25));
          continue;
        }
        const a = greedy.choose(g.state, seat);
        await api.http().post(`/api/games/${gameId}/actions`).set(auth(p)).send(moveBody(g.version, a)).expect(200);
      }
      await eventually(async () => (await prisma.houseSettlement.count({ where: { gameId } })) === 1, 20_000, 'the settlement');
      const systemMoves = await prisma.gameAction.count({ where: { gameId, userId: null } });
      expect(systemMoves).toBeGreaterThan(5);
      // A whole game to 150 with a person on one seat: like the live suite's whole games, minutes on a loaded machine.
    }, 180_000);

    /** A table of computers alone (no person: only the bench and these tests make one), dealt through the service. */
    const computersOnly = async (botSeed: string, levels: ('easy' | 'medium' | 'hard')[], hostClockMs: number) => {
      const host = await user();
      const t = await prisma.houseTable.create({
        data: {
          hostId: host.id,
          ruleset: 'mook-camp-fitness',
          settings: { getOn: 10, minScore: 5, target: 150, handSize: 7 },
          seats: levels.length,
          purpose: 'workout',
          hostClockMs,
          listed: false,
          inviteCode: botSeed.slice(0, 8).toUpperCase(),
          botSeed,
          seatsTaken: { create: levels.map((botLevel, seat) => ({ seat, botLevel })) },
        },
      });
      return (await house.startIfFull(t.id)).currentGameId!;
    };

    it('a table of computers alone is played in few jobs: consecutive computer turns in one job, each through the move service and its log', async () => {
      const play = jest.spyOn(HouseBotService.prototype, 'play');
      const chainMax = workers[0].get(AppConfig).HOUSE_BOT_CHAIN_MAX;
      expect(chainMax).toBe(32);
      try {
        const gameId = await computersOnly('CHAINAAA-seed', ['medium', 'easy'], 3_000);
        await eventually(async () => (await prisma.houseSettlement.count({ where: { gameId } })) === 1, 90_000, 'the settlement');
        const g = await gameOf(gameId);
        const actions = await prisma.gameAction.findMany({ where: { gameId }, select: { version: true, userId: true }, orderBy: { version: 'asc' } });
        // Every move is in the game's log, one version at a time, by the system.
        expect(actions.map((x) => x.version)).toEqual(Array.from({ length: g.version }, (_, i) => i + 1));
        expect(actions.every((x) => x.userId === null)).toBe(true);
        expect(actions.length).toBeGreaterThan(chainMax);
        // One job a chain of at most HOUSE_BOT_CHAIN_MAX turns; a computer's seeded run-out ends a chain (its clock
        // queues the next); the workers' minute sweep may add one. One job a move before.
        const runOuts = await prisma.fileEntry.count({ where: { gameId, kind: 'computer_timeout' } });
        const jobs = play.mock.calls.filter((c) => c[0] === gameId).length;
        expect(jobs).toBeLessThanOrEqual(Math.ceil(actions.length / chainMax) + runOuts + 2);
      } finally {
        play.mockRestore();
      }
    }, 120_000);

    it('a computer turn whose job was lost (a worker killed mid-chain) is resumed by the recovery sweep', async () => {
      // The job is taken and the worker dies before it plays: nothing is queued after it.
      const lost = jest.spyOn(HouseBotService.prototype, 'play').mockResolvedValue('noop');
      let gameId = '';
      try {
        gameId = await computersOnly('LOSTBBBB-seed', ['hard', 'hard'], 60_000);
        await eventually(async () => lost.mock.calls.some((c) => c[0] === gameId), 20_000, 'the job taken');
      } finally {
        lost.mockRestore();
      }
      expect((await gameOf(gameId)).version).toBe(0);
      // The restart's sweep queues the computer on turn again, and the chain goes on.
      await Promise.all(workers.map((w) => w.get(HouseService).sweep()));
      await eventually(async () => (await gameOf(gameId)).version >= 3, 30_000, 'the chain resumed');
      // End it (the chain may move on under the forfeit: try again on the new version).
      for (let i = 0; i < 20 && (await gameOf(gameId)).status === 'playing'; i++) await forfeitSeat(gameId, 0, (await gameOf(gameId)).version).catch(() => undefined);
      expect((await gameOf(gameId)).status).toBe('finished');
    }, 90_000);

    it('open tickets are served after 7 days and felonies cleared after 30 by the worker (fake clock)', async () => {
      const p = await user();
      const ticket = await prisma.fileEntry.create({ data: { userId: p.id, kind: 'ticket', dedupeKey: `exp:${p.id}`, expiresAt: new Date(Date.now() + 7 * DAY) } });
      const felony = await prisma.fileEntry.create({ data: { userId: p.id, kind: 'felony', dedupeKey: `expf:${p.id}`, expiresAt: new Date(Date.now() + 30 * DAY) } });
      expect(await house.expire(ticket.id)).toBe('wait');
      const now = Date.now();
      const spy = jest.spyOn(Clock.prototype, 'now').mockImplementation(() => new Date(now + 8 * DAY));
      try {
        // The workers' sweep re-queues every open expiry; the 8th day serves the ticket, not the felony.
        await Promise.all(workers.map((w) => w.get(HouseService).sweep()));
        await eventually(async () => (await prisma.fileEntry.count({ where: { closesId: ticket.id, kind: 'ticket_served' } })) === 1, 20_000, 'the ticket served');
        expect(await prisma.fileEntry.count({ where: { closesId: felony.id } })).toBe(0);
        spy.mockImplementation(() => new Date(now + 31 * DAY));
        await Promise.all(workers.map((w) => w.get(HouseService).sweep()));
        await eventually(async () => (await prisma.fileEntry.count({ where: { closesId: felony.id, kind: 'felony_cleared' } })) === 1, 20_000, 'the felony cleared');
        expect(await wallet(p)).toMatchObject({ court: null, openTickets: 0, felonies: 0 });
      } finally {
        spy.mockRestore();
      }
    }, 60_000);
  });
});

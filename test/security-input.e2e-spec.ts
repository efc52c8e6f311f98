import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { PrismaService } from '@dcs/common';
import { seed } from '../prisma/seed';
import type { PrismaClient } from '../prisma/generated/client/client';
import { startApi, TestApi } from './support/api';
import { tableWithGame } from './support/fixtures';
import { connectLive, RecordingClient } from './support/live-client';
import { createTestEnv, TestEnv } from './support/test-env';

/**
 * Issue 26, the second security pass over input: display names that impersonate or hide characters,
 * JSON nested thousands of levels deep (HTTP and socket.io), nulls and cursors that answered 500.
 */
describe('security: names, bad input', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let port: number;
  let n = 0;
  const users = async () => Number((await env.sql<{ n: string }>('SELECT count(*)::text AS n FROM users'))[0].n);
  const register = (displayName: string) =>
    api.http().post('/api/auth/register').send({ email: `name-${++n}-${Date.now()}@example.com`, password: 'correct horse battery', displayName });
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  beforeAll(async () => {
    env = await createTestEnv('security_input');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
    // The demo staff ("Demo Director" …) exist, as on a machine after `npm start`.
    await seed(prisma as unknown as PrismaClient);
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await api?.close();
    await env?.drop();
  });

  describe('display names', () => {
    it.each([
      ['the staff name itself', 'Demo Director'],
      ['its Cyrillic homoglyph', 'Dеmо Dіrесtоr'],
      ['in capitals', 'DEMO DIRECTOR'],
      ['with digits for letters', 'Dem0 Director'],
      ['with spaces around and between', '  Demo   Director '],
      ['in full-width letters', 'Ｄｅｍｏ Ｄｉｒｅｃｔｏｒ'],
      ['another staff name with a Greek omicron', 'Demο Reviewer 2'],
    ])('refuses %s ("%s") as DISPLAY_NAME_TAKEN, creating nobody', async (_what, name) => {
      const before = await users();
      const res = await register(name).expect(409);
      expect([res.body.code, res.body.details?.[0]?.field]).toEqual(['DISPLAY_NAME_TAKEN', 'displayName']);
      expect(await users()).toBe(before);
    });

    it.each([
      ['a zero-width joiner', 'Demo\u200dDirector'],
      ['a zero-width space', 'Ana\u200bBanana'],
      ['a right-to-left override', 'Ana \u202eanana'],
      ['a left-to-right isolate', 'Ana \u2066B\u2069'],
      ['a right-to-left mark', 'Ana\u200f B'],
      ['a C1 control', 'Ana\u0085B'],
      ['a C1 control (CSI)', 'Ana\u009b31m'],
      ['the Hangul filler U+3164', '\u3164\u3164\u3164'],
      ['a Hangul filler inside', 'Ana\u3164B'],
      ['the Hangul choseong filler U+115F', 'Ana\u115fB'],
      ['the blank braille pattern U+2800', 'Ana\u2800B'],
      ['a byte-order mark', '\ufeffAna B'],
      ['a soft hyphen', 'Ana\u00adB'],
      ['a word joiner', 'Ana\u2060B'],
      ['a line separator', 'Ana\u2028B'],
    ])('refuses a name with %s as DISPLAY_NAME_INVALID, creating nobody', async (_what, name) => {
      const before = await users();
      const res = await register(name).expect(400);
      expect([res.body.code, res.body.details?.[0]?.field]).toEqual(['DISPLAY_NAME_INVALID', 'displayName']);
      expect(await users()).toBe(before);
    });

    it('stores an ordinary new name in its normal form, and refuses its look-alike to the next account', async () => {
      const res = await register('  Ｒosa   Parks ').expect(201);
      expect(res.body.user.displayName).toBe('Rosa Parks');
      expect((await prisma.user.findUniqueOrThrow({ where: { id: res.body.user.id } })).displayName).toBe('Rosa Parks');
      expect((await register('rosa parks').expect(409)).body.code).toBe('DISPLAY_NAME_TAKEN');
      expect((await register('Rоsа Pаrks').expect(409)).body.code).toBe('DISPLAY_NAME_TAKEN');
      // A name that only resembles in part is a different name.
      await register('Rosa Parker').expect(201);
      await register('José Ramírez').expect(201);
    });

    it('gives accounts that existed before skeletons theirs at start-up, and then refuses their look-alikes', async () => {
      const legacy = await prisma.user.create({ data: { email: `legacy-${Date.now()}@example.com`, passwordHash: 'x', displayName: 'Old Timer' } });
      expect((await register('0ld Timer').expect(201)).body.user.displayName).toBe('0ld Timer'); // no skeleton yet: the old row does not block
      await prisma.user.create({ data: { email: `legacy2-${Date.now()}@example.com`, passwordHash: 'x', displayName: 'Older Timer' } });
      const twin = await prisma.user.create({ data: { email: `twin1-${Date.now()}@example.com`, passwordHash: 'x', displayName: 'Twin Name' } });
      const younger = await prisma.user.create({ data: { email: `twin2-${Date.now()}@example.com`, passwordHash: 'x', displayName: 'TWIN NAME' } });
      const again = await startApi(env);
      try {
        // the second API's start filled the null skeletons: "Old Timer" looks like the newer "0ld Timer", so it stays null
        expect((await prisma.user.findUniqueOrThrow({ where: { id: legacy.id } })).nameSkeleton).toBeNull();
        // of two look-alikes without one, the older gets it
        expect((await prisma.user.findUniqueOrThrow({ where: { id: twin.id } })).nameSkeleton).toBe('twlnnarne');
        expect((await prisma.user.findUniqueOrThrow({ where: { id: younger.id } })).nameSkeleton).toBeNull();
        expect((await again.http().post('/api/auth/register').send({ email: `x-${Date.now()}@example.com`, password: 'correct horse battery', displayName: 'OIder Timer' }).expect(409)).body.code).toBe(
          'DISPLAY_NAME_TAKEN',
        );
      } finally {
        await again.app.close();
      }
    });

    it('answers EMAIL_TAKEN, not a name conflict, to a taken email with a new name', async () => {
      const res = await api.http().post('/api/auth/register').send({ email: 'director@demo.dcs', password: 'correct horse battery', displayName: 'Brand New Name' }).expect(409);
      expect(res.body.code).toBe('EMAIL_TAKEN');
    });
  });

  describe('JSON nested 5,000 levels deep', () => {
    it.each([
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/register'],
      ['POST', '/api/house/tables'],
      ['POST', `/api/games/${randomUUID()}/actions`],
    ])('%s %s answers 400 PAYLOAD_TOO_DEEP, signed in or not', async (_m, url) => {
      const player = await api.user();
      for (const auth of [{}, { Authorization: `Bearer ${player.token}` }]) {
        const body = deep(5_000);
        expect(body.length).toBeGreaterThan(9_000);
        for (const raw of [body, `{"email":${body},"password":"x"}`, `{"version":1,"type":${body}}`]) {
          const res = await api.http().post(url).set(auth).set('Content-Type', 'application/json').send(raw);
          expect([res.status, res.body.code]).toEqual([400, 'PAYLOAD_TOO_DEEP']);
        }
      }
    });

    it('answers a body nested to the limit as before (validation, not depth)', async () => {
      const res = await api.http().post('/api/auth/login').set('Content-Type', 'application/json').send(`{"email":${deep(20)},"password":"x"}`);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    });

    /** Sends a socket.io EVENT packet as raw text: the client's own encoder (JSON.stringify) overflows on 5,000 levels. */
    const rawEmit = (c: RecordingClient, event: string, payloadJson: string): Promise<{ ok: boolean; error?: { code: string } }> =>
      new Promise((resolve) => {
        const engine = c.socket.io.engine;
        const ackId = 900 + Math.floor(Math.random() * 1000);
        const onPacket = (p: { type: string; data?: unknown }) => {
          const m = typeof p.data === 'string' ? /^3\/live,(\d+)(.*)$/s.exec(p.data) : null;
          if (!m || Number(m[1]) !== ackId) return;
          engine.off('packet', onPacket);
          resolve((JSON.parse(m[2]) as [{ ok: boolean; error?: { code: string } }])[0]);
        };
        engine.on('packet', onPacket);
        engine.send(`2/live,${ackId}${JSON.stringify([event]).slice(0, -1)},${payloadJson}]`);
      });

    it('answers the socket events `action` and `tiebreak:pick` with PAYLOAD_TOO_DEEP, and the socket stays usable', async () => {
      const { gameId, players } = await tableWithGame(api, 4);
      const c = await connectLive(port, players[0].token);
      try {
        const action = await rawEmit(c, 'action', `{"gameId":"${gameId}","version":0,"type":${deep(5_000)}}`);
        expect([action.ok, action.error?.code]).toEqual([false, 'PAYLOAD_TOO_DEEP']);
        const pick = await rawEmit(c, 'tiebreak:pick', `{"tiebreakId":"${randomUUID()}","position":${deep(5_000)}}`);
        expect([pick.ok, pick.error?.code]).toEqual([false, 'PAYLOAD_TOO_DEEP']);
        const joined = await c.call('join', { gameId });
        expect(joined.ok).toBe(true);
      } finally {
        c.socket.close();
      }
    });
  });

  describe('house tables', () => {
    it('answers {"seat": null} on join and on adding a computer with 400 VALIDATION_FAILED, seating nobody', async () => {
      const host = await api.user();
      const guest = await api.user();
      const opened = await api.http().post('/api/house/tables').set({ Authorization: `Bearer ${host.token}` }).send({ ruleset: 'citizen', seats: 4, purpose: 'friendly' }).expect(201);
      const id = opened.body.id as string;
      const join = await api.http().post(`/api/house/tables/${id}/join`).set({ Authorization: `Bearer ${guest.token}` }).send({ seat: null });
      expect([join.status, join.body.code, join.body.details?.[0]?.field]).toEqual([400, 'VALIDATION_FAILED', 'seat']);
      const bot = await api.http().post(`/api/house/tables/${id}/computers`).set({ Authorization: `Bearer ${host.token}` }).send({ level: 'easy', seat: null });
      expect([bot.status, bot.body.code, bot.body.details?.[0]?.field]).toEqual([400, 'VALIDATION_FAILED', 'seat']);
      const code = await api.http().post('/api/house/join').set({ Authorization: `Bearer ${guest.token}` }).send({ code: 'ABCDEFGH', seat: null });
      expect([code.status, code.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(await prisma.houseSeat.count({ where: { tableId: id } })).toBe(1);
    });

    it.each(['999999999999999_00000000-0000-0000-0000-000000000000', '8640000000000001_00000000-0000-0000-0000-000000000000', '1_------------------------------------', '1_zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'])(
      'answers the lobby cursor before=%s with 400 INVALID_CURSOR',
      async (before) => {
        const u = await api.user();
        const res = await api.http().get(`/api/house/tables?before=${encodeURIComponent(before)}`).set({ Authorization: `Bearer ${u.token}` });
        expect([res.status, res.body.code]).toEqual([400, 'INVALID_CURSOR']);
      },
    );
  });
});

import { createPublicKey, verify } from 'node:crypto';
import { INestApplicationContext } from '@nestjs/common';
import { PrismaService } from '@dcs/common';
import { storeNotifications, unsubscribeUrl } from '@dcs/tournament';
import { RemindersService } from '../apps/worker/src/delivery/reminders.service';
import type { TestApi } from './support/api';
import type { PushReceiver } from './support/push-receiver';
import { startReach, type ReachEnv } from './support/reach-env';
import { linkToken, type SmtpReceiver } from './support/smtp-receiver';
import { eventually } from './support/temp-redis';
import type { TestEnv } from './support/test-env';

/**
 * Issue 28: accounts by e-mail (verification, password reset, change of address) and the notices that
 * reach a player outside the page, through a real SMTP server and a push service run by the test.
 */
describe('reaching the players: accounts by e-mail, e-mail and push deliveries, reminders', () => {
  let reach: ReachEnv;
  let env: TestEnv;
  let api: TestApi;
  let worker: INestApplicationContext;
  let smtp: SmtpReceiver;
  let push: PushReceiver;
  let secret = '';

  beforeAll(async () => {
    reach = await startReach('reach', { ACCOUNT_MAIL_RATE_LIMIT: '3', ACCOUNT_MAIL_RATE_LIMIT_PER_ADDRESS: '1000' });
    ({ env, api, worker, smtp, push } = reach);
    secret = reach.config.JWT_SECRET;
  });
  afterAll(() => reach?.close());

  const signUp = async (email: string) => {
    const res = await api.http().post('/api/auth/register').send({ email, password: 'correct horse battery', displayName: `P ${email.split('@')[0]}` });
    expect(res.status).toBe(201);
    return { id: res.body.user.id as string, token: res.body.accessToken as string };
  };
  const verified = async (email: string) => {
    const u = await signUp(email);
    const mail = await smtp.waitFor((m) => m.to === email && m.subject === 'Confirm your e-mail address');
    expect((await api.http().post('/api/auth/email/verify').send({ token: linkToken(mail) })).status).toBe(200);
    return u;
  };
  const notify = (rows: Parameters<typeof storeNotifications>[1]) => worker.get(PrismaService).$transaction((tx) => storeNotifications(tx, rows));

  describe('e-mail verification', () => {
    it('sends a link at sign-up that confirms the address once; a reused, unknown or malformed token is refused', async () => {
      const { token } = await signUp('vera@example.com');
      const mail = await smtp.waitFor((m) => m.to === 'vera@example.com');
      expect(mail.subject).toBe('Confirm your e-mail address');
      expect(mail.html).toContain('https://dcs.test/verify-email?token=');
      expect(mail.messageId).toMatch(/^<account-[0-9a-f-]+@dcs\.test>$/);
      const before = await api.http().get('/api/me').set('Authorization', `Bearer ${token}`);
      expect(before.body.emailVerifiedAt).toBeNull();

      const ok = await api.http().post('/api/auth/email/verify').send({ token: linkToken(mail) });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ email: 'vera@example.com', emailVerifiedAt: expect.any(String) });
      const again = await api.http().post('/api/auth/email/verify').send({ token: linkToken(mail) });
      expect([again.status, again.body.code]).toEqual([410, 'TOKEN_USED']);
      const unknown = await api.http().post('/api/auth/email/verify').send({ token: 'A'.repeat(43) });
      expect([unknown.status, unknown.body.code]).toEqual([404, 'TOKEN_UNKNOWN']);
      const malformed = await api.http().post('/api/auth/email/verify').send({ token: 'short' });
      expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      const asked = await api.http().post('/api/auth/email/verification').set('Authorization', `Bearer ${token}`);
      expect([asked.status, asked.body.code]).toEqual([409, 'EMAIL_ALREADY_VERIFIED']);
      const [row] = await env.sql<{ token_hash: string }>(`SELECT token_hash FROM account_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = 'vera@example.com'`);
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_hash).not.toContain(linkToken(mail));
    });
  });

  describe('password reset', () => {
    it('answers the same whether or not the address has an account, and mails only the account', async () => {
      await signUp('rita@example.com');
      const known = await api.http().post('/api/auth/password-reset/request').send({ email: 'rita@example.com' });
      const unknown = await api.http().post('/api/auth/password-reset/request').send({ email: 'nobody-here@example.com' });
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(unknown.body).toEqual(known.body);
      await smtp.waitFor((m) => m.to === 'rita@example.com' && m.subject === 'Reset your password');
      expect(smtp.inbox.some((m) => m.to === 'nobody-here@example.com')).toBe(false);
      const malformed = await api.http().post('/api/auth/password-reset/request').send({ email: 'not an address' });
      expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    });

    it('resets by the single-use link: every session, socket token and other link stops working; the new password signs in', async () => {
      const { token: session } = await signUp('sam@example.com');
      const verification = await smtp.waitFor((m) => m.to === 'sam@example.com' && m.subject === 'Confirm your e-mail address');
      await api.http().post('/api/auth/password-reset/request').send({ email: 'sam@example.com' });
      const mail = await smtp.waitFor((m) => m.to === 'sam@example.com' && m.subject === 'Reset your password');
      const reset = await api.http().post('/api/auth/password-reset').send({ token: linkToken(mail), password: 'a brand new password' });
      expect(reset.status).toBe(200);

      expect((await api.http().get('/api/me').set('Authorization', `Bearer ${session}`)).status).toBe(401);
      const reused = await api.http().post('/api/auth/password-reset').send({ token: linkToken(mail), password: 'yet another password' });
      expect([reused.status, reused.body.code]).toEqual([410, 'TOKEN_USED']);
      const other = await api.http().post('/api/auth/email/verify').send({ token: linkToken(verification) });
      expect([other.status, other.body.code]).toEqual([410, 'TOKEN_USED']);
      expect((await api.http().post('/api/auth/login').send({ email: 'sam@example.com', password: 'correct horse battery' })).status).toBe(401);
      const login = await api.http().post('/api/auth/login').send({ email: 'sam@example.com', password: 'a brand new password' });
      expect(login.status).toBe(200);
      // the mail proved the address
      expect(login.body.user.emailVerifiedAt).toEqual(expect.any(String));
    });

    it('refuses an expired link with 410 TOKEN_EXPIRED and a short password with 400', async () => {
      await signUp('ed@example.com');
      await api.http().post('/api/auth/password-reset/request').send({ email: 'ed@example.com' });
      const mail = await smtp.waitFor((m) => m.to === 'ed@example.com' && m.subject === 'Reset your password');
      const short = await api.http().post('/api/auth/password-reset').send({ token: linkToken(mail), password: 'short' });
      expect([short.status, short.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      await env.sql(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset_password' AND email = 'ed@example.com'`);
      const expired = await api.http().post('/api/auth/password-reset').send({ token: linkToken(mail), password: 'a brand new password' });
      expect([expired.status, expired.body.code]).toEqual([410, 'TOKEN_EXPIRED']);
    });

    it('limits reset mails per address (whether or not it has an account)', async () => {
      for (const email of ['limit@example.com', 'limit-nobody@example.com']) {
        if (email === 'limit@example.com') await signUp(email);
        const codes: number[] = [];
        for (let i = 0; i < 4; i += 1) codes.push((await api.http().post('/api/auth/password-reset/request').send({ email })).status);
        expect(codes).toEqual([202, 202, 202, 429]);
      }
    });
  });

  describe('change of address', () => {
    it('changes the address only when the link sent to the new address is opened', async () => {
      const { token } = await signUp('old@example.com');
      const wrong = await api.http().post('/api/auth/email/change').set('Authorization', `Bearer ${token}`).send({ newEmail: 'new@example.com', currentPassword: 'wrong password' });
      expect([wrong.status, wrong.body.code]).toEqual([403, 'WRONG_PASSWORD']);
      const asked = await api.http().post('/api/auth/email/change').set('Authorization', `Bearer ${token}`).send({ newEmail: 'New@Example.com', currentPassword: 'correct horse battery' });
      expect(asked.status).toBe(202);
      expect((await api.http().get('/api/me').set('Authorization', `Bearer ${token}`)).body.email).toBe('old@example.com');
      const mail = await smtp.waitFor((m) => m.to === 'new@example.com' && m.subject === 'Confirm your new e-mail address');
      const ok = await api.http().post('/api/auth/email/change/confirm').send({ token: linkToken(mail) });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ email: 'new@example.com', emailVerifiedAt: expect.any(String) });
    });
  });

  describe('deliveries', () => {
    it('writes a new account’s e-mails in the zone its browser gave at sign-up, before any settings are saved; an unknown zone is refused', async () => {
      const email = 'zoe@example.com';
      const res = await api.http().post('/api/auth/register').send({ email, password: 'correct horse battery', displayName: 'Zoe Zone', timeZone: 'America/Chicago' });
      expect(res.status).toBe(201);
      const { id, accessToken } = { id: res.body.user.id as string, accessToken: res.body.accessToken as string };
      const settings = await api.http().get('/api/me/delivery-settings').set('Authorization', `Bearer ${accessToken}`);
      expect(settings.body.timeZone).toBe('America/Chicago');
      const confirm = await smtp.waitFor((m) => m.to === email && m.subject === 'Confirm your e-mail address');
      expect((await api.http().post('/api/auth/email/verify').send({ token: linkToken(confirm) })).status).toBe(200);
      await notify([{ userId: id, kind: 'table.seated', title: 'Round 1: your table', body: 'The round ends at the latest at 2026-12-05T17:30:00.000Z.', data: { challengeId: 'c', tableId: 't-z', gameId: 'g' }, dedupeKey: 'seated:zone-1' }]);
      const mail = await smtp.waitFor((m) => m.to === email && m.subject === 'Round 1: your table');
      expect(mail.text).toContain('The round ends at the latest at Sat, Dec 5, 11:30 AM CST.');
      expect(mail.text).toContain('Times are in America/Chicago');

      // Unknown, and what a date library takes but the formats that write times do not (they would fail at the first e-mail): refused, no account made.
      for (const [i, timeZone] of ['Mars/Olympus', 'UTC+3', 'local', 'system'].entries()) {
        const bad = await api.http().post('/api/auth/register').send({ email: `nowhere-${i}@example.com`, password: 'correct horse battery', displayName: `No Where ${i}`, timeZone });
        expect([timeZone, bad.status, bad.body.code, JSON.stringify(bad.body.details)]).toEqual([timeZone, 400, 'VALIDATION_FAILED', expect.stringContaining('timeZone')]);
        expect((await api.http().post('/api/auth/login').send({ email: `nowhere-${i}@example.com`, password: 'correct horse battery' })).status).toBe(401);
      }
      for (const timeZone of ['UTC+3', 'local']) {
        const put = await api.http().put('/api/me/delivery-settings').set('Authorization', `Bearer ${accessToken}`).send({ timeZone });
        expect([timeZone, put.status, put.body.code]).toEqual([timeZone, 400, 'VALIDATION_FAILED']);
      }
      expect((await api.http().get('/api/me/delivery-settings').set('Authorization', `Bearer ${accessToken}`)).body.timeZone).toBe('America/Chicago');
    });

    it('e-mails a notice to a confirmed address, multipart, in the player’s time zone, with one-click unsubscribe, and pushes it encrypted to each device', async () => {
      const { id, token } = await verified('nina@example.com');
      const device = push.device();
      const sub = await api.http().post('/api/me/push-subscriptions').set('Authorization', `Bearer ${token}`).send({ ...device.subscription, label: 'Test phone' });
      expect(sub.status).toBe(201);
      const tz = await api.http().put('/api/me/delivery-settings').set('Authorization', `Bearer ${token}`).send({ timeZone: 'America/New_York' });
      expect(tz.status).toBe(200);
      await notify([{ userId: id, kind: 'table.seated', title: 'Round 1: your table', body: 'You sit at table 2, seat 3. The round ends at the latest at 2026-12-05T17:30:00.000Z.', data: { challengeId: 'c', tableId: 't-1', gameId: 'g' }, dedupeKey: 'seated:test-1' }]);

      const mail = await smtp.waitFor((m) => m.to === 'nina@example.com' && m.subject === 'Round 1: your table');
      expect(mail.text).toContain('The round ends at the latest at Sat, Dec 5, 12:30 PM EST.');
      expect(mail.html).toContain('Sat, Dec 5, 12:30 PM EST');
      expect(mail.text).toContain('https://dcs.test/tables/t-1');
      expect(mail.raw['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.raw['list-unsubscribe']).toBe(`<${unsubscribeUrl('https://dcs.test', secret, id, 'table.seated')}>`);
      expect(mail.messageId).toMatch(/^<delivery-[0-9a-f-]+@dcs\.test>$/);
      const pushed = await push.waitFor((m) => m.device === device.id);
      expect(pushed.payload).toMatchObject({ kind: 'table.seated', title: 'Round 1: your table', url: '/tables/t-1' });
      await eventually(async () => (await env.sql(`SELECT 1 FROM deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.dedupe_key = 'seated:test-1' AND d.status = 'sent'`)).length === 2, 10_000, 'both deliveries sent');

      // the same notice stored again (a retried step) is not delivered again
      await notify([{ userId: id, kind: 'table.seated', title: 'Round 1: your table', body: 'again', data: {}, dedupeKey: 'seated:test-1' }]);
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.inbox.filter((m) => m.to === 'nina@example.com' && m.subject === 'Round 1: your table')).toHaveLength(1);
      expect(push.received.filter((m) => m.device === device.id)).toHaveLength(1);
    });

    it('does not e-mail an unconfirmed address, nor a kind turned off by its one-click unsubscribe link', async () => {
      const unconfirmed = await signUp('uma@example.com');
      await notify([{ userId: unconfirmed.id, kind: 'integrity.penalty', title: 'Penalty for Uma', body: 'x', data: {}, dedupeKey: 'pen:uma' }]);
      await eventually(async () => (await env.sql<{ detail: string }>(`SELECT d.detail FROM deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.dedupe_key = 'pen:uma' AND d.channel = 'email'`))[0]?.detail === 'address not confirmed', 10_000, 'skipped');
      // Both of Uma's deliveries are written skipped with the notice: no worker ever takes them (no claim, no try).
      const uma = await env.sql<{ channel: string; status: string; detail: string; attempts: number; claimed_at: Date | null }>(
        `SELECT d.channel::text, d.status::text, d.detail, d.attempts, d.claimed_at FROM deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.dedupe_key = 'pen:uma' ORDER BY d.channel`,
      );
      expect(uma).toEqual([
        { channel: 'email', status: 'skipped', detail: 'address not confirmed', attempts: 0, claimed_at: null },
        { channel: 'push', status: 'skipped', detail: 'no device', attempts: 0, claimed_at: null },
      ]);

      const { id } = await verified('otto@example.com');
      const forged = await api.http().post(`/api/unsubscribe?u=${id}&k=integrity.penalty&s=${'x'.repeat(43)}`).send('List-Unsubscribe=One-Click');
      expect([forged.status, forged.body.code]).toEqual([400, 'UNSUBSCRIBE_INVALID']);
      const link = new URL(unsubscribeUrl('https://dcs.test', secret, id, 'integrity.penalty'));
      const res = await api.http().post(`${link.pathname}${link.search}`).set('Content-Type', 'application/x-www-form-urlencoded').send('List-Unsubscribe=One-Click');
      expect(res.status).toBe(200);
      await notify([{ userId: id, kind: 'integrity.penalty', title: 'Penalty for Otto', body: 'x', data: {}, dedupeKey: 'pen:otto' }]);
      await eventually(async () => (await env.sql<{ detail: string }>(`SELECT d.detail FROM deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.dedupe_key = 'pen:otto' AND d.channel = 'email'`))[0]?.detail === 'not wanted', 10_000, 'skipped');
      expect(smtp.inbox.some((m) => m.subject.startsWith('Penalty for'))).toBe(false);
    });

    it('retries with backoff while the SMTP server refuses, then delivers once; a gone push device (410) is removed', async () => {
      const { id, token } = await verified('rex@example.com');
      const device = push.device();
      await api.http().post('/api/me/push-subscriptions').set('Authorization', `Bearer ${token}`).send(device.subscription);
      push.answer.set(device.id, 410);
      smtp.refuse = 1;
      await notify([{ userId: id, kind: 'integrity.appeal_decided', title: 'Appeal decided for Rex', body: 'x', data: {}, dedupeKey: 'appeal:rex' }]);
      await smtp.waitFor((m) => m.subject === 'Appeal decided for Rex', 30_000);
      expect(smtp.inbox.filter((m) => m.subject === 'Appeal decided for Rex')).toHaveLength(1);
      await eventually(async () => (await api.http().get('/api/me/push-subscriptions').set('Authorization', `Bearer ${token}`)).body.length === 0, 10_000, 'device removed');
    });

    it('retries a push service that answers 500 with backoff and pushes once when it recovers, signed with the platform’s VAPID key', async () => {
      const { id, token } = await verified('pia@example.com');
      const device = push.device();
      await api.http().post('/api/me/push-subscriptions').set('Authorization', `Bearer ${token}`).send(device.subscription);
      push.answer.set(device.id, 500);
      await notify([{ userId: id, kind: 'integrity.appeal_decided', title: 'Pushed to Pia', body: 'x', data: {}, dedupeKey: 'push500:pia' }]);
      const tries = `SELECT d.attempts, d.status::text AS status FROM deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.dedupe_key = 'push500:pia' AND d.channel = 'push'`;
      await eventually(async () => ((await env.sql<{ attempts: number }>(tries))[0]?.attempts ?? 0) >= 2, 20_000, 'tried again');
      expect(push.received.some((m) => m.device === device.id)).toBe(false);
      push.answer.delete(device.id);
      const pushed = await push.waitFor((m) => m.device === device.id, 30_000);
      expect(pushed.payload.title).toBe('Pushed to Pia');
      await eventually(async () => (await env.sql<{ status: string }>(tries))[0]?.status === 'sent', 10_000, 'sent');
      expect(push.received.filter((m) => m.device === device.id)).toHaveLength(1);
      // RFC 8292: "vapid t=<JWT for the push service's origin, ES256>, k=<the platform's public key>"
      const [, jwt, k] = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(pushed.headers.authorization)) ?? [];
      expect(k).toBe(reach.config.VAPID_PUBLIC_KEY);
      const [head, claims, signature] = jwt.split('.');
      expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ aud: new URL(device.subscription.endpoint).origin, sub: reach.config.VAPID_SUBJECT });
      const raw = Buffer.from(k, 'base64url');
      const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
      expect(verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
    });

    it('sends a notice held by quiet hours once they end (a delivery taken a second time is not lost)', async () => {
      const { id, token } = await verified('quinn@example.com');
      const device = push.device();
      await api.http().post('/api/me/push-subscriptions').set('Authorization', `Bearer ${token}`).send(device.subscription);
      const now = new Date();
      const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
      const quiet = { timeZone: 'UTC', quietStartMin: (minute + 1439) % 1440, quietEndMin: (minute + 30) % 1440 };
      expect((await api.http().put('/api/me/delivery-settings').set('Authorization', `Bearer ${token}`).send(quiet)).status).toBe(200);
      await notify([{ userId: id, kind: 'integrity.appeal_decided', title: 'Held for Quinn', body: 'x', data: {}, dedupeKey: 'quiet:quinn' }]);
      const held = `SELECT d.status::text AS status, d.due_at > now() + interval '20 minutes' AS later FROM deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.dedupe_key = 'quiet:quinn'`;
      await eventually(async () => (await env.sql<{ status: string; later: boolean }>(held)).filter((d) => d.status === 'pending' && d.later).length === 2, 10_000, 'both held by quiet hours');
      expect(smtp.inbox.some((m) => m.subject === 'Held for Quinn')).toBe(false);

      // the quiet hours end (the test turns them off and brings the due time to now rather than wait half an hour)
      expect((await api.http().put('/api/me/delivery-settings').set('Authorization', `Bearer ${token}`).send({ quietStartMin: 0, quietEndMin: 0 })).status).toBe(200);
      await env.sql(`UPDATE deliveries SET due_at = now() WHERE notification_id IN (SELECT id FROM notifications WHERE dedupe_key = 'quiet:quinn')`);
      await smtp.waitFor((m) => m.subject === 'Held for Quinn', 15_000);
      await push.waitFor((m) => m.device === device.id && m.payload.title === 'Held for Quinn', 15_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.inbox.filter((m) => m.subject === 'Held for Quinn')).toHaveLength(1);
      expect(smtp.duplicates).toBe(0);
    });

    it('refuses a malformed push subscription with 400', async () => {
      const { token } = await signUp('pat@example.com');
      const device = push.device().subscription;
      for (const bad of [
        { ...device, endpoint: 'http://insecure.example/push' },
        { ...device, keys: { ...device.keys, p256dh: 'abc' } },
        { ...device, keys: { p256dh: Buffer.alloc(65, 1).toString('base64url'), auth: device.keys.auth } },
        { endpoint: device.endpoint },
      ]) {
        const res = await api.http().post('/api/me/push-subscriptions').set('Authorization', `Bearer ${token}`).send(bad);
        expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      }
    });
  });

  describe('reminders', () => {
    it('reminds registered players not checked in when check-in opens and 10 minutes before it closes — once each however often it fires, and not once they have checked in', async () => {
      const prisma = worker.get(PrismaService);
      const a = await verified('ann@example.com');
      const b = await verified('ben@example.com');
      const cat = await verified('cat@example.com');
      // Cat's quiet hours hold her mail when the reminder is written; she checks in before they end.
      const minute = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
      await api.http().put('/api/me/delivery-settings').set('Authorization', `Bearer ${cat.token}`).send({ timeZone: 'UTC', quietStartMin: (minute + 1439) % 1440, quietEndMin: (minute + 30) % 1440 }).expect(200);
      const city = await prisma.city.create({ data: { name: 'Reminder City', slug: `reminder-${Date.now()}`, timeZone: 'Europe/Paris', region: 'south', tier: 'T1' } });
      const t = Date.now();
      const c = await prisma.challenge.create({
        data: { cityId: city.id, localDate: '2027-01-02', startsAt: new Date(t + 3_600_000), registrationOpensAt: new Date(t - 86_400_000), checkInOpensAt: new Date(t - 1000), checkInClosesAt: new Date(t + 3_000_000), status: 'check_in_open', prizePoolCents: 50_000, prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 } },
      });
      await prisma.registration.createMany({
        data: [
          { challengeId: c.id, userId: a.id, status: 'registered', position: 1, checkedInAt: new Date() },
          { challengeId: c.id, userId: b.id, status: 'registered', position: 2 },
          { challengeId: c.id, userId: cat.id, status: 'registered', position: 3 },
        ],
      });
      const reminders = worker.get(RemindersService);
      await Promise.all([reminders.fire({ kind: 'check_in_open', id: c.id }), reminders.fire({ kind: 'check_in_open', id: c.id })]);
      const benMail = await smtp.waitFor((m) => m.to === 'ben@example.com' && m.subject === 'Reminder City: check-in is open');
      // Ben never saved a zone: his mail is written in the zone of the city he registered in, not UTC (issue 43)
      expect(benMail.text).toContain('Times are in Europe/Paris');
      expect(benMail.text).toMatch(/GMT\+1|CET/);

      // Cat checks in while her reminder is held; when her quiet hours end it is no longer true, and it is not sent.
      await prisma.registration.updateMany({ where: { challengeId: c.id, userId: cat.id }, data: { checkedInAt: new Date() } });
      await api.http().put('/api/me/delivery-settings').set('Authorization', `Bearer ${cat.token}`).send({ quietStartMin: 0, quietEndMin: 0 }).expect(200);
      await env.sql(`UPDATE deliveries SET due_at = now() WHERE notification_id IN (SELECT id FROM notifications WHERE user_id = $1)`, [cat.id]);
      const catDone = `SELECT d.status::text AS status, d.detail FROM deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.user_id = $1 AND n.kind = 'reminder.check_in_open' AND d.channel = 'email'`;
      await eventually(async () => (await env.sql<{ status: string }>(catDone, [cat.id])).every((d) => d.status === 'skipped'), 15_000, 'Cat’s held reminder to be done with');
      expect(await env.sql(catDone, [cat.id])).toEqual([{ status: 'skipped', detail: 'no longer applies' }]);
      await new Promise((r) => setTimeout(r, 500));
      // Ann had checked in before it was written: not reminded at all
      expect(smtp.inbox.filter((m) => m.subject === 'Reminder City: check-in is open').map((m) => m.to)).toEqual(['ben@example.com']);

      // 10 minutes before the close: the closing reminder is early now (queued again for its time), then due
      await expect(reminders.fire({ kind: 'check_in_closing', id: c.id })).resolves.toBe(0);
      await prisma.challenge.update({ where: { id: c.id }, data: { checkInClosesAt: new Date(Date.now() + 9 * 60_000) } });
      await expect(reminders.fire({ kind: 'check_in_closing', id: c.id })).resolves.toBe(1);
      await smtp.waitFor((m) => m.to === 'ben@example.com' && m.subject === 'Reminder City: check-in closes in 10 minutes');
      expect(smtp.inbox.some((m) => m.to !== 'ben@example.com' && m.subject.includes('closes in 10 minutes'))).toBe(false);
    });
  });
});

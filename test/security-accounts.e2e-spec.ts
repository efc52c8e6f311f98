import { randomBytes } from 'node:crypto';
import { AfterAnswer } from '../apps/api/src/account-recovery/after-answer';
import { hashToken } from '../apps/api/src/account-recovery/account-recovery.service';
import type { TestApi } from './support/api';
import { holding, lockWaiters } from './support/locks';
import { startReach, type ReachEnv } from './support/reach-env';
import { linkToken, type SmtpReceiver } from './support/smtp-receiver';
import { eventually } from './support/temp-redis';
import type { TestEnv } from './support/test-env';

const PASSWORD = 'correct horse battery';
const ATTACKER = 'the attacker chose this';

/**
 * Issue 36, the third security pass, the accounts' part: reset links that outlived a password change and a
 * change of address, mail bombing through the change of address, what the answers gave away, addresses with
 * line breaks, and names that pass for staff. Mail goes through a real SMTP server the test runs.
 */
describe('security: accounts by e-mail and names (issue 36)', () => {
  let reach: ReachEnv;
  let env: TestEnv;
  let api: TestApi;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    // Every request comes from 127.0.0.1: the per-client-address counts are another suite's (login-rate-limit, reach-players).
    reach = await startReach('security_accounts', { ACCOUNT_MAIL_RATE_LIMIT: '3', ACCOUNT_MAIL_RATE_LIMIT_PER_TARGET: '3', ACCOUNT_MAIL_RATE_LIMIT_PER_ADDRESS: '1000', LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' });
    ({ env, api, smtp } = reach);
  });
  afterAll(() => reach?.close());

  const mail = (to: string, subject: string) => smtp.waitFor((m) => m.to === to && m.subject === subject);
  const inbox = (to: string) => smtp.inbox.filter((m) => m.to === to);
  const askReset = (email: string) => api.http().post('/api/auth/password-reset/request').send({ email });
  const reset = (token: string, password: string) => api.http().post('/api/auth/password-reset').send({ token, password });
  const askChange = (token: string, newEmail: string) => api.http().post('/api/auth/email/change').set('Authorization', `Bearer ${token}`).send({ newEmail, currentPassword: PASSWORD });
  const login = async (email: string, password: string) => (await api.http().post('/api/auth/login').send({ email, password })).status;
  /** The mail work the answers did not wait for, done. */
  const afterAnswers = () => api.app.get(AfterAnswer).settled();
  const count = async (sql: string, params: unknown[]) => Number((await env.sql<{ n: string }>(sql, params))[0].n);

  describe('reset links end with the password and the address they were mailed for', () => {
    it('a password change revokes the reset link and the change-of-address link mailed before it (410 TOKEN_USED); the new password stands', async () => {
      const owner = await api.user({ email: 'pat@example.com' });
      expect((await askReset('pat@example.com')).status).toBe(202);
      const resetMail = await mail('pat@example.com', 'Reset your password');
      expect((await askChange(owner.token, 'pat.attacker@example.com')).status).toBe(202);
      const changeMail = await mail('pat.attacker@example.com', 'Confirm your new e-mail address');

      const changed = await api.http().post('/api/auth/password').set('Authorization', `Bearer ${owner.token}`).send({ currentPassword: PASSWORD, newPassword: 'the owner took it back' });
      expect(changed.status).toBe(200);

      const stale = await reset(linkToken(resetMail), ATTACKER);
      expect([stale.status, stale.body.code]).toEqual([410, 'TOKEN_USED']);
      const moved = await api.http().post('/api/auth/email/change/confirm').send({ token: linkToken(changeMail) });
      expect([moved.status, moved.body.code]).toEqual([410, 'TOKEN_USED']);
      expect(await login('pat@example.com', ATTACKER)).toBe(401);
      expect(await login('pat.attacker@example.com', 'the owner took it back')).toBe(401);
      expect(await login('pat@example.com', 'the owner took it back')).toBe(200);
    });

    it('a completed reset revokes every other reset link of the account (one mailed by a request racing it)', async () => {
      await api.user({ email: 'rae@example.com' });
      await askReset('rae@example.com');
      const first = await mail('rae@example.com', 'Reset your password');
      // Two requests at the same moment can each leave a live link (neither sees the other's to revoke).
      const racing = randomBytes(32).toString('base64url');
      await env.sql(
        `INSERT INTO account_tokens (id, user_id, purpose, token_hash, email, expires_at)
         SELECT gen_random_uuid(), id, 'reset_password', $1, email, now() + interval '30 minutes' FROM users WHERE email = 'rae@example.com'`,
        [hashToken(racing)],
      );
      expect((await reset(linkToken(first), 'the owner chose this')).status).toBe(200);
      const second = await reset(racing, ATTACKER);
      expect([second.status, second.body.code]).toEqual([410, 'TOKEN_USED']);
      expect(await login('rae@example.com', ATTACKER)).toBe(401);
      expect(await login('rae@example.com', 'the owner chose this')).toBe(200);
    });

    it('a change of address revokes the reset link mailed to the old address, and the old address is told, in the account’s language', async () => {
      const res = await api.http().post('/api/auth/register').send({ email: 'lia@example.com', password: PASSWORD, displayName: 'Lia Mora', locale: 'es' });
      expect(res.status).toBe(201);
      await askReset('lia@example.com');
      const resetMail = await mail('lia@example.com', 'Restablece tu contraseña');
      expect((await askChange(res.body.accessToken, 'lia.new@example.com')).status).toBe(202);
      const changeMail = await mail('lia.new@example.com', 'Confirma tu nuevo correo electrónico');
      const confirmed = await api.http().post('/api/auth/email/change/confirm').send({ token: linkToken(changeMail) });
      expect([confirmed.status, confirmed.body.email]).toEqual([200, 'lia.new@example.com']);

      const notice = await mail('lia@example.com', 'Cambió el correo de tu cuenta');
      expect(notice.text).toContain('li***@example.com');
      expect(notice.text).not.toContain('lia.new@example.com');
      const stale = await reset(linkToken(resetMail), ATTACKER);
      expect([stale.status, stale.body.code]).toEqual([410, 'TOKEN_USED']);
      expect(await login('lia.new@example.com', ATTACKER)).toBe(401);
      expect(await login('lia.new@example.com', PASSWORD)).toBe(200);
    });
  });

  describe('mail to an address someone else names', () => {
    it('three accounts asking three times each (and a fourth with a +tag) to move to one address: every ask is answered 202 alike, the address receives 3 mails', async () => {
      const askers = await Promise.all([1, 2, 3, 4].map(() => api.user()));
      const answers = [];
      for (const a of askers.slice(0, 3)) for (let i = 0; i < 3; i += 1) answers.push(await askChange(a.token, 'victim@example.com'));
      // its "+tag" reaches the same mailbox and is counted with it
      answers.push(await askChange(askers[3].token, 'Victim+more@example.com'));
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(202));
      expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
      await afterAnswers();

      // A link is mailed only with its token: 3 tokens, 3 mails.
      expect(await count(`SELECT count(*)::text AS n FROM account_tokens WHERE email LIKE 'victim%@example.com'`, [])).toBe(3);
      await eventually(async () => inbox('victim@example.com').length === 3, 20_000, 'the 3 mails the address may receive');
      expect(inbox('victim+more@example.com')).toHaveLength(0);
      // each asker's own count still holds: a 4th ask is over it
      const fourth = await askChange(askers[1].token, 'other@example.com');
      expect([fourth.status, fourth.body.code]).toEqual([429, 'RATE_LIMITED']);
    });

    it('a taken address is answered like a free one (202, the same body); its owner is told instead of getting a link', async () => {
      await api.user({ email: 'owen@example.com' });
      const asker = await api.user();
      const taken = await askChange(asker.token, 'OWEN@example.com');
      const free = await askChange(asker.token, 'fay@example.com');
      expect([taken.status, taken.body]).toEqual([202, free.body]);
      expect(free.status).toBe(202);

      const notice = await mail('owen@example.com', 'Someone asked to use this address');
      expect(notice.text).toContain('nothing changed');
      expect(linkToken.bind(null, notice)).toThrow();
      await mail('fay@example.com', 'Confirm your new e-mail address');
      await afterAnswers();
      expect(await count(`SELECT count(*)::text AS n FROM account_tokens WHERE email = $1 AND purpose = 'change_email'`, ['owen@example.com'])).toBe(0);
    });

    it('a reset request is answered before the address is looked up: the same 202 for a known and an unknown address while the mail work waits', async () => {
      await api.user({ email: 'sol@example.com' });
      await askReset('sol@example.com');
      await mail('sol@example.com', 'Reset your password');
      // The next link revokes this one first: holding its row holds the mail work, not the answer.
      await holding(env, `SELECT 1 FROM account_tokens WHERE email = $1 AND purpose = 'reset_password' FOR UPDATE`, ['sol@example.com'], async (release) => {
        const known = await askReset('sol@example.com').timeout(10_000);
        const unknown = await askReset('nobody-sol@example.com').timeout(10_000);
        expect([known.status, known.body]).toEqual([202, unknown.body]);
        expect(unknown.status).toBe(202);
        await eventually(async () => (await lockWaiters(env)) >= 1, 10_000, 'the mail work waiting on the held link');
        expect(inbox('sol@example.com').filter((m) => m.subject === 'Reset your password')).toHaveLength(1);
        await release();
      });
      await smtp.waitFor(() => inbox('sol@example.com').filter((m) => m.subject === 'Reset your password').length === 2);
      await afterAnswers();
      expect(inbox('nobody-sol@example.com')).toHaveLength(0);
    });
  });

  describe('addresses with control characters or a quoted part', () => {
    const forged = '"x\r\nsubject: pwned"@victim.example';
    it.each([
      ['a quoted part with CR/LF', forged],
      ['a quoted part with a bare LF', '"x\nbcc: all@victim.example"@victim.example'],
      ['a quoted part', '"ana banana"@example.com'],
    ])('refuses %s with 400 EMAIL_INVALID at sign-up, change of address and reset request, sending and storing nothing', async (_what, email) => {
      const users = await count('SELECT count(*)::text AS n FROM users', []);
      const signUp = await api.http().post('/api/auth/register').send({ email, password: PASSWORD, displayName: `Quoted ${users}` });
      expect([signUp.status, signUp.body.code, signUp.body.details?.[0]?.field]).toEqual([400, 'EMAIL_INVALID', 'email']);
      const asker = await api.user();
      const change = await askChange(asker.token, email);
      expect([change.status, change.body.code, change.body.details?.[0]?.field]).toEqual([400, 'EMAIL_INVALID', 'newEmail']);
      const asked = await askReset(email);
      expect([asked.status, asked.body.code, asked.body.details?.[0]?.field]).toEqual([400, 'EMAIL_INVALID', 'email']);
      await afterAnswers();
      expect(await count('SELECT count(*)::text AS n FROM users', [])).toBe(users + 1);
      expect(await count(`SELECT count(*)::text AS n FROM account_tokens WHERE email LIKE '"%'`, [])).toBe(0);
      expect(smtp.inbox.some((m) => m.to.includes('victim.example') || m.subject.includes('pwned'))).toBe(false);
    });
  });

  describe('names that pass for staff', () => {
    let n = 0;
    const register = (displayName: string) => api.http().post('/api/auth/register').send({ email: `name-${++n}@example.com`, password: PASSWORD, displayName });
    const users = async () => count('SELECT count(*)::text AS n FROM users', []);

    it.each([
      ['a tatweel inside', 'Demo Adm\u0640in'],
      ['a small capital', 'Demo \u1d00dmin'],
      ['a staff word in brackets', 'Demo Admin (staff)'],
      ['the staff word alone', 'Admin'],
      ['digits for letters', 'Adm1n'],
      ['a Spanish staff word', 'Directora Ana'],
      ['the platform’s name', 'D.C.S Team'],
    ])('refuses %s ("%s") as 409 DISPLAY_NAME_TAKEN, creating nobody', async (_what, name) => {
      const before = await users();
      const res = await register(name);
      expect([res.status, res.body.code, res.body.details?.[0]?.field]).toEqual([409, 'DISPLAY_NAME_TAKEN', 'displayName']);
      expect(await users()).toBe(before);
    });

    it('refuses a tatweel or small-capital look-alike of a player’s name; a name that only holds the letters passes', async () => {
      expect((await register('Rosa Parks')).status).toBe(201);
      for (const look of ['Rosa Pa\u0640rks', 'Rosa \u1d18arks', 'Rosa \u{1f17f}arks']) {
        const res = await register(look);
        expect([look, res.status, res.body.code]).toEqual([look, 409, 'DISPLAY_NAME_TAKEN']);
      }
      expect((await register('Badminton Rosa')).status).toBe(201);
    });

    it('refuses control characters in a name (400), creating nobody', async () => {
      const before = await users();
      const crlf = await register('Ana\r\nSubject: x');
      expect([crlf.status, crlf.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      const c1 = await register('Ana\u0085B');
      expect([c1.status, c1.body.code]).toEqual([400, 'DISPLAY_NAME_INVALID']);
      const del = await register('Ana\u007fB');
      expect([del.status, del.body.code]).toEqual([400, 'DISPLAY_NAME_INVALID']);
      expect(await users()).toBe(before);
    });
  });
});

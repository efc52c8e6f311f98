import { formatInstant, PrismaService } from '@dcs/common';
import { ChallengeFlowService, WalletRepository } from '@dcs/tournament';
import type { TestApi } from './support/api';
import { challengeWithPlayers, scoresAtHardStop } from './support/challenge-fixtures';
import type { PushReceiver } from './support/push-receiver';
import { startReach, type ReachEnv } from './support/reach-env';
import { linkToken, type SmtpReceiver } from './support/smtp-receiver';
import { eventually } from './support/temp-redis';
import type { TestEnv } from './support/test-env';

/**
 * Issue 28: the notices told when their fact happens — the next round after the break, a review-board case
 * opened on a player, its penalty and appeal, a wallet going into debt — reach the player by e-mail (a real
 * SMTP server) and Web Push (a push service run by the test), once, in their language and time zone.
 */
describe('reaching the players: the next round, a case, a penalty, an appeal, a debt', () => {
  let reach: ReachEnv;
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let smtp: SmtpReceiver;
  let push: PushReceiver;
  const auth = (t: { token: string }) => ({ Authorization: `Bearer ${t.token}` });

  beforeAll(async () => {
    reach = await startReach('notices', { ANTICHEAT_SCAN_INTERVAL_MS: '3600000', APPEAL_SWEEP_INTERVAL_MS: '3600000' });
    ({ env, api, smtp, push } = reach);
    prisma = api.app.get(PrismaService);
  });
  afterAll(() => reach?.close());

  /** A player with a confirmed address (the link of the mail the SMTP server received), in `locale`. */
  const verifiedPlayer = async (name: string, locale: 'en' | 'es' = 'en') => {
    const email = `${name}@example.com`;
    const res = await api.http().post('/api/auth/register').send({ email, password: 'correct horse battery', displayName: name, locale });
    expect(res.status).toBe(201);
    const mail = await smtp.waitFor((m) => m.to === email);
    expect((await api.http().post('/api/auth/email/verify').send({ token: linkToken(mail) })).status).toBe(200);
    return { id: res.body.user.id as string, token: res.body.accessToken as string, email };
  };
  const mailsTo = (email: string, kind?: (subject: string) => boolean) => smtp.inbox.filter((m) => m.to === email && (!kind || kind(m.subject)));
  const noticesOf = (userId: string, kind: string) => prisma.notification.findMany({ where: { userId, kind } });

  describe('the next round after the break', () => {
    it('tells every player still in (advancers and byes, not those out) when the round is seated, in their zone and language, once', async () => {
      // 17 checked in: round 1 is one 3-player table, the 14 top seeds have byes (SPEC 3.2)
      const fx = await challengeWithPlayers(prisma, { checkedIn: 17, breakSeconds: 120 });
      const flow = api.app.get(ChallengeFlowService);
      expect(await flow.start(fx.challengeId)).toBe('started');
      const round = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 1 }, include: { tables: { include: { games: true, seats: true } } } });
      const [table] = round.tables;
      const bySeat = (seat: number) => table.seats.find((s) => s.seat === seat)!.userId;
      // the scores at the hard stop: seat 0 first, seat 1 second (both advance), seat 2 out
      await scoresAtHardStop(prisma, table.games[0], (seat) => 40 - 10 * seat);

      // the winner reads Spanish in Mexico City and wants this one by e-mail too; the player who is out would get it by e-mail as well
      const [winner, out, bye] = [bySeat(0), bySeat(2), (round.byes as string[])[0]];
      await env.sql(`UPDATE users SET email_verified_at = now(), locale = CASE WHEN id = '${winner}' THEN 'es' ELSE 'en' END WHERE id IN ('${winner}', '${out}', '${bye}')`);
      const wantsMail = JSON.stringify({ 'reminder.next_round': { email: true } });
      for (const [id, zone] of [[winner, 'America/Mexico_City'], [out, 'UTC'], [bye, 'Asia/Tokyo']]) {
        await env.sql(`INSERT INTO delivery_settings (user_id, time_zone, prefs, updated_at) VALUES ('${id}', '${zone}', '${wantsMail}'::jsonb, now())`);
      }
      const device = push.device();
      await env.sql(`INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth) VALUES (gen_random_uuid(), '${winner}', '${device.subscription.endpoint}', '${device.subscription.keys.p256dh}', '${device.subscription.keys.auth}')`);

      await prisma.round.update({ where: { id: round.id }, data: { hardStopAt: new Date(Date.now() - 1000) } });
      await flow.hardStop(round.id);
      await flow.hardStop(round.id); // the job run twice tells nobody twice
      const next = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 2 } });
      expect(next.status).toBe('pending');

      const told = await prisma.notification.findMany({ where: { kind: 'reminder.next_round', data: { path: ['challengeId'], equals: fx.challengeId } } });
      expect(told.map((n) => n.userId).sort()).toEqual([...(round.byes as string[]), winner, bySeat(1)].sort());
      expect(told.some((n) => n.userId === out)).toBe(false);

      const cityName = (await prisma.city.findUniqueOrThrow({ where: { id: fx.cityId } })).name;
      const mail = await smtp.waitFor((m) => m.subject.startsWith(`${cityName}: la ronda 2 empieza`));
      // the one formatter of the page and the e-mails (issue 43), in each player's zone and language
      const local = (timeZone: string, language: string) => formatInstant(next.startsAt!, { timeZone, language });
      expect(mail.subject).toContain(local('America/Mexico_City', 'es'));
      expect(mail.text).toContain('Las horas están en America/Mexico_City');
      expect(mail.text).toContain('Sigues en el desafío');
      expect(mail.text).toContain(`https://dcs.test/challenges/${fx.challengeId}`);
      const byeMail = await smtp.waitFor((m) => m.subject.startsWith(`${cityName}: round 2 starts at`));
      expect(byeMail.subject).toContain(local('Asia/Tokyo', 'en'));
      const pushed = await push.waitFor((m) => m.device === device.id && m.payload.kind === 'reminder.next_round');
      expect(pushed.payload).toMatchObject({ kind: 'reminder.next_round', url: `/challenges/${fx.challengeId}` });
      expect(String(pushed.payload.title)).toContain(local('America/Mexico_City', 'es'));

      await eventually(async () => (await env.sql(`SELECT 1 FROM deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.kind = 'reminder.next_round' AND n.user_id = '${winner}' AND d.status = 'sent'`)).length === 2, 10_000, 'both sent');
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.inbox.filter((m) => m.subject.startsWith(`${cityName}:`))).toHaveLength(2);
      expect(push.received.filter((m) => m.device === device.id && m.payload.kind === 'reminder.next_round')).toHaveLength(1);
    }, 60_000);
  });

  describe('the review board', () => {
    it('tells a player of a case opened on them (not what it holds), then its penalty and their appeal’s outcome, by e-mail and push', async () => {
      const reviewer = await api.user({ roles: ['reviewer'] });
      const independent = await api.user({ roles: ['reviewer'] });
      const player = await verifiedPlayer('carla', 'es');
      const device = push.device();
      expect((await api.http().post('/api/me/push-subscriptions').set(auth(player)).send(device.subscription)).status).toBe(201);
      expect((await api.http().put('/api/me/delivery-settings').set(auth(player)).send({ kinds: [{ kind: 'integrity.case_opened', push: true }] })).status).toBe(200);

      const opened = await api.http().post('/api/integrity/cases').set(auth(reviewer)).send({ subjectIds: [player.id], summary: 'seen peeking at the final table of the secret witness' });
      expect(opened.status).toBe(201);
      const caseMail = await smtp.waitFor((m) => m.to === player.email && m.subject === 'Se abrió un caso de la junta de revisión sobre ti');
      expect(caseMail.text).toContain('Un caso no es una sanción');
      expect(caseMail.text).not.toContain('secret witness');
      expect(caseMail.text).toContain('https://dcs.test/me/record');
      const casePush = await push.waitFor((m) => m.device === device.id && m.payload.kind === 'integrity.case_opened');
      expect(casePush.payload.body).not.toContain('secret witness');

      const decided = await api.http().post(`/api/integrity/cases/${opened.body.id}/decisions`).set(auth(reviewer)).send({ userId: player.id, finding: 'minor', reason: 'the board reviewed the games and replays' });
      expect(decided.status).toBe(201);
      // Carla reads Spanish: the decision and the appeal's outcome come in her language too.
      await smtp.waitFor((m) => m.to === player.email && m.subject === 'Una decisión del comité de revisión');
      await push.waitFor((m) => m.device === device.id && m.payload.kind === 'integrity.penalty');
      const appeal = await api.http().post('/api/appeals').set(auth(player)).send({ decisionId: decided.body.id, statement: 'I was only looking at my own tiles, ask the table' });
      expect(appeal.status).toBe(201);
      expect((await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(auth(independent)).send({ outcome: 'overturned', reason: 'the replay shows no peeking' })).status).toBe(200);
      const appealMail = await smtp.waitFor((m) => m.to === player.email && m.subject === 'Tu apelación fue resuelta');
      expect(appealMail.text).toContain('anulada: the replay shows no peeking');
      await push.waitFor((m) => m.device === device.id && m.payload.kind === 'integrity.appeal_decided');

      // a community report joining the open case tells nobody again; one opening a new case does
      const reporter = await api.user();
      const other = await verifiedPlayer('dario');
      expect((await api.http().post('/api/reports').set(auth(reporter)).send({ subjectId: other.id, category: 'cheating', description: 'always knows my hand' })).status).toBe(201);
      expect((await api.http().post('/api/reports').set(auth(await api.user())).send({ subjectId: other.id, category: 'cheating', description: 'knows every tile I hold' })).status).toBe(201);
      const reportMail = await smtp.waitFor((m) => m.to === other.email && m.subject === 'A review board case was opened on you');
      expect(reportMail.text).toContain('after a community report');
      expect(reportMail.text).not.toContain('knows my hand');
      await new Promise((r) => setTimeout(r, 500));
      expect(mailsTo(other.email, (s) => s.includes('case was opened'))).toHaveLength(1);
      expect(await noticesOf(other.id, 'integrity.case_opened')).toHaveLength(1);
      expect(mailsTo(player.email, (s) => s.startsWith('Se abrió un caso'))).toHaveLength(1);
    }, 60_000);
  });

  describe('a wallet in debt', () => {
    it('tells the player when a fine puts their wallet in debt and each time it deepens, once per fine, never for a fine the balance covers', async () => {
      const player = await verifiedPlayer('erik');
      const wallets = api.app.get(WalletRepository);
      const fine = (amount: number, key: string) => prisma.$transaction((tx) => wallets.fine(tx, player.id, 'DD', amount, key, { reason: 'tournament clock run-out' }));
      await fine(1000, `fine:debt-1-${player.id}`);
      const first = await smtp.waitFor((m) => m.to === player.email && m.subject === 'Your DD wallet is in debt: you owe 1000 DD');
      expect(first.text).toContain('A fine of 1000 DD was more than your balance');
      expect(first.text).toContain('https://dcs.test/me/wallet');
      await fine(1000, `fine:debt-1-${player.id}`); // the same fine retried
      await fine(500, `fine:debt-2-${player.id}`);
      await smtp.waitFor((m) => m.to === player.email && m.subject === 'Your DD wallet is in debt: you owe 1500 DD');
      expect(await noticesOf(player.id, 'wallet.debt')).toHaveLength(2);

      // a credit pays the debt first; a fine the balance then covers tells nothing
      await prisma.$transaction((tx) => wallets.post(tx, { userId: player.id, currency: 'DD', kind: 'grant', amount: 5000, dedupeKey: `grant:debt-${player.id}`, reason: 'test grant' }));
      await fine(1000, `fine:debt-3-${player.id}`);
      await new Promise((r) => setTimeout(r, 800));
      expect(mailsTo(player.email, (s) => s.startsWith('Your DD wallet is in debt'))).toHaveLength(2);
      expect(await noticesOf(player.id, 'wallet.debt')).toHaveLength(2);
    });
  });
});

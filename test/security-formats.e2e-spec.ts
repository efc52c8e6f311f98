import { PrismaService } from '@dcs/common';
import { startApi, TestApi } from './support/api';
import { icsTextOf, parseIcs, type IcsComponent } from './support/ical';
import { createTestEnv, TestEnv } from './support/test-env';

type Body = Record<string, unknown>;

/** What an attacker put in a city's name: a line break ends the calendar's NAME line and forges an event. */
const HOSTILE = 'Evil\r\nBEGIN:VEVENT\r\nUID:forged@evil\r\nDTSTART:20300105T170000Z\r\nSUMMARY:pwned\r\nEND:VEVENT\r\nX-EVIL:1';
/** The same name as the feed writes it: each run of control characters one space. */
const HOSTILE_AS_TEXT = 'Evil BEGIN:VEVENT UID:forged@evil DTSTART:20300105T170000Z SUMMARY:pwned END:VEVENT X-EVIL:1';

/** Every kind of character the rule refuses (docs/rules.md, "Text that reaches a file format"). */
const CONTROLS: [string, string][] = [
  ['CR LF', '\r\n'],
  ['LF', '\n'],
  ['CR', '\r'],
  ['TAB', '\t'],
  ['ESC (C0)', '\u001b'],
  ['DEL', '\u007f'],
  ['NEL (C1)', '\u0085'],
  ['LINE SEPARATOR', '\u2028'],
  ['PARAGRAPH SEPARATOR', '\u2029'],
  ['RIGHT-TO-LEFT OVERRIDE', '\u202e'],
  ['RIGHT-TO-LEFT ISOLATE', '\u2067'],
];

/**
 * Issue 36, "iCalendar injection": city names accepted CR/LF and the feeds wrote the calendar's NAME and
 * X-WR-CALNAME raw, so `POST /api/cities {"name": "Evil\r\nBEGIN:VEVENT…"}` put a forged event in every
 * subscriber's calendar. Names and short texts that reach a file format refuse control characters, and the
 * feed escapes every text value, so a name stored before the rule is text too (read by a strict parser).
 */
describe('security: text that reaches a file format', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let admin: { id: string; token: string };

  beforeAll(async () => {
    env = await createTestEnv('security_formats');
    api = await startApi(env, env.config({ PUBLIC_URL: 'https://dcs.test' }));
    prisma = api.app.get(PrismaService);
    admin = await api.user({ roles: ['admin'] });
  });
  afterAll(async () => {
    await api?.close();
    await env?.drop();
  });

  const as = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` });
  let slugs = 0;
  const cityBody = (name: string) => ({ name, slug: `fmt-${Date.now()}-${(slugs += 1)}`, timeZone: 'America/Chicago', region: 'south', tier: 'T2' });
  /** 400 VALIDATION_FAILED naming `field` as holding control characters. */
  const expectRefused = (res: { status: number; body: Body }, field: string) => {
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.body.details).toEqual(expect.arrayContaining([{ field, problems: expect.arrayContaining([expect.stringContaining('control characters')]) }]));
  };
  const cityNamed = (name: string) => prisma.city.create({ data: { name, slug: `fmt-db-${Date.now()}-${(slugs += 1)}`, timeZone: 'America/Chicago', region: 'south', tier: 'T1' } });
  const challengeOf = (cityId: string, localDate: string) => {
    const at = new Date(`${localDate}T18:00:00Z`);
    return prisma.challenge.create({
      data: {
        cityId,
        localDate,
        startsAt: at,
        registrationOpensAt: new Date(at.getTime() - 5 * 86_400_000),
        checkInOpensAt: new Date(at.getTime() - 3_600_000),
        checkInClosesAt: new Date(at.getTime() - 300_000),
        status: 'registration_open',
        prizePoolCents: 50_000,
        prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 },
      },
    });
  };
  const feed = async (path: string): Promise<IcsComponent> => {
    const res = await api.http().get(path).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    return parseIcs(res.text);
  };

  it('POST /api/cities refuses a name holding any control, separator or direction character: 400, no city made', async () => {
    const before = await prisma.city.count();
    expectRefused(await api.http().post('/api/cities').set(as(admin)).send(cityBody(HOSTILE)), 'name');
    for (const [what, c] of CONTROLS) {
      const res = await api.http().post('/api/cities').set(as(admin)).send(cityBody(`Evil${c}Town`));
      expect([what, res.status]).toEqual([what, 400]);
      expectRefused(res, 'name');
    }
    expect(await prisma.city.count()).toBe(before);
  });

  it('PATCH /api/cities/:id refuses the hostile name, and a reason with a line break: 400, the city unchanged', async () => {
    const made = await api.http().post('/api/cities').set(as(admin)).send(cityBody('Plainville')).expect(201);
    const id = made.body.id as string;
    const audited = await prisma.auditLog.count({ where: { entityId: id } });
    expectRefused(await api.http().patch(`/api/cities/${id}`).set(as(admin)).send({ name: HOSTILE, reason: 'rename' }), 'name');
    expectRefused(await api.http().patch(`/api/cities/${id}`).set(as(admin)).send({ name: 'Evil\u202eTown', reason: 'rename' }), 'name');
    expectRefused(await api.http().patch(`/api/cities/${id}`).set(as(admin)).send({ tier: 'T1', reason: 'why\r\nBcc: everyone' }), 'reason');
    const city = await prisma.city.findUniqueOrThrow({ where: { id } });
    expect([city.name, city.tier]).toEqual(['Plainville', 'T2']);
    expect(await prisma.auditLog.count({ where: { entityId: id } })).toBe(audited);
  });

  it("a director's reasons, an admin's wallet correction and a conduct reason refuse control characters but keep a line break typed in their text box (LF alone)", async () => {
    const city = await cityNamed('Reasonville');
    const challenge = await challengeOf(city.id, '2030-02-02');
    const player = await api.user();
    expectRefused(await api.http().post(`/api/challenges/${challenge.id}/cancel`).set(as(admin)).send({ reason: 'storm\r\nwarning' }), 'reason');
    expectRefused(await api.http().patch(`/api/challenges/${challenge.id}`).set(as(admin)).send({ tier: 'T1', reason: 'upgrade\u2028now' }), 'reason');
    expectRefused(await api.http().post(`/api/users/${player.id}/wallet/corrections`).set(as(admin)).send({ currency: 'DD', amount: 5, reason: 'refund\tx', requestId: '4b8f7c2e-1d3a-4e5f-9a6b-7c8d9e0f1a2b' }), 'reason');
    expectRefused(await api.http().post('/api/conduct/violations').set(as(admin)).send({ userId: player.id, reason: 'abuse\tat the table', sanctions: [{ kind: 'chat_restriction', hours: 1 }] }), 'reason');
    expect((await prisma.challenge.findUniqueOrThrow({ where: { id: challenge.id } })).status).toBe('registration_open');
    expect(await prisma.walletEntry.count({ where: { userId: player.id } })).toBe(0);
    expect(await prisma.conductViolation.count({ where: { userId: player.id } })).toBe(0);
    const filed = await api.http().post('/api/conduct/violations').set(as(admin)).send({ userId: player.id, reason: 'abuse at the table\nsecond warning', sanctions: [{ kind: 'chat_restriction', hours: 1 }] });
    expect(filed.status).toBe(201);
    expect(filed.body.reason).toBe('abuse at the table\nsecond warning');
    const corrected = await api.http().post(`/api/users/${player.id}/wallet/corrections`).set(as(admin)).send({ currency: 'DD', amount: 5, reason: 'refund\nticket 42', requestId: '5c9f8d3e-2e4b-4f6a-8b7c-8d9e0f1a2b3c' });
    expect(corrected.status).toBe(200);
  });

  it('a hostile name stored before the rule is plain text in the city feed and the challenge .ics: exactly the expected events, nothing forged', async () => {
    const city = await cityNamed(HOSTILE);
    const [one, two] = [await challengeOf(city.id, '2030-01-05'), await challengeOf(city.id, '2030-01-12')];

    const cal = await feed(`/api/cities/${city.id}/calendar.ics`);
    expect(cal.type).toBe('VCALENDAR');
    expect(icsTextOf(cal, 'NAME')).toBe(`DCS ${HOSTILE_AS_TEXT}`);
    expect(icsTextOf(cal, 'X-WR-CALNAME')).toBe(`DCS ${HOSTILE_AS_TEXT}`);
    expect(cal.properties.some((p) => p.name === 'X-EVIL')).toBe(false);
    expect(cal.components.map((c) => c.type)).toEqual(['VEVENT', 'VEVENT', 'VEVENT', 'VEVENT']);
    const uids = cal.components.map((e) => icsTextOf(e, 'UID')).sort();
    expect(uids).toEqual([one.id, two.id].flatMap((id) => [`challenge-${id}@dcs.test`, `checkin-${id}@dcs.test`]).sort());
    for (const e of cal.components) {
      expect(icsTextOf(e, 'LOCATION')).toBe(HOSTILE_AS_TEXT);
      expect(icsTextOf(e, 'SUMMARY')).toContain(`DCS ${HOSTILE_AS_TEXT} challenge`);
      expect(e.components).toEqual([]);
    }

    const ics = await feed(`/api/challenges/${one.id}/calendar.ics`);
    expect(icsTextOf(ics, 'NAME')).toBe(`DCS ${HOSTILE_AS_TEXT} 2030-01-05`);
    expect(ics.components.map((e) => icsTextOf(e, 'UID')).sort()).toEqual([`challenge-${one.id}@dcs.test`, `checkin-${one.id}@dcs.test`]);
  });

  it('a name with the characters iCalendar escapes (backslash, semicolon, comma) is taken, and the feed reads it back as it was typed', async () => {
    const name = 'São Paulo; Norte, "Sur" \\ 2';
    const made = await api.http().post('/api/cities').set(as(admin)).send(cityBody(name)).expect(201);
    expect(made.body.name).toBe(name);
    const cal = await feed(`/api/cities/${made.body.id as string}/calendar.ics`);
    expect(icsTextOf(cal, 'NAME')).toBe(`DCS ${name}`);
    expect(icsTextOf(cal, 'X-WR-CALNAME')).toBe(`DCS ${name}`);
    for (const e of cal.components) expect(icsTextOf(e, 'LOCATION')).toBe(name);
  });
});

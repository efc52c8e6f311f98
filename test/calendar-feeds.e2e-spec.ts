import { PrismaService } from '@dcs/common';
import { startApi, TestApi } from './support/api';
import { createTestEnv, TestEnv } from './support/test-env';

/** RFC 5545 read the way a calendar app reads it: lines unfolded, one object per VEVENT. */
function parseIcs(text: string): { calendar: Record<string, string>; events: Record<string, string>[] } {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
  const calendar: Record<string, string> = {};
  const events: Record<string, string>[] = [];
  let event: Record<string, string> | null = null;
  for (const line of lines) {
    const at = line.indexOf(':');
    const name = line.slice(0, at).split(';')[0];
    const value = line.slice(at + 1).replace(/\\n/g, '\n').replace(/\\([,;\\])/g, '$1');
    if (line === 'BEGIN:VEVENT') event = {};
    else if (line === 'END:VEVENT' && event) {
      events.push(event);
      event = null;
    } else if (event) event[name] = value;
    else calendar[name] = value;
  }
  return { calendar, events };
}

/** "20270102T170000Z" as a Date. */
const icsTime = (v: string) => new Date(v.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

/** Issue 28: a city's calendar feed, one challenge's .ics, a player's private feed at a secret URL that can be replaced. */
describe('calendar feeds', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let city: { id: string };
  let soon: { id: string };
  let later: { id: string };

  beforeAll(async () => {
    env = await createTestEnv('calfeed');
    api = await startApi(env, env.config({ PUBLIC_URL: 'https://dcs.test' }));
    prisma = api.app.get(PrismaService);
    city = await prisma.city.create({ data: { name: 'Feedville', slug: `feedville-${Date.now()}`, timeZone: 'America/Chicago', region: 'south', tier: 'T1' } });
    const at = (days: number, hourUtc: number) => new Date(Date.UTC(2030, 0, 5 + days, hourUtc));
    const make = (localDate: string, days: number) =>
      prisma.challenge.create({
        data: {
          cityId: city.id,
          localDate,
          startsAt: at(days, 18),
          registrationOpensAt: at(days - 5, 18),
          checkInOpensAt: at(days, 17),
          checkInClosesAt: new Date(at(days, 17).getTime() + 55 * 60_000),
          status: 'registration_open',
          prizePoolCents: 50_000,
          prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 },
        },
      });
    soon = await make('2030-01-05', 0);
    later = await make('2030-01-12', 7);
  });
  afterAll(async () => {
    await api?.close();
    await env?.drop();
  });

  it("serves a city's coming challenges as iCalendar: the check-in window and the start, UTC times, the city's zone, stable UIDs", async () => {
    const res = await api.http().get(`/api/cities/${city.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { calendar, events } = parseIcs(res.text);
    expect(calendar['X-WR-CALNAME']).toBe('DCS Feedville');
    expect(calendar['X-WR-TIMEZONE']).toBe('America/Chicago');
    expect(events).toHaveLength(4);
    const checkIn = events.find((e) => e.UID === `checkin-${soon.id}@dcs.test`)!;
    const play = events.find((e) => e.UID === `challenge-${soon.id}@dcs.test`)!;
    expect(icsTime(checkIn.DTSTART)).toEqual(new Date('2030-01-05T17:00:00Z'));
    expect(icsTime(checkIn.DTEND)).toEqual(new Date('2030-01-05T17:55:00Z'));
    expect(icsTime(play.DTSTART)).toEqual(new Date('2030-01-05T18:00:00Z'));
    expect(play.SUMMARY).toBe('DCS Feedville challenge (2030-01-05)');
    expect(play.DESCRIPTION).toContain('Play starts at Sat, Jan 5, 12:00 PM CST (America/Chicago)');
    expect(play.URL).toBe(`https://dcs.test/challenges/${soon.id}`);
    expect(events.some((e) => e.UID === `challenge-${later.id}@dcs.test`)).toBe(true);

    // the same UIDs on every read: a calendar app updates the events in place
    const again = parseIcs((await api.http().get(`/api/cities/${city.id}/calendar.ics`)).text);
    expect(again.events.map((e) => e.UID).sort()).toEqual(events.map((e) => e.UID).sort());
    const unknown = await api.http().get('/api/cities/00000000-0000-4000-8000-000000000000/calendar.ics');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('gives one challenge as an .ics download', async () => {
    const res = await api.http().get(`/api/challenges/${soon.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const { events } = parseIcs(res.text);
    expect(events.map((e) => e.UID).sort()).toEqual([`challenge-${soon.id}@dcs.test`, `checkin-${soon.id}@dcs.test`]);
  });

  it("serves a player's registrations at their secret URL; a new URL replaces it and the old one answers 404 CALENDAR_FEED_UNKNOWN", async () => {
    const player = await api.user();
    const other = await api.user();
    await prisma.registration.createMany({
      data: [
        { challengeId: soon.id, userId: player.id, status: 'registered', position: 1 },
        { challengeId: later.id, userId: other.id, status: 'registered', position: 1 },
      ],
    });
    const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
    expect((await api.http().get('/api/me/calendar-feed').set(auth(player.token))).body).toEqual({ active: false });
    const made = await api.http().post('/api/me/calendar-feed').set(auth(player.token));
    expect(made.status).toBe(201);
    const url = new URL(made.body.url as string);
    expect(url.origin).toBe('https://dcs.test');
    expect(url.pathname).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await api.http().get('/api/me/calendar-feed').set(auth(player.token))).body).toEqual({ active: true });

    const feed = await api.http().get(url.pathname);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { events } = parseIcs(feed.text);
    expect(events.map((e) => e.UID).sort()).toEqual([`challenge-${soon.id}@dcs.test`, `checkin-${soon.id}@dcs.test`]);

    // only the hash is kept
    const [row] = await env.sql<{ calendar_hash: string }>(`SELECT calendar_hash FROM delivery_settings WHERE user_id = '${player.id}'`);
    expect(row.calendar_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.calendar_hash).not.toContain(url.pathname.split('/').pop()!.replace('.ics', ''));

    const rotated = await api.http().post('/api/me/calendar-feed').set(auth(player.token));
    const newPath = new URL(rotated.body.url as string).pathname;
    expect(newPath).not.toBe(url.pathname);
    const old = await api.http().get(url.pathname);
    expect([old.status, old.body.code]).toEqual([404, 'CALENDAR_FEED_UNKNOWN']);
    expect((await api.http().get(newPath)).status).toBe(200);
    const guessed = await api.http().get('/api/calendar/not-a-secret.ics');
    expect([guessed.status, guessed.body.code]).toEqual([404, 'CALENDAR_FEED_UNKNOWN']);
    expect((await api.http().post('/api/me/calendar-feed')).status).toBe(401);
  });
});

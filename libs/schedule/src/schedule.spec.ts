import { challengeTimes, DEFAULT_OFFSETS, eventTimes, localDateOf, saturdayNoon, ScheduleInputError, seasonWeek, upcomingSaturdays } from './schedule';

const iso = (t: { startsAt: Date; registrationOpensAt: Date; checkInOpensAt: Date; checkInClosesAt: Date }) => ({
  registrationOpensAt: t.registrationOpensAt.toISOString(),
  checkInOpensAt: t.checkInOpensAt.toISOString(),
  checkInClosesAt: t.checkInClosesAt.toISOString(),
  startsAt: t.startsAt.toISOString(),
});

describe('challenge times: Saturday 12:00 local, windows in local wall-clock time', () => {
  describe('America/New_York (DST ends 2026-11-01, starts 2027-03-14)', () => {
    it('the Saturday before fall-back runs on EDT: Monday 00:00 EDT to 12:00 EDT', () => {
      expect(iso(challengeTimes('America/New_York', '2026-10-31'))).toEqual({
        registrationOpensAt: '2026-10-26T04:00:00.000Z',
        checkInOpensAt: '2026-10-31T15:00:00.000Z',
        checkInClosesAt: '2026-10-31T15:55:00.000Z',
        startsAt: '2026-10-31T16:00:00.000Z',
      });
    });

    it('the Saturday after fall-back runs on EST: one hour later in UTC', () => {
      expect(iso(challengeTimes('America/New_York', '2026-11-07'))).toEqual({
        registrationOpensAt: '2026-11-02T05:00:00.000Z',
        checkInOpensAt: '2026-11-07T16:00:00.000Z',
        checkInClosesAt: '2026-11-07T16:55:00.000Z',
        startsAt: '2026-11-07T17:00:00.000Z',
      });
    });

    it('the Saturday before spring-forward runs on EST', () => {
      expect(iso(challengeTimes('America/New_York', '2027-03-13'))).toEqual({
        registrationOpensAt: '2027-03-08T05:00:00.000Z',
        checkInOpensAt: '2027-03-13T16:00:00.000Z',
        checkInClosesAt: '2027-03-13T16:55:00.000Z',
        startsAt: '2027-03-13T17:00:00.000Z',
      });
    });

    it('the Saturday after spring-forward runs on EDT', () => {
      expect(iso(challengeTimes('America/New_York', '2027-03-20'))).toEqual({
        registrationOpensAt: '2027-03-15T04:00:00.000Z',
        checkInOpensAt: '2027-03-20T15:00:00.000Z',
        checkInClosesAt: '2027-03-20T15:55:00.000Z',
        startsAt: '2027-03-20T16:00:00.000Z',
      });
    });

    it('registration opens on the Monday before at 00:00 on the city\'s clocks, on both sides of each change', () => {
      for (const date of ['2026-10-31', '2026-11-07', '2027-03-13', '2027-03-20']) {
        const { registrationOpensAt } = challengeTimes('America/New_York', date);
        expect(localWall('America/New_York', registrationOpensAt)).toMatch(/^Monday \d{4}-\d{2}-\d{2} 00:00$/);
      }
    });

    it('a week-long registration window that crosses the spring-forward Sunday opens at 12:00 local, not 11:00 (wall-clock, not elapsed)', () => {
      const t = challengeTimes('America/New_York', '2027-03-20', { ...DEFAULT_OFFSETS, registrationOpensMin: 7 * 24 * 60 });
      expect(t.registrationOpensAt.toISOString()).toBe('2027-03-13T17:00:00.000Z'); // 12:00 EST; elapsed time would give 11:00 EST
      expect(localWall('America/New_York', t.registrationOpensAt)).toBe('Saturday 2027-03-13 12:00');
    });

    it('a window opening at a wall-clock time skipped by spring-forward (02:30) opens at 03:30 EDT', () => {
      // 6 days 9 h 30 min before Saturday 2027-03-20 12:00 is Sunday 2027-03-14 02:30, which does not exist.
      const t = challengeTimes('America/New_York', '2027-03-20', { ...DEFAULT_OFFSETS, registrationOpensMin: 6 * 1440 + 570 });
      expect(t.registrationOpensAt.toISOString()).toBe('2027-03-14T07:30:00.000Z');
    });

    it('a window opening at a wall-clock time that happens twice (01:30 on fall-back day) opens at the first of them', () => {
      const t = challengeTimes('America/New_York', '2026-11-07', { ...DEFAULT_OFFSETS, registrationOpensMin: 6 * 1440 + 630 });
      expect(t.registrationOpensAt.toISOString()).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT, not 01:30 EST (06:30Z)
    });
  });

  describe('Europe/London (BST starts 2027-03-28)', () => {
    it('the Saturday before runs on GMT', () => {
      expect(iso(challengeTimes('Europe/London', '2027-03-27'))).toEqual({
        registrationOpensAt: '2027-03-22T00:00:00.000Z',
        checkInOpensAt: '2027-03-27T11:00:00.000Z',
        checkInClosesAt: '2027-03-27T11:55:00.000Z',
        startsAt: '2027-03-27T12:00:00.000Z',
      });
    });

    it('the Saturday after runs on BST: registration opens Monday 00:00 BST, which is Sunday 23:00 UTC', () => {
      expect(iso(challengeTimes('Europe/London', '2027-04-03'))).toEqual({
        registrationOpensAt: '2027-03-28T23:00:00.000Z',
        checkInOpensAt: '2027-04-03T10:00:00.000Z',
        checkInClosesAt: '2027-04-03T10:55:00.000Z',
        startsAt: '2027-04-03T11:00:00.000Z',
      });
      expect(localWall('Europe/London', challengeTimes('Europe/London', '2027-04-03').registrationOpensAt)).toBe('Monday 2027-03-29 00:00');
    });
  });

  describe('Australia/Sydney (southern hemisphere: DST ends 2027-04-04, starts 2026-10-04)', () => {
    it('the Saturday before fall-back runs on AEDT (+11): the start is Saturday 01:00 UTC', () => {
      expect(iso(challengeTimes('Australia/Sydney', '2027-04-03'))).toEqual({
        registrationOpensAt: '2027-03-28T13:00:00.000Z',
        checkInOpensAt: '2027-04-03T00:00:00.000Z',
        checkInClosesAt: '2027-04-03T00:55:00.000Z',
        startsAt: '2027-04-03T01:00:00.000Z',
      });
    });

    it('the Saturday after fall-back runs on AEST (+10)', () => {
      expect(iso(challengeTimes('Australia/Sydney', '2027-04-10'))).toEqual({
        registrationOpensAt: '2027-04-04T14:00:00.000Z',
        checkInOpensAt: '2027-04-10T01:00:00.000Z',
        checkInClosesAt: '2027-04-10T01:55:00.000Z',
        startsAt: '2027-04-10T02:00:00.000Z',
      });
    });

    it('the Saturday before spring-forward runs on AEST (+10)', () => {
      expect(iso(challengeTimes('Australia/Sydney', '2026-10-03'))).toEqual({
        registrationOpensAt: '2026-09-27T14:00:00.000Z',
        checkInOpensAt: '2026-10-03T01:00:00.000Z',
        checkInClosesAt: '2026-10-03T01:55:00.000Z',
        startsAt: '2026-10-03T02:00:00.000Z',
      });
    });

    it('the Saturday after spring-forward runs on AEDT (+11)', () => {
      expect(iso(challengeTimes('Australia/Sydney', '2026-10-10'))).toEqual({
        registrationOpensAt: '2026-10-04T13:00:00.000Z',
        checkInOpensAt: '2026-10-10T00:00:00.000Z',
        checkInClosesAt: '2026-10-10T00:55:00.000Z',
        startsAt: '2026-10-10T01:00:00.000Z',
      });
    });

    it('registration opens on Monday 00:00 Sydney time on both sides of each change', () => {
      for (const date of ['2026-10-03', '2026-10-10', '2027-04-03', '2027-04-10']) {
        expect(localWall('Australia/Sydney', challengeTimes('Australia/Sydney', date).registrationOpensAt)).toMatch(/^Monday .* 00:00$/);
      }
    });
  });

  it('Asia/Tokyo (no DST) is always 03:00 UTC, registration Sunday 15:00 UTC', () => {
    for (const [date, monday] of [
      ['2027-03-13', '2027-03-07'],
      ['2027-07-03', '2027-06-27'],
    ]) {
      expect(iso(challengeTimes('Asia/Tokyo', date))).toEqual({
        registrationOpensAt: `${monday}T15:00:00.000Z`,
        checkInOpensAt: `${date}T02:00:00.000Z`,
        checkInClosesAt: `${date}T02:55:00.000Z`,
        startsAt: `${date}T03:00:00.000Z`,
      });
    }
  });

  it('Asia/Jerusalem changes on a Friday inside the week: registration still opens Monday 00:00 local (22:00 UTC, not 21:00)', () => {
    // DST starts Friday 2027-03-26 02:00; Monday 2027-03-22 is still on +02:00, Saturday on +03:00.
    expect(iso(challengeTimes('Asia/Jerusalem', '2027-03-27'))).toEqual({
      registrationOpensAt: '2027-03-21T22:00:00.000Z',
      checkInOpensAt: '2027-03-27T08:00:00.000Z',
      checkInClosesAt: '2027-03-27T08:55:00.000Z',
      startsAt: '2027-03-27T09:00:00.000Z',
    });
  });

  it('honours a city\'s own windows (check-in 10:30 to 11:50)', () => {
    const t = challengeTimes('Europe/London', '2027-03-27', { registrationOpensMin: 2 * 1440, checkInOpensMin: 90, checkInClosesMin: 10 });
    expect(iso(t)).toEqual({
      registrationOpensAt: '2027-03-25T12:00:00.000Z',
      checkInOpensAt: '2027-03-27T10:30:00.000Z',
      checkInClosesAt: '2027-03-27T11:50:00.000Z',
      startsAt: '2027-03-27T12:00:00.000Z',
    });
  });

  it('refuses a date that is not a Saturday, a malformed date, an unknown zone and windows in the wrong order', () => {
    expect(() => saturdayNoon('America/New_York', '2027-03-14')).toThrow(expect.objectContaining({ code: 'NOT_A_SATURDAY' }));
    expect(() => saturdayNoon('America/New_York', '2027-02-30')).toThrow(expect.objectContaining({ code: 'INVALID_DATE' }));
    expect(() => saturdayNoon('Mars/Olympus_Mons', '2027-03-13')).toThrow(expect.objectContaining({ code: 'INVALID_TIME_ZONE' }));
    expect(() => challengeTimes('UTC', '2027-03-13', { registrationOpensMin: 30, checkInOpensMin: 60, checkInClosesMin: 5 })).toThrow(ScheduleInputError);
  });
});

describe('eventTimes: a special event at any local date and time', () => {
  it('is challengeTimes for a Saturday at 12:00', () => {
    for (const d of ['2026-10-31', '2026-11-07', '2027-03-13', '2027-03-20']) {
      expect(eventTimes('America/New_York', d, '12:00')).toEqual(challengeTimes('America/New_York', d));
    }
  });

  it('counts the windows back in local wall-clock time across a spring-forward change (Sunday 2027-03-14 18:30 EDT)', () => {
    expect(iso(eventTimes('America/New_York', '2027-03-14', '18:30'))).toEqual({
      // 7,920 minutes of wall clock before Sunday 18:30 is Tuesday 06:30, still EST
      registrationOpensAt: '2027-03-09T11:30:00.000Z',
      checkInOpensAt: '2027-03-14T21:30:00.000Z',
      checkInClosesAt: '2027-03-14T22:25:00.000Z',
      startsAt: '2027-03-14T22:30:00.000Z',
    });
  });

  it('refuses a malformed time, a malformed date and an unknown zone', () => {
    for (const t of ['24:00', '7:30', '12:60', 'noon', '']) {
      expect(() => eventTimes('UTC', '2027-03-14', t)).toThrow(expect.objectContaining({ code: 'INVALID_TIME' }));
    }
    expect(() => eventTimes('UTC', '2027-02-30', '12:00')).toThrow(expect.objectContaining({ code: 'INVALID_DATE' }));
    expect(() => eventTimes('Mars/Olympus_Mons', '2027-03-14', '12:00')).toThrow(expect.objectContaining({ code: 'INVALID_TIME_ZONE' }));
  });
});

describe('saturdayNoon', () => {
  it('is 12:00 local as a UTC instant', () => {
    expect(saturdayNoon('America/New_York', '2027-03-13').toISOString()).toBe('2027-03-13T17:00:00.000Z');
    expect(saturdayNoon('America/New_York', '2027-03-20').toISOString()).toBe('2027-03-20T16:00:00.000Z');
    expect(saturdayNoon('Australia/Sydney', '2027-04-03').toISOString()).toBe('2027-04-03T01:00:00.000Z');
    expect(saturdayNoon('UTC', '2027-01-02').toISOString()).toBe('2027-01-02T12:00:00.000Z');
  });
});

describe('upcomingSaturdays', () => {
  it('includes today\'s Saturday until its 12:00 start, not from 12:00 on', () => {
    expect(upcomingSaturdays('America/New_York', new Date('2027-03-13T16:59:59.999Z'), 2)).toEqual(['2027-03-13', '2027-03-20']);
    expect(upcomingSaturdays('America/New_York', new Date('2027-03-13T17:00:00.000Z'), 2)).toEqual(['2027-03-20', '2027-03-27']);
  });

  it('counts days in the city\'s time zone, not in UTC', () => {
    // Friday 16:00 UTC is already Saturday 01:00 in Tokyo.
    expect(upcomingSaturdays('Asia/Tokyo', new Date('2027-03-12T16:00:00Z'), 2)).toEqual(['2027-03-13', '2027-03-20']);
    // Sunday 02:00 UTC is still Saturday 21:00 in New York, after that Saturday's start.
    expect(upcomingSaturdays('America/New_York', new Date('2027-03-14T02:00:00Z'), 3)).toEqual(['2027-03-20', '2027-03-27', '2027-04-03']);
    // Saturday 23:30 UTC is already Sunday in Sydney.
    expect(upcomingSaturdays('Australia/Sydney', new Date('2027-04-03T23:30:00Z'), 1)).toEqual(['2027-04-10']);
  });

  it('from any day of the week, the first is the coming Saturday', () => {
    const days = ['2027-03-07', '2027-03-08', '2027-03-09', '2027-03-10', '2027-03-11', '2027-03-12'];
    for (const d of days) expect(upcomingSaturdays('UTC', new Date(`${d}T12:00:00Z`), 1)).toEqual(['2027-03-13']);
  });

  it('gives nothing for a count of 0', () => {
    expect(upcomingSaturdays('UTC', new Date('2027-03-07T12:00:00Z'), 0)).toEqual([]);
  });
});

describe('seasonWeek', () => {
  it('numbers the 12 Saturdays of a season 1..12 and nothing else', () => {
    expect(seasonWeek('2027-01-02', '2027-01-02')).toBe(1);
    expect(seasonWeek('2027-01-02', '2027-01-09')).toBe(2);
    expect(seasonWeek('2027-01-02', '2027-03-20')).toBe(12);
    expect(seasonWeek('2027-01-02', '2027-03-27')).toBeNull();
    expect(seasonWeek('2027-01-02', '2026-12-26')).toBeNull();
    expect(seasonWeek('2027-01-02', '2027-01-05')).toBeNull();
  });

  it('is counted in calendar days, so a DST change inside the season does not shift it', () => {
    expect(seasonWeek('2027-03-06', '2027-03-20')).toBe(3);
    expect(seasonWeek('2026-10-24', '2026-11-07', 12)).toBe(3);
  });

  it('honours a season of another length', () => {
    expect(seasonWeek('2027-01-02', '2027-01-16', 2)).toBeNull();
    expect(seasonWeek('2027-01-02', '2027-01-09', 2)).toBe(2);
  });
});

describe('localDateOf', () => {
  it('is the calendar date on the city\'s clocks', () => {
    expect(localDateOf('Australia/Sydney', new Date('2027-04-03T23:30:00Z'))).toBe('2027-04-04');
    expect(localDateOf('America/New_York', new Date('2027-04-03T23:30:00Z'))).toBe('2027-04-03');
  });
});

/** "Weekday YYYY-MM-DD HH:mm" on the zone's clocks, via Intl (independent of the code under test). */
function localWall(timeZone: string, at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

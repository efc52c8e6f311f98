import { effectivePrefs, sendableAt, wants } from './preferences';

describe('delivery preferences', () => {
  it('takes the defaults where the player chose nothing, and their choice where they did', () => {
    expect(wants({}, 'reminder.check_in_open', 'push')).toBe(true);
    expect(wants({}, 'reminder.registration_open', 'push')).toBe(false);
    expect(wants({ 'reminder.check_in_open': { push: false } }, 'reminder.check_in_open', 'push')).toBe(false);
    expect(wants({ 'reminder.check_in_open': { push: false } }, 'reminder.check_in_open', 'email')).toBe(true);
  });

  it('sends no kind that is not meant to leave the inbox', () => {
    expect(wants({ 'challenge.result': { email: true } }, 'challenge.result', 'email')).toBe(false);
    expect(effectivePrefs({}).some((k) => k.kind === 'table.seated' && k.urgent)).toBe(true);
  });

  describe('quiet hours, in the player’s zone', () => {
    const paris = { timeZone: 'Europe/Paris', startMin: 22 * 60, endMin: 7 * 60 };
    it('holds a reminder at 23:30 Paris time until 07:00 the next morning', () => {
      const at = sendableAt('reminder.check_in_open', new Date('2026-12-05T22:30:00Z'), paris);
      expect(at.toISOString()).toBe('2026-12-06T06:00:00.000Z');
    });
    it('holds one at 03:00 until 07:00 the same day', () => {
      expect(sendableAt('reminder.check_in_open', new Date('2026-12-06T02:00:00Z'), paris).toISOString()).toBe('2026-12-06T06:00:00.000Z');
    });
    it('sends at once outside them, and never holds "your table is seated"', () => {
      const noon = new Date('2026-12-05T11:00:00Z');
      expect(sendableAt('reminder.check_in_open', noon, paris)).toEqual(noon);
      const night = new Date('2026-12-05T23:00:00Z');
      expect(sendableAt('table.seated', night, paris)).toEqual(night);
    });
    it('follows the zone across a daylight-saving change (New York, 1 Nov 2026)', () => {
      const ny = { timeZone: 'America/New_York', startMin: 0, endMin: 8 * 60 };
      // 01:30 EDT on the night the clocks go back; 08:00 is then EST (UTC-5)
      expect(sendableAt('wallet.debt', new Date('2026-11-01T05:30:00Z'), ny).toISOString()).toBe('2026-11-01T13:00:00.000Z');
    });
  });
});

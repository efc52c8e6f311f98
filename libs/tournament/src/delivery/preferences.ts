import { DateTime } from 'luxon';

export type Channel = 'email' | 'push';

export interface KindDefaults {
  /** what the settings page calls it */
  label: string;
  email: boolean;
  push: boolean;
  /** sent even in quiet hours (the player is about to play: a seated table waits for nobody) */
  urgent?: true;
}

/**
 * Every kind of notice a player can be sent outside the page, with its channels' defaults. A kind not
 * listed here is kept in the inbox (GET /me/notifications) only. Defaults: what a player would miss
 * something by not getting is on both channels; what is only news is by e-mail.
 */
export const DELIVERY_KINDS = {
  'reminder.registration_open': { label: 'Registration opens in a city you played', email: true, push: false },
  'reminder.check_in_open': { label: 'Check-in is open', email: true, push: true },
  'reminder.check_in_closing': { label: 'Check-in closes in 10 minutes and you are not checked in', email: true, push: true },
  'table.seated': { label: 'Your table is seated', email: true, push: true, urgent: true },
  'tiebreak.started': { label: 'Your 6-4/5-5 draw is open', email: false, push: true, urgent: true },
  'reminder.next_round': { label: 'The next round starts after the break', email: false, push: true },
  'integrity.case_opened': { label: 'A case was opened on you', email: true, push: false },
  'integrity.appeal_decided': { label: 'Your appeal was decided', email: true, push: true },
  'integrity.penalty': { label: 'A penalty was applied to you', email: true, push: true },
  'wallet.debt': { label: 'Your wallet is in debt', email: true, push: false },
  'challenge.cancelled': { label: 'A challenge you entered was cancelled', email: true, push: true },
  'challenge.promoted_from_waitlist': { label: 'You moved up from the waitlist', email: true, push: true },
  'rules.changed': { label: 'The rules changed (accept them before you play again)', email: true, push: false },
} as const satisfies Record<string, KindDefaults>;

export type DeliveryKind = keyof typeof DELIVERY_KINDS;

export const isDeliveryKind = (kind: string): kind is DeliveryKind => Object.prototype.hasOwnProperty.call(DELIVERY_KINDS, kind);

/** A player's choices as stored: per kind, per channel; what is absent takes the default. */
export type Prefs = Partial<Record<string, Partial<Record<Channel, boolean>>>>;

/** Whether the player wants this kind on this channel. */
export function wants(prefs: Prefs, kind: string, channel: Channel): boolean {
  if (!isDeliveryKind(kind)) return false;
  return prefs[kind]?.[channel] ?? DELIVERY_KINDS[kind][channel];
}

/** Every kind with the player's effective choice, for the settings page. */
export function effectivePrefs(prefs: Prefs): { kind: DeliveryKind; label: string; email: boolean; push: boolean; urgent: boolean }[] {
  return (Object.keys(DELIVERY_KINDS) as DeliveryKind[]).map((kind) => ({
    kind,
    label: DELIVERY_KINDS[kind].label,
    email: wants(prefs, kind, 'email'),
    push: wants(prefs, kind, 'push'),
    urgent: 'urgent' in DELIVERY_KINDS[kind],
  }));
}

export interface QuietHours {
  timeZone: string | null;
  /** minutes after local midnight; start === end: no quiet hours */
  startMin: number;
  endMin: number;
}

/**
 * When a notice of `kind` due at `now` may be sent: `now`, or the end of the player's quiet hours in
 * their own time zone (a window may span midnight: 22:00-07:00). Urgent kinds are never held.
 */
export function sendableAt(kind: string, now: Date, q: QuietHours): Date {
  if (q.startMin === q.endMin || (isDeliveryKind(kind) && 'urgent' in DELIVERY_KINDS[kind])) return now;
  const local = DateTime.fromJSDate(now, { zone: q.timeZone ?? 'UTC' });
  const minute = local.hour * 60 + local.minute;
  const spansMidnight = q.startMin > q.endMin;
  const quiet = spansMidnight ? minute >= q.startMin || minute < q.endMin : minute >= q.startMin && minute < q.endMin;
  if (!quiet) return now;
  // Wall-clock hours (set, not plus): across a daylight-saving change 07:00 stays 07:00.
  const wall = { hour: Math.floor(q.endMin / 60), minute: q.endMin % 60, second: 0, millisecond: 0 };
  let end = local.set(wall);
  if (end <= local) end = local.plus({ days: 1 }).set(wall);
  return end.toJSDate();
}


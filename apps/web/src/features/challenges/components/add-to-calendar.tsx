import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import type { components } from '../../../api/schema';
import './add-to-calendar.css';

type Challenge = components['schemas']['ChallengeDetailDto'];

/** "20270102T170000Z": an instant as Google Calendar's `dates` reads it. */
const gcalTime = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** How long the event is shown (the same as the .ics: libs/tournament/src/calendar/ical-feed.ts). */
const SHOWN_MS = 4 * 3600 * 1000;

/** A Google Calendar "new event" link for the challenge: its start, the check-in window in the details. */
export function googleCalendarUrl(c: Challenge, pageUrl: string): string {
  const end = new Date(new Date(c.startsAt).getTime() + SHOWN_MS).toISOString();
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: i18n.t('calendar.eventTitle', { city: c.cityName, date: c.localDate }),
    dates: `${gcalTime(c.startsAt)}/${gcalTime(end)}`,
    ctz: c.timeZone,
    details: `${i18n.t('calendar.details', { opens: new Date(c.checkInOpensAt).toISOString(), closes: new Date(c.checkInClosesAt).toISOString() })}\n${pageUrl}`,
    location: c.cityName,
  });
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

/** "Add to calendar": the challenge as an .ics file, a Google Calendar link, and the city's feed to subscribe to. */
export function AddToCalendar({ challenge: c }: { challenge: Challenge }) {
  const page = `${window.location.origin}/challenges/${c.id}`;
  const { t } = useTranslation();
  return (
    <div className="add-to-calendar" role="group" aria-label={t('calendar.label')}>
      <span className="muted">{t('calendar.add')}</span>
      <a href={`/api/challenges/${c.id}/calendar.ics`} download>
        {t('calendar.ics')}
      </a>
      <a href={googleCalendarUrl(c, page)} target="_blank" rel="noreferrer noopener">
        Google Calendar
      </a>
      <a href={`/api/cities/${c.cityId}/calendar.ics`} title={t('calendar.feedTitle', { city: c.cityName })}>
        {t('calendar.feed', { city: c.cityName })}
      </a>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import './countdown.css';
import { humanDuration } from '../features/time/human-time';
import { formatShortDateTime } from '../utils/format';

/**
 * The time left until `until` (server time, ISO), ticking each second, as a person reads it (humanDuration:
 * days and hours far off, mm:ss in the last hour); `withDate` adds the local date and time beside it.
 * "—" when unknown, 0:00 once past.
 */
export function Countdown({ until, label, withDate }: { until: string | null | undefined; label: string; withDate?: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  const { t } = useTranslation();
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  let text = '—';
  if (until) {
    text = humanDuration(Date.parse(until) - now, (days) => t('time.days', { count: days }));
  }
  return (
    <span className="countdown">
      <span className="countdown-label">{label}</span> <time dateTime={until ?? undefined}>{text}</time>
      {withDate && until && <span className="countdown-at"> ({formatShortDateTime(until)})</span>}
    </span>
  );
}

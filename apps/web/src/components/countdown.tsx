import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './countdown.css';
import { humanDuration, localDateTime } from '../features/time/human-time';

/**
 * The time left until `until` (server time, ISO), ticking each second, as a person reads it (humanDuration:
 * days and hours far off, mm:ss in the last hour); `withDate` adds the local date and time beside it.
 * "—" when unknown, 0:00 once past.
 */
export function Countdown({ until, label, withDate }: { until: string | null | undefined; label: string; withDate?: boolean }) {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [until]);
  let text = '—';
  if (until) {
    text = humanDuration(Date.parse(until) - now, (count) => t('reg.days', { count }));
  }
  return (
    <span className="countdown">
      <span className="countdown-label">{label}</span> <time dateTime={until ?? undefined}>{text}</time>
      {withDate && until && <span className="countdown-at"> ({localDateTime(until, i18n.language)})</span>}
    </span>
  );
}

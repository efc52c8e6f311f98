import { useTranslation } from 'react-i18next';
import { useNow } from './use-now';
import './countdown.css';
import { humanDuration } from '../features/time/human-time';
import { formatShortDateTime } from '../utils/format';

/**
 * The time left until `until` (server time, ISO), ticking each second, as a person reads it (humanDuration:
 * days and hours far off, mm:ss in the last hour); `withDate` adds the local date and time beside it.
 * "—" when unknown, 0:00 once past.
 */
export function Countdown({ until, label, withDate }: { until: string | null | undefined; label: string; withDate?: boolean }) {
  const now = useNow(until, 1000);
  const { t } = useTranslation();
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

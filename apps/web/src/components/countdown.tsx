import { useEffect, useState } from 'react';
import './countdown.css';

/** mm:ss until `until` (server time, ISO), ticking each second; "—" when unknown, 0:00 once past. */
export function Countdown({ until, label }: { until: string | null | undefined; label: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [until]);
  let text = '—';
  if (until) {
    const s = Math.max(0, Math.round((Date.parse(until) - now) / 1000));
    text = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  }
  return (
    <span className="countdown">
      <span className="countdown-label">{label}</span> <time dateTime={until ?? undefined}>{text}</time>
    </span>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useNow } from '../../../components/use-now';
import './clock-ring.css';

/** The last seconds of a clock that are its warning (issue 42: the last 5 s). */
export const LOW_MS = 5_000;

/** Milliseconds left until `until` (ISO, server time), ticking four times a second (the ring empties smoothly); and the clock's length as first seen. */
function useTimeLeft(until: string | null | undefined): { left: number | null; total: number | null } {
  const now = useNow(until, 250);
  const total = useRef<{ until: string; ms: number } | null>(null);
  if (!until) return { left: null, total: null };
  const left = Math.max(0, Date.parse(until) - now);
  // A clock's length is not in the view: the deadline as first seen from this page is its full turn.
  if (total.current?.until !== until) total.current = { until, ms: Math.max(left, 1000) };
  return { left, total: total.current.ms };
}

/**
 * Whether the clock running out at `until` is in its last LOW_MS (and not out yet). No ticking: the page
 * re-renders only when that changes (a timer at the warning's start and one at the deadline), so the table
 * that asks is not drawn again four times a second; the ring (ClockRing) ticks on its own.
 */
export function useClockLow(until: string | null | undefined): boolean {
  const [low, setLow] = useState<{ until: string; low: boolean } | null>(null);
  useEffect(() => {
    if (!until) return;
    const end = Date.parse(until);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const left = end - Date.now();
      setLow({ until, low: left > 0 && left <= LOW_MS });
      // the next change: the warning starts, then the clock is out (again if a timer fired a little early)
      const wait = left > LOW_MS ? left - LOW_MS : left > 0 ? left : null;
      if (wait !== null) timer = setTimeout(check, wait);
    };
    check();
    return () => clearTimeout(timer);
  }, [until]);
  return !!until && low?.until === until && low.low;
}

/**
 * A turn clock as a countdown ring: the seconds left in the middle, the ring emptying as they go, red and
 * pulsing in the last 5 s. `label` names whose clock it is (read with the seconds by screen readers).
 */
export function ClockRing({ until, label, size = 44, testId }: { until: string | null | undefined; label: string; size?: number; testId?: string }) {
  const { left, total } = useTimeLeft(until);
  if (left === null || total === null) return null;
  const secs = Math.ceil(left / 1000);
  const low = left > 0 && left <= LOW_MS;
  const r = 15.5;
  const c = 2 * Math.PI * r;
  const part = Math.min(1, left / total);
  return (
    <span className={`clock-ring${low ? ' low' : ''}${left === 0 ? ' out' : ''}`} role="timer" aria-label={`${label}: ${secs} s`} data-testid={testId} data-left={secs} style={{ width: size, height: size }}>
      <svg viewBox="0 0 36 36" width={size} height={size} aria-hidden="true">
        <circle cx="18" cy="18" r={r} className="clock-ring-track" />
        <circle cx="18" cy="18" r={r} className="clock-ring-left" strokeDasharray={c} strokeDashoffset={c * (1 - part)} transform="rotate(-90 18 18)" />
      </svg>
      <span className="clock-ring-secs" aria-hidden="true">
        {secs}
      </span>
    </span>
  );
}

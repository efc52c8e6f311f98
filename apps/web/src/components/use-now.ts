import { useEffect, useState } from 'react';

/**
 * The time now (ms), ticking every `everyMs` while there is a deadline `until` to count down to (and read
 * again at once when it changes); still without one. The one clock of the countdowns and the turn clocks:
 * only the component that draws the time left calls it, so only that component re-renders as it ticks.
 */
export function useNow(until: string | null | undefined, everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [until, everyMs]);
  return now;
}

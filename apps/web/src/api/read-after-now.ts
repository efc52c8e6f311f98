import type { QueryClient } from '@tanstack/react-query';

/**
 * Reads a query again with a read that starts after now, so a change a push just told of is in its answer.
 * A later read in flight (the query has data) is cancelled and started again by the invalidation itself: its
 * answer may be from before the change. A page's first read still in flight is let finish and drawn, then
 * read again: refetching at once would cancel it and start over, delaying the first drawing, and an
 * invalidation does not restart a first read at all, so a change pushed while it runs (a seating as the page
 * opens) would be lost. Returns what stops the wait for that first read (on unmount).
 */
export function readAfterNow(qc: QueryClient, queryKey: readonly unknown[]): () => void {
  const again = () => void qc.invalidateQueries({ queryKey, exact: true });
  const cache = qc.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (query?.state.fetchStatus !== 'fetching' || query.state.data !== undefined) {
    again();
    return () => undefined;
  }
  const stop = cache.subscribe((ev) => {
    if (ev.query !== query || query.state.fetchStatus === 'fetching') return;
    stop();
    again();
  });
  return stop;
}

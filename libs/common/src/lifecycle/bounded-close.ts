import { Logger } from '@nestjs/common';

/** How long the last shutdown phase waits for one connection to close before it stops waiting. */
export const CLOSE_GRACE_MS = 5_000;

/**
 * Closes a connection (pool, client) at shutdown without letting it hold the process: a pool's end
 * waits for every client still checked out, and a job abandoned after the worker's grace period
 * (see ResilientWorkerHost) may hold one forever. After `ms` the close is left to finish (or not)
 * on its own, with a warning: the process is exiting, and its connections close with it (an open
 * transaction is rolled back by the database). Never throws.
 *
 * @returns 'closed' or 'abandoned'
 */
export async function boundedClose(what: string, close: () => Promise<unknown>, logger: Pick<Logger, 'warn'>, ms = CLOSE_GRACE_MS): Promise<'closed' | 'abandoned'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'abandoned'>((resolve) => {
    timer = setTimeout(() => resolve('abandoned'), ms);
    timer.unref();
  });
  const closing = Promise.resolve()
    .then(close)
    .then(
      () => 'closed' as const,
      (err: Error) => {
        logger.warn(`${what}: close failed (${err?.message ?? err})`);
        return 'closed' as const;
      },
    );
  const outcome = await Promise.race([closing, late]);
  clearTimeout(timer);
  if (outcome === 'abandoned') logger.warn(`${what} still closing after ${ms} ms (a client still in use); not waiting for it`);
  return outcome;
}

import { ApiError, toApiError } from './client';

/** What public/boot.js fetched before the app loaded: by path, the status and JSON body (null on a network failure). */
interface EarlyAnswer {
  status: number;
  body: unknown;
}

declare global {
  interface Window {
    __early?: Record<string, Promise<EarlyAnswer | null> | undefined>;
  }
}

/**
 * The answer boot.js already asked for `path`, once (a later read goes to the API again): its body when
 * it succeeded, an ApiError when the API refused it; undefined when there is none or the network failed,
 * and the caller reads it itself.
 */
export async function takeEarly<T>(path: string): Promise<T | undefined> {
  const early = window.__early?.[path];
  if (!early) return undefined;
  delete window.__early![path];
  const res = await early;
  if (!res) return undefined;
  if (res.status < 200 || res.status >= 300) throw res.status === 0 ? new ApiError(0, 'NETWORK', 'The platform cannot be reached.') : toApiError(res.status, res.body);
  return res.body as T;
}

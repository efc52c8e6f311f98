/** What public/boot.js fetched before the app loaded: by API path, its response (null when the network failed). */
declare global {
  interface Window {
    __early?: Record<string, Promise<Response | null> | undefined>;
  }
}

/**
 * openapi-fetch's `fetch` for a read public/boot.js may already have started (a challenge page's two reads):
 * that response, once (a later read goes to the API again); the network when there is none or it failed.
 * The body is then read, typed and turned into an ApiError exactly as any other answer (`unwrap()`).
 */
export async function earlyFetch(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const early = window.__early?.[path];
  if (early) {
    delete window.__early![path];
    const res = await early;
    if (res) return res;
  }
  return fetch(request);
}

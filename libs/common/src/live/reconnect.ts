/**
 * How every client of ours reconnects its live socket after the connection dropped (its API instance
 * drained, restarted or crashed): the web app (apps/web/src/live/socket.ts), the bench and test bots
 * (scripts/lib/chaos.ts). socket.io-client's backoff: attempt n waits reconnectionDelay × 2^n, at most
 * reconnectionDelayMax, ± randomizationFactor — here 125-375 ms, 250-750 ms, 0.5-1.5 s, then 1-2 s, so a
 * client is back within about a second through the proxy to a live instance, and the clients of an
 * instance that went away do not all knock at the same moment. socket.io's defaults (1 s, 5 s) would
 * leave a client whose first attempt failed 2-5 s more. No module imports here: the web app bundles it.
 * After the reconnect, the client joins its rooms again (`join` with `since`, `watchChallenge`): see
 * docs/realtime.md, "Reconnecting".
 */
export const LIVE_RECONNECT = {
  reconnectionDelay: 250,
  reconnectionDelayMax: 2000,
  randomizationFactor: 0.5,
} as const;

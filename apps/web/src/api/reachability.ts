/**
 * Whether the platform answered the last request: a request that got no answer at all (offline, the app
 * opened from the service worker's copy) says "unreachable" until the next one that is answered. The
 * browser's own `navigator.onLine` misses a network that is up with the platform out of reach.
 */
let reachable = true;
const listeners = new Set<(up: boolean) => void>();

export function reportReachable(up: boolean): void {
  if (up === reachable) return;
  reachable = up;
  listeners.forEach((f) => f(up));
}

export function isReachable(): boolean {
  return reachable;
}

export function onReachability(f: (up: boolean) => void): () => void {
  listeners.add(f);
  return () => void listeners.delete(f);
}

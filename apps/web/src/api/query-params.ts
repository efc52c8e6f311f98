/** Drops empty filters (undefined or '') so the query string, and the cache key, only name what is set. */
export function definedOnly<T extends object>(q: T): Partial<T> {
  const out: Partial<T> = {};
  for (const k in q) {
    const v = q[k];
    if (v !== undefined && v !== '') out[k] = v;
  }
  return out;
}

/**
 * A shared cache in front of the API for the benches, the way a CDN node honours the API's headers
 * (docs/operations.md, "Putting a CDN in front"): a GET without Authorization whose answer was
 * `200` with `Cache-Control: public, max-age=M, stale-while-revalidate=S` is kept by URL; within M
 * seconds it is served from memory, within M + S it is served stale while one background request
 * refreshes it, after that (or for anything else) the request goes to the API. Not a product: the
 * smallest faithful model, so the bench measures what the headers allow.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Kept {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  maxAge: number;
  swr: number;
  refreshing: boolean;
}

export interface SharedCache {
  port: number;
  stats: { hits: number; stale: number; misses: number };
  close(): Promise<void>;
}

function policy(cacheControl: string | undefined): { maxAge: number; swr: number } | null {
  if (!cacheControl || !/\bpublic\b/.test(cacheControl)) return null;
  const maxAge = /max-age=(\d+)/.exec(cacheControl);
  if (!maxAge) return null;
  return { maxAge: Number(maxAge[1]), swr: Number(/stale-while-revalidate=(\d+)/.exec(cacheControl)?.[1] ?? 0) };
}

export async function startSharedCache(originPort: number): Promise<SharedCache> {
  const kept = new Map<string, Kept>();
  const stats = { hits: 0, stale: 0, misses: 0 };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

  const fetchOrigin = (req: http.IncomingMessage): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const headers = { ...req.headers };
      delete headers['if-none-match']; // the cache revalidates for itself, not for one client
      const out = http.request({ host: '127.0.0.1', port: originPort, path: req.url, method: req.method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      out.on('error', reject);
      out.end();
    });

  const store = (key: string, r: { status: number; headers: http.IncomingHttpHeaders; body: Buffer }) => {
    const p = r.status === 200 ? policy(r.headers['cache-control']) : null;
    if (p) kept.set(key, { status: r.status, headers: r.headers, body: r.body, storedAt: Date.now(), maxAge: p.maxAge, swr: p.swr, refreshing: false });
  };

  const server = http.createServer((req, res) => {
    const key = req.url ?? '';
    const cacheable = req.method === 'GET' && !req.headers.authorization;
    const entry = cacheable ? kept.get(key) : undefined;
    const age = entry ? (Date.now() - entry.storedAt) / 1000 : Infinity;
    if (entry && age < entry.maxAge + entry.swr) {
      if (age < entry.maxAge) stats.hits++;
      else {
        stats.stale++;
        if (!entry.refreshing) {
          entry.refreshing = true;
          fetchOrigin(req).then(
            (r) => store(key, r),
            () => (entry.refreshing = false),
          );
        }
      }
      res.writeHead(entry.status, { ...entry.headers, age: String(Math.floor(age)) });
      res.end(entry.body);
      return;
    }
    stats.misses++;
    fetchOrigin(req).then(
      (r) => {
        if (cacheable) store(key, r);
        res.writeHead(r.status, r.headers);
        res.end(r.body);
      },
      () => {
        res.writeHead(502);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

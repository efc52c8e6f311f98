// The platform's service worker (plain script, no bundling):
// 1. Web Push notices (payload: { id, kind, title, body, url }, sent by the worker's PushSender, encrypted for
//    this browser per RFC 8291); a click lands on the notice's page (a seating's is the table), in the app's
//    own window when one is open.
// 2. The app's shell for offline use: a page load goes to the network first (always fresh when online) and
//    keeps its answer; offline it gets the kept shell and the app says it is offline. The hashed build files
//    (/assets, immutable) are kept as they load; the API and the live socket are never cached. Writing to the
//    cache never holds up the answer: it goes on under event.waitUntil, which keeps the worker alive for it.
// The build writes its own id into BUILD (apps/web/vite.config.mts, a digest of the build's files): a deploy
// changes this file, so the browser installs the new worker, which keeps its shell in a cache of its own
// and, once active, deletes the caches of every earlier build.
const BUILD = '__DCS_BUILD__';
const SHELL_CACHE = `dcs-shell-${BUILD}`;
const SHELL = '/';
// the shell's own files outside /assets (index.html links skeleton.css and boot.js)
const STATIC = ['/manifest.webmanifest', '/favicon.svg', '/skeleton.css', '/boot.js', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon.svg'];

/** The shell page and every build file it names (its entry script and styles), kept for offline use. */
async function keepShell(cache, response) {
  const html = await response.clone().text();
  await cache.put(SHELL, response);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await Promise.all(assets.map((a) => cache.match(a).then((hit) => hit || cache.add(a).catch(() => undefined))));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(STATIC).catch(() => undefined);
      const res = await fetch(SHELL, { headers: { Accept: 'text/html' } }).catch(() => null);
      if (res && res.ok) await keepShell(cache, res);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith('dcs-shell-') && n !== SHELL_CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

const NEVER = ['/api/', '/socket.io', '/docs', '/health'];

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || NEVER.some((p) => url.pathname.startsWith(p))) return;
  /** Keeps a copy of `res` for `req` in this build's cache, after the page has its answer. */
  const keep = (res) => {
    if (res.ok) event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(req, res.clone())));
    return res;
  };
  if (req.mode === 'navigate') {
    event.respondWith(
      (async () => {
        try {
          const res = await fetch(req);
          if (res.ok && (res.headers.get('content-type') || '').includes('text/html')) {
            event.waitUntil(caches.open(SHELL_CACHE).then((cache) => keepShell(cache, res.clone())));
          }
          return res;
        } catch (e) {
          const kept = await caches.match(SHELL, { cacheName: SHELL_CACHE });
          if (kept) return kept;
          throw e;
        }
      })(),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // hashed names: a kept copy is always right
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req).then(keep)));
    return;
  }
  if (STATIC.includes(url.pathname)) {
    // the network first (they may change with a deploy), the kept copy offline
    event.respondWith(
      fetch(req)
        .then(keep)
        .catch(() => caches.match(req, { cacheName: SHELL_CACHE }).then((hit) => hit || Response.error())),
    );
  }
});

self.addEventListener('push', (event) => {
  let n = { title: 'DCS Dominoes', body: '', url: '/', id: undefined, kind: '' };
  try {
    n = Object.assign(n, event.data ? event.data.json() : {});
  } catch (e) {
    n.body = event.data ? event.data.text() : '';
  }
  event.waitUntil(
    self.registration.showNotification(n.title, {
      body: n.body,
      tag: n.id || n.kind || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: n.url || '/' },
      requireInteraction: n.kind === 'table.seated' || n.kind === 'tiebreak.started',
    }),
  );
});

/** A click lands on the notice's page: a tab already there is focused; else the app's open window goes there; else a new one opens. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const there = tabs.find((tab) => tab.url === url);
      if (there) return there.focus();
      const app = tabs.find((tab) => new URL(tab.url).origin === self.location.origin && 'navigate' in tab);
      if (app) {
        const moved = await app.navigate(url).catch(() => null);
        if (moved) return moved.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});

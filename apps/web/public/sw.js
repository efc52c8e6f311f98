// The platform's service worker: shows Web Push notices (payload: { id, kind, title, body, url }, sent by
// the worker's PushSender, encrypted for this browser per RFC 8291) and opens their page when clicked.
// Plain script, no bundling, no caching of the app (the page is always fresh from the server).
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
      icon: '/favicon.svg',
      data: { url: n.url || '/' },
      requireInteraction: n.kind === 'table.seated' || n.kind === 'tiebreak.started',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      for (const tab of tabs) {
        if (tab.url === url && 'focus' in tab) return tab.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});

/* global self, URL */
// "Tell me when it's ready" (docs/decisions/227): a push-only service worker. It caches nothing and serves no
// requests (docs/product.md §7.5); it shows the push the Worker sends when the bar marks an order ready, and a tap
// on it opens that order's status page.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = { title: 'Your order is ready', body: '', url: '/' };
  try {
    message = { ...message, ...(event.data ? event.data.json() : {}) };
  } catch {
    // A push that is not JSON still tells the guest their order is ready.
  }
  event.waitUntil(self.registration.showNotification(message.title, {
    body: message.body,
    tag: message.url,
    data: { url: message.url },
    icon: '/favicon.svg',
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only this site's own pages open from a notification.
  const target = url.origin === self.location.origin ? url.href : self.location.origin;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).pathname === new URL(target).pathname);
    if (open) return open.focus();
    const any = windows[0];
    if (any) {
      await any.navigate(target).catch(() => null);
      return any.focus();
    }
    return self.clients.openWindow(target);
  })());
});

// Panelwright's service worker: shows pushed notifications and opens their link when clicked.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { Title: event.data ? event.data.text() : '' };
  }
  const title = data.Title || 'Admin';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.Body || '',
      icon: '/config/logo.png',
      data: { url: typeof data.Url === 'string' ? data.Url : '' },
      tag: data.Id || undefined,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url;
  // Only this site's paths and http(s) addresses are opened.
  if (!url || !(url.startsWith('/') || /^https?:\/\//i.test(url)) || url.startsWith('//')) return;
  event.waitUntil(self.clients.openWindow(url));
});

// The turn alerts' service worker (docs/playing.md, "Turn alerts"), served at /sw.js so that its
// scope is the whole site. A push from the server carries {title, body, url, tag}: it is shown as
// a notification, and a click focuses a tab already on that game or opens its page. Only this
// site's pages are ever opened (the link's path, on this origin).
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = { body: event.data ? event.data.text() : "" }; }
  const options = {
    body: data.body || "",
    tag: data.tag || undefined,
    renotify: !!data.tag,
    icon: "/static/img/favicon.svg",
    data: { url: data.url || "/" },
  };
  event.waitUntil(self.registration.showNotification(data.title || "Your move", options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  let path = "/";
  try {
    const given = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
    path = given.pathname + given.search;
  } catch { path = "/"; }
  const target = new URL(path, self.location.origin);
  event.waitUntil((async () => {
    const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const tab of tabs) {
      if (new URL(tab.url).pathname === target.pathname && "focus" in tab) return tab.focus();
    }
    return self.clients.openWindow(target.href);
  })());
});

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

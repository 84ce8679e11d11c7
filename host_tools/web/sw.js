// Keeps this build of the referee for offline use: build.py fills in
// VERSION (a hash of the site) and FILES_LIST (every file of it).
const CACHE = "referee-VERSION";
const FILES = FILES_LIST;
self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (e) => {
  const old = (keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)));
  e.waitUntil(caches.keys().then(old).then(() => self.clients.claim()));
});
// The network first, so a new build shows at once; this copy when offline.
self.addEventListener("fetch", (e) => {
  e.respondWith(fetch(e.request).catch(() => caches.match(e.request, { ignoreSearch: true })));
});

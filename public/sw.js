// Service worker: keeps every file of one build in a versioned cache so the app opens with the
// network off, and never swaps versions under a running game. The build fills in VERSION and
// PRECACHE (scripts/post-build.mjs).
//
// Compression: the build also writes a .br and a .gz copy of each file, and the server sends the
// copy the browser accepts with its Content-Encoding. The precache fetches below go through the
// browser like any request, so they travel compressed; the browser decodes them and the cache
// keeps each file as the page reads it, which is what the worker answers with (the copies are not
// in PRECACHE, and the worker never asks for them).
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = `scorekeeper-${VERSION}`;

self.addEventListener("install", (event) => {
  // No skipWaiting here: a new version waits until the app, between games, asks for it.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("scorekeeper-") && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") {
    // Kept alive until the switch is done: without it, a browser test saw the new version stay
    // waiting after the request about one time in twelve.
    event.waitUntil(self.skipWaiting());
  }
  if (event.data && event.data.type === "VERSION" && event.ports[0]) {
    event.ports[0].postMessage(VERSION);
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Every route of the app is the same page: answer from the cache first.
    event.respondWith(
      caches
        .open(CACHE)
        .then((cache) => cache.match("/index.html"))
        .then((cached) => cached || fetch(request)),
    );
    return;
  }
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(url.pathname))
      .then((cached) => cached || fetch(request)),
  );
});

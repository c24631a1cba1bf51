// PawPal's service worker: the site and its on-device analysis keep working offline after
// the first visit. The build (scripts/precompress.ts) replaces the next line with its version
// and file lists; a new deploy is a new version, whose caches replace the old ones.
const BUILD = { version: "dev", precache: [], analysis: [] };

const CACHE = `pawpal-${BUILD.version}`;
/** Fingerprinted build files and model files: a URL never changes content, so the cache answers first. */
const IMMUTABLE = /^\/(assets|models)\//;
/** The breed model the server serves at run time (BREED_MODEL_DIR); its files are listed in model.json. */
const BREED_MODEL = "/models/breed/";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(precache)
      .then(() => self.skipWaiting()),
  );
});

/** Downloads at a time on install: the first visit's page may still be starting (decision 6). */
const PRECACHE_AT_ONCE = 3;

/**
 * The site's pages, scripts, styles and icons, a few at a time and at low priority, since the page
 * that registered the worker may still be hydrating: `addAll` asked for all ~130 at once, and the
 * browser's and the server's work on them took cores from it. Any file that fails fails the
 * install, as `addAll` did, and the next visit tries again.
 */
async function precache(cache) {
  const queue = [...BUILD.precache];
  const next = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      // Without cookies: the public pages, never a signed-in visitor's.
      const request = new Request(url, { credentials: "omit", priority: "low" });
      const response = await fetch(request);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      await cache.put(request, response);
    }
  };
  await Promise.all(Array.from({ length: PRECACHE_AT_ONCE }, next));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(IMMUTABLE.test(url.pathname) ? cacheFirst(request) : networkFirst(request));
});

// The Features page asks for the analysis files (WebAssembly, detector, breed model) so that
// a photo can be analysed offline even before the first analysis; it answers "ready" or "failed".
self.addEventListener("message", (event) => {
  if (event.data?.type !== "cache-analysis") return;
  const reply = event.ports[0];
  event.waitUntil(
    cacheAnalysis().then(
      () => reply?.postMessage("ready"),
      () => reply?.postMessage("failed"),
    ),
  );
});

// A push notification (backend/notifications/push.server.ts sends them): its JSON names the pet
// and what happened, and the page to open. One per tag: the newest replaces the one before.
self.addEventListener("push", (event) => {
  let message;
  try {
    message = event.data?.json();
  } catch {
    message = undefined;
  }
  if (!message?.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      renotify: Boolean(message.tag),
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      data: { url: message.url },
    }),
  );
});

// A click opens the notification's page: in a PawPal tab already showing it, or the first
// PawPal tab (focused and sent there), or a new one. Only a page of this site: anything else
// a push might carry opens the home page.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const asked = new URL(event.notification.data?.url || "/", self.location.origin);
  const url = asked.origin === self.location.origin ? asked.href : new URL("/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const showing = windows.find((client) => client.url === url);
      if (showing) return showing.focus();
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.focus().then((client) => client.navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});

async function cacheFirst(request) {
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    // A page's rest of a style sheet (the sheet's address with ?rest=, host/first-paint.ts) that
    // was never fetched online: the whole sheet, cached on install, holds every rule of it.
    const url = new URL(request.url);
    const whole = url.search && (await caches.match(url.origin + url.pathname, { ignoreVary: true }));
    if (whole) return whole;
    throw error;
  }
  // Build and model files are the same for every visitor.
  if (response.status === 200) await put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (isPublic(response)) await put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request, {
      ignoreVary: true,
      ignoreSearch: request.mode === "navigate",
    });
    if (cached) return cached;
    throw error;
  }
}

/** Only what the server marks public is kept: a signed-in visitor's pages stay off the device. */
function isPublic(response) {
  return response.status === 200 && /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "");
}

async function put(request, response) {
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
}

async function cacheAnalysis() {
  const cache = await caches.open(CACHE);
  const breedModel = await fetchBreedModelFiles();
  // A Set: the build may list the shipped model's files too, and addAll refuses duplicates.
  const wanted = new Set([...BUILD.analysis, ...breedModel]);
  const missing = [];
  for (const url of wanted) if (!(await cache.match(url, { ignoreVary: true }))) missing.push(url);
  await cache.addAll(missing);
}

/** model.json and its weight files, when the server has a breed model (none is not an error). */
async function fetchBreedModelFiles() {
  const modelUrl = `${BREED_MODEL}model.json`;
  let response;
  try {
    response = await fetch(modelUrl);
  } catch {
    // Offline: whatever was cached before is what there is.
    return [];
  }
  if (!response.ok) return [];
  const model = await response.clone().json();
  await put(modelUrl, response);
  const descriptor = await fetch(`${BREED_MODEL}descriptor.json`);
  if (descriptor.ok) await put(`${BREED_MODEL}descriptor.json`, descriptor);
  const base = new URL(response.url);
  return (model.weightsManifest ?? []).flatMap((group) =>
    group.paths.map((file) => new URL(file, base).pathname),
  );
}

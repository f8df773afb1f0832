// Service worker of Eight Off: offline play after the first visit.
//
// tools/build.py replaces the BUILD line with the build's content version, its file lists
// and the SHA-256 of every immutable file (tools/sitebuild/service_worker.py).
// - One cache per build, named by its content version; activate deletes the others.
// - It stores only the app. App files (the HTML, config and manifest): network first, so a
//   new build reaches players on their next visit; they always revalidate (some hosts,
//   GitHub Pages among them, let browsers cache them for minutes). A response replaces the
//   cached copy only when it is this build's: status 200, and for the HTML and pyscript.toml
//   the build's version marker (written in by the build), for the manifest JSON. An error
//   status (a host down for maintenance) or a foreign page (a captive portal's log-in page)
//   is answered from the cache. A newer build's page is shown but never stored here: it
//   belongs with its own assets, which its own service worker stores (a deploy switches
//   versions whole, offline included).
// - Our content-hashed assets and the runtime files (versioned paths): they never change under
//   their name, so cache first. Each copy is checked against its SHA-256 before it is stored
//   (a bad copy is fetched again, bypassing the HTTP cache, and never stored), and stored
//   carrying that digest (`x-eightoff-sha256`, as the page's own copies do: the page uses the
//   runtime's wasm from this cache only when it carries this build's; docs/storage.md).
//   Answering with the cached Response itself also lets Chromium keep the compiled wasm and
//   scripts beside the cache entry (docs/performance.md).
// - Install copies the unchanged immutable files from the previous build's cache instead of
//   downloading them, once they match their hash (so also the files of this build's own
//   cache, when an install was cut short). It stores one file at a time, in pieces a page
//   of ours lets begin (`turn`).
"use strict";

const BUILD = { version: "dev", app: [], assets: [], runtime: [], sha256: {} };  // written by tools/build.py
const CACHE = `eightoff-${BUILD.version}`;
const PREFIX = "eightoff-";
// The version marker of an app file: `<meta name="eightoff-build" content="V">` in the HTML,
// `# eightoff-build: V` in pyscript.toml (service_worker.py, stamp).
const MARKER = /eightoff-build(?:" content="|: )([0-9a-z]+)/;
const scopeURL = (path) => new URL(path, self.registration.scope).href;
const app = new Set(BUILD.app.map(scopeURL));
const precached = new Set([...BUILD.app, ...BUILD.assets, ...BUILD.runtime].map(scopeURL));
const immutable = new Set([...BUILD.assets, ...BUILD.runtime].map(scopeURL));
const digests = new Map(Object.entries(BUILD.sha256).map(([path, hex]) => [scopeURL(path), hex]));
const fetchOptions = (url) => (app.has(url) ? { cache: "no-cache" } : {});

// In pieces, each begun when a page of ours says the moment is right (`turn`): the page
// registers this worker in a quiet moment once the game runs, and then answers each ask in a
// quiet moment or just after it painted its answer to an input, so the downloads, digests
// and cache writes never land on a player's move (docs/performance.md, "Idle-time work").
// A piece stores files one at a time until it has read PIECE_BYTES (the 22 small pages
// make one piece, the wasm one of its own).
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    let piece = -Infinity;
    for (const url of precached) {
      if (bytesRead - piece >= PIECE_BYTES) piece = await turn();
      const older = immutable.has(url) && await caches.match(url);  // from an older build
      const response = (older && await checked(url, older)) || await fetchChecked(url);
      if (!response) throw new Error(`precache: not this build's copy of ${url}`);
      await cache.put(url, stamped(url, response));
    }
    await self.skipWaiting();
  })());
});

// The install's pieces. Each waits for a page's go: a page of ours answers an ask
// `{ piece: n }` with the same message in a moment for work (static/loader.js, `grant`);
// with no page to answer (none is up yet, or all were closed) a piece goes after
// PIECE_WAIT_MS anyway, so the install always ends. Returns the bytes read so far.
const PIECE_BYTES = 1 << 20;
// The bytes of the files checked so far (the install's pieces are measured in them).
let bytesRead = 0;
const PIECE_WAIT_MS = 3000;
const waiting = new Map();
let asked = 0;
self.addEventListener("message", (event) => {
  const go = waiting.get(event.data && event.data.piece);
  if (go) go();
});
async function turn() {
  const piece = ++asked;
  const granted = new Promise((resolve) => {
    waiting.set(piece, resolve);
    setTimeout(resolve, PIECE_WAIT_MS);
  });
  for (const page of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    page.postMessage({ piece });
  }
  await granted;
  waiting.delete(piece);
  return bytesRead;
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  if (request.mode === "navigate") url.search = "";  // index.html?seed=... is the same page
  if (immutable.has(url.href)) {
    event.respondWith(cacheFirst(request, url.href));
  } else if (precached.has(url.href)) {
    event.respondWith(networkFirst(request, url.href));
  }
});

// This build's copy of `url` from the network, checked (immutable files: fetched once more
// past the HTTP cache when the first copy is bad), or null.
async function fetchChecked(url) {
  const first = await checked(url, await fetch(url, fetchOptions(url)));
  if (first || !immutable.has(url)) return first;
  return checked(url, await fetch(url, { cache: "reload" }));
}

// `response` when it is this build's copy of `url`, else null. Immutable files: status 200
// and the SHA-256 the build recorded; app files: see `kind`.
async function checked(url, response) {
  if (response.status !== 200) return null;
  if (immutable.has(url)) {
    const expected = digests.get(url);
    return expected && await sha256(response.clone()) === expected ? response : null;
  }
  return (await kind(url, response)) === "ours" ? response : null;
}

// What an app file's response is: "ours" (this build's), "newer" (another build of the app:
// a deploy happened) or "foreign" (not the app at all: an error page, a portal).
async function kind(url, response) {
  if (response.status !== 200) return "foreign";
  const text = await response.clone().text();
  bytesRead += text.length;
  if (new URL(url).pathname.endsWith(".webmanifest")) {
    try {
      return typeof JSON.parse(text) === "object" ? "ours" : "foreign";
    } catch {
      return "foreign";
    }
  }
  const type = (response.headers.get("content-type") || "").split(";")[0].trim();
  const html = !new URL(url).pathname.endsWith(".toml");
  const marker = MARKER.exec(text);
  if (!marker || (html && type !== "text/html")) return "foreign";
  return marker[1] === BUILD.version ? "ours" : "newer";
}

async function sha256(response) {
  const body = await response.arrayBuffer();
  bytesRead += body.byteLength;
  const digest = await crypto.subtle.digest("SHA-256", body);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function cacheFirst(request, key) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  if (hit) return hit;
  const response = await fetch(request);
  const good = await checked(key, response) || await checked(key, await fetch(key, { cache: "reload" }));
  if (!good) return response;  // not stored: the next request tries again
  await cache.put(key, stamped(key, good.clone()));
  return good;
}

// An immutable file's checked copy as it is stored: carrying the digest it was checked against.
function stamped(url, response) {
  const digest = digests.get(url);
  if (!digest) return response;
  const headers = new Headers(response.headers);
  headers.set("x-eightoff-sha256", digest);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  let response;
  try {
    response = await fetch(request, fetchOptions(key));
  } catch (error) {
    const hit = await cache.match(key);
    if (hit) return hit;
    throw error;
  }
  const found = await kind(key, response);
  if (found === "ours") {
    await cache.put(key, response.clone());
    return response;
  }
  if (found === "newer") return response;  // shown, never stored with this build's files
  return (await cache.match(key)) || response;
}

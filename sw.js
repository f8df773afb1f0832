// Service worker of Eight Off: offline play after the first visit.
//
// tools/build.py replaces the BUILD line with the build's content version and file lists.
// - One cache per build, named by its content version; activate deletes the others.
// - App files (the HTML, config and manifest): network first, so a new build reaches players
//   on their next visit; the cache answers when the network does not. They always revalidate
//   (some hosts, GitHub Pages among them, let browsers cache them for minutes).
// - Our content-hashed assets and the runtime files (versioned paths): they never change under
//   their name, so cache first. Answering with the cached Response itself also lets Chromium
//   keep the compiled wasm and scripts beside the cache entry (docs/performance.md).
// - Install copies the unchanged immutable files from the previous build's cache instead of
//   downloading them.
"use strict";

const BUILD = { version: "dev", app: [], assets: [], runtime: [] };  // written by tools/build.py
const CACHE = `eightoff-${BUILD.version}`;
const PREFIX = "eightoff-";
const scopeURL = (path) => new URL(path, self.registration.scope).href;
const app = new Set(BUILD.app.map(scopeURL));
const precached = new Set([...BUILD.app, ...BUILD.assets, ...BUILD.runtime].map(scopeURL));
const immutable = new Set([...BUILD.assets, ...BUILD.runtime].map(scopeURL));
const fetchOptions = (url) => (app.has(url) ? { cache: "no-cache" } : {});

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all([...precached].map(async (url) => {
      const reuse = immutable.has(url) && await caches.match(url);  // from an older build
      const response = reuse || await fetch(url, fetchOptions(url));
      if (!response.ok) throw new Error(`precache: ${response.status} ${url}`);
      await cache.put(url, response);
    }));
    await self.skipWaiting();
  })());
});

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

async function cacheFirst(request, key) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(key, response.clone());
  return response;
}

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request, fetchOptions(key));
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(key);
    if (hit) return hit;
    throw error;
  }
}

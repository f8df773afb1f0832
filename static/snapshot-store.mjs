// Stores the build's memory snapshot (and the runtime's wasm, when no cache holds a copy) in
// the page's Cache Storage cache, in a worker: the download, its decoding and the cache
// writes run off the page's main thread, so a tap during them is answered within a frame
// (docs/performance.md, "Idle-time work"). The page's pyodide-loader.mjs starts it in a quiet
// moment once the board is playable, posts { cache, snapshot, wasm } (URLs) and ends it
// when it answers "stored" (or "failed": offline, storage full; the next visit boots
// normally and tries again). After a first visit that booted from the snapshot, both come
// from the HTTP cache: nothing crosses the network twice. Other entries of the cache (older
// builds' snapshots) are deleted.
"use strict";

/** A wasm response streaming compilation accepts, as in pyodide-loader.mjs (`compilable`). */
const compilable = (response) =>
  response.ok && (response.headers.get("content-type") ?? "").startsWith("application/wasm");

self.onmessage = async ({ data: { cache: name, snapshot, wasm } }) => {
  try {
    const cache = await caches.open(name);
    // Always written anew: the page asks only when the stored copy was missing or failed.
    const response = await fetch(snapshot);
    if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
    await cache.put(snapshot, response);
    if (!(await caches.match(wasm))) {
      const response = await fetch(wasm);
      if (compilable(response)) await cache.put(wasm, response);
    }
    for (const request of await cache.keys()) {
      if (request.url !== snapshot && request.url !== wasm) await cache.delete(request);
    }
    self.postMessage("stored");
  } catch {
    self.postMessage("failed");
  }
};

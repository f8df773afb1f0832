// What the page keeps of the runtime in Cache Storage, for later visits (docs/performance.md):
// the memory snapshot, in the page's own cache, and the runtime's wasm, from whichever cache
// holds it (the service worker's, or the page's own, where the page puts a copy beside the
// snapshot when no cache holds one). Reading a stored copy here; storing fresh ones is the
// work of a worker of its own (`snapshot-store.mjs`), which `storeSnapshot` starts.
//
// The wasm from Cache Storage, also without a service worker: Chromium keeps the compiled code
// beside a Cache Storage entry and reuses it, which it does not reliably do for the HTTP cache
// (docs/performance.md); pyodide-loader.mjs answers Pyodide's fetch of the wasm with it.
import { SNAPSHOT, SNAPSHOT_CACHE, WASM, compilable } from "./runtime-files.mjs";

const STORE_WORKER = new URL("./snapshot-store.mjs", import.meta.url);
const loaderFacts = globalThis.eightoffLoader;

/** The stored snapshot's bytes, or null (none, or no Cache Storage). */
export async function readSnapshot() {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const response = await cache.match(SNAPSHOT);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null; // no Cache Storage (an opaque origin, a private mode): boot without it
  }
}

/** A stored copy of the wasm streaming compilation accepts, or null. */
export async function readStoredWasm() {
  try {
    const response = await caches.match(WASM);
    return compilable(response) ? response : null;
  } catch {
    return null;
  }
}

/** Stores this build's snapshot (and the wasm, when no cache holds it) in the page's cache,
 * in a worker of its own, snapshot-store.mjs: the download, its decoding and the cache
 * writes stay off the page's main thread, in pieces the page lets begin. Resolves when the
 * worker is done; `stored()` is called once the snapshot is in the cache. */
export function storeSnapshot(stored) {
  return new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker(STORE_WORKER, { type: "module" });
    } catch {
      return resolve(); // no workers: the next visit boots normally
    }
    const end = (event) => {
      worker.terminate();
      if (event.data === "stored") stored();
      resolve();
    };
    // It asks for each piece of its work ({ piece }): loader.js answers in a moment for it.
    const grant = loaderFacts?.grant ?? ((target, ask) => target.postMessage(ask));
    worker.onmessage = (event) => (event.data?.piece ? grant(worker, event.data) : end(event));
    worker.onerror = end;
    worker.postMessage({ cache: SNAPSHOT_CACHE, snapshot: SNAPSHOT, wasm: WASM });
  });
}

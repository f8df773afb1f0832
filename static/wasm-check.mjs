// Checks the stored copy of the runtime's wasm, in a worker of its own (`runtime-cache.mjs` starts
// it as soon as a start finds a copy): its own read of the cache entry and its SHA-256
// (SubtleCrypto) run off the page's main thread while the page compiles the wasm from the same
// entry, so the check costs the start almost nothing (docs/storage.md, "What it costs"). Posted
// the cache's name, it answers { verdict } (`runtime-files.mjs`: `verdict`; "none" when the cache
// holds no copy any more) and deletes a copy that is not this build's runtime's.
import { WASM, WASM_SHA256, verdict } from "./runtime-files.mjs";

self.onmessage = async ({ data }) => {
  let why = "unreadable";
  try {
    const cache = await caches.open(data.cache);
    const response = await cache.match(WASM);
    why = response ? await verdict(response, await response.arrayBuffer(), WASM_SHA256) : "none";
    if (!["ok", "unchecked", "none"].includes(why)) await cache.delete(WASM);
  } catch {
    // no Cache Storage or no SubtleCrypto here: unreadable, not used
  }
  self.postMessage({ verdict: why });
};

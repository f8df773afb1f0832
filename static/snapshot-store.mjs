// Stores the build's memory snapshot (and the runtime's wasm, when no cache holds a copy) in
// the page's Cache Storage cache, in a worker: the download, its decoding and the cache
// writes run off the page's main thread (docs/performance.md, "Idle-time work"). The page's
// loader (runtime-cache.mjs, `storeSnapshot`) starts it in a quiet moment once the board is
// playable, posts { cache, snapshot, wasm } (URLs) and ends it when it answers "stored" (or
// "failed": offline, storage full; the next visit boots normally and tries again). After a first
// visit that booted from the snapshot, both come from the HTTP cache: nothing crosses the
// network twice. Other entries of the cache (older builds' snapshots) are deleted.
//
// The work goes in pieces (the snapshot's download and write, the wasm's, the clean-up),
// each begun when the page says the moment is right: the worker asks `{ piece: n }`, the
// page answers with the same message in a quiet moment or just after it painted its answer
// to an input (static/loader.js, `grant`), so a tap is answered within a frame; a piece the
// page leaves unanswered goes after PIECE_WAIT_MS anyway.
import { compilable } from "./runtime-files.mjs";

const PIECE_WAIT_MS = 3000;

const waiting = new Map();
let asked = 0;
/** Resolves when the page lets the next piece begin (or PIECE_WAIT_MS passed). */
function turn() {
  const piece = ++asked;
  return new Promise((resolve) => {
    waiting.set(piece, resolve);
    setTimeout(resolve, PIECE_WAIT_MS);
    self.postMessage({ piece });
  }).finally(() => waiting.delete(piece));
}

async function store({ cache: name, snapshot, wasm }) {
  try {
    const cache = await caches.open(name);
    // Always written anew: the page asks only when the stored copy was missing or failed.
    const response = await fetch(snapshot);
    if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
    await cache.put(snapshot, response);
    if (!(await caches.match(wasm))) {
      await turn();
      const response = await fetch(wasm);
      if (compilable(response)) await cache.put(wasm, response);
    }
    await turn();
    for (const request of await cache.keys()) {
      if (request.url !== snapshot && request.url !== wasm) await cache.delete(request);
    }
    self.postMessage("stored");
  } catch {
    self.postMessage("failed");
  }
}

self.onmessage = ({ data }) => {
  if (data.piece) waiting.get(data.piece)?.();
  else store(data);
};

// Stores the build's memory snapshot (and the runtime's wasm, when no cache holds a copy) in
// the page's Cache Storage cache, in a worker: the download, its decoding and the cache
// writes run off the page's main thread (docs/performance.md, "Idle-time work"). The page's
// loader (runtime-cache.mjs, `storeSnapshot`) starts it in a quiet moment once the board is
// playable, posts { cache, snapshot, wasm } (URLs) and ends it when it answers "stored" (or
// "failed": offline, storage full; the next visit boots normally and tries again). After a first
// visit that booted from the snapshot, both come from the HTTP cache: nothing crosses the
// network twice. Each copy is stored only when its SHA-256 is the one the build recorded
// (runtime-files.mjs; a bad copy is fetched once more past the HTTP cache), and carries that
// digest in a header (DIGEST_HEADER): the page checks it again before every use
// (`runtime-cache.mjs`). Other files in the cache (older builds' snapshots) are deleted; the
// starts' marks and the snapshot's failures are kept.
//
// The work goes in pieces (the snapshot's download and write, the wasm's, the clean-up),
// each begun when the page says the moment is right: the worker asks `{ piece: n }`, the
// page answers with the same message in a quiet moment or just after it painted its answer
// to an input (static/loader.js, `grant`), so a tap is answered within a frame; a piece the
// page leaves unanswered goes after PIECE_WAIT_MS anyway.
import {
  BOOT_MARK,
  DIGEST_HEADER,
  SNAPSHOT_FAILURES,
  SNAPSHOT_SHA256,
  WASM_SHA256,
  compilable,
  sha256,
} from "./runtime-files.mjs";

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
    // The page asks when a stored copy was missing or not this build's: a snapshot the page
    // found good at this start (its stored digest says so) stays.
    const kept = (await cache.match(snapshot))?.headers.get(DIGEST_HEADER) === SNAPSHOT_SHA256;
    if (!kept) {
      const copy = await checked(snapshot, SNAPSHOT_SHA256, "application/octet-stream");
      if (!copy) throw new Error("snapshot: no copy of this build's");
      await cache.put(snapshot, copy);
    }
    if (!(await caches.match(wasm))) {
      await turn();
      const copy = await checked(wasm, WASM_SHA256, "application/wasm");
      if (copy) await cache.put(wasm, copy);
    }
    await turn();
    for (const request of await cache.keys()) {
      const kept = [snapshot, wasm, SNAPSHOT_FAILURES].includes(request.url) || request.url.startsWith(BOOT_MARK);
      if (!kept) await cache.delete(request);
    }
    self.postMessage("stored");
  } catch {
    self.postMessage("failed");
  }
}

/** This build's copy of `url` (its SHA-256 is `expected`) to store, carrying its digest, or
 * null: fetched, and once more past the HTTP cache when the first copy is not this build's. */
async function checked(url, expected, type) {
  for (const cache of ["default", "reload"]) {
    const response = await fetch(url, { cache });
    if (!response.ok || (type === "application/wasm" && !compilable(response))) continue;
    const bytes = await response.arrayBuffer();
    const digest = await sha256(bytes);
    if (digest === expected) return new Response(bytes, { headers: { "content-type": type, [DIGEST_HEADER]: digest } });
  }
  return null;
}

self.onmessage = ({ data }) => {
  if (data.piece) waiting.get(data.piece)?.();
  else store(data);
};

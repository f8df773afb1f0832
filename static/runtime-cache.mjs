// What the page keeps of the runtime in Cache Storage, for later visits (docs/performance.md,
// docs/storage.md): the memory snapshot, in the page's own cache, and the runtime's wasm, from
// whichever cache holds it (the service worker's, or the page's own, where the page puts a
// copy beside the snapshot when no cache holds one). Reading a stored copy here, checked;
// storing fresh ones is the work of a worker of its own (`snapshot-store.mjs`), which
// `storeSnapshot` starts.
//
// The wasm from Cache Storage, also without a service worker: Chromium keeps the compiled code
// beside a Cache Storage entry and reuses it, which it does not reliably do for the HTTP cache
// (docs/performance.md); pyodide-loader.mjs answers Pyodide's fetch of the wasm with it.
//
// Nothing kept is used unchecked (issue 38):
// - a copy is used only when it is this build's: the digest it carries (stamped by whoever
//   stored it, from the bytes stored, after checking them) is the one this build recorded
//   (runtime-files.mjs), or, for a copy that carries none, its bytes' SHA-256 is; and the
//   browser reads its bytes back whole (Chromium checks each entry's checksum). A copy that is
//   not is deleted, and the page boots the normal way (without any snapshot, this start);
// - a start that uses a stored copy (or a snapshot at all) first leaves a mark in the page's
//   cache, removed once the board is playable. A start that finds the mark of a start that
//   never got there (and is no longer under way in another tab: each start holds a Web Lock
//   while it runs) deletes the copies that start used and boots without them, and counts a
//   failure against this build's snapshot; at MOST_FAILURES (or at once, when Pyodide could
//   not restore it) the snapshot is refused: neither used, fetched nor stored again until a
//   new build brings another.
import {
  BOOT_MARK,
  SNAPSHOT,
  SNAPSHOT_CACHE,
  SNAPSHOT_FAILURES,
  SNAPSHOT_SHA256,
  WASM,
  WASM_SHA256,
  carried,
  compilable,
  verdict,
} from "./runtime-files.mjs";

const STORE_WORKER = new URL("./snapshot-store.mjs", import.meta.url);
const loaderFacts = globalThis.eightoffLoader;
const inPage = typeof document !== "undefined";
// The loading screen's rescue deletes every kept file but these entries, which are none.
if (loaderFacts) loaderFacts.notCopies = [BOOT_MARK, SNAPSHOT_FAILURES];
/** Failed starts with this build's snapshot after which it is refused. */
export const MOST_FAILURES = 2;
/** The Web Lock a start holds while it runs, by the id in its mark's URL. */
const LOCK = "eightoff-start-";
const FAILED_START = "a start failed with it";

/**
 * The stored copies this start may use, checked (docs/storage.md, "What the page keeps of the
 * runtime"): `snapshot`, its bytes, or null, and `checkSnapshot()`, a promise of whether they
 * are this build's (the boot expands them only if so); `wasm`, a Response of the stored wasm
 * that carries this build's digest, or null. A copy that is not this build's is deleted.
 * `why` says what became of each ("ok", "none", "damaged", "another build's", "unstamped",
 * "unreadable", "not a wasm", FAILED_START, "refused", "unchecked": the build recorded no
 * digest); the snapshot's says "found" until it is checked, and the performance mark
 * "eightoff-stored-copies" has it then, "eightoff-stored-wasm" the wasm's. `withoutSnapshot`:
 * this start boots the normal way (its snapshot was dropped unread, failed before, or is
 * refused); `refused`: this build's snapshot is not to be fetched or stored either;
 * `storeAgain`: a copy was dropped, or is used without its digest (an older page stored it):
 * the copies are stored again in idle time. Never rejects (no Cache Storage: nothing stored).
 */
export async function readStoredCopies() {
  const found = {
    snapshot: null,
    checkSnapshot: () => Promise.resolve(false),
    wasm: null,
    why: { snapshot: "none", wasm: "none" },
    withoutSnapshot: false,
    refused: false,
  };
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    // All at once, each as soon as it can: the marks of earlier starts, this start's own mark
    // (the copies there are, before any of them runs), each copy read, the snapshot checked.
    const failed = inPage ? failedStarts(cache) : Promise.resolve([]);
    const snapshotEntry = cache.match(SNAPSHOT);
    const wasmEntries = entries(WASM);
    Promise.all([snapshotEntry, caches.match(WASM)])
      .then(([snapshot, wasm]) => markStart([...(snapshot ? ["snapshot"] : []), ...(wasm ? ["wasm"] : [])]))
      .catch(() => {});
    const reads = Promise.all([storedSnapshot(cache, snapshotEntry), usableWasm(wasmEntries, failed)]);
    reads.catch(() => {}); // handled below
    const failures = await snapshotFailures(cache, (await failed).includes("snapshot"));
    found.refused = failures >= MOST_FAILURES;
    const [snapshot, wasm] = await reads;
    const notAgain = (await failed).includes("snapshot") ? FAILED_START : found.refused ? "refused" : "";
    if (notAgain) {
      if (snapshot.bytes) await cache.delete(SNAPSHOT);
      Object.assign(snapshot, { bytes: null, why: notAgain });
    }
    found.why = { snapshot: snapshot.why, wasm: wasm.why };
    // Dropped unread, failed before, or refused: the normal boot, without any snapshot.
    found.withoutSnapshot = Boolean(notAgain) || !["none", "found"].includes(snapshot.why);
    if (snapshot.bytes) {
      found.snapshot = snapshot.bytes;
      const checked = snapshot.check().then((verdict) => (found.why.snapshot = verdict) === "ok");
      found.checkSnapshot = () => checked;
    }
    found.wasm = wasm.response;
    // A copy dropped, or one used that carries no digest yet, is stored again in idle time.
    found.storeAgain = wasm.dropped || snapshot.unstamped;
  } catch {
    // no Cache Storage (an opaque origin, a private mode): boot without
  }
  found.checkSnapshot().then(() => performance.mark("eightoff-stored-copies", { detail: found.why }));
  return found;
}

/** The stored snapshot's bytes (`entry`: a promise of the cache's entry), and `check()`, a
 * promise of its verdict: by the digest it carries, or for a copy that carries none (an older
 * page stored it), by its bytes' SHA-256, computed now (begun at once; `unstamped` then). A
 * copy that is not this build's is deleted and not used: one that carries another build's
 * digest, unread; one the browser cannot read back whole (its bytes changed on disk: Chromium
 * checks each entry's checksum as it reads it, and drops the entry). */
async function storedSnapshot(cache, entry) {
  const response = await entry;
  if (!response) return { bytes: null, why: "none" };
  const stamp = carried(response, SNAPSHOT_SHA256);
  const bytes = stamp === "ok" || stamp === "unstamped" ? await readAll(response) : null;
  if (!bytes) {
    await cache.delete(SNAPSHOT).catch(() => {});
    return { bytes: null, why: stamp === "ok" || stamp === "unstamped" ? "unreadable" : stamp };
  }
  const checked = timedVerdict(response, bytes, SNAPSHOT_SHA256, "eightoff-check-snapshot")
    .catch(() => "unreadable") // no SubtleCrypto: not used
    .then(async (why) => {
      if (why !== "ok") await cache.delete(SNAPSHOT).catch(() => {});
      return why;
    });
  return { bytes, why: "found", check: () => checked, unstamped: stamp === "unstamped" };
}

/** The bytes of `response`, or null when they cannot be read back (the cache's own checksum). */
async function readAll(response) {
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch {
    return null;
  }
}

/** Every cache's entry for `url`: [cache, response, name] triples, in the caches' order. */
async function entries(url) {
  const found = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    const response = await cache.match(url);
    if (response) found.push([cache, response, name]);
  }
  return found;
}

/** The first stored copy of the wasm streaming compilation accepts (`wasmEntries`: a promise of
 * [cache, response, name] triples) that carries this build's digest, unless a failed start ran
 * it (`failed`, a promise of what failed starts ran): `response`, a Response of the entry (not
 * read here: Chromium compiles it from the code it keeps beside the entry, and checks the
 * bytes as they stream from disk). A copy that carries another build's digest is deleted; one
 * that carries none is not used (the page's own is deleted, and stored again with its digest
 * in idle time; a service worker's from before issue 38 is still the one it answers with).
 * The verdict is the performance mark "eightoff-stored-wasm". */
async function usableWasm(wasmEntries, failed) {
  let why = "none";
  const copies = await wasmEntries;
  if ((await failed).includes("wasm")) return { response: null, why: FAILED_START };
  for (const [cache, response, name] of copies) {
    why = compilable(response) ? carried(response, WASM_SHA256) : "not a wasm";
    if (why === "ok") break;
    if (why === "another build's" || why === "not a wasm" || name === SNAPSHOT_CACHE) await cache.delete(WASM);
  }
  performance.mark("eightoff-stored-wasm", { detail: why });
  const found = copies.find(([, response]) => why === "ok" && carried(response, WASM_SHA256) === "ok");
  return { response: found ? found[1] : null, why, dropped: !["ok", "none"].includes(why) };
}

/** `verdict` of runtime-files.mjs, its span the performance measure `measure` (bench/startup.py
 * reads it). */
async function timedVerdict(response, bytes, expected, measure) {
  const start = performance.now();
  const found = await verdict(response, bytes, expected);
  performance.measure(measure, { start, end: performance.now() });
  return found;
}

// ---- The marks of starts under way (in the page only).

const startId = inPage ? (crypto.randomUUID?.() ?? `${Date.now()}-${Math.random()}`.replace(/\D/g, "")) : "";
const MARK = `${BOOT_MARK}?${startId}`;
const marked = new Set();
let markWritten = Promise.resolve();
let releaseLock = () => {};
let lockTaken = null;

/**
 * Marks this start as one that runs `copies` ("snapshot": a memory snapshot, stored or
 * fetched; "wasm": the stored wasm), until the board is playable (then the mark is removed);
 * a boot error leaves it for the next start to find. Resolves once the mark is in the cache:
 * the boot awaits it before it runs them. In the page only.
 */
export function markStart(copies) {
  const before = marked.size;
  for (const copy of inPage ? copies : []) marked.add(copy);
  if (marked.size === before) return markWritten;
  const listed = JSON.stringify([...marked]);
  const start = performance.now();
  markWritten = markWritten
    .then(async () => {
      const cache = await caches.open(SNAPSHOT_CACHE);
      const mark = new Response(listed, { headers: { "content-type": "application/json" } });
      await Promise.all([takeLock(), cache.put(MARK, mark)]);
      performance.measure("eightoff-check-mark", { start, end: performance.now() });
    })
    .catch(() => {}); // no mark can be kept: nothing can be kept either
  if (!before) whenSettled();
  return markWritten;
}

/** The Web Lock that says this start is under way (released when it ends, also when the tab
 * is closed or its renderer crashes); without Web Locks, none. */
function takeLock() {
  lockTaken ??= new Promise((granted) => {
    try {
      navigator.locks
        .request(LOCK + startId, () => {
          granted();
          return new Promise((release) => (releaseLock = release));
        })
        .catch(granted);
    } catch {
      granted();
    }
  });
  return lockTaken;
}

/** At playable, the mark goes; at a boot error it stays, and the lock goes either way. */
function whenSettled() {
  loaderFacts?.whenReady?.(async () => {
    await markWritten;
    try {
      await (await caches.open(SNAPSHOT_CACHE)).delete(MARK);
    } catch {
      // Cache Storage gone meanwhile (the site's data cleared): no mark left either
    } finally {
      releaseLock();
    }
  });
  const root = document.documentElement;
  const failed = new MutationObserver(() => {
    if (!root.hasAttribute("data-boot-error")) return;
    failed.disconnect();
    releaseLock();
  });
  failed.observe(root, { attributes: true, attributeFilter: ["data-boot-error"] });
}

/** The copies ("snapshot", "wasm") that starts which never became playable ran, each such
 * mark deleted, and those copies with it. A mark whose start is still under way (its lock is
 * held: another tab starting at this moment) is left alone. */
async function failedStarts(cache) {
  const marks = await cache.keys(BOOT_MARK, { ignoreSearch: true });
  if (!marks.length) return [];
  const running = await startsUnderWay();
  const failed = new Set();
  for (const request of marks) {
    if (request.url === MARK || running.has(LOCK + new URL(request.url).search.slice(1))) continue;
    const listed = await cache
      .match(request)
      .then((response) => response.json())
      .catch(() => ["snapshot", "wasm"]);
    for (const copy of Array.isArray(listed) ? listed : ["snapshot", "wasm"]) failed.add(String(copy));
    await cache.delete(request);
  }
  if (failed.has("snapshot")) await cache.delete(SNAPSHOT);
  if (failed.has("wasm")) await dropEverywhere(WASM);
  return [...failed];
}

async function startsUnderWay() {
  try {
    const { held = [] } = await navigator.locks.query();
    return new Set(held.map((lock) => lock.name));
  } catch {
    return new Set(); // no Web Locks: every mark found is a failed start's
  }
}

async function dropEverywhere(url) {
  for (const name of await caches.keys()) await (await caches.open(name)).delete(url);
}

// ---- The failures of this build's snapshot.

/** The failed starts with this build's snapshot so far, one more counted when `failedNow`. */
async function snapshotFailures(cache, failedNow) {
  let count = 0;
  try {
    const record = await (await cache.match(SNAPSHOT_FAILURES))?.json();
    if (record?.sha256 === SNAPSHOT_SHA256 && Number.isInteger(record.count)) count = record.count;
  } catch {
    // none, or not readable: none
  }
  if (failedNow) await cache.put(SNAPSHOT_FAILURES, failures(++count));
  return count;
}

const failures = (count) =>
  new Response(JSON.stringify({ sha256: SNAPSHOT_SHA256, count }), { headers: { "content-type": "application/json" } });

/** Pyodide could not restore this build's snapshot here (its heap did not fit, say): it is
 * refused at once, and the stored copy deleted. */
export async function refuseSnapshot() {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    await cache.delete(SNAPSHOT);
    await cache.put(SNAPSHOT_FAILURES, failures(MOST_FAILURES));
  } catch {
    // no Cache Storage: nothing kept to refuse
  }
}

/** A start from this build's snapshot became playable: the failures counted against it go. */
export function snapshotWorked() {
  loaderFacts?.whenReady?.(() =>
    caches
      .open(SNAPSHOT_CACHE)
      .then((cache) => cache.delete(SNAPSHOT_FAILURES))
      .catch(() => {}),
  );
}

/** Stores this build's snapshot (and the wasm, when no cache holds it) in the page's cache,
 * in a worker of its own, snapshot-store.mjs: the download, its check, its decoding and the
 * cache writes stay off the page's main thread, in pieces the page lets begin. Resolves when
 * the worker is done; `stored()` is called once the snapshot is in the cache. */
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

// The `interpreter` module named in pyscript.toml.
//
// PyScript imports this module instead of Pyodide's own `pyodide.mjs` and calls its
// `loadPyodide`. We forward to our pinned Pyodide copy and add the options PyScript does not
// pass: the runtime directory, the standard library precompiled to .pyc at build time
// (tools/pyc_compile.mjs, about three times faster), and on later visits a memory snapshot
// of the booted interpreter (tools/snapshot.mjs), which skips the interpreter's bootstrap.
//
// The snapshot (docs/performance.md):
// - its name carries a hash of its content (the build rewrites SNAPSHOT), so a snapshot of
//   another build is never asked for;
// - a first visit decides at once whether to fetch it alongside the runtime and boot from it
//   (`firstVisitPath`): when the link is fast enough that it arrives before the interpreter's
//   bootstrap, which it replaces, would have ended on this device; otherwise it boots without
//   it;
// - either way, once the board is playable and the player pauses, a worker stores it in its
//   own Cache Storage cache (older snapshots are deleted), off the page's main thread
//   (the worker is snapshot-store.mjs); on the first path it comes from the HTTP cache, never twice over
//   the network;
// - a later visit reads it from that cache while PyScript starts and boots from it; missing,
//   malformed or refused by Pyodide, the normal boot follows and nothing is lost.
// The standard library's zip (2.3 MB on the wire): the snapshot holds every module the page
// imports, so a boot from it does not wait for the zip. Pyodide is given an empty one, and the
// page puts the real one in its place once the board is playable (`installStdlib`); an import
// that needs it sooner fetches it there and then (docs/performance.md). A normal boot fetches
// it as before, a first visit as soon as it has chosen that path (the page preloads only the
// wasm, which every path needs).
// The runtime's wasm: once a copy of it is in Cache Storage (the service worker's cache or the
// one the snapshot is kept in), the boot takes it from there, also without a service worker:
// Chromium keeps the compiled code beside a Cache Storage entry and reuses it, which it does
// not reliably do for the HTTP cache (docs/performance.md). Pyodide fetches the wasm with the
// global `fetch`; for the length of the boot, that one URL is answered with the stored copy.
//
// Pyodide boots without JSPI (WebAssembly stack switching), which it would use where the
// browser offers it: in Chromium, Python then runs on V8's secondary stacks, and there the
// renderer's own frame-pointer stack walker can read past the stack's end and crash the tab
// (SIGSEGV at the top of a secondary stack; docs/performance.md, "A crash in Chromium"). We
// need none of what JSPI adds (`run_sync`), and the browsers without it run us the same way.
//
// `<html data-snapshot>` tells what happened: "used" (the stored one), "fetched" (a first
// visit booted from one fetched with the runtime), "missing" (a first visit booted without),
// "failed", then "stored" once a fresh snapshot is in the cache. The solver's worker boots
// through this module too: it uses a stored snapshot but leaves storing to the page.
import { loadPyodide as loadPinnedPyodide, version } from "./vendor/pyodide-314.0.7/pyodide.mjs";

export { version };

const runtime = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;
const SNAPSHOT = new URL("./vendor/pyodide-314.0.7/snapshot.bin", import.meta.url).href;
const WASM = runtime + "pyodide.asm.wasm";
const STDLIB = runtime + "python_stdlib_pyc.zip";
const STORE_WORKER = new URL("./snapshot-store.mjs", import.meta.url);
const SNAPSHOT_CACHE = "pyodide-snapshot";
const MAGIC = "EOSNAP02";
const inPage = typeof document !== "undefined";
const loaderFacts = globalThis.eightoffLoader;
// ?no_snapshot, read with the rest of the address by static/lang.js (none in the worker).
const skipSnapshot = loaderFacts?.snapshot === false;

// The first visit's choice (docs/performance.md, "The snapshot on a first visit", has the
// figures). The snapshot pays when the bytes it adds before playable (the snapshot, less the
// standard library a boot from it does without) arrive sooner than the bootstrap it replaces
// would have ended: (SNAPSHOT_BYTES - STDLIB_SENT_BYTES) / throughput < savedSeconds(slowdown).
/** The snapshot as sent (brotli), bytes; tests/browser/test_snapshot.py checks it. */
export const SNAPSHOT_BYTES = 2_870_000;
/** The standard library's zip as sent (brotli), bytes; tests/browser/test_snapshot.py checks it. */
export const STDLIB_SENT_BYTES = 2_310_000;
/** The standard library's zip, decoded bytes (the loading screen's progress counts them on a
 * first visit's normal boot); tests/browser/test_snapshot.py checks it. */
export const STDLIB_BYTES = 8_520_000;
/** What booting from the snapshot saves, in seconds, on a device the probe reads as so many
 * times slower than the reference machine (between two rows, interpolated): at full speed the
 * bootstrap on Chromium's baseline wasm code (2.0–2.5 s on the quiet reference machine) less
 * expanding and restoring the snapshot (about 0.3–0.4 s), less a margin; where the probe reads
 * 6× (a loaded machine, or CPU throttling through the DevTools protocol), the normal boot's
 * time to playable less the snapshot's, network unthrottled, the median of what was measured
 * there (−2.0 to 4.5 s at CPU 1–6×, load 20–24). It does not grow with the throttling, which
 * slows only the main thread (expanding and restoring the snapshot too) while the bootstrap's
 * wasm is also compiled on other threads; a truly slower phone saves more. */
export const SAVED_SECONDS = [
  [1, 1.4],
  [6, 2.4],
];
/** The device probe's best round at full speed on that machine, in ms. */
export const PROBE_MS = 1.2;
/** The most the probe is believed: it reads a busy or throttled main thread (a loaded
 * machine, CPU emulation's pauses) as a slower device, up to 50× here, far beyond what the
 * bootstrap itself then takes; phones run our wasm about 4× slower than that machine. */
export const MOST_SLOWDOWN = 6;
const PROBE_ROUNDS = 3;
const PROBE_LOOPS = 1_000_000;
/** The first bytes: the runtime's downloads are sampled until this long after they began
 * flowing (or until they are complete). */
const SAMPLE_MS = 300;

// Started when this module runs (index.html runs it before PyScript): overlaps PyScript's start.
let stored = skipSnapshot ? Promise.resolve(null) : readSnapshot();
let storedWasm = skipSnapshot ? Promise.resolve(null) : readStoredWasm();
// A first visit's choice, made while PyScript starts (null: not a first visit here).
let firstVisit = inPage && !skipSnapshot ? stored.then((found) => (found ? null : firstVisitPath())) : Promise.resolve(null);

export async function loadPyodide(options = {}) {
  const started = performance.now();
  const pyodide = await chooseAndLoad(options);
  // The interpreter's start, from PyScript's call (a performance measure for the benchmark).
  performance.measure("eightoff-pyodide", { start: started, end: performance.now() });
  return pyodide;
}

async function chooseAndLoad(options) {
  const config = { ...options, indexURL: runtime, stdLibURL: STDLIB };
  const snapshot = await stored;
  const choice = await firstVisit;
  // A stored Response can be read once: the first boot that fetches the wasm takes it.
  const copies = new Map(choice?.responses ?? []);
  const wasm = await storedWasm;
  if (wasm) copies.set(WASM, Promise.resolve(wasm));
  stored = storedWasm = firstVisit = Promise.resolve(null); // a second interpreter boots normally
  const take = (url) => {
    const copy = copies.get(url) ?? null;
    copies.delete(url);
    return copy;
  };
  if (snapshot || choice?.heap) {
    try {
      const expanded = snapshot ? Promise.resolve(expandSnapshot(snapshot)) : choice.heap;
      // A first visit compiles the wasm while the snapshot still arrives: Pyodide would only
      // begin once the snapshot is expanded.
      const compiled = snapshot ? null : compileAhead(take(WASM));
      // The pages the snapshot only names come from the new instance's memory.
      const instantiated = async (instance) => (await expanded).fill(instance);
      // In the page, Pyodide's fetch of the standard library is answered with an empty zip.
      const early = inPage ? (url) => (url === STDLIB ? Promise.resolve(new Response(new Uint8Array(0))) : take(url)) : take;
      const heap = expanded.then((found) => found.heap);
      heap.catch(() => {}); // handled where Pyodide awaits it
      const load = () => loadPinnedPyodide({ ...config, _loadSnapshot: heap });
      const pyodide = await bootPyodide(early, load, { compiled, instantiated });
      if (inPage) installStdlib(pyodide);
      // Pyodide keeps its options: let the 31 MB heap image go once it is restored.
      if (pyodide._api?.config) pyodide._api.config._loadSnapshot = undefined;
      // The heap holds the random module's state of the build machine: draw a fresh one.
      pyodide.runPython("import random\nrandom.seed()");
      report(snapshot ? "used" : "fetched");
      if (!snapshot) whenPlayable(storeSnapshot);
      return pyodide;
    } catch (error) {
      console.warn("Eight Off: the Pyodide snapshot did not load; booting without it.", error);
      report("failed");
    }
  } else {
    report("missing");
  }
  const pyodide = await bootPyodide(take, () => loadPinnedPyodide(config));
  if (inPage && !skipSnapshot) whenPlayable(storeSnapshot);
  return pyodide;
}

/** The snapshot fetched on a first visit, expanded (its bytes count in the loading screen's
 * progress); rejects when it cannot be had, and the normal boot follows. */
function fetchSnapshot() {
  loaderFacts?.expect?.(SNAPSHOT, SNAPSHOT_BYTES, true); // optional: its failure is no failed start
  const heap = (async () => {
    const response = await fetch(SNAPSHOT);
    if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
    return expandSnapshot(new Uint8Array(await response.arrayBuffer()));
  })();
  heap.catch(() => {}); // handled where the boot awaits it
  return heap;
}

/**
 * On a first visit: boot from a snapshot fetched now, or boot as before? `heap` is the
 * snapshot's heap to come (its download starts now), or null; `responses` the runtime's responses taken over from the page's preloads (their
 * first bytes were measured), which Pyodide's own fetches are then answered with.
 * ?first_visit=snapshot|boot (tests, the benchmark) forces the answer.
 */
async function firstVisitPath() {
  const forced = loaderFacts?.firstVisit;
  const wasmStored = Boolean(await storedWasm);
  const sample = sampleDownloads(wasmStored ? [] : [WASM]);
  const connection = navigator.connection;
  let snapshot;
  let why;
  if (forced) {
    [snapshot, why] = [forced === "snapshot", "forced"];
  } else if (navigator.onLine === false) {
    [snapshot, why] = [false, "offline"];
  } else if (connection?.saveData || /2g|3g/.test(connection?.effectiveType ?? "")) {
    [snapshot, why] = [false, `connection ${connection.effectiveType}${connection.saveData ? ", save data" : ""}`];
  } else {
    const slowdown = await deviceSlowdown();
    const throughput = await sample.throughput;
    snapshot = (SNAPSHOT_BYTES - STDLIB_SENT_BYTES) / throughput < savedSeconds(slowdown);
    why = `${(throughput / 1e6).toFixed(2)} MB/s, device ${slowdown.toFixed(2)}× slower`;
  }
  sample.stop();
  performance.mark("eightoff-first-visit", { detail: { snapshot, why } });
  if (!snapshot) {
    // The normal boot reads the standard library: fetch it now, not once PyScript asks.
    loaderFacts?.expect?.(STDLIB, STDLIB_BYTES);
    const stdlib = fetch(STDLIB);
    stdlib.catch(() => {}); // handled where Pyodide awaits it
    sample.responses.push([STDLIB, stdlib]);
  }
  return { heap: snapshot ? fetchSnapshot() : null, responses: sample.responses };
}

/**
 * Takes over the page's preloads of `urls` (a fetch of the same URL is answered with the
 * preloaded response) and counts their bytes as they arrive. `throughput` resolves to the
 * bytes per second the page has received since its first byte (these streams and every
 * resource already complete), once SAMPLE_MS have passed since the streams began to flow, or
 * once they are complete if that is sooner. The time counts from the HTML's first byte, so
 * that bytes which arrived before this module ran do not look like a burst.
 */
function sampleDownloads(urls) {
  const readers = [];
  let counted = 0;
  let flowing = 0;
  let done;
  const throughput = new Promise((resolve) => {
    done = () => resolve(bytesPerSecond(urls, counted));
  });
  const responses = urls.map((url) => [url, fetch(url).then((response) => {
    if (response.ok && response.body) count(response.clone().body.getReader(), onTheWire(url, response));
    return response;
  })]);
  let finished = 0;
  const count = async (reader, ratio) => {
    readers.push(reader);
    try {
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        if (!flowing) {
          flowing = performance.now();
          setTimeout(done, SAMPLE_MS);
        }
        counted += value.byteLength * ratio;
      }
    } catch {
      // cancelled once the choice is made
    }
    if (++finished === urls.length) done();
  };
  // Nothing at all arrives (a failing network): decide after the sample time anyway; with
  // nothing to sample (the wasm is stored), from what the page has received by then.
  setTimeout(() => done(), (urls.length ? 4 : 1) * SAMPLE_MS);
  responses.forEach(([, pending]) => pending.catch(() => done()));
  const stop = () => readers.forEach((reader) => reader.cancel().catch(() => {}));
  return { responses, throughput, stop };
}

/** The share of a response's decoded bytes that crossed the wire: its Content-Length (the
 * compressed body's, when the host compressed it) over the file's size the build wrote on
 * its preload link (`data-bytes`); a third (about brotli's, for the wasm and the zip) when
 * either is unknown. */
function onTheWire(url, response) {
  const wire = Number(response.headers.get("content-length")) || 0;
  const link = [...document.querySelectorAll("link[data-bytes]")].find((candidate) => candidate.href === url);
  const decoded = Number(link?.dataset.bytes) || 0;
  return wire && decoded ? Math.min(1, wire / decoded) : 1 / 3;
}

/** Bytes per second since the page's first byte: `counted` (as sent) of `urls`, plus every
 * other resource complete by now, over the time since the HTML's first byte arrived. */
function bytesPerSecond(urls, counted) {
  const now = performance.now();
  const start = performance.getEntriesByType("navigation")[0]?.responseStart || 0;
  const others = performance
    .getEntriesByType("resource")
    .filter((entry) => !urls.includes(entry.name))
    .reduce((sum, entry) => sum + (entry.encodedBodySize || 0), 0);
  return ((counted + others) * 1000) / Math.max(now - start, 1);
}

/** How many times slower than the reference machine this device runs a little integer loop
 * (best of PROBE_ROUNDS rounds, each its own task, about a millisecond each here), from 1 to
 * MOST_SLOWDOWN. */
async function deviceSlowdown() {
  let best = Infinity;
  for (let round = 0; round < PROBE_ROUNDS; round++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const start = performance.now();
    let x = 0;
    for (let i = 0; i < PROBE_LOOPS; i++) x = (x + Math.imul(x ^ i, 2654435761)) | 0;
    best = Math.min(best, performance.now() - start + (x === 0.5 ? 1 : 0));
  }
  return Math.min(MOST_SLOWDOWN, Math.max(1, best / PROBE_MS));
}

/** SAVED_SECONDS at `slowdown`, interpolated between its rows. */
export function savedSeconds(slowdown) {
  const rows = SAVED_SECONDS;
  const above = rows.findIndex(([at]) => at >= slowdown);
  if (above === 0) return rows[0][1];
  if (above < 0) return rows.at(-1)[1];
  const [[x0, y0], [x1, y1]] = [rows[above - 1], rows[above]];
  return y0 + ((y1 - y0) * (slowdown - x0)) / (x1 - x0);
}

/** A wasm response streaming compilation accepts (on another, Pyodide would wait forever). */
function compilable(response) {
  const type = response?.headers.get("content-type") ?? "";
  return Boolean(response?.ok && type.startsWith("application/wasm"));
}

async function readStoredWasm() {
  try {
    const response = await caches.match(WASM);
    return compilable(response) ? response : null;
  } catch {
    return null;
  }
}

/** Runs `boot` while WebAssembly's stack-switching API is hidden, so Pyodide finds none. */
async function withoutJspi(boot) {
  const hidden = ["Suspending", "Suspender", "promising"].filter((name) => name in WebAssembly);
  const saved = hidden.map((name) => Object.getOwnPropertyDescriptor(WebAssembly, name));
  for (const name of hidden) delete WebAssembly[name];
  try {
    return await boot();
  } finally {
    hidden.forEach((name, i) => Object.defineProperty(WebAssembly, name, saved[i]));
  }
}

/** Runs `boot` (a Pyodide load) without JSPI; Pyodide's fetch of a runtime file is answered
 * with the response `take(url)` gives (a stored copy, or one taken over from a preload),
 * when there is one left. `compiled`: the wasm compiled ahead (a promise), instantiated
 * instead of Pyodide's own fetch; `instantiated(instance)`: awaited once the instance exists,
 * before Pyodide uses it. */
async function bootPyodide(take, boot, { compiled = null, instantiated = null } = {}) {
  const networkFetch = globalThis.fetch;
  const streaming = WebAssembly.instantiateStreaming;
  globalThis.fetch = function (input, init) {
    const copy = take(String(input instanceof Request ? input.url : input));
    return copy ?? networkFetch.call(this, input, init);
  };
  if (compiled || instantiated) {
    // The module compiled ahead (`compileAhead`) instead of Pyodide's streaming compile of
    // its own fetch; without one (the compile failed), Pyodide's fetch goes to the network.
    WebAssembly.instantiateStreaming = async function (source, imports) {
      const module = await compiled;
      const result = module
        ? { module, instance: await WebAssembly.instantiate(module, imports) }
        : await streaming.call(this, source, imports);
      await instantiated?.(result.instance);
      return result;
    };
  }
  try {
    return await withoutJspi(boot);
  } finally {
    globalThis.fetch = networkFetch;
    WebAssembly.instantiateStreaming = streaming;
  }
}

/** The runtime's wasm compiled from `response` (a promise of one, or null), or null. */
function compileAhead(response) {
  if (!response) return null;
  return Promise.resolve(response)
    .then((wasm) => (compilable(wasm) ? WebAssembly.compileStreaming(wasm) : null))
    .catch(() => null);
}

async function readSnapshot() {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const response = await cache.match(SNAPSHOT);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null; // no Cache Storage (an opaque origin, a private mode): boot without it
  }
}

/**
 * The heap a snapshot file describes (format: tools/snapshot.mjs), and `fill(instance)`, which
 * copies the pages the file only names (as the wasm's data segments left them) from the memory
 * of a new instance of the wasm, before Pyodide restores the heap. Throws if malformed.
 */
export function expandSnapshot(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 32 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) {
    throw new Error("not an Eight Off snapshot");
  }
  const [heapBytes, pageBytes, count, namedCount, memoryOffset] = [8, 12, 16, 20, 24].map((at) => view.getUint32(at, true));
  const data = 32 + 4 * (count + namedCount);
  if (!pageBytes || data > bytes.length || bytes.length > data + count * pageBytes) {
    throw new Error("truncated snapshot");
  }
  const heap = new Uint8Array(heapBytes);
  for (let i = 0; i < count; i++) {
    const start = view.getUint32(32 + 4 * i, true) * pageBytes;
    const page = bytes.subarray(data + i * pageBytes, data + (i + 1) * pageBytes);
    if (start + page.length > heapBytes || (i < count - 1 && page.length < pageBytes)) {
      throw new Error("truncated snapshot");
    }
    heap.set(page, start);
  }
  const named = Array.from({ length: namedCount }, (_, i) => view.getUint32(32 + 4 * (count + i), true) * pageBytes);
  if (named.some((start) => start < memoryOffset || start >= heapBytes)) throw new Error("malformed snapshot");
  const fill = (instance) => {
    const memory = Object.values(instance.exports).find((value) => value instanceof WebAssembly.Memory);
    const source = new Uint8Array(memory.buffer);
    for (const start of named) {
      const end = Math.min(start + pageBytes, heapBytes);
      heap.set(source.subarray(start - memoryOffset, end - memoryOffset), start);
    }
  };
  return { heap, fill };
}

/** Stores this build's snapshot (and the wasm, when no cache holds it) in the page's cache,
 * in a worker of its own, snapshot-store.mjs: the download, its decoding and the cache
 * writes stay off the page's main thread, in pieces the page lets begin. Resolves when the
 * worker is done. */
function storeSnapshot() {
  return new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker(STORE_WORKER, { type: "module" });
    } catch {
      return resolve(); // no workers: the next visit boots normally
    }
    const end = (event) => {
      worker.terminate();
      if (event.data === "stored") report("stored");
      resolve();
    };
    // It asks for each piece of its work ({ piece }): loader.js answers in a moment for it.
    const grant = loaderFacts?.grant ?? ((target, ask) => target.postMessage(ask));
    worker.onmessage = (event) => (event.data?.piece ? grant(worker, event.data) : end(event));
    worker.onerror = end;
    worker.postMessage({ cache: SNAPSHOT_CACHE, snapshot: SNAPSHOT, wasm: WASM });
  });
}

function report(state) {
  if (inPage) document.documentElement.dataset.snapshot = state;
}

/** Runs `task` once the board is playable, in a quiet moment of the page's idle-time queue
 * (in loader.js, `whenQuiet`), or in idle time when the loading screen's script is absent. */
function whenPlayable(task) {
  onceReady(() => {
    if (loaderFacts?.whenQuiet) loaderFacts.whenQuiet(task);
    else if ("requestIdleCallback" in globalThis) requestIdleCallback(task, { timeout: 5000 });
    else setTimeout(task, 1000);
  });
}

/** Runs `then` as soon as <html data-ready> is set (the board is playable). */
function onceReady(then) {
  const root = document.documentElement;
  if (root.hasAttribute("data-ready")) return then();
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute("data-ready")) return;
    observer.disconnect();
    then();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

// Until the standard library's zip is in place, an import of a module of it that the snapshot
// does not hold fetches the zip at once (`fetch_now`, a synchronous request: the import cannot
// wait), then goes on as usual. Its top-level names come from the zip's directory, which the
// snapshot holds (zipimport read it at build time, from the same file).
const LATE_STDLIB = `
def _late_stdlib(archive, fetch_now):
    import sys, zipimport

    names = {entry.split("/")[0].removesuffix(".pyc") for entry in zipimport._zip_directory_cache.get(archive, ())}

    class LateStdlib:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name.partition(".")[0] in names and fetch_now(name):
                LateStdlib.remove()
            return None

        @staticmethod
        def remove():
            if LateStdlib in sys.meta_path:
                sys.meta_path.remove(LateStdlib)

    sys.meta_path.insert(0, LateStdlib)
    return LateStdlib
_late_stdlib
`;

/** Booted from a snapshot with an empty standard library zip: puts the real one in its place
 * once the board is playable (from the service worker's cache or the HTTP cache on later
 * visits), or sooner if an import needs it. The performance mark `eightoff-stdlib` tells
 * when, and how (`detail`); `<html data-stdlib>` is "waiting" until then, "installed" after
 * (the smoke suite waits for it before it leaves a page: Firefox logs a download the leaving
 * cuts short in the service worker as the page's error). */
function installStdlib(pyodide) {
  const archive = pyodide.runPython("import sys\nnext(p for p in sys.path if p.endswith('.zip'))");
  const root = document.documentElement;
  root.dataset.stdlib = "waiting";
  let installed = false;
  let finder = null;
  const install = (bytes, how) => {
    if (installed) return true;
    installed = true;
    pyodide.FS.writeFile(archive, bytes, { canOwn: true });
    performance.mark("eightoff-stdlib", { detail: how });
    root.dataset.stdlib = "installed";
    return true;
  };
  const fetchNow = (name) => {
    try {
      const request = new XMLHttpRequest();
      request.open("GET", STDLIB, false); // synchronous: binary through x-user-defined
      request.overrideMimeType("text/plain; charset=x-user-defined");
      request.send();
      if (request.status !== 200) return false;
      const text = request.responseText;
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
      return install(bytes, `fetched at once: import ${name}`);
    } catch {
      return false; // offline without the service worker's copy: the import fails as it would
    }
  };
  const lateStdlib = pyodide.runPython(LATE_STDLIB);
  finder = lateStdlib(archive, fetchNow);
  lateStdlib.destroy();
  onceReady(async () => {
    try {
      const response = await fetch(STDLIB);
      if (!response.ok) return;
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (!installed) install(bytes, "once playable");
      finder.remove();
    } catch {
      // offline without a copy: the finder stays, an import will try again
    } finally {
      if (installed) finder.destroy();
    }
  });
}

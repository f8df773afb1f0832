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
// - a first visit boots without it; once the board is playable, in idle time, it is
//   downloaded into its own Cache Storage cache (older snapshots are deleted), never on the
//   way to a playable board;
// - a later visit reads it from that cache while PyScript starts and boots from it; missing,
//   malformed or refused by Pyodide, the normal boot follows and nothing is lost.
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
// `<html data-snapshot>` tells what happened: "used", "missing", "failed", then "stored"
// once a fresh snapshot is in the cache. The solver's worker boots through this module too:
// it uses a stored snapshot but leaves storing to the page.
import { loadPyodide as loadPinnedPyodide, version } from "./vendor/pyodide-314.0.7/pyodide.mjs";

export { version };

const runtime = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;
const SNAPSHOT = new URL("./vendor/pyodide-314.0.7/snapshot.bin", import.meta.url).href;
const WASM = runtime + "pyodide.asm.wasm";
const SNAPSHOT_CACHE = "pyodide-snapshot";
const MAGIC = "EOSNAP01";
const inPage = typeof document !== "undefined";
// ?no_snapshot, read with the rest of the address by static/lang.js (none in the worker).
const skipSnapshot = globalThis.eightoffLoader?.snapshot === false;

// Started when this module runs (index.html runs it before PyScript): overlaps PyScript's start.
let stored = skipSnapshot ? Promise.resolve(null) : readSnapshot();
let storedWasm = skipSnapshot ? Promise.resolve(null) : readStoredWasm();

export async function loadPyodide(options = {}) {
  const config = { ...options, indexURL: runtime, stdLibURL: runtime + "python_stdlib_pyc.zip" };
  const snapshot = await stored;
  // A stored Response can be read once: the first boot that fetches the wasm takes it.
  let wasm = await storedWasm;
  const takeWasm = () => {
    const copy = wasm;
    wasm = null;
    return copy;
  };
  stored = storedWasm = Promise.resolve(null); // a second interpreter boots normally
  if (snapshot) {
    try {
      const heap = expandSnapshot(snapshot);
      const pyodide = await bootPyodide(takeWasm, () => loadPinnedPyodide({ ...config, _loadSnapshot: heap }));
      // Pyodide keeps its options: let the 31 MB heap image go once it is restored.
      if (pyodide._api?.config) pyodide._api.config._loadSnapshot = undefined;
      // The heap holds the random module's state of the build machine: draw a fresh one.
      pyodide.runPython("import random\nrandom.seed()");
      report("used");
      return pyodide;
    } catch (error) {
      console.warn("Eight Off: the stored Pyodide snapshot did not load; booting without it.", error);
      report("failed");
    }
  } else {
    report("missing");
  }
  const pyodide = await bootPyodide(takeWasm, () => loadPinnedPyodide(config));
  if (inPage && !skipSnapshot) whenPlayable(() => idle(storeSnapshot));
  return pyodide;
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

/** Runs `boot` (a Pyodide load) without JSPI; Pyodide's fetch of the wasm is answered with
 * the stored copy `take()` gives, when there is one left. */
async function bootPyodide(take, boot) {
  const networkFetch = globalThis.fetch;
  globalThis.fetch = function (input, init) {
    const copy = String(input instanceof Request ? input.url : input) === WASM ? take() : null;
    return copy ? Promise.resolve(copy) : networkFetch.call(this, input, init);
  };
  try {
    return await withoutJspi(boot);
  } finally {
    globalThis.fetch = networkFetch;
  }
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

/** The heap a snapshot file describes (format: tools/snapshot.mjs); throws if malformed. */
export function expandSnapshot(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 24 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) {
    throw new Error("not an Eight Off snapshot");
  }
  const [heapBytes, pageBytes, count] = [8, 12, 16].map((offset) => view.getUint32(offset, true));
  const data = 24 + 4 * count;
  if (!pageBytes || data > bytes.length || bytes.length > data + count * pageBytes) {
    throw new Error("truncated snapshot");
  }
  const heap = new Uint8Array(heapBytes);
  for (let i = 0; i < count; i++) {
    const start = view.getUint32(24 + 4 * i, true) * pageBytes;
    const page = bytes.subarray(data + i * pageBytes, data + (i + 1) * pageBytes);
    if (start + page.length > heapBytes || (i < count - 1 && page.length < pageBytes)) {
      throw new Error("truncated snapshot");
    }
    heap.set(page, start);
  }
  return heap;
}

async function storeSnapshot() {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const response = await fetch(SNAPSHOT);
    if (!response.ok) return;
    await cache.put(SNAPSHOT, response);
    if (!(await caches.match(WASM))) {
      const wasm = await fetch(WASM);
      if (compilable(wasm)) await cache.put(WASM, wasm);
    }
    for (const request of await cache.keys()) {
      if (request.url !== SNAPSHOT && request.url !== WASM) await cache.delete(request);
    }
    report("stored");
  } catch {
    // offline, storage full: the next visit boots normally and tries again
  }
}

function report(state) {
  if (inPage) document.documentElement.dataset.snapshot = state;
}

function whenPlayable(callback) {
  const root = document.documentElement;
  if (root.hasAttribute("data-ready")) return callback();
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute("data-ready")) return;
    observer.disconnect();
    callback();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

function idle(callback) {
  if ("requestIdleCallback" in globalThis) requestIdleCallback(callback, { timeout: 5000 });
  else setTimeout(callback, 1000);
}

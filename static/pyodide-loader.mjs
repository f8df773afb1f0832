// The `interpreter` module named in pyscript.toml: the boot.
//
// PyScript imports this module instead of Pyodide's own `pyodide.mjs` and calls its
// `loadPyodide`. We forward to our pinned Pyodide copy and add the options PyScript does not
// pass: the runtime directory, the standard library precompiled to .pyc at build time
// (tools/pyc_compile.mjs, about three times faster), and on later visits a memory snapshot
// of the booted interpreter (tools/snapshot.mjs), which skips the interpreter's bootstrap.
// The loader's other jobs are modules of their own (docs/performance.md):
// - runtime-files.mjs: the runtime's files and what a usable copy of one is;
// - snapshot-format.mjs: the snapshot's file format, expanded into the heap image;
// - first-visit.mjs: a first visit's choice, to fetch the snapshot alongside the runtime and
//   boot from it (a fast link) or to boot without it;
// - runtime-cache.mjs: the stored snapshot and wasm (Cache Storage), read and checked against
//   this build's digests here while PyScript starts, and the mark a start that runs them
//   leaves until playable; stored anew by a worker (`snapshot-store.mjs`) once the board is
//   playable and the player pauses, after a boot that had no stored snapshot;
// - late-stdlib.mjs: the standard library in two parts, the rest put in place once playable;
// - package.mjs: our package in parts, the page's language's catalogue, the rest once playable.
//
// The snapshot: its name carries a hash of its content (the build rewrites it), so a snapshot
// of another build is never asked for; a later visit reads it from the page's cache while
// PyScript starts, checks its SHA-256 against the build's (a copy that is not this build's is
// deleted: another build's is never restored) and boots from it; missing, damaged, or refused
// by Pyodide, the normal boot follows and nothing is lost. A start after one that ran a
// snapshot or the stored wasm and never became playable boots without them
// (runtime-cache.mjs). The standard library: a normal boot is given its boot
// part (the modules a first visit imports), which a first visit fetches as soon as it has
// chosen that path (the page preloads only the wasm, which every path needs); the snapshot
// holds every module the page imports, so a boot from it does not wait for any of it: Pyodide
// is given an empty zip. Either way `late-stdlib.mjs` puts the whole in place once playable.
// Our package: a normal boot unpacks its first part before PyScript runs static/main.py, a
// boot from the snapshot only the page's language's catalogue (`package.mjs`). The runtime's
// wasm: once a copy of it is in Cache Storage, the boot takes it from there; Pyodide fetches
// the wasm with the global `fetch`, and for the length of the boot that one URL is answered
// with the stored copy.
//
// Pyodide's private options this relies on (named in docs/performance.md, "Upgrading the
// runtime"): `loadPyodide({ _loadSnapshot })`, a promise of the heap image to restore, and
// `pyodide._api.config`, where Pyodide keeps its options (the 31 MB image is let go there);
// and, in package.mjs, the two fields of an Emscripten MEMFS file node (`contents`,
// `usedBytes`) that make a catalogue's file fetch its bytes when first read.
//
// Pyodide boots without JSPI (WebAssembly stack switching), which it would use where the
// browser offers it: in Chromium, Python then runs on V8's secondary stacks, and there the
// renderer's own frame-pointer stack walker can read past the stack's end and crash the tab
// (SIGSEGV at the top of a secondary stack; docs/performance.md, "A crash in Chromium"). We
// need none of what JSPI adds (`run_sync`), and the browsers without it run us the same way.
//
// `<html data-snapshot>` tells what happened: "used" (the stored one), "fetched" (a first
// visit booted from one fetched with the runtime), "missing" (a first visit booted without),
// "failed" (a stored one that was not this build's, a start before that failed with it, or one
// that did not load: the normal boot followed), "refused" (this build's snapshot could not be
// restored here: neither used, fetched nor stored again until a new build), then "stored" once
// a fresh snapshot is in the cache. The solver's worker boots through this module too: it uses
// a stored snapshot, checked, but leaves marks and storing to the page.
import { loadPyodide as loadPinnedPyodide, version } from "./vendor/pyodide-314.0.7/pyodide.mjs";
import { firstVisitPath } from "./first-visit.mjs";
import { installStdlib, wholeStdlib } from "./late-stdlib.mjs";
import { fetchPackage, unpackFirst } from "./package.mjs";
import { markStart, readStoredCopies, refuseSnapshot, snapshotWorked, storeSnapshot } from "./runtime-cache.mjs";
import { RUNTIME, STDLIB_BOOT, WASM, compilable } from "./runtime-files.mjs";
import { expandSnapshot } from "./snapshot-format.mjs";

export { version };

const inPage = typeof document !== "undefined";
const loaderFacts = globalThis.eightoffLoader;
// ?no_snapshot, read with the rest of the address by static/lang.js (none in the worker).
const skipSnapshot = loaderFacts?.snapshot === false;
// The loading screen's script checks the network's wasm with the same test as the stored
// copies (`runtime-files.mjs`), as soon as it meets one.
if (loaderFacts) loaderFacts.compilable = compilable;

// Started when this module runs (index.html runs it before PyScript): overlaps PyScript's start.
const NOTHING_STORED = { snapshot: null, wasm: null, withoutSnapshot: false, refused: false, storeAgain: false };
let stored = skipSnapshot ? Promise.resolve(NOTHING_STORED) : readStoredCopies();
// A first visit's choice, made while PyScript starts (null: not a first visit here). A start
// whose stored snapshot was dropped, or failed before, boots the normal way.
let firstVisit =
  inPage && !skipSnapshot
    ? stored.then((found) => (found.snapshot ? null : firstVisitPath(Boolean(found.wasm), !found.withoutSnapshot)))
    : Promise.resolve(null);

export async function loadPyodide(options = {}) {
  const started = performance.now();
  const pyodide = await chooseAndLoad(options);
  // The interpreter's start, from PyScript's call (a performance measure for the benchmark).
  performance.measure("eightoff-pyodide", { start: started, end: performance.now() });
  return pyodide;
}

async function chooseAndLoad(options) {
  const config = { ...options, indexURL: RUNTIME, stdLibURL: STDLIB_BOOT };
  const asked = performance.now();
  const found = await stored;
  // How long the boot waited for the stored copies and their checks (bench/startup.py).
  performance.measure("eightoff-copies-wait", { start: asked, end: performance.now() });
  const snapshot = found.snapshot;
  const choice = await firstVisit;
  // A stored Response can be read once: the first boot that fetches the wasm takes it.
  const copies = new Map(choice?.responses ?? []);
  if (found.wasm) copies.set(WASM, Promise.resolve(found.wasm));
  // The solver's worker boots with the whole standard library: it has no finder for the rest.
  if (!inPage) copies.set(STDLIB_BOOT, wholeStdlib());
  stored = Promise.resolve(NOTHING_STORED); // a second interpreter boots normally
  firstVisit = Promise.resolve(null);
  // The snapshot (and the wasm) are stored in idle time, once, unless this build's snapshot is
  // refused here; after a start from the stored snapshot, only when a copy was dropped.
  let storing = false;
  const storeLater = () => {
    if (found.refused || storing) return;
    storing = true;
    whenPlayable(() => storeSnapshot(() => report("stored")));
  };
  // The stored wasm compiled ahead; when it cannot be read back whole (the browser's checksum
  // of its entry: the entry is dropped), the network's boots, and a copy is stored again.
  const storedWasm = () => {
    const compiled = found.wasm && copies.has(WASM) ? compileAhead(take(WASM)) : null;
    compiled?.then((module) => module || (inPage && storeLater()));
    return compiled;
  };
  const take = (url) => {
    const copy = copies.get(url) ?? null;
    copies.delete(url);
    return copy;
  };
  if (snapshot || choice?.heap) {
    // Which part failed: the snapshot's arrival (a first visit's download) or, once its heap
    // was there, its restore (Pyodide could not boot from this build's snapshot here).
    let restoring = false;
    try {
      // Marked before it runs: a start that never gets playable is not repeated.
      const marked = markStart(["snapshot", ...(found.wasm ? ["wasm"] : [])]);
      // A stored snapshot is expanded once its bytes are found to be this build's (else the
      // normal boot follows); a first visit's is checked as it arrives (first-visit.mjs).
      const expanded = snapshot ? found.checkSnapshot().then((good) => ours(good, snapshot)) : choice.heap;
      // A first visit compiles the wasm while the snapshot still arrives: Pyodide would only
      // begin once the snapshot is expanded.
      const compiled = storedWasm() ?? (snapshot ? null : compileAhead(take(WASM)));
      // The pages the snapshot only names come from the new instance's memory; then Pyodide
      // restores the heap.
      const instantiated = async (instance) => {
        (await expanded).fill(instance);
        restoring = true;
      };
      // In the page, Pyodide's fetch of the standard library is answered with an empty zip.
      const early = inPage ? (url) => (url === STDLIB_BOOT ? Promise.resolve(new Response(new Uint8Array(0))) : take(url)) : take;
      const heap = expanded.then((image) => image.heap);
      heap.catch(() => {}); // handled where Pyodide awaits it
      const load = () => loadPinnedPyodide({ ...config, _loadSnapshot: awaited(heap) });
      const pyodide = await bootPyodide(early, load, { compiled, instantiated, marked });
      restoring = false;
      if (inPage) installStdlib(pyodide, false);
      // Pyodide keeps its options: let the 31 MB heap image go once it is restored.
      if (pyodide._api?.config) pyodide._api.config._loadSnapshot = undefined;
      // The heap holds the random module's state of the build machine: draw a fresh one.
      pyodide.runPython("import random\nrandom.seed()");
      if (inPage) await unpackFirst(pyodide, false); // the heap holds our modules
      report(snapshot ? "used" : "fetched");
      if (inPage) snapshotWorked();
      if (!snapshot) storeLater();
      else if (inPage && found.storeAgain) storeLater(); // a copy dropped, or one without its digest
      return pyodide;
    } catch (error) {
      console.warn("Eight Off: the Pyodide snapshot did not load; booting without it.", error);
      if (restoring && inPage) {
        found.refused = true;
        await refuseSnapshot();
      }
      report(found.refused ? "refused" : "failed");
    }
  } else {
    report(found.refused ? "refused" : found.withoutSnapshot ? "failed" : "missing");
  }
  if (inPage) fetchPackage(); // begun on a first visit's choice already
  const compiled = storedWasm();
  const marked = compiled ? markStart(["wasm"]) : null;
  const pyodide = await bootPyodide(take, () => loadPinnedPyodide(config), { compiled, marked });
  if (inPage) {
    installStdlib(pyodide, true);
    await unpackFirst(pyodide, true);
  }
  if (inPage && !skipSnapshot) storeLater();
  return pyodide;
}

/** The heap of `bytes`, a stored snapshot, when `good` (its digest is this build's). */
function ours(good, bytes) {
  if (!good) throw new Error("the stored snapshot is not this build's");
  return expandSnapshot(bytes);
}

/** `heap` as Pyodide awaits it: the span from its await until the heap is there is the
 * performance measure "eightoff-heap-wait" (bench/startup.py). */
function awaited(heap) {
  return {
    then(resolve, reject) {
      const start = performance.now();
      return heap.then(
        (value) => {
          performance.measure("eightoff-heap-wait", { start, end: performance.now() });
          return resolve(value);
        },
        reject,
      );
    },
  };
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
 * instead of Pyodide's own fetch; `marked`: a promise awaited before the wasm is instantiated
 * (the start's mark is in the cache); `instantiated(instance)`: awaited once the instance
 * exists, before Pyodide uses it. This fetch wrapper is the boot's alone (in the page and in the
 * solver's worker); the loading screen's (`static/loader.js`) watches every download of the
 * page beneath it, and answers the ones this one leaves to the network. */
async function bootPyodide(take, boot, { compiled = null, instantiated = null, marked = null } = {}) {
  const networkFetch = globalThis.fetch;
  const streaming = WebAssembly.instantiateStreaming;
  globalThis.fetch = function (input, init) {
    const url = String(input instanceof Request ? input.url : input);
    // The wasm compiled ahead: Pyodide's own fetch of it is not read (no second read of 9.6
    // MB), unless there is no module (then the network's copy, or one left to take).
    if (compiled && url === WASM) {
      return Promise.resolve(compiled).then((module) => (module ? unread() : (take(url) ?? networkFetch.call(this, input, init))));
    }
    return take(url) ?? networkFetch.call(this, input, init);
  };
  if (compiled || instantiated || marked) {
    // The module compiled ahead (`compileAhead`) instead of Pyodide's streaming compile of
    // its own fetch; without one (the compile failed, or the stored copy was not this
    // build's), Pyodide's fetch goes to the network.
    WebAssembly.instantiateStreaming = async function (source, imports) {
      const module = await compiled;
      // How long the start's mark kept the instance waiting (bench/startup.py).
      const ready = performance.now();
      await marked;
      performance.measure("eightoff-mark-wait", { start: ready, end: performance.now() });
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

/** What Pyodide's fetch of the wasm gets when the module was compiled ahead: never read. */
const unread = () => new Response(new Uint8Array(0), { headers: { "content-type": "application/wasm" } });

/** The runtime's wasm compiled from `response` (a promise of one, or null), or null. */
function compileAhead(response) {
  if (!response) return null;
  return Promise.resolve(response)
    .then((wasm) => (compilable(wasm) ? WebAssembly.compileStreaming(wasm) : null))
    .catch(() => null);
}

function report(state) {
  if (inPage) document.documentElement.dataset.snapshot = state;
}

/** Runs `task` once the board is playable (static/loader.js, `whenReady`), in a quiet moment
 * of the page's idle-time queue (`whenQuiet`); without the loading screen's script, not at
 * all (the next visit boots without a stored snapshot, as this one did). */
function whenPlayable(task) {
  loaderFacts?.whenReady?.(() => loaderFacts.whenQuiet(task));
}

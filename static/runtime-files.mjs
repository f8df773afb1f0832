// The runtime's files the page's loader works with, and what a usable copy of one is: the
// pinned Pyodide's directory, its wasm, our .pyc standard library's two parts, our memory
// snapshot, and the page's own Cache Storage cache where the snapshot and a copy of the wasm
// are kept.
// A leaf module: the loader's modules (`pyodide-loader.mjs` and the modules it imports) and
// the snapshot's store worker (`snapshot-store.mjs`) import it; it imports nothing.
//
// The build gives the standard library's parts and the snapshot content-hashed names
// (tools/sitebuild/names.py rewrites the three names below), so a page only ever asks for
// its own build's copies.

export const RUNTIME = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;
export const SNAPSHOT = new URL("./vendor/pyodide-314.0.7/snapshot.bin", import.meta.url).href;
export const WASM = RUNTIME + "pyodide.asm.wasm";
/** The .pyc standard library in two parts: what a first visit imports, then the rest
 * (`late-stdlib.mjs`). */
export const STDLIB_BOOT = RUNTIME + "python_stdlib_boot.zip";
export const STDLIB_LATE = RUNTIME + "python_stdlib_late.zip";
/** The page's own cache: the stored snapshot and, without a service worker, the wasm. */
export const SNAPSHOT_CACHE = "pyodide-snapshot";

/** A wasm response streaming compilation accepts (on another, Pyodide would wait forever):
 * the one check of the wasm's type, for a stored copy (`runtime-cache.mjs`), a copy about to be
 * stored (`snapshot-store.mjs`) and the network's (`static/loader.js` says so to the player). */
export function compilable(response) {
  const type = response?.headers.get("content-type") ?? "";
  return Boolean(response?.ok && type.startsWith("application/wasm"));
}


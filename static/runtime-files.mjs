// The runtime's files the page's loader works with, and what a usable copy of one is: the
// pinned Pyodide's directory, its wasm, our .pyc standard library's two parts, our memory
// snapshot, the page's own Cache Storage cache where the snapshot and a copy of the wasm
// are kept, and the digests a kept copy must match.
// A leaf module: the loader's modules (`pyodide-loader.mjs` and the modules it imports) and
// the snapshot's store worker (`snapshot-store.mjs`) import it; it imports nothing.
//
// The build gives the standard library's parts and the snapshot content-hashed names
// (tools/sitebuild/names.py rewrites the three names below), so a page only ever asks for
// its own build's copies, and writes the SHA-256 of the snapshot and of the wasm below
// (tools/sitebuild/snapshot.py), which a stored copy must match to be used.

export const RUNTIME = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;
export const SNAPSHOT = new URL("./vendor/pyodide-314.0.7/snapshot.bin", import.meta.url).href;
export const WASM = RUNTIME + "pyodide.asm.wasm";
/** The .pyc standard library in two parts: what a first visit imports, then the rest
 * (`late-stdlib.mjs`). */
export const STDLIB_BOOT = RUNTIME + "python_stdlib_boot.zip";
export const STDLIB_LATE = RUNTIME + "python_stdlib_late.zip";
/** The page's own cache: the stored snapshot and, without a service worker, the wasm; beside
 * them, entries that are no file: the marks of starts under way (`BOOT_MARK`) and the
 * failures of this build's snapshot (`SNAPSHOT_FAILURES`): runtime-cache.mjs. */
export const SNAPSHOT_CACHE = "pyodide-snapshot";
export const BOOT_MARK = RUNTIME + "boot-mark";
export const SNAPSHOT_FAILURES = RUNTIME + "snapshot-failures";

/** The SHA-256 of this build's snapshot and of the runtime's wasm, hex. */
const SHA256 = {};  // written by tools/build.py
export const SNAPSHOT_SHA256 = SHA256.snapshot || "";
export const WASM_SHA256 = SHA256.wasm || "";
/** The header of a copy the page stores: the SHA-256 of its bytes when it was stored. */
export const DIGEST_HEADER = "x-eightoff-sha256";

/** A wasm response streaming compilation accepts (on another, Pyodide would wait forever):
 * the one check of the wasm's type, for a stored copy (`runtime-cache.mjs`), a copy about to be
 * stored (`snapshot-store.mjs`) and the network's (`static/loader.js` says so to the player). */
export function compilable(response) {
  const type = response?.headers.get("content-type") ?? "";
  return Boolean(response?.ok && type.startsWith("application/wasm"));
}

/** The SHA-256 of `bytes` (an ArrayBuffer or a view), hex: the platform's own (SubtleCrypto,
 * which Chromium runs off the calling thread). Throws where there is none (an insecure
 * origin, which has no Cache Storage either). */
export async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Whether `bytes` are the copy whose SHA-256 is `expected` (none expected: never). */
export async function matches(bytes, expected) {
  return Boolean(expected) && (await sha256(bytes)) === expected;
}

/** What a kept copy (`response`) is by the digest it carries (DIGEST_HEADER: the SHA-256 of its
 * bytes, computed by whoever stored it, from the bytes it stored) against this build's,
 * `expected`: "ok", "another build's", "unstamped" (it carries none: stored by an older page,
 * or by anything else), or "unchecked" (the build recorded no digest: never used then). */
export function carried(response, expected) {
  if (!expected) return "unchecked";
  const stamped = response.headers.get(DIGEST_HEADER);
  return !stamped ? "unstamped" : stamped === expected ? "ok" : "another build's";
}

/** What a kept copy (`response`, its `bytes`) is: as `carried` says, and for a copy that carries
 * no digest, by its bytes' SHA-256, computed now: "ok" or "damaged". */
export async function verdict(response, bytes, expected) {
  const found = carried(response, expected);
  if (found !== "unstamped") return found;
  return (await sha256(bytes)) === expected ? "ok" : "damaged";
}

// Our package in the page's file system, in parts (docs/performance.md, "Bytes";
// tools/sitebuild/package.py cuts them), unpacked where eightoff/ is imported from
// (/home/pyodide/eightoff, where PyScript's `[files]` put it before):
// - `eightoff.zip`: the compiled modules the page's start and windows import, each beside an
//   empty source file. The normal boot unpacks it before PyScript runs static/main.py; a boot
//   from the memory snapshot does without it (the heap holds the modules).
// - the page's language's catalogue (`eightoff-<lang>.mo`), before the start on every path;
//   each other language's is a file fetched when it is first read (a language switch before
//   the late part came: `lazyFile`).
// - `eightoff-late.zip`: the sources (tracebacks show their lines), what the page does not
//   import, every catalogue: unpacked in a quiet moment once the board is playable, or at
//   once when the page imports a module of ours it lacks (a finder at the end of
//   `sys.meta_path`, asked only when no other found the module).
// The solver's worker unpacks both parts before it imports (`unpackAll`).
import { fetchAtOnce } from "./late-stdlib.mjs";

export const PACKAGE = new URL("./eightoff.zip", import.meta.url).href;
export const PACKAGE_LATE = new URL("./eightoff-late.zip", import.meta.url).href;
/** The package's first part, decoded bytes (the loading screen's progress counts them on the
 * normal boot); tests/browser/test_snapshot.py checks it. */
export const PACKAGE_BYTES = 800_000;
/** Each language's catalogue, by language (English has none: its words are the msgids). */
const CATALOGUES = {};  // written by tools/build.py
const HOME = "/home/pyodide/eightoff";
const catalogueAt = (language) => `${HOME}/locale/${language}/LC_MESSAGES/eightoff.mo`;
/** A catalogue without a message: what a language's file holds when it could not be fetched
 * (gettext reads it as English), rather than a file it cannot read. */
const EMPTY_CATALOGUE = new Uint8Array([
  0xde, 0x12, 0x04, 0x95, 0, 0, 0, 0, 0, 0, 0, 0, 28, 0, 0, 0, 28, 0, 0, 0, 0, 0, 0, 0, 28, 0, 0, 0,
]);
const inPage = typeof document !== "undefined";
const loaderFacts = globalThis.eightoffLoader;
const language = inPage ? document.documentElement.lang : "";
// The page's language's catalogue: every path needs it before the start.
const pageCatalogue = CATALOGUES[language] ? download(new URL(CATALOGUES[language], import.meta.url).href) : null;
pageCatalogue?.catch(() => {}); // handled where it is awaited
let first = null;

async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The package's first part (a promise of its bytes), its download begun at the first call:
 * the normal boot asks as soon as it knows it is the path (`first-visit.mjs`). */
export function fetchPackage() {
  if (!first) {
    loaderFacts?.expect?.(PACKAGE, PACKAGE_BYTES);
    first = download(PACKAGE);
    first.catch(() => {}); // handled where it is awaited
  }
  return first;
}

/** Writes what the start needs (before PyScript runs static/main.py): the first part when
 * `code` (the normal boot), the page's language's catalogue, and a file for each other
 * language's, fetched when first read; then, once the board is playable, the late part in a
 * quiet moment, and until then the finder that brings it at once. In the page only. */
export async function unpackFirst(pyodide, code) {
  const [bytes, catalogue] = await Promise.all([code ? fetchPackage() : null, pageCatalogue?.catch(() => null)]);
  if (bytes) unpack(pyodide.FS, bytes);
  const lazy = [];
  for (const [other, url] of Object.entries(CATALOGUES)) {
    const path = catalogueAt(other);
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    if (other === language && catalogue) pyodide.FS.writeFile(path, catalogue);
    else lazy.push(lazyFile(pyodide.FS, path, new URL(url, import.meta.url).href));
  }
  let unpacked = false;
  const unpackLate = (late, how) => {
    if (unpacked) return true;
    unpacked = true;
    for (const path of lazy) pyodide.FS.unlink(path); // the late part brings every catalogue
    unpack(pyodide.FS, late);
    performance.mark("eightoff-package", { detail: how });
    return true;
  };
  const latePackage = pyodide.runPython(LATE_PACKAGE);
  const finder = latePackage((name) => {
    const late = fetchAtOnce(PACKAGE_LATE);
    return Boolean(late) && unpackLate(late, `fetched at once: import ${name}`);
  });
  latePackage.destroy();
  loaderFacts?.whenReady?.(() =>
    loaderFacts.whenQuiet(async () => {
      try {
        const late = await download(PACKAGE_LATE);
        unpackLate(late, "once playable");
        finder.remove();
      } catch {
        // offline without a copy: the finder stays, an import will try again
      } finally {
        if (unpacked) finder.destroy();
      }
    }),
  );
}

/** Unpacks both parts (the solver's worker, before it imports). */
export async function unpackAll(pyodide) {
  const [code, late] = await Promise.all([download(PACKAGE), download(PACKAGE_LATE)]);
  unpack(pyodide.FS, code);
  unpack(pyodide.FS, late); // the sources over the empty files
}

/** Writes each file of the zip `bytes` under HOME. The build stores every entry (no
 * compression: the host's brotli packs the whole zip better), so this only reads the central
 * directory and copies each entry's bytes, a few milliseconds where Pyodide's `unpackArchive`
 * (Python's zipfile) took tens on the page's main thread. Throws on a compressed entry. */
function unpack(FS, bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22; // the end record (no comment)
  if (view.getUint32(end, true) !== 0x06054b50) throw new Error("package: not a zip");
  const names = new TextDecoder();
  let at = view.getUint32(end + 16, true);
  for (let count = view.getUint16(end + 10, true); count > 0; count--) {
    if (view.getUint16(at + 10, true) !== 0) throw new Error("package: a compressed entry");
    const size = view.getUint32(at + 20, true);
    const nameBytes = view.getUint16(at + 28, true);
    const skip = nameBytes + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameBytes));
    const data = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const path = `${HOME}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    if (!name.endsWith("/")) FS.writeFile(path, bytes.slice(data, data + size));
    at += 46 + skip;
  }
}

// The finder, last in `sys.meta_path`: asked for a module of ours that no finder found (the
// first part lacks it), it brings the late part (`fetch_now`, a synchronous request: an import
// cannot wait), steps aside and finds the module there.
const LATE_PACKAGE = `
def _late_package(fetch_now):
    import importlib, importlib.machinery, sys

    class LatePackage:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name.partition(".")[0] != "eightoff" or not fetch_now(name):
                return None
            LatePackage.remove()
            importlib.invalidate_caches()
            return importlib.machinery.PathFinder.find_spec(name, path, target)

        @staticmethod
        def remove():
            if LatePackage in sys.meta_path:
                sys.meta_path.remove(LatePackage)

    sys.meta_path.append(LatePackage)
    return LatePackage
_late_package
`;

/**
 * A file at `path` whose bytes are fetched from `url` the first time anything reads it or
 * its size (a synchronous request), as Emscripten's own lazy files are (`FS.createLazyFile`,
 * which refuses the page's main thread): its node's `contents` and `usedBytes`, the two fields
 * of a MEMFS file (Emscripten's in-memory file system, which Pyodide's home is), are getters
 * until then. Returns `path`.
 */
function lazyFile(FS, path, url) {
  FS.writeFile(path, new Uint8Array(0));
  const { node } = FS.lookupPath(path);
  const settle = (contents) => {
    for (const [key, value] of [["contents", contents], ["usedBytes", contents.length]]) {
      Object.defineProperty(node, key, { value, writable: true, configurable: true, enumerable: true });
    }
  };
  for (const key of ["contents", "usedBytes"]) {
    Object.defineProperty(node, key, {
      configurable: true,
      enumerable: true,
      get() {
        settle(fetchAtOnce(url) ?? EMPTY_CATALOGUE);
        return node[key];
      },
      set(value) {
        settle(new Uint8Array(0)); // written before it was read: the writer's bytes
        node[key] = value;
      },
    });
  }
  return path;
}

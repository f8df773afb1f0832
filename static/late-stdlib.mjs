// The standard library in two parts (docs/performance.md, "Bytes"; tools/sitebuild/stdlib.py
// cuts them): the boot part holds the modules the page imports on a first visit (recorded
// from a run of its start and windows) and a manifest of the others; the late part holds the
// others. The boot part's entries followed by the late part are the whole zip, byte for byte.
// - The normal boot: Pyodide is given the boot part; once the board is playable the page
//   fetches the late part, writes the whole zip in the boot part's place and drops the
//   directory zipimport had read from it (the whole's is read at the next import).
// - A boot from the snapshot: the snapshot holds every module the page imports, and the
//   whole zip's directory (zipimport read it at build time), so Pyodide is given an empty
//   zip (`pyodide-loader.mjs`), and the page fetches both parts once playable.
// - Until then, a finder in front of `sys.meta_path` catches an import of a module the file
//   does not hold yet (named by the manifest, or by the snapshot's directory): it fetches
//   what is missing there and then (a synchronous request: an import cannot wait), puts the
//   whole zip in place and gets out of the way; the import goes on and finds the module.
// - The solver's worker boots with the whole zip (`wholeStdlib`).
import { STDLIB_BOOT, STDLIB_LATE } from "./runtime-files.mjs";

const loaderFacts = globalThis.eightoffLoader;
/** The boot part's list of the late part's modules (tools/sitebuild/stdlib.py, MANIFEST). */
const MANIFEST = "python_stdlib_late.txt";

/** The bytes of `url`, fetched synchronously (binary through x-user-defined), or null when
 * they cannot be had (offline without a stored copy, an error status). */
export function fetchAtOnce(url) {
  try {
    const request = new XMLHttpRequest();
    request.open("GET", url, false);
    request.overrideMimeType("text/plain; charset=x-user-defined");
    request.send();
    if (request.status !== 200) return null;
    const text = request.responseText;
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
    return bytes;
  } catch {
    return null;
  }
}

/** Where the boot part's own entries end: the offset of its central directory, from its
 * end record (the zips carry no comment). */
function bootEntriesEnd(boot) {
  if (boot.length < 22) return 0;
  return new DataView(boot.buffer, boot.byteOffset + boot.length - 22, 22).getUint32(16, true);
}

/** The whole zip from its two parts. */
export function joinStdlib(boot, late) {
  const end = bootEntriesEnd(boot);
  const whole = new Uint8Array(end + late.length);
  whole.set(boot.subarray(0, end));
  whole.set(late, end);
  return whole;
}

/** A Response of the whole zip, from the two parts fetched (the solver's worker boots with it). */
export async function wholeStdlib() {
  const [boot, late] = await Promise.all(
    [STDLIB_BOOT, STDLIB_LATE].map(async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    }),
  );
  return new Response(joinStdlib(boot, late));
}

// The finder. The modules the file lacks: after a normal boot, those the boot part's manifest
// names; after a boot from the snapshot (the file is empty), every module of the directory the
// snapshot holds. `installed()` drops zipimport's directory once the whole zip is in place.
const LATE_STDLIB = `
def _late_stdlib(archive, booted, fetch_now):
    import sys, zipimport

    if booted:
        late = set(zipimport.zipimporter(archive).get_data("${MANIFEST}").decode().split())
    else:
        entries = zipimport._zip_directory_cache.get(archive, {})
        late = {e.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".") for e in entries if e.endswith(".pyc")}

    class LateStdlib:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name in late and fetch_now(name):
                LateStdlib.remove()
            return None

        @staticmethod
        def installed():
            zipimport._zip_directory_cache.pop(archive, None)

        @staticmethod
        def remove():
            if LateStdlib in sys.meta_path:
                sys.meta_path.remove(LateStdlib)

    sys.meta_path.insert(0, LateStdlib)
    return LateStdlib
_late_stdlib
`;

/** Puts the whole standard library in place once the board is playable (from the service
 * worker's cache or the HTTP cache on later visits), or sooner if an import needs it.
 * `booted`: Pyodide was given the boot part (the normal boot), else an empty zip (a boot from
 * the snapshot). The performance mark `eightoff-stdlib` tells when, and how (`detail`);
 * `<html data-stdlib>` is "waiting" until then, "installed" after (the smoke suite waits for
 * it before it leaves a page: Firefox logs a download the leaving cuts short in the service
 * worker as the page's error). "Once playable" is `whenReady` of `static/loader.js`: without
 * the loading screen's script, only an import brings the rest. In the page only. */
export function installStdlib(pyodide, booted) {
  const archive = pyodide.runPython("import sys\nnext(p for p in sys.path if p.endswith('.zip'))");
  const boot = booted ? pyodide.FS.readFile(archive) : null;
  const root = document.documentElement;
  root.dataset.stdlib = "waiting";
  let installed = false;
  let finder = null;
  const install = (late, bootPart, how) => {
    if (installed) return true;
    installed = true;
    pyodide.FS.writeFile(archive, joinStdlib(bootPart, late), { canOwn: true });
    finder.installed();
    performance.mark("eightoff-stdlib", { detail: how });
    root.dataset.stdlib = "installed";
    return true;
  };
  const fetchNow = (name) => {
    const bootPart = boot ?? fetchAtOnce(STDLIB_BOOT);
    const late = bootPart && fetchAtOnce(STDLIB_LATE);
    return Boolean(late) && install(late, bootPart, `fetched at once: import ${name}`);
  };
  const lateStdlib = pyodide.runPython(LATE_STDLIB);
  finder = lateStdlib(archive, Boolean(boot), fetchNow);
  lateStdlib.destroy();
  loaderFacts?.whenReady?.(async () => {
    try {
      const responses = await Promise.all((boot ? [STDLIB_LATE] : [STDLIB_BOOT, STDLIB_LATE]).map((url) => fetch(url)));
      if (!responses.every((response) => response.ok)) return;
      const parts = await Promise.all(responses.map(async (response) => new Uint8Array(await response.arrayBuffer())));
      if (!installed) install(parts.at(-1), boot ?? parts[0], "once playable");
      finder.remove();
    } catch {
      // offline without a copy: the finder stays, an import will try again
    } finally {
      if (installed) finder.destroy();
    }
  });
}

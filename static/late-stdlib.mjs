// The standard library's zip on a boot from the memory snapshot (docs/performance.md, "The
// standard library on the snapshot path"): the snapshot holds every module the page imports,
// so the boot does not wait for the zip. Pyodide is given an empty one (`pyodide-loader.mjs`),
// and the page puts the real one in its place once the board is playable; an import that
// needs it sooner fetches it there and then. In the page only.
import { STDLIB } from "./runtime-files.mjs";

const loaderFacts = globalThis.eightoffLoader;

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
 * cuts short in the service worker as the page's error). "Once playable" is `whenReady` of
 * `static/loader.js`: without the loading screen's script, only an import brings the zip. */
export function installStdlib(pyodide) {
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
  loaderFacts?.whenReady?.(async () => {
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

// The `interpreter` module named in pyscript.toml.
//
// PyScript imports this module instead of Pyodide's own `pyodide.mjs` and calls its
// `loadPyodide`. We forward to our pinned Pyodide copy and add the options PyScript does not
// pass: the runtime directory and the standard library precompiled to .pyc at build time
// (tools/pyc_compile.mjs), which makes start-up about three times faster.
import { loadPyodide as loadPinnedPyodide, version } from "./vendor/pyodide-314.0.7/pyodide.mjs";

export { version };

const runtime = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;

export function loadPyodide(options = {}) {
  return loadPinnedPyodide({
    ...options,
    indexURL: runtime,
    stdLibURL: runtime + "python_stdlib_pyc.zip",
  });
}

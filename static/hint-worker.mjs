// The solver's worker: hints, verdicts and the way back, off the page's thread.
//
// The page (eightoff/web/solver/worker.py) starts it once the board is playable. It loads our
// pinned Pyodide through the same loader as the page and the same package (both its parts:
// package.mjs), then answers each message (JSON text, eightoff/web/solver/messages.py) with
// one message. Only postMessage: nothing here needs cross-origin isolation, so every host in
// deploy/ works.
import { unpackAll } from "./package.mjs";
import { loadPyodide } from "./pyodide-loader.mjs";

const ready = (async () => {
  const pyodide = await loadPyodide();
  await unpackAll(pyodide);
  pyodide.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')");
  return pyodide.pyimport("eightoff.web.solver.messages").answer;
})();
// A failed start (the page left while Pyodide loaded, or no network and no cache) is
// answered to the next request below, not left as an unhandled rejection.
ready.catch(() => {});

self.onmessage = async (event) => {
  try {
    const answer = await ready;
    self.postMessage(answer(event.data));
  } catch (error) {
    self.postMessage(JSON.stringify({ error: String(error) }));
  }
};

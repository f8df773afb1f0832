// A first visit's choice (docs/performance.md, "The snapshot on a first visit", has the
// figures): boot from the memory snapshot fetched alongside the runtime, or boot without it.
// The snapshot pays when the bytes it adds before playable (the snapshot, less the standard
// library's boot part and our package's first part, which a boot from it does without) arrive
// sooner than the bootstrap it replaces would have ended:
// (SNAPSHOT_BYTES - STDLIB_SENT_BYTES - PACKAGE_SENT_BYTES) / throughput < savedSeconds(slowdown).
// pyodide-loader.mjs asks while PyScript starts (`firstVisitPath`), in the page only.
import { expandSnapshot } from "./snapshot-format.mjs";
import { fetchPackage } from "./package.mjs";
import { SNAPSHOT, SNAPSHOT_SHA256, STDLIB_BOOT, WASM, matches } from "./runtime-files.mjs";

const loaderFacts = globalThis.eightoffLoader;

/** The snapshot as sent (brotli), bytes; tests/browser/test_snapshot.py checks it. */
export const SNAPSHOT_BYTES = 2_470_000;
/** The standard library's boot part as sent (brotli), bytes; tests/browser/test_snapshot.py
 * checks it. */
export const STDLIB_SENT_BYTES = 650_000;
/** The standard library's boot part, decoded bytes (the loading screen's progress counts them
 * on a first visit's normal boot); tests/browser/test_snapshot.py checks it. */
export const STDLIB_BYTES = 2_770_000;
/** Our package's first part as sent (brotli), bytes; tests/browser/test_snapshot.py checks it. */
export const PACKAGE_SENT_BYTES = 195_000;
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

/**
 * On a first visit: boot from a snapshot fetched now, or boot as before? `heap` is the
 * snapshot's heap to come (its download starts now), or null; `responses` the runtime's
 * responses taken over from the page's preloads (their first bytes were measured), which
 * Pyodide's own fetches are then answered with. `wasmStored`: a copy of the wasm is in Cache
 * Storage (nothing of it to sample). ?first_visit=snapshot|boot (tests, the benchmark) forces
 * the answer. Without `snapshotAllowed` (a stored copy was dropped, a start before failed with
 * the snapshot, or this build's is refused here: runtime-cache.mjs), as before.
 */
export async function firstVisitPath(wasmStored, snapshotAllowed = true) {
  const forced = loaderFacts?.firstVisit;
  const sample = sampleDownloads(wasmStored ? [] : [WASM]);
  const connection = navigator.connection;
  let snapshot;
  let why;
  if (!snapshotAllowed) {
    [snapshot, why] = [false, "the snapshot is not to be used here now"];
  } else if (forced) {
    [snapshot, why] = [forced === "snapshot", "forced"];
  } else if (navigator.onLine === false) {
    [snapshot, why] = [false, "offline"];
  } else if (connection?.saveData || /2g|3g/.test(connection?.effectiveType ?? "")) {
    [snapshot, why] = [false, `connection ${connection.effectiveType}${connection.saveData ? ", save data" : ""}`];
  } else {
    const slowdown = await deviceSlowdown();
    const throughput = await sample.throughput;
    snapshot = (SNAPSHOT_BYTES - STDLIB_SENT_BYTES - PACKAGE_SENT_BYTES) / throughput < savedSeconds(slowdown);
    why = `${(throughput / 1e6).toFixed(2)} MB/s, device ${slowdown.toFixed(2)}× slower`;
  }
  sample.stop();
  performance.mark("eightoff-first-visit", { detail: { snapshot, why } });
  if (!snapshot) {
    // The normal boot reads the standard library's boot part and our package's first part:
    // fetch them now, not once Pyodide asks.
    loaderFacts?.expect?.(STDLIB_BOOT, STDLIB_BYTES);
    const stdlib = fetch(STDLIB_BOOT);
    stdlib.catch(() => {}); // handled where Pyodide awaits it
    sample.responses.push([STDLIB_BOOT, stdlib]);
    fetchPackage();
  }
  return { heap: snapshot ? fetchSnapshot() : null, responses: sample.responses };
}

/** The snapshot fetched on a first visit, expanded (its bytes count in the loading screen's
 * progress); rejects when it cannot be had, and the normal boot follows. */
function fetchSnapshot() {
  loaderFacts?.expect?.(SNAPSHOT, SNAPSHOT_BYTES, true); // optional: its failure is no failed start
  const heap = (async () => {
    const response = await fetch(SNAPSHOT);
    if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // Another copy than this build's (a proxy's, a portal's) is never restored.
    if (!(await matches(bytes, SNAPSHOT_SHA256))) throw new Error("snapshot: not this build's");
    return expandSnapshot(bytes);
  })();
  heap.catch(() => {}); // handled where the boot awaits it
  return heap;
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

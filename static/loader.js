// Loading screen of Eight Off: shown from first paint until Python sets <html data-ready>.
//
// A deferred classic script placed before PyScript's module script, so it runs first, once
// the page is parsed: it sees every runtime download through a thin `fetch` wrapper (bytes
// as they stream, and the content type of the .wasm), tells the stages apart through
// PyScript's events, and replaces a hang or a blank page with a message a player can act on.
// A file of the game the host refused is asked for once more past the browser's HTTP cache
// (which may keep an error a host sent during a deploy); a failure the data the browser keeps
// may have caused gets a rescue that never costs the saved game (docs/storage.md).
"use strict";
(() => {
  // Every user-visible string of the loading screen, by the English msgid of the
  // "loader" context of the catalogues (eightoff/locale/, extracted by Babel); the language
  // script in <head> (filled by the build) holds their translations and set <html lang>.
  // It also read the address once (`bootSeconds`, `serviceWorker`) and holds the facts the
  // page shares with Python (the storage keys: eightoff/web/facts.py).
  // Without it (lang.js failed), English, the default watchdog, and no reset button.
  // This script adds what the Pyodide loader (`static/pyodide-loader.mjs` and its modules) asks
  // of it: `expect` (a download to count in the progress), `whenReady` (the board is
  // playable), `whenQuiet` (the idle-time queue) and `grant` (a worker's piece of work); the
  // loader gives it `compilable` (the test of a wasm response, `static/runtime-files.mjs`).
  const loader = (self.eightoffLoader ||= { strings: {}, facts: null, bootSeconds: 60, serviceWorker: true });
  const translated = loader.strings;
  const pgettext = (context, msgid) => translated[msgid] || msgid;
  const STRINGS = {
    "title": pgettext("loader", "Eight Off"),
    "stage.page": pgettext("loader", "Loading the page…"),
    "stage.download": pgettext("loader", "Downloading the game engine…"),
    "stage.python": pgettext("loader", "Starting Python…"),
    "stage.game": pgettext("loader", "Loading the game…"),
    "detail.bytes": pgettext("loader", "{done} of {total} ({percent})"),
    "unit.mb": pgettext("loader", "{n} MB"),
    "error.title": pgettext("loader", "Eight Off could not start"),
    "error.hint": pgettext("loader", "Reload the page to try again. If this keeps happening, please report it."),
    "error.retry": pgettext("loader", "Try again"),
    "error.reset": pgettext("loader", "Download my saved data and start afresh"),
    "error.repair": pgettext("loader", "Repair and try again"),
    "error.repair_hint": pgettext("loader", "Repairing deletes the copies of the game's files that this browser keeps, and downloads them again. Your saved game stays."),
    "error.backup": pgettext("loader", "Download a backup of my game"),
    "error.details": pgettext("loader", "Technical details"),
    "error.wasm_type": pgettext("loader", "The server sends the game engine with the wrong type (“{type}” instead of “application/wasm”), so the browser refuses to run it. The site's server configuration needs fixing."),
    "error.http": pgettext("loader", "A file of the game could not be downloaded (HTTP status {status})."),
    "error.network": pgettext("loader", "A file of the game could not be downloaded. Check your internet connection."),
    "error.offline": pgettext("loader", "You are offline and this game has not been saved for offline play yet. Connect once to install it."),
    "error.no_wasm": pgettext("loader", "This browser cannot run the game: it does not support WebAssembly."),
    "error.python": pgettext("loader", "The game hit an error while starting."),
    "error.script": pgettext("loader", "An unexpected error stopped the start-up."),
    "error.stalled": pgettext("loader", "Start-up stalled: nothing happened for {duration}."),
  };
  const text = (key, values = {}) => STRINGS[key].replace(/\{(\w+)\}/g, (_, name) => values[name]);
  // Numbers the language's way, from CLDR through the browser's Intl (12,3 MB and 30 % in
  // Catalan); the game's Python asks the same Intl (eightoff/web/dom.py, intl_number).
  const lang = (self.eightoffLoader && self.eightoffLoader.lang) || "en";
  const tenths = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const percents = new Intl.NumberFormat(lang, { style: "percent" });
  const megabytes = (n) => text("unit.mb", { n: tenths.format(n / 1e6) });
  // A count of seconds in words, with CLDR's plural forms ("5 seconds", "21 секунда").
  const seconds = new Intl.NumberFormat(lang, { style: "unit", unit: "second", unitDisplay: "long" });

  const root = document.documentElement;
  const screen = document.getElementById("loading");
  const part = (cls) => screen.querySelector("." + cls);
  const [stageEl, bar, detailEl, errorBox] =
    ["loading-stage", "loading-bar", "loading-detail", "loading-error"].map(part);
  for (const el of screen.querySelectorAll("[data-text]")) el.textContent = text(el.dataset.text);

  // Seconds without any progress after which start-up counts as stalled (?boot_timeout=N,
  // bounded by lang.js).
  const stallSeconds = loader.bootSeconds;
  let finished = false;
  let stalled = false;
  let retrying = null; // a module's download asked for again (`moduleFailed`)
  let stage = "page";
  let watchdog = 0;

  const resetWatchdog = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      stalled = true;
      fail(text("error.stalled", { duration: seconds.format(stallSeconds) }), `stalled at "${stage}" for ${stallSeconds} s`, true);
    }, stallSeconds * 1000);
  };

  const STAGES = ["page", "download", "python", "game"];
  const setStage = (name) => {
    if (finished || STAGES.indexOf(name) <= STAGES.indexOf(stage)) return; // only forward
    stage = name;
    stageEl.textContent = text("stage." + name);
    if (name !== "download") {
      bar.removeAttribute("value"); // indeterminate: the stage cannot be measured
      detailEl.textContent = "";
    }
    resetWatchdog();
  };

  // Runtime files announced by <link data-progress> with their size (set by the build).
  const expected = new Map();
  const received = new Map();
  for (const link of document.querySelectorAll("link[data-progress]")) {
    expected.set(link.href, Number(link.dataset.bytes) || 0);
    received.set(link.href, 0);
  }
  let total = [...expected.values()].reduce((a, b) => a + b, 0);
  // A download decided at start-up (the snapshot of a first visit on a fast link).
  // `optional`: the start goes on without it (the normal boot follows), so its failure is
  // not the start's: its bytes leave the progress instead.
  const optional = new Set();
  loader.expect = (url, bytes, isOptional = false) => {
    if (finished || expected.has(url)) return;
    expected.set(url, bytes);
    received.set(url, 0);
    total += bytes;
    if (isOptional) optional.add(url);
  };
  const forget = (url) => {
    total -= expected.get(url) || 0;
    expected.delete(url);
    received.delete(url);
  };

  const showProgress = () => {
    if (finished || !total) return;
    const done = [...received.values()].reduce((a, b) => a + b, 0);
    if (done >= total) return setStage("python");
    setStage("download");
    bar.value = done / total;
    detailEl.textContent = text("detail.bytes", {
      done: megabytes(done), total: megabytes(total), percent: percents.format(Math.floor((100 * done) / total) / 100),
    });
    resetWatchdog();
  };

  const addBytes = (url, n) => {
    received.set(url, Math.min(expected.get(url) || Infinity, received.get(url) + n));
    showProgress();
  };

  // `unforeseen`: a failure the data the browser keeps may cause (an error or a stall, not a
  // download): the screen then also offers the rescue (`offerRescue`).
  function fail(message, details = "", unforeseen = false) {
    if (finished || retrying) return;
    finished = true;
    clearTimeout(watchdog);
    root.setAttribute("data-boot-error", "");
    stageEl.hidden = bar.hidden = detailEl.hidden = true;
    part("loading-error-message").textContent = message;
    part("loading-error-details").textContent = details || message;
    errorBox.hidden = false;
    part("loading-retry").addEventListener("click", () => location.reload());
    if (unforeseen) offerRescue();
  }

  // An error's name and message, then where it came from. V8 begins its stack with the
  // first two; JavaScriptCore and SpiderMonkey give only the frames (a trap in the
  // interpreter's wasm, in WebKit, said nothing but "wasm-function[14535]" and its callers).
  function described(error) {
    if (!error || typeof error !== "object") return error ? String(error) : "";
    const head = error.message ? `${error.name || "Error"}: ${error.message}` : "";
    const stack = typeof error.stack === "string" ? error.stack : "";
    if (!stack) return head || String(error);
    return !head || stack.startsWith(head) ? stack : `${head}\n${stack}`;
  }

  // The saved record (docs/storage.md), or null (none, or no storage).
  const saved = () => {
    try {
      return (loader.facts && localStorage.getItem(loader.facts.recordKey)) ?? null;
    } catch {
      return null;
    }
  };

  // The rescue, one step at a time, never at the saved game's cost. First "Repair and try
  // again": it deletes what the page keeps of the game's files (its runtime's copies and the
  // service worker's caches, whose files are fetched again) and keeps the saved game. Once
  // nothing of that is left (the repair did not help), "Download my saved data and start
  // afresh" sets the saved game aside. Both come with the download of the saved game as a
  // backup file the game's Import reads.
  async function offerRescue() {
    const record = saved();
    const kept = await keptCopies();
    const reset = part("loading-reset");
    if (kept.entries.length || kept.worker) {
      reset.textContent = text("error.repair");
      const hint = document.createElement("p");
      hint.className = "loading-rescue-hint";
      hint.textContent = text("error.repair_hint");
      reset.after(hint);
      reset.addEventListener("click", () => repair(kept));
    } else if (record !== null) {
      reset.addEventListener("click", () => startAfresh(record));
    } else {
      return;
    }
    reset.hidden = false;
    const backup = record === null ? null : backupFile(record);
    if (backup !== null) {
      const button = reset.cloneNode(false);
      button.classList.replace("loading-reset", "loading-backup");
      button.textContent = text("error.backup");
      button.addEventListener("click", () => download(backup));
      reset.after(button);
    }
  }

  // The game's own files kept in this browser: the Cache Storage entries of this copy of the
  // game (under its address; another copy on the same origin keeps its own), but the starts'
  // marks and the snapshot's failures (`runtime-cache.mjs` names them: `notCopies`), and the
  // service worker's registration.
  async function keptCopies() {
    const scope = new URL(".", location.href).href;
    const marks = loader.notCopies || [];
    const kept = { entries: [], worker: null };
    try {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (request.url.startsWith(scope)) kept.entries.push([cache, request, marks.some((mark) => request.url.startsWith(mark))]);
        }
      }
    } catch {
      // no Cache Storage: nothing kept there
    }
    kept.entries = kept.entries.filter(([, , mark]) => !mark).length ? kept.entries : [];
    try {
      kept.worker = (await navigator.serviceWorker.getRegistration()) || null;
    } catch {
      // no service workers
    }
    return kept;
  }

  // Repair: what this start downloaded is asked for again past the HTTP cache (a damaged or
  // stale entry is replaced), every kept entry of this copy is deleted (empty caches with it)
  // and its service worker unregistered (the next start installs it afresh); the saved game,
  // settings and statistics stay. Then the page loads again.
  async function repair(kept) {
    const urls = performance.getEntriesByType("resource").map((entry) => entry.name)
      .filter((url) => new URL(url).origin === location.origin);
    await Promise.all([...new Set(urls)].map((url) => nativeFetch(url, { cache: "reload" }).then((r) => r.arrayBuffer(), () => {}).catch(() => {})));
    for (const [cache, request] of kept.entries) await cache.delete(request).catch(() => {});
    try {
      for (const name of await caches.keys()) {
        if (!(await (await caches.open(name)).keys()).length) await caches.delete(name);
      }
    } catch {
      // no Cache Storage
    }
    await kept.worker?.unregister().catch(() => {});
    location.reload();
  }

  // The saved record as a backup file (eightoff/web/storage/backup_file.py, `export`: the
  // record as it is, in an envelope that names the format, its version and the time), or
  // null when the record is not a JSON object (no backup could hold it).
  function backupFile(record) {
    try {
      const value = JSON.parse(record);
      if (!value || typeof value !== "object" || Array.isArray(value)) return null;
    } catch {
      return null;
    }
    const exported = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
    return `{"format":"eightoff-backup","version":1,"exported":"${exported}","record":${record}}`;
  }

  function download(text) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    link.download = "eightoff-backup.json";
    document.body.append(link);
    link.click();
    link.remove();
  }

  // Start afresh: the saved game downloaded as a backup file, kept under the "set aside" key
  // (as the game does with bad data: docs/storage.md) and removed: a fresh game starts.
  function startAfresh(record) {
    const backup = backupFile(record);
    if (backup !== null) download(backup);
    try {
      localStorage.setItem(loader.facts.backupKey, record);
      localStorage.removeItem(loader.facts.recordKey);
    } catch {
      // Storage refused the copy: keep the record where it is rather than lose it.
    }
    location.reload();
  }

  // Count the bytes of runtime files as the runtime reads them, and check their status and
  // content type: Pyodide only warns and then hangs forever on a .wasm of the wrong type.
  const nativeFetch = window.fetch;
  const inspect = (url, response) => {
    if (!response.ok && optional.has(url)) {
      forget(url);
    } else if (!response.ok) {
      fail(text("error.http", { status: response.status }), `${response.status} ${url}`);
    } else if (new URL(url).pathname.endsWith(".wasm") && loader.compilable && !loader.compilable(response)) {
      const type = (response.headers.get("content-type") || "").split(";")[0].trim();
      fail(text("error.wasm_type", { type }), `${url}: Content-Type ${type}`);
    }
    if (response.ok && response.body && expected.has(url)) countBody(url, response.clone().body);
    return response;
  };
  const countBody = async (url, body) => {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || finished) return reader.cancel();
      addBytes(url, value.byteLength);
    }
  };
  // A file of ours the host refused is asked for once more past the HTTP cache, which may
  // hold an error the host sent and let it keep (deploy/README.md): during a deploy, a file
  // the new page names may not be there yet.
  const ours = (url) => new URL(url).origin === location.origin;
  const again = (that, input, init, response) => {
    const method = (init && init.method) || (input instanceof Request ? input.method : "GET");
    if (method.toUpperCase() !== "GET") return response;
    return nativeFetch.call(that, input, { ...init, cache: "reload" }).catch(() => response);
  };
  window.fetch = function (input, init) {
    const pending = nativeFetch.call(this, input, init);
    if (finished) return pending;
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    return pending.then((response) => (response.ok || !ours(url) ? response : again(this, input, init, response))).then((response) => inspect(url, response), (error) => {
      if (optional.has(url)) {
        forget(url);
        throw error;
      }
      const offline = navigator.onLine === false;
      fail(text(offline ? "error.offline" : "error.network"), `${error} (${url})`);
      throw error;
    });
  };

  // Files the runtime does not fetch itself (module scripts) count when they complete.
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (expected.has(entry.name)) addBytes(entry.name, expected.get(entry.name) || entry.decodedBodySize);
    }
  });
  observer.observe({ type: "resource", buffered: true });

  // A module of ours that did not arrive (its <script> failed, or an import() says so): a
  // download failure, not the saved data's. Each file that failed is asked for once more past
  // the HTTP cache; when every one of them now comes, the page is loaded again, once for
  // those files (the browser keeps a module that failed for the page's life). The files: the
  // failed <script> and <link rel=modulepreload> elements, the module an import() names,
  // and every file of ours whose answer was an error (resource timing's status).
  const failedFiles = new Set();
  const MODULE_FAILED = /(?:failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed)(?::\s*(\S+))?/i;
  const onElementError = (event) => {
    const element = event.target;
    const url = element instanceof HTMLScriptElement ? element.src : element instanceof HTMLLinkElement ? element.href : "";
    if (!url || !ours(url)) return;
    failedFiles.add(url);
    if (element instanceof HTMLScriptElement) moduleFailed(`${url} did not load`);
  };
  addEventListener("error", onElementError, true);
  function moduleFailed(details, named = "") {
    if (named) failedFiles.add(new URL(named, location.href).href);
    retrying ||= (async () => {
      await new Promise((resolve) => setTimeout(resolve)); // the other failures of the moment
      for (const entry of performance.getEntriesByType("resource")) {
        if (entry.responseStatus >= 400 && ours(entry.name)) failedFiles.add(entry.name);
      }
      const urls = [...failedFiles];
      let status = 0;
      const fresh = await Promise.all(urls.map((url) => nativeFetch(url, { cache: "reload" }).then((response) => {
        if (!response.ok) status = response.status;
        return response.ok;
      }, () => false)));
      const state = history.state && typeof history.state === "object" ? history.state : {};
      const tried = Array.isArray(state.loaderRetried) ? state.loaderRetried : [];
      if (urls.length && fresh.every(Boolean) && urls.some((url) => !tried.includes(url))) {
        history.replaceState({ ...state, loaderRetried: [...tried, ...urls] }, "");
        location.reload();
        return;
      }
      retrying = null;
      // Every file now comes, and the page was loaded again for each: not a download (a
      // host's wrong type for a module, say), nor the data the browser keeps.
      const came = urls.length && fresh.every(Boolean);
      const offline = navigator.onLine === false;
      const message = status ? text("error.http", { status }) : came ? text("error.script") : text(offline ? "error.offline" : "error.network");
      fail(message, `${details}\n${urls.join("\n")}`);
    })();
  }

  // Errors before the game is ready: report them instead of leaving a half-drawn page.
  const onError = (event) => {
    const error = event.error || event.reason;
    const details = described(error) || event.message || String(error);
    const missing = MODULE_FAILED.exec(details);
    if (missing) moduleFailed(details, missing[1]);
    else fail(text("error.script"), details, true);
  };
  addEventListener("error", onError);
  addEventListener("unhandledrejection", onError);
  const wasmWarning = console.warn;
  console.warn = function (...args) {
    if (!finished && args[0] === "wasm instantiation failed!") fail(text("error.script"), args.join(" "), true);
    return wasmWarning.apply(this, args);
  };
  const banners = new MutationObserver(() => {
    const banner = document.querySelector(".py-error");
    const missing = banner && MODULE_FAILED.exec(banner.textContent);
    if (missing) moduleFailed(banner.textContent, missing[1]);
    else if (banner) fail(text("error.python"), banner.textContent, true);
  });
  banners.observe(document.body, { childList: true });
  document.addEventListener("py:ready", () => setStage("game"));

  const finish = () => {
    finished = true;
    clearTimeout(watchdog);
    window.fetch = nativeFetch;
    console.warn = wasmWarning;
    observer.disconnect();
    banners.disconnect();
    removeEventListener("error", onError);
    removeEventListener("unhandledrejection", onError);
    removeEventListener("error", onElementError, true);
    screen.remove();
    // A module asked for again is asked for again after a later failure too.
    if (history.state && typeof history.state === "object" && "loaderRetried" in history.state) {
      const { loaderRetried, ...rest } = history.state;
      history.replaceState(Object.keys(rest).length ? rest : null, "");
    }
    registerServiceWorker();
  };
  // The board is playable: Python sets <html data-ready>. One observer for the page's
  // scripts: `loader.whenReady(then)` runs `then` at that moment, or at once if it is past.
  const readyListeners = [];
  loader.whenReady = (then) => {
    if (root.hasAttribute("data-ready")) then();
    else readyListeners.push(then);
  };
  const ready = new MutationObserver(() => {
    if (!root.hasAttribute("data-ready")) return;
    ready.disconnect();
    for (const then of readyListeners.splice(0)) {
      try {
        then();
      } catch (error) {
        setTimeout(() => { throw error; }); // reported, and the others still run
      }
    }
  });
  // Ready: the loading screen goes, and the service worker is registered; also when the game
  // comes after a stall was reported (the start-up was only slow), never after an error.
  loader.whenReady(() => {
    if (root.hasAttribute("data-boot-error") && !stalled) return;
    root.removeAttribute("data-boot-error");
    finish();
  });

  // Offline play: registered only once the game runs, in a quiet moment, so it never
  // competes with start-up or a tap; the queue moves on once its install is over. The
  // install asks this page for each of its pieces (sw.js, `turn`): answered in a moment
  // for one (`loader.grant`), by every page of ours that is up.
  function registerServiceWorker() {
    if (!("serviceWorker" in navigator) || !loader.serviceWorker) return;
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.source && event.data && event.data.piece) loader.grant(event.source, event.data);
    });
    navigator.serviceWorker.startMessages?.();
    loader.whenQuiet(async () => {
      const registration = await navigator.serviceWorker.register("sw.js");
      const worker = registration.installing || registration.waiting;
      if (!worker) return;
      await new Promise((resolve) => {
        const settled = () => ["activated", "redundant"].includes(worker.state);
        worker.addEventListener("statechange", () => settled() && resolve());
        if (settled()) resolve();
      });
    });
  }

  // Idle-time work (the snapshot's store, the service worker's install; docs/performance.md):
  // one task at a time, each begun in a moment for work (`moment`), and each task's work
  // done in pieces, each begun in a moment of its own, so that none lands on a player's
  // move. The tasks themselves run off the main thread (workers) and ask for their pieces.
  const QUIET_MS = 1000;
  // The longest a task waits for a quiet moment before it takes the next pause after an
  // answered input instead (a player who never stops still gets the work done).
  const LATEST_MS = 10000;
  // The same for each piece of a task once it has begun.
  const PIECE_LATEST_MS = 2000;
  // The longest a task holds the queue: one that never ends (a worker that never answers)
  // must not keep the next from starting (the service worker's install, offline play).
  const LONGEST_TASK_MS = 60000;
  let lastInput = -Infinity;
  for (const type of ["pointerdown", "keydown", "wheel"]) {
    addEventListener(type, () => (lastInput = performance.now()), { capture: true, passive: true });
  }
  const INPUT_ENDS = ["pointerup", "pointercancel", "keyup"];
  // A moment for work: a quiet one — no tap, key or wheel for QUIET_MS, and the browser idle
  // (`requestIdleCallback`) — or, when none comes within `latestMs`, the pause just after
  // the page has painted its answer to the player's next input (the frame of the answer and
  // one more, then a task): the longest a player who never stops leaves. A drag that never
  // ends does not hold it past 3 × `latestMs`.
  const moment = (latestMs) => new Promise((resolve) => {
    const begun = performance.now();
    let timer = 0;
    let armed = false;
    const go = () => {
      clearTimeout(timer);
      for (const type of INPUT_ENDS) removeEventListener(type, answered, true);
      resolve();
    };
    const answered = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go, 0)));
    const wait = () => {
      const now = performance.now();
      const calm = lastInput + QUIET_MS - now;
      if (calm <= 0 || now >= begun + 3 * latestMs) {
        if ("requestIdleCallback" in self) requestIdleCallback(go, { timeout: 1000 });
        else go();
        return;
      }
      if (!armed && now >= begun + latestMs) {
        armed = true;
        for (const type of INPUT_ENDS) addEventListener(type, answered, { capture: true, passive: true });
      }
      timer = setTimeout(wait, Math.min(calm, (armed ? begun + 3 * latestMs : begun + latestMs) - now));
    };
    wait();
  });
  // A worker's ask for its next piece of work, `{ piece: n }` (static/snapshot-store.mjs,
  // sw.js): the same message back to it in a moment for work.
  loader.grant = (worker, ask) => moment(PIECE_LATEST_MS).then(() => worker.postMessage(ask));
  let queue = Promise.resolve();
  // Each task's span is a performance measure "eightoff-idle-task" (bench/startup.py reads it).
  const timed = (task) => async () => {
    const start = performance.now();
    try {
      await Promise.race([task(), new Promise((resolve) => setTimeout(resolve, LONGEST_TASK_MS))]);
    } finally {
      performance.measure("eightoff-idle-task", { start, end: performance.now() });
    }
  };
  loader.whenQuiet = (task) => {
    queue = queue.then(() => moment(LATEST_MS)).then(timed(task)).catch(() => {}); // the game works without it
    return queue;
  };

  if (typeof WebAssembly !== "object") {
    fail(text("error.no_wasm"));
  } else {
    ready.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
    resetWatchdog();
  }
})();

"""The steps of tools/build.py, one module per job, in the order `build.assemble` runs them.

- `common`: the paths, the pinned runtime versions, `log()` and `sha256()`
- `runtime`: `npm ci`, the runtime vendored into static/vendor/, the .pyc standard library
- `page`: the site's own files copied into dist/ (static/, index.html, host files)
- `head`: index.html's description and <noscript> in every language (pages/<lang>/site.toml)
- `catalogues`: the .mo files of every language and the loading screen's words (lang.js)
- `package`: eightoff/ zipped with the .pyc our Pyodide compiles
- `snapshot`: the memory snapshot (tools/snapshot.mjs), and the SHA-256 of it and of the wasm
  that a copy the page keeps must match
- `icons`: the app icons (PNG) and `manifest`: the manifest of each language
- `names`: content-hashed names, every reference to them rewritten
- `stock`: the stock PyScript page bench/startup.py compares with
- `service_worker`: the build's content version and sw.js with the files to precache
- `compress`: the .br and .gz files beside large ones
"""

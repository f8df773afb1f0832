"""Build the deployable Eight Off site into dist/.

    python tools/build.py [--dist DIR]   # build dist/ (tools/serve.py builds, then serves it)

The steps, one module each in tools/sitebuild/: `npm ci` when node_modules is missing or
stale; vendor the pinned runtime into static/vendor/ (versioned directories, plus a .pyc
standard library compiled by the same Pyodide under Node); copy the site into dist/ and give
its page the description and <noscript> of every language; write the Rules, Examples and
FAQ pages (tools/pages.py); compile the catalogues (the loading screen's words into
static/lang.js, the .mo files for the package); cut the standard library in two parts (what
a first visit imports, then the rest: tools/sitebuild/first_imports.txt); zip the eightoff
package in parts; make the memory snapshot of the booted interpreter (tools/snapshot.mjs) with
them, and say the heap's headroom; give the page the SHA-256 of the snapshot and of the
wasm, which any copy it keeps must match; draw the icons and write the web app manifest of each
language; give our own assets content-hashed names; write the stock
PyScript page of bench/startup.py under dist/bench/; write the service worker (sw.js)
carrying the build's content version; precompress large files (.br, .gz).

Needs no network once node_modules exists. Standard library only, plus `brotli` (pinned in
requirements.txt) for the .br files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pages  # tools/pages.py: the Rules, Examples and FAQ pages
from sitebuild import (
    catalogues,
    compress,
    head,
    icons,
    manifest,
    names,
    package,
    page,
    runtime,
    service_worker,
    snapshot,
    stdlib,
    stock,
)
from sitebuild.common import DIST, PYC_STDLIB, PYODIDE_DIR, VENDOR, log

__all__ = ["DIST", "assemble", "build", "main"]


def build(dist: Path = DIST) -> str:
    """Build the site into `dist` and return its content version."""
    runtime.ensure_node_modules()
    runtime.vendor_runtime()
    version = assemble(dist)
    total = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    log(f"wrote {dist} (content version {version}, {total / 1e6:.1f} MB on disk)")
    return version


def assemble(dist: Path) -> str:
    """Write the whole site into `dist` from the vendored runtime; return its content version."""
    page.copy_site(dist)
    head.write_head(dist)
    documents = pages.write_pages(dist)
    static = dist / "static"
    runtime.copy_vendor(static / "vendor")
    catalogues.write_loader_strings(static / "lang.js")
    full = stdlib.write_parts(VENDOR / PYODIDE_DIR / PYC_STDLIB, static / "vendor" / PYODIDE_DIR)
    compiled = catalogues.compile_catalogues()
    whole = package.write_package(static, compiled)
    package.write_catalogue_urls(static / "package.mjs", compiled)
    headroom = snapshot.write_snapshot(dist, full, whole)
    snapshot.write_digests(dist)
    full.unlink()  # the page holds it as its two parts
    icons.write_icons(static)
    manifest.write_manifest(dist)
    names.hash_site(dist, documents)
    page.annotate_progress_links(dist)
    stock.write_stock_page(dist)
    version = service_worker.content_version(dist)
    service_worker.write_service_worker(dist, version, documents)
    compress.precompress(dist)
    log(headroom.removeprefix("snapshot: "))
    return version


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dist", type=Path, default=DIST, help="output directory (default: dist/)")
    build(parser.parse_args(argv).dist)


if __name__ == "__main__":
    main()

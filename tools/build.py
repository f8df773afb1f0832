"""Build the deployable Eight Off site into dist/.

    python tools/build.py            # build dist/
    python tools/build.py serve      # build, then serve dist/ on http://127.0.0.1:8000/

Steps: `npm ci` when node_modules is missing or stale; vendor the pinned runtime into
static/vendor/ (versioned directories, plus a .pyc standard library compiled by the same
Pyodide under Node); zip the eightoff package; copy the site into dist/ with content-hashed
names for our own assets; precompress large files (.br, .gz); write the web app manifest,
icons and the service worker (sw.js) carrying the build's content version; emit the stock
PyScript page used by bench/startup.py under dist/bench/.

Needs no network once node_modules exists. Standard library only, plus `brotli` (pinned in
requirements-dev.txt) for the .br files.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import icons

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
PYODIDE_DIR = f"pyodide-{PYODIDE_VERSION}"
PYSCRIPT_DIR = f"pyscript-{PYSCRIPT_VERSION}"
VENDOR = ROOT / "static" / "vendor"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
    "python_stdlib.zip",
)
PYC_STDLIB = "python_stdlib_pyc.zip"
COMPILER = ROOT / "tools" / "pyc_compile.mjs"
PYC_CACHE = ROOT / "build" / "pyc"
# PyScript chunks of features our page turns off (pyscript.toml `plugins`) or never uses:
# shipped for the stock comparison page, left out of the service worker's precache.
PYSCRIPT_UNUSED = re.compile(r"^(codemirror|xterm|py-editor|py-terminal|py-game|mpy|donkey|deprecations)")
# Files served as they are; everything else under dist/static/ gets a content hash in its name.
UNHASHED_ROOT_FILES = ("index.html", "pyscript.toml", "sw.js", "manifest.webmanifest")
COMPRESSIBLE = {
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".json",
    ".toml",
    ".py",
    ".svg",
    ".wasm",
    ".webmanifest",
    ".txt",
    ".zip",
}
MIN_COMPRESS_BYTES = 1024


def log(message: str) -> None:
    print(f"build: {message}", flush=True)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- node_modules and the vendored runtime ------------------------------------------------


def ensure_node_modules() -> None:
    """Run `npm ci` unless node_modules was installed from the current package-lock.json.

    The stamp is the copy of package-lock.json that tools/setup.sh also keeps.
    """
    stamp = NODE_MODULES / ".eightoff-lock"
    lock = (ROOT / "package-lock.json").read_bytes()
    if stamp.is_file() and stamp.read_bytes() == lock and _installed_versions_match():
        return
    log("npm ci (node_modules missing or stale)")
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT, check=True)
    if not _installed_versions_match():
        raise SystemExit("build: node_modules does not hold the pinned runtime versions")
    stamp.write_bytes(lock)


def _installed_versions_match() -> bool:
    def version(package: str) -> str | None:
        path = NODE_MODULES / package / "package.json"
        return json.loads(path.read_text())["version"] if path.is_file() else None

    return (version("pyodide"), version("@pyscript/core")) == (PYODIDE_VERSION, PYSCRIPT_VERSION)


def vendor_runtime() -> None:
    """Copy the pinned runtime into static/vendor/ and compile the .pyc standard library."""
    pyodide_out = VENDOR / PYODIDE_DIR
    pyodide_out.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        _copy_if_changed(NODE_MODULES / "pyodide" / name, pyodide_out / name)
    pyscript_out = VENDOR / PYSCRIPT_DIR
    pyscript_out.mkdir(parents=True, exist_ok=True)
    for source in sorted((NODE_MODULES / "@pyscript" / "core" / "dist").iterdir()):
        if source.suffix in (".js", ".css"):
            _copy_if_changed(source, pyscript_out / source.name)
    _compile_stdlib(pyodide_out)


def _copy_if_changed(source: Path, target: Path) -> None:
    if target.is_file() and target.read_bytes() == source.read_bytes():
        return
    shutil.copyfile(source, target)


def _compile_stdlib(pyodide_out: Path) -> None:
    script = COMPILER
    key = sha256(
        script.read_bytes()
        + (pyodide_out / "python_stdlib.zip").read_bytes()
        + (pyodide_out / "pyodide.asm.wasm").read_bytes()
    )
    target = pyodide_out / PYC_STDLIB
    stamp = pyodide_out / (PYC_STDLIB + ".key")
    if target.is_file() and stamp.is_file() and stamp.read_text() == key:
        return
    log("compiling the standard library to .pyc with Pyodide under Node")
    subprocess.run(["node", str(script), str(pyodide_out), "stdlib", str(target)], cwd=ROOT, check=True)
    stamp.write_text(key)


# --- our package ---------------------------------------------------------------------------


def zip_package(target: Path) -> None:
    """Zip eightoff/ (every .py file, eightoff/web/ included) with names relative to it.

    pyscript.toml maps the zip to "./eightoff/*", so the entries must not repeat the package
    directory. Each module also gets its .pyc, compiled by our Pyodide (tools/pyc_compile.mjs),
    so the browser does not compile the engine at every start. Fixed timestamps keep the zip
    (and so its hashed name) reproducible.
    """
    package = ROOT / "eightoff"
    if not (package / "web" / "app.py").is_file():
        raise SystemExit("build: eightoff/web/app.py is missing (the page imports its start())")
    files = sorted(
        p
        for p in package.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".typed")
    )
    sources = PYC_CACHE / "sources.zip"
    sources.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(sources, "w", zipfile.ZIP_STORED) as archive:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(package).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            archive.writestr(info, path.read_bytes())
    compiled = PYC_CACHE / f"eightoff-{sha256(sources.read_bytes() + COMPILER.read_bytes())[:16]}.zip"
    if not compiled.is_file():
        log("compiling eightoff/ to .pyc with Pyodide under Node")
        for stale in PYC_CACHE.glob("eightoff-*.zip"):
            stale.unlink()
        pyodide = VENDOR / PYODIDE_DIR
        subprocess.run(
            ["node", str(COMPILER), str(pyodide), "package", str(sources), str(compiled)], check=True
        )
    with zipfile.ZipFile(compiled) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, 9) as out:
        for info in source.infolist():
            entry = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            out.writestr(entry, source.read(info))


# --- dist/ -----------------------------------------------------------------------------------


def assemble(dist: Path) -> str:
    """Write the whole site into `dist` and return its content version."""
    if dist.exists():
        shutil.rmtree(dist)
    static = dist / "static"
    shutil.copytree(
        ROOT / "static",
        static,
        ignore=shutil.ignore_patterns("vendor", "__pycache__", "*.br", "*.gz", "*.key"),
    )
    _copy_vendor(static / "vendor")
    if not (static / "eightoff.css").is_file():
        log("warning: static/eightoff.css does not exist yet; shipping an empty one")
        (static / "eightoff.css").write_text("/* placeholder written by tools/build.py */\n")
    zip_package(static / "eightoff.zip")
    icons.write_icons(static)
    for name in ("index.html", "pyscript.toml"):
        shutil.copyfile(ROOT / name, dist / name)
    shutil.copyfile(ROOT / "deploy" / "_headers", dist / "_headers")  # Netlify, Cloudflare Pages
    (dist / ".nojekyll").write_text("")  # GitHub Pages: publish the files as they are
    _write_manifest(dist)

    hashed = [p for p in static.rglob("*") if p.is_file() and "vendor" not in p.relative_to(static).parts]
    hashed.append(static / "vendor" / PYODIDE_DIR / PYC_STDLIB)
    roots = [dist / name for name in UNHASHED_ROOT_FILES if (dist / name).exists()]
    hash_names(hashed, roots)
    _annotate_progress_links(dist)
    _write_stock_page(dist)
    version = content_version(dist)
    write_service_worker(dist, version)
    precompress(dist)
    return version


def _copy_vendor(target: Path) -> None:
    for directory in (PYODIDE_DIR, PYSCRIPT_DIR):
        source = VENDOR / directory
        (target / directory).mkdir(parents=True)
        for path in sorted(source.iterdir()):
            if path.suffix in (".key", ".br", ".gz"):
                continue
            shutil.copyfile(path, target / directory / path.name)


def hash_names(files: list[Path], roots: list[Path]) -> dict[str, str]:
    """Rename each file to name.<hash>.ext and rewrite every reference to it.

    Files are renamed leaves first: a file that mentions another pending file waits until that
    one has its final name, so a hash covers the names it refers to. Returns old -> new names.
    """
    pending = {path.name: path for path in files}
    if len(pending) != len(files):
        raise SystemExit("build: two hashed assets share a file name")
    renames: dict[str, str] = {}
    while pending:
        ready = [p for p in pending.values() if not _mentions(p, set(pending) - {p.name})]
        if not ready:
            raise SystemExit(f"build: circular references between {sorted(pending)}")
        for path in ready:
            _rewrite(path, renames)
            digest = sha256(path.read_bytes())[:10]
            new_name = f"{path.stem}.{digest}{path.suffix}"
            path.rename(path.with_name(new_name))
            renames[path.name] = new_name
            del pending[path.name]
    for root in roots:
        _rewrite(root, renames)
    return renames


def _reference(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<=[/\"'(])" + re.escape(name) + r"(?=[?#\"')\s]|$)", re.MULTILINE)


def _is_text(path: Path) -> bool:
    return path.suffix in {".html", ".js", ".mjs", ".css", ".toml", ".webmanifest", ".json", ".svg"}


def _mentions(path: Path, names: Iterable[str]) -> bool:
    if not _is_text(path):
        return False
    text = path.read_text(encoding="utf-8")
    return any(_reference(name).search(text) for name in names)


def _rewrite(path: Path, renames: dict[str, str]) -> None:
    if not _is_text(path) or not renames:
        return
    text = original = path.read_text(encoding="utf-8")
    for old, new in renames.items():
        text = _reference(old).sub(new, text)
    if text != original:
        path.write_text(text, encoding="utf-8")


def _annotate_progress_links(dist: Path) -> None:
    """Give each <link data-progress> its file size so the loading screen can show percent."""
    index = dist / "index.html"

    def annotate(match: re.Match[str]) -> str:
        tag = match.group(0)
        href = re.search(r'href="([^"]+)"', tag)
        if not href or not (dist / href.group(1)).is_file():
            raise SystemExit(f"build: index.html preloads a missing file: {tag}")
        size = (dist / href.group(1)).stat().st_size
        return tag.replace("data-progress", f'data-progress data-bytes="{size}"')

    index.write_text(re.sub(r"<link [^>]*data-progress[^>]*>", annotate, index.read_text()))


def _write_manifest(dist: Path) -> None:
    manifest = {
        "name": "Eight Off",
        "short_name": "Eight Off",
        "description": "Eight Off solitaire, playable offline.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#0b6e3a",
        "theme_color": "#0b6e3a",
        "icons": [
            {"src": "static/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "static/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "static/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {
                "src": "static/icon-maskable-512.png",
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    (dist / "manifest.webmanifest").write_text(json.dumps(manifest, indent=2) + "\n")


def _write_stock_page(dist: Path) -> None:
    """The comparison page of bench/startup.py: stock PyScript + our unmodified Pyodide copy."""
    bench = dist / "bench"
    bench.mkdir()
    shutil.copyfile(ROOT / "bench" / "stock.html", bench / "stock.html")
    (bench / "stock.toml").write_text(f'interpreter = "../static/vendor/{PYODIDE_DIR}/pyodide.mjs"\n')
    (bench / "stock.py").write_text(
        "from pyscript import document\ndocument.documentElement.setAttribute('data-ready', '')\n"
    )


def content_version(dist: Path) -> str:
    """A digest of every file of the site (bench/ and sw.js aside): the cache's name."""
    digest = hashlib.sha256()
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        relative = path.relative_to(dist).as_posix()
        if relative == "sw.js" or relative.startswith("bench/"):
            continue
        digest.update(relative.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(dist: Path, version: str) -> None:
    """Write dist/sw.js from sw.js with the build's version and the files to precache."""
    app = ["./", "index.html", "pyscript.toml", "manifest.webmanifest"]
    assets: list[str] = []
    runtime: list[str] = []
    for path in sorted(p for p in (dist / "static").rglob("*") if p.is_file()):
        relative = path.relative_to(dist).as_posix()
        if not relative.startswith("static/vendor/"):
            assets.append(relative)
        elif (
            path.name != "python_stdlib.zip"
            and path.suffix != ".css"
            and not PYSCRIPT_UNUSED.match(path.name)
        ):
            runtime.append(relative)
    build = json.dumps({"version": version, "app": app, "assets": assets, "runtime": runtime}, indent=1)
    source = (ROOT / "sw.js").read_text()
    marker = re.compile(r"^const BUILD = .*?;  // written by tools/build\.py$", re.MULTILINE | re.DOTALL)
    if not marker.search(source):
        raise SystemExit("build: sw.js lacks the `const BUILD = ...;  // written by tools/build.py` line")
    (dist / "sw.js").write_text(
        marker.sub(lambda _: f"const BUILD = {build};  // written by tools/build.py", source)
    )


def precompress(dist: Path) -> None:
    """Write .br and .gz beside each compressible file where it saves at least a tenth.

    Vendored files never change under their versioned path, so their compressed forms are
    cached in static/vendor/ and only copied.
    """
    import brotli  # pinned in requirements-dev.txt

    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        if path.suffix not in COMPRESSIBLE or path.stat().st_size < MIN_COMPRESS_BYTES:
            continue
        data = path.read_bytes()
        cache = VENDOR / path.relative_to(dist / "static" / "vendor") if "vendor" in path.parts else None
        for suffix, compress in (
            (".br", lambda d: brotli.compress(d, quality=11)),
            (".gz", lambda d: gzip.compress(d, 9, mtime=0)),
        ):
            packed = _cached_compress(data, cache.with_name(cache.name + suffix) if cache else None, compress)
            if len(packed) <= 0.9 * len(data):
                path.with_name(path.name + suffix).write_bytes(packed)


def _cached_compress(data: bytes, cache: Path | None, compress) -> bytes:  # type: ignore[no-untyped-def]
    key = cache.with_name(cache.name + ".key") if cache else None
    if cache and key and cache.is_file() and key.is_file() and key.read_text() == sha256(data):
        return cache.read_bytes()
    packed: bytes = compress(data)
    if cache and key:
        cache.write_bytes(packed)
        key.write_text(sha256(data))
    return packed


def build(dist: Path = DIST) -> str:
    ensure_node_modules()
    vendor_runtime()
    version = assemble(dist)
    total = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    log(f"wrote {dist} (content version {version}, {total / 1e6:.1f} MB on disk)")
    return version


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", nargs="?", choices=("build", "serve"), default="build")
    parser.add_argument("--dist", type=Path, default=DIST, help="output directory (default: dist/)")
    parser.add_argument("--host", default="127.0.0.1", help="serve: address to bind")
    parser.add_argument("--port", type=int, default=8000, help="serve: port (0 picks a free one)")
    args = parser.parse_args(argv)
    build(args.dist)
    if args.command == "serve":
        import serve  # tools/serve.py

        serve.serve_forever(args.dist, args.host, args.port)


if __name__ == "__main__":
    main()

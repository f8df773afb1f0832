"""eightoff/ zipped for the page, in parts: what its first board imports, the rest after, and
each language's catalogue on its own (docs/performance.md, "Bytes").

- ``eightoff.zip``: the compiled modules (``__pycache__/name.cpython-3XX.pyc``) that
  tools/sitebuild/first_imports.txt lists (the page's start and windows import them), each
  beside an empty ``name.py``: the import system finds a module by its source file, and an
  unchecked-hash .pyc is run without reading it. The normal boot unpacks it before the start.
- ``eightoff-late.zip``: every module's source (written over the empty ones: tracebacks show
  their lines), the modules the page does not import (the command line) with their .pyc, and
  every language's catalogue. The page unpacks it in idle time, or at once when it imports a
  module it lacks.
- ``eightoff-<lang>.mo``: one language's catalogue, which the page puts where
  eightoff/web/words/i18n.py reads it (``locale/<lang>/LC_MESSAGES/eightoff.mo``): its own
  language's before the start, another's when it switches to it before the late part came.

The memory snapshot's maker gets the whole package in one zip (``whole``). pyscript.toml names
none of them: static/pyodide-loader.mjs unpacks them (a boot from the snapshot needs only
the catalogue before playable: the heap holds the modules).
"""

from __future__ import annotations

import json
import re
import subprocess
import zipfile
from pathlib import Path

from .common import CACHE, COMPILER, PYODIDE_DIR, ROOT, VENDOR, log, sha256
from .stdlib import first_imports

PYC_CACHE = CACHE / "pyc"
EPOCH = (1980, 1, 1, 0, 0, 0)  # fixed timestamps keep the zips, and so their hashed names, the same
FIRST = "eightoff.zip"
LATE = "eightoff-late.zip"
CATALOGUE = "eightoff-{}.mo"
CATALOGUE_PATH = "locale/{}/LC_MESSAGES/eightoff.mo"


def write_package(static: Path, catalogues: dict[str, bytes]) -> Path:
    """Write the package's parts into ``static`` (dist/static/) from eightoff/ and the compiled
    ``catalogues`` (by their path in the package); returns the whole package's zip.

    Entries are named relative to the package directory (the page unpacks them into
    /home/pyodide/eightoff, where PyScript's ``[files]`` put the package before). Each module gets its .pyc,
    compiled by our Pyodide (tools/pyc_compile.mjs), so the browser does not compile the
    engine at every start. The entries are stored, not deflated, like the runtime's standard
    library zip: the host's brotli over the whole archive packs it far better than deflate
    file by file (about 0.37 MB on the wire instead of 0.69), and unpacking it in the page
    inflates nothing.
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
            archive.writestr(zipfile.ZipInfo(path.relative_to(package).as_posix(), EPOCH), path.read_bytes())
    with zipfile.ZipFile(_compiled(sources)) as source:
        compiled = {info.filename: source.read(info) for info in source.infolist()}
    compiled.update(catalogues)
    wanted = first_imports()
    first: dict[str, bytes] = {}
    late: dict[str, bytes] = {}
    for name, data in compiled.items():
        listed = module_of(name) in wanted
        if name.endswith(".pyc") and listed:
            first[name] = data
        elif name.endswith(".py") and listed:
            first[name] = b""  # the source follows in the late part
            late[name] = data
        else:
            late[name] = data
    _zip(static / FIRST, first)
    _zip(static / LATE, late)
    for name, data in catalogues.items():
        language = name.split("/")[1]
        if name != CATALOGUE_PATH.format(language):
            raise SystemExit(f"build: a catalogue at an unexpected place: {name}")
        (static / CATALOGUE.format(language)).write_bytes(data)
    whole = PYC_CACHE / "whole.zip"
    _zip(whole, compiled)
    log(f"the package in parts: {len(first) // 2} modules before the start, the rest and the sources after")
    return whole


def module_of(entry: str) -> str | None:
    """The module of ours a package zip's entry holds (``web/__pycache__/app.cpython-314.pyc``
    and ``web/app.py`` -> ``eightoff.web.app``), or None for a file that is none."""
    folder, _, name = entry.rpartition("/")
    if name.endswith(".pyc") and folder.endswith("__pycache__"):
        folder = folder.removesuffix("__pycache__").rstrip("/")
        name = name.split(".")[0]
    elif name.endswith(".py"):
        name = name.removesuffix(".py")
    else:
        return None
    parts = ["eightoff", *(folder.split("/") if folder else []), name]
    return ".".join(parts[:-1] if name == "__init__" else parts)


def _zip(target: Path, entries: dict[str, bytes]) -> None:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
        for name, data in sorted(entries.items()):
            entry = zipfile.ZipInfo(name, EPOCH)
            entry.external_attr = 0o644 << 16
            out.writestr(entry, data)


def _compiled(sources: Path) -> Path:
    """The zip of `sources` with their .pyc, compiled once per content of sources and compiler."""
    compiled = PYC_CACHE / f"eightoff-{sha256(sources.read_bytes() + COMPILER.read_bytes())[:16]}.zip"
    if not compiled.is_file():
        log("compiling eightoff/ to .pyc with Pyodide under Node")
        for stale in PYC_CACHE.glob("eightoff-*.zip"):
            stale.unlink()
        pyodide = VENDOR / PYODIDE_DIR
        subprocess.run(
            ["node", str(COMPILER), str(pyodide), "package", str(sources), str(compiled)], check=True
        )
    return compiled


CATALOGUES_LINE = re.compile(r"^const CATALOGUES = \{\};  // written by tools/build\.py$", re.MULTILINE)


def write_catalogue_urls(script: Path, catalogues: dict[str, bytes]) -> None:
    """Name each language's catalogue file in ``script`` (static/package.mjs), relative to it
    (`names` then rewrites each name to its content-hashed one)."""
    source = script.read_text(encoding="utf-8")
    if not CATALOGUES_LINE.search(source):
        raise SystemExit(f"build: {script.name} lacks its `const CATALOGUES = {{}};` line")
    urls = {name.split("/")[1]: f"./{CATALOGUE.format(name.split('/')[1])}" for name in sorted(catalogues)}
    line = f"const CATALOGUES = {json.dumps(urls, separators=(',', ':'))};  // written by tools/build.py"
    script.write_text(CATALOGUES_LINE.sub(lambda _: line, source), encoding="utf-8")

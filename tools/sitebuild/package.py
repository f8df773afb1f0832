"""eightoff/ zipped for pyscript.toml's `[files]`, each module with its .pyc."""

from __future__ import annotations

import subprocess
import zipfile
from pathlib import Path

from .common import CACHE, COMPILER, PYODIDE_DIR, ROOT, VENDOR, log, sha256

PYC_CACHE = CACHE / "pyc"
EPOCH = (1980, 1, 1, 0, 0, 0)  # fixed timestamps keep the zip, and so its hashed name, the same


def zip_package(target: Path, extra: dict[str, bytes] | None = None) -> None:
    """Zip eightoff/ (every .py file, eightoff/web/ included) with names relative to it,
    plus ``extra`` files by name (the compiled catalogues).

    pyscript.toml maps the zip to "./eightoff/*", so the entries must not repeat the package
    directory. Each module also gets its .pyc, compiled by our Pyodide (tools/pyc_compile.mjs),
    so the browser does not compile the engine at every start. The entries are stored, not
    deflated, like the runtime's standard library zip: the host's brotli over the whole archive
    packs it far better than deflate file by file (about 0.37 MB on the wire instead of 0.69),
    and unpacking it in the page inflates nothing.
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
    compiled = _compiled(sources)
    with zipfile.ZipFile(compiled) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
        for info in source.infolist():
            entry = zipfile.ZipInfo(info.filename, EPOCH)
            entry.external_attr = 0o644 << 16
            out.writestr(entry, source.read(info))
        for name, data in sorted((extra or {}).items()):
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

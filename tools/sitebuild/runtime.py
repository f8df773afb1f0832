"""The pinned runtime: `npm ci`, its files vendored into static/vendor/, a .pyc stdlib.

static/vendor/ is a cache between builds (git ignores it): files are copied only when they
changed, and the standard library is compiled again only when its inputs changed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from .common import (
    COMPILER,
    NODE_MODULES,
    PYC_STDLIB,
    PYODIDE_DIR,
    PYODIDE_VERSION,
    PYSCRIPT_DIR,
    PYSCRIPT_VERSION,
    ROOT,
    VENDOR,
    log,
    sha256,
)

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
    "python_stdlib.zip",
)


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


def copy_vendor(target: Path) -> None:
    """Copy the vendored runtime into `target` (dist/static/vendor/), caches left out."""
    for directory in (PYODIDE_DIR, PYSCRIPT_DIR):
        source = VENDOR / directory
        (target / directory).mkdir(parents=True)
        for path in sorted(source.iterdir()):
            if path.suffix in (".key", ".br", ".gz"):
                continue
            shutil.copyfile(path, target / directory / path.name)


def _copy_if_changed(source: Path, target: Path) -> None:
    if target.is_file() and target.read_bytes() == source.read_bytes():
        return
    shutil.copyfile(source, target)


def _compile_stdlib(pyodide_out: Path) -> None:
    key = sha256(
        COMPILER.read_bytes()
        + (pyodide_out / "python_stdlib.zip").read_bytes()
        + (pyodide_out / "pyodide.asm.wasm").read_bytes()
    )
    target = pyodide_out / PYC_STDLIB
    stamp = pyodide_out / (PYC_STDLIB + ".key")
    if target.is_file() and stamp.is_file() and stamp.read_text() == key:
        return
    log("compiling the standard library to .pyc with Pyodide under Node")
    subprocess.run(["node", str(COMPILER), str(pyodide_out), "stdlib", str(target)], cwd=ROOT, check=True)
    stamp.write_text(key)

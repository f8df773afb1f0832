"""What every build step shares: where things are, the pinned runtime, log() and sha256()."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from eightoff.web import facts  # noqa: E402  (the facts the page's JS and Python share)

DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
# Pinned in package-lock.json, written once in eightoff/web/facts.py; the directory names
# carry them, so their files never change.
PYODIDE_VERSION = facts.PYODIDE_VERSION
PYSCRIPT_VERSION = facts.PYSCRIPT_VERSION
PYODIDE_DIR = f"pyodide-{PYODIDE_VERSION}"
PYSCRIPT_DIR = f"pyscript-{PYSCRIPT_VERSION}"
VENDOR = ROOT / "static" / "vendor"
PYC_STDLIB = "python_stdlib_pyc.zip"
COMPILER = ROOT / "tools" / "pyc_compile.mjs"
# A memory snapshot of the booted interpreter (tools/snapshot.mjs), beside the runtime.
SNAPSHOT = "snapshot.bin"
SNAPSHOT_MAKER = ROOT / "tools" / "snapshot.mjs"
CACHE = ROOT / "build"  # slow results kept between builds (.pyc, icons)


def log(message: str) -> None:
    print(f"build: {message}", flush=True)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()

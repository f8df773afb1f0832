"""The memory snapshot of the booted interpreter (tools/snapshot.mjs, docs/performance.md).

Made with the pinned Pyodide under Node, from the vendored runtime, the .pyc standard
library and our package zip (its pure modules are imported into the snapshot), into
dist/static/vendor/<pyodide>/snapshot.bin; `names` then gives it a content-hashed name, which
static/pyodide-loader.mjs asks for. The page fetches it in idle time after a first visit,
so the service worker does not precache it (`service_worker`).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from .common import CACHE, PYC_STDLIB, PYODIDE_DIR, ROOT, SNAPSHOT, SNAPSHOT_MAKER, VENDOR, log, sha256

SNAPSHOT_CACHE = CACHE / "snapshot"


def write_snapshot(dist: Path) -> None:
    """Write dist/static/vendor/<pyodide>/snapshot.bin for the package in dist/static/."""
    runtime = VENDOR / PYODIDE_DIR
    package = dist / "static" / "eightoff.zip"
    inputs = [SNAPSHOT_MAKER, package, *sorted(p for p in runtime.iterdir() if p.suffix in (".mjs", ".wasm"))]
    inputs.append(runtime / PYC_STDLIB)
    made = SNAPSHOT_CACHE / f"snapshot-{sha256(b''.join(p.read_bytes() for p in inputs))[:16]}.bin"
    if not made.is_file():
        log("making the memory snapshot with Pyodide under Node")
        SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
        for stale in SNAPSHOT_CACHE.glob("snapshot-*.bin"):
            stale.unlink()
        command = [str(SNAPSHOT_MAKER), str(runtime), str(runtime / PYC_STDLIB), str(package), str(made)]
        subprocess.run(["node", *command], cwd=ROOT, check=True)
    shutil.copyfile(made, dist / "static" / "vendor" / PYODIDE_DIR / SNAPSHOT)

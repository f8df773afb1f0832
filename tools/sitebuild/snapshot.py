"""The memory snapshot of the booted interpreter (tools/snapshot.mjs, docs/performance.md).

Made with the pinned Pyodide under Node, from the vendored runtime, the .pyc standard
library as the page ends up holding it (`stdlib`: FULL) and our whole package (its modules
are imported into the snapshot, with the standard-library modules the page imports:
tools/sitebuild/first_imports.txt), into dist/static/vendor/<pyodide>/snapshot.bin; `names`
then gives it a content-hashed name, which static/runtime-files.mjs asks for. The page fetches
it in idle time after a first visit, so the service worker does not precache it
(`service_worker`). The maker fails the build when the heap outgrew the wasm's initial
memory; the headroom it prints is in the build's summary.

`write_digests` gives the page the SHA-256 of the snapshot and of the runtime's wasm
(static/runtime-files.mjs): a copy the page keeps of either is used only when it matches
(docs/storage.md, "What the page keeps of the runtime").
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from .common import CACHE, PYODIDE_DIR, ROOT, SNAPSHOT, SNAPSHOT_MAKER, VENDOR, log, sha256
from .stdlib import FIRST_IMPORTS

SNAPSHOT_CACHE = CACHE / "snapshot"


def write_snapshot(dist: Path, stdlib: Path, package: Path) -> str:
    """Write dist/static/vendor/<pyodide>/snapshot.bin from the standard library zip `stdlib`
    and the package zip `package`; returns the maker's line on the heap's headroom."""
    runtime = VENDOR / PYODIDE_DIR
    inputs = [SNAPSHOT_MAKER, package, stdlib, FIRST_IMPORTS]
    inputs += sorted(p for p in runtime.iterdir() if p.suffix in (".mjs", ".wasm"))
    made = SNAPSHOT_CACHE / f"snapshot-{sha256(b''.join(p.read_bytes() for p in inputs))[:16]}.bin"
    headroom = made.with_suffix(".headroom")
    if not made.is_file() or not headroom.is_file():
        log("making the memory snapshot with Pyodide under Node")
        SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
        for stale in SNAPSHOT_CACHE.glob("snapshot-*"):
            stale.unlink()
        command = [SNAPSHOT_MAKER, runtime, stdlib, package, FIRST_IMPORTS, made]
        done = subprocess.run(["node", *map(str, command)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        print(done.stdout, end="", flush=True)
        if done.returncode:
            raise SystemExit(f"build: the snapshot's maker failed (exit status {done.returncode})")
        lines = [line for line in done.stdout.splitlines() if "headroom" in line]
        headroom.write_text(lines[-1] if lines else "snapshot: no headroom reported")
    shutil.copyfile(made, dist / "static" / "vendor" / PYODIDE_DIR / SNAPSHOT)
    return headroom.read_text()


# The line of static/runtime-files.mjs that `write_digests` fills.
DIGESTS = re.compile(r"^const SHA256 = \{\};  // written by tools/build\.py$", re.MULTILINE)


def write_digests(dist: Path) -> dict[str, str]:
    """Write the SHA-256 of dist's snapshot and wasm into dist/static/runtime-files.mjs (before
    `names` hashes it); returns them."""
    runtime = dist / "static" / "vendor" / PYODIDE_DIR
    digests = {
        "snapshot": sha256((runtime / SNAPSHOT).read_bytes()),
        "wasm": sha256((runtime / "pyodide.asm.wasm").read_bytes()),
    }
    module = dist / "static" / "runtime-files.mjs"
    source = module.read_text(encoding="utf-8")
    if not DIGESTS.search(source):
        raise SystemExit(
            "build: static/runtime-files.mjs lacks the `const SHA256 = {};  // written by tools/build.py`"
        )
    line = f"const SHA256 = {json.dumps(digests, sort_keys=True)};  // written by tools/build.py"
    module.write_text(DIGESTS.sub(lambda _: line, source), encoding="utf-8")
    return digests

"""The build's content version and dist/sw.js, which precaches the site under that name."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path

from .common import ROOT

# PyScript chunks of features our page turns off (pyscript.toml `plugins`) or never uses:
# shipped for the stock comparison page, left out of the service worker's precache.
PYSCRIPT_UNUSED = re.compile(r"^(codemirror|xterm|py-editor|py-terminal|py-game|mpy|donkey|deprecations)")
# The line of sw.js this module replaces.
MARKER = re.compile(r"^const BUILD = .*?;  // written by tools/build\.py$", re.MULTILINE | re.DOTALL)


def content_version(dist: Path) -> str:
    """A digest of every file of the site (bench/ and sw.js aside): the cache's name."""
    digest = hashlib.sha256()
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        relative = path.relative_to(dist).as_posix()
        if relative == "sw.js" or relative.startswith("bench/"):
            continue
        digest.update(relative.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(dist: Path, version: str, documents: Iterable[Path] = ()) -> None:
    """Write dist/sw.js from sw.js with the build's version and the files to precache;
    ``documents`` (the Rules, Examples and FAQ pages) are app files like index.html."""
    app = ["./", "index.html", "pyscript.toml", "manifest.webmanifest"]
    app += sorted(path.relative_to(dist).as_posix() for path in documents)
    assets: list[str] = []
    runtime: list[str] = []
    for path in sorted(p for p in (dist / "static").rglob("*") if p.is_file()):
        relative = path.relative_to(dist).as_posix()
        if not relative.startswith("static/vendor/"):
            assets.append(relative)
        elif (
            path.name != "python_stdlib.zip"
            and not path.name.startswith("snapshot.")  # the page keeps it (pyodide-loader.mjs)
            and path.suffix != ".css"
            and not PYSCRIPT_UNUSED.match(path.name)
        ):
            runtime.append(relative)
    build = json.dumps({"version": version, "app": app, "assets": assets, "runtime": runtime}, indent=1)
    source = (ROOT / "sw.js").read_text()
    if not MARKER.search(source):
        raise SystemExit("build: sw.js lacks the `const BUILD = ...;  // written by tools/build.py` line")
    (dist / "sw.js").write_text(
        MARKER.sub(lambda _: f"const BUILD = {build};  // written by tools/build.py", source)
    )

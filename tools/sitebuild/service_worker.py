"""The build's content version and dist/sw.js, which precaches the site under that name.

The service worker stores only this build's files: the build stamps its version into the
HTML pages and pyscript.toml (:func:`stamp`; sw.js reads the marker back) and gives sw.js
the SHA-256 of every immutable file it precaches, checked before a copy is stored."""

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
# The version marker in the app's HTML and pyscript.toml (sw.js, MARKER, reads it back).
HTML_MARKER = re.compile(r'\n *<meta name="eightoff-build" content="[^"]*">')
CHARSET = '<meta charset="utf-8">'
TOML_MARKER = re.compile(r"^# eightoff-build: .*\n", re.MULTILINE)
# The line of sw.js this module replaces.
MARKER = re.compile(r"^const BUILD = .*?;  // written by tools/build\.py$", re.MULTILINE | re.DOTALL)


def content_version(dist: Path) -> str:
    """A digest of every file of the site (bench/ and sw.js aside, version markers left
    out, precompressed copies too): the cache's name."""
    digest = hashlib.sha256()
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        relative = path.relative_to(dist).as_posix()
        if relative == "sw.js" or relative.startswith("bench/") or path.suffix in (".br", ".gz"):
            continue
        data = path.read_bytes()
        if path.suffix in (".html", ".toml"):
            data = _unstamped(path.read_text(encoding="utf-8")).encode()
        digest.update(relative.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()[:16]


def _unstamped(text: str) -> str:
    return TOML_MARKER.sub("", HTML_MARKER.sub("", text))


def stamp(files: Iterable[Path], version: str) -> None:
    """Write ``version`` into each app file as its marker (replacing an older one): a
    ``<meta name="eightoff-build">`` after the charset of an HTML page, a first-line comment
    in pyscript.toml. Precompressed copies of a changed file are removed (they would carry
    the old marker)."""
    for path in files:
        text = _unstamped(path.read_text(encoding="utf-8"))
        if path.suffix == ".toml":
            stamped = f"# eightoff-build: {version}\n{text}"
        else:
            if CHARSET not in text:
                raise SystemExit(f"build: {path} lacks {CHARSET}")
            meta = f'<meta name="eightoff-build" content="{version}">'
            stamped = text.replace(CHARSET, f"{CHARSET}\n  {meta}", 1)
        if stamped != path.read_text(encoding="utf-8"):
            path.write_text(stamped, encoding="utf-8")
            for copy in (path.with_name(path.name + ".br"), path.with_name(path.name + ".gz")):
                copy.unlink(missing_ok=True)


def write_service_worker(dist: Path, version: str, documents: Iterable[Path] = ()) -> None:
    """Stamp the app files with ``version`` and write dist/sw.js from sw.js with the
    build's version, the files to precache and the SHA-256 of each immutable one;
    ``documents`` (the Rules, Examples and FAQ pages) are app files like index.html, and
    so is every manifest in dist/ (one per language, manifest.py), which carries no marker
    (sw.js checks it as JSON)."""
    pages = sorted(path.relative_to(dist).as_posix() for path in documents)
    stamp([dist / "index.html", dist / "pyscript.toml", *(dist / page for page in pages)], version)
    manifests = sorted(path.name for path in dist.glob("*.webmanifest"))
    app = ["./", "index.html", "pyscript.toml", *manifests, *pages]
    assets: list[str] = []
    runtime: list[str] = []
    for path in sorted(p for p in (dist / "static").rglob("*") if p.is_file()):
        relative = path.relative_to(dist).as_posix()
        if path.suffix in (".br", ".gz"):  # the host's precompressed copies of a file
            continue
        if not relative.startswith("static/vendor/"):
            assets.append(relative)
        elif (
            path.name != "python_stdlib.zip"
            and not path.name.startswith("snapshot.")  # the page keeps it (runtime-cache.mjs)
            and path.suffix != ".css"
            and not PYSCRIPT_UNUSED.match(path.name)
        ):
            runtime.append(relative)
    sha256 = {path: hashlib.sha256((dist / path).read_bytes()).hexdigest() for path in (*assets, *runtime)}
    build = json.dumps(
        {"version": version, "app": app, "assets": assets, "runtime": runtime, "sha256": sha256}, indent=1
    )
    source = (ROOT / "sw.js").read_text()
    if not MARKER.search(source):
        raise SystemExit("build: sw.js lacks the `const BUILD = ...;  // written by tools/build.py` line")
    (dist / "sw.js").write_text(
        MARKER.sub(lambda _: f"const BUILD = {build};  // written by tools/build.py", source)
    )

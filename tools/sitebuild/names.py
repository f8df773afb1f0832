"""Content-hashed names for our assets, so hosts may cache them for a year.

Every file under dist/static/ but the vendored runtime (its directories carry their
version) becomes name.<10 hex>.ext, and every reference to it is rewritten.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from .common import PYODIDE_DIR, SNAPSHOT, sha256
from .stdlib import BOOT, LATE

# Served under their own names: the entry points a visitor or a host asks for.
UNHASHED_ROOT_FILES = ("index.html", "pyscript.toml", "sw.js")
"""And every ``*.webmanifest`` of dist/ (one per language: manifest.py)."""
TEXT = {".html", ".js", ".mjs", ".css", ".toml", ".webmanifest", ".json", ".svg"}


def hash_site(dist: Path, documents: Iterable[Path] = ()) -> dict[str, str]:
    """Hash our files under dist/static/ (and our .pyc standard library's parts and snapshot) and
    rewrite the references in the root files (the manifests among them) and in ``documents``
    (the pages); returns old -> new."""
    static = dist / "static"
    files = [p for p in static.rglob("*") if p.is_file() and "vendor" not in p.relative_to(static).parts]
    # Built by us, not by Pyodide: their content, not the runtime's version, names them.
    files += [static / "vendor" / PYODIDE_DIR / name for name in (BOOT, LATE, SNAPSHOT)]
    roots = [dist / name for name in UNHASHED_ROOT_FILES if (dist / name).exists()]
    roots += sorted(dist.glob("*.webmanifest"))
    return hash_names(files, [*roots, *documents])


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


def _mentions(path: Path, names: Iterable[str]) -> bool:
    if path.suffix not in TEXT:
        return False
    text = path.read_text(encoding="utf-8")
    return any(_reference(name).search(text) for name in names)


def _rewrite(path: Path, renames: dict[str, str]) -> None:
    if path.suffix not in TEXT or not renames:
        return
    text = original = path.read_text(encoding="utf-8")
    for old, new in renames.items():
        text = _reference(old).sub(new, text)
    if text != original:
        path.write_text(text, encoding="utf-8")

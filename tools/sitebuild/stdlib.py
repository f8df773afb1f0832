"""The standard library in two parts: what the game imports on a first visit, then the rest
(docs/performance.md, "Bytes").

The .pyc standard library (`runtime` compiles it, every module in name order) is written
again with the modules of `FIRST_IMPORTS` first, then `MANIFEST` (the names of the other
modules, one a line), then the others: that zip, FULL, is what the memory snapshot's maker
boots from and what the page holds in the end. Two files are cut from it:

- the boot part (``python_stdlib_boot.zip``): the listed modules and the manifest, as a zip
  of their own whose entries are FULL's first ones byte for byte. The normal boot is given
  it; the page's finder reads the manifest to know which imports must wait for the rest
  (static/late-stdlib.mjs).
- the late part (``python_stdlib_late.zip``): FULL from its first unlisted entry on, its
  central directory included, so the boot part's entries followed by it are FULL byte for
  byte (``join``). Once it is there, zipimport reads FULL's directory in place of the boot
  part's (the page drops the one it had read).

The list is recorded from a run of the page's start and of every window
(tools/record_imports.py); tests/browser/test_imports.py fails when the page imports a module
outside it. (zipimport refuses a directory naming entries past its own start, so the boot
part cannot simply carry FULL's.)
"""

from __future__ import annotations

import io
import struct
import zipfile
from collections.abc import Iterable
from pathlib import Path

from .common import ROOT, log

FIRST_IMPORTS = ROOT / "tools" / "sitebuild" / "first_imports.txt"
BOOT = "python_stdlib_boot.zip"
LATE = "python_stdlib_late.zip"
MANIFEST = "python_stdlib_late.txt"  # in the boot part: the modules of the late part
EPOCH = (1980, 1, 1, 0, 0, 0)  # fixed timestamps, as the compiled zip's (reproducible)
EOCD = b"PK\x05\x06"  # the end of central directory record's signature
EOCD_BYTES = 22  # its length without a comment (the zips here have none)


def first_imports(path: Path = FIRST_IMPORTS) -> set[str]:
    """The modules the list names (one a line, ``#`` comments)."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return {line for line in lines if line}


def module_of(entry: str) -> str | None:
    """The module a standard library zip's entry holds (``json/__init__.pyc`` -> ``json``),
    or None for a file that is no compiled module (data, or source that did not compile)."""
    if not entry.endswith(".pyc"):
        return None
    return entry.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")


def split(compiled: bytes, wanted: Iterable[str]) -> tuple[bytes, bytes, bytes]:
    """FULL, the boot part and the late part of the zip ``compiled`` for the modules
    ``wanted`` (names it lacks are left out; see the module's docstring)."""
    wanted = set(wanted)
    with zipfile.ZipFile(io.BytesIO(compiled)) as source:
        entries = {info.filename: source.read(info) for info in source.infolist()}
    first = sorted(name for name in entries if module_of(name) in wanted)
    rest = sorted(name for name in entries if module_of(name) not in wanted)
    late = sorted({module for module in map(module_of, rest) if module})
    entries[MANIFEST] = "".join(f"{name}\n" for name in late).encode()
    boot = _zip([(name, entries[name]) for name in [*first, MANIFEST]])
    full = _zip([(name, entries[name]) for name in [*first, MANIFEST, *rest]])
    late_part = full[_directory_at(boot) :]
    check(full, boot, late_part)
    return full, boot, late_part


def _zip(entries: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as out:
        for name, data in entries:
            out.writestr(zipfile.ZipInfo(name, EPOCH), data)
    return buffer.getvalue()


def join(boot: bytes, late: bytes) -> bytes:
    """FULL again from its two parts (as the page joins them)."""
    return boot[: _directory_at(boot)] + late


def check(full: bytes, boot: bytes, late: bytes) -> None:
    """Fails the build unless the parts join into FULL and each entry of the boot part reads
    as FULL's."""
    if join(boot, late) != full:
        raise SystemExit("build: the standard library's two parts do not join into the whole")
    with zipfile.ZipFile(io.BytesIO(full)) as whole, zipfile.ZipFile(io.BytesIO(boot)) as part:
        for info in part.infolist():
            if part.read(info) != whole.read(info.filename):
                raise SystemExit(f"build: the standard library's boot part spoils {info.filename}")


def _directory_at(archive: bytes) -> int:
    """Where the central directory of ``archive`` (no comment) starts."""
    end = archive[-EOCD_BYTES:]
    if end[:4] != EOCD:
        raise SystemExit("build: a standard library zip without its end record")
    return int(struct.unpack_from("<I", end, 16)[0])


def write_parts(compiled: Path, runtime: Path) -> Path:
    """Write FULL over the copy of ``compiled`` in ``runtime`` (dist's runtime directory) and
    the two parts beside it; returns FULL's path."""
    wanted = first_imports()
    data = compiled.read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as source:
        held = {module_of(info.filename) for info in source.infolist()}
    absent = sorted(name for name in wanted - held if not name.startswith("eightoff"))
    if absent:  # a runtime upgrade: the list is recorded again (the test fails until then)
        log(f"{FIRST_IMPORTS.name} names modules the standard library lacks: {' '.join(absent)}")
    full, boot, late = split(data, wanted)
    target = runtime / compiled.name
    target.write_bytes(full)
    (runtime / BOOT).write_bytes(boot)
    (runtime / LATE).write_bytes(late)
    log(
        f"the standard library in two parts: {len(wanted & held)} modules in the boot part "
        f"({len(boot):,} bytes), the rest {len(late):,} bytes"
    )
    return target

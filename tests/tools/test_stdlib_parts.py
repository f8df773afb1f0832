"""The build's standard library in two parts (tools/sitebuild/stdlib.py) and our package's
module names (tools/sitebuild/package.py): the boot part is a zip zipimport reads on its
own, holding the wanted modules and the manifest of the others; followed by the late part it
is the whole zip byte for byte."""

from __future__ import annotations

import io
import sys
import zipfile
import zipimport
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from sitebuild import package, stdlib

ENTRIES = {
    "json/__init__.pyc": b"json",
    "json/decoder.pyc": b"decoder",
    "colorsys.pyc": b"colorsys" * 100,
    "email/__init__.pyc": b"email",
    "email/mime/text.pyc": b"text",
    "site-packages/README.txt": b"readme",
}


def compiled() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        for name, data in sorted(ENTRIES.items()):
            out.writestr(zipfile.ZipInfo(name, stdlib.EPOCH), data)
    return buffer.getvalue()


def test_the_parts_join_into_the_whole_and_the_boot_part_reads_alone(tmp_path: Path) -> None:
    full, boot, late = stdlib.split(compiled(), {"json", "json.decoder", "absent"})
    assert stdlib.join(boot, late) == full
    path = tmp_path / "boot.zip"
    path.write_bytes(boot)
    importer = zipimport.zipimporter(str(path))
    assert importer.get_data("json/decoder.pyc") == b"decoder"
    assert importer.get_data(stdlib.MANIFEST).decode().split() == ["colorsys", "email", "email.mime.text"]
    with zipfile.ZipFile(path) as part:
        assert part.namelist() == ["json/__init__.pyc", "json/decoder.pyc", stdlib.MANIFEST]
    path.write_bytes(full)
    with zipfile.ZipFile(path) as whole:
        names = whole.namelist()
        assert names[:3] == ["json/__init__.pyc", "json/decoder.pyc", stdlib.MANIFEST]
        assert {name: whole.read(name) for name in ENTRIES} == ENTRIES


def test_a_part_that_spoils_an_entry_fails_the_build() -> None:
    full, boot, late = stdlib.split(compiled(), {"json"})
    spoiled = boot.replace(b"json", b"jsoN", 1)
    with pytest.raises(SystemExit, match="do not join"):
        stdlib.check(full, spoiled, late)


@pytest.mark.parametrize(
    ("entry", "module"),
    [
        ("json/__init__.pyc", "json"),
        ("email/mime/text.pyc", "email.mime.text"),
        ("site-packages/README.txt", None),
        ("broken.py", None),
    ],
)
def test_the_module_of_a_standard_library_entry(entry: str, module: str | None) -> None:
    assert stdlib.module_of(entry) == module


@pytest.mark.parametrize(
    ("entry", "module"),
    [
        ("__init__.py", "eightoff"),
        ("__pycache__/__init__.cpython-314.pyc", "eightoff"),
        ("web/app.py", "eightoff.web.app"),
        ("web/view/__pycache__/board.cpython-314.pyc", "eightoff.web.view.board"),
        ("locale/he/LC_MESSAGES/eightoff.mo", None),
        ("py.typed", None),
    ],
)
def test_the_module_of_a_package_entry(entry: str, module: str | None) -> None:
    assert package.module_of(entry) == module

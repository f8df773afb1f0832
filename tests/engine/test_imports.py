"""The engine and the pure web modules stay pure Python: only the thin DOM modules, which
pyproject.toml lists once (coverage's omit, mirrored by mypy's exclude), import the browser."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from .helpers import CONFIG, MODULES, PACKAGE, PURE, ROOT, THIN

BROWSER = {"js", "pyscript", "pyodide"}


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return {name.split(".")[0] for name in names}


def test_the_modules_are_found() -> None:
    names = {str(p.relative_to(PACKAGE)) for p in PURE}
    assert names >= {"cards.py", "rules.py", "game.py", "saved.py", "cli.py"}
    assert names >= {"web/persist.py", "web/address.py", "web/layout.py", "web/i18n.py", "web/state.py"}
    assert {str(p.relative_to(PACKAGE)) for p in THIN} >= {"web/app.py", "web/pointer.py", "web/render.py"}


def test_the_thin_modules_are_dom_modules_and_mypy_skips_exactly_them() -> None:
    assert all(p.parent == PACKAGE / "web" for p in THIN)
    exclude = CONFIG["tool"]["mypy"]["exclude"]
    patterns = [exclude] if isinstance(exclude, str) else exclude
    skipped = [p for p in MODULES if any(re.search(x, p.relative_to(ROOT).as_posix()) for x in patterns)]
    assert skipped == THIN


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_browser_imports(path: Path) -> None:
    assert not imported(path) & BROWSER


def test_the_thin_modules_are_the_ones_that_import_the_browser() -> None:
    """Each listed thin module does import the browser: the list holds no pure module."""
    assert all(imported(path) & BROWSER for path in THIN)


def test_the_check_sees_every_kind_of_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import js\nimport os.path\nfrom pyodide.ffi import x\nfrom . import y\n", encoding="utf-8"
    )
    assert imported(sample) == {"js", "os", "pyodide"}

"""The engine stays pure Python: no module outside eightoff/web imports the browser."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import eightoff

PACKAGE = Path(eightoff.__file__).parent
ENGINE = sorted(p for p in PACKAGE.rglob("*.py") if "web" not in p.relative_to(PACKAGE).parts)
BROWSER = {"js", "pyscript", "pyodide"}


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return {name.split(".")[0] for name in names}


def test_the_engine_modules_are_found() -> None:
    assert {p.name for p in ENGINE} >= {"cards.py", "rules.py", "game.py", "saved.py", "cli.py"}


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_browser_imports(path: Path) -> None:
    assert not imported(path) & BROWSER


def test_the_check_sees_every_kind_of_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import js\nimport os.path\nfrom pyodide.ffi import x\nfrom . import y\n", encoding="utf-8"
    )
    assert imported(sample) == {"js", "os", "pyodide"}

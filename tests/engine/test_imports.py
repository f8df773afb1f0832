"""The engine and the pure web modules stay pure Python: only the thin DOM modules import the
browser: pyproject.toml's coverage omit (tested only in the page) and tests/engine/helpers.py's
FAKE_DOM (also tested, and measured, under CPython with a fake browser). mypy checks them
all, with the browser's names typed by the stubs in typings/."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from .helpers import (
    BROWSER,
    CONFIG,
    FAKE_DOM,
    MODULES,
    PACKAGE,
    PURE,
    THIN,
    TYPINGS,
    UNMEASURED,
    browser_names,
    declared,
)


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
    assert names >= {
        "web/storage/store.py",
        "web/links/address.py",
        "web/board/layout.py",
        "web/words/i18n.py",
        "web/board/input_state.py",
    }
    assert {str(p.relative_to(PACKAGE)) for p in THIN} >= {
        "web/app.py",
        "web/view/pointer.py",
        "web/view/page.py",
    }


def test_mypy_checks_every_module_and_the_stubs_declare_what_the_thin_modules_import() -> None:
    """No module is left out of ``mypy --strict``: the browser's names come from the typed
    stubs in typings/, which declare exactly the names the thin modules import (checked
    against the real runtime by tests/browser/test_stubs.py)."""
    assert all(PACKAGE / "web" in p.parents for p in THIN)
    mypy = CONFIG["tool"]["mypy"]
    assert "exclude" not in mypy and mypy["files"][0] == "eightoff" and mypy["strict"] is True
    assert all(name.startswith("tests/web/fakes/") for name in mypy["files"][1:])
    assert mypy["mypy_path"] == "typings"
    used = set().union(*(browser_names(path) for path in MODULES))
    assert (
        used
        == set(declared(TYPINGS))
        == {
            "pyodide.ffi.JsException",
            "pyscript.document",
            "pyscript.window",
            "pyscript.ffi.create_proxy",
            "pyscript.ffi.is_none",
            "pyscript.ffi.to_js",
        }
    )


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_browser_imports(path: Path) -> None:
    assert not imported(path) & BROWSER


def test_the_thin_modules_are_the_ones_that_import_the_browser() -> None:
    """Each listed thin module does import the browser: the lists hold no pure module, and
    a module measured with the fake browser is not also left out of coverage."""
    assert all(imported(path) & BROWSER for path in THIN)
    assert not set(UNMEASURED) & set(FAKE_DOM) and len(THIN) == len(set(THIN))


def test_the_check_sees_every_kind_of_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import js\nimport os.path\nfrom pyodide.ffi import x\nfrom . import y\n", encoding="utf-8"
    )
    assert imported(sample) == {"js", "os", "pyodide"}


def test_the_engine_contract_names_every_module_of_the_engine() -> None:
    """.importlinter's engine contract (``lint-imports``, tools/test.sh) holds every engine
    module: a new one cannot import the DOM layer or the browser unseen."""
    import configparser

    config = configparser.ConfigParser()
    config.read(PACKAGE.parent / ".importlinter", encoding="utf-8")
    listed = set(config["importlinter:contract:engine"]["source_modules"].split())
    engine = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__", "__main__"}
    assert listed == {f"eightoff.{name}" for name in engine}

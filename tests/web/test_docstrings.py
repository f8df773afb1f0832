"""Every module of the DOM layer opens with a docstring that says what it holds (its first
line a sentence, not a title). Sizes are reported by tools/sizes.py, never bounded: a module
ends where its concept ends (docs/architecture.md, "Sizes")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "eightoff" / "web"
MODULES = sorted(WEB.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(WEB)))
def test_a_module_says_what_it_holds(path: Path) -> None:
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    assert docstring and len(docstring.splitlines()[0]) > 20


def test_every_module_is_found() -> None:
    assert (WEB / "app.py") in MODULES and len(MODULES) > 20

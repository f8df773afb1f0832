"""The rooms of the DOM layer stay small and say what they hold (issue 19, item 3): no
module over 350 lines, no class over 200, and each module's docstring opens with what it
holds: every module of eightoff/web/, the door and its rooms (board/, solver/, storage/,
windows/, words/, links/) alike."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "eightoff" / "web"
ROOMS = ("board", "solver", "storage", "windows", "words", "links")
MODULES = sorted(WEB.rglob("*.py"))
MAX_MODULE = 350
MAX_CLASS = 200


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(WEB)))
def test_a_module_is_small_and_says_what_it_holds(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text, str(path))
    assert len(text.splitlines()) <= MAX_MODULE
    classes = {
        node.name: node.end_lineno - node.lineno + 1
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and node.end_lineno
    }
    assert {name: size for name, size in classes.items() if size > MAX_CLASS} == {}
    docstring = ast.get_docstring(tree)
    assert docstring and len(docstring.splitlines()[0]) > 20


def test_every_room_is_found() -> None:
    assert {path.parent.name for path in MODULES} == {*ROOMS, "web"} and len(MODULES) >= 60
    assert {path.name for path in WEB.glob("*.py")} >= {"app.py", "door.py", "rooms.py", "actions.py"}

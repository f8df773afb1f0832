"""tools/sizes.py, the report of the package's parts and their sizes (a report, never a
bound): every module counted once, in its part, and the table adds up."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import sizes  # noqa: E402  (tools/sizes.py)


def test_every_module_is_counted_once_in_its_part() -> None:
    found = sizes.modules()
    paths = [module.path for module in found]
    assert sorted(paths) == sorted(str(p.relative_to(ROOT)) for p in (ROOT / "eightoff").rglob("*.py"))
    table = sizes.parts(found)
    assert next(iter(table)) == "engine"
    assert sum(count for count, _, _ in table.values()) == len(found)
    assert sum(lines for _, lines, _ in table.values()) == sum(module.lines for module in found)
    assert sum(code for _, _, code in table.values()) == sum(module.code for module in found)
    assert all(0 < module.code <= module.lines for module in found if module.lines > 5)
    parts = {module.path: module.part for module in found}
    assert parts["eightoff/game.py"] == "engine"
    assert parts["eightoff/web/facts.py"] == "web"
    assert parts["eightoff/web/storage/store.py"] == "web/storage"


def test_the_report_is_markdown_tables() -> None:
    module = sizes.Module("eightoff/web/board/x.py", 12, (("X", 7),), 9)
    text = sizes.report([module, sizes.Module("eightoff/game.py", 5, (), 3)], top=1)
    assert text.splitlines()[:4] == [
        "| part | modules | lines | code lines |",
        "|---|---:|---:|---:|",
        "| `engine` | 1 | 5 | 3 |",
        "| `web/board` | 1 | 12 | 9 |",
    ]
    assert "| **the DOM layer** | 1 | 12 | 9 |" in text
    assert "| `eightoff/web/board/x.py` | 12 |" in text and "| `X` (`eightoff/web/board/x.py`) | 7 |" in text


def test_code_lines_leave_out_docstrings_comments_and_blank_lines() -> None:
    text = '''"""The module."""

import x  # a comment


class A:
    """A class."""

    b = """a string kept"""

    def c(self) -> str:
        # alone
        return (
            "x"
        )
'''
    assert sizes.code_lines(text) == 7  # import, class, b =, def, return ( "x" )

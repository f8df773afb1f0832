"""The parts of the package and their sizes: a report, never a bound (python tools/sizes.py).

Modules, lines and code lines (a line holding a token other than a comment or a docstring)
for each part of ``eightoff/`` (the engine, and each sub-package of the DOM layer), then the
largest modules and classes. Sizes follow concepts (docs/architecture.md,
"Sizes"): this prints them so a change can be read by its size, and nothing fails on a number.

    python tools/sizes.py            # the parts, then the ten largest modules and classes
    python tools/sizes.py --top 20   # the twenty largest
"""

from __future__ import annotations

import argparse
import ast
import io
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "eightoff"


@dataclass(frozen=True)
class Module:
    """One module: its path from the package's parent, its lines, and its classes' spans."""

    path: str
    lines: int
    classes: tuple[tuple[str, int], ...]
    code: int = 0
    """Its lines that hold a token other than a comment or a docstring (or a bare string)."""

    @property
    def part(self) -> str:
        """The part it belongs to: ``engine``, ``web`` (the DOM layer's top) or ``web/<room>``."""
        parts = self.path.split("/")
        if parts[1] != "web":
            return "engine"
        return "web" if len(parts) == 3 else f"web/{parts[2]}"


def read(path: Path) -> Module:
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text, str(path))
    classes = tuple(
        (node.name, (node.end_lineno or node.lineno) - node.lineno + 1)
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    )
    return Module(str(path.relative_to(ROOT)), len(text.splitlines()), classes, code_lines(text))


LAYOUT = frozenset({tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT})


def code_lines(text: str) -> int:
    """The lines of ``text`` holding a token other than a comment or a string that stands
    alone as a statement (a docstring).

    >>> code_lines("'Doc.'\\n\\n# a comment\\nx = 1  # one\\ny = (\\n    2\\n)\\n")
    4
    """
    lines: set[int] = set()
    start = True  # at the start of a statement
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type in LAYOUT or token.type == tokenize.ENDMARKER:
            start = start or token.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
            continue
        if not (start and token.type == tokenize.STRING):
            lines.update(range(token.start[0], token.end[0] + 1))
        start = False
    return len(lines)


def modules(package: Path = PACKAGE) -> list[Module]:
    """Every module of ``package``, its ``__init__.py`` files too, by path."""
    return [read(path) for path in sorted(package.rglob("*.py"))]


def parts(found: Iterable[Module]) -> dict[str, tuple[int, int, int]]:
    """Modules, lines and code lines for each part, in the order of their names (the engine
    first)."""
    table: dict[str, tuple[int, int, int]] = {}
    for module in sorted(found, key=lambda m: (m.part != "engine", m.part)):
        count, lines, code = table.get(module.part, (0, 0, 0))
        table[module.part] = (count + 1, lines + module.lines, code + module.code)
    return table


def report(found: list[Module], top: int = 10) -> str:
    """The report as Markdown tables."""
    rows = ["| part | modules | lines | code lines |", "|---|---:|---:|---:|"]
    table = parts(found)
    rows += [f"| `{part}` | {count} | {lines:,} | {code:,} |" for part, (count, lines, code) in table.items()]
    web = [row for part, row in table.items() if part.startswith("web")]
    count, lines, code = (sum(column) for column in zip(*web, strict=True)) if web else (0, 0, 0)
    rows.append(f"| **the DOM layer** | {count} | {lines:,} | {code:,} |")
    rows += ["", f"The {top} largest modules and classes:", "", "| module | lines |", "|---|---:|"]
    rows += [f"| `{m.path}` | {m.lines} |" for m in sorted(found, key=lambda m: -m.lines)[:top]]
    classes = sorted(((size, name, m.path) for m in found for name, size in m.classes), reverse=True)
    rows += ["", "| class | lines |", "|---|---:|"]
    rows += [f"| `{name}` (`{path}`) | {size} |" for size, name, path in classes[:top]]
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--top", type=int, default=10, help="how many of the largest modules and classes")
    args = parser.parse_args(argv)
    print(report(modules(), args.top))


if __name__ == "__main__":
    main()

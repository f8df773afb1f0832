"""The parts of the package and their sizes: a report, never a bound (python tools/sizes.py).

Modules and lines for each part of ``eightoff/`` (the engine, and each sub-package of the
DOM layer), then the largest modules and classes. Sizes follow concepts (docs/architecture.md,
"Sizes"): this prints them so a change can be read by its size, and nothing fails on a number.

    python tools/sizes.py            # the parts, then the ten largest modules and classes
    python tools/sizes.py --top 20   # the twenty largest
"""

from __future__ import annotations

import argparse
import ast
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
    return Module(str(path.relative_to(ROOT)), len(text.splitlines()), classes)


def modules(package: Path = PACKAGE) -> list[Module]:
    """Every module of ``package``, its ``__init__.py`` files too, by path."""
    return [read(path) for path in sorted(package.rglob("*.py"))]


def parts(found: Iterable[Module]) -> dict[str, tuple[int, int]]:
    """Modules and lines for each part, in the order of their names (the engine first)."""
    table: dict[str, tuple[int, int]] = {}
    for module in sorted(found, key=lambda m: (m.part != "engine", m.part)):
        count, lines = table.get(module.part, (0, 0))
        table[module.part] = (count + 1, lines + module.lines)
    return table


def report(found: list[Module], top: int = 10) -> str:
    """The report as Markdown tables."""
    rows = ["| part | modules | lines |", "|---|---:|---:|"]
    table = parts(found)
    rows += [f"| `{part}` | {count} | {lines:,} |" for part, (count, lines) in table.items()]
    web = [(count, lines) for part, (count, lines) in table.items() if part.startswith("web")]
    rows.append(f"| **the DOM layer** | {sum(c for c, _ in web)} | {sum(n for _, n in web):,} |")
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

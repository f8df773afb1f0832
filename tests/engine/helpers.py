"""Shared builders for the engine tests: exact positions from short text, and the
package's modules sorted into pure ones and the thin DOM modules."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from eightoff import DECK, SUITS, DealCode, Game, Position
from eightoff.cards import RANKS

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "eightoff"
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
MODULES = sorted(PACKAGE.rglob("*.py"))
UNMEASURED = sorted(
    {path.resolve() for pattern in CONFIG["tool"]["coverage"]["run"]["omit"] for path in ROOT.glob(pattern)}
)
"""The thin DOM modules tested only in the page: pyproject's coverage omit list."""
FAKE_DOM = [
    PACKAGE / "web" / "links" / "clipboard.py",
    PACKAGE / "web" / "storage" / "local.py",
    PACKAGE / "web" / "storage" / "files.py",
    *(PACKAGE / "web" / "view" / f"{name}.py" for name in ("build", "bar", "board", "dialogs")),
    *(PACKAGE / "web" / "view" / f"{name}.py" for name in ("stats_window", "how_to", "page", "cues")),
    PACKAGE / "web" / "app.py",
]
"""The thin DOM modules also tested under CPython with a fake browser, and measured
(tests/web/view/, tests/web/test_app.py: the page drawn from states and the shell running
the update's effects, on the fake document of tests/web/fakes/)."""
THIN = sorted(UNMEASURED + FAKE_DOM)
"""The thin DOM modules, which import the browser: the two lists above."""
PURE = [path for path in MODULES if path not in THIN]
"""Every other module of the package: the engine and the pure web modules."""
BROWSER = {"js", "pyscript", "pyodide"}
"""The browser runtime's packages, which only the thin modules import."""
TYPINGS = ROOT / CONFIG["tool"]["mypy"]["mypy_path"]
"""The typed stubs of the browser surface we use (typings/README.md)."""


def browser_names(path: Path) -> set[str]:
    """The browser names a module imports, as ``module.name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return {
        f"{node.module}.{alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
        if node.module.split(".")[0] in BROWSER
        for alias in node.names
    }


def declared(typings: Path) -> dict[str, str]:
    """The names the stubs declare, as ``module.name``, and what each is: ``object`` (a
    JavaScript object), ``function``, ``exception`` (a class derived from ``Exception``) or
    ``class``."""
    names: dict[str, str] = {}
    for stub in typings.rglob("*.pyi"):
        parts = stub.relative_to(typings).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for node in ast.parse(stub.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names[f"{module}.{node.target.id}"] = "object"
            elif isinstance(node, ast.FunctionDef):
                names[f"{module}.{node.name}"] = "function"
            elif isinstance(node, ast.ClassDef):
                bases = {base.id for base in node.bases if isinstance(base, ast.Name)}
                names[f"{module}.{node.name}"] = "exception" if "Exception" in bases else "class"
    return names


def module_name(path: Path) -> str:
    """``eightoff/web/storage/store.py`` -> ``eightoff.web.storage.store``."""
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def board(*columns: str, cells: str = "", found: str = "", n: int = 8) -> Position:
    """A position from its columns (bottom to top), its cells and its foundations.

    ``*`` in a column stands for every card not placed anywhere else, in deck order
    (AS 2S … KC), so a test names only the cards it is about. ``found`` is Freecell
    Solver's foundation text (``"S-K H-3"``); ``cells`` lists cards and ``-``.
    """
    tops = {suit: 0 for suit in SUITS}
    for token in found.split():
        suit, _, rank = token.partition("-")
        tops[suit] = RANKS.index(rank) + 1 if rank != "0" else 0
    named = " ".join(columns).split() + cells.split()
    placed = {token for token in named if token not in ("*", "-")}
    rest = [str(card) for card in DECK if str(card) not in placed and card.rank > tops[card.suit]]
    lines = [f"Foundations: {found}", f"Freecells: {cells}"]
    lines += [": " + column.replace("*", " ".join(rest)) for column in columns]
    return Position.from_fcs("\n".join(lines), cells=n)


def game_at(position: Position) -> Game:
    """A game in progress at ``position`` (its code, deal 0, plays no part)."""
    return Game(DealCode(0, len(position.cells)), position)

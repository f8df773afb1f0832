"""Counts and numbers in each language's grammar (issue 23, docs/i18n.md): a counted message
goes through ``ngettext`` with one English wording in both forms; a number is written by
CLDR's data (``i18n.number``/``percent``: Babel here, the browser's ``Intl`` on the page),
never by hand. The source is read with ``ast``; the loading screen's script as text. (The
numbers each language writes: tests/tools/test_catalogues.py.)"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SOURCES = sorted((ROOT / "eightoff").rglob("*.py"))
LOADER = ROOT / "static" / "loader.js"

COUNTS = frozenset(
    {"n", "count", "moves", "length", "started", "won", "size", "limit", "cells", "seconds", "points"}
)
"""Placeholders that hold a count (a number of things a noun after it names)."""
COUNTED = re.compile(r"\{(\w+)\} [a-z]+")
"""A placeholder with an English word after it: "{moves} moves"."""
MESSAGE_CALLS = {"_": 0, "gettext": 0, "pgettext": 1, "ngettext": None}
AGREEMENT = {("is", "are"), ("was", "were"), ("has", "have"), ("holds", "hold"), ("it", "they")}


def calls() -> Iterator[tuple[str, int, str, list[str]]]:
    """(file, line, function, msgid literals) of every message call in the package."""
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name not in MESSAGE_CALLS:
                continue
            literals = [
                a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
            ]
            yield path.relative_to(ROOT).as_posix(), node.lineno, name, literals


def counted_through_gettext(function: str, msgid: str) -> list[str]:
    if function == "ngettext":
        return []
    return [m.group(0) for m in COUNTED.finditer(msgid) if m.group(1) in COUNTS]


def wording_differs(singular: str, plural: str) -> bool:
    """Whether the plural says more than the singular with its nouns and verbs in the plural."""
    one, many = singular.split(), plural.split()
    if len(one) != len(many):
        return True
    for a, b in zip(one, many, strict=True):
        a, b = a.strip(".,;:()"), b.strip(".,;:()")
        if a == b or b in (a + "s", a + "es") or (a, b) in AGREEMENT:
            continue
        return True
    return False


def test_every_counted_message_goes_through_ngettext() -> None:
    wrong = [
        f"{where}:{line}: {found} in {function}({msgids[0]!r})"
        for where, line, function, msgids in calls()
        if msgids
        for found in counted_through_gettext(function, msgids[MESSAGE_CALLS[function] or 0])
    ]
    assert not wrong, "\n".join(wrong)


def test_both_forms_of_a_counted_message_say_the_same() -> None:
    wrong = [
        f"{where}:{line}: {msgids[0]!r} / {msgids[1]!r}"
        for where, line, function, msgids in calls()
        if function == "ngettext" and len(msgids) == 2 and wording_differs(*msgids)
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    ("function", "msgid", "found"),
    [
        ("_", "Replay of deal {code}, {length} moves. Your game is kept.", ["{length} moves"]),
        ("_", "the statistics of {started} games ({won} won)", ["{started} games", "{won} won"]),
        ("ngettext", "Score {score} in {moves} moves.", []),
        ("_", "Played {started}, won {won}; last won {last}.", []),
        ("_", "The {card} goes only on the {needed}.", []),
    ],
)
def test_the_scan_sees_a_count_sent_through_gettext(function: str, msgid: str, found: list[str]) -> None:
    assert counted_through_gettext(function, msgid) == found


def test_the_wording_check_sees_two_wordings() -> None:
    assert wording_differs("{n} finished game, {won} won.", "The last {n} finished games, {won} won.")
    assert not wording_differs(
        "{count} card is more than the {limit}.", "{count} cards is more than the {limit}."
    )


# -- numbers by hand -------------------------------------------------------------------------

NUMBER_SPEC = re.compile(r"[<>^=]?[+ -]?#?0?\d*[,_]?(?:\.\d+)?[fFgGeE%n]")
"""A number's presentation in a format spec (``.1f``, ``g``, ``.0%``), not ``!r:.20``."""
CSS_UNITS = re.compile(r"(?:px|em|rem|ms|deg)\b|translate\(")


def hand_formatted(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """f-string fields with a number format (``:g``, ``:.1f``) or a ``%`` written after a
    field, except in a CSS length or transform; and ``str(round(...))``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts = node.values
            literal = "".join(
                p.value for p in parts if isinstance(p, ast.Constant) and isinstance(p.value, str)
            )
            for index, part in enumerate(parts):
                if not isinstance(part, ast.FormattedValue):
                    continue
                after = parts[index + 1] if index + 1 < len(parts) else None
                percent = isinstance(after, ast.Constant) and str(after.value).startswith("%")
                spec = "".join(
                    str(p.value)
                    for p in getattr(part.format_spec, "values", [])
                    if isinstance(p, ast.Constant)
                )
                if part.conversion == -1 and NUMBER_SPEC.fullmatch(spec):
                    if not CSS_UNITS.search(literal):
                        yield node.lineno, ast.unparse(node)
                elif percent:
                    yield node.lineno, ast.unparse(node)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "str"
            and node.args
            and isinstance(node.args[0], ast.Call)
            and isinstance(node.args[0].func, ast.Name)
            and node.args[0].func.id == "round"
        ):
            yield node.lineno, ast.unparse(node)


def test_no_number_is_formatted_by_hand() -> None:
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: {text}"
        for path in sorted((ROOT / "eightoff" / "web").glob("*.py"))
        for line, text in hand_formatted(ast.parse(path.read_text()))
    ]
    script = LOADER.read_text()
    wrong += [
        f"static/loader.js: {m.group(0)}" for m in re.finditer(r"\.toFixed\(|\}%|\.toPrecision\(", script)
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ('f"{speed:g}"', 1),
        ('f"{round(100 * rate)}%"', 1),
        ("str(round(x))", 1),
        ('f"translate({dx:.1f}px, {dy:.1f}px)"', 0),
        ('f"{n} cells"', 0),
    ],
)
def test_the_scan_sees_a_number_formatted_by_hand(source: str, found: int) -> None:
    assert len(list(hand_formatted(ast.parse(source)))) == found


def test_loader_msgids_leave_the_percent_sign_to_cldr() -> None:
    assert not re.search(
        r"\}\s?%", "".join(re.findall(r'pgettext\("loader", "([^"]*)"\)', LOADER.read_text()))
    )

"""Piles: columns 1–8, cells a–h, foundations S H D C (SPEC §1)."""

from __future__ import annotations

import pytest

from eightoff import NotationError, Pile


@pytest.mark.parametrize(
    ("text", "kind", "index", "key"),
    [
        ("1", "column", 1, "column-1"),
        ("8", "column", 8, "column-8"),
        ("a", "cell", 1, "cell-1"),
        ("h", "cell", 8, "cell-8"),
        ("S", "foundation", 1, "foundation-S"),
        ("H", "foundation", 2, "foundation-H"),
        ("D", "foundation", 3, "foundation-D"),
        ("C", "foundation", 4, "foundation-C"),
    ],
)
def test_notation_and_key_round_trip(text: str, kind: str, index: int, key: str) -> None:
    pile = Pile.parse(text)
    assert (pile.kind, pile.index) == (kind, index)
    assert str(pile) == text
    assert repr(pile) == f"Pile.parse({text!r})"
    assert pile.key == key
    assert Pile.from_key(key) == pile


@pytest.mark.parametrize("text", ["", "0", "9", "i", "A", "s", "c1", "12", " 1", "x"])
def test_parse_errors(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Pile.parse(text)
    assert str(info.value) == f"{text!r} is not a pile (columns 1-8, cells a-h, foundations S H D C)"


@pytest.mark.parametrize(
    "key",
    ["", "column", "column-9", "column-0", "cell-", "foundation-X", "foundation-SH", "pile-1", "cell-a"],
)
def test_key_errors(key: str) -> None:
    with pytest.raises(NotationError, match="is not a pile name"):
        Pile.from_key(key)


def test_constructors_and_kind_flags() -> None:
    assert Pile.column(3) == Pile.parse("3")
    assert Pile.cell(2) == Pile.parse("b")
    assert Pile.foundation("D") == Pile.parse("D")
    assert Pile.parse("D").suit == "D"
    flags = [(p.is_column, p.is_cell, p.is_foundation) for p in map(Pile.parse, "3bD")]
    assert flags == [(True, False, False), (False, True, False), (False, False, True)]

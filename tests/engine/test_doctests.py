"""The engine's docstring examples run (pytest's --doctest-modules covers only tests/)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "cards",
    "piles",
    "moves",
    "position",
    "rules",
    "deal",
    "game",
    "saved",
    "fcs",
    "solver",
    "cli",
    "errors",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"eightoff.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0

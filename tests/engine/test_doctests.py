"""The docstring examples of the engine and of the pure web modules run, here and only
here (pytest's ``--doctest-modules`` is not used: it would count a module whose examples
vanished as passing, and it would import the thin DOM modules)."""

from __future__ import annotations

import doctest
import importlib

import pytest

from .helpers import PURE, module_name

MODULES = [
    "eightoff.cards",
    "eightoff.errors",
    "eightoff.piles",
    "eightoff.moves",
    "eightoff.position",
    "eightoff.rules",
    "eightoff.deal",
    "eightoff.game",
    "eightoff.saved",
    "eightoff.fcs",
    "eightoff.solver",
    "eightoff.levels",
    "eightoff.winnable",
    "eightoff.history",
    "eightoff.web.actions",
    "eightoff.web.links.address",
    "eightoff.web.storage.backup_file",
    "eightoff.web.view.chart",
    "eightoff.web.effects",
    "eightoff.web.storage.daily",
    "eightoff.web.facts",
    "eightoff.web.board.clock",
    "eightoff.web.board.focus",
    "eightoff.web.solver.messages",
    "eightoff.web.words.i18n",
    "eightoff.web.words.card_names",
    "eightoff.web.words.levels",
    "eightoff.web.words.engine_errors",
    "eightoff.web.storage.notices",
    "eightoff.web.board.keymap",
    "eightoff.web.board.layout",
    "eightoff.web.storage.store",
    "eightoff.web.storage.json_text",
    "eightoff.web.storage.settings",
    "eightoff.web.board.replay",
    "eightoff.web.board.model",
    "eightoff.web.words.speech",
    "eightoff.web.links.startup",
    "eightoff.web.board.input_state",
    "eightoff.web.board.refusals",
    "eightoff.web.storage.stats",
    "eightoff.web.update.solver",
    "eightoff.web.storage.history_csv",
]
"""The modules with examples: each must run at least one."""


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no doctests left"
    assert result.failed == 0, f"{result.failed} of {name}'s doctests failed (the report is above)"


def test_every_module_with_examples_is_listed() -> None:
    with_examples = [module_name(p) for p in PURE if ">>>" in p.read_text(encoding="utf-8")]
    assert sorted(with_examples) == sorted(MODULES)

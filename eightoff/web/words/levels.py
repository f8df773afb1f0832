"""A deal's level in words (docs/levels.md): the level's name, and the level of a deal code,
which only a deal of its cell count's certified catalogue has (pure Python, no browser
import).

>>> from eightoff.winnable import winnable
>>> level_words("hard"), level_words(None)
('Hard', 'Any level')
>>> code_level_words(winnable(2, lambda n: 0, level="easy"))
'Easy'
"""

from __future__ import annotations

from ...deal import DealCode
from ...levels import Level
from ...winnable import level_of
from .i18n import _


def level_words(level: Level | None) -> str:
    """``Easy``, ``Medium``, ``Hard``, or ``Any level`` for ``None`` (the New Game window's
    choice of no level)."""
    if level == "easy":
        return _("Easy")
    if level == "medium":
        return _("Medium")
    if level == "hard":
        return _("Hard")
    return _("Any level")


def code_level_words(code: DealCode) -> str:
    """The level of the deal ``code`` in words, or ``""`` for a deal whose level was never
    certified (outside its cell count's catalogue)."""
    level = level_of(code)
    return "" if level is None else level_words(level)


__all__ = ["code_level_words", "level_words"]

"""The sentence of each engine error in the language in use, from the error's ``code`` and
``params`` (:func:`error_text`; pure Python, no browser import; docs/i18n.md): the page
translates a refusal's reason instead of parsing the engine's English.

>>> from eightoff import DealCode, DealCodeError
>>> try:
...     DealCode.parse("EO1-C8-AAAA")
... except DealCodeError as error:
...     error_text(error)
'The deal number has 7 characters, not 4.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ...cards import SUITS
from .card_names import card_name, foundation_suit
from .i18n import _, ngettext

Words = Callable[[dict[str, Any]], str]

ERRORS: Final[dict[str, Words]] = {
    "same-pile": lambda p: _("The cards are already there."),
    "no-cards": lambda p: _("A move takes at least one card."),
    "no-pile": lambda p: _("There is no such pile in this game."),
    "bad-move": lambda p: _("That is not a move (write it like 3a, a5, 3H or 26x3)."),
    "empty-source": lambda p: _("That pile is empty."),
    "too-few-cards": lambda p: ngettext(
        "That pile holds only {size} card.", "That pile holds only {size} cards.", p["size"], **p
    ),
    "group-to-column": lambda p: _("A group of cards moves only to a column."),
    "not-a-run": lambda p: _("The {card} does not head a run of one suit in sequence.", **p),
    "cell-occupied": lambda p: _("Cell {cell} already holds the {card}.", **p),
    "foundation-suit": lambda p: _("The {card} goes only on the {card_suit} foundation.", **p),
    "foundation-order": lambda p: _(
        "The {card} cannot go on its foundation yet: the {needed} goes there next.", **p
    ),
    "king-only": lambda p: _("Only a king may enter an empty column."),
    "column-build-king": lambda p: _("The {card} goes only into an empty column.", **p),
    "column-build": lambda p: _("The {card} goes only on the {needed}.", **p),
    "capacity": lambda p: ngettext(
        "{count} card is more than the {limit} that {free_cells} and {empty_columns} allow.",
        "{count} cards is more than the {limit} that {free_cells} and {empty_columns} allow.",
        p["count"],
        **{
            **p,
            "free_cells": ngettext("{n} free cell", "{n} free cells", p["free_cells"], n=p["free_cells"]),
            "empty_columns": ngettext(
                "{n} empty column", "{n} empty columns", p["empty_columns"], n=p["empty_columns"]
            ),
        },
    ),
    "undo-empty": lambda p: _("There is nothing to undo."),
    "undo-limit": lambda p: ngettext(
        "Undo reaches only {limit} action back.", "Undo reaches only {limit} actions back.", p["limit"], **p
    ),
    "redo-empty": lambda p: _("There is nothing to redo."),
    "deal-empty": lambda p: _("The deal code is empty."),
    "deal-prefix": lambda p: _("A deal code starts with EO1- (like EO1-C8-AAAAAFA)."),
    "deal-parts": lambda p: _("A deal code has three parts joined by dashes, like EO1-C8-AAAAAFA."),
    "deal-cells": lambda p: _("The cell count must be C8, C4 or C2."),
    "deal-length": lambda p: _("The deal number has 7 characters, not {length}.", **p),
    "deal-character": lambda p: _(
        "“{character}” is not allowed in a deal code: use letters A-Z and digits 2-7.", **p
    ),
    "deal-zero": lambda p: _("“0” (zero) is not in deal codes: type the letter O."),
    "deal-one": lambda p: _("“1” (one) is not in deal codes: type the letter I or L."),
    "deal-number": lambda p: _("That deal number does not exist."),
    "link-too-long": lambda p: ngettext(
        "A link holds at most {limit} move.", "A link holds at most {limit} moves.", p["limit"], **p
    ),
}
"""The sentence of each engine error code (rules.py, game.py, deal.py, position.py) from
the error's params."""

_CARD_PARAMS: Final = ("card", "needed", "onto")


def error_text(error: Exception) -> str:
    """A translated sentence for an engine error (its ``code`` and ``params``); the
    engine's English sentence for a code without one."""
    words = ERRORS.get(str(getattr(error, "code", "")))
    params = dict(getattr(error, "params", {}) or {})
    if words is None:
        return sentence(str(error))
    for name in _CARD_PARAMS:
        if name in params:
            params[name] = card_name(str(params[name]))
    if params.get("card_suit") in tuple(SUITS):
        params["card_suit"] = foundation_suit(params["card_suit"])
    try:
        return words(params)
    except KeyError:  # a count the sentence needs is missing: the engine's own words
        return sentence(str(error))


def sentence(text: str) -> str:
    """The engine's English: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


__all__ = ["ERRORS", "Words", "error_text", "sentence"]

"""Every word the page shows goes through :func:`gettext` (alias ``_``), :func:`ngettext`
or :func:`pgettext` (pure Python, no browser import; docs/i18n.md).

The msgids are the English sentences, with ``{name}`` placeholders filled from keyword
arguments. The catalogues are the standard library's ``gettext`` ``.mo`` files under
``eightoff/locale/<lang>/LC_MESSAGES/eightoff.mo``, compiled by the build from the ``.po``
files Babel keeps (``python tools/i18n.py``); English is the msgids themselves. Engine
errors carry a ``code`` and every parameter their sentence needs: :func:`error_text` only
looks the sentence up and formats it (card keys become card names); an unknown code shows
the engine's English sentence.

>>> gettext("Score {score}", score=20)
'Score 20'
>>> from eightoff import DealCode, DealCodeError
>>> try:
...     DealCode.parse("EO1-C8-AAAA")
... except DealCodeError as error:
...     error_text(error)
'The deal number has 7 characters, not 4.'
"""

from __future__ import annotations

import gettext as _gettext
import re
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any, Final

from ...cards import RANKS
from ..facts import LANGUAGES as LANGUAGES  # the shared facts, re-exported
from ..facts import PSEUDO as PSEUDO
from ..facts import RIGHT_TO_LEFT as RIGHT_TO_LEFT

NAMES: Final = {
    "en": "English",
    "he": "עברית",
    "uk": "Українська",
    "ca": "Català",
    "id": "Bahasa Indonesia",
    "nl": "Nederlands",
}
"""Each language's name in that language (the settings' language picker)."""
PAGES: Final = ("rules", "examples", "faq")
"""The pages beside the game, ``<lang>/<page>.html`` (tools/pages.py writes them)."""
DOMAIN: Final = "eightoff"
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"
"""Where the compiled catalogues are: ``<lang>/LC_MESSAGES/eightoff.mo`` (the build puts
them in the package zip the page unpacks; tests point this at their own compiled copy)."""


def best_language(wanted: Iterable[str], available: Iterable[str] = LANGUAGES) -> str:
    """The first of ``wanted`` (language tags, most wanted first, as
    ``navigator.languages`` or ``?lang=`` give them) that ``available`` has, matched by the
    base language; English when none is.

    >>> best_language(["fr-CA", "he-IL", "en"])
    'he'
    >>> best_language(["fr", ""])
    'en'
    """
    offered = set(available)
    for tag in wanted:
        base = tag.strip().split("-")[0].lower()
        if base in offered:
            return base
    return "en"


def direction(language: str) -> str:
    """The writing direction of ``language``: ``'rtl'`` or ``'ltr'``.

    >>> direction("he"), direction("uk")
    ('rtl', 'ltr')
    """
    return "rtl" if language in RIGHT_TO_LEFT else "ltr"


_catalogue: _gettext.NullTranslations = _gettext.NullTranslations()
"""The catalogue in use: the standard library's gettext; English (the msgids) until a
language's ``.mo`` is installed."""
_language = "en"


def set_language(code: str) -> str:
    """Use the catalogue of ``code`` (``'nl'``, ``'nl-BE'`` …, or :data:`PSEUDO`) when
    there is one; returns the language now in use (English when there is none).

    >>> set_language("xx-YY")
    'en'
    """
    global _catalogue, _language
    base = code.strip().split("-")[0].lower()
    catalogue: _gettext.NullTranslations = _gettext.NullTranslations()
    if base in (*LANGUAGES, PSEUDO) and base != "en":
        path = LOCALE_DIR / base / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if not path.is_file():
            base = "en"
        else:
            with path.open("rb") as file:
                catalogue = _gettext.GNUTranslations(file)
    elif base != "en":
        base = "en"
    _catalogue, _language = catalogue, base
    return base


def language() -> str:
    """The language in use."""
    return _language


def gettext(message: str, /, **params: Any) -> str:
    """``message`` (English, the msgid) in the current language, ``params`` filled in.

    >>> gettext("Score {score}", score=20)
    'Score 20'
    """
    return _fill(_catalogue.gettext(message), params)


_ = gettext


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` (the catalogue's CLDR
    ``Plural-Forms``), ``params`` filled in (pass the count by its own name too).

    >>> ngettext("{n} cell", "{n} cells", 2, n=2)
    '2 cells'
    """
    return _fill(_catalogue.ngettext(singular, plural, n), params)


def pgettext(context: str, message: str, /, **params: Any) -> str:
    """``message`` in ``context`` (one English word that needs two translations).

    >>> pgettext("suit of a foundation", "hearts")
    'hearts'
    """
    return _fill(_catalogue.pgettext(context, message), params)


def _fill(template: str, params: dict[str, Any]) -> str:
    """``template`` with its ``{name}`` fields filled; a field without a value shows
    itself (a gap is visible, never a crash). A number is written the language's way
    (:func:`number`). In a right-to-left language a value with no right-to-left letter (a
    deal code, a number, a Latin word) is isolated left to right (LRI … PDI), so it keeps
    its own order and its place in the sentence (tests/browser/test_rtl.py); a value in
    the language's own letters flows with the sentence (the values filled into it were
    isolated when it was made, and an isolate around it would hide its direction).

    >>> _fill("Score {score}", {"score": 1250})
    'Score 1,250'
    """
    names = _fields(template)
    values = {name: _value(params[name]) if name in params else "{" + name + "}" for name in names}
    if direction(_language) == "rtl":
        values = {
            name: value if _RIGHT_TO_LEFT_LETTER.search(value) else f"\u2066{value}\u2069"
            for name, value in values.items()
        }
    return template.format_map(values)


_RIGHT_TO_LEFT_LETTER: Final = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
"""A letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana …)."""


def _value(value: Any) -> str:
    """A message's parameter as text: a number (not a bool) through :func:`number`."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return number(value)
    return str(value)


# -- numbers ------------------------------------------------------------------------------

NumberFormat = Callable[[str, float, bool, int], str]
"""``(language, value, percent, fraction digits) -> text``: a number written with the
language's digits, decimal sign, grouping and percent sign, from CLDR's data."""


def _babel_number(language: str, value: float, percent: bool, digits: int) -> str:
    """CLDR's way through Babel (outside the browser: the tests, the command line)."""
    from babel.numbers import format_decimal, format_percent

    locale = language if language in LANGUAGES else "en"
    if percent:
        return format_percent(round(value, digits + 2), locale=locale, decimal_quantization=False)
    return format_decimal(round(value, digits), locale=locale, decimal_quantization=False)


_number_format: NumberFormat = _babel_number


def use_number_format(format_number: NumberFormat) -> None:
    """Write numbers with ``format_number`` from now on: the page passes the browser's
    ``Intl.NumberFormat`` (the same CLDR data as Babel's, without shipping it)."""
    global _number_format
    _number_format = format_number


def number(value: float, digits: int = 3) -> str:
    """``value`` written the current language's way, at most ``digits`` after the
    decimal sign: ``0.5`` is ``0,5`` in Ukrainian, Catalan, Indonesian and Dutch.

    >>> number(12.34, 1), number(1234)
    ('12.3', '1,234')
    """
    return _number_format(_language, value, False, digits)


def percent(fraction: float) -> str:
    """``fraction`` as a whole percentage the current language's way (``0.25`` -> ``25%``,
    ``25 %`` in Catalan).

    >>> percent(0.25)
    '25%'
    """
    return _number_format(_language, fraction, True, 0)


@cache
def _fields(template: str) -> frozenset[str]:
    """The names of ``template``'s fields (parsed once per template: the board names
    hundreds of cards at start)."""
    return frozenset(name for _, name, _, _ in Formatter().parse(template) if name)


# -- cards and piles --------------------------------------------------------------------

_CARD_SUITS: Final[dict[str, Callable[[], str]]] = {
    "S": lambda: pgettext("suit in a card's name", "spades"),
    "H": lambda: pgettext("suit in a card's name", "hearts"),
    "D": lambda: pgettext("suit in a card's name", "diamonds"),
    "C": lambda: pgettext("suit in a card's name", "clubs"),
}
_FOUNDATION_SUITS: Final[dict[str, Callable[[], str]]] = {
    "S": lambda: pgettext("suit of a foundation", "spades"),
    "H": lambda: pgettext("suit of a foundation", "hearts"),
    "D": lambda: pgettext("suit of a foundation", "diamonds"),
    "C": lambda: pgettext("suit of a foundation", "clubs"),
}
_RANK_NAMES: Final[dict[int, Callable[[], str]]] = {
    1: lambda: _("ace"),
    11: lambda: _("jack"),
    12: lambda: _("queen"),
    13: lambda: _("king"),
}
_CORNERS: Final = {1: "A", 11: "J", 12: "Q", 13: "K"}
"""Card faces keep A J Q K in every language (not in the catalogue)."""


def rank_name(rank: int) -> str:
    """A rank's word in a card's name: ``ace``, ``2`` … ``10``, ``jack``, ``queen``, ``king``."""
    words = _RANK_NAMES.get(rank)
    return words() if words is not None else str(rank)


def card_name(card: str) -> str:
    """``'7H'`` -> ``'7 of hearts'`` in the current language (anything else unchanged).

    >>> card_name("KS"), card_name("")
    ('king of spades', '')
    """
    if len(card) != 2 or card[0] not in RANKS or card[1] not in _CARD_SUITS:
        return card
    rank = rank_name(RANKS.index(card[0]) + 1)
    return pgettext("a card's name", "{rank} of {suit}", rank=rank, suit=_CARD_SUITS[card[1]]())


def foundation_suit(suit: str) -> str:
    """A suit's word in a foundation's name (``'H'`` -> ``'hearts'``)."""
    return _FOUNDATION_SUITS[suit]()


def foundation_name(suit: str) -> str:
    """``'H'`` -> ``'Hearts foundation'``: the name of a foundation pile."""
    return capitalized(_("{suit} foundation", suit=foundation_suit(suit)))


def capitalized(text: str) -> str:
    """``text`` with a capital first letter (as at the start of a label)."""
    return text[:1].upper() + text[1:]


def corner(card: str) -> str:
    """The rank as printed in a card's corner: ``A 2 … 10 J Q K``."""
    rank = RANKS.index(card[0]) + 1
    return _CORNERS.get(rank, str(rank))


# -- engine errors and store notices ----------------------------------------------------

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
    if params.get("card_suit") in _FOUNDATION_SUITS:
        params["card_suit"] = foundation_suit(params["card_suit"])
    try:
        return words(params)
    except KeyError:  # a count the sentence needs is missing: the engine's own words
        return sentence(str(error))


NOTICES: Final[dict[str, Words]] = {
    "storage-corrupt": lambda p: _(
        "The saved game could not be read: it was set aside and a new game started."
    ),
    "storage-settings-reset": lambda p: _("The saved settings could not be read: the defaults are used."),
    "storage-full": lambda p: _(
        "The browser's storage is full: your moves are no longer saved. Play goes on."
    ),
    "storage-failed": lambda p: _(
        "The browser refused to save: your moves are no longer saved. Play goes on."
    ),
    "storage-unavailable": lambda p: _("The browser does not allow saving here: your moves are not saved."),
    "storage-resumed": lambda p: _("Saving works again."),
    "storage-stats-reset": lambda p: _(
        "Your statistics could not be read and start again from here; your game is kept."
    ),
    "storage-set-aside": lambda p: _(
        "Something that was not a saved game of Eight Off was found in the browser's storage: it was "
        "set aside and your game was saved in its place."
    ),
    "storage-unreadable": lambda p: _("The browser's storage changed: your game is saved again."),
    "storage-other-tab": lambda p: _("The game was played on in another tab: this tab now shows that game."),
    "storage-newer": lambda p: _(
        "A newer version of Eight Off saved a game here: reload this page to continue it."
        " This tab will not save over it."
    ),
}
"""The words of each store notice (persist.Notice codes, docs/storage.md)."""


def notice_words(code: str, params: dict[str, Any]) -> str:
    """The words of a store notice; its code when it has none (a gap shows itself)."""
    words = NOTICES.get(code)
    return words(params) if words is not None else code


def sentence(text: str) -> str:
    """The engine's English: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."

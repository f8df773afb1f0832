"""The catalogues and the language in use: :func:`gettext` (alias ``_``), :func:`ngettext`,
:func:`pgettext`, numbers the language's way, the languages' names and directions (pure
Python, no browser import; docs/i18n.md). Every word the page shows goes through them.

The msgids are the English sentences, with ``{name}`` placeholders filled from keyword
arguments. The catalogues are the standard library's ``gettext`` ``.mo`` files under
``eightoff/locale/<lang>/LC_MESSAGES/eightoff.mo``, compiled by the build from the ``.po``
files Babel keeps (``python tools/i18n.py``); English is the msgids themselves. Engine
errors carry a ``code`` and every parameter their sentence needs: :func:`.words.engine_errors.error_text` only
looks the sentence up and formats it (:mod:`.words.engine_errors`); cards and piles are
named by :mod:`.words.card_names`, the store's notices worded by :mod:`.storage.notices`.

>>> gettext("Score {score}", score=20)
'Score 20'
"""

from __future__ import annotations

import gettext as _gettext
import re
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any, Final

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


# -- times of play ---------------------------------------------------------------------------

DurationFormat = Callable[[str, int, int, int], str]
"""``(language, hours, minutes, seconds) -> text``: a time of play as a clock shows it
(CLDR's digital style: ``01:05``, ``1:02:05``; Indonesian ``01.05``)."""


def _babel_duration(language: str, hours: int, minutes: int, seconds: int) -> str:
    """CLDR's digital style through Babel's data (outside the browser): the language's
    digits and time separator, hours only when there are some, minutes and seconds two
    digits each, as ``Intl.DurationFormat`` writes them."""
    from babel import Locale
    from babel.numbers import format_decimal

    locale = Locale.parse(language if language in LANGUAGES else "en")
    separator = locale.number_symbols[locale.default_numbering_system].get("timeSeparator", ":")
    parts = [format_decimal(v, "00", locale=locale, numbering_system="default") for v in (minutes, seconds)]
    if hours:
        parts.insert(0, format_decimal(hours, "0", locale=locale, numbering_system="default"))
    return str(separator).join(parts)


_duration_format: DurationFormat = _babel_duration


def use_duration_format(format_duration: DurationFormat) -> None:
    """Write times of play with ``format_duration`` from now on (the page passes the
    browser's ``Intl.DurationFormat``)."""
    global _duration_format
    _duration_format = format_duration


def duration(ms: int) -> str:
    """A time of play of ``ms`` milliseconds, whole seconds, the current language's way.

    >>> duration(65_999), duration(3_725_000)
    ('01:05', '1:02:05')
    """
    seconds = max(0, ms) // 1000
    return _duration_format(_language, seconds // 3600, seconds // 60 % 60, seconds % 60)


@cache
def _fields(template: str) -> frozenset[str]:
    """The names of ``template``'s fields (parsed once per template: the board names
    hundreds of cards at start)."""
    return frozenset(name for _, name, _, _ in Formatter().parse(template) if name)

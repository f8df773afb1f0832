"""Which game the page opens with, and what it says about it (pure Python, no browser
import; tested under CPython).

The page loads the stored record (:meth:`.storage.store.Store.load`) and reads its address, then
:func:`decide` picks:

- the deal or position in the address (``?deal=CODE``, ``&moves=…``) when nothing is
  saved, or the saved game of another deal has no move yet;
- the saved game when the address names no deal, names the saved game's deal (or its
  position), or holds a code or a move that cannot be used (said in words: the game is
  unchanged);
- the saved game, with :attr:`Start.ask`, when the address names another deal or position
  and the saved game has moves: the page opens the address's in its place and keeps the
  saved game as the last game, one Undo away (:func:`.update.start`);
- else a new random deal with the chosen cell count.

>>> from eightoff.web.storage.settings import Settings
>>> from eightoff.web.storage.store import Loaded
>>> nothing = Loaded(None, Settings(cells=4), None, 0)
>>> start = decide(nothing, "?deal=eo1-c2-aaaaafa")
>>> start.game.code, start.messages, start.ask
(DealCode.parse('EO1-C2-AAAAAFA'), (), None)
>>> decide(nothing, "", new_code=lambda cells: DealCode(7, cells)).game.code
DealCode.parse('EO1-C4-AAAAAAH')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...deal import DealCode
from ...errors import DealCodeError, clipped
from ...game import Game
from ...moves import Move
from ..facts import LANGUAGES, PSEUDO
from ..storage.notices import notice_text
from ..storage.settings import Settings
from ..storage.store import Loaded
from ..words.engine_errors import error_text
from ..words.i18n import _, best_language
from .address import Link, language_from_query, link_from_query


@dataclass(frozen=True)
class Start:
    """The start-up decision: the ``game`` to show with the ``settings``, the
    ``messages`` for the status line (in order), and ``ask``, a deal or position the
    address asks for in place of a game in progress (``None``: none);
    ``path``: the moves from the deal of a game opened from the address's position link
    (``None``: not opened from a link)."""

    game: Game
    settings: Settings
    messages: tuple[str, ...] = ()
    ask: Link | None = None
    path: tuple[Move, ...] | None = None


def decide(loaded: Loaded, query: str, new_code: Callable[[int], DealCode] = DealCode.random) -> Start:
    """The game to open from what storage held and the address's ``location.search``.
    ``new_code(cells)`` draws a random deal (a cryptographically strong draw by default)."""
    messages = [notice_text(loaded.notice)] if loaded.notice is not None else []
    game, ask, path = loaded.game, None, None
    asked, problem = link_from_query(query)
    if isinstance(problem, DealCodeError):
        messages.append(
            _(
                "The address holds a deal code that cannot be used: {reason} Your game is unchanged.",
                reason=error_text(problem),
            )
        )
    elif problem is not None:
        reason = error_text(problem.error)
        messages.append(
            _(
                "Move {number} of the address ({move}) cannot be played: {reason} Your game is unchanged.",
                number=problem.number,
                move=clipped(problem.text),
                reason=reason,
            )
        )
    elif asked is not None and (game is None or not asked.shows(game)):
        if game is None or not game.moves:
            game, path = asked.game(), (asked.moves or None)
        else:
            ask = asked
    if game is None:
        game = Game.new(new_code(loaded.settings.cells))
    return Start(game, loaded.settings, tuple(messages), ask, path)


def choose_language(query: str, chosen: str, browser: list[str]) -> str:
    """The language the page speaks: the address's ``?lang=`` (any of ours, or the
    pseudo-language), else the one ``chosen`` in the settings, else the best match of the
    browser's languages (``navigator.languages``), else English. static/lang.js decides
    the same way before Python runs, to set ``<html lang dir>`` for the loading screen.

    >>> choose_language("?lang=he&deal=EO1-C8-AAAAAFA", "nl", ["uk"])
    'he'
    >>> choose_language("?lang=xx", "nl", ["uk"]), choose_language("", "", ["fr", "uk-UA"])
    ('nl', 'uk')
    >>> choose_language("?lang=qps", "", []), choose_language("", "", ["qps"])
    ('qps', 'en')
    >>> choose_language("?lang=%20he", "", ["nl"])  # not a language tag: ignored
    'nl'
    """
    asked = language_from_query(query)
    if asked:
        return best_language([asked], (*LANGUAGES, PSEUDO))
    if chosen in LANGUAGES:
        return chosen
    return best_language(browser)


__all__ = ["Start", "choose_language", "decide"]

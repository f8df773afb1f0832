"""The deal in the page's address: ``?deal=EO1-C8-AAAAAFA`` (SPEC §6), and a position
in it: ``?deal=EO1-C8-AAAAAFA&moves=1e.ef`` (the deal and the moves that lead there, in the
engine's notation joined by dots; the Examples page links so).

Reading a code from ``location.search`` and writing the address that shares a deal. Pure
Python, tested under CPython.

Nothing taken from the address is ever markup: a refused code's message (which may quote
what was typed, e.g. ``'<SCRIPT>ALER…'``) is plain text, and the page shows it with
``textContent``, never ``innerHTML``.

>>> code, error = deal_from_query("?deal=eo1-c8-aaaaafa&x=1")
>>> code, error
(DealCode.parse('EO1-C8-AAAAAFA'), None)
>>> share_url("https://example.org/eightoff/", code)
'https://example.org/eightoff/?deal=EO1-C8-AAAAAFA'
>>> deal_from_query("?deal=EO1-C9-AAAAAFA")[1].code
'deal-cells'
>>> link, problem = link_from_query("?lang=en&deal=EO1-C8-AAAAAFA&moves=1e.ef")
>>> link.moves, link.game().moves
((Move.parse('1e'), Move.parse('ef')), 2)
>>> link_from_query("?deal=EO1-C8-AAAAAFA&moves=1e.eS")[1].number
2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final
from urllib.parse import parse_qsl

from ..deal import DealCode
from ..errors import DealCodeError, EightOffError
from ..game import Game
from ..moves import Move

PARAM: Final = "deal"
MOVES: Final = "moves"
MOVE_SEPARATOR: Final = "."
"""Joins the moves of a position link: a dot is never escaped in an address."""


@dataclass(frozen=True)
class Link:
    """A deal, and the moves played from its first card (none: the deal itself)."""

    code: DealCode
    moves: tuple[Move, ...] = ()

    def game(self) -> Game:
        """The game at the link's position, its moves on the undo stack (checked when the
        link was read)."""
        game = Game.new(self.code)
        for move in self.moves:
            game.play(move)
        return game

    def shows(self, game: Game) -> bool:
        """Whether ``game`` is already at this link: the same deal, and for a position the
        same moves played."""
        if game.code != self.code:
            return False
        return not self.moves or (game.moves == len(self.moves) and tuple(game.undo_stack) == self.moves)


@dataclass(frozen=True)
class BadMove:
    """Move ``number`` (from 1) of a position link, as ``text``, cannot be played there:
    ``error`` says why (the engine's notation or rule error)."""

    number: int
    text: str
    error: EightOffError


def link_from_query(query: str) -> tuple[Link | None, DealCodeError | BadMove | None]:
    """The deal or position asked for by ``location.search``: ``(link, None)``, ``(None,
    problem)`` for a bad code or the first move that cannot be played (nothing of the link
    is used then), ``(None, None)`` without a ``deal`` parameter."""
    code, problem = deal_from_query(query)
    if code is None:
        return None, problem
    pairs = parse_qsl(query.removeprefix("?"), keep_blank_values=True)
    text = next((v for k, v in pairs if k == MOVES), "").strip()
    game, moves = Game.new(code), []
    for number, notation in enumerate(text.split(MOVE_SEPARATOR) if text else [], start=1):
        try:
            move = Move.parse(notation)
            game.play(move)
        except EightOffError as error:
            return None, BadMove(number, notation, error)
        moves.append(move)
    return Link(code, tuple(moves)), None


def deal_from_query(query: str) -> tuple[DealCode | None, DealCodeError | None]:
    """The deal asked for by ``location.search``: ``(code, None)``, ``(None, error)`` for a
    bad code (its ``.code`` and message say what is wrong), ``(None, None)`` without a
    ``deal`` parameter. Percent-encoding and ``+`` are decoded; case and surrounding
    blanks do not matter; the first ``deal`` parameter counts."""
    pairs = parse_qsl(query.removeprefix("?"), keep_blank_values=True)
    value = next((v for k, v in pairs if k == PARAM), None)
    if value is None:
        return None, None
    try:
        return DealCode.parse(value), None
    except DealCodeError as error:
        return None, error


def languages_from_query(query: str) -> list[str]:
    """The language the address asks for (``?lang=he``), as a list to put before the
    browser's own (none: ``[]``).

    >>> languages_from_query("?lang=he&deal=EO1-C8-AAAAAFA"), languages_from_query("?deal=x")
    (['he'], [])
    """
    pairs = parse_qsl(query.removeprefix("?"), keep_blank_values=True)
    return [v for k, v in pairs if k == "lang"][:1]


def query_for(code: DealCode) -> str:
    """The query string for ``history.replaceState``.

    >>> query_for(DealCode.parse("eo1-c4-aaaaafa"))
    '?deal=EO1-C4-AAAAAFA'
    """
    return f"?{PARAM}={code}"


def share_url(base: str, code: DealCode) -> str:
    """The address that opens this deal; ``base`` is ``location.origin + location.pathname``
    (a code holds only ``A–Z``, ``2–7`` and dashes, so it needs no escaping)."""
    return f"{base}{query_for(code)}"

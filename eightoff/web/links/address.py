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

A whole game in a link: :meth:`Link.query` writes the moves compactly, two characters a
move (source and target pile, no separator: the count of a group move follows from the
rules, since a group moves onto the one card that takes its head, or a king onto an empty
column). Dotted lists, the first format, stay readable (docs/replays.md):

>>> link = Link(DealCode.parse("EO1-C8-AAAAAFA"), (Move.parse("1e"), Move.parse("ef")))
>>> link.query(), link.query(replay=True)
('?deal=EO1-C8-AAAAAFA&moves=1eef', '?deal=EO1-C8-AAAAAFA&moves=1eef&replay')
>>> link_from_query(link.query())[0] == link
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final
from urllib.parse import parse_qsl, quote

from ...deal import DealCode
from ...errors import DealCodeError, EightOffError
from ...game import Game
from ...moves import Move
from ...rules import is_legal, movable_count
from ..facts import LANGUAGE_TAG, LANGUAGES, PARAMETERS, PSEUDO
from ..storage.stats import MAX_TIME, PATH_LIMIT

PARAM: Final = "deal"
MOVES: Final = "moves"
MOVE_SEPARATOR: Final = "."
"""Joins the moves of a position link: a dot is never escaped in an address."""
REPLAY: Final = "replay"
"""``&replay``: the link is a replay to step through, not a position to open."""
DAILY: Final = "daily"
"""``?daily``: today's deal (:mod:`.storage.daily`)."""
TIME: Final = "time"
"""``&time=754``: a replay link's time of play, whole seconds (shown in its summary)."""
LANG: Final = "lang"
"""``?lang=he``: the language the page speaks (:func:`language_from_query`)."""


_KNOWN: Final = frozenset(p.name for p in PARAMETERS)
_TAG: Final = re.compile(LANGUAGE_TAG)


def parameters(query: str) -> dict[str, str]:
    """The page's parameters in ``location.search``, read once: the first value of each
    that the page reads (:data:`.facts.PARAMETERS`; any other is ignored), percent-encoding
    and ``+`` decoded.

    >>> parameters("?deal=x&seed=1&deal=y&daily&lang=%26moves%3D1e")
    {'deal': 'x', 'daily': '', 'lang': '&moves=1e'}
    """
    found: dict[str, str] = {}
    for name, value in parse_qsl(query.removeprefix("?"), keep_blank_values=True):
        if name in _KNOWN:
            found.setdefault(name, value)
    return found


@dataclass(frozen=True)
class Link:
    """A deal, and the moves played from its first card (none: the deal itself); a
    replay's ``time`` of play in milliseconds, whole seconds (``None``: not known)."""

    code: DealCode
    moves: tuple[Move, ...] = ()
    time: int | None = None

    def game(self) -> Game:
        """The game at the link's position, its moves on the undo stack (checked when the
        link was read)."""
        return Game.after(self.code, self.moves)

    def shows(self, game: Game) -> bool:
        """Whether ``game`` is already at this link: the same deal, and for a position the
        same moves played."""
        if game.code != self.code:
            return False
        return not self.moves or (game.moves == len(self.moves) and tuple(game.undo_stack) == self.moves)

    def query(self, replay: bool = False) -> str:
        """The query string of this link, the moves in the compact form; ``replay``: a
        replay link (``&replay``, with its ``&time`` when known)."""
        query = query_for(self.code)
        if self.moves:
            query += f"&{MOVES}={encode_moves(self.moves)}"
        if replay and self.time is not None:
            query += f"&{TIME}={self.time // 1000}"
        return query + (f"&{REPLAY}" if replay else "")


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
    text = parameters(query).get(MOVES, "").strip()
    moves = decode_moves(code, text)
    if isinstance(moves, BadMove):
        return None, moves
    return Link(code, moves, time_from_query(query)), None


def time_from_query(query: str) -> int | None:
    """A replay link's ``time`` in milliseconds: whole seconds, ASCII digits, at most the
    clock's longest (:data:`.storage.stats.MAX_TIME`); anything else is no time
    (the replay's summary then says none: the moves are the link, its time only a note).

    >>> time_from_query("?time=754"), time_from_query("?time=-1"), time_from_query("?time=1e9")
    (754000, None, None)
    """
    text = parameters(query).get(TIME, "")
    if not (text.isascii() and text.isdigit()) or len(text) > 9 or int(text) * 1000 > MAX_TIME:
        return None
    return int(text) * 1000


def encode_moves(moves: tuple[Move, ...] | list[Move]) -> str:
    """The compact form of a list of moves: each move's two pile characters, nothing
    between (the count of a group move is implied by the rules).

    >>> encode_moves([Move.parse("1e"), Move.parse("26x3"), Move.parse("a5")])
    '1e26a5'
    """
    return "".join(f"{move.source}{move.target}" for move in moves)


def decode_moves(code: DealCode, text: str) -> tuple[Move, ...] | BadMove:
    """Play ``text`` from the deal ``code``: the compact form of :func:`encode_moves`, or a
    dotted list of moves in the engine's notation (``1e.26x3``, recognised by a dot or an
    ``x``). Returns the moves, or the first that cannot be read or played.

    >>> decode_moves(DealCode.parse("EO1-C8-AAAAAFA"), "1eeS")
    BadMove(number=2, text='eS', error=IllegalMoveError(...))
    """
    game = Game.new(code)
    dotted = MOVE_SEPARATOR in text or "x" in text
    tokens = text.split(MOVE_SEPARATOR) if dotted else [text[i : i + 2] for i in range(0, len(text), 2)]
    if len(tokens) > PATH_LIMIT:  # more than the game itself shares (docs/replays.md)
        too_long = EightOffError(
            f"a link holds at most {PATH_LIMIT} moves", code="link-too-long", limit=PATH_LIMIT
        )
        return BadMove(PATH_LIMIT + 1, tokens[PATH_LIMIT], too_long)
    moves: list[Move] = []
    for number, notation in enumerate(tokens if text else [], start=1):
        try:
            move = Move.parse(notation)
            if not dotted:
                move = _counted(game, move)
            game.play(move)
        except EightOffError as error:
            return BadMove(number, notation, error)
        moves.append(move)
    return tuple(moves)


def _counted(game: Game, move: Move) -> Move:
    """The move between the same piles with the one card count that is legal (the count
    of a group); ``move`` itself (one card) when none is, so playing it says why."""
    position = game.position
    if move.source.is_column and move.target.is_column and not is_legal(position, move):
        position.check_pile(move.source)
        for count in range(2, movable_count(position, move.source) + 1):
            group = Move(move.source, move.target, count)
            if is_legal(position, group):
                return group
    return move


def deal_from_query(query: str) -> tuple[DealCode | None, DealCodeError | None]:
    """The deal asked for by ``location.search``: ``(code, None)``, ``(None, error)`` for a
    bad code (its ``.code`` and message say what is wrong), ``(None, None)`` without a
    ``deal`` parameter. Percent-encoding and ``+`` are decoded; case and surrounding
    blanks do not matter; the first ``deal`` parameter counts."""
    value = parameters(query).get(PARAM)
    if value is None:
        return None, None
    try:
        return DealCode.parse(value), None
    except DealCodeError as error:
        return None, error


def flag_from_query(query: str, name: str) -> bool:
    """Whether the address carries the parameter ``name`` (with or without a value), such
    as :data:`REPLAY` or :data:`DAILY`.

    >>> flag_from_query("?daily", DAILY), flag_from_query("?deal=x&replay=1", REPLAY)
    (True, True)
    >>> flag_from_query("?x", DAILY)
    False
    """
    return name in parameters(query)


def replay_step(query: str) -> int:
    """The step a replay link asks to show (``&replay=12``; none or not a number: 0).

    >>> replay_step("?deal=EO1-C8-AAAAAFA&moves=1e&replay=1"), replay_step("?replay")
    (1, 0)
    """
    value = parameters(query).get(REPLAY, "")
    return int(value) if value.isascii() and value.isdecimal() and len(value) < 6 else 0


def language_from_query(query: str) -> str:
    """The language the address asks for (``?lang=he``), when it is one of ours or the
    pseudo-language: a language tag of ASCII letters, digits and dashes whose base language
    we speak (``he-IL``); anything else (``" he"``, ``"he&x"``, ``"xx"``) is ignored: ``""``.
    static/lang.js reads it with the same pattern (:data:`.facts.LANGUAGE_TAG`).

    >>> language_from_query("?lang=he&deal=EO1-C8-AAAAAFA"), language_from_query("?lang=nl-BE")
    ('he', 'nl-BE')
    >>> [language_from_query(f"?lang={v}") for v in ("%20he", "%26moves%3D1e", "xx", "h%C3%A9")]
    ['', '', '', '']
    """
    tag = parameters(query).get(LANG, "")
    if not _TAG.fullmatch(tag) or tag.split("-")[0].lower() not in (*LANGUAGES, PSEUDO):
        return ""
    return tag


def address_for(code: DealCode, query: str) -> str:
    """The query string the page writes back into the address (``history.replaceState``):
    the deal, and the address's language when it is one we read, URL-encoded; nothing else
    of ``query`` is carried over.

    >>> address_for(DealCode.parse("EO1-C8-AAAAAFA"), "?lang=nl-BE&moves=1e&seed=3")
    '?deal=EO1-C8-AAAAAFA&lang=nl-BE'
    >>> address_for(DealCode.parse("EO1-C8-AAAAAFA"), "?lang=%26moves%3D1e")
    '?deal=EO1-C8-AAAAAFA'
    """
    lang = language_from_query(query)
    return query_for(code) + (f"&{LANG}={quote(lang, safe='')}" if lang else "")


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

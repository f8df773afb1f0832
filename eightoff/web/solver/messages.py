"""Hints, verdicts and the way back: the messages between the page and its solver worker,
the worker's answer, and what the page marks (pure Python, no browser import; tested under
CPython).

The page never searches on its own thread. It sends a request, JSON text, to the worker
(``static/hint-worker.mjs``, which runs our Pyodide and calls :func:`answer`), and reads
the reply with :func:`read_reply`. Every request carries a serial number: a reply whose
serial is not the page's latest request is stale (a move was made meanwhile) and is
ignored.

>>> from eightoff import DealCode
>>> start = DealCode.parse("EO1-C8-AAAAAFA").deal()
>>> reply = read_reply(answer(hint_request(7, start)))
>>> reply.serial, reply.verdict, len(reply.moves) > 0
(7, 'solved', True)
>>> line = Line.of(start, reply.moves)
>>> line.next_move(start) == reply.moves[0]
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final, Literal

from ...deal import DealCode
from ...history import BACK_SECONDS, last_winnable
from ...moves import Move
from ...position import Position
from ...rules import apply
from ...solver import DEFAULT_BUDGET, solve
from ..board.marks import Marks
from ..words.card_names import card_name
from ..words.i18n import _, ngettext

HINT_SECONDS: Final = 20.0
"""The longest the worker searches for one hint (a position budget comes first)."""

VERDICT_SECONDS: Final = 2.0
"""The longest the worker searches a deal code's verdict (the New Game window)."""

Kind = Literal["hint", "back", "verdict", "line"]
"""What a request asks: a hint, the last winnable position of a history
(``back``), a typed code's verdict, the solver's line length for a deal won (``line``)."""
ReplyVerdict = Literal["solved", "unsolvable", "gave-up"]


def hint_request(serial: int, position: Position) -> str:
    """Ask for a winning line from ``position``."""
    cells = len(position.cells)
    return json.dumps({"serial": serial, "kind": "hint", "position": position.fcs(), "cells": cells})


def back_request(serial: int, start: Position, moves: tuple[Move, ...]) -> str:
    """Ask for the last winnable position of the history ``moves`` from ``start`` (the
    oldest position undo reaches), whose end a hint's search proved lost."""
    cells = len(start.cells)
    history = [str(move) for move in moves]
    data = {"serial": serial, "kind": "back", "position": start.fcs(), "cells": cells, "moves": history}
    return json.dumps(data)


def verdict_request(serial: int, code: DealCode) -> str:
    """Ask whether the deal ``code`` can be won."""
    return json.dumps({"serial": serial, "kind": "verdict", "code": str(code)})


def line_request(serial: int, code: DealCode) -> str:
    """Ask for the length of the solver's own line for the deal ``code`` (after a win)."""
    return json.dumps({"serial": serial, "kind": "line", "code": str(code)})


def _reply(serial: int, kind: Kind, verdict: str, moves: list[str], code: str = "", count: int = 0) -> str:
    data = {"serial": serial, "kind": kind, "verdict": verdict, "moves": moves, "code": code, "count": count}
    return json.dumps(data)


def answer(text: str, budget: int = DEFAULT_BUDGET, seconds: float | None = HINT_SECONDS) -> str:
    """The worker's side: do one request, return the reply as JSON text. A ``back``
    request's reply: ``solved`` with the ``count`` of moves back to the last winnable
    position and the move that lost it, ``unsolvable`` (the history's first position is
    lost too) or ``gave-up``; a ``line`` request's: the solution's length as ``count``."""
    request = json.loads(text)
    serial, kind = request["serial"], request["kind"]
    if kind == "back":
        start = Position.from_fcs(request["position"], int(request["cells"]))
        moves = tuple(Move.parse(m) for m in request["moves"])
        slip = last_winnable(start, moves, budget, None if seconds is None else min(seconds, BACK_SECONDS))
        if slip.verdict != "found":
            return _reply(serial, kind, "unsolvable" if slip.verdict == "lost-before" else "gave-up", [])
        return _reply(serial, kind, "solved", [str(moves[slip.index])], count=len(moves) - slip.index)
    if kind in ("verdict", "line"):
        code = DealCode.parse(request["code"])
        limit = seconds if seconds is None or kind == "line" else min(seconds, VERDICT_SECONDS)
        result = solve(code.deal(), budget, limit)
        return _reply(serial, kind, result.verdict, [], str(code), len(result.moves))
    position = Position.from_fcs(request["position"], int(request["cells"]))
    result = solve(position, budget, seconds)
    return _reply(serial, kind, result.verdict, [str(move) for move in result.moves])


@dataclass(frozen=True)
class Reply:
    """The worker's reply: the request's ``serial``, the ``verdict`` (``deal`` for a deal
    request), the winning ``moves`` (a ``back`` request's: the move that lost the game),
    the deal ``code`` (deal, verdict and line requests), the request's ``kind`` and a
    ``count`` (moves back, or a line's length)."""

    serial: int
    verdict: ReplyVerdict
    moves: tuple[Move, ...]
    code: DealCode | None
    kind: Kind = "hint"
    count: int = 0


def read_reply(text: str) -> Reply:
    """Read :func:`answer`'s text."""
    data: dict[str, Any] = json.loads(text)
    code = DealCode.parse(data["code"]) if data["code"] else None
    moves = tuple(Move.parse(m) for m in data["moves"])
    return Reply(int(data["serial"]), data["verdict"], moves, code, data["kind"], int(data["count"]))


@dataclass(frozen=True)
class Line:
    """A winning line: the move to play from each position along it. Kept by the page so
    that the next hint, once the player has followed one (or undone back onto the line),
    needs no new search."""

    moves: dict[Position, Move]

    @classmethod
    def of(cls, position: Position, moves: tuple[Move, ...]) -> Line:
        """The line that plays ``moves`` from ``position``."""
        table: dict[Position, Move] = {}
        for move in moves:
            table[position] = move
            position = apply(position, move)
        return cls(table)

    def next_move(self, position: Position) -> Move | None:
        """The line's move from ``position``, or ``None`` when the position is off it."""
        return self.moves.get(position)


def destination(position: Position, move: Move) -> str:
    """Where ``move`` from ``position`` puts its cards, in words ("cell 3")."""
    target = move.target
    if target.is_foundation:
        return _("its foundation")
    if target.is_cell:
        return _("cell {n}", n=str(target.index))
    if position.size(target):
        return _("column {n}", n=str(target.index))
    return _("the empty column {n}", n=str(target.index))


def marks(position: Position, move: Move) -> Marks:
    """The marks for ``move`` from ``position``.

    >>> from eightoff import DealCode
    >>> marks(DealCode.parse("EO1-C8-AAAAAFA").deal(), Move.parse("1e"))
    Marks(cards=('5S',), target='cell-5', text='Hint: the 5 of spades to cell 5.')
    """
    cards = tuple(str(card) for card in position.cards(move.source)[-move.count :])
    target = move.target
    where = destination(position, move)
    head = card_name(cards[0])
    if move.count == 1:
        return Marks(cards, target.key, _("Hint: the {card} to {where}.", card=head, where=where))
    text = ngettext(
        "Hint: the {count} card from the {card} to {where}.",
        "Hint: the {count} cards from the {card} to {where}.",
        move.count,
        count=move.count,
        card=head,
        where=where,
    )
    return Marks(cards, target.key, text)


def verdict_text(verdict: ReplyVerdict) -> str:
    """The words for a hint request that found no move: a position proved lost, or a
    search that gave up."""
    if verdict == "unsolvable":
        return _("No winning line from here — undoing may help.")
    return _("No winning line found in time.")


__all__ = [
    "HINT_SECONDS",
    "VERDICT_SECONDS",
    "Line",
    "Marks",
    "Reply",
    "answer",
    "back_request",
    "destination",
    "hint_request",
    "line_request",
    "marks",
    "read_reply",
    "verdict_request",
    "verdict_text",
]

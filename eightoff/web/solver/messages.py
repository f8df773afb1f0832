"""Hints and winnable 8-cell deals: the messages between the page and its solver worker,
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
from ...moves import Move
from ...position import Position
from ...rules import apply
from ...solver import DEFAULT_BUDGET, solve
from ...winnable import winnable
from ..words.card_names import card_name
from ..words.i18n import _, ngettext

HINT_SECONDS: Final = 20.0
"""The longest the worker searches for one hint (a position budget comes first)."""

Kind = Literal["hint", "deal"]
ReplyVerdict = Literal["solved", "unsolvable", "gave-up", "deal"]


def hint_request(serial: int, position: Position) -> str:
    """Ask for a winning line from ``position``."""
    cells = len(position.cells)
    return json.dumps({"serial": serial, "kind": "hint", "position": position.fcs(), "cells": cells})


def deal_request(serial: int, cells: int) -> str:
    """Ask for a deal of ``cells`` cells the solver has won."""
    return json.dumps({"serial": serial, "kind": "deal", "cells": cells})


def answer(text: str, budget: int = DEFAULT_BUDGET, seconds: float | None = HINT_SECONDS) -> str:
    """The worker's side: do one request, return the reply as JSON text."""
    request = json.loads(text)
    serial = request["serial"]
    if request["kind"] == "deal":
        code = winnable(int(request["cells"]), budget=budget)
        return json.dumps({"serial": serial, "verdict": "deal", "moves": [], "code": str(code)})
    position = Position.from_fcs(request["position"], int(request["cells"]))
    result = solve(position, budget, seconds)
    moves = [str(move) for move in result.moves]
    return json.dumps({"serial": serial, "verdict": result.verdict, "moves": moves, "code": ""})


@dataclass(frozen=True)
class Reply:
    """The worker's reply: the request's ``serial``, the ``verdict`` (``deal`` for a deal
    request), the winning ``moves`` and the deal ``code`` (deal requests)."""

    serial: int
    verdict: ReplyVerdict
    moves: tuple[Move, ...]
    code: DealCode | None


def read_reply(text: str) -> Reply:
    """Read :func:`answer`'s text."""
    data: dict[str, Any] = json.loads(text)
    code = DealCode.parse(data["code"]) if data["code"] else None
    return Reply(int(data["serial"]), data["verdict"], tuple(Move.parse(m) for m in data["moves"]), code)


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


@dataclass(frozen=True)
class Marks:
    """What the page marks for a hint: the ``cards`` to move (class ``hint``, bottom
    first), the ``target`` pile's key (class ``hint-target``) and the words for
    ``#status``."""

    cards: tuple[str, ...]
    target: str
    text: str


def marks(position: Position, move: Move) -> Marks:
    """The marks for ``move`` from ``position``.

    >>> from eightoff import DealCode
    >>> marks(DealCode.parse("EO1-C8-AAAAAFA").deal(), Move.parse("1e"))
    Marks(cards=('5S',), target='cell-5', text='Hint: the 5 of spades to cell 5.')
    """
    cards = tuple(str(card) for card in position.cards(move.source)[-move.count :])
    target = move.target
    if target.is_foundation:
        where = _("its foundation")
    elif target.is_cell:
        where = _("cell {n}", n=str(target.index))
    elif position.size(target):
        where = _("column {n}", n=str(target.index))
    else:
        where = _("the empty column {n}", n=str(target.index))
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
    "Line",
    "Marks",
    "Reply",
    "answer",
    "deal_request",
    "hint_request",
    "marks",
    "read_reply",
    "verdict_text",
]

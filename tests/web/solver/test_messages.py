"""Hints: the worker's requests and replies, the winning line kept by the page, and what
a hint marks (the pure part of the page's hints)."""

from __future__ import annotations

import json

import pytest

from eightoff import DealCode, Game, Move, Position
from eightoff.history import positions
from eightoff.solver import solve
from eightoff.web.solver.messages import (
    Line,
    Marks,
    answer,
    back_request,
    hint_request,
    line_request,
    marks,
    read_reply,
    verdict_request,
    verdict_text,
)
from eightoff.winnable import catalogue
from tests.players import lost_line

START = DealCode.parse("EO1-C8-AAAAAFA").deal()
ENDGAME = "Foundations: S-J H-K D-K C-K\nFreecells: - - - -\n: KS QS\n"


def test_a_hint_request_answered_with_a_winning_line() -> None:
    text = hint_request(3, START)
    assert json.loads(text) == {"serial": 3, "kind": "hint", "position": START.fcs(), "cells": 8}
    reply = read_reply(answer(text))
    assert (reply.serial, reply.verdict, reply.code) == (3, "solved", None)
    game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
    for move in reply.moves:
        game.play(move)
    assert game.is_won


def test_a_position_proved_lost_and_a_search_that_gave_up() -> None:
    lost = read_reply(answer(hint_request(1, DealCode(1, 2).deal())))
    assert (lost.verdict, lost.moves) == ("unsolvable", ())
    assert verdict_text(lost.verdict) == "No winning line from here — undoing may help."
    short = read_reply(answer(hint_request(2, START), budget=1))
    assert (short.serial, short.verdict, short.moves) == (2, "gave-up", ())
    assert verdict_text(short.verdict) == "No winning line found in time."


def test_the_line_gives_each_next_move_and_nothing_off_it() -> None:
    moves = read_reply(answer(hint_request(1, START))).moves
    line = Line.of(START, moves)
    game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
    for move in moves:
        assert line.next_move(game.position) == move
        game.play(move)
    assert line.next_move(game.position) is None
    assert len(line.moves) == len(moves)


@pytest.mark.parametrize(
    ("board", "move", "expected"),
    [
        (START.fcs(), "1e", Marks(("5S",), "cell-5", "Hint: the 5 of spades to cell 5.")),
        (START.fcs(), "86", Marks(("TS",), "column-6", "Hint: the 10 of spades to column 6.")),
        (ENDGAME, "1S", Marks(("QS",), "foundation-S", "Hint: the queen of spades to its foundation.")),
        (ENDGAME, "13", Marks(("QS",), "column-3", "Hint: the queen of spades to the empty column 3.")),
        (
            ENDGAME,
            "12x2",
            Marks(
                ("KS", "QS"), "column-2", "Hint: the 2 cards from the king of spades to the empty column 2."
            ),
        ),
    ],
)
def test_what_a_hint_marks(board: str, move: str, expected: Marks) -> None:
    assert marks(Position.from_fcs(board, 8), Move.parse(move)) == expected


def test_the_last_winnable_position_of_a_lost_history() -> None:
    """The reply names how many moves back and the move that lost the game."""
    code = DealCode(catalogue(4)[0], 4)
    line = tuple(lost_line(code, 0))
    text = back_request(5, code.deal(), line)
    assert json.loads(text)["moves"] == [str(m) for m in line]
    reply = read_reply(answer(text))
    assert (reply.serial, reply.kind, reply.verdict, reply.count, reply.moves) == (
        5,
        "back",
        "solved",
        13,
        (line[4],),
    )
    sixth = positions(code.deal(), line)[5]
    lost = read_reply(answer(back_request(6, sixth, line[5:])))
    assert (lost.kind, lost.verdict, lost.count, lost.moves) == ("back", "unsolvable", 0, ())
    assert read_reply(answer(text, budget=1)).verdict == "gave-up"


def test_a_deal_codes_verdict_and_the_solvers_line_after_a_win() -> None:
    won = DealCode(catalogue(4)[0], 4)
    reply = read_reply(answer(verdict_request(2, won)))
    assert (reply.serial, reply.kind, reply.verdict, reply.code) == (2, "verdict", "solved", won)
    assert read_reply(answer(verdict_request(3, DealCode(1, 2)))).verdict == "unsolvable"
    assert read_reply(answer(verdict_request(4, won), budget=1)).verdict == "gave-up"
    line = read_reply(answer(line_request(9, won)))
    assert (line.kind, line.verdict, line.count, line.moves) == (
        "line",
        "solved",
        len(solve(won.deal()).moves),
        (),
    )

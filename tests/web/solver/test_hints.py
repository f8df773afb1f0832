"""The hint protocol with the solver's worker (eightoff/web/solver/hints.py): what is asked,
which replies count, what is shown and said, and the winnable 8-cell deal; the worker is
a fake that keeps the requests, the replies are the real worker's answer."""

from __future__ import annotations

import json
from typing import Any

from eightoff import DealCode, Game, Move
from eightoff.web.actions import WorkerFailed, WorkerReply
from eightoff.web.solver.hints import Hints
from eightoff.web.solver.messages import Marks, answer
from eightoff.web.storage.settings import Settings
from tests.engine.helpers import board
from tests.web.fakes.page import Calls, FakeSolver, FakeTable, FakeView


class Hinting:
    def __init__(self, game: Game | None = None, settings: Settings | None = None) -> None:
        self.table = FakeTable(game, settings)
        self.view = FakeView()
        self.solver = FakeSolver()
        self.dealt: list[tuple[DealCode, Any]] = []
        self.coach = Calls()  # takes none of these replies (a call returns None)
        self.hints = Hints(
            self.solver,
            self.view,
            self.table,
            lambda code, *said: self.dealt.append((code, *said)),
            self.coach,  # type: ignore[arg-type]
        )

    def request(self) -> dict[str, Any]:
        sent: dict[str, Any] = json.loads(self.solver.calls[-1][1])
        return sent

    def reply(self, text: str | None = None) -> None:
        """The worker's real answer to the last request (small budgets: a quick test)."""
        text = text or answer(self.solver.calls[-1][1], budget=20_000, seconds=None)
        self.hints.on_reply(WorkerReply(text))


def test_a_hint_asks_the_worker_then_marks_the_lines_first_move() -> None:
    h = Hinting()
    h.hints.hint()
    assert h.request()["kind"] == "hint" and h.request()["serial"] == 1
    assert h.view.calls == [("say", "Looking for a winning line…")]
    h.hints.hint()  # the same position is being searched: nothing more asked
    assert len(h.solver.calls) == 1
    h.reply()
    name, marks = h.table.calls[0]
    assert name == "mark" and isinstance(marks, Marks) and marks.text.startswith("Hint: ")
    assert h.table.names() == ["mark", "count_hint"] and h.table.stats.current is not None


def test_the_next_hint_along_the_line_needs_no_search() -> None:
    h = Hinting()
    h.hints.hint()
    h.reply()
    first = h.table.calls[0][1]
    move = next(m for p, m in h.hints.line.moves.items() if p == h.table.game.position)  # type: ignore[union-attr]
    h.table.game.play(move)
    h.hints.hint()
    assert len(h.solver.calls) == 1 and h.table.calls[-2][0] == "mark" and h.table.calls[-2][1] != first
    assert h.table.names() == ["mark", "count_hint", "mark", "count_hint"]


def test_a_reply_to_another_request_or_an_old_position_is_ignored() -> None:
    h = Hinting()
    h.hints.hint()
    h.reply(
        json.dumps({"serial": 9, "verdict": "solved", "moves": [], "code": "", "kind": "hint", "count": 0})
    )
    assert h.view.names() == ["say"] and h.hints.asked is not None
    h.table.game.play(Move.parse("1e"))  # a move meanwhile: the player asks again
    h.reply()
    assert h.view.names() == ["say"] and h.hints.asked is None and h.hints.line is None


def test_no_winning_line_is_said() -> None:
    h = Hinting()
    h.hints.hint()
    h.reply(
        json.dumps(
            {"serial": 1, "verdict": "unsolvable", "moves": [], "code": "", "kind": "hint", "count": 0}
        )
    )
    assert h.coach.calls[-1] == ("lost", h.table.game.position)  # the coach says where it slipped away
    h.hints.hint()
    h.reply(
        json.dumps({"serial": 2, "verdict": "gave-up", "moves": [], "code": "", "kind": "hint", "count": 0})
    )
    assert h.view.said()[-1] == "No winning line found in time."


def test_a_won_game_needs_no_hint() -> None:
    won = Game(DealCode.parse("EO1-C8-AAAAAFA"), board(found="S-K H-K D-K C-K"), 650, 52)
    h = Hinting(won)
    h.hints.hint()
    assert h.view.said() == ["The game is won."] and h.solver.calls == []


def test_a_failure_is_said_only_to_a_player_who_asked() -> None:
    h = Hinting()
    h.hints.on_failure(WorkerFailed("start"))
    assert h.view.calls == []
    h.hints.hint()
    h.hints.on_failure(WorkerFailed("start"))
    assert h.view.said()[-1] == (
        "The solver could not start (is the connection down?). Ask for a hint again to retry."
    )
    h.hints.hint()
    h.hints.on_failure(WorkerFailed("timeout"))
    assert h.view.said()[-1] == "The solver did not answer in time. Ask for a hint again to retry."
    assert h.hints.asked is None


def test_a_winnable_deal_comes_from_the_worker() -> None:
    h = Hinting()
    h.hints.ask_deal(8)
    assert h.request() == {"serial": 1, "kind": "deal", "cells": 8}
    assert h.view.said() == ["Looking for a deal that can be won…"]
    h.reply(
        json.dumps(
            {
                "serial": 2,
                "verdict": "deal",
                "moves": [],
                "code": "EO1-C8-AAAAAFA",
                "kind": "deal",
                "count": 0,
            }
        )
    )
    assert h.dealt == []  # not the deal asked for
    h.reply(
        json.dumps(
            {
                "serial": 1,
                "verdict": "deal",
                "moves": [],
                "code": "EO1-C8-AAAAAFA",
                "kind": "deal",
                "count": 0,
            }
        )
    )
    assert h.dealt == [(DealCode.parse("EO1-C8-AAAAAFA"),)] and h.hints.deal_asked == 0


def test_a_failed_deal_request_deals_a_random_deal_and_says_why() -> None:
    h = Hinting(settings=Settings(cells=8))
    h.hints.ask_deal(8)
    h.hints.on_failure(WorkerFailed("timeout"))
    ((code, said),) = h.dealt
    assert code.cells == 8
    assert said(Game.new(code)) == (
        f"New deal {code}: the solver could not find a deal that can be won just now, so this one "
        "is random (almost every deal can be won)."
    )
    assert h.hints.deal_asked == 0

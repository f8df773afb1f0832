"""The hint protocol with the solver's worker (eightoff/web/solver/hints.py): what is asked,
which replies count, what is shown and said, and the winnable 8-cell deal. Through the page's
own controllers and door (eightoff/web/rooms.py), the coach among them; the worker is a
fake that keeps the requests, the replies are the real worker's answer."""

from __future__ import annotations

import json
from typing import Any

from eightoff import DealCode, Game, Move
from eightoff.web.actions import Command, WorkerFailed, WorkerFailure, WorkerReply
from eightoff.web.rooms import Rooms
from eightoff.web.solver.messages import Marks, answer
from eightoff.web.storage.settings import Settings
from tests.engine.helpers import board
from tests.web.fakes.page import Page


class Hinting:
    def __init__(self, game: Game | None = None, settings: Settings | None = None) -> None:
        self.page = Page(game) if game is not None else Page()
        if settings is not None:
            self.page.table.settings = settings
        self.rooms = Rooms(self.page.parts())
        self.table, self.view, self.solver = self.page.table, self.page.view, self.page.solver
        self.hints = self.rooms.hints

    def hint(self) -> None:
        self.rooms.dispatch(Command("hint"))

    def fail(self, failure: WorkerFailure) -> None:
        self.rooms.dispatch(WorkerFailed(failure))

    def request(self) -> dict[str, Any]:
        sent: dict[str, Any] = json.loads(self.solver.calls[-1][1])
        return sent

    def reply(self, text: str | None = None) -> None:
        """The worker's real answer to the last request (small budgets: a quick test)."""
        text = text or answer(self.solver.calls[-1][1], budget=20_000, seconds=None)
        self.rooms.dispatch(WorkerReply(text))

    def dealt(self) -> list[tuple[Any, ...]]:
        """The deals opened: their code and what was said of them."""
        return [call[1:3] for call in self.table.calls if call[0] == "open"]


def test_a_hint_asks_the_worker_then_marks_the_lines_first_move() -> None:
    h = Hinting()
    h.hint()
    assert h.request()["kind"] == "hint" and h.request()["serial"] == 1
    assert h.view.calls == [("say", "Looking for a winning line…")]
    h.hint()  # the same position is being searched: nothing more asked
    assert len(h.solver.calls) == 1
    h.reply()
    name, marks = h.table.calls[0]
    assert name == "mark" and isinstance(marks, Marks) and marks.text.startswith("Hint: ")
    assert h.table.names() == ["mark", "count_hint"] and h.table.stats.current is not None


def test_the_next_hint_along_the_line_needs_no_search() -> None:
    h = Hinting()
    h.hint()
    h.reply()
    first = h.table.calls[0][1]
    move = next(m for p, m in h.hints.line.moves.items() if p == h.table.game.position)  # type: ignore[union-attr]
    h.table.game.play(move)
    h.hint()
    assert len(h.solver.calls) == 1 and h.table.calls[-2][0] == "mark" and h.table.calls[-2][1] != first
    assert h.table.names() == ["mark", "count_hint", "mark", "count_hint"]


def test_a_reply_to_another_request_or_an_old_position_is_ignored() -> None:
    h = Hinting()
    h.hint()
    h.reply(
        json.dumps({"serial": 9, "verdict": "solved", "moves": [], "code": "", "kind": "hint", "count": 0})
    )
    assert h.view.names() == ["say"] and h.hints.asked is not None
    h.table.game.play(Move.parse("1e"))  # a move meanwhile: the player asks again
    h.reply()
    assert h.view.names() == ["say"] and h.hints.asked is None and h.hints.line is None


def test_no_winning_line_is_said() -> None:
    h = Hinting()
    h.hint()
    h.reply(
        json.dumps(
            {"serial": 1, "verdict": "unsolvable", "moves": [], "code": "", "kind": "hint", "count": 0}
        )
    )
    # the coach says where it slipped away: here, before the first move (the deal is lost)
    assert h.page.coach_page.said() == ["This deal cannot be won, not even from its first card."]
    h.hint()
    h.reply(
        json.dumps({"serial": 2, "verdict": "gave-up", "moves": [], "code": "", "kind": "hint", "count": 0})
    )
    assert h.view.said()[-1] == "No winning line found in time."


def test_a_won_game_needs_no_hint() -> None:
    won = Game(DealCode.parse("EO1-C8-AAAAAFA"), board(found="S-K H-K D-K C-K"), 650, 52)
    h = Hinting(won)
    h.hint()
    assert h.view.said() == ["The game is won."] and h.solver.calls == []


def test_a_failure_is_said_only_to_a_player_who_asked() -> None:
    h = Hinting()
    h.fail("start")
    assert h.view.calls == []
    h.hint()
    h.fail("start")
    assert h.view.said()[-1] == (
        "The solver could not start (is the connection down?). Ask for a hint again to retry."
    )
    h.hint()
    h.fail("timeout")
    assert h.view.said()[-1] == "The solver did not answer in time. Ask for a hint again to retry."
    assert h.hints.asked is None


def test_a_winnable_deal_comes_from_the_worker() -> None:
    h = Hinting(settings=Settings(cells=8, winnable=True))
    h.rooms.dispatch(Command("random-deal"))
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
    assert h.dealt() == []  # not the deal asked for
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
    assert h.dealt() == [("EO1-C8-AAAAAFA", "New deal EO1-C8-AAAAAFA.")] and h.hints.deal_asked == 0


def test_a_failed_deal_request_deals_a_random_deal_and_says_why() -> None:
    h = Hinting(settings=Settings(cells=8, winnable=True))
    h.rooms.dispatch(Command("random-deal"))
    h.fail("timeout")
    ((code, said),) = h.dealt()
    assert DealCode.parse(code).cells == 8
    assert said == (
        f"New deal {code}: the solver could not find a deal that can be won just now, so this one "
        "is random (almost every deal can be won)."
    )
    assert h.hints.deal_asked == 0

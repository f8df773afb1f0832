"""Finish (eightoff/web/board/finisher.py): the engine's finishing line played on command,
each move through the door as a Play a glide apart; stopped when the game changes
otherwise; said when there is nothing to finish. Python fakes (tests/web/fakes/page.py)."""

from __future__ import annotations

from eightoff import DealCode, Game, Move, Position
from eightoff.web.actions import Action, Play
from eightoff.web.board.finisher import STEP_SECONDS, Finisher
from eightoff.web.board.focus import Spot
from eightoff.web.board.input_state import InputState
from eightoff.web.board.model import game_model
from tests.engine.test_game import FINISHABLE
from tests.web.fakes.page import Browser


class Finishing:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.played: list[Action] = []
        self.said: list[str] = []
        self.browser = Browser()
        self.blocked = False
        self.finisher = Finisher(
            lambda: self.game, self.door, self.said.append, self.browser.run, self.browser.sleep
        )

    def door(self, action: Action) -> None:
        """The door: a Play goes to the engine, unless a dialog is over the board."""
        self.played.append(action)
        if not self.blocked and isinstance(action, Play):
            self.game.play(action.move)


def finishable() -> Game:
    return Game(DealCode.parse("EO1-C8-XDJVQE7"), Position.from_fcs(FINISHABLE, cells=8))


def test_finish_plays_the_engines_line_one_move_a_glide_apart() -> None:
    f = Finishing(finishable())
    line = f.game.finish()
    assert line is not None and len(line) == 16
    f.finisher.routes().commands[0][1]()  # the "finish" command
    f.finisher.finish()  # pressed again while running: nothing more
    f.browser.finish()
    assert [a.move for a in f.played if isinstance(a, Play)] == list(line)
    assert f.played[0] == Play(Move.parse("8S"), "7S")
    assert f.game.is_won and f.game.moves == 16 and f.browser.slept == [STEP_SECONDS] * 15
    assert not f.finisher.running and f.said == []


def test_nothing_to_finish_is_said() -> None:
    f = Finishing(Game.new(DealCode.parse("EO1-C8-AAAAAFA")))
    f.finisher.finish()
    assert f.said == ["Finish is for a game whose every card left can go to its foundation now."]
    assert f.browser.jobs == [] and f.played == []


def test_an_undo_meanwhile_stops_it() -> None:
    f = Finishing(finishable())
    f.finisher.finish()

    async def undo_meanwhile(seconds: float) -> None:
        f.game.undo()

    f.finisher.sleep = undo_meanwhile
    f.browser.finish()
    assert len(f.played) == 1 and f.game.moves == 0 and not f.finisher.running


def test_a_dialog_over_the_board_stops_it() -> None:
    f = Finishing(finishable())
    f.blocked = True
    f.finisher.finish()
    f.browser.finish()
    assert len(f.played) == 1 and f.game.moves == 0 and not f.finisher.running


def test_the_board_offers_finish_exactly_when_the_engine_has_a_line() -> None:
    assert game_model(finishable(), InputState(), None, Spot("column-1")).can_finish
    start = Game.new(DealCode.parse("EO1-C8-XDJVQE7"))
    assert not game_model(start, InputState(), None, Spot("column-1")).can_finish

"""Finish (eightoff/web/board/finisher.py): the engine's finishing line played on command,
each move through the door as a Play a glide apart; stopped when the game changes
otherwise or a dialog opens over the board; said when there is nothing to finish. Through
the page's own controllers and door (eightoff/web/rooms.py), with the Python fakes of
tests/web/fakes/page.py."""

from __future__ import annotations

from eightoff import DealCode, Game, Move, Position
from eightoff.web.actions import Command
from eightoff.web.board.finisher import STEP_SECONDS
from eightoff.web.board.focus import Spot
from eightoff.web.board.input_state import InputState
from eightoff.web.board.model import game_model
from eightoff.web.rooms import Rooms
from tests.engine.test_game import FINISHABLE
from tests.web.fakes.page import Page


def finishable() -> Game:
    return Game(DealCode.parse("EO1-C8-XDJVQE7"), Position.from_fcs(FINISHABLE, cells=8))


def finishing(game: Game) -> tuple[Page, Rooms]:
    page = Page(game)
    return page, Rooms(page.parts())


def played(page: Page) -> list[Move]:
    return [call[1] for call in page.table.calls if call[0] == "play"]


def test_finish_plays_the_engines_line_one_move_a_glide_apart() -> None:
    page, rooms = finishing(finishable())
    line = page.table.game.finish()
    assert line is not None and len(line) == 16
    rooms.dispatch(Command("finish"))
    rooms.dispatch(Command("finish"))  # pressed again while running: nothing more
    page.browser.finish()
    assert played(page) == list(line) and line[0] == Move.parse("8S")
    game = page.table.game
    assert game.is_won and game.moves == 16 and page.browser.slept == [STEP_SECONDS] * 15
    assert not rooms.finisher.running and page.view.said() == []
    assert ("show_win", game) in page.dialogs.calls  # the last move shows the win


def test_nothing_to_finish_is_said() -> None:
    page, rooms = finishing(Game.new(DealCode.parse("EO1-C8-AAAAAFA")))
    rooms.dispatch(Command("finish"))
    assert page.view.said() == ["Finish is for a game whose every card left can go to its foundation now."]
    assert page.browser.jobs == [] and played(page) == []


def test_an_undo_meanwhile_stops_it() -> None:
    page, rooms = finishing(finishable())

    async def undo_meanwhile(seconds: float) -> None:
        page.table.game.undo()

    rooms.finisher.sleep = undo_meanwhile
    rooms.dispatch(Command("finish"))
    page.browser.finish()
    assert len(played(page)) == 1 and page.table.game.moves == 0 and not rooms.finisher.running


def test_a_dialog_over_the_board_stops_it_before_its_first_move() -> None:
    page, rooms = finishing(finishable())
    rooms.dispatch(Command("finish"))
    page.dialogs.opened.add("settings-dialog")  # opened before the first move's turn came
    page.browser.finish()
    assert played(page) == [] and page.table.game.moves == 0 and not rooms.finisher.running


def test_the_board_offers_finish_exactly_when_the_engine_has_a_line() -> None:
    assert game_model(finishable(), InputState(), None, Spot("column-1")).can_finish
    start = Game.new(DealCode.parse("EO1-C8-XDJVQE7"))
    assert not game_model(start, InputState(), None, Spot("column-1")).can_finish

"""The board's hands (eightoff/web/board/hands.py): a pointer's gestures, taps, keyboard play
and the F and D shortcuts into moves of a real engine game, and what the view is asked to
show; the hands wired by the page's own controllers (eightoff/web/rooms.py), with the
Python fakes of tests/web/fakes/page.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from eightoff import DealCode, Game, Move, Pile
from eightoff.web.actions import (
    Feedback,
    Jump,
    Navigate,
    Play,
    PointerCancel,
    PointerDown,
    PointerMove,
    PointerUp,
    PutBack,
    Release,
    Select,
    Shortcut,
)
from eightoff.web.board.input_state import DOUBLE_TAP_MS, Held
from eightoff.web.rooms import Rooms
from tests.engine.helpers import board
from tests.web.fakes.page import Page, new_game

FIVE = PointerDown("column-1", 5, "5S", pointer=7, x=100, y=100, now=0, kind="mouse")
"""A press on the 5 of spades, column 1's top card (EO1-C8-AAAAAFA)."""


class Board:
    """The page's hands as the page's own controllers wire them (eightoff/web/rooms.py,
    with the fakes of tests/web/fakes/page.py): ``blocked`` opens or closes a dialog over
    the board, ``won`` the games whose win message the dialogs were asked to show."""

    def __init__(self, game: Game | None = None, blocked: bool = False) -> None:
        self.page = Page(game or new_game())
        self.rooms = Rooms(self.page.parts())
        self.game, self.view, self.table = self.page.game, self.page.view, self.page.table
        self.ui, self.browser, self.hands = self.page.ui, self.page.browser, self.rooms.hands
        self.blocked = blocked

    @property
    def blocked(self) -> bool:
        return self.page.dialogs.any_open()

    @blocked.setter
    def blocked(self, over: bool) -> None:
        opened = self.page.dialogs.opened
        opened.add("settings-dialog") if over else opened.discard("settings-dialog")

    @property
    def won(self) -> list[Game]:
        return [call[1] for call in self.page.dialogs.calls if call[0] == "show_win"]


def test_a_finger_carries_its_cards_above_it() -> None:
    """A touch drag asks the view to draw the carried cards above the finger (the view
    lifts them by a card's height when cards move)."""
    b = Board()
    b.hands.down(replace(FIVE, kind="touch"))
    b.hands.move(PointerMove(100, 160))
    b.hands.paint()
    assert b.view.calls[-1] == ("drag", 0.0, 60.0, True)


def test_a_drag_lifts_its_cards_past_the_threshold_and_plays_where_it_is_dropped() -> None:
    b = Board()
    b.hands.down(FIVE)
    assert b.hands.follows(7) and not b.hands.follows(8)
    b.hands.move(PointerMove(103, 100))  # within the mouse's 5 px: still a press
    b.hands.paint()
    assert b.view.calls == []
    b.hands.move(PointerMove(120, 90))
    assert b.ui.held == Held("column-1", 5, "5S", 1)
    assert b.ui.lit == {"cell-5", "cell-6", "cell-7", "cell-8"}
    assert b.view.calls == [] and b.table.calls == [("redraw",)]  # the board shows them lifted
    b.hands.paint()
    assert b.view.calls[-1] == ("drag", 20.0, -10.0, False)  # a mouse's: under the pointer
    b.view.carried = "5S"
    b.hands.up(PointerUp("cell-6", now=300))
    assert b.table.calls[1:] == [("unmark",), ("play", Move.parse("1f"))]
    assert b.game.moves == 1 and str(b.game.position.cells[5]) == "5S"
    assert not b.hands.follows(7)


def test_a_drop_on_no_pile_or_a_cancel_puts_the_cards_back() -> None:
    for end in (PointerUp(None, now=300), PointerCancel()):
        b = Board()
        b.hands.down(FIVE)
        b.hands.move(PointerMove(130, 100))
        b.view.carried = "5S"
        b.hands.up(end) if isinstance(end, PointerUp) else b.hands.cancel(end)
        assert b.table.calls == [("redraw",), ("unmark",), ("redraw",)]  # lifted, then back home
        assert b.ui.held is None


def test_no_press_is_taken_while_the_board_is_blocked_or_another_is_on() -> None:
    b = Board(blocked=True)
    b.hands.down(FIVE)
    assert not b.hands.follows(7) and b.ui.press is None
    b.blocked = False
    b.hands.down(FIVE)
    b.hands.down(PointerDown("column-2", 5, "5H", pointer=8, x=0, y=0, now=0))
    assert b.hands.follows(7) and not b.hands.follows(8)


HOME_5S = "The 5 of spades cannot go on its foundation yet: the ace of spades goes there next."
"""Why the 5 of spades cannot go to its foundation in EO1-C8-AAAAAFA (the engine's reason)."""


def test_a_refused_tap_waits_out_the_double_tap_window_then_shakes_and_says_why() -> None:
    b = Board()
    b.hands.down(FIVE)
    b.hands.up(PointerUp("column-1", now=50))
    assert b.view.calls == [] and b.table.calls == [("unmark",)]  # nothing shown: it may be a double tap
    assert b.browser.fire() == [DOUBLE_TAP_MS]
    assert b.table.calls == [("unmark",), ("play", Move.parse("1S")), ("redraw", "5S")]
    assert b.view.calls == [("say", HOME_5S)]
    assert b.ui.last_tap is None  # the window is over: the next tap is a single one again
    b.hands.down(FIVE)
    b.hands.up(PointerUp("column-1", now=60))
    assert len(b.browser.timers) == 1


def test_a_double_tap_plays_the_engines_double_tap_move_and_never_shakes() -> None:
    for second in (100, 5000):  # until the window's timer fires, whatever the event times
        b = Board()
        for now in (0, second):
            b.hands.down(FIVE)
            b.hands.up(PointerUp("column-1", now=now + 50))
        assert b.table.calls == [("unmark",), ("unmark",), ("play", Move.parse("1e"))]
        assert b.browser.timers == [] and b.view.calls == []


def test_another_input_shows_the_refused_tap_at_once_and_a_change_of_game_drops_it() -> None:
    b = Board()
    b.hands.down(FIVE)
    b.hands.up(PointerUp("column-1", now=0))
    b.hands.down(PointerDown("column-2", 5, "5H", pointer=7, x=0, y=0, now=100))  # another card
    assert b.view.calls == [("say", HOME_5S)] and b.browser.timers == []
    b.hands.up(PointerUp("column-2", now=150))
    b.view.calls.clear()
    b.hands.key_play(Navigate("ArrowUp"))  # a key: the 5 of hearts' refusal first
    assert b.view.calls[0][0] == "say" and b.view.calls[1] == ("navigate", "ArrowUp")
    changes: tuple[Callable[[Board], object], ...] = (
        lambda b: b.ui.forget_tap(),  # undo or redo
        lambda b: b.game.play(Move.parse("1e")),  # a move made otherwise (Finish, another tab)
        lambda b: setattr(b, "blocked", True),  # a dialog opened
    )
    for change in changes:
        b = Board()
        b.hands.down(FIVE)
        b.hands.up(PointerUp("column-1", now=0))
        change(b)
        b.browser.fire()
        assert b.view.calls == [] and ("redraw", "5S") not in b.table.calls


def test_a_double_tap_without_a_move_says_so() -> None:
    b = Board()
    b.hands.board_action(Feedback("5S", "tap"))
    assert b.table.calls == [("play", Move.parse("1S")), ("redraw", "5S")]
    assert b.view.calls == [("say", HOME_5S)]
    b.hands.board_action(Feedback("QS", "double-tap"))
    assert b.table.calls[-1] == ("redraw", "QS")
    assert b.view.calls[-1] == ("say", "The queen of spades cannot move anywhere now.")
    b.hands.board_action(Feedback("3S", "double-tap"))  # under other cards: the engine's reason
    assert b.view.calls[-1] == ("say", "The 3 of spades does not head a run of one suit in sequence.")


def test_a_refused_play_with_nothing_carried_shakes_the_touched_card() -> None:
    b = Board()
    b.hands.board_action(Play(Move.parse("18"), "5S"))  # 5S onto column 8's 10 of spades
    assert b.table.calls == [("play", Move.parse("18")), ("redraw", "5S")]
    assert b.view.calls == [("say", "The 5 of spades goes only on the 6 of spades.")]


def test_the_winning_move_shows_the_win_and_says_the_score() -> None:
    game = Game(DealCode.parse("EO1-C8-AAAAAFA"), board("KS", found="S-Q H-K D-K C-K"), 640, 51)
    b = Board(game)
    b.hands.board_action(PutBack("KS"))
    b.hands.key_play(Shortcut("tap", "column-1"))
    assert b.won == [b.game] and b.game.is_won
    assert b.view.calls[-1] == ("announce", "You won! Score 650 in 52 moves.")


def test_keyboard_play_picks_up_and_puts_down() -> None:
    b = Board()
    b.hands.key_play(Select("column-1"))
    assert b.ui.held == Held("column-1", 5, "5S", 1)
    assert b.table.calls == [("redraw",)]
    assert b.view.calls == [
        ("announce", "5 of spades picked up; it can go to: cell 5, cell 6, cell 7, cell 8.")
    ]
    b.view.calls.clear()
    b.table.calls.clear()
    b.hands.key_play(Select("cell-5"))
    assert b.table.calls == [("play", Move.parse("1e"))]
    assert b.view.calls == [("focus_pile", "cell-5", False)]


def test_a_pick_the_engine_refuses_is_said_and_shown() -> None:
    b = Board()
    b.hands.key_play(Select("column-1", 0))
    assert b.view.calls == [("say", "The 3 of spades does not head a run of one suit in sequence.")]
    assert b.table.calls == [("redraw", "3S")]
    b.view.calls.clear()
    b.hands.key_play(Select("cell-5"))
    assert b.view.calls == [("say", "That pile is empty.")]


def test_escape_and_select_on_the_own_pile_put_back() -> None:
    b = Board()
    b.hands.key_play(Release())
    assert b.view.calls == []
    for second in (Release(), Select("column-1")):
        b.hands.key_play(Select("column-1"))
        b.view.calls.clear()
        b.hands.key_play(second)
        assert ("announce", "Put back.") in b.view.calls and b.ui.held is None
    b.hands.key_play(Navigate("ArrowRight"))
    assert b.view.calls[-1] == ("navigate", "ArrowRight")


def test_the_shortcuts_ask_the_engine() -> None:
    b = Board()
    b.hands.key_play(Shortcut("tap", "column-1"))  # 5S to its foundation: refused
    assert b.table.calls == [("play", Move.parse("1S")), ("redraw", "5S")]
    b.table.calls.clear()
    b.hands.key_play(Shortcut("double-tap", "column-1", 5))
    assert b.table.calls == [("play", Move.parse("1e"))]
    b.hands.key_play(Shortcut("double-tap", "cell-6"))
    assert b.view.calls[-1] == ("say", "That pile is empty.")


def test_tap_to_select_holding() -> None:
    b = Board()
    b.ui.tap_to_select = True
    assert not b.hands.holding()
    b.hands.down(FIVE)
    b.hands.up(PointerUp("column-1", now=50))  # a tap is a Select: picks up
    assert b.hands.holding() and b.ui.held is not None
    b.blocked = True
    assert not b.hands.holding()
    b.blocked = False
    b.hands.gesture(Select("cell-7"))
    assert [call for call in b.table.calls if call[0] == "play"] == [("play", Move.parse("1g"))]
    b.hands.gesture(None)
    b.blocked = True
    b.hands.gesture(Select("column-2"))
    assert b.ui.held is None


def test_a_refused_drop_flies_the_carried_cards_back() -> None:
    b = Board()
    b.hands.down(FIVE)
    b.hands.move(PointerMove(130, 100))
    b.view.carried = "5S"
    b.hands.up(PointerUp("column-8", now=300))  # 5S onto the 10 of spades: refused
    assert b.table.calls[-2:] == [("play", Move.parse("18")), ("redraw", None)]  # they fly back, none refused
    assert b.game.moves == 0


def test_jumps_pick_up_put_a_run_as_far_as_it_goes_and_take_the_focus() -> None:
    b = Board(Game(DealCode.parse("EO1-C8-AAAAAFA"), board("* 9H 8H 7H", "TH", cells="QS - - -", n=4)))
    b.hands.key_play(Jump("column-1"))
    assert b.ui.held == Held("column-1", b.game.position.size(Pile.column(1)) - 1, "7H", 1, jumped=True)
    assert b.table.calls == [("redraw",)] and b.view.calls[-1] == ("focus_pile", "column-1", True)
    b.hands.key_play(Jump("column-2"))
    assert b.table.calls[-1] == ("play", Move.parse("12x3")) and b.game.moves == 1
    assert b.view.calls[-1] == ("focus_pile", "column-2", True)
    b.hands.key_play(Jump("cell-6"))  # four cells: said, nothing held
    assert b.view.calls[-1] == ("say", "This game has no cell 6.") and b.ui.held is None


def test_f_with_cards_picked_up_puts_them_on_their_foundation() -> None:
    game = Game(DealCode.parse("EO1-C8-AAAAAFA"), board("* AS", "2S", cells="- - - -", n=4))
    b = Board(game)
    b.hands.key_play(Jump("column-1"))
    b.hands.key_play(Shortcut("tap", "column-2"))  # the focus elsewhere: the held ace goes home
    assert b.table.calls[-1] == ("play", Move.parse("1S")) and b.ui.held is None

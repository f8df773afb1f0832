"""The player's hands on the board (eightoff/web/update/board.py) through the page's one
update: a pointer's gestures, taps and double taps, keyboard play and tap-to-select, the F
and D shortcuts, the refused tap held for the double-tap window, and Finish; each checked
on the exact state, words and effects the update returns, the moves played by the engine
itself."""

from __future__ import annotations

from dataclasses import replace

import pytest

from eightoff import DealCode, Game, Move, Pile
from eightoff.web.actions import (
    Action,
    Choose,
    Close,
    CommandName,
    FinishStep,
    FocusTo,
    Jump,
    Navigate,
    OtherTab,
    PointerCancel,
    PointerDown,
    PointerMove,
    PointerUp,
    Release,
    Select,
    Shortcut,
    TapWindow,
    Tick,
)
from eightoff.web.board.focus import Spot
from eightoff.web.board.input_state import DOUBLE_TAP_MS, Held, InputState, Press
from eightoff.web.board.model import game_model
from eightoff.web.effects import Later, Persist, Save, Solve
from eightoff.web.solver.messages import line_request
from eightoff.web.state import Finishing, WinWindow
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Stats, Tally
from eightoff.web.storage.store import Loaded, Notice
from eightoff.web.update.board import FINISH_STEP_MS
from tests.engine.helpers import board
from tests.web.update.helpers import (
    CODE,
    COVERED,
    HOME_5S,
    ON_5H,
    Page,
    finishable,
    new_game,
    state_of,
)

FIVE = PointerDown("column-1", 5, "5S", pointer=7, x=100, y=100, now=0, kind="mouse")
"""A press on the 5 of spades, column 1's top card (EO1-C8-AAAAAFA)."""


def tapped(page: Page, down: PointerDown = FIVE, now: float = 0) -> None:
    """A tap: ``down`` at ``now``, up over its pile 50 ms later."""
    page.do(replace(down, now=now), PointerUp(down.pile, now=now + 50))


# -- the pointer ----------------------------------------------------------------------------


def test_a_drag_lifts_its_cards_past_the_threshold_and_plays_where_it_is_dropped() -> None:
    page = Page()
    page.do(FIVE)
    assert page.state.input.press == Press(7, "column-1", 5, "5S", 100, 100, 0, "mouse")
    change = page.state.change
    page.do(PointerMove(103, 100))  # within the mouse's 5 px: still a press
    assert page.state.input.held is None and page.state.change == change
    page.do(PointerMove(120, 90))
    ui = page.state.input
    assert ui.held == Held("column-1", 5, "5S", 1)
    assert ui.lit == {"cell-5", "cell-6", "cell-7", "cell-8"}
    assert ui.press is not None and (ui.press.dragging, ui.press.dx, ui.press.dy) == (True, 20, -10)
    assert page.state.change.serial > change.serial  # the board shows them lifted
    assert page.effects == []  # nothing asked by a drag
    assert page.do(PointerUp("cell-6", now=300)) == (Save(), Persist(), Later("clock", 1000, Tick()))
    assert page.game.moves == 1 and str(page.game.position.cells[5]) == "5S"
    assert page.state.input == InputState()
    assert page.announced == ["5 of spades to cell 6, uncovers 6 of spades."] and page.said == []


def test_a_finger_carries_its_cards_and_the_pointer_says_where() -> None:
    """A touch drag: the press keeps how far the finger went and that it is a finger (the
    view draws the carried cards a card's height above it)."""
    page = Page()
    page.do(replace(FIVE, kind="touch"), PointerMove(100, 108))  # within a finger's 9 px
    assert page.state.input.held is None
    page.do(PointerMove(100, 160))
    press = page.state.input.press
    assert press is not None and (press.kind, press.dragging, press.dx, press.dy) == ("touch", True, 0, 60)


def test_a_drop_on_no_pile_or_a_cancel_puts_the_cards_back() -> None:
    for end in (PointerUp(None, now=300), PointerCancel(), PointerUp("column-1", now=300)):
        page = Page()
        page.do(FIVE, PointerMove(130, 100))
        lifted = page.state.change
        assert page.do(end) == ()
        assert page.state.input == InputState() and page.game.moves == 0
        assert page.state.change.motion == "glide" and page.state.change.serial > lifted.serial  # back home
        assert page.said == [] and page.announced == []


def test_a_refused_drop_flies_the_carried_cards_back() -> None:
    page = Page()
    page.do(FIVE, PointerMove(130, 100), PointerUp("column-2", now=300))  # 5S onto the 5 of hearts
    assert page.game.moves == 0 and page.state.change.refused is None  # they fly back: none refused
    assert page.said == [ON_5H] and page.announced == [ON_5H]


def test_the_one_pile_marked_while_dragging_is_the_pile_the_cards_drop_on() -> None:
    """Issue 36: of the pile under the carried card (``seen``) and the one under the pointer,
    the first the card may go to is aimed at, marked on the board (``aim``: class
    ``drop``) and dropped on; a finger below the card on cell 8 with the card over the
    spades' foundation drops on cell 8, as it is marked."""
    page = Page()
    page.do(FIVE, PointerMove(130, 100, seen="foundation-S", under="cell-8"))
    assert page.state.input.lit == {"cell-5", "cell-6", "cell-7", "cell-8"}
    assert page.state.input.aim == "cell-8" == page.state.input.marked
    page.do(PointerMove(140, 100, seen="cell-6", under="cell-8"))  # both may take it: the one seen
    assert page.state.input.aim == "cell-6"
    page.do(PointerMove(150, 100, seen="column-2", under="column-3"))  # neither: nothing marked
    assert page.state.input.aim == "column-2" and page.state.input.marked is None
    page.do(PointerUp("cell-8", now=300, seen="foundation-S"))  # let go where cell 8 was marked
    assert page.game.undo_stack == [Move.parse("1h")] and page.state.input == InputState()
    page.do(PointerDown("column-1", 4, "6S", 7, 100, 100, 400), PointerMove(130, 100))
    page.do(PointerUp("column-3", now=700, seen="column-2"))  # neither legal: the one seen says why not
    assert page.game.moves == 1 and page.said[-1] == "The 6 of spades goes only on the 7 of spades."


def test_a_card_that_cannot_be_lifted_is_no_drag_but_its_drop_is_explained() -> None:
    page = Page()
    page.do(PointerDown("column-1", 0, "3S", 1, 0, 0, 0), PointerMove(80, 0))
    assert page.state.input.press is not None and page.state.input.press.dead
    assert page.state.input.held is None
    page.do(PointerUp("column-2", now=100))
    assert page.said == [COVERED] and page.state.change.refused == "3S"  # nothing carried: it says no
    page.do(PointerDown("column-1", 0, "3S", 1, 0, 0, 200), PointerMove(80, 0), PointerUp(None, 300))
    assert page.said == [COVERED] and page.state.input == InputState()


def test_a_press_beside_a_card_that_moves_takes_that_card() -> None:
    """Issue 36 item 2: a covered card's strip narrower than 44 px is a touch target all
    the same: a press on the king of hearts within the 6 of spades' widened strip (the
    view says so in ``near``) picks the 6 and the 5 up; a card the engine lets go keeps its
    press, and a press near nothing that moves stays refused."""
    page = Page()
    page.do(PointerDown("column-1", 3, "KH", 1, 0, 0, 0, "touch", near=((4, "6S"),)), PointerMove(0, 80))
    press = page.state.input.press
    assert press is not None and (press.index, press.card, press.dead) == (4, "6S", False)
    assert page.state.input.held is not None
    page.do(PointerCancel())
    page.do(PointerDown("column-1", 4, "6S", 1, 0, 0, 100, near=((5, "5S"),)))  # its own card moves
    press = page.state.input.press
    assert press is not None and (press.index, press.card) == (4, "6S")
    page.do(PointerCancel())
    near = ((1, "AD"), (3, "KH"))  # neither moves
    page.do(PointerDown("column-1", 2, "8H", 1, 0, 0, 200, near=near), PointerMove(0, 80))
    press = page.state.input.press
    assert press is not None and (press.index, press.card, press.dead) == (2, "8H", True)


def test_no_press_is_taken_while_the_board_is_blocked_or_another_is_on() -> None:
    page = Page()
    page.do("settings", FIVE)
    assert page.state.input.press is None
    page.do(Close("settings-dialog"), FIVE, PointerDown("column-2", 5, "5H", pointer=8, x=0, y=0, now=0))
    assert page.state.input.press is not None and page.state.input.press.pointer == 7
    page.do(PointerMove(130, 100), "settings", PointerUp("cell-5", now=10))  # a window opened meanwhile
    assert page.game.moves == 0  # nothing plays behind a dialog: the carried card goes back
    assert page.state.input.held is None and page.state.input.press is None
    page.do(Close("settings-dialog"), FIVE, PointerMove(130, 100), PointerUp("cell-5", now=20))
    assert page.game.moves == 1


def test_a_move_or_up_without_a_press_does_nothing() -> None:
    page = Page()
    before = page.state
    page.do(PointerMove(50, 50), PointerUp("column-1", 0), PointerCancel())
    assert page.state == before and page.effects == []


# -- taps and the double-tap window ---------------------------------------------------------


def test_a_refused_tap_waits_out_the_double_tap_window_then_shakes_and_says_why() -> None:
    page = Page()
    change = page.state.change
    tapped(page)
    wait = page.state.tap_wait
    assert wait is not None and wait.tap.waiting and wait.position is page.game.position
    assert page.said == [] and page.state.change == change  # nothing shown: it may be a double tap
    assert page.timers["tap"] == Later("tap", DOUBLE_TAP_MS, TapWindow(wait.serial))
    page.fire("tap")
    assert page.said == [HOME_5S] and page.state.change.refused == "5S"
    assert page.state.tap_wait is None and page.state.input.last_tap is None  # a single tap again
    tapped(page, now=600)
    assert "tap" in page.timers and page.state.tap_wait is not None


def test_a_double_tap_plays_the_engines_double_tap_move_and_never_shakes() -> None:
    for second in (100, 5000):  # until the window's timer fires, whatever the event times
        page = Page()
        tapped(page)
        tapped(page, now=second)
        assert page.game.undo_stack == [Move.parse("1e")] and page.state.tap_wait is None
        page.fire("tap")  # the first tap's window, come due all the same: nothing
        assert page.said == [] and page.state.change.refused is None
        assert page.announced == ["5 of spades to cell 5, uncovers 6 of spades."]


def test_a_quick_tap_on_the_card_a_tap_uncovered_is_a_tap_of_its_own() -> None:
    """Issue 36: never a tap lost. The second tap lands on the card the first uncovered: a
    single tap of its own, its refusal held for the window and then said."""
    game = Game(CODE, board("* AS", cells="- - - - - - - -"))
    page = Page(state_of(game))
    ace = PointerDown("column-1", game.position.size(Pile.column(1)) - 1, "AS", 1, 0, 0, 0)
    tapped(page, ace)
    assert [str(c) for c in page.game.position.cards(Pile.foundation("S"))] == ["AS"]
    under = game.position.cards(Pile.column(1))[-2]
    tapped(page, replace(ace, index=ace.index - 1, card=str(under)), now=100)
    assert page.game.moves == 1 and page.state.tap_wait is not None
    page.fire("tap")
    assert page.said and page.state.change.refused == str(under)


def test_four_quick_taps_send_four_cards_home() -> None:
    """Issue 36: 2♥ 3♥ 4♥ 5♥ home by four taps on the top card, 150 ms apart."""
    game = Game(CODE, board("5H 4H 3H 2H", "*", found="H-A", cells="- - - - - - - -"))
    page = Page(state_of(game))
    for n, card in enumerate(("2H", "3H", "4H", "5H")):
        index = page.game.position.size(Pile.column(1)) - 1
        tapped(page, PointerDown("column-1", index, card, 1, 0, 0, 150 * n), now=150 * n)
    assert [str(c) for c in page.game.position.cards(Pile.foundation("H"))] == ["AH", "2H", "3H", "4H", "5H"]
    assert page.game.moves == 4 and page.state.tap_wait is None


def test_another_input_shows_the_refused_tap_at_once() -> None:
    page = Page()
    tapped(page)
    page.do(PointerDown("column-2", 5, "5H", pointer=7, x=0, y=0, now=100))  # another card
    assert page.said == [HOME_5S] and page.state.tap_wait is None
    page.do(PointerUp("column-2", now=150))
    assert page.state.tap_wait is not None  # the 5 of hearts' own refusal, held
    page.do(Navigate("ArrowUp"))  # a key: that refusal first, then the key
    assert page.said == [
        HOME_5S,
        "The 5 of hearts cannot go on its foundation yet: the ace of hearts goes there next.",
    ]
    assert page.state.focus == Spot("column-1", 4) and page.state.change.refused == "5H"


def test_a_change_of_game_or_a_window_drops_the_refused_tap_unsaid() -> None:
    other = new_game(CODE, "1e")
    changes: dict[str, tuple[tuple[str, ...], list[Action | CommandName]]] = {
        "undo": (("1e",), ["undo"]),
        "another tab": ((), [OtherTab(Loaded(other, Settings(), Notice("storage-other-tab"), 2))]),
        "a window": ((), ["settings"]),
    }
    for name, (played, actions) in changes.items():
        page = Page(state_of(new_game(CODE, *played)))
        tapped(page, PointerDown("column-2", 5, "5H", 1, 0, 0, 0))
        page.do(*actions)
        said = list(page.said)
        if "tap" in page.timers:
            page.fire("tap")
        assert page.said == said and page.state.change.refused != "5H", name
        assert page.state.tap_wait is None, name


def test_the_tap_window_of_another_tap_or_of_none_does_nothing() -> None:
    page = Page()
    before = page.state
    assert page.do(TapWindow(99)) == () and page.state == before
    tapped(page)
    waiting = page.state
    page.do(TapWindow(page.state.serial + 1))
    assert page.state == waiting


def test_a_double_tap_without_a_move_says_so() -> None:
    page = Page(state_of(new_game(CODE, "1e", "1f", "1g", "1h")))  # every cell taken
    queen = PointerDown("cell-1", 0, "QS", 1, 0, 0, 0)
    tapped(page, queen)
    tapped(page, queen, now=100)
    assert page.said == ["The queen of spades cannot move anywhere now."]
    assert page.state.change.refused == "QS" and page.state.tap_wait is None
    three = PointerDown("column-2", 0, "JH", 1, 0, 0, 0)
    tapped(page, three, now=1000)  # under other cards: the engine's reason
    tapped(page, three, now=1100)
    assert page.said[-1] == "The jack of hearts does not head a run of one suit in sequence."
    assert page.state.change.refused == "JH"


def test_tap_to_select_picks_up_and_puts_down_with_taps() -> None:
    page = Page(state_of(settings=Settings(tap_to_select=True)))
    tapped(page)  # a tap is a Select: picks up
    assert page.state.input.held == Held("column-1", 5, "5S", 1) and "tap" not in page.timers
    assert page.announced == ["5 of spades picked up; it can go to: cell 5, cell 6, cell 7, cell 8."]
    page.do(Select("cell-7"))  # a tap on the empty cell (the pointer reads it as a Select)
    assert page.game.undo_stack == [Move.parse("1g")] and page.state.input.held is None
    page.do(PointerDown("column-2", 5, "5H", 1, 0, 0, 0), "settings", PointerUp("column-2", 50))
    assert page.state.input == InputState()  # a window opened before the tap ended: nothing picked


# -- keyboard play -----------------------------------------------------------------------------


def test_keyboard_play_picks_up_and_puts_down() -> None:
    page = Page()
    change = page.state.change
    page.do(Select("column-1"))
    assert page.state.input.held == Held("column-1", 5, "5S", 1)
    assert page.state.change.serial > change.serial and page.state.change.refused is None
    assert page.announced == ["5 of spades picked up; it can go to: cell 5, cell 6, cell 7, cell 8."]
    taken = page.state.focus_taken
    page.do(Select("cell-5"))
    assert page.game.undo_stack == [Move.parse("1e")]
    assert page.state.focus == Spot("cell-5") and page.state.focus_taken == taken  # not taken: Enter's


def test_a_pick_the_engine_refuses_is_said_and_shown() -> None:
    page = Page()
    page.do(Select("column-1", 0))
    assert page.said == [COVERED] and page.state.change.refused == "3S"
    page.do(Select("cell-5"))
    assert page.said[-1] == "That pile is empty." and page.state.change.refused is None


def test_escape_and_select_on_the_own_pile_put_back() -> None:
    page = Page()
    before = page.state
    assert page.do(Release()) == () and page.state == before  # nothing held: nothing
    for second in (Release(), Select("column-1")):
        page.do(Select("column-1"), second)
        assert page.announced[-1] == "Put back." and page.state.input.held is None
    taken = page.state.focus_taken
    page.do(Navigate("ArrowRight"))
    assert page.state.focus == Spot("column-2", 5) and page.state.focus_taken > taken


def test_the_arrows_move_the_focus_over_the_rows_drawn() -> None:
    page = Page()
    page.do(Navigate("ArrowUp"))
    assert page.state.focus == Spot("column-1", 4)  # up the column's fan first
    page.do(*[Navigate("ArrowUp")] * 5)
    assert page.state.focus == Spot("cell-1")  # one top row: the cells, then the foundations
    page.do(Navigate("ArrowUp"), Navigate("End"))
    assert page.state.focus == Spot("foundation-C")
    page.do(Navigate("ArrowDown"))
    assert page.state.focus == Spot("column-8", 0)
    page = Page()
    page.do(*[Navigate("ArrowUp", rows=2)] * 7)
    assert page.state.focus == Spot("foundation-S")  # two rows: the foundations above the cells


def test_the_focus_on_a_cell_the_next_deal_lacks_moves_from_column_1() -> None:
    """The focus on cell 8, then a deal of 4 cells: an arrow key moves it from column 1's
    top card, where the board draws it (it raised ValueError: cell 8 is not on the board)."""
    page = Page(state_of(settings=Settings(cells=4, winnable=False)))
    page.do(FocusTo("cell-8"), "random-deal")
    assert len(page.game.position.cells) == 4 and page.state.focus == Spot("cell-8")
    assert game_model(page.game, page.state.input, None, page.state.focus).focus == Spot("column-1", 5)
    page.do(Navigate("ArrowRight"))
    assert page.state.focus == Spot("column-2", 5)
    page.do(FocusTo("cell-8"))  # named by no element of this board: the same spot
    assert page.state.focus == Spot("column-1", 5)


def test_cards_picked_up_are_put_back_when_the_game_changes_under_them() -> None:
    """Picked up, then their pile changed by another command: they were still held, by
    their old place (D on the queen of spades held left cell 1 empty and "held"; the 6 of
    spades held, then an undo, put the 5 of spades back on it, and the next Enter played
    the 5 of spades)."""
    page = Page()
    page.do(Select("cell-1"), Shortcut("double-tap", "cell-1"))  # the queen of spades to cell 5
    assert page.game.undo_stack == [Move.parse("ae")] and page.state.input.held is None
    page = Page(state_of(new_game(CODE, "1e")))
    page.do(Select("column-1"), "undo")
    assert page.state.input.held is None and page.state.input.lit == frozenset()
    page.do(Select("cell-6"))
    assert page.game.moves == 0 and page.said[-1] == "That pile is empty."
    page = Page(state_of(finishable()))
    page.do(Select("column-1"), "finish")
    assert page.game.moves == 1 and page.state.input == InputState()


def test_a_press_under_way_is_forgotten_when_the_game_changes_under_it() -> None:
    """A press on the 6 of spades, then D moves it away before the pointer goes up: with
    tap-to-select the tap's Select named a card index past the column's top (IndexError out
    of the update); now the press is forgotten, and its end does nothing."""
    page = Page(state_of(new_game(CODE, "1e"), settings=Settings(tap_to_select=True)))
    page.do(PointerDown("column-1", 4, "6S", 1, 0, 0, 0), Shortcut("double-tap", "column-1"))
    assert page.game.undo_stack[-1] == Move.parse("1f") and page.state.input.press is None
    assert page.do(PointerUp("column-1", 50)) == () and page.state.input == InputState()
    page = Page(state_of(finishable()))
    page.do(PointerDown("column-7", 1, "8S", 1, 0, 0, 0), "finish", PointerMove(60, 0))
    assert page.state.input == InputState() and page.said == []


def test_the_shortcuts_ask_the_engine() -> None:
    page = Page()
    page.do(Shortcut("tap", "column-1"))  # 5S to its foundation: refused
    assert page.said == [HOME_5S] and page.state.change.refused == "5S"
    page.do(Shortcut("double-tap", "column-1", 5))
    assert page.game.undo_stack == [Move.parse("1e")]
    page.do(Shortcut("double-tap", "cell-6"))
    assert page.said[-1] == "That pile is empty." and page.state.change.refused is None
    page.do(Shortcut("double-tap", "cell-1"))  # the queen of spades to the first free cell
    assert page.game.undo_stack[-1] == Move.parse("af")
    page.do(Shortcut("tap", "column-1", 0))
    assert page.said[-1] == COVERED and page.state.change.refused == "3S"


def test_a_win_says_its_time_its_streak_and_the_records_it_beat() -> None:
    """Issue 36 item 9: a second win in a row of the 8-cell games, a better score, fewer
    moves and a faster time than the first: the win message says each; a first win none."""
    game = Game(CODE, board("KS", found="S-Q H-K D-K C-K"), 640, 51)
    before = Tally(started=2, won=1, streak=1, best_streak=1, best_score=600, fewest_moves=60, fastest=90_000)
    stats = Stats().begin(CODE).follow(game, "2026-12-01")
    stats = replace(stats, by_cells={**stats.by_cells, 8: before})
    page = Page(state_of(game, stats=stats))
    page.do(Shortcut("tap", "column-1"))
    assert page.state.windows == (WinWindow(650, 52, time=0, streak=2, best=("score", "moves", "time")),)
    slower = replace(before, best_score=700, fewest_moves=40, fastest=0, streak=0)
    page = Page(state_of(game, stats=replace(stats, by_cells={**stats.by_cells, 8: slower})))
    page.do(Shortcut("tap", "column-1"))
    assert page.state.windows == (WinWindow(650, 52, time=0, streak=1),)  # beats nothing


def test_the_winning_move_shows_the_win_says_the_score_and_asks_the_solvers_line() -> None:
    game = Game(CODE, board("KS", found="S-Q H-K D-K C-K"), 640, 51)
    page = Page(state_of(game))
    effects = page.do(Shortcut("tap", "column-1"))
    assert page.game.is_won and page.state.change.motion == "win"
    assert page.state.windows == (WinWindow(650, 52, time=0, streak=1),)  # its clock never ran
    assert page.announced[-1] == "You won! Score 650 in 52 moves."
    asked = page.state.coach.line_asked
    assert asked is not None and asked[1] is page.game
    assert effects == (Save(), Persist(), Solve(line_request(asked[0], CODE)))


def test_jumps_pick_up_put_a_run_as_far_as_it_goes_and_take_the_focus() -> None:
    game = Game(CODE, board("* 9H 8H 7H", "TH", cells="QS - - -", n=4))
    page = Page(state_of(game))
    top = game.position.size(Pile.column(1)) - 1
    page.do(Jump("column-1"))
    assert page.state.input.held == Held("column-1", top, "7H", 1, jumped=True)
    assert page.announced[-1] == (  # the whole run named, and how much of it goes where (issue 36)
        "3 cards from 9 of hearts picked up; they can go to: column 2. "
        "The 7 of hearts alone can go to: cell 2, cell 3, cell 4."
    )
    assert page.state.focus == Spot("column-1", top) and page.state.focus_taken
    taken = page.state.focus_taken
    page.do(Jump("column-2"))
    assert page.game.undo_stack == [Move.parse("12x3")]
    assert page.state.focus == Spot("column-2", 3) and page.state.focus_taken > taken
    page.do(Jump("cell-6"))  # four cells: said, nothing held
    assert page.said[-1] == "This game has no cell 6." and page.state.input.held is None


def test_f_with_cards_picked_up_puts_them_on_their_foundation() -> None:
    game = Game(CODE, board("* AS", "2S", cells="- - - -", n=4))
    page = Page(state_of(game))
    page.do(Jump("column-1"), Shortcut("tap", "column-2"))  # the focus elsewhere: the held ace goes home
    assert page.game.undo_stack == [Move.parse("1S")] and page.state.input.held is None


def test_the_focus_follows_tab_and_a_screen_reader_without_being_taken() -> None:
    page = Page()
    page.do(Navigate("ArrowLeft"))
    taken = page.state.focus_taken
    page.do(FocusTo("column-3", 2))
    assert page.state.focus == Spot("column-3", 2) and page.state.focus_taken == taken
    page.do(FocusTo("column-3", 40))  # past the top: the top card
    assert page.state.focus == Spot("column-3", 5)
    page.do(FocusTo("cell-5"))
    assert page.state.focus == Spot("cell-5")


# -- Finish ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("pace", "step"), [("fast", 60), ("normal", 120), ("slow", 210)])
def test_finish_keeps_the_pace_chosen(pace: str, step: int) -> None:
    page = Page(state_of(finishable()))
    page.do(Choose("pace", pace), "finish")
    run = page.state.finishing
    assert run is not None and page.timers["finish"] == Later("finish", step, FinishStep(run.serial))


def test_finish_plays_the_engines_line_one_move_a_step_apart() -> None:
    page = Page(state_of(finishable()))
    line = page.game.finish()
    assert line is not None and len(line) == 16 and line[0] == Move.parse("8S")
    page.do("finish")
    assert page.game.undo_stack == [line[0]]  # the first at once
    run = page.state.finishing
    assert run == Finishing(line[1:], page.game.position, run.serial if run else 0)
    assert page.timers["finish"] == Later("finish", FINISH_STEP_MS, FinishStep(run.serial if run else 0))
    page.do("finish")  # pressed again while running: nothing more
    assert page.game.moves == 1
    motions = []
    while "finish" in page.timers:
        page.fire("finish")
        motions.append(page.state.change.motion)
    assert page.game.undo_stack == list(line) and page.game.is_won and page.game.moves == 16
    assert motions == ["glide"] * 14 + ["win"] and page.state.finishing is None
    assert page.said == [] and page.state.windows == (WinWindow(page.game.score, 16, time=1800, streak=1),)


def test_nothing_to_finish_is_said() -> None:
    page = Page()
    assert page.do("finish") == ()
    assert page.said == [
        "Finish is for a game whose cards left all go home with moves to the foundations "
        "and the free cells alone."
    ]
    assert page.state.finishing is None and page.game.moves == 0


def test_an_undo_or_another_game_meanwhile_stops_it() -> None:
    for meanwhile in ("undo", "restart"):
        page = Page(state_of(finishable()))
        page.do("finish", meanwhile)
        if page.windows == ["confirm"]:
            page.do("confirm-yes")
        moves = page.game.moves
        page.fire("finish")
        assert page.game.moves == moves and page.state.finishing is None and "finish" not in page.timers


def test_a_stale_finish_step_does_nothing() -> None:
    page = Page(state_of(finishable()))
    page.do("finish")
    running = page.state
    page.do(FinishStep(running.serial + 5))
    assert page.state == running


def test_the_board_offers_finish_exactly_when_the_engine_has_a_line() -> None:
    assert game_model(finishable(), InputState(), None, Spot("column-1")).can_finish
    start = Game.new(DealCode.parse("EO1-C8-XDJVQE7"))
    assert not game_model(start, InputState(), None, Spot("column-1")).can_finish


def test_a_pile_the_game_lacks_is_refused_in_the_engines_words() -> None:
    """No input of the page names one (its piles are the game's), but the update never
    raises: the engine's reason, as for any refused move."""
    page = Page(state_of(new_game("EO1-C4-AAAAAFA")))
    page.do(Select("column-1"), Select("cell-8"))
    assert page.said[-1] == "There is no such pile in this game." and page.game.moves == 0

"""The page's one update (eightoff/web/update/__init__.py): one ``match`` with a case for
every action type, read from the types and from the match itself; what it does before the
case (the hint shown cleared, the board blocked under a window or a replay) and after it;
and that it never changes the state it was given."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import get_args

import pytest

from eightoff import Move
from eightoff.web import update as update_module
from eightoff.web.actions import (
    BOARD_COMMANDS,
    Action,
    AsideRead,
    Choose,
    Close,
    CodeTyped,
    Command,
    CommandName,
    Copied,
    DialogClosed,
    FileRead,
    FinishStep,
    FocusTo,
    ImportFile,
    Jump,
    KeyPlay,
    Navigate,
    OtherTab,
    Persisted,
    PointerAction,
    PointerCancel,
    PointerDown,
    PointerMove,
    PointerUp,
    Release,
    ReplaySpeed,
    ReplayStep,
    Saved,
    Select,
    Shared,
    Shortcut,
    TapWindow,
    Tick,
    Visibility,
    WorkerFailed,
    WorkerReply,
)
from eightoff.web.links.address import Link
from eightoff.web.solver.messages import Line, marks
from eightoff.web.state import SettingsWindow, WinWindow
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.store import Loaded
from eightoff.web.update import KEEPS_HINT, clears_hint, needs_board, update
from tests.web.update.helpers import CODE, WORLD, Page, finishable, new_game, reply_text, snapshot, state_of

ACTION_TYPES = set(get_args(Action))
COMMAND_NAMES = set(get_args(CommandName))


async def _nothing() -> str | None:
    return None


NOTHING: Callable[[], Awaitable[str | None]] = _nothing

EXAMPLES: tuple[Action, ...] = (
    Command("undo"),
    Close("win"),
    DialogClosed("settings-dialog"),
    Choose("deck", "two"),
    ReplaySpeed(2.0),
    ImportFile(NOTHING),
    CodeTyped("EO1-C4-AAAAAFA"),
    Navigate("ArrowLeft"),
    Select("column-1"),
    Jump("cell-5"),
    Release(),
    Shortcut("tap", "column-1"),
    FocusTo("column-2", 3),
    PointerDown("column-1", 5, "5S", 1, 0, 0, 0),
    PointerMove(40, 0),
    PointerUp("cell-5", 10),
    PointerCancel(),
    OtherTab(Loaded(None, Settings(), None, 0)),
    WorkerReply(reply_text(1, "hint", "gave-up")),
    WorkerFailed("timeout"),
    Visibility(hidden=True),
    TapWindow(1),
    FinishStep(1),
    ReplayStep(),
    Tick(),
    Saved(None, unsaved=""),
    Copied("https://example.org/", "Copied.", done=True),
    Shared("https://example.org/", "unavailable"),
    FileRead(None),
    AsideRead(None),
    Persisted(True),
)
"""One action of every type."""


def shown_hint(*played: str) -> Page:
    """A page whose board shows a hint (after ``played``, the top card of column 1 to the
    first free cell)."""
    game = new_game(CODE, *played)
    move = Move.parse("1f" if played else "1e")
    hints = replace(state_of().hints, line=Line.of(game.position, (move,)))
    page = Page(state_of(game, hints=hints))
    page.do("hint")
    assert page.state.hints.shown == marks(game.position, move)
    return page


# -- one case an action type ------------------------------------------------------------------


def cases() -> list[str]:
    """The class names the update's ``match`` has a case for, in order, and ``_`` last."""
    tree = ast.parse(inspect.getsource(update_module))
    function = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "update")
    (match,) = [n for n in ast.walk(function) if isinstance(n, ast.Match)]

    def names(pattern: ast.pattern) -> list[str]:
        if isinstance(pattern, ast.MatchOr):
            return [name for p in pattern.patterns for name in names(p)]
        if isinstance(pattern, ast.MatchClass):
            assert isinstance(pattern.cls, ast.Name)
            return [pattern.cls.id]
        assert isinstance(pattern, ast.MatchAs) and pattern.pattern is None
        return ["_"]

    return [name for case in match.cases for name in names(case.pattern)]


def test_the_match_has_one_case_for_every_action_type_and_ends_in_assert_never() -> None:
    found = cases()
    assert found[-1] == "_" and len(found) == len(set(found))
    assert set(found[:-1]) == {t.__name__ for t in ACTION_TYPES}
    source = inspect.getsource(update_module.update)
    assert "case _:\n            assert_never(action)" in source


def test_a_value_that_is_no_action_reaches_assert_never() -> None:
    """What mypy proves of the page's own actions, checked at run time too: a value outside
    the union falls through every case to :func:`typing.assert_never`."""
    with pytest.raises(AssertionError, match="Expected code to be unreachable"):
        update(state_of(), object(), WORLD)  # type: ignore[arg-type]


def test_the_lists_are_the_types_themselves() -> None:
    assert len(ACTION_TYPES) == 31 and {type(a) for a in EXAMPLES} == ACTION_TYPES
    assert set(get_args(PointerAction)) == {PointerDown, PointerMove, PointerUp, PointerCancel}
    assert len(COMMAND_NAMES) == 35
    assert {"undo", "hint", "replay-exit", "export", "download-history", "back-to-last"} <= COMMAND_NAMES


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: type(a).__name__)
def test_every_action_type_is_taken_from_a_fresh_and_a_busy_page(action: Action) -> None:
    """Through the real update from a fresh page, and from one with a hint shown, a game in
    progress, a window open and a replay shown; the state given is never changed."""
    pages = [Page(), shown_hint(), Page.started(new_game(CODE, "1e"), replay_of=(Link(CODE, ()), 0))]
    pages[1].do(Select("column-1"))
    busy = Page(state_of(new_game(CODE, "1e")))
    busy.do("settings")
    for page in [*pages, busy]:
        page.do(action)  # Page.do checks the state it gave is as it was


@pytest.mark.parametrize("name", sorted(COMMAND_NAMES))
def test_every_command_is_taken_with_or_without_a_replay_or_a_window(name: CommandName) -> None:
    for page in (Page(), Page.started(replay_of=(Link(CODE, (Move.parse("1e"),)), 1))):
        page.do(name)
        page.do("stats", name)


def test_the_replay_bar_commands_are_the_replays_and_the_rest_the_pages() -> None:
    """Every command but the replay bar's has its branch in :func:`update.command`; the
    replay bar's (``replay-…``) go to the replay."""
    source = inspect.getsource(update_module.command)
    named = {name for name in COMMAND_NAMES if f'"{name}"' in source}
    assert named == {name for name in COMMAND_NAMES if not name.startswith("replay-")}


# -- before the case: the hint shown, the board blocked -------------------------------------------

HINT_KEPT = [
    Command("hint"),
    PointerDown("column-2", 5, "5H", 1, 0, 0, 0),
    PointerMove(1, 1),
    PointerUp(None, 0),
    PointerCancel(),
    ReplaySpeed(1.0),
    ImportFile(NOTHING),
    CodeTyped("x"),
    FocusTo("column-3"),
    DialogClosed("win"),
    OtherTab(Loaded(None, Settings(), None, 0)),
    WorkerReply(reply_text(99, "hint", "gave-up")),
    WorkerFailed("start"),
    Visibility(False),
    TapWindow(99),
    ReplayStep(),
    Tick(),
    Saved(None, ""),
    Copied("u", "s", False),
    Shared("u", "cancelled"),
    FileRead(None),
]


@pytest.mark.parametrize("action", HINT_KEPT, ids=lambda a: type(a).__name__)
def test_what_leaves_the_hint_shown(action: Action) -> None:
    assert not clears_hint(action)
    page = shown_hint()
    shown = page.state.hints.shown
    page.do(action)
    assert page.state.hints.shown == shown


CLEARING = [
    Command("undo"),
    Command("stats"),
    Command("replay-exit"),
    Close("win"),
    Choose("deck", "two"),
    Release(),
    Select("cell-1"),
    Navigate("ArrowLeft"),
    Jump("column-1"),
    Shortcut("tap", "column-1"),
    FinishStep(1),
]


@pytest.mark.parametrize("action", CLEARING, ids=repr)
def test_what_clears_the_hint(action: Action) -> None:
    assert clears_hint(action)
    page = shown_hint()
    page.do(action)
    assert page.state.hints.shown is None


def test_the_hint_kept_while_a_gesture_is_under_way_goes_with_its_result() -> None:
    page = shown_hint()
    page.do(PointerDown("column-1", 5, "5S", 1, 0, 0, 0), PointerMove(40, 0))
    assert page.state.hints.shown is not None
    page.do(PointerUp(None, 10))  # put back: a result
    assert page.state.hints.shown is None
    page = shown_hint()
    page.do(PointerDown("column-1", 5, "5S", 1, 0, 0, 0), PointerUp("column-1", 10))  # a refused tap
    assert page.state.hints.shown is None and page.state.tap_wait is not None


def test_the_keep_list_holds_no_board_action() -> None:
    assert not any(issubclass(kind, get_args(KeyPlay)) for kind in KEEPS_HINT)
    assert Command not in KEEPS_HINT


def test_what_needs_the_board() -> None:
    board: list[Action] = [Command(name) for name in sorted(BOARD_COMMANDS)]  # type: ignore[arg-type]
    board += [Navigate("ArrowLeft"), Select("cell-1"), Jump("cell-1"), Release(), Shortcut("tap", "column-1")]
    free: list[Action] = [
        Command("new-game"),
        Command("replay-exit"),
        Close("win"),
        Choose("deck", "two"),
        FocusTo("cell-1"),
    ]
    free += [PointerDown("column-1", 5, "5S", 1, 0, 0, 0), PointerUp(None, 0), FinishStep(1), TapWindow(1)]
    assert [needs_board(a) for a in board] == [True] * len(board)
    assert [needs_board(a) for a in free] == [False] * len(free)


def test_a_window_clears_the_hint_then_the_board_waits_until_it_closes() -> None:
    page = shown_hint("1e")
    page.do("settings")
    assert page.state.hints.shown is None
    for action in (Command("undo"), Command("hint"), Select("column-1"), Command("finish"), Release()):
        state = page.state
        assert page.do(action) == () and page.state == state
    page.do(Close("settings-dialog"), "undo")
    assert page.game.moves == 0


def test_a_replay_blocks_the_board_and_its_exit_frees_it() -> None:
    page = Page.started(replay_of=(Link(CODE, (Move.parse("1e"),)), 1))
    state, asked = page.state, list(page.effects)
    page.do(Select("column-1"), "undo", Shortcut("tap", "column-1"))
    assert page.state == state and page.effects == asked
    page.do("replay-exit", Select("column-1"))
    held = page.state.input.held
    assert held is not None and held.card == "5S"


def test_finish_stops_behind_a_dialog_opened_meanwhile() -> None:
    """Finish behind a dialog (review §3.h): E, its first move, then the Settings window
    opens before the next: the steps come due and play nothing behind the window, the game
    not won and no win message; E is refused while the window is open; closed, E finishes."""
    page = Page(state_of(finishable()))
    page.do("finish", "settings")
    assert page.game.moves == 1 and page.state.windows == (SettingsWindow(),)
    assert page.run_out("finish") == 1
    assert page.game.moves == 1 and not page.game.is_won and page.state.finishing is None
    assert page.state.windows == (SettingsWindow(),)
    page.do("finish")  # pressed again, the window still open: nothing
    assert page.game.moves == 1 and "finish" not in page.timers
    page.do(Close("settings-dialog"), "finish")
    assert page.run_out("finish") == 14
    assert page.game.is_won and page.game.moves == 16
    assert page.state.windows == (WinWindow(page.game.score, 16, time=1800, streak=1),)


def test_a_finish_step_due_behind_a_replay_plays_nothing() -> None:
    page = Page(state_of(finishable()))
    page.do("finish")
    serial = page.state.finishing.serial if page.state.finishing else 0
    page.state = replace(page.state, replay=Page.started(replay_of=(Link(CODE, ()), 0)).state.replay)
    page.do(FinishStep(serial))
    assert page.game.moves == 1 and page.state.finishing is None


# -- the state given stays as it was ----------------------------------------------------------------


def test_the_state_given_is_never_changed_and_a_snapshot_is_equal_to_it() -> None:
    page = shown_hint()
    page.do("new-game", CodeTyped(str(CODE)))
    state = page.state
    before = snapshot(state)
    assert before == state and before.game is not state.game
    after, effects = update(state, Choose("deck", "two"), WORLD)
    assert state == before and after != state and isinstance(effects, tuple)

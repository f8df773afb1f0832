"""The one door (eightoff/web/door.py, eightoff/web/rooms.py): every action type and every
command name has exactly one handler among the page's controllers, read from the types
themselves; the door refuses routes with a gap or a double; what the door does before the
handler (the hint cleared, the board blocked)."""

from __future__ import annotations

from collections import Counter
from typing import Any, get_args

import pytest

from eightoff import Move
from eightoff.web.actions import (
    Action,
    Choose,
    Close,
    Command,
    CommandName,
    ImportFile,
    Jump,
    Navigate,
    OtherTab,
    Play,
    PointerAction,
    PointerCancel,
    PointerDown,
    PointerMove,
    PointerUp,
    Release,
    ReplaySpeed,
    Select,
    Shortcut,
    WorkerFailed,
    WorkerReply,
)
from eightoff.web.board.replay import Replay
from eightoff.web.door import Door, DoorError, Routes, clears_hint, needs_board
from eightoff.web.links.address import link_from_query
from eightoff.web.rooms import Rooms
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.store import Loaded
from tests.web.board.test_finisher import finishable
from tests.web.fakes.page import Page

ACTION_TYPES = set(get_args(Action))
COMMAND_NAMES = set(get_args(CommandName))


def test_the_lists_are_the_types_themselves() -> None:
    assert len(ACTION_TYPES) == 20 and {Command, Jump} <= ACTION_TYPES
    assert set(get_args(PointerAction)) == {PointerDown, PointerMove, PointerUp, PointerCancel}
    assert len(COMMAND_NAMES) == 28 and {"undo", "hint", "replay-exit", "export"} <= COMMAND_NAMES


def test_every_action_type_and_command_name_has_exactly_one_handler() -> None:
    """The page's own controllers, built as App builds them (rooms.Rooms), with fakes."""
    routes = Rooms(Page().parts()).routes()
    actions = Counter(kind for r in routes for kind, _handler in r.actions)
    commands = Counter(name for r in routes for name, _handler in r.commands)
    assert set(actions) == ACTION_TYPES - {Command}  # a Command goes by its name
    assert set(commands) == COMMAND_NAMES
    assert set(actions.values()) == {1} and set(commands.values()) == {1}
    assert Door.problems(routes) == []


def without(routes: list[Routes], gone: object) -> list[Routes]:
    return [
        Routes(
            tuple((k, h) for k, h in r.actions if k is not gone),
            tuple((n, h) for n, h in r.commands if n != gone),
        )
        for r in routes
    ]


@pytest.mark.parametrize("gone", sorted(ACTION_TYPES - {Command}, key=lambda t: t.__name__))
def test_an_action_type_without_a_handler_stops_the_door(gone: type[Any]) -> None:
    routes = without(Rooms(Page().parts()).routes(), gone)
    with pytest.raises(DoorError, match=f"^{gone.__name__} has no handler$"):
        Door(routes)


@pytest.mark.parametrize("gone", sorted(COMMAND_NAMES))
def test_a_command_without_a_handler_stops_the_door(gone: str) -> None:
    routes = without(Rooms(Page().parts()).routes(), gone)
    with pytest.raises(DoorError, match=f"^'{gone}' has no handler$"):
        Door(routes)


def test_a_second_handler_stops_the_door() -> None:
    routes = Rooms(Page().parts()).routes()
    extra = Routes(actions=((Release, print),), commands=(("undo", print), ("hint", print)))
    with pytest.raises(DoorError) as caught:
        Door([*routes, extra])
    assert str(caught.value) == "Release has 2 handlers; 'undo' has 2 handlers; 'hint' has 2 handlers"


def test_a_handler_of_what_is_no_action_stops_the_door() -> None:
    routes = Rooms(Page().parts()).routes()
    extra = Routes(actions=((int, print), (Command, print)), commands=(("launch", print),))  # type: ignore[arg-type]
    assert Door.problems([*routes, extra]) == [
        "int is no action",
        "Command goes by its name",
        "'launch' is no command",
    ]


def test_the_door_runs_the_one_handler() -> None:
    done: list[object] = []
    routes = Rooms(Page().parts()).routes()
    mine = [
        Routes(
            tuple((k, done.append) for k, _h in r.actions),
            tuple((n, lambda n=n: done.append(n)) for n, _h in r.commands),
        )
        for r in routes
    ]
    door = Door(mine)
    door(Release())
    door(Command("redo"))
    door(ReplaySpeed(2.0))
    assert done == [Release(), "redo", ReplaySpeed(2.0)]


HINT_KEPT = [
    Command("hint"),
    PointerDown("column-1", 5, "5S", 1, 0, 0, 0),
    PointerMove(1, 1),
    PointerUp(None, 0),
    PointerCancel(),
    ReplaySpeed(1.0),
    ImportFile(lambda: None),  # type: ignore[arg-type, return-value]
    OtherTab(Loaded(None, Settings(), None, 0)),
    WorkerReply("{}"),
    WorkerFailed("start"),
]


@pytest.mark.parametrize("action", HINT_KEPT, ids=lambda a: type(a).__name__)
def test_what_leaves_the_hint_shown(action: Action) -> None:
    assert not clears_hint(action)


@pytest.mark.parametrize(
    "action",
    [Command("undo"), Command("stats"), Release(), Select("cell-1"), Play(Move.parse("1e"), "5S")],
    ids=repr,
)
def test_what_clears_the_hint(action: Action) -> None:
    assert clears_hint(action)


def test_what_needs_the_board() -> None:
    board = [Command("undo"), Command("redo"), Command("hint"), Navigate("ArrowLeft"), Select("cell-1")]
    board += [Release(), Shortcut("tap", "column-1"), Play(Move.parse("1e"), "5S"), Command("finish")]
    free = [Command("new-game"), Command("replay-exit"), Close("win"), Choose("deck", "two")]
    free += [PointerDown("column-1", 5, "5S", 1, 0, 0, 0), PointerUp(None, 0)]
    assert [needs_board(a) for a in board] == [True] * len(board)
    assert [needs_board(a) for a in free] == [False] * len(free)


def test_dispatch_clears_the_hint_then_waits_while_a_dialog_is_open() -> None:
    page = Page()
    rooms = Rooms(page.parts())
    rooms.dispatch(None)
    assert page.view.calls == []
    page.dialogs.opened.add("settings-dialog")
    rooms.dispatch(Command("undo"))
    assert page.table.names() == ["unmark"]  # the hint cleared, the undo waits
    rooms.dispatch(Command("hint"))
    assert page.table.names() == ["unmark"] and page.solver.calls == []
    page.dialogs.opened.clear()
    rooms.dispatch(Command("undo"))
    assert page.table.names() == ["unmark", "unmark", "undo"]


def test_dispatch_waits_while_a_replay_is_shown() -> None:
    page = Page()
    rooms = Rooms(page.parts())
    link, _problem = link_from_query("?deal=EO1-C8-AAAAAFA&moves=1e&replay")
    assert link is not None
    rooms.replayer.replay = Replay.of(link)
    rooms.dispatch(Select("column-1"))
    assert page.ui.held is None
    rooms.replayer.replay = None
    rooms.dispatch(Select("column-1"))
    assert page.ui.held is not None and page.ui.held.card == "5S"


def test_finish_stops_behind_a_dialog_opened_meanwhile() -> None:
    """Finish through the page's own controllers and door (review §3.h): E, one move,
    then the Settings window opens before the next: the moves stop behind the window, the
    game not won and no win message; E with the window closed finishes it."""
    page = Page(finishable())
    rooms = Rooms(page.parts())

    async def settings_meanwhile(seconds: float) -> None:
        page.dialogs.opened.add("settings-dialog")

    rooms.finisher.sleep = settings_meanwhile
    rooms.dispatch(Command("finish"))
    page.browser.finish()
    assert page.table.game.moves == 1 and not page.table.game.is_won
    assert not rooms.finisher.running and "show_win" not in page.dialogs.names()
    rooms.dispatch(Command("finish"))  # pressed again, the window still open: nothing
    page.browser.finish()
    assert page.table.game.moves == 1
    page.dialogs.opened.clear()
    rooms.finisher.sleep = page.browser.sleep
    rooms.dispatch(Command("finish"))
    page.browser.finish()
    assert page.table.game.is_won and page.table.game.moves == 16
    assert ("show_win", page.table.game) in page.dialogs.calls

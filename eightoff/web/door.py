"""The one door: each action type and each command name to exactly one handler (pure
Python, no browser import; tested under CPython).

Every controller says what it handles as :class:`Routes`; :class:`Door` gathers them and
refuses, when it is built, an action type (a member of :data:`.actions.Action`) or a
command name (:data:`.actions.CommandName`) that has no handler or two, so a page that
forgot one does not start. ``App.dispatch`` asks it for the handler of each action.

>>> from .actions import Release
>>> done = []
>>> routes = Routes(actions=((Release, done.append),), commands=(("undo", lambda: done.append("undo")),))
>>> Door.problems([routes])[:2]
['Play has no handler', 'PutBack has no handler']
>>> Door.problems([routes, routes])[-2:]
['Release has 2 handlers', "'undo' has 2 handlers"]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final, get_args

from .actions import (
    BOARD_COMMANDS,
    Action,
    BoardAction,
    Command,
    CommandName,
    ImportFile,
    KeyPlay,
    OtherTab,
    PointerAction,
    ReplaySpeed,
    WorkerFailed,
    WorkerReply,
)

ActionHandler = Callable[[Any], None]
"""A handler of one action type: called with the action."""
CommandHandler = Callable[[], None]

ACTION_TYPES: Final[tuple[type[Any], ...]] = get_args(Action)
COMMAND_NAMES: Final[tuple[CommandName, ...]] = get_args(CommandName)
KEEP_HINT: Final[tuple[type[Any], ...]] = (
    *get_args(PointerAction),
    ReplaySpeed,
    ImportFile,
    OtherTab,
    WorkerReply,
    WorkerFailed,
)
"""The actions that leave a hint shown: a gesture in progress (its result, when it has one,
clears it), the replay's speed, a file chosen, and what arrives from outside (another
tab's game clears it itself)."""
KEY_PLAY: Final[tuple[type[Any], ...]] = get_args(KeyPlay)
BOARD_PLAY: Final[tuple[type[Any], ...]] = (*get_args(BoardAction), *KEY_PLAY)
"""What a blocked board refuses whoever sends it: keyboard play and tap-to-select, and a
:class:`.actions.Play` (or put-back, feedback) that comes through the door: Finish's moves."""


@dataclass(frozen=True)
class Routes:
    """What one controller handles: action types (``Command`` is the door's own, routed
    by name) and command names, each with its handler."""

    actions: tuple[tuple[type[Any], ActionHandler], ...] = ()
    commands: tuple[tuple[CommandName, CommandHandler], ...] = ()


class DoorError(ValueError):
    """An action type or a command name has no handler, or more than one."""


class Door:
    """The handlers of every action type and command name, one each."""

    def __init__(self, routes: Iterable[Routes]) -> None:
        every = list(routes)
        problems = self.problems(every)
        if problems:
            raise DoorError("; ".join(problems))
        self.actions: dict[type[Any], ActionHandler] = {k: h for r in every for k, h in r.actions}
        self.commands: dict[str, CommandHandler] = {k: h for r in every for k, h in r.commands}

    @staticmethod
    def problems(routes: Iterable[Routes]) -> list[str]:
        """What is wrong with these routes: each action type but ``Command`` and each
        command name must have exactly one handler, and nothing else may have one."""
        every = list(routes)
        actions = Counter(kind for r in every for kind, _h in r.actions)
        commands = Counter(name for r in every for name, _h in r.commands)
        wanted = [(kind.__name__, actions[kind]) for kind in ACTION_TYPES if kind is not Command]
        wanted += [(repr(name), commands[name]) for name in COMMAND_NAMES]
        found = [f"{name} has no handler" for name, count in wanted if not count]
        found += [f"{name} has {count} handlers" for name, count in wanted if count > 1]
        found += [f"{kind.__name__} is no action" for kind in actions if kind not in ACTION_TYPES]
        found += [f"{kind.__name__} goes by its name" for kind in actions if kind is Command]
        found += [f"{name!r} is no command" for name in commands if name not in COMMAND_NAMES]
        return found

    def __call__(self, action: Action) -> None:
        """Run the handler of ``action``."""
        if isinstance(action, Command):
            self.commands[action.name]()
        else:
            self.actions[type(action)](action)


def clears_hint(action: Action) -> bool:
    """Whether ``action`` takes the hint shown off the board (every one but a hint itself
    and :data:`KEEP_HINT`)."""
    return action != Command("hint") and not isinstance(action, KEEP_HINT)


def needs_board(action: Action) -> bool:
    """Whether ``action`` acts on the board, which takes none while a dialog is open over
    it or a replay is shown: keyboard play, tap-to-select, a move sent through the door
    (Finish's), undo, redo, hint, go back, finish. A pointer's gesture asks the board itself
    when it starts (:meth:`.board.hands.Hands.down`)."""
    if isinstance(action, Command):
        return action.name in BOARD_COMMANDS
    return isinstance(action, BOARD_PLAY)


__all__ = ["ACTION_TYPES", "COMMAND_NAMES", "Door", "DoorError", "Routes", "clears_hint", "needs_board"]

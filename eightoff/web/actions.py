"""What the player asks for: one :data:`Action` from any input (pure Python, no browser
import; tested under CPython). The page's controls are read into them by :mod:`.controls`.

The page's controls' actions are in :mod:`.commands`, re-exported here.

Every input source turns its events into these values and hands them to one door, ``App.dispatch``
(eightoff/web/app.py, :mod:`.door`): the pointer, the keyboard (through :mod:`.board.keymap`), the
buttons and choices, a chosen file, another tab, the solver's worker. An input never changes the
game itself, so two inputs cannot disagree about what a move does.

Board actions come from gestures on the cards: :class:`Play` one move (the engine may
refuse it, and then says why), :class:`PutBack` the carried cards, or :class:`Feedback`
(nothing moves; the card shows it). The pointer's events on the board
(:data:`PointerAction`) are read into them by :class:`.board.gestures.UiState`; keyboard
play and tap-to-select are :data:`KeyPlay`. Buttons, keys and the dialogs' fields give a
:class:`Command`, :class:`Close` (one dialog), :class:`Choose` (a setting),
:class:`ReplaySpeed` or :class:`ImportFile`; from outside the page come
:data:`FromOutside`: another tab's save, the solver's worker's answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from ..moves import Move
from .commands import (
    BOARD_COMMANDS,
    COMMANDS,
    SETTINGS,
    Choose,
    Close,
    Command,
    CommandName,
    ImportFile,
    ReplaySpeed,
    SettingName,
)
from .storage.store import Loaded

# -- board actions -------------------------------------------------------------------


@dataclass(frozen=True)
class Play:
    """Play ``move``. ``card`` is the card the gesture touched (the head of the moved
    cards): when the engine refuses the move and nothing was carried, it is the card
    that shows the refusal."""

    move: Move
    card: str


@dataclass(frozen=True)
class PutBack:
    """The carried cards, headed by ``card``, go back to their pile: dropped on no pile
    or on their own pile, or the gesture was interrupted."""

    card: str


FeedbackReason = Literal["tap", "double-tap"]
"""Why a gesture moved nothing: ``tap``, a single tap whose card has no move to its
foundation (it may be the first half of a double tap: nothing is said); ``double-tap``, a
double tap for which the engine found no move at all (said in words)."""


@dataclass(frozen=True)
class Feedback:
    """Nothing moves: brief feedback on ``card``, and the ``reason``."""

    card: str
    reason: FeedbackReason


BoardAction = Play | PutBack | Feedback


# -- keyboard play and tap-to-select ---------------------------------------------------

NavKey = Literal["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]
"""The keys that move the board's focus (:mod:`.board.focus`)."""
NAV_KEYS: Final[frozenset[str]] = frozenset(get_args(NavKey))


@dataclass(frozen=True)
class Navigate:
    """Move the board's focus by an arrow key, Home or End (:mod:`.board.focus`)."""

    key: NavKey


@dataclass(frozen=True)
class Select:
    """Enter or Space on the board, or a tap with tap-to-select: with nothing picked up,
    pick up the card at ``index`` of ``pile`` (``None``: the pile's top card) and the
    cards on it; with cards picked up, put them on ``pile``."""

    pile: str
    index: int | None = None


@dataclass(frozen=True)
class Jump:
    """A key that names a pile (1–8 a column, Shift+1–8 a cell): with nothing picked
    up, pick up that pile's top card; with cards picked up, put them there — as many of
    the run as the engine lets go there when the pick was a jump too
    (:meth:`eightoff.game.Game.onto`)."""

    pile: str


@dataclass(frozen=True)
class Release:
    """Escape: the picked-up cards go back where they were."""


ShortcutName = Literal["tap", "double-tap"]


@dataclass(frozen=True)
class Shortcut:
    """F (``tap``: to its foundation) or D (``double-tap``) on the card at ``index`` of
    ``pile`` (``None``: its top card)."""

    name: ShortcutName
    pile: str
    index: int | None = None


KeyPlay = Navigate | Select | Jump | Release | Shortcut


# -- the pointer on the board ----------------------------------------------------------


@dataclass(frozen=True)
class PointerDown:
    """The pointer ``pointer`` (of ``kind`` mouse, pen, touch) went down on ``card``, at
    ``index`` (0 = bottom) of ``pile``, at (``x``, ``y``) at ``now`` (ms)."""

    pile: str
    index: int
    card: str
    pointer: int
    x: float
    y: float
    now: float
    kind: str = "mouse"


@dataclass(frozen=True)
class PointerMove:
    """The followed pointer moved to (``x``, ``y``): past a threshold a press is a drag."""

    x: float
    y: float


@dataclass(frozen=True)
class PointerUp:
    """The followed pointer went up over the pile ``drop`` (``None``: none) at ``now`` (ms)."""

    drop: str | None
    now: float


@dataclass(frozen=True)
class PointerCancel:
    """The followed pointer's gesture was interrupted (pointercancel, lost capture)."""


PointerAction = PointerDown | PointerMove | PointerUp | PointerCancel


# -- from outside the page --------------------------------------------------------------


@dataclass(frozen=True)
class OtherTab:
    """Another tab saved a newer game, or wrote a value that is no record (no ``game``)."""

    loaded: Loaded


@dataclass(frozen=True)
class WorkerReply:
    """The solver's worker answered: its JSON ``text`` (:mod:`.solver.messages`)."""

    text: str


WorkerFailure = Literal["start", "timeout"]
"""Why the solver's worker was given up: it failed (to start, mostly), or did not answer."""


@dataclass(frozen=True)
class WorkerFailed:
    """The solver's worker failed or did not answer in time (it is given up)."""

    failure: WorkerFailure


FromOutside = OtherTab | WorkerReply | WorkerFailed
"""What reaches the page from outside it: another tab's save, the solver worker's answers."""

Action = (
    BoardAction | KeyPlay | PointerAction | Command | Close | Choose | ReplaySpeed | ImportFile | FromOutside
)
"""Everything ``App.dispatch`` accepts: each type has exactly one handler (:mod:`.door`)."""


__all__ = [
    "BOARD_COMMANDS",
    "COMMANDS",
    "NAV_KEYS",
    "SETTINGS",
    "Action",
    "BoardAction",
    "Choose",
    "Close",
    "Command",
    "CommandName",
    "Feedback",
    "FeedbackReason",
    "FromOutside",
    "ImportFile",
    "Jump",
    "KeyPlay",
    "NavKey",
    "Navigate",
    "OtherTab",
    "Play",
    "PointerAction",
    "PointerCancel",
    "PointerDown",
    "PointerMove",
    "PointerUp",
    "PutBack",
    "Release",
    "ReplaySpeed",
    "Select",
    "SettingName",
    "Shortcut",
    "ShortcutName",
    "WorkerFailed",
    "WorkerFailure",
    "WorkerReply",
]

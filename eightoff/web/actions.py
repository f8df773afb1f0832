"""What the player asks for: one :data:`Action` from any input, and the page's controls
read into them (pure Python, no browser import; tested under CPython).

Every input source turns its events into these values and hands them to one door, ``App.dispatch``
(eightoff/web/app.py, :mod:`.door`): the pointer, the keyboard (through :mod:`.board.keymap`), the
buttons and choices (:func:`from_button`, :func:`from_choice`), a chosen file, another tab, the
solver's worker. An input never changes the game itself, so two inputs cannot disagree about
what a move does.

Board actions come from gestures on the cards: :class:`Play` one move (the engine may
refuse it, and then says why), :class:`PutBack` the carried cards, or :class:`Feedback`
(nothing moves; the card shows it). The pointer's events on the board
(:data:`PointerAction`) are read into them by :class:`.board.input_state.InputState`; keyboard
play and tap-to-select are :data:`KeyPlay`. Buttons, keys and the dialogs' fields give a
:class:`Command`, :class:`Close` (one dialog), :class:`Choose` (a setting),
:class:`ReplaySpeed` or :class:`ImportFile`; from outside the page come
:data:`FromOutside`: another tab's save, the solver's worker's answers.

>>> from_button("undo")
Command(name='undo')
>>> from_button("close", dialog="win")
Close(dialog='win')
>>> from_button("launch-rockets") is None
True
>>> from_choice("cells", "4").applied_to(Settings())
Settings(cells=4, deck='four', winnable=True, tap_to_select=False)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Final, Literal, cast, get_args

from ..moves import Move
from .storage.settings import Settings, SettingsError
from .storage.store import Loaded

# -- commands ------------------------------------------------------------------------

CommandName = Literal[
    "undo",
    "redo",
    "new-game",
    "settings",
    "copy-link",
    "win-new",
    "random-deal",
    "play-code",
    "restart",
    "confirm-yes",
    "hint",
    "go-back",
    "finish",
    "help",
    "how-to",
    "how-to-close",
    "stats",
    "share",
    "reset-stats",
    "export",
    "daily",
    "replay-start",
    "replay-back",
    "replay-play",
    "replay-forward",
    "replay-end",
    "replay-take-over",
    "replay-exit",
]
"""The page's commands, named as the buttons' ``data-action`` (docs/dom-contract.md):
undo and redo one action; open the New Game window (``new-game``, or ``win-new`` from the
win message) or the settings; copy the deal's link; start a random deal, the code typed
in the New Game window (``play-code``) or this deal again (``restart``), each after asking
when a game in progress would be lost; ``confirm-yes`` answers that question; ``hint``
shows the next move of a winning line, ``go-back`` undoes to the last position that can
still be won once a hint found none (:mod:`.solver.coach`); ``help`` opens the list of
keys, ``how-to`` the how-to-play (``how-to-close`` hides it). The player's record:
``stats`` opens the Statistics window, ``share`` copies a replay link of the game,
``reset-stats`` (after asking), ``export`` (a backup file), ``daily`` starts today's deal;
the replay bar's ``replay-*`` buttons step through a replay, ``replay-take-over`` plays
on from the step shown, ``replay-exit`` closes the replay."""
COMMANDS: Final[frozenset[str]] = frozenset(get_args(CommandName))
BOARD_COMMANDS: Final[frozenset[str]] = frozenset({"undo", "redo", "hint", "go-back", "finish"})
"""Commands that act on the board, which does nothing while a dialog is open over it."""


@dataclass(frozen=True)
class Command:
    """Do one of the page's commands."""

    name: CommandName


@dataclass(frozen=True)
class Close:
    """Close the dialog whose id is ``dialog`` (its close or cancel button)."""

    dialog: str


SettingName = Literal["cells", "deck", "winnable", "tap-to-select", "language", "theme", "clock", "motion"]
SETTINGS: Final[frozenset[str]] = frozenset(get_args(SettingName))


@dataclass(frozen=True)
class Choose:
    """A setting chosen in a dialog: the radio input ``setting`` now holds ``value`` (a
    checkbox: ``"true"`` or ``"false"``)."""

    setting: SettingName
    value: str

    def applied_to(self, settings: Settings) -> Settings:
        """The settings with this choice; raises ``ValueError`` (a
        :class:`.storage.settings.SettingsError` for a value outside the choices) when the value
        cannot be used.

        >>> Choose("deck", "two").applied_to(Settings(cells=2))
        Settings(cells=2, deck='two', winnable=True, tap_to_select=False)
        >>> Choose("cells", "7").applied_to(Settings())
        Traceback (most recent call last):
        ...
        eightoff.web.storage.settings.SettingsError: a game has 8, 4 or 2 cells, not 7
        """
        if self.setting == "cells":
            return replace(settings, cells=int(self.value))
        if self.setting == "winnable":
            if self.value not in ("true", "false"):
                raise SettingsError(
                    f"winnable is true or false, not {self.value!r:.20}", code="settings-winnable"
                )
            return replace(settings, winnable=self.value == "true")
        if self.setting == "tap-to-select":
            return replace(settings, tap_to_select=self.value == "true")
        if self.setting == "clock":
            return replace(settings, clock=self.value == "true")
        if self.setting == "language":
            return replace(settings, language=self.value)
        if self.setting == "theme":
            return replace(settings, theme=self.value)
        if self.setting == "motion":  # the checkbox: on or off from now on
            return replace(settings, motion="on" if self.value == "true" else "off")
        return replace(settings, deck=self.value)


@dataclass(frozen=True)
class ReplaySpeed:
    """The replay bar's speed: ``speed`` moves a second (one of :data:`.board.replay.SPEEDS`)."""

    speed: float


@dataclass(frozen=True)
class ImportFile:
    """A backup file was chosen: ``read()`` gives its text (``None``: no file chosen) or
    raises :class:`.storage.backup_file.BackupError` (a file too big to be a backup)."""

    read: Callable[[], Awaitable[str | None]]


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


# -- the controls read -------------------------------------------------------------


def from_button(name: str, dialog: str = "") -> Command | Close | None:
    """The action of a button by its ``data-action``; ``dialog`` is the id of the dialog
    the button is in (used by ``close``). ``None`` for a name the page does not know."""
    if name == "close":
        return Close(dialog) if dialog else None
    if name in COMMANDS:
        return Command(cast(CommandName, name))
    return None


def from_choice(name: str, value: str) -> Choose | ReplaySpeed | None:
    """The action of a radio input or a select by its ``name`` and ``value``; ``None``
    when it is no setting (or no speed).

    >>> from_choice("replay-speed", "0.5")
    ReplaySpeed(speed=0.5)
    >>> from_choice("replay-speed", "fast") is None
    True
    """
    if name in SETTINGS:
        return Choose(cast(SettingName, name), value)
    if name == "replay-speed":
        try:
            return ReplaySpeed(float(value))
        except ValueError:
            return None
    return None


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
    "from_button",
    "from_choice",
]

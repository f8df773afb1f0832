"""What reaches the page: one :data:`Action` from any input, timer or effect, and the
page's controls read into them (pure Python, no browser import; tested under CPython).

Every source turns its events into these values and hands them to the page's one update
(:func:`.update.update`): the pointer on the board (:data:`PointerAction`), the keyboard
(:data:`KeyPlay` and :class:`Command`, through :mod:`.board.keymap`), the buttons and
choices (:func:`from_button`, :func:`from_choice`), a chosen file, the code typed in the
New Game window, the focus landing on the board, the tab hidden or seen, another tab's
save, the solver's worker (:data:`FromOutside`), the page's own timers (:data:`Timer`) and
what the effects it asked for came to (:data:`EffectResult`). An input never changes the
game itself, so two inputs cannot disagree about what a move does.

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
from typing import Any, Final, Literal, cast, get_args

from ..levels import Level
from .storage.backup_file import BackupError
from .storage.settings import Settings, SettingsError
from .storage.store import Aside, Loaded, Notice

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
    "back-to-last",
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
    "download-history",
    "daily",
    "replay-start",
    "replay-back",
    "replay-play",
    "replay-forward",
    "replay-end",
    "replay-take-over",
    "replay-exit",
    "unsaved",
    "keep-newer",
    "restore-aside",
    "download-aside",
    "discard-aside",
]
"""The page's commands, named as the buttons' ``data-action`` (docs/dom-contract.md):
undo and redo one action; open the New Game window (``new-game``, or ``win-new`` from the
win message) or the settings; copy the deal's link; start a random deal, the code typed
in the New Game window (``play-code``) or this deal again (``restart``), the game they
replace in progress kept one command away: ``back-to-last`` (and ``undo`` right after the
deal) brings it back; ``confirm-yes`` answers the question asked before something is lost
(the statistics reset, a backup or the set-aside record taken); ``hint``
shows the next move of a winning line, ``go-back`` undoes to the last position that can
still be won once a hint found none (docs/coach.md); ``finish`` plays every card left home;
``help`` opens the list of keys, ``how-to`` the how-to-play (``how-to-close`` hides it).
The player's record: ``stats`` opens the Statistics window, ``share`` copies a replay link
of the game, ``reset-stats`` (after asking), ``export`` (a backup file),
``download-history`` (the last games as CSV), ``daily`` starts today's deal; the replay
bar's ``replay-*`` buttons step through a replay, ``replay-take-over`` plays on from the
step shown, ``replay-exit`` closes the replay.
Storage: ``unsaved`` (the "Not saved" badge) says why saves do not work and what to do,
``keep-newer`` sets a newer version's record aside and plays on, saved; the settings'
``restore-aside``, ``download-aside`` and ``discard-aside`` act on what was set aside."""
COMMANDS: Final[frozenset[str]] = frozenset(get_args(CommandName))
BOARD_COMMANDS: Final[frozenset[str]] = frozenset({"undo", "redo", "hint", "go-back", "finish"})
"""Commands that act on the board, which does nothing while a dialog is open over it or a
replay is shown."""


@dataclass(frozen=True)
class Command:
    """Do one of the page's commands."""

    name: CommandName


@dataclass(frozen=True)
class Close:
    """Close the dialog whose id is ``dialog`` (its close or cancel button)."""

    dialog: str


@dataclass(frozen=True)
class DialogClosed:
    """The dialog ``dialog`` closed by itself (Escape, or the browser closed it)."""

    dialog: str


SettingName = Literal[
    "cells",
    "deck",
    "winnable",
    "level",
    "tap-to-select",
    "language",
    "theme",
    "clock",
    "motion",
    "pace",
    "cards",
    "hint-at-once",
    "sound",
    "haptics",
]
SETTINGS: Final[frozenset[str]] = frozenset(get_args(SettingName))
SWITCHES: Final[frozenset[str]] = frozenset(
    {"winnable", "tap-to-select", "clock", "motion", "hint-at-once", "sound", "haptics"}
)
"""The settings chosen by a checkbox: ``"true"`` or ``"false"``."""
LEVEL_VALUES: Final[dict[str, Level | None]] = {
    "any": None,
    "easy": "easy",
    "medium": "medium",
    "hard": "hard",
}
"""The level's radio values: ``any`` (no level: the whole catalogue) or a level."""


@dataclass(frozen=True)
class Choose:
    """A setting chosen in a dialog: the input ``setting`` now holds ``value`` (a checkbox:
    ``"true"`` or ``"false"``; the level: ``"any"`` or a level, :data:`LEVEL_VALUES`)."""

    setting: SettingName
    value: str

    def applied_to(self, settings: Settings) -> Settings:
        """The settings with this choice; raises :class:`.storage.settings.SettingsError`
        for a value outside the choices.

        >>> Choose("deck", "two").applied_to(Settings(cells=2))
        Settings(cells=2, deck='two', winnable=True, tap_to_select=False)
        >>> Choose("cells", "7").applied_to(Settings())
        Traceback (most recent call last):
        ...
        eightoff.web.storage.settings.SettingsError: a game has 8, 4 or 2 cells, not 7
        >>> Choose("level", "hard").applied_to(Settings()).level
        'hard'
        >>> Choose("clock", "maybe").applied_to(Settings())
        Traceback (most recent call last):
        ...
        eightoff.web.storage.settings.SettingsError: clock is true or false, not 'maybe'
        """
        value = self.value
        if self.setting in SWITCHES and value not in ("true", "false"):
            raise SettingsError(f"{self.setting} is true or false, not {value!r:.20}", code="settings-switch")
        on = value == "true"
        if self.setting == "cells":
            return replace(settings, cells=int(value) if value.isdigit() else 0)
        if self.setting == "level":
            if value not in LEVEL_VALUES:
                raise SettingsError(f"no such level {value!r:.20}", code="settings-level")
            return replace(settings, level=LEVEL_VALUES[value])
        if self.setting == "motion":  # the checkbox: on or off from now on
            return replace(settings, motion="on" if on else "off")
        # the input's name is the field's, with hyphens; Settings checks the value it is given
        change: dict[str, Any] = {self.setting.replace("-", "_"): on if self.setting in SWITCHES else value}
        return replace(settings, **change)


@dataclass(frozen=True)
class ReplaySpeed:
    """The replay bar's speed: ``speed`` moves a second (one of :data:`.board.replay.SPEEDS`)."""

    speed: float


@dataclass(frozen=True)
class ImportFile:
    """A backup file was chosen: ``read()`` gives its text (``None``: no file chosen) or
    raises :class:`.storage.backup_file.BackupError` (a file too big to be a backup)."""

    read: Callable[[], Awaitable[str | None]]


@dataclass(frozen=True)
class CodeTyped:
    """The New Game window's code field holds ``text`` now."""

    text: str


Control = Command | Close | DialogClosed | Choose | ReplaySpeed | ImportFile | CodeTyped
"""The page's buttons, choices and fields."""

# -- keyboard play and tap-to-select ---------------------------------------------------

NavKey = Literal["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]
"""The keys that move the board's focus (:mod:`.board.focus`)."""
NAV_KEYS: Final[frozenset[str]] = frozenset(get_args(NavKey))


@dataclass(frozen=True)
class Navigate:
    """Move the board's focus by an arrow key, Home or End; ``rows``: how many rows the
    board draws above the columns now (1 or 2, :func:`.board.focus.rows_for`)."""

    key: NavKey
    rows: int = 1


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


@dataclass(frozen=True)
class FocusTo:
    """The focus landed on the board's ``pile`` (card ``index`` of a column; ``None``: the
    pile itself), by Tab or a screen reader: it holds the board's tab stop now."""

    pile: str
    index: int | None = None


KeyPlay = Navigate | Select | Jump | Release | Shortcut
"""Keyboard play and tap-to-select: what the board does not take while it is blocked."""

# -- the pointer on the board ----------------------------------------------------------


@dataclass(frozen=True)
class PointerDown:
    """The pointer ``pointer`` (of ``kind`` mouse, pen, touch) went down on ``card``, at
    ``index`` (0 = bottom) of ``pile``, at (``x``, ``y``) at ``now`` (ms); ``near``: the
    column's other cards whose strip, widened to a touch target, holds the point (index,
    card; nearest first), the press's if its own card cannot be picked up."""

    pile: str
    index: int
    card: str
    pointer: int
    x: float
    y: float
    now: float
    kind: str = "mouse"
    near: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class PointerMove:
    """The followed pointer moved to (``x``, ``y``), over the pile ``under``, the carried
    cards (if any) over the pile ``seen``: past a threshold a press is a drag."""

    x: float
    y: float
    seen: str | None = None
    under: str | None = None


@dataclass(frozen=True)
class PointerUp:
    """The followed pointer went up over the pile ``drop`` (``None``: none) at ``now`` (ms),
    the carried cards (if any) over the pile ``seen``."""

    drop: str | None
    now: float
    seen: str | None = None


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


WorkerFailure = Literal["start", "timeout", "outdated"]
"""Why the solver's worker was given up: it failed (to start, mostly), it did not answer, or
its file is gone from the site (a new version was deployed since the page loaded)."""


@dataclass(frozen=True)
class WorkerFailed:
    """The solver's worker failed or did not answer in time (it is given up)."""

    failure: WorkerFailure


@dataclass(frozen=True)
class Visibility:
    """The tab was hidden (another tab, the window minimised, the page left) or seen again."""

    hidden: bool


FromOutside = OtherTab | WorkerReply | WorkerFailed | Visibility
"""What reaches the page from outside it: another tab's save, the solver worker's answers,
the tab's visibility."""

# -- the page's timers ------------------------------------------------------------------


@dataclass(frozen=True)
class TapWindow:
    """The double-tap window of the refused tap held under ``serial`` passed."""

    serial: int


@dataclass(frozen=True)
class FinishStep:
    """Finish's next move is due (the run ``serial``)."""

    serial: int


@dataclass(frozen=True)
class ReplayStep:
    """A playing replay's next step is due."""


@dataclass(frozen=True)
class Tick:
    """The clock's next second began."""


Timer = TapWindow | FinishStep | ReplayStep | Tick

# -- what the effects came to --------------------------------------------------------------


@dataclass(frozen=True)
class Saved:
    """A save came to ``notice`` (``None``: nothing to tell); ``unsaved``: why saves do not
    work now (a notice code; ``""``: they do); ``loaded``: another tab's record, read when it
    had saved first (``first``: the start's save, whose notice joins the start's words)."""

    notice: Notice | None
    unsaved: str = ""
    loaded: Loaded | None = None
    first: bool = False


@dataclass(frozen=True)
class AsideRead:
    """What the set-aside slot holds now (``None``: nothing)."""

    aside: Aside | None


@dataclass(frozen=True)
class Persisted:
    """The browser's answer to keeping the page's storage (``navigator.storage.persist``):
    ``kept``, or ``None`` when it has no such answer."""

    kept: bool | None


@dataclass(frozen=True)
class Copied:
    """``url`` was put on the clipboard (``done``), or the clipboard refused it; ``said``:
    what to say when it was."""

    url: str
    said: str
    done: bool


ShareOutcome = Literal["shared", "cancelled", "unavailable"]
"""How an offer to the device's share sheet ended: shared, closed by the player, or none to
offer it to (none on this device, or it cannot take the link): the shell's
:func:`.links.clipboard.share_link` answers one of these."""


@dataclass(frozen=True)
class Shared:
    """The device's share sheet took ``url`` (``outcome``)."""

    url: str
    outcome: ShareOutcome


@dataclass(frozen=True)
class FileRead:
    """The chosen backup file's ``text`` (``None``: no file chosen), or why it was refused
    unread (``error``)."""

    text: str | None
    error: BackupError | None = None


EffectResult = Saved | Copied | Shared | FileRead | AsideRead | Persisted

Action = Control | KeyPlay | FocusTo | PointerAction | FromOutside | Timer | EffectResult
"""Everything the update takes (:func:`.update.update`, one case each)."""


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
    """The action of a radio input, a checkbox or a select by its ``name`` and ``value``;
    ``None`` when it is no setting (or no speed).

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
    "LEVEL_VALUES",
    "NAV_KEYS",
    "SETTINGS",
    "Action",
    "AsideRead",
    "Choose",
    "Close",
    "CodeTyped",
    "Command",
    "CommandName",
    "Control",
    "Copied",
    "DialogClosed",
    "EffectResult",
    "FileRead",
    "FinishStep",
    "FocusTo",
    "FromOutside",
    "ImportFile",
    "Jump",
    "KeyPlay",
    "NavKey",
    "Navigate",
    "OtherTab",
    "Persisted",
    "PointerAction",
    "PointerCancel",
    "PointerDown",
    "PointerMove",
    "PointerUp",
    "Release",
    "ReplaySpeed",
    "ReplayStep",
    "Saved",
    "Select",
    "SettingName",
    "ShareOutcome",
    "Shared",
    "Shortcut",
    "ShortcutName",
    "TapWindow",
    "Tick",
    "Timer",
    "Visibility",
    "WorkerFailed",
    "WorkerFailure",
    "WorkerReply",
    "from_button",
    "from_choice",
]

"""The page's one state: everything on screen and everything the page remembers between two
actions, each fact with one owner (pure Python, no browser import; tested under CPython).

:class:`PageState` is a value. The update (:func:`.update.update`) makes the next one from
it and an action; the view (:class:`.view.page.PageView`) draws it, and nothing else writes
to the page. Its parts: the game, the settings and the record (the engine's
:class:`~eightoff.game.Game` is never changed in place once it is in a state: the update
plays on a copy), the board's input state, the hint and the coach's requests, the replay
shown, Finish's run, the clock, the focus, the status line and the live region, the windows
open, the how-to. What can be derived (the board's model, the lit targets' names, whether
the board takes input, the address) is derived where it is used, never kept twice.

The few things of the world the update may know come with each action as a :class:`World`:
the time, the day, and a random number for deals, so the update stays a function.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from types import MappingProxyType
from typing import Literal

from ..deal import DealCode
from ..game import Game
from ..moves import Move
from ..position import Position
from .board.clock import Clock
from .board.focus import Spot
from .board.input_state import InputState, Tap
from .board.marks import Marks
from .board.model import Motion
from .board.replay import Replay
from .solver.messages import Line, ReplyVerdict
from .storage.backup_file import Backup
from .storage.settings import Settings
from .storage.stats import Stats
from .storage.store import Aside


@dataclass(frozen=True)
class World:
    """What the update may know of the world when an action comes: ``now``, a monotonic
    time in milliseconds (``performance.now``); the UTC ``day``; ``stamp``, the time in ISO
    8601 UTC (a backup's); ``chance``, a random number below 2**63 (a deal's draw)."""

    now: float = 0.0
    day: date = date(2026, 1, 1)
    stamp: str = "2026-01-01T00:00:00Z"
    chance: int = 0


# -- words on screen -------------------------------------------------------------------


@dataclass(frozen=True)
class Said:
    """Words in the status line or the live region; ``serial``: said anew (the same words
    said twice are shown twice)."""

    text: str = ""
    serial: int = 0


@dataclass(frozen=True)
class Change:
    """How the board's last change looks (:func:`.board.model.plan`): its ``motion`` and the
    card that ``refused`` to move; ``serial``: a new change (any other redraw glides)."""

    motion: Motion = "still"
    refused: str | None = None
    serial: int = 0


# -- the windows -----------------------------------------------------------------------


@dataclass(frozen=True)
class StartDeal:
    """Start the deal ``code`` from its first card; ``said``: what the status line says."""

    code: DealCode
    said: Literal["new", "restarted"] = "new"


@dataclass(frozen=True)
class ResetStats:
    """Empty the player's record."""


@dataclass(frozen=True)
class TakeBackup:
    """Replace the game, settings and record with a backup's."""

    backup: Backup


@dataclass(frozen=True)
class TakeAside:
    """Bring back the record that was set aside, in place of the game, settings and record."""


Pending = ResetStats | TakeBackup | TakeAside
"""What the question's "yes" does, as data: each loses something Undo cannot bring back
(a new deal needs no question: the game it replaces is kept, :meth:`.storage.stats.Stats.leave`)."""


@dataclass(frozen=True)
class Confirm:
    """The question (``#confirm``): ``then`` once the player says yes. Its words: the
    statistics to reset, a backup or the set-aside record to take over the game in
    progress (``moves``)."""

    ident = "confirm"
    then: Pending
    moves: int = 0


@dataclass(frozen=True)
class WinWindow:
    """The win message (``#win``): the game's ``score`` and ``moves``, the solver's own
    line's length once known (``line``), the game's ``time`` on its clock (ms; ``None``:
    not timed from its start), the ``streak`` of wins it is part of (its cell count's), and
    the records it beat (``best``: ``score``, ``moves``, ``time``; none on a first win)."""

    ident = "win"
    score: int
    moves: int
    line: int | None = None
    time: int | None = None
    streak: int = 0
    best: tuple[Literal["score", "moves", "time"], ...] = ()


@dataclass(frozen=True)
class NewGameWindow:
    """The New Game window (``#new-game-dialog``); ``code``: what the code field holds."""

    ident = "new-game-dialog"
    code: str = ""


@dataclass(frozen=True)
class SettingsWindow:
    ident = "settings-dialog"


@dataclass(frozen=True)
class KeysWindow:
    ident = "help-dialog"


@dataclass(frozen=True)
class StatsWindow:
    """The Statistics window (``#stats``); ``message``: the line under its buttons (an
    export's, an import's, said anew each time), ``bad`` when it is a refusal."""

    ident = "stats"
    message: Said = Said()
    bad: bool = False


@dataclass(frozen=True)
class SavingWindow:
    """Why the game is not saved and what to do (``#saving-dialog``, from the "Not saved"
    badge)."""

    ident = "saving-dialog"


Window = Confirm | WinWindow | NewGameWindow | SettingsWindow | KeysWindow | StatsWindow | SavingWindow


# -- the solver's work ------------------------------------------------------------------


@dataclass(frozen=True)
class Asked:
    """A request (its ``serial``) about ``game`` as it was: an answer about a game changed
    since (a move, an undo, another deal: another value) is void."""

    serial: int
    game: Game

    def holds(self, game: Game) -> bool:
        return game is self.game


HintStep = Literal["card", "move"]
"""How much of a hint is shown: its ``card`` alone (the first H) or the whole ``move`` (a
second H on the same position, or at once with the setting ``hint_at_once``)."""


@dataclass(frozen=True)
class Hints:
    """The hint ``shown`` (its move's marks, until the next action) and its ``step`` (the
    card alone or the whole move), the last winning ``line`` found (the next hints along it
    need no search) and the hint request in flight (``asked``)."""

    shown: Marks | None = None
    step: HintStep = "move"
    line: Line | None = None
    asked: tuple[int, Position] | None = None


Verdict = ReplyVerdict | Literal["asking"]


@dataclass(frozen=True)
class Coach:
    """The solver's lessons (docs/coach.md): the search for where the game slipped away
    (``back_asked``), the way back ``offered`` (how many moves), the typed code's verdict
    (asked, the code typed since, the code shown, the verdicts known, the one shown) and
    the solver's line asked after a win."""

    back_asked: Asked | None = None
    offered: tuple[Asked, int] | None = None
    code_asked: tuple[int, DealCode] | None = None
    code_next: DealCode | None = None
    code_shown: DealCode | None = None
    verdicts: Mapping[DealCode, ReplyVerdict] = field(default_factory=lambda: MappingProxyType({}))
    verdict: Verdict | None = None
    line_asked: tuple[int, Game] | None = None


# -- the rest ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TapWait:
    """The refusal of a single ``tap``, made on ``position``, held for the double-tap
    window (its timer is ``serial``)."""

    tap: Tap
    position: Position
    serial: int


@dataclass(frozen=True)
class Finishing:
    """Finish's run: the ``moves`` still to play, the position the last one left
    (``expected``: any other change stops the run), its timers' ``serial``."""

    moves: tuple[Move, ...]
    expected: Position
    serial: int


@dataclass(frozen=True)
class HowTo:
    """The first visit's how-to: ``seen`` (dismissed once, remembered), ``shown`` now, the
    game's ``moves`` when it showed (a move since hides it), ``focus``: a serial, the card
    takes the focus anew."""

    seen: bool = False
    shown: bool = False
    moves: int = 0
    focus: int = 0


@dataclass(frozen=True)
class PageState:
    """Everything on screen, one owner a fact (see the module's notes)."""

    game: Game
    settings: Settings = field(default_factory=Settings)
    stats: Stats = field(default_factory=Stats)
    language: str = "en"
    """The language the page speaks (:func:`.words.i18n.set_language` follows it)."""
    address_lang: str = ""
    """The address's ``?lang=``, kept in the address while the page speaks it."""
    page: str = ""
    """The page's address without its query (origin and path): a shared link's start."""
    input: InputState = field(default_factory=InputState)
    tap_wait: TapWait | None = None
    hints: Hints = Hints()
    coach: Coach = field(default_factory=Coach)
    replay: Replay | None = None
    finishing: Finishing | None = None
    clock: Clock = field(default_factory=Clock)
    focus: Spot = field(default_factory=lambda: Spot("column-1"))
    """The spot holding the board's tab stop (:mod:`.board.focus`)."""
    focus_taken: int = 0
    """A serial: the keyboard's focus goes to :attr:`focus` anew (a key named a pile)."""
    change: Change = Change()
    status: Said = Said()
    announce: Said = Said()
    windows: tuple[Window, ...] = ()
    """The dialogs open, the one in front last."""
    how_to: HowTo = HowTo()
    share: str | None = None
    """A link shown to copy by hand (the clipboard refused it)."""
    unsaved: str = ""
    """Why saves do not work (a store notice's code: ``storage-full``, ``storage-newer`` …;
    ``""``: they do). ``#unsaved`` shows while they do not."""
    newer_visits: int = 0
    """How many visits found the same newer version's record under the key (0: none)."""
    aside: Aside | None = None
    """What the set-aside slot holds (the settings offer it back or to discard)."""
    kept: bool | None = None
    """Whether the browser keeps the page's storage (``navigator.storage``; ``None``: not
    known), and ``persist_asked``: asked this visit."""
    persist_asked: bool = False
    serial: int = 0
    """The last serial given (requests to the worker, timers, changes, words said)."""

    @property
    def saving(self) -> bool:
        return not self.unsaved

    @property
    def undo_brings_back(self) -> bool:
        """Whether Undo brings back the last game (:meth:`.storage.stats.Stats.back`): the
        deal is untouched (no move, nothing to redo) and a last game is kept."""
        game = self.game
        return not game.moves and not game.redo_stack and self.stats.previous is not None

    @property
    def blocked(self) -> bool:
        """The board takes no input while a dialog is open over it or a replay is shown."""
        return bool(self.windows) or self.replay is not None

    def window(self, kind: type[Window]) -> Window | None:
        """The open window of ``kind``, if any."""
        return next((w for w in self.windows if isinstance(w, kind)), None)

    def next_serial(self) -> tuple[PageState, int]:
        serial = self.serial + 1
        return replace(self, serial=serial), serial


__all__ = [
    "Asked",
    "Change",
    "Coach",
    "Confirm",
    "Finishing",
    "HintStep",
    "Hints",
    "HowTo",
    "KeysWindow",
    "NewGameWindow",
    "PageState",
    "Pending",
    "ResetStats",
    "Said",
    "SavingWindow",
    "SettingsWindow",
    "StartDeal",
    "StatsWindow",
    "TakeAside",
    "TakeBackup",
    "TapWait",
    "Verdict",
    "WinWindow",
    "Window",
    "World",
]

"""What the player asks for: one :data:`Action` from any input (pure Python, no browser
import; tested under CPython).

Every input source turns its gestures into these values and hands them to one door,
``App.dispatch`` (eightoff/web/app.py): the pointer today (through :mod:`.board.gestures`), the
keyboard (through :mod:`.board.keymap`), tap-to-select and keyboard play next. An input never
changes the game itself, so two inputs cannot disagree about what a move does.

Board actions come from gestures on the cards:

- :class:`Play`: play one move (the engine may refuse it, and then says why);
- :class:`PutBack`: the carried cards go back where they were, nothing is played;
- :class:`Feedback`: nothing moves; the card shows it, and ``reason`` says why.

Commands come from buttons, keys and the dialogs' fields:

- :class:`Command`: undo, redo, open a window, copy the link, deal, confirm …;
- :class:`Close`: close one dialog;
- :class:`Choose`: a setting chosen in a dialog (the cell count, the deck colours, only
  winnable deals).

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

from dataclasses import dataclass, replace
from typing import Final, Literal, cast, get_args

from ..moves import Move
from .board.focus import NavKey
from .storage.store import Settings, SettingsError

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


KeyPlay = Navigate | Select | Release | Shortcut


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
    "help",
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
still be won once a hint found none (:mod:`.solver.coach`); ``help`` opens the list of keys. The player's
record: ``stats`` opens the Statistics window, ``share`` copies a replay link of the game,
``reset-stats`` (after asking), ``export`` (a backup file), ``daily`` starts today's deal;
the replay bar's ``replay-*`` buttons step through a replay, ``replay-take-over`` plays
on from the step shown, ``replay-exit`` closes the replay."""
COMMANDS: Final[frozenset[str]] = frozenset(get_args(CommandName))
BOARD_COMMANDS: Final[frozenset[str]] = frozenset({"undo", "redo", "hint", "go-back"})
"""Commands that act on the board, which does nothing while a dialog is open over it."""


@dataclass(frozen=True)
class Command:
    """Do one of the page's commands."""

    name: CommandName


@dataclass(frozen=True)
class Close:
    """Close the dialog whose id is ``dialog`` (its close or cancel button)."""

    dialog: str


SettingName = Literal["cells", "deck", "winnable", "tap-to-select", "language", "theme"]
SETTINGS: Final[frozenset[str]] = frozenset(get_args(SettingName))


@dataclass(frozen=True)
class Choose:
    """A setting chosen in a dialog: the radio input ``setting`` now holds ``value`` (a
    checkbox: ``"true"`` or ``"false"``)."""

    setting: SettingName
    value: str

    def applied_to(self, settings: Settings) -> Settings:
        """The settings with this choice; raises ``ValueError`` (a
        :class:`.storage.store.SettingsError` for a value outside the choices) when the value
        cannot be used.

        >>> Choose("deck", "two").applied_to(Settings(cells=2))
        Settings(cells=2, deck='two', winnable=True, tap_to_select=False)
        >>> Choose("cells", "7").applied_to(Settings())
        Traceback (most recent call last):
        ...
        eightoff.web.storage.store.SettingsError: a game has 8, 4 or 2 cells, not 7
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
        if self.setting == "language":
            return replace(settings, language=self.value)
        if self.setting == "theme":
            return replace(settings, theme=self.value)
        return replace(settings, deck=self.value)


Action = Play | PutBack | Feedback | Navigate | Select | Release | Shortcut | Command | Close | Choose
"""Everything ``App.dispatch`` accepts."""


# -- reading the page's controls -------------------------------------------------------


def from_button(name: str, dialog: str = "") -> Command | Close | None:
    """The action of a button by its ``data-action``; ``dialog`` is the id of the dialog
    the button is in (used by ``close``). ``None`` for a name the page does not know."""
    if name == "close":
        return Close(dialog) if dialog else None
    if name in COMMANDS:
        return Command(cast(CommandName, name))
    return None


def from_choice(name: str, value: str) -> Choose | None:
    """The action of a radio input in a dialog by its ``name`` and ``value``; ``None``
    when it is no setting."""
    if name in SETTINGS:
        return Choose(cast(SettingName, name), value)
    return None


__all__ = [
    "BOARD_COMMANDS",
    "COMMANDS",
    "SETTINGS",
    "Action",
    "BoardAction",
    "Choose",
    "Close",
    "Command",
    "CommandName",
    "Feedback",
    "FeedbackReason",
    "KeyPlay",
    "Navigate",
    "Play",
    "PutBack",
    "Release",
    "Select",
    "SettingName",
    "Shortcut",
    "ShortcutName",
    "from_button",
    "from_choice",
]

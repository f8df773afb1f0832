"""What the page's controls ask for: the :class:`Command` of a button or key, a dialog's
:class:`Close`, a setting's :class:`Choose`, the replay bar's :class:`ReplaySpeed` and a
chosen backup file's :class:`ImportFile` (pure Python, no browser import; tested under
CPython). They are part of :data:`.actions.Action`, which names every action the door
takes; :mod:`.controls` reads the page's buttons and choices into them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Final, Literal, get_args

from .storage.settings import Settings, SettingsError

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
    raises :class:`.storage.backup.BackupError` (a file too big to be a backup)."""

    read: Callable[[], Awaitable[str | None]]


__all__ = [
    "BOARD_COMMANDS",
    "COMMANDS",
    "SETTINGS",
    "Choose",
    "Close",
    "Command",
    "CommandName",
    "ImportFile",
    "ReplaySpeed",
    "SettingName",
]

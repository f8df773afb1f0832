"""The player's settings kept between visits (:class:`Settings`: cells, deck, winnable deals
and their level, tap-to-select, language, theme, the clock shown, motion and its pace, hints
at once, sound and haptics) with their stored form, checked
(pure Python, no browser import; docs/storage.md, the ``settings`` fields).

>>> Settings.from_dict({"cells": 4, "deck": "two"})
Settings(cells=4, deck='two', winnable=True, tap_to_select=False)
>>> Settings(cells=4, deck="two").to_dict()
{'cells': 4, 'deck': 'two', 'winnable': True}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ...errors import EightOffError
from ...levels import LEVELS, Level
from ...position import CELL_COUNTS, check_cells
from ..facts import LANGUAGES, THEMES

DECK_CHOICES: Final = ("four", "two")
THEME_CHOICES: Final = THEMES
"""The table's colours: as the device asks (``prefers-color-scheme``), or always light or dark."""
MOTION_CHOICES: Final = ("auto", "on", "off")
"""The cards' motion (glides, the deal's cascade, the win): as the device asks
(``prefers-reduced-motion``) until the player ticks or unticks it, then always on or off."""
CARD_SIZES: Final = ("standard", "large")
"""The cards' size: as the board's box gives them, or larger with larger corners
(:mod:`.board.layout`, ``large``)."""
PACES: Final = {"fast": 0.5, "normal": 1.0, "slow": 1.75}
"""The cards' pace: each glide's, the deal's, the win's and Finish's times, as a share of
the normal ones (a glide 160 ms, the deal 1 s, the win 2.78 s, Finish 0.12 s a card)."""


class SettingsError(EightOffError):
    """Settings outside the choices the New Game window offers."""

    code = "settings"


@dataclass(frozen=True, slots=True)
class Settings:
    """The choices kept between visits: the cell count of the next new game, the deck
    colours ("four" colours or the classic "two"), whether new deals are only deals that
    can be won (``winnable``; records written before it existed read as ``True``) and
    tap-to-select (a tap picks cards up, a second tap puts them down; off: a tap sends a
    card to its foundation) and the ``language`` chosen in the settings (``""``: none
    chosen, the browser's languages decide; records written before it existed read so)
    and the ``theme`` (``"auto"``: as the device asks; records written before it existed
    read so), whether the bar shows the game's ``clock`` (records written before it
    existed read as shown), the ``motion`` (``"auto"``, ``"on"`` or ``"off"``, read as the
    theme) and its ``pace`` (one of :data:`PACES`; records written before it existed read
    as ``"normal"``), whether a hint shows its whole move at once (``hint_at_once``; off:
    the first H shows the card to move, a second its target; records written before it
    existed read as off), the ``level`` of the deals that can be won (``None``: any
    level; else ``"easy"``, ``"medium"`` or ``"hard"``; records written before it existed
    read as ``None``), and whether a card placed, a refusal and a win are heard (``sound``)
    and felt (``haptics``): both off until the player turns them on (records written before
    they existed read so), and the ``cards``' size (one of :data:`CARD_SIZES`; records
    written before it existed read as ``"standard"``)."""

    cells: int = CELL_COUNTS[0]
    deck: str = "four"
    winnable: bool = True
    tap_to_select: bool = False
    language: str = field(default="", repr=False)
    theme: str = field(default="auto", repr=False)
    clock: bool = field(default=True, repr=False)
    motion: str = field(default="auto", repr=False)
    pace: str = field(default="normal", repr=False)
    hint_at_once: bool = field(default=False, repr=False)
    level: Level | None = field(default=None, repr=False)
    sound: bool = field(default=False, repr=False)
    haptics: bool = field(default=False, repr=False)
    cards: str = field(default="standard", repr=False)

    def __post_init__(self) -> None:
        check_cells(self.cells, SettingsError, code="settings-cells")
        if type(self.deck) is not str or self.deck not in DECK_CHOICES:
            raise SettingsError(f"the deck is 'four' or 'two', not {self.deck!r:.20}", code="settings-deck")
        if type(self.winnable) is not bool:
            raise SettingsError(
                f"winnable is true or false, not {self.winnable!r:.20}", code="settings-winnable"
            )
        if type(self.tap_to_select) is not bool:
            raise SettingsError(
                f"tap_to_select is true or false, not {self.tap_to_select!r:.20}", code="settings-tap"
            )
        if type(self.language) is not str or self.language not in ("", *LANGUAGES):
            raise SettingsError(f"no such language {self.language!r:.20}", code="settings-language")
        if type(self.theme) is not str or self.theme not in THEME_CHOICES:
            raise SettingsError(
                f"the theme is 'auto', 'light' or 'dark', not {self.theme!r:.20}", code="settings-theme"
            )
        if type(self.clock) is not bool:
            raise SettingsError(f"clock is true or false, not {self.clock!r:.20}", code="settings-clock")
        if type(self.motion) is not str or self.motion not in MOTION_CHOICES:
            raise SettingsError(
                f"the motion is 'auto', 'on' or 'off', not {self.motion!r:.20}", code="settings-motion"
            )
        if type(self.pace) is not str or self.pace not in PACES:
            raise SettingsError(
                f"the pace is 'fast', 'normal' or 'slow', not {self.pace!r:.20}", code="settings-pace"
            )
        if type(self.hint_at_once) is not bool:
            raise SettingsError(
                f"hint_at_once is true or false, not {self.hint_at_once!r:.20}", code="settings-hint"
            )
        if self.level is not None and (type(self.level) is not str or self.level not in LEVELS):
            raise SettingsError(
                f"the level is 'easy', 'medium' or 'hard', not {self.level!r:.20}", code="settings-level"
            )
        if type(self.sound) is not bool:
            raise SettingsError(f"sound is true or false, not {self.sound!r:.20}", code="settings-sound")
        if type(self.haptics) is not bool:
            raise SettingsError(
                f"haptics is true or false, not {self.haptics!r:.20}", code="settings-haptics"
            )
        if type(self.cards) is not str or self.cards not in CARD_SIZES:
            raise SettingsError(
                f"the cards are 'standard' or 'large', not {self.cards!r:.20}", code="settings-cards"
            )

    def moving(self, reduced: bool) -> bool:
        """Whether the cards move: as chosen, or (``"auto"``) unless the device asks for
        ``reduced`` motion.

        >>> Settings().moving(reduced=True), Settings(motion="on").moving(reduced=True)
        (False, True)
        """
        return self.motion == "on" or (self.motion == "auto" and not reduced)

    @property
    def times(self) -> float:
        """The share of the normal times the cards take (:data:`PACES`).

        >>> Settings().times, Settings(pace="slow").times
        (1.0, 1.75)
        """
        return PACES[self.pace]

    def to_dict(self) -> dict[str, Any]:
        """The settings as stored; ``tap_to_select`` only when on, ``language`` only when
        chosen, ``theme`` and ``motion`` only when not ``"auto"``, ``clock`` only when hidden,
        ``pace`` only when not ``"normal"``, ``hint_at_once`` only when on, ``level`` only
        when one is chosen, ``sound`` and ``haptics`` only when on, ``cards`` only when
        large."""
        data: dict[str, Any] = {"cells": self.cells, "deck": self.deck, "winnable": self.winnable}
        if self.tap_to_select:
            data["tap_to_select"] = True
        if self.language:
            data["language"] = self.language
        if self.theme != "auto":
            data["theme"] = self.theme
        if not self.clock:
            data["clock"] = False
        if self.motion != "auto":
            data["motion"] = self.motion
        if self.pace != "normal":
            data["pace"] = self.pace
        if self.hint_at_once:
            data["hint_at_once"] = True
        if self.level is not None:
            data["level"] = self.level
        if self.sound:
            data["sound"] = True
        if self.haptics:
            data["haptics"] = True
        if self.cards != "standard":
            data["cards"] = self.cards
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Check and build settings from :meth:`to_dict`'s data (``cells`` and ``deck``
        required; ``winnable``, added later, is ``True`` when absent, ``tap_to_select``
        off, ``language`` none, ``theme`` and ``motion`` ``"auto"``, ``clock`` shown,
        ``pace`` normal, ``hint_at_once`` off, ``level`` any, ``sound`` and ``haptics`` off,
        ``cards`` standard)."""
        if not isinstance(data, dict) or "cells" not in data or "deck" not in data:
            raise SettingsError("the settings are not an object with cells and deck", code="settings-shape")
        return cls(
            data["cells"],
            data["deck"],
            data.get("winnable", True),
            data.get("tap_to_select", False),
            data.get("language", ""),
            data.get("theme", "auto"),
            data.get("clock", True),
            data.get("motion", "auto"),
            data.get("pace", "normal"),
            data.get("hint_at_once", False),
            data.get("level"),
            data.get("sound", False),
            data.get("haptics", False),
            data.get("cards", "standard"),
        )


__all__ = [
    "CARD_SIZES",
    "DECK_CHOICES",
    "MOTION_CHOICES",
    "PACES",
    "THEME_CHOICES",
    "Settings",
    "SettingsError",
]

"""The player's settings kept between visits (:class:`Settings`: cells, deck, winnable deals,
tap-to-select, language, theme, the clock shown, motion, sound and haptics) with their stored form, checked
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
from ...position import CELL_COUNTS, check_cells
from ..facts import LANGUAGES, THEMES

DECK_CHOICES: Final = ("four", "two")
THEME_CHOICES: Final = THEMES
"""The table's colours: as the device asks (``prefers-color-scheme``), or always light or dark."""
MOTION_CHOICES: Final = ("auto", "on", "off")
"""The cards' motion (glides, the deal's cascade, the win): as the device asks
(``prefers-reduced-motion``) until the player ticks or unticks it, then always on or off."""


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
    existed read as shown) and the ``motion`` (``"auto"``, ``"on"`` or ``"off"``, read as the
    theme), and whether a card placed, a refusal and a win are heard (``sound``) and felt
    (``haptics``): both off until the player turns them on (records written before they
    existed read so)."""

    cells: int = CELL_COUNTS[0]
    deck: str = "four"
    winnable: bool = True
    tap_to_select: bool = False
    language: str = field(default="", repr=False)
    theme: str = field(default="auto", repr=False)
    clock: bool = field(default=True, repr=False)
    motion: str = field(default="auto", repr=False)
    sound: bool = field(default=False, repr=False)
    haptics: bool = field(default=False, repr=False)

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
        if type(self.sound) is not bool:
            raise SettingsError(f"sound is true or false, not {self.sound!r:.20}", code="settings-sound")
        if type(self.haptics) is not bool:
            raise SettingsError(
                f"haptics is true or false, not {self.haptics!r:.20}", code="settings-haptics"
            )

    def moving(self, reduced: bool) -> bool:
        """Whether the cards move: as chosen, or (``"auto"``) unless the device asks for
        ``reduced`` motion.

        >>> Settings().moving(reduced=True), Settings(motion="on").moving(reduced=True)
        (False, True)
        """
        return self.motion == "on" or (self.motion == "auto" and not reduced)

    def to_dict(self) -> dict[str, Any]:
        """The settings as stored; ``tap_to_select`` only when on, ``language`` only when
        chosen, ``theme`` and ``motion`` only when not ``"auto"``, ``clock`` only when hidden,
        ``sound`` and ``haptics`` only when on."""
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
        if self.sound:
            data["sound"] = True
        if self.haptics:
            data["haptics"] = True
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Check and build settings from :meth:`to_dict`'s data (``cells`` and ``deck``
        required; ``winnable``, added later, is ``True`` when absent, ``tap_to_select``
        off, ``language`` none, ``theme`` and ``motion`` ``"auto"``, ``clock`` shown, ``sound``
        and ``haptics`` off)."""
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
            data.get("sound", False),
            data.get("haptics", False),
        )


__all__ = ["DECK_CHOICES", "MOTION_CHOICES", "THEME_CHOICES", "Settings", "SettingsError"]

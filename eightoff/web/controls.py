"""The page's controls read into actions: a button's ``data-action``, a radio input's or a
select's name and value (pure Python, no browser import; tested under CPython).
:mod:`.app`'s one click and one change listener hand what they read here and dispatch the
action it gives (:mod:`.actions`).

>>> from_button("undo")
Command(name='undo')
>>> from_button("close", dialog="win")
Close(dialog='win')
>>> from_button("launch-rockets") is None
True
>>> from .storage.settings import Settings
>>> from_choice("cells", "4").applied_to(Settings())
Settings(cells=4, deck='four', winnable=True, tap_to_select=False)
"""

from __future__ import annotations

from typing import cast

from .actions import COMMANDS, SETTINGS, Choose, Close, Command, CommandName, ReplaySpeed, SettingName


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


__all__ = ["from_button", "from_choice"]

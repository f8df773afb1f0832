"""Which key does what: a key press in, at most one :mod:`.actions` value out (pure Python,
no browser import; tested under CPython). :mod:`.view.keys` reads the browser's ``keydown``
into a :class:`Keystroke` and sends the result to the update.

- Ctrl+Z, Cmd+Z: undo;
- Ctrl+Shift+Z, Cmd+Shift+Z, Ctrl+Y, Cmd+Y: redo;
- Enter in the code field (``#code-input``): play the typed code;
- H (no modifier, not in a field): a hint; B: go back to the last position that can still
  be won, when a hint offers it.

Shortcuts with Ctrl or Cmd are not read while typing in a field (the field's own undo
works there); Alt with them is left to the browser.

Keyboard play (:func:`action_for`), outside fields and dialogs: U undo, N the New Game
window, ``?`` the list of keys; with the focus on the board (``spot``, :mod:`.board.focus`):
arrow keys, Home and End move it, Enter or Space picks up or puts down, Escape puts back,
F sends the card to its foundation, D plays the double-tap move.

Jumps (:class:`.actions.Jump`), outside fields and dialogs, wherever the focus is: the
digits 1–8 name a column, Shift with them a cell, read by the key's place on the keyboard
(``code``: ``Digit3``, ``Numpad3``) so that every layout has them; a key without a place
falls back to its digit. F with cards picked up puts them on their foundation (the page
decides that, it knows what is held). So a move is two presses: ``3`` then Shift+``1``
plays ``3a``.

>>> from .focus import Spot
>>> action_for(Keystroke("ArrowLeft"), Spot("column-2", 3))
Navigate(key='ArrowLeft', rows=1)
>>> action_for(Keystroke(" "), Spot("cell-1"))
Select(pile='cell-1', index=None)
>>> action_for(Keystroke("?", shift=True), None)
Command(name='help')
>>> action_for(Keystroke("3", code="Digit3"), None)
Jump(pile='column-3')
>>> action_for(Keystroke("#", code="Digit3", shift=True), None)
Jump(pile='cell-3')

>>> command_for(Keystroke("z", ctrl=True))
Command(name='undo')
>>> command_for(Keystroke("Z", meta=True, shift=True))
Command(name='redo')
>>> command_for(Keystroke("z", ctrl=True, field="code-input")) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, cast

from ...piles import COLUMNS
from ..actions import Action, Command, Jump, Navigate, Release, Select, Shortcut
from .focus import NAV_KEYS, NavKey, Spot

DIGITS: Final = frozenset("12345678")

CODE_FIELD: Final = "code-input"
"""The id of the New Game window's code field, where Enter plays the typed code."""


@dataclass(frozen=True)
class Keystroke:
    """One ``keydown``: the event's ``key`` and modifiers, and ``field``, the id of the
    text field it was typed in (``""`` for a field without an id; ``None`` when the focus
    is not in a field)."""

    key: str
    ctrl: bool = False
    meta: bool = False
    shift: bool = False
    alt: bool = False
    field: str | None = None
    dialog: bool = False
    """The key was pressed inside an open dialog."""
    code: str = ""
    """The key's place on the keyboard (``KeyboardEvent.code``: ``Digit3``), whatever the
    layout writes there; ``""`` when the browser does not say."""


def command_for(stroke: Keystroke) -> Command | None:
    """The command a key press asks for, or ``None`` (the browser keeps the key)."""
    if stroke.key == "Enter" and stroke.field == CODE_FIELD:
        return Command("play-code")
    if stroke.field is not None or not (stroke.ctrl or stroke.meta) or stroke.alt:
        return None
    key = stroke.key.lower()
    if key == "z":
        return Command("redo" if stroke.shift else "undo")
    if key == "y" and not stroke.shift:
        return Command("redo")
    return None


LETTERS: Final[dict[str, Command]] = {
    "u": Command("undo"),
    "n": Command("new-game"),
    "h": Command("hint"),
    "b": Command("go-back"),
    "e": Command("finish"),
    "?": Command("help"),
}
"""Plain keys that work anywhere outside fields and dialogs."""


PLACES: Final[dict[str, int]] = {f"{row}{n}": n for row in ("Digit", "Numpad") for n in range(1, COLUMNS + 1)}
"""The keys that name a pile by their place: the row of digits and the numeric pad."""


def jump_for(stroke: Keystroke) -> Jump | None:
    """The pile a digit key names: column ``n``, or cell ``n`` with Shift."""
    number = PLACES.get(stroke.code)
    if number is None and not stroke.code and stroke.key in DIGITS:
        number = int(stroke.key)
    if number is None:
        return None
    return Jump(f"cell-{number}" if stroke.shift else f"column-{number}")


def action_for(stroke: Keystroke, spot: Spot | None) -> Action | None:
    """The action a key press asks for, ``spot`` being the board's focused spot
    (``None``: the focus is not on the board), or ``None`` (the browser keeps the key)."""
    command = command_for(stroke)
    if command is not None:
        return command
    if stroke.field is not None or stroke.dialog or stroke.ctrl or stroke.meta or stroke.alt:
        return None
    key = stroke.key.lower() if len(stroke.key) == 1 else stroke.key
    if key in LETTERS:
        return LETTERS[key]
    jump = jump_for(stroke)
    if jump is not None:
        return jump
    if spot is None:
        return None
    if key in NAV_KEYS:
        return Navigate(cast(NavKey, key))
    if key in ("Enter", " "):
        return Select(spot.pile, spot.index)
    if key == "Escape":
        return Release()
    if key in ("f", "d"):
        return Shortcut("tap" if key == "f" else "double-tap", spot.pile, spot.index)
    return None


__all__ = ["CODE_FIELD", "LETTERS", "PLACES", "Keystroke", "action_for", "command_for", "jump_for"]

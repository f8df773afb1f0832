"""Which key does what: a key press in, at most one :mod:`.actions` value out (pure Python,
no browser import; tested under CPython). :mod:`.keys` reads the browser's ``keydown``
into a :class:`Keystroke` and sends the result to ``App.dispatch``.

- Ctrl+Z, Cmd+Z: undo;
- Ctrl+Shift+Z, Cmd+Shift+Z, Ctrl+Y, Cmd+Y: redo;
- Enter in the code field (``#code-input``): play the typed code;
- H (no modifier, not in a field): a hint.

Shortcuts with Ctrl or Cmd are not read while typing in a field (the field's own undo
works there); Alt with them is left to the browser. Keyboard play will add its keys here.

>>> command_for(Keystroke("z", ctrl=True))
Command(name='undo')
>>> command_for(Keystroke("Z", meta=True, shift=True))
Command(name='redo')
>>> command_for(Keystroke("z", ctrl=True, field="code-input")) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .actions import Command

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


def command_for(stroke: Keystroke) -> Command | None:
    """The command a key press asks for, or ``None`` (the browser keeps the key)."""
    if stroke.key == "Enter" and stroke.field == CODE_FIELD:
        return Command("play-code")
    if stroke.key.lower() == "h" and stroke.field is None and not (stroke.ctrl or stroke.meta or stroke.alt):
        return Command("hint")
    if stroke.field is not None or not (stroke.ctrl or stroke.meta) or stroke.alt:
        return None
    key = stroke.key.lower()
    if key == "z":
        return Command("redo" if stroke.shift else "undo")
    if key == "y" and not stroke.shift:
        return Command("redo")
    return None


__all__ = ["CODE_FIELD", "Keystroke", "command_for"]

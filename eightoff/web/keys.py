"""Keyboard input: the document's ``keydown`` read into a :class:`.keymap.Keystroke`,
and the command :mod:`.keymap` finds sent to ``App.dispatch``.

Thin DOM code; which key does what is :mod:`.keymap`'s (pure, tested under CPython).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document
from pyscript.ffi import is_none

from .actions import Action
from .dom import listen
from .keymap import Keystroke, command_for

FIELDS = ("INPUT", "TEXTAREA")
"""Elements the player types in: shortcuts leave them alone."""


def keystroke(event: Any) -> Keystroke:
    """A ``keydown`` event as a :class:`Keystroke`."""
    target = event.target
    tag = "" if is_none(target) else str(getattr(target, "tagName", "") or "")
    field = str(target.id or "") if tag in FIELDS else None
    return Keystroke(
        str(event.key),
        ctrl=bool(event.ctrlKey),
        meta=bool(event.metaKey),
        shift=bool(event.shiftKey),
        alt=bool(event.altKey),
        field=field,
    )


def bind(dispatch: Callable[[Action], None]) -> Callable[[], None]:
    """Listen to the document's key presses; returns the unbind. A key that asks for a
    command loses its default (the browser's own undo, a form's submit)."""

    def on_key(event: Any) -> None:
        command = command_for(keystroke(event))
        if command is not None:
            event.preventDefault()
            dispatch(command)

    return listen(document, {"keydown": on_key})


__all__ = ["bind", "keystroke"]

"""Keyboard input: the document's ``keydown`` read into a :class:`.board.keymap.Keystroke`
with the board's focused spot, and the action :mod:`.board.keymap` finds sent to the
update.

Thin DOM code; which key does what is :mod:`.board.keymap`'s (pure, tested under CPython).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pyscript import document
from pyscript.ffi import is_none

from ..actions import Action, Navigate
from ..board.focus import Spot
from ..board.keymap import Keystroke, action_for
from ..dom import listen

OPEN_DIALOG = "dialog[open]"
"""A key pressed in an open dialog is the dialog's; on an element of a dialog that has just
closed (the focus comes back on its close event, a moment later) it is the page's."""
FIELDS = ("INPUT", "TEXTAREA")
"""Elements the player types in: shortcuts leave them alone."""


def keystroke(event: Any) -> Keystroke:
    """A ``keydown`` event as a :class:`Keystroke`."""
    target = event.target
    tag = "" if is_none(target) else str(getattr(target, "tagName", "") or "")
    field = str(target.id or "") if tag in FIELDS else None
    closest = None if is_none(target) else getattr(target, "closest", None)
    in_dialog = closest is not None and not is_none(closest(OPEN_DIALOG))
    return Keystroke(
        str(event.key),
        ctrl=bool(event.ctrlKey),
        meta=bool(event.metaKey),
        shift=bool(event.shiftKey),
        alt=bool(event.altKey),
        field=field,
        dialog=in_dialog,
        code=str(getattr(event, "code", "") or ""),
    )


def bind(
    dispatch: Callable[[Action], None], spot_of: Callable[[Any], Spot | None], rows: Callable[[], int]
) -> Callable[[], None]:
    """Listen to the document's key presses; ``spot_of`` tells the board's spot of the
    focused element, ``rows`` how many rows the board draws above its columns now. Returns
    the unbind. A key that asks for an action loses its default (the browser's own undo, a
    form's submit, scrolling)."""

    def on_key(event: Any) -> None:
        if event.isComposing:
            return
        action = action_for(keystroke(event), spot_of(event.target))
        if isinstance(action, Navigate):
            action = replace(action, rows=rows())
        if action is not None:
            event.preventDefault()
            dispatch(action)

    return listen(document, {"keydown": on_key})


__all__ = ["bind", "keystroke"]

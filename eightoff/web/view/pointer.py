"""Pointer input on the board: mouse, touch and pen alike, through pointer events.

Thin DOM code. :class:`Pointer` listens once per event type on the board element (each a
kept proxy, removed by the unbind :meth:`Pointer.bind` returns) and only reads the event:
which card, which pile under the pointer. Each event goes to the update as one
:mod:`.actions` value (:class:`.actions.PointerDown`, ``PointerMove``, ``PointerUp``,
``PointerCancel``, or a :class:`.actions.Select` of an empty pile with tap-to-select);
what a gesture means is decided there, with :class:`.board.input_state.InputState` and the
engine, and the carried cards are drawn where the pointer is by the view.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

from pyscript import document
from pyscript.ffi import is_none

from ..actions import Action, PointerCancel, PointerDown, PointerMove, PointerUp, Select
from ..dom import listen
from ..state import PageState
from .board import BoardView


def pile_at(x: float, y: float) -> str | None:
    """The key of the pile under a point (carried cards ignore the pointer)."""
    node = document.elementFromPoint(x, y)
    if is_none(node):
        return None
    pile = node.closest("[data-pile]")
    return None if is_none(pile) else str(pile.dataset.pile)


class Pointer:
    """Follows one pointer at a time on the board element; ``dispatch`` takes its actions,
    ``state()`` is the page's state after them."""

    def __init__(
        self,
        element: Any,
        view: BoardView,
        dispatch: Callable[[Action], None],
        state: Callable[[], PageState],
    ) -> None:
        self.element, self.view, self.dispatch, self.state = element, view, dispatch, state
        self.pointer_id: int | None = None
        """The ``pointerId`` being followed (a press on a card), or ``None``."""
        self.boxes: dict[str, tuple[float, float, float, float]] | None = None
        """While a drag is followed, the piles' boxes (:meth:`BoardView.pile_boxes`)."""

    def bind(self) -> Callable[[], None]:
        """Listen to the board's pointer events; returns the unbind."""
        return listen(
            self.element,
            {
                "pointerdown": self.down,
                "pointermove": self.move,
                "pointerup": self.up,
                "pointercancel": self.cancel,
                "lostpointercapture": self.cancel,
            },
        )

    def down(self, event: Any) -> None:
        if self.pointer_id is not None or not event.isPrimary:
            return
        if event.pointerType == "mouse" and event.button != 0:
            return
        card = event.target.closest("[data-card]")
        if is_none(card):
            self.put_on_pile(event)
            return
        pile = card.closest("[data-pile]")
        if is_none(pile):
            return
        event.preventDefault()
        key, name = str(pile.dataset.pile), str(card.dataset.card)
        index = self.view.index_of(key, name)
        if index is None:
            return
        x, y = float(event.clientX), float(event.clientY)
        kind = str(event.pointerType)
        near = self.view.near(key, index, y)
        self.dispatch(PointerDown(key, index, name, event.pointerId, x, y, event.timeStamp, kind, near))
        press = self.state().input.press
        if press is None or press.pointer != event.pointerId:
            return  # the board took no press (one is on already, or it is blocked)
        self.pointer_id = event.pointerId
        # A synthetic or already released pointer cannot be captured; its events still
        # bubble up to the board.
        with suppress(Exception):
            self.element.setPointerCapture(event.pointerId)

    def put_on_pile(self, event: Any) -> None:
        """Tap-to-select: a tap on a pile without a card under it (an empty cell or
        column, a foundation's place) puts the held cards there."""
        pile = event.target.closest("[data-pile]")
        state = self.state()
        holding = state.settings.tap_to_select and state.input.held is not None and not state.blocked
        if is_none(pile) or not holding:
            return
        event.preventDefault()
        self.dispatch(Select(str(pile.dataset.pile)))

    def move(self, event: Any) -> None:
        if event.pointerId != self.pointer_id:
            return
        x, y = float(event.clientX), float(event.clientY)
        press = self.state().input.press
        if press is None or (not press.dragging and press.dead):
            self.dispatch(PointerMove(x, y))
            return
        under = self.pile_under(x, y)
        self.dispatch(PointerMove(x, y, self.seen(x, y), under))
        if not press.dragging and (seen := self.seen(x, y)) is not None:
            # The drag began with this move: now that its cards are drawn, aim again from
            # where they are seen, as the drop would.
            self.dispatch(PointerMove(x, y, seen, self.pile_under(x, y)))

    def up(self, event: Any) -> None:
        if event.pointerId != self.pointer_id:
            return
        self.pointer_id = None
        x, y = float(event.clientX), float(event.clientY)
        up = PointerUp(self.pile_under(x, y), event.timeStamp, self.seen(x, y))
        self.boxes = None
        self.dispatch(up)

    def seen(self, x: float, y: float) -> str | None:
        """The pile under the carried cards' head once the pointer is at (x, y): the
        update chooses between it and the pile under the pointer, the same way while
        the cards move (the pile marked) and when they are let go (where they go)."""
        press = self.state().input.press
        if press is None or not press.dragging:
            return None
        centre = self.view.carried_centre(x - press.x, y - press.y, press.kind == "touch")
        return None if centre is None else self.pile_under(*centre)

    def pile_under(self, x: float, y: float) -> str | None:
        """The pile at (x, y): while cards are carried, from the piles' boxes read once
        for the drag; else the element there (:func:`pile_at`)."""
        if self.view.model is None or not self.view.model.lifted:
            self.boxes = None
            return pile_at(x, y)
        if self.boxes is None:
            self.boxes = self.view.pile_boxes()
        for key, (left, top, right, bottom) in self.boxes.items():
            if left <= x < right and top <= y < bottom:
                return key
        return None

    def cancel(self, event: Any) -> None:
        if event.pointerId == self.pointer_id:
            self.pointer_id = self.boxes = None
            self.dispatch(PointerCancel())


__all__ = ["Pointer", "pile_at"]

"""Pointer input on the board: mouse, touch and pen alike, through pointer events.

Thin DOM code. :class:`Pointer` listens once per event type on the board element (each a
kept proxy, removed by the unbind :meth:`Pointer.bind` returns) and only reads the event:
which card, which pile under the pointer. Each event goes through the door as one
:mod:`.actions` value (:class:`.actions.PointerDown`, ``PointerMove``, ``PointerUp``,
``PointerCancel``, or a :class:`.actions.Select` of an empty pile with tap-to-select);
what a gesture means is decided by :class:`.board.hands.Hands` with
:class:`.board.input_state.InputState` and the engine. ``pointermove`` stays tiny: it sends the
position and asks for one animation frame, in which the carried cards get a single style
write (:meth:`.board.hands.Hands.paint`).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any, Protocol

from pyscript import document
from pyscript.ffi import is_none

from ..actions import Action, PointerCancel, PointerDown, PointerMove, PointerUp, Select
from ..dom import Frame, listen


class Shown(Protocol):
    """What the pointer reads of the board's view (:class:`.board.view.View`)."""

    above_finger: bool

    def index_of(self, pile: str, card: str) -> int | None: ...
    def carried_head(self) -> Any: ...


class Gestures(Protocol):
    """What the pointer asks of the board's hands (:class:`.board.hands.Hands`)."""

    def follows(self, pointer: int) -> bool: ...
    def holding(self) -> bool: ...
    def paint(self) -> None: ...


def pile_at(x: float, y: float) -> str | None:
    """The key of the pile under a point (carried cards ignore the pointer)."""
    node = document.elementFromPoint(x, y)
    if is_none(node):
        return None
    pile = node.closest("[data-pile]")
    return None if is_none(pile) else str(pile.dataset.pile)


class Pointer:
    """Follows one pointer at a time on the board element; ``door`` takes its actions."""

    def __init__(self, element: Any, view: Shown, hands: Gestures, door: Callable[[Action], None]) -> None:
        self.element = element
        self.view = view
        self.hands = hands
        self.door = door
        self.pointer_id: int | None = None
        """The ``pointerId`` being followed (a press on a card), or ``None``."""
        self.frame = Frame(hands.paint)

    def bind(self) -> Callable[[], None]:
        """Listen to the board's pointer events; returns the unbind."""
        unlisten = listen(
            self.element,
            {
                "pointerdown": self.down,
                "pointermove": self.move,
                "pointerup": self.up,
                "pointercancel": self.cancel,
                "lostpointercapture": self.cancel,
            },
        )

        def unbind() -> None:
            unlisten()
            self.frame.destroy()

        return unbind

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
        self.door(PointerDown(key, index, name, event.pointerId, x, y, event.timeStamp, kind))
        if not self.hands.follows(event.pointerId):
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
        if is_none(pile) or not self.hands.holding():
            return
        event.preventDefault()
        self.door(Select(str(pile.dataset.pile)))

    def move(self, event: Any) -> None:
        if event.pointerId != self.pointer_id:
            return
        self.door(PointerMove(float(event.clientX), float(event.clientY)))
        self.frame.request()

    def up(self, event: Any) -> None:
        if event.pointerId != self.pointer_id:
            return
        self.pointer_id = None
        x, y = float(event.clientX), float(event.clientY)
        head = self.view.carried_head()
        under = None
        if head is not None:
            rect = head.getBoundingClientRect()
            under = pile_at(rect.left + rect.width / 2, rect.top + rect.height / 2)
        # Cards drawn above the finger go where they are seen; else to the pile under the
        # pointer, or, between piles, under the carried card.
        drop = under if self.view.above_finger and under is not None else pile_at(x, y) or under
        self.door(PointerUp(drop, event.timeStamp))

    def cancel(self, event: Any) -> None:
        if event.pointerId == self.pointer_id:
            self.pointer_id = None
            self.door(PointerCancel())


__all__ = ["Gestures", "Pointer", "Shown", "pile_at"]

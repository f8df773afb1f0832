"""Pointer input on the board: mouse, touch and pen alike, through pointer events.

Thin DOM code. :class:`Pointer` listens once per event type on the board element (each a
kept proxy, removed by the unbind :meth:`Pointer.bind` returns) and only reads the event:
which card, which pile under the pointer. What a gesture means is decided by
:class:`.board.gestures.UiState` and the engine, and what it does by ``App.dispatch``, which gets
the resulting :mod:`.actions` value. ``pointermove`` stays tiny: it stores the position
and asks for one animation frame, in which the carried cards get a single style write.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any, Protocol

from pyscript import document
from pyscript.ffi import is_none

from ...game import Game
from ..actions import Action, Select
from ..dom import Frame, listen
from .gestures import UiState
from .table import Table
from .view import View


class Host(Protocol):
    """What the pointer needs from the page (``App``)."""

    view: View
    ui: UiState
    table: Table

    @property
    def game(self) -> Game: ...

    def blocked(self) -> bool:
        """True while the board takes no input (a dialog is open over it)."""
        ...

    def dispatch(self, action: Action | None) -> None: ...


def pile_at(x: float, y: float) -> str | None:
    """The key of the pile under a point (carried cards ignore the pointer)."""
    node = document.elementFromPoint(x, y)
    if is_none(node):
        return None
    pile = node.closest("[data-pile]")
    return None if is_none(pile) else str(pile.dataset.pile)


class Pointer:
    """Follows one pointer at a time on the board element."""

    def __init__(self, element: Any, host: Host) -> None:
        self.element = element
        self.host = host
        self.held: int | None = None
        """The ``pointerId`` being followed (a press on a card), or ``None``."""
        self.frame = Frame(self.paint)

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
        if self.held is not None or not event.isPrimary:
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
        host, key, name = self.host, str(pile.dataset.pile), str(card.dataset.card)
        index = host.view.index_of(key, name)
        if host.ui.press is not None or index is None or host.blocked():
            return
        x, y = float(event.clientX), float(event.clientY)
        host.ui.down(
            key,
            index,
            name,
            pointer=event.pointerId,
            x=x,
            y=y,
            now=event.timeStamp,
            kind=str(event.pointerType),
        )
        self.held = event.pointerId
        # A synthetic or already released pointer cannot be captured; its events still
        # bubble up to the board.
        with suppress(Exception):
            self.element.setPointerCapture(event.pointerId)

    def put_on_pile(self, event: Any) -> None:
        """Tap-to-select: a tap on a pile without a card under it (an empty cell or
        column, a foundation's place) puts the held cards there."""
        host = self.host
        pile = event.target.closest("[data-pile]")
        if is_none(pile) or not host.ui.tap_to_select or host.ui.held is None or host.blocked():
            return
        event.preventDefault()
        host.dispatch(Select(str(pile.dataset.pile)))

    def move(self, event: Any) -> None:
        if event.pointerId != self.held:
            return
        host = self.host
        step = host.ui.move(host.game, event.clientX, event.clientY)
        held = host.ui.held
        if step == "started" and held is not None:
            host.table.redraw()
        if step:
            self.frame.request()

    def paint(self) -> None:
        press = self.host.ui.press
        if press is not None and press.dragging:
            self.host.view.drag(press.dx, press.dy)

    def up(self, event: Any) -> None:
        if event.pointerId != self.held:
            return
        self.held = None
        x, y = float(event.clientX), float(event.clientY)
        drop = pile_at(x, y)
        if drop is None:
            head = self.host.view.carried_head()
            if head is not None:  # the pointer is between piles: try under the carried card
                rect = head.getBoundingClientRect()
                drop = pile_at(rect.left + rect.width / 2, rect.top + rect.height / 2)
        host = self.host
        host.dispatch(host.ui.up(host.game, drop, event.timeStamp))

    def cancel(self, event: Any) -> None:
        if event.pointerId == self.held:
            self.held = None
            self.host.dispatch(self.host.ui.cancel())


__all__ = ["Host", "Pointer", "pile_at"]

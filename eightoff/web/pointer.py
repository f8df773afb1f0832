"""Pointer input on the board: mouse, touch and pen alike, through pointer events.

One listener per event type, delegated on the board element, each a kept
``create_proxy`` that :func:`bind` returns the way to remove and destroy. The handlers
only read the event (which card, which pile under the pointer) and pass it on: what a
gesture means is decided by :class:`.state.UiState` and the engine. ``pointermove``
stays tiny: it stores the position and asks for one animation frame, in which the carried
cards get a single style write.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any, Protocol

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none


class Board(Protocol):
    """What the pointer layer tells the page."""

    def down(self, pile: str, card: str, pointer: int, x: float, y: float, time: float, kind: str) -> bool:
        """A press on a card; True when the page follows this pointer."""

    def move(self, x: float, y: float) -> None: ...

    def up(self, drop: str | None, time: float) -> None: ...

    def cancel(self) -> None: ...

    def carried(self) -> Any:
        """The element of the head card being carried, or None."""


def listen(target: Any, handlers: dict[str, Callable[[Any], None]]) -> Callable[[], None]:
    """Add one kept proxy per event type; returns the unbind that removes and destroys them."""
    proxies = {name: create_proxy(handler) for name, handler in handlers.items()}
    for name, proxy in proxies.items():
        target.addEventListener(name, proxy)

    def unbind() -> None:
        for name, proxy in proxies.items():
            target.removeEventListener(name, proxy)
            proxy.destroy()
        proxies.clear()

    return unbind


class Frame:
    """Run ``paint`` at most once per animation frame, however often it is requested."""

    def __init__(self, paint: Callable[[], None]) -> None:
        self.paint = paint
        self.waiting = False
        self.proxy = create_proxy(self._run)

    def request(self) -> None:
        if not self.waiting:
            self.waiting = True
            window.requestAnimationFrame(self.proxy)

    def _run(self, _time: Any = None) -> None:
        self.waiting = False
        self.paint()

    def destroy(self) -> None:
        self.proxy.destroy()


def pile_at(x: float, y: float) -> str | None:
    """The key of the pile under a point (carried cards ignore the pointer)."""
    node = document.elementFromPoint(x, y)
    if is_none(node):
        return None
    pile = node.closest("[data-pile]")
    return None if is_none(pile) else str(pile.dataset.pile)


def bind(element: Any, board: Board) -> Callable[[], None]:
    """Listen to pointer events on the board element; returns the unbind."""
    held: dict[str, Any] = {"id": None}

    def down(event: Any) -> None:
        if held["id"] is not None or not event.isPrimary:
            return
        if event.pointerType == "mouse" and event.button != 0:
            return
        card = event.target.closest("[data-card]")
        if is_none(card):
            return
        pile = card.closest("[data-pile]")
        if is_none(pile):
            return
        event.preventDefault()
        x, y = float(event.clientX), float(event.clientY)
        kind = str(event.pointerType)
        if board.down(
            str(pile.dataset.pile), str(card.dataset.card), event.pointerId, x, y, event.timeStamp, kind
        ):
            held["id"] = event.pointerId
            # A synthetic or already released pointer cannot be captured; its events still
            # bubble up to the board.
            with suppress(Exception):
                element.setPointerCapture(event.pointerId)

    def move(event: Any) -> None:
        if event.pointerId == held["id"]:
            board.move(event.clientX, event.clientY)

    def up(event: Any) -> None:
        if event.pointerId != held["id"]:
            return
        held["id"] = None
        x, y = float(event.clientX), float(event.clientY)
        drop = pile_at(x, y)
        if drop is None:
            head = board.carried()
            if head is not None:  # the pointer is between piles: try under the carried card
                rect = head.getBoundingClientRect()
                drop = pile_at(rect.left + rect.width / 2, rect.top + rect.height / 2)
        board.up(drop, event.timeStamp)

    def cancel(event: Any) -> None:
        if event.pointerId == held["id"]:
            held["id"] = None
            board.cancel()

    return listen(
        element,
        {
            "pointerdown": down,
            "pointermove": move,
            "pointerup": up,
            "pointercancel": cancel,
            "lostpointercapture": cancel,
        },
    )

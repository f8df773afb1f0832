"""The cards' motion on the board: a :class:`.board.model.Plan`'s flights played, and every
motion ended at once when input comes.

Thin DOM code over the elements of :mod:`.view.build`. :meth:`Flights.where` and
:meth:`Flights.fly` are the two halves of a plan's flights (FLIP): where the cards are
drawn before the DOM changes, then their animation from there to where the DOM has them
now (Web Animations on ``transform`` and ``opacity``): a glide from the card's last place,
a deal's card in from the deck at the foot of the board, a win's leap out to its place in a
wheel round the board's middle and back. None when the cards do not move
(:attr:`Flights.moving`: the Motion setting, ``prefers-reduced-motion``), where a refusal
flashes instead of shaking. :meth:`Flights.settle` ends every animation on the board: the
page is at the model already, only its drawing catches up. Which cards fly, when and how
long is the model's (:func:`.board.model.plan`).
"""

from __future__ import annotations

import math
from typing import Any, Final

from ..board.model import Flight, Plan
from ..dom import js_object, reduced_motion
from ..storage.settings import Settings
from .build import Elements

SHAKE: Final[tuple[list[dict[str, str]], list[dict[str, str]]]] = (
    [{"transform": f"translateX({x})"} for x in ("0", "-4px", "4px", "-2px", "0")],
    [{"outlineColor": "#d22"}, {"outlineColor": "transparent"}],
)
"""A refusal's frames: a shake, or an outline flash when cards do not move."""
FLY: Final = {"zIndex": 900, "pointerEvents": "none"}
"""In flight a card is drawn above the others and lets the pointer through to the card
under it, so a quick next tap reaches what the player sees."""
WHEEL: Final = 0.36
"""A win's wheel: its radius, a share of the board's smaller side."""

Rects = dict[str, tuple[float, float]]
"""Where cards are drawn (viewport left, top) by card key: the start of a glide."""


class Flights:
    """The board's cards in motion."""

    def __init__(self, elements: Elements) -> None:
        self.elements = elements
        self.reduced = reduced_motion()
        """``prefers-reduced-motion``, read when it counts (the device may change it)."""
        self.chosen = Settings()
        """The settings, for their Motion (:meth:`.storage.settings.Settings.moving`)."""
        self.subtree = js_object({"subtree": True})
        """``getAnimations``' options, made once: :meth:`settle` runs on every press and key."""

    @property
    def moving(self) -> bool:
        """Whether cards move (the Motion setting, ``prefers-reduced-motion``): else no
        flights, and a refusal flashes instead of shaking."""
        return self.chosen.moving(bool(self.reduced.matches))

    def where(self, plan: Plan) -> Rects:
        """Where the cards of ``plan``'s glides are drawn now (none when cards do not move)."""
        found = {}
        if self.moving:
            for flight in plan.flights:
                node = self.elements.cards[flight.card]
                if flight.path == "glide" and node.isConnected:
                    rect = node.getBoundingClientRect()
                    found[flight.card] = (rect.left, rect.top)
        return found

    def fly(self, plan: Plan, first: Rects) -> None:
        """Each flight of ``plan`` (a glide from where its card was drawn, ``first``, to
        where it is now: FLIP); then the refusal, if any."""
        moving, times = self.moving, self.chosen.times  # the pace chosen: a share of the plan's times
        if moving and plan.flights:
            glides = all(flight.path == "glide" for flight in plan.flights)
            middle = (0.0, 0.0, 0.0, 0.0) if glides else self._board()  # a glide needs no board
            for flight in plan.flights:
                frames = self._frames(flight, first, middle)
                if frames:
                    timing: dict[str, Any] = {
                        "duration": round(flight.duration_ms * times),
                        "delay": round(flight.delay_ms * times),
                        "easing": "ease-out" if flight.path != "fan" else "ease-in-out",
                    }
                    if flight.path == "deal":
                        timing["fill"] = "backwards"  # at the deck until its turn
                    self.elements.cards[flight.card].animate(js_object(frames), js_object(timing))
        if plan.refused is not None:
            node = self.elements.cards[plan.refused]
            node.classList.add("refused")
            shake = SHAKE[0] if moving else SHAKE[1]
            node.animate(js_object(shake), js_object({"duration": 220, "easing": "ease-in-out"}))

    def _board(self) -> tuple[float, float, float, float]:
        """The board's middle and size: where a deal's deck and a win's wheel are."""
        box = self.elements.board.getBoundingClientRect()
        return (box.left + box.width / 2, box.top + box.height / 2, box.width, box.height)

    def _frames(
        self, flight: Flight, first: Rects, board: tuple[float, float, float, float]
    ) -> list[dict[str, Any]]:
        """The keyframes of one flight, from the card's box now (``board``: the board's
        middle and size); none for a glide that does not go anywhere."""
        rect = self.elements.cards[flight.card].getBoundingClientRect()
        if flight.path == "glide":
            if flight.card not in first:
                return []
            left, top = first[flight.card]
            dx, dy = left - rect.left, top - rect.top
            if abs(dx) < 1 and abs(dy) < 1:
                return []
            return [{"transform": f"translate({dx:.1f}px, {dy:.1f}px)", **FLY}, {"transform": "none", **FLY}]
        x, y, width, height = board
        dx, dy = x - rect.left - rect.width / 2, y - rect.top - rect.height / 2
        if flight.path == "deal":  # from the deck, at the foot of the board
            start = f"translate({dx:.1f}px, {dy + height / 2 - rect.height / 2:.1f}px) scale(0.6)"
            return [
                {"transform": start, "opacity": 0, **FLY},
                {"opacity": 1, "offset": 0.3, **FLY},
                {"transform": "none", "opacity": 1, **FLY},
            ]
        angle = flight.turn * 360  # from the top, clockwise: its place in the wheel
        radius = WHEEL * min(width, height)
        out = (
            f"translate({dx + radius * math.sin(math.radians(angle)):.1f}px, "
            f"{dy - radius * math.cos(math.radians(angle)):.1f}px) rotate({angle:.1f}deg)"
        )
        return [
            {"transform": "none", **FLY},
            {"transform": out, "offset": 0.4, **FLY},
            {"transform": out, "offset": 0.6, **FLY},
            {"transform": "none", **FLY},
        ]

    def flying(self) -> bool:
        """Whether any card of the board is still in flight (a glide, a deal, a win's wheel)."""
        return any(str(a.playState) != "finished" for a in self.elements.board.getAnimations(self.subtree))

    def settle(self) -> None:
        """Every animation on the board jumps to its end (input came: the drawing catches
        up with the page at once)."""
        for animation in self.elements.board.getAnimations(self.subtree):
            animation.finish()


__all__ = ["FLY", "SHAKE", "WHEEL", "Flights", "Rects"]

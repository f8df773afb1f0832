"""A replay: a deal and the moves of a game, stepped through forward and back (pure
Python, no browser import; tested under CPython; docs/replays.md).

A replay link (``?deal=CODE&moves=…&replay``, :mod:`.links.address`) is read into a
:class:`Replay`, checked move by move when it is read; the page shows
:attr:`Replay.position` and steps with :meth:`Replay.forward` and :meth:`Replay.back`,
playing on by itself every :meth:`Replay.delay_ms`. It never touches the game in
progress: "play from here" (:meth:`Replay.taken_over`) is a new game.

>>> from ..links.address import link_from_query
>>> link, _ = link_from_query("?deal=EO1-C8-AAAAAFA&moves=1eef&replay")
>>> replay = Replay.of(link)
>>> replay.step, replay.length, replay.forward().step, replay.forward().forward().forward().step
(0, 2, 1, 2)
>>> replay.forward().taken_over().game().moves, replay.back().step
(1, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Final

from ...deal import DealCode
from ...moves import Move
from ...position import Position
from ...rules import apply
from ..links.address import Link

SPEEDS: Final = (0.5, 1.0, 2.0, 4.0)
"""The speed control's choices, moves per second."""
DEFAULT_SPEED: Final = 1.0


@dataclass(frozen=True)
class Replay:
    """The ``moves`` of a game of ``code``; ``step`` of them are shown (0: the deal). A
    value: each step returns the next replay."""

    code: DealCode
    moves: tuple[Move, ...]
    step: int = 0
    speed: float = DEFAULT_SPEED
    playing: bool = False
    time: int | None = None
    """The game's time of play in milliseconds, as its link says (``None``: not known)."""
    positions: tuple[Position, ...] = field(default=(), compare=False, repr=False)
    """The position after each step, the deal first (filled when built)."""

    def __post_init__(self) -> None:
        if not self.positions:
            position = self.code.deal()
            positions = [position]
            for move in self.moves:
                position = apply(position, move)
                positions.append(position)
            object.__setattr__(self, "positions", tuple(positions))

    @classmethod
    def of(cls, link: Link) -> Replay:
        """The replay of a checked link, at its deal."""
        return cls(link.code, link.moves, time=link.time)

    @property
    def length(self) -> int:
        return len(self.moves)

    @property
    def position(self) -> Position:
        return self.positions[self.step]

    @property
    def at_end(self) -> bool:
        return self.step == self.length

    @property
    def score(self) -> int:
        """The score after the moves shown."""
        return sum(move.points for move in self.moves[: self.step])

    def forward(self) -> Replay:
        """One more move shown; at the end it stops playing instead."""
        if self.at_end:
            return replace(self, playing=False)
        return replace(self, step=self.step + 1)

    def back(self) -> Replay:
        """The last shown move taken back (at the deal: as it is)."""
        return replace(self, step=self.step - 1) if self.step else self

    def go(self, step: int) -> Replay:
        """The first ``step`` moves shown (clamped to the replay)."""
        return replace(self, step=max(0, min(self.length, step)))

    def toggle(self) -> Replay:
        """Play or pause; playing from the end starts again at the deal."""
        step = 0 if not self.playing and self.at_end else self.step
        return replace(self, step=step, playing=not self.playing)

    def with_speed(self, speed: float) -> Replay:
        """One of :data:`SPEEDS` (anything else: the default)."""
        return replace(self, speed=speed if speed in SPEEDS else DEFAULT_SPEED)

    def delay_ms(self) -> int:
        """The pause between two moves while playing.

        >>> Replay(DealCode.parse("EO1-C8-AAAAAFA"), (), speed=2.0).delay_ms()
        500
        """
        return round(1000 / self.speed)

    def link(self) -> Link:
        return Link(self.code, self.moves, self.time)

    def taken_over(self) -> Link:
        """The link of the position shown: "play from here"."""
        return Link(self.code, self.moves[: self.step])


__all__ = ["DEFAULT_SPEED", "SPEEDS", "Replay"]

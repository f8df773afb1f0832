"""A replay: a deal and the moves of a game, stepped through forward and back (pure
Python, no browser import; tested under CPython; docs/replays.md).

A replay link (``?deal=CODE&moves=…&replay``, :mod:`.links.address`) is read into a
:class:`Replay`, checked move by move when it is read; the page shows
:attr:`Replay.position` and steps with :meth:`Replay.forward` and :meth:`Replay.back`,
playing on by itself every :meth:`Replay.delay_ms`. It never touches the game in
progress: "play from here" (:meth:`Replay.game`) is a new game, a copy.

>>> from ..links.address import link_from_query
>>> link, _ = link_from_query("?deal=EO1-C8-AAAAAFA&moves=1eef&replay")
>>> replay = Replay.of(link)
>>> replay.step, replay.length, replay.forward(), replay.step
(0, 2, Move.parse('1e'), 1)
>>> replay.game().moves, replay.back(), replay.back()
(1, Move.parse('1e'), None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from ...deal import DealCode
from ...game import Game
from ...moves import Move
from ...position import Position
from ...rules import apply
from ..links.address import Link

SPEEDS: Final = (0.5, 1.0, 2.0, 4.0)
"""The speed control's choices, moves per second."""
DEFAULT_SPEED: Final = 1.0


@dataclass
class Replay:
    """The ``moves`` of a game of ``code``; ``step`` of them are shown (0: the deal)."""

    code: DealCode
    moves: tuple[Move, ...]
    step: int = 0
    speed: float = DEFAULT_SPEED
    playing: bool = False
    positions: list[Position] = field(default_factory=list)
    """The position after each step, the deal first (filled when built)."""
    time: int | None = None
    """The game's time of play in milliseconds, as its link says (``None``: not known)."""

    def __post_init__(self) -> None:
        if not self.positions:
            position = self.code.deal()
            self.positions = [position]
            for move in self.moves:
                position = apply(position, move)
                self.positions.append(position)

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

    def forward(self) -> Move | None:
        """Show one more move (``None`` at the end, which also stops playing)."""
        if self.at_end:
            self.playing = False
            return None
        self.step += 1
        return self.moves[self.step - 1]

    def back(self) -> Move | None:
        """Take the last shown move back (``None`` at the deal)."""
        if not self.step:
            return None
        self.step -= 1
        return self.moves[self.step]

    def go(self, step: int) -> None:
        """Show the first ``step`` moves (clamped to the replay)."""
        self.step = max(0, min(self.length, step))

    def toggle(self) -> bool:
        """Play or pause; playing from the end starts again at the deal. Returns whether
        it plays now."""
        if not self.playing and self.at_end:
            self.step = 0
        self.playing = not self.playing
        return self.playing

    def set_speed(self, speed: float) -> None:
        """One of :data:`SPEEDS` (anything else: the default)."""
        self.speed = speed if speed in SPEEDS else DEFAULT_SPEED

    def delay_ms(self) -> int:
        """The pause between two moves while playing.

        >>> Replay(DealCode.parse("EO1-C8-AAAAAFA"), (), speed=2.0).delay_ms()
        500
        """
        return round(1000 / self.speed)

    def game(self) -> Game:
        """A new game at the shown step, its moves on the undo stack: "play from here"."""
        return Game.after(self.code, self.moves[: self.step])

    def link(self) -> Link:
        return Link(self.code, self.moves, self.time)


__all__ = ["DEFAULT_SPEED", "SPEEDS", "Replay"]

"""The game's clock: how long the game in play has been played, counted from its first move,
paused while the tab is hidden, frozen by the win, never back on undo (pure Python, no
browser import; tested under CPython).

The engine knows nothing of time: the clock is the page's. It is a value, :class:`Clock`,
moved on by the update with the time each action comes at (``performance.now``, a
monotonic source, in milliseconds): the time banked, plus the piece running since it last
started. Its time is kept with the game in the record (:attr:`.storage.stats.Current.time`),
written at each save, so a reload goes on from there; the bar shows its whole seconds
(docs/storage.md, "The clock").

>>> clock = Clock(started=True).settled(now=0)
>>> clock.running, clock.elapsed(61_500)
(True, 61500)
>>> clock = clock.hidden_at(61_500)
>>> clock.running, clock.elapsed(99_000)
(False, 61500)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from ...game import Game
from ..storage.stats import MAX_TIME, Stats

SECOND: Final = 1000


@dataclass(frozen=True)
class Clock:
    """One game's time: ``banked`` before the piece running ``since`` (``None``: it stands
    still); ``started`` once the game had a move (or was loaded with time on it); ``frozen``
    by the win; ``hidden`` while the tab is; ``shown``, the time as of the last action (the
    bar shows its seconds)."""

    banked: int = 0
    since: float | None = None
    started: bool = False
    frozen: bool = False
    hidden: bool = False
    shown: int = 0

    @property
    def running(self) -> bool:
        return self.since is not None

    def elapsed(self, now: float) -> int:
        """The game's time at ``now``, in whole milliseconds (at most :data:`MAX_TIME`)."""
        piece = 0 if self.since is None else max(0, int(now - self.since))
        return min(MAX_TIME, self.banked + piece)

    def until_next_second(self) -> int | None:
        """While it runs, the milliseconds until the bar's second changes (``None``: it
        stands still, or has reached :data:`MAX_TIME`)."""
        if self.since is None or self.shown >= MAX_TIME:
            return None
        return SECOND - self.shown % SECOND

    @classmethod
    def of(cls, game: Game, stats: Stats, hidden: bool, now: float) -> Clock:
        """The clock of ``game`` shown now (the start, a new deal, another tab's game): on
        from the time its record kept; it runs once the game has had a move, until its win."""
        current = stats.current
        banked = current.time if current is not None else 0
        started = current is not None and (current.counted or current.time > 0)
        return cls(banked, None, started, game.is_won, hidden).settled(now)

    def followed(self, game: Game, now: float) -> Clock:
        """After an action on ``game`` (a move, undo, redo): a move starts the clock, the
        win freezes it, undo changes nothing."""
        return replace(self, started=self.started or game.moves > 0, frozen=game.is_won).settled(now)

    def hidden_at(self, now: float) -> Clock:
        """The tab is hidden: the clock stops."""
        return replace(self, hidden=True).settled(now)

    def seen_at(self, now: float) -> Clock:
        """The tab is seen again: the clock goes on from where it stopped."""
        return replace(self, hidden=False).settled(now)

    def settled(self, now: float) -> Clock:
        """Running or standing still as the game and the tab ask, its time as of ``now``."""
        run = self.started and not self.frozen and not self.hidden
        clock = self
        if run and self.since is None:
            clock = replace(self, since=now)
        elif not run and self.since is not None:
            clock = replace(self, banked=self.elapsed(now), since=None)
        return clock.at(now)

    def at(self, now: float) -> Clock:
        """The same clock, its time shown as of ``now``."""
        shown = self.elapsed(now)
        return self if shown == self.shown else replace(self, shown=shown)


__all__ = ["SECOND", "Clock"]

"""The game's clock: how long the game in play has been played, counted from its first move,
paused while the tab is hidden, frozen by the win, never back on undo, and shown in the
bar once a second (pure Python, no browser import; tested under CPython with a fake time).

The engine knows nothing of time: the clock is the page's. Its time is kept with the game
in the record (:attr:`.storage.stats.Current.time`, milliseconds), written by the
table's saves (:meth:`Clock.stamp`; one more when the tab is hidden while it runs), so a reload goes on
from there. It counts from a monotonic source (``performance.now``) in pieces: the time
banked, plus the piece running since it last started. While it runs, the bar's text is
written once a second, when the shown second changes (a timer set for that moment; none
while it stands still or the tab is hidden). docs/storage.md, "The clock".

>>> time = [0.0]
>>> shown: list[int] = []
>>> clock = Clock(lambda: time[0], shown.append, lambda ms, job: lambda: None)
>>> clock.running, clock.elapsed()
(False, 0)
>>> clock.start()
>>> time[0] = 61_500.0
>>> clock.elapsed(), clock.hide(), clock.running
(61500, True, False)
>>> time[0] = 99_000.0
>>> clock.elapsed()
61500
"""

from __future__ import annotations

from collections.abc import Callable

from ...game import Game
from ..storage.stats import MAX_TIME, Stats

SECOND = 1000


class Clock:
    """One game's time. ``now()``: milliseconds from a monotonic source; ``show(ms)``
    writes the time in the bar; ``later(ms, job)`` runs ``job`` after ``ms`` and returns
    its cancel (the page's timers, ``window.setTimeout``)."""

    def __init__(
        self,
        now: Callable[[], float],
        show: Callable[[int], None],
        later: Callable[[float, Callable[[], None]], Callable[[], None]],
    ) -> None:
        self.now, self.show, self.later = now, show, later
        self.banked = 0
        """The time counted before the piece running now (all of it when stopped)."""
        self.since: float | None = None
        """When the piece running now started (``None``: the clock stands still)."""
        self.started = False
        """The game's first move was made (or it was loaded with time on its clock)."""
        self.frozen = False
        """The game is won: its time stays."""
        self.hidden = False
        """The tab is hidden: nobody is playing."""
        self.timer: Callable[[], None] | None = None
        """The cancel of the next second's write (``None``: none waiting)."""
        self.written = -1
        """The second shown in the bar (-1: none yet)."""

    @classmethod
    def still(cls) -> Clock:
        """A clock whose time never moves and that shows nothing (a table without a page)."""
        return cls(lambda: 0.0, lambda _ms: None, lambda _ms, _job: lambda: None)

    @property
    def running(self) -> bool:
        return self.since is not None

    def elapsed(self) -> int:
        """The game's time so far, in whole milliseconds (at most :data:`MAX_TIME`)."""
        piece = 0 if self.since is None else max(0, int(self.now() - self.since))
        return min(MAX_TIME, self.banked + piece)

    # -- the game ----------------------------------------------------------------------

    def game(self, game: Game, stats: Stats) -> None:
        """``game`` is shown (the start, a new deal, another tab's game): its clock goes on
        from the time its record kept; it runs once the game has had a move, until its win."""
        current = stats.current
        self.banked = current.time if current is not None else 0
        self.since = None
        self.started = current is not None and (current.counted or current.time > 0)
        self.frozen = game.is_won
        self.written = -1
        self._settle()

    def start(self) -> None:
        """The first move: the clock runs (unless the game is won or the tab hidden)."""
        self.started = True
        self._settle()

    def follow(self, game: Game, stats: Stats) -> Stats:
        """After an action on ``game`` (a move, undo, redo): a move starts the clock, the win
        freezes it, undo changes nothing; returns ``stats`` with the game's time."""
        self.started = self.started or game.moves > 0
        self.frozen = game.is_won
        self._settle()
        return self.stamp(stats)

    def stamp(self, stats: Stats) -> Stats:
        """``stats`` with the game in play's time as it is now (what the table saves)."""
        return stats.timed(self.elapsed())

    # -- the tab -----------------------------------------------------------------------

    def hide(self) -> bool:
        """The tab is hidden: the clock stops. Returns whether it was running, i.e. whether
        its time moved since the game was last saved (then the table saves it; a clock
        standing still has nothing new to save, and a save would write over what another
        tab or the player did to the storage meanwhile)."""
        was_running = self.running
        self.hidden = True
        self._settle()
        return was_running

    def reveal(self) -> None:
        """The tab is seen again: the clock goes on from where it stopped."""
        self.hidden = False
        self._settle()

    # -- running and showing -------------------------------------------------------------

    def _settle(self) -> None:
        """Run or stand still as the game and the tab ask, and show the time."""
        run = self.started and not self.frozen and not self.hidden
        if run and self.since is None:
            self.since = self.now()
        elif not run and self.since is not None:
            self.banked, self.since = self.elapsed(), None
        self.tick()

    def tick(self) -> None:
        """Show the time when its second changed; while running, come back when the next
        second starts."""
        if self.timer is not None:
            self.timer()
            self.timer = None
        elapsed = self.elapsed()
        if elapsed // SECOND != self.written:
            self.written = elapsed // SECOND
            self.show(elapsed)
        if self.since is not None and elapsed < MAX_TIME:
            self.timer = self.later(SECOND - elapsed % SECOND, self.tick)


__all__ = ["SECOND", "Clock"]

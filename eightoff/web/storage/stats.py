"""The player's statistics (:class:`Stats`), following the game in play: games started and
won, streaks, best score, fewest moves, the last 100 finished games, and the daily deal's
results; its entries are :mod:`.storage.stats_entries`'s (pure Python, no browser import; tested
under CPython; stored with the game, docs/storage.md).

A game counts as played once it has a move (:meth:`Stats.follow`, after every action); it
is won when its last card reaches a foundation, and lost when a new deal or a restart
replaces it while it has moves and is not won (:meth:`Stats.leave`). A win with a hint
taken is marked ``hinted``. Each figure is kept per cell count (8, 4, 2) and over all
games; the daily deal's games are counted once more, apart, with the dates won.

>>> from eightoff import DealCode, Game, Move
>>> stats = Stats()
>>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
>>> stats = stats.begin(game.code)
>>> _ = game.play(Move.parse("1e"))
>>> stats = stats.follow(game, "2026-11-30")
>>> stats = stats.leave(game, "2026-11-30")
>>> stats.overall.started, stats.overall.won, stats.recent[-1].won
(1, 0, False)
>>> Stats.from_dict(stats.to_dict()) == stats
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Final

from ...deal import DealCode
from ...errors import EightOffError
from ...game import Game
from ...moves import Move
from ...position import CELL_COUNTS
from ...rules import apply
from .stats_entries import (
    DATES_WON,
    PATH_LIMIT,
    Current,
    Daily,
    Result,
    StatsError,
    Tally,
    checked_list,
    checked_object,
)

RECENT: Final = 100
"""How many finished games :attr:`Stats.recent` keeps, newest last."""


@dataclass(frozen=True)
class Stats:
    """Everything recorded: a :class:`Tally` per cell count and over all games, the
    :data:`RECENT` last finished games (oldest first), the daily deal's games, and the
    game in play (:class:`Current`, ``None`` before the first)."""

    by_cells: dict[int, Tally] = field(default_factory=lambda: {n: Tally() for n in CELL_COUNTS})
    overall: Tally = field(default_factory=Tally)
    recent: tuple[Result, ...] = ()
    daily: Daily = field(default_factory=Daily)
    current: Current | None = None

    # -- following the game ----------------------------------------------------------

    def begin(self, code: DealCode, daily: str | None = None, path: tuple[Move, ...] | None = ()) -> Stats:
        """A new game of ``code`` replaces the one in play (after :meth:`leave`);
        ``daily``: the date whose deal it is; ``path``: the moves it starts after (a
        position link's; ``None``: unknown, more than :data:`PATH_LIMIT`)."""
        untimed = path is None or len(path) > 0  # begun with moves its clock did not see
        path = None if path is None or len(path) > PATH_LIMIT else tuple(path)
        return replace(self, current=Current(str(code), daily=daily, path=path, untimed=untimed))

    def follow(self, game: Game, today: str) -> Stats:
        """After any action on ``game`` (a move, undo, redo): count it once it has a move,
        record its win once, keep its path."""
        current = self.current
        if current is None or current.code != str(game.code):
            current = Current(str(game.code))
        stats = replace(self, current=replace(current, path=_follow_path(current.path, game)))
        if not current.counted and game.moves:
            stats = stats._started(game)
        if game.is_won and not current.finished:
            stats = stats._ended(game, True, today)
        return stats

    def timed(self, time: int) -> Stats:
        """The game in play has been played for ``time`` milliseconds (its clock,
        :mod:`.board.clock`)."""
        current = self.current
        if current is None or current.time == time:
            return self
        return replace(self, current=replace(current, time=time))

    def hinted(self) -> Stats:
        """A hint was shown in the game in play: a win of it is marked."""
        return self if self.current is None else replace(self, current=replace(self.current, hinted=True))

    def leave(self, game: Game, today: str) -> Stats:
        """``game`` is replaced (a new deal, a restart): it is lost if it had a move and
        was not won."""
        stats = self.follow(game, today)
        current = stats.current
        assert current is not None
        if current.counted and not current.finished:
            stats = stats._ended(game, False, today)
        return replace(stats, current=None)

    def reset(self, game: Game) -> Stats:
        """Everything forgotten; the game in play counts again from its next move (its
        path is kept for a replay, its time on the clock goes on)."""
        current = self.current if self.current is not None else Current(str(game.code), path=None)
        fresh = Current(str(game.code), finished=game.is_won)
        return Stats(current=replace(fresh, path=current.path, time=current.time, untimed=current.untimed))

    def _started(self, game: Game) -> Stats:
        current = self.current
        assert current is not None
        cells = game.code.cells
        by_cells = {**self.by_cells, cells: self.by_cells[cells].start()}
        daily = self.daily
        if current.daily is not None:
            daily = replace(daily, tally=daily.tally.start())
        return replace(
            self,
            by_cells=by_cells,
            overall=self.overall.start(),
            daily=daily,
            current=replace(current, counted=True),
        )

    def _ended(self, game: Game, won: bool, today: str) -> Stats:
        current = self.current
        assert current is not None
        score, moves, cells, time = game.score, game.moves, game.code.cells, current.played_for
        result = Result(str(game.code), won, score, moves, today, current.hinted and won, time)
        by_cells = {**self.by_cells, cells: self.by_cells[cells].end(won, score, moves, time)}
        daily = self.daily
        if current.daily is not None:
            dates = daily.dates_won
            if won and current.daily not in dates:
                dates = (*dates, current.daily)[-DATES_WON:]
            daily = Daily(daily.tally.end(won, score, moves, time), dates)
        return replace(
            self,
            by_cells=by_cells,
            overall=self.overall.end(won, score, moves, time),
            recent=(*self.recent, result)[-RECENT:],
            daily=daily,
            current=replace(current, finished=True),
        )

    # -- what the window shows ---------------------------------------------------------

    def beat_solver(self, cells: int) -> Stats:
        """One more win in fewer moves than the solver's line (:mod:`.solver.coach`), of
        ``cells`` cells and overall."""
        tally, overall = self.by_cells[cells], self.overall
        by_cells = {**self.by_cells, cells: replace(tally, fewer_than_solver=tally.fewer_than_solver + 1)}
        return replace(
            self, by_cells=by_cells, overall=replace(overall, fewer_than_solver=overall.fewer_than_solver + 1)
        )

    def tally(self, cells: int | None = None) -> Tally:
        """The figures of ``cells`` (``None``: all games)."""
        return self.overall if cells is None else self.by_cells[cells]

    def last(self, count: int, cells: int | None = None) -> tuple[Result, ...]:
        """The last ``count`` finished games (of ``cells``; ``None``: all), oldest first."""
        games = [r for r in self.recent if cells is None or r.cells == cells]
        return tuple(games[-count:]) if count > 0 else ()

    def whole_game(self, game: Game) -> tuple[Move, ...] | None:
        """Every move of ``game`` from its deal, or ``None`` when they are not all known."""
        current = self.current
        if current is not None and current.code == str(game.code) and current.path is not None:
            return current.path
        return tuple(game.undo_stack) if game.moves == len(game.undo_stack) else None

    # -- stored form -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "by_cells": {str(n): self.by_cells[n].to_dict() for n in CELL_COUNTS},
            "overall": self.overall.to_dict(),
            "recent": [r.to_dict() for r in self.recent],
            "daily": self.daily.to_dict(),
        }
        if self.current is not None:
            data["current"] = self.current.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: Any, game: Game | None = None) -> Stats:
        """Check and build the statistics from :meth:`to_dict`'s data; raises
        :class:`StatsError`. With ``game``, the game in play of the same record: a
        current entry of another deal, or a path that does not lead to it, is dropped."""
        data = checked_object(data, "stats")
        by_cells_data = checked_object(data.get("by_cells"), "by_cells")
        if sorted(by_cells_data) != sorted(str(n) for n in CELL_COUNTS):
            raise StatsError(
                "the statistics do not hold 8, 4 and 2 cells", code="stats-shape", field="by_cells"
            )
        by_cells = {n: Tally.from_dict(by_cells_data[str(n)], f"by_cells.{n}") for n in CELL_COUNTS}
        recent = tuple(Result.from_dict(r) for r in checked_list(data.get("recent"), "recent", RECENT))
        current = None if data.get("current") is None else Current.from_dict(data.get("current"))
        stats = cls(
            by_cells,
            Tally.from_dict(data.get("overall"), "overall"),
            recent,
            Daily.from_dict(data.get("daily")),
            current,
        )
        if sum(t.started for t in by_cells.values()) != stats.overall.started:
            raise StatsError("the statistics' counts do not add up", code="stats-figures")
        return stats if game is None else stats.matched(game)

    def with_path(self, game: Game, path: tuple[Move, ...]) -> Stats:
        """These statistics made to agree with ``game`` (:meth:`matched`), its path known
        to be ``path`` (a position link's moves, longer than the undo stack reaches) when
        that leads to it and is at most :data:`PATH_LIMIT` long."""
        stats = self.matched(game)
        current = stats.current
        if current is None or len(path) > PATH_LIMIT or not _leads_to(tuple(path), game):
            return stats
        return replace(stats, current=replace(current, path=tuple(path)))

    def matched(self, game: Game) -> Stats:
        """These statistics with their current entry made to agree with ``game``."""
        current = self.current
        if current is None or current.code != str(game.code):  # its clock unknown when it has moves
            path = tuple(game.undo_stack) if game.moves == len(game.undo_stack) else None
            return replace(self, current=Current(str(game.code), path=path, untimed=game.moves > 0))
        if current.finished and not game.is_won:  # only a won game is finished: count it on
            current = replace(current, finished=False)
        path = _follow_path(current.path, game)
        if path is not None and not _leads_to(path, game):
            path = None
        if current == self.current and path == current.path:
            return self
        return replace(self, current=replace(current, path=path))


def _follow_path(path: tuple[Move, ...] | None, game: Game) -> tuple[Move, ...] | None:
    """The path to ``game`` after an action: the moves undo cannot reach are the path's
    first ones, the rest is the undo stack."""
    before = game.moves - len(game.undo_stack)
    if path is None or before > len(path):
        return None
    whole = (*path[:before], *game.undo_stack)
    return whole if len(whole) <= PATH_LIMIT else None


def _leads_to(path: tuple[Move, ...], game: Game) -> bool:
    """Whether ``path`` played from the deal is ``game``'s line: legal, ``game.moves``
    long, ending at its position, its tail its undo stack."""
    if len(path) != game.moves or tuple(path[len(path) - len(game.undo_stack) :]) != tuple(game.undo_stack):
        return False
    if len(path) == len(game.undo_stack):
        return True  # the whole game is its undo stack: a Game's history is legal from its deal
    position = game.code.deal()
    try:
        for move in path:
            position = apply(position, move)
    except EightOffError:
        return False
    return position == game.position


__all__ = ["RECENT", "Stats"]

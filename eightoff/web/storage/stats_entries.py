"""The entries of the player's statistics, each with its stored form read back checked
(:class:`StatsError`): a group's figures (:class:`Tally`), one finished game
(:class:`Result`), the daily deal's games (:class:`Daily`) and the game in play
(:class:`Current`) (pure Python, no browser import; docs/storage.md, the ``stats`` object).

>>> Tally(started=4, won=1).win_rate
0.25
>>> Tally.from_dict({"started": 1, "won": 2, "streak": 0, "best_streak": 0, "best_score": 0})
Traceback (most recent call last):
...
eightoff.web.storage.stats_entries.StatsError: the statistics' figures do not add up
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

from ...deal import DealCode
from ...errors import EightOffError
from ...moves import Move

DATES_WON: Final = 1000
"""How many dates won :attr:`Daily.dates_won` keeps, newest last (almost three years)."""
PATH_LIMIT: Final = 2000
"""The longest game whose every move :attr:`Current.path` keeps (for a replay link)."""
MAX_COUNT: Final = (1 << 53) - 1
MAX_TIME: Final = 100 * 3600 * 1000 - 1
"""The longest time a game's clock shows, in milliseconds (99:59:59.999): the clock stops
there, and a stored time beyond it is refused (``stats-time``)."""


class StatsError(EightOffError):
    """Stored statistics that this version cannot read."""

    code = "stats"


def _date(value: Any, name: str) -> str:
    """A date as ``YYYY-MM-DD`` (UTC), checked by shape."""
    if (
        type(value) is not str
        or len(value) != 10
        or value[4] != "-"
        or value[7] != "-"
        or not (value[:4] + value[5:7] + value[8:]).isdigit()
        or not value.isascii()
    ):
        raise StatsError(
            f"the statistics' {name} is not a date like 2026-11-30", code="stats-date", field=name
        )
    return value


def _count(value: Any, name: str, low: int = 0) -> int:
    if type(value) is not int or not low <= value <= MAX_COUNT:
        raise StatsError(f"the statistics' {name} is not a whole number", code="stats-number", field=name)
    return value


def _time(value: Any, name: str) -> int:
    """A game's time in whole milliseconds, 0 to :data:`MAX_TIME`."""
    if type(value) is not int or not 0 <= value <= MAX_TIME:
        raise StatsError(f"the statistics' {name} is not a time of play", code="stats-time", field=name)
    return value


def _flag(value: Any, name: str) -> bool:
    if type(value) is not bool:
        raise StatsError(f"the statistics' {name} is not true or false", code="stats-flag", field=name)
    return value


def _code(data: Any, what: str) -> str:
    """The deal code kept under ``"code"``, checked as a deal code."""
    try:
        return str(DealCode.parse(data.get("code")))
    except (EightOffError, AttributeError, TypeError) as error:
        raise StatsError(f"{what} has no valid deal code", code="stats-code") from error


def checked_object(data: Any, name: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise StatsError(f"the statistics' {name} is not an object", code="stats-shape", field=name)
    return data


def checked_list(data: Any, name: str, limit: int) -> list[Any]:
    if not isinstance(data, list) or len(data) > limit:
        raise StatsError(
            f"the statistics' {name} is not a list of at most {limit}", code="stats-shape", field=name
        )
    return data


@dataclass(frozen=True)
class Result:
    """One finished game: its deal ``code``, ``won``, ``score``, ``moves``, the UTC
    ``date`` it ended, whether a hint was taken, and its ``time`` on the clock in
    milliseconds (``None``: unknown, a game begun before the clock or in an older
    record)."""

    code: str
    won: bool
    score: int
    moves: int
    date: str
    hinted: bool = False
    time: int | None = None

    @property
    def cells(self) -> int:
        return DealCode.parse(self.code).cells

    def to_dict(self) -> dict[str, Any]:
        data = {
            "code": self.code,
            "won": self.won,
            "score": self.score,
            "moves": self.moves,
            "date": self.date,
        }
        if self.time is not None:
            data["time"] = self.time
        return {**data, "hinted": True} if self.hinted else data

    @classmethod
    def from_dict(cls, data: Any) -> Result:
        data = checked_object(data, "recent")
        code = _code(data, "a game of the statistics")
        time = data.get("time")
        return cls(
            code,
            _flag(data.get("won"), "recent.won"),
            _count(data.get("score"), "recent.score"),
            _count(data.get("moves"), "recent.moves"),
            _date(data.get("date"), "recent.date"),
            _flag(data.get("hinted", False), "recent.hinted"),
            None if time is None else _time(time, "recent.time"),
        )


@dataclass(frozen=True)
class Tally:
    """The figures of one group of games: ``started`` (games with a move), ``won``, the
    ``streak`` of wins now and the ``best_streak``, the ``best_score`` and the
    ``fewest_moves`` of a win (``None``: no win yet), the wins in fewer moves than the
    solver's own line (``fewer_than_solver``, :mod:`.solver.coach`), and the ``fastest``
    win's time in milliseconds (``None``: no win timed yet)."""

    started: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_score: int = 0
    fewest_moves: int | None = None
    fewer_than_solver: int = 0
    fastest: int | None = None

    @property
    def lost(self) -> int:
        """Games started and not won (the one in play included)."""
        return self.started - self.won

    @property
    def win_rate(self) -> float:
        """Won over started, 0 to 1 (0 before the first game)."""
        return self.won / self.started if self.started else 0.0

    def start(self) -> Tally:
        return replace(self, started=min(self.started + 1, MAX_COUNT))

    def end(self, won: bool, score: int, moves: int, time: int | None = None) -> Tally:
        """The tally after a game of it ends, won or lost (``time``: its time on the
        clock, ``None`` unknown)."""
        if not won:
            return replace(self, streak=0)
        streak = self.streak + 1
        fewest = moves if self.fewest_moves is None else min(self.fewest_moves, moves)
        times = [t for t in (time, self.fastest) if t is not None]
        fastest = min(times) if times else None
        return Tally(
            self.started,
            min(self.won + 1, self.started),
            streak,
            max(self.best_streak, streak),
            max(self.best_score, score),
            fewest,
            self.fewer_than_solver,
            fastest,
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "started": self.started,
            "won": self.won,
            "streak": self.streak,
            "best_streak": self.best_streak,
            "best_score": self.best_score,
        }
        if self.fewer_than_solver:  # absent from records older than it, and from theirs
            data["fewer_than_solver"] = self.fewer_than_solver
        if self.fastest is not None:  # absent until a timed win, and from older records
            data["fastest"] = self.fastest
        return data if self.fewest_moves is None else {**data, "fewest_moves": self.fewest_moves}

    @classmethod
    def from_dict(cls, data: Any, where: str = "tally") -> Tally:
        """Check and build a tally; ``where``: its place in the statistics (``overall``,
        ``by_cells.8``, ``daily.tally``), which names a bad figure (``overall.won``)."""
        data = checked_object(data, where)
        fewest, fastest = data.get("fewest_moves"), data.get("fastest")
        tally = cls(
            _count(data.get("started"), f"{where}.started"),
            _count(data.get("won"), f"{where}.won"),
            _count(data.get("streak"), f"{where}.streak"),
            _count(data.get("best_streak"), f"{where}.best_streak"),
            _count(data.get("best_score"), f"{where}.best_score"),
            None if fewest is None else _count(fewest, f"{where}.fewest_moves", 1),
            _count(data.get("fewer_than_solver", 0), f"{where}.fewer_than_solver"),
            None if fastest is None else _time(fastest, f"{where}.fastest"),
        )
        if tally.won > tally.started or tally.streak > tally.best_streak or tally.best_streak > tally.won:
            raise StatsError("the statistics' figures do not add up", code="stats-figures")
        if tally.fewer_than_solver > tally.won or (tally.fewest_moves is None) != (tally.won == 0):
            raise StatsError("the statistics' fewest moves do not match the wins", code="stats-figures")
        if tally.fastest is not None and not tally.won:
            raise StatsError("the statistics' fastest win has no win", code="stats-figures")
        return tally


@dataclass(frozen=True)
class Daily:
    """The daily deal's games: their :class:`Tally` and the dates won (UTC, oldest
    first)."""

    tally: Tally = Tally()
    dates_won: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"tally": self.tally.to_dict(), "dates_won": list(self.dates_won)}

    @classmethod
    def from_dict(cls, data: Any) -> Daily:
        data = checked_object(data, "daily")
        dates_won = checked_list(data.get("dates_won"), "daily.dates_won", DATES_WON)
        dates = tuple(_date(d, "daily.dates_won") for d in dates_won)
        return cls(Tally.from_dict(data.get("tally"), "daily.tally"), dates)


@dataclass(frozen=True)
class Current:
    """The game in play as the record sees it: its ``code``, whether it is ``counted``
    (it had a move), ``finished`` (won and recorded), ``hinted``, the ``daily`` date when
    it is that day's deal, its ``path``, every move from the deal to the position
    (``None`` when unknown: a game older than the record), for a replay of the whole
    game, and its ``time`` on the clock so far in milliseconds (:mod:`.board.clock`);
    ``untimed``: it had moves before its clock was kept (a record older than the clock),
    so its time is not the whole game's and is not recorded when it ends."""

    code: str
    counted: bool = False
    finished: bool = False
    hinted: bool = False
    daily: str | None = None
    path: tuple[Move, ...] | None = ()
    time: int = 0
    untimed: bool = False

    @property
    def played_for(self) -> int | None:
        """Its time on the clock, ``None`` when that is not the whole game's."""
        return None if self.untimed else self.time

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "counted": self.counted, "finished": self.finished}
        data["time"] = self.time  # always: a record without it is older than the clock
        if self.untimed:
            data["untimed"] = True
        if self.hinted:
            data["hinted"] = True
        if self.daily is not None:
            data["daily"] = self.daily
        if self.path is not None:
            data["path"] = ".".join(str(move) for move in self.path)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Current:
        data = checked_object(data, "current")
        code = _code(data, "the statistics' game")
        daily = data.get("daily")
        path = data.get("path")
        counted = _flag(data.get("counted"), "current.counted")
        return cls(
            code,
            counted,
            _flag(data.get("finished"), "current.finished"),
            _flag(data.get("hinted", False), "current.hinted"),
            None if daily is None else _date(daily, "current.daily"),
            None if path is None else _path(path),
            _time(data.get("time", 0), "current.time"),
            _flag(data.get("untimed", "time" not in data and counted), "current.untimed"),
        )


def _path(text: Any) -> tuple[Move, ...]:
    """Read :attr:`Current.path`'s stored text: moves in the engine's notation joined by
    dots (``1e.ef.26x3``)."""
    if type(text) is not str or len(text) > 6 * PATH_LIMIT:
        raise StatsError("the statistics' path is not text", code="stats-path")
    try:
        return tuple(Move.parse(m) for m in text.split(".")) if text else ()
    except EightOffError as error:
        raise StatsError("the statistics' path is not a list of moves", code="stats-path") from error


__all__ = [
    "DATES_WON",
    "MAX_COUNT",
    "MAX_TIME",
    "PATH_LIMIT",
    "Current",
    "Daily",
    "Result",
    "StatsError",
    "Tally",
    "checked_list",
    "checked_object",
]

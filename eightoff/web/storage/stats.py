"""The player's statistics (:class:`Stats`), following the game in play: games started and
won, streaks, best score, fewest moves, the last 100 finished games, and the daily deal's
results; and its entries, each with its stored form read back checked (:class:`StatsError`):
a group's figures (:class:`Tally`), one finished game (:class:`Result`), the daily deal's
games (:class:`Daily`) and the game in play (:class:`Current`) (pure Python, no browser
import; tested under CPython; stored with the game, docs/storage.md, the ``stats`` object).

A game counts as played once it has a move (:meth:`Stats.follow`, after every action); it
is won when its last card reaches a foundation. A new deal, a restart or a link that
replaces it while it had a move and is not won keeps it as the last game
(:class:`Previous`, :meth:`Stats.leave`), one command away (:meth:`Stats.back`); it is lost
when it is dropped for good, replaced as the last game by another. A win with a hint
taken is marked ``hinted``. Each figure is kept per cell count (8, 4, 2) and over all
games; the daily deal's games are counted once more, apart, with the dates won.

>>> from eightoff import DealCode, Game, Move
>>> stats = Stats()
>>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
>>> stats = stats.begin(game.code)
>>> _ = game.play(Move.parse("1e"))
>>> stats = stats.follow(game, "2026-11-30")
>>> stats = stats.leave(game, "2026-11-30")
>>> stats.overall.started, stats.overall.won, stats.recent, stats.previous.game is game
(1, 0, (), True)
>>> fresh = Game.new(DealCode.parse("EO1-C4-AAAAAFA"))
>>> back, stats = stats.begin(fresh.code).back(fresh, "2026-11-30")
>>> back is game, stats.current.code, stats.previous.game.code
(True, 'EO1-C8-AAAAAFA', DealCode.parse('EO1-C4-AAAAAFA'))
>>> Stats.from_dict(stats.to_dict()) == stats
True
>>> Tally(started=4, won=1).win_rate
0.25
>>> Tally.from_dict({"started": 1, "won": 2, "streak": 0, "best_streak": 0, "best_score": 0})
Traceback (most recent call last):
...
eightoff.web.storage.stats.StatsError: the statistics' figures do not add up
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, Final

from ... import saved
from ...deal import DealCode
from ...errors import EightOffError
from ...game import Game
from ...moves import Move
from ...position import CELL_COUNTS
from ...rules import apply

DATES_WON: Final = 1000
"""How many dates won :attr:`Daily.dates_won` keeps, newest last (almost three years)."""
PATH_LIMIT: Final = 2000
"""The longest game whose every move :attr:`Current.path` keeps (for a replay link)."""
MAX_COUNT: Final = (1 << 53) - 1
"""No count ever grows past it (a tally stays exact as a JavaScript number)."""
BACKUP_DAYS: Final = 7
"""A backup reminder comes when games finished this many days ago or more are in no backup."""
MOST_GAMES: Final = 10**12
"""The largest count read back: more games than anyone plays, and far enough below
:data:`MAX_COUNT` that the counts of each cell count and of all games always grow alike and
add up (a count at :data:`MAX_COUNT` would stop while another went on)."""
AVERAGED: Final = ("moves_of_wins", "wins_with_moves", "time_of_wins", "wins_timed")
"""A tally's sums and counts for the averages of its wins, stored under these names."""
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
    if type(value) is not int or value < low:
        raise StatsError(f"the statistics' {name} is not a whole number", code="stats-number", field=name)
    if value > MOST_GAMES:
        raise StatsError(
            f"the statistics' {name} is larger than any real count", code="stats-count", field=name
        )
    return value


def _time(value: Any, name: str) -> int:
    """A game's time in whole milliseconds, 0 to :data:`MAX_TIME`."""
    if type(value) is not int or not 0 <= value <= MAX_TIME:
        raise StatsError(f"the statistics' {name} is not a time of play", code="stats-time", field=name)
    return value


def _total(value: Any, name: str) -> int:
    """A sum kept for an average (of moves, or milliseconds), 0 to :data:`MAX_COUNT`."""
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise StatsError(f"the statistics' {name} is not a whole number", code="stats-number", field=name)
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
    if not isinstance(data, list):
        raise StatsError(f"the statistics' {name} is not a list", code="stats-shape", field=name)
    if len(data) > limit:
        raise StatsError(f"the statistics' {name} holds more than {limit}", code="stats-length", field=name)
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
    solver's own line (``fewer_than_solver``, :mod:`.update.solver`), the ``fastest``
    win's time in milliseconds (``None``: no win timed yet), and for the averages of wins
    the moves of the wins known (``moves_of_wins`` over ``wins_with_moves``) and their time
    (``time_of_wins``, milliseconds, over ``wins_timed``, the wins with a time). A record
    older than the averages knows the moves and times of its wins in the history only
    (:meth:`Stats.from_dict` takes them from there)."""

    started: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_score: int = 0
    fewest_moves: int | None = None
    fewer_than_solver: int = 0
    fastest: int | None = None
    moves_of_wins: int = 0
    wins_with_moves: int = 0
    time_of_wins: int = 0
    wins_timed: int = 0

    @property
    def average_moves(self) -> float | None:
        """The moves of a win on average (``None``: no win's moves known)."""
        return self.moves_of_wins / self.wins_with_moves if self.wins_with_moves else None

    @property
    def average_time(self) -> int | None:
        """The time of a win on average, whole milliseconds rounded (``None``: no win
        timed)."""
        return round(self.time_of_wins / self.wins_timed) if self.wins_timed else None

    def with_wins(self, results: Sequence[Result]) -> Tally:
        """This tally with the moves and times of the won games among ``results`` (a
        record older than the averages: its history's wins, at most :attr:`won` of them,
        the newest)."""
        wins = [r for r in results if r.won][-self.won :] if self.won else []
        timed = [r.time for r in wins if r.time is not None]
        return replace(
            self,
            moves_of_wins=sum(r.moves for r in wins),
            wins_with_moves=len(wins),
            time_of_wins=sum(timed),
            wins_timed=len(timed),
        )

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
        return replace(
            self,
            won=min(self.won + 1, self.started),
            streak=streak,
            best_streak=max(self.best_streak, streak),
            best_score=max(self.best_score, score),
            fewest_moves=fewest,
            fastest=fastest,
            moves_of_wins=min(self.moves_of_wins + moves, MAX_COUNT),
            wins_with_moves=self.wins_with_moves + 1,
            time_of_wins=self.time_of_wins if time is None else min(self.time_of_wins + time, MAX_COUNT),
            wins_timed=self.wins_timed + (time is not None),
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
        if self.won:  # absent while no win, and from records older than the averages
            data |= {name: getattr(self, name) for name in AVERAGED}
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
            *(_total(data.get(name, 0), f"{where}.{name}") for name in AVERAGED),
        )
        if tally.won > tally.started or tally.streak > tally.best_streak or tally.best_streak > tally.won:
            raise StatsError("the statistics' figures do not add up", code="stats-figures")
        if tally.fewer_than_solver > tally.won or (tally.fewest_moves is None) != (tally.won == 0):
            raise StatsError("the statistics' fewest moves do not match the wins", code="stats-figures")
        if tally.fastest is not None and not tally.won:
            raise StatsError("the statistics' fastest win has no win", code="stats-figures")
        if (
            not tally.wins_timed <= tally.wins_with_moves <= tally.won
            or (tally.moves_of_wins and not tally.wins_with_moves)
            or tally.time_of_wins > tally.wins_timed * MAX_TIME
        ):
            raise StatsError("the statistics' totals of wins do not add up", code="stats-figures")
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


@dataclass(frozen=True)
class Previous:
    """The last game: the ``game`` a new deal, a restart or a link replaced while it was in
    progress (it had a move and is not won), with its ``entry`` as it was in play
    (:class:`Current`: its time, path, hint taken, daily date), kept so that "Back to the last
    game" and Undo right after the deal bring it back (docs/storage.md, "The last game").
    Its loss is counted once, when another game takes its place here."""

    game: Game
    entry: Current

    def to_dict(self) -> dict[str, Any]:
        return {"game": saved.to_dict(self.game), "entry": self.entry.to_dict()}

    @classmethod
    def from_dict(cls, data: Any) -> Previous:
        data = checked_object(data, "previous")
        try:  # any damage of it, in one sentence (its entry's fields are not the game in play's)
            game = saved.from_dict(data.get("game"))
            entry = Current.from_dict(data.get("entry"))
        except EightOffError as error:
            raise StatsError("the statistics' last game cannot be read", code="stats-previous") from error
        if entry.code != str(game.code) or game.is_won or entry.finished:
            raise StatsError("the statistics' last game is not one in progress", code="stats-previous")
        return cls(game, _agreeing(entry, game))


# -- the whole record ----------------------------------------------------------------

RECENT: Final = 100
"""How many finished games :attr:`Stats.recent` keeps, newest last."""


@dataclass(frozen=True)
class Stats:
    """Everything recorded: a :class:`Tally` per cell count and over all games, the
    :data:`RECENT` last finished games (oldest first), the daily deal's games, the
    game in play (:class:`Current`, ``None`` before the first), and the last game
    (:class:`Previous`, ``None``: none kept)."""

    by_cells: dict[int, Tally] = field(default_factory=lambda: {n: Tally() for n in CELL_COUNTS})
    overall: Tally = field(default_factory=Tally)
    recent: tuple[Result, ...] = ()
    daily: Daily = field(default_factory=Daily)
    current: Current | None = None
    exported: str | None = None
    """The day of the last backup exported (``YYYY-MM-DD``; ``None``: never, or before the
    record kept it)."""
    previous: Previous | None = None

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
        """``game`` is replaced (a new deal, a restart, a link). In progress (it had a move
        and is not won), it becomes the last game (:class:`Previous`), and the last game
        before it is dropped for good: lost, if it had a move. Otherwise the last game
        stays."""
        stats = self.follow(game, today)
        current = stats.current
        assert current is not None
        if not current.counted or current.finished:
            return replace(stats, current=None)
        return replace(stats._dropped(today), current=None, previous=Previous(game, current))

    def back(self, game: Game, today: str) -> tuple[Game, Stats]:
        """Back to the last game in place of ``game``, which becomes the last game in turn
        unless it is won: the game to show and these statistics. Raises ``ValueError``
        without a last game."""
        previous = self.previous
        if previous is None:
            raise ValueError("no last game to go back to")
        stats = self.follow(game, today)
        current = stats.current
        assert current is not None
        kept = None if current.finished else Previous(game, current)
        return previous.game, replace(stats, current=previous.entry, previous=kept)

    def _dropped(self, today: str) -> Stats:
        """The last game dropped for good: counted lost when it had a move."""
        previous = self.previous
        if previous is None:
            return self
        stats = replace(self, previous=None)
        if previous.entry.counted and not previous.entry.finished:
            stats = stats._ended(previous.game, False, today, previous.entry)
        return stats

    def reset(self, game: Game) -> Stats:
        """Everything forgotten; the game in play counts again from its next move (its
        path is kept for a replay, its time on the clock goes on), and so does the last
        game, kept."""
        current = self.current
        if current is None or current.code != str(game.code):
            current = Current(str(game.code), path=None)
        previous = self.previous
        if previous is not None:
            previous = replace(previous, entry=_uncounted(previous.entry, finished=False))
        return Stats(current=_uncounted(current, game.is_won), exported=self.exported, previous=previous)

    def backed_up(self, day: str) -> Stats:
        """A backup of the record was exported on ``day``."""
        return replace(self, exported=day)

    def unsaved_days(self, today: str) -> int | None:
        """How many days the games finished since the last backup (or ever, with none) go
        back, when that is a week or more (``None``: less, or no game finished since)."""
        since = [r.date for r in self.recent if self.exported is None or r.date > self.exported]
        if not since:
            return None
        oldest = since[0] if self.exported is None else self.exported
        days = (date.fromisoformat(today) - date.fromisoformat(oldest)).days
        return days if days >= BACKUP_DAYS else None

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

    def _ended(self, game: Game, won: bool, today: str, entry: Current | None = None) -> Stats:
        """``game`` ended, ``won`` or lost, ``today``: its result recorded. ``entry``: the
        last game's, dropped for good (``None``: the game in play's, then finished)."""
        current = self.current if entry is None else entry
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
        stats = replace(
            self,
            by_cells=by_cells,
            overall=self.overall.end(won, score, moves, time),
            recent=(*self.recent, result)[-RECENT:],
            daily=daily,
        )
        return stats if entry is not None else replace(stats, current=replace(current, finished=True))

    # -- what the window shows ---------------------------------------------------------

    def beat_solver(self, cells: int) -> Stats:
        """One more win in fewer moves than the solver's line (:mod:`.update.solver`), of
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
        if self.exported is not None:
            data["exported"] = self.exported
        if self.previous is not None:
            data["previous"] = self.previous.to_dict()
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
        for n in CELL_COUNTS:  # a record older than the averages: its history's wins
            if _older(by_cells_data[str(n)]):
                by_cells[n] = by_cells[n].with_wins([r for r in recent if r.cells == n])
        overall = Tally.from_dict(data.get("overall"), "overall")
        if _older(data.get("overall")):
            overall = overall.with_wins(recent)
        current = None if data.get("current") is None else Current.from_dict(data.get("current"))
        exported = data.get("exported")
        previous = data.get("previous")
        stats = cls(
            by_cells,
            overall,
            recent,
            Daily.from_dict(data.get("daily")),
            current,
            None if exported is None else _date(exported, "exported"),
            None if previous is None else Previous.from_dict(previous),
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
        agreed = _agreeing(current, game)
        return self if agreed == current else replace(self, current=agreed)


def _agreeing(current: Current, game: Game) -> Current:
    """``current``, an entry of ``game``'s deal, made to agree with it: finished only when
    won, its path one that leads to it (else unknown)."""
    if current.finished and not game.is_won:  # only a won game is finished: count it on
        current = replace(current, finished=False)
    path = _follow_path(current.path, game)
    if path is not None and not _leads_to(path, game):
        path = None
    return current if path == current.path else replace(current, path=path)


def _uncounted(entry: Current, finished: bool) -> Current:
    """``entry`` counted again from its next move (the statistics reset), its path and time
    on the clock kept."""
    fresh = Current(entry.code, finished=finished)
    return replace(fresh, path=entry.path, time=entry.time, untimed=entry.untimed)


def _older(data: dict[str, Any]) -> bool:
    """Whether a stored tally with wins is older than the averages (it has no sums)."""
    return bool(data.get("won")) and not any(name in data for name in AVERAGED)


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


__all__ = [
    "AVERAGED",
    "BACKUP_DAYS",
    "DATES_WON",
    "MAX_COUNT",
    "MAX_TIME",
    "MOST_GAMES",
    "PATH_LIMIT",
    "RECENT",
    "Current",
    "Daily",
    "Previous",
    "Result",
    "Stats",
    "StatsError",
    "Tally",
    "checked_list",
    "checked_object",
]

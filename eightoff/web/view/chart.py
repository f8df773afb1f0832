"""What the Statistics window shows, as data: the figures in words and the chart of the
last games, bar by bar, with its text for a screen reader (pure Python, no browser import;
tested under CPython). The page draws the bars as SVG rectangles (:mod:`.view.stats_window`); no
plotting library is needed.

>>> from ..storage.stats import Result
>>> won = Result("EO1-C8-AAAAAFA", True, 600, 98, "2026-11-30")
>>> games = [won, Result("EO1-C8-AAAAAFA", False, 150, 40, "2026-11-30")]
>>> [(b.x, b.y, b.height, b.won) for b in bars(games, width=100, height=60)]
[(0.0, 0.0, 60.0, True), (2.0, 45.0, 15.0, False)]
>>> summary(games)
'2 finished games, 1 won. Scores from 150 to 600, 375 on average.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ...deal import DealCode
from ...levels import LEVELS, Level
from ...winnable import level_of
from ..storage.stats import Daily, Result, Stats, Tally
from ..words.i18n import duration, ngettext, number, percent
from ..words.i18n import gettext as _
from ..words.levels import level_words

CHART_GAMES: Final = 50
"""How many of the last games the chart shows."""
WIDTH: Final = 300
HEIGHT: Final = 100
GAP: Final = 0.2
"""The space between two bars, as a share of a bar's slot."""
LEAST: Final = 2.0
"""The height of a bar for a score of 0, so that every game shows."""


@dataclass(frozen=True)
class Bar:
    """One game's bar: its rectangle in the chart's coordinates (``y`` down from the top),
    whether it was won, and its words (the SVG ``<title>``)."""

    x: float
    y: float
    width: float
    height: float
    won: bool
    title: str


def bars(results: Sequence[Result], width: float = WIDTH, height: float = HEIGHT) -> list[Bar]:
    """The bars of the last :data:`CHART_GAMES` of ``results`` (oldest first, left to right),
    each as high as its score against the best score shown."""
    shown = list(results)[-CHART_GAMES:]
    top = max((r.score for r in shown), default=0) or 1
    slot = width / CHART_GAMES
    drawn = []
    for index, result in enumerate(shown):
        tall = max(LEAST, height * result.score / top)
        drawn.append(
            Bar(
                round(index * slot, 2),
                round(height - tall, 2),
                round(slot * (1 - GAP), 2),
                round(tall, 2),
                result.won,
                _game_words(result),
            )
        )
    return drawn


def _game_words(result: Result) -> str:
    if result.won:
        return ngettext(
            "{date}: won, score {score} in {moves} move",
            "{date}: won, score {score} in {moves} moves",
            result.moves,
            date=result.date,
            score=result.score,
            moves=result.moves,
        )
    return _("{date}: not won, score {score}", date=result.date, score=result.score)


def summary(results: Sequence[Result]) -> str:
    """The chart in words, for a screen reader (and anyone): how many games it shows, how
    many were won, the lowest, highest and average score."""
    shown = list(results)[-CHART_GAMES:]
    if not shown:
        return _("No finished games yet.")
    count, won = len(shown), sum(r.won for r in shown)
    scores = [r.score for r in shown]
    head = ngettext(
        "{n} finished game, {won} won.", "{n} finished games, {won} won.", count, n=count, won=won
    )
    tail = _(
        "Scores from {low} to {high}, {average} on average.",
        low=min(scores),
        high=max(scores),
        average=round(sum(scores) / count),
    )
    return f"{head} {tail}"


def figures(tally: Tally) -> list[tuple[str, str]]:
    """The figures of one column of the window, as (name, value) rows.

    >>> figures(Tally(started=4, won=1, streak=1, best_streak=1, best_score=520, fewest_moves=97))[2]
    ('Win rate', '25%')
    """
    fewest = "–" if tally.fewest_moves is None else number(tally.fewest_moves)
    return [
        (_("Games played"), number(tally.started)),
        (_("Games won"), number(tally.won)),
        (_("Win rate"), percent(tally.win_rate)),
        (_("Winning streak"), number(tally.streak)),
        (_("Best streak"), number(tally.best_streak)),
        (_("Best score"), number(tally.best_score)),
        (_("Fewest moves to win"), fewest),
        (_("Wins in fewer moves than the solver"), number(tally.fewer_than_solver)),
        (_("Fastest win"), "–" if tally.fastest is None else duration(tally.fastest)),
        (_("Average time of a win"), _average_time(tally)),
        (_("Average moves of a win"), _average_moves(tally)),
    ]


def _average_time(tally: Tally) -> str:
    return "–" if tally.average_time is None else duration(tally.average_time)


def _average_moves(tally: Tally) -> str:
    return "–" if tally.average_moves is None else number(tally.average_moves, 1)


@dataclass(frozen=True)
class FigureTable:
    """The window's table of figures: a header per column (all games, then each cell
    count, most cells first) and its rows, each a figure's name and its value per column."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]


def figure_table(stats: Stats) -> FigureTable:
    """Which figures the window shows, and in which order.

    >>> table = figure_table(Stats())
    >>> table.columns, table.rows[0]
    (('All games', '8 cells', '4 cells', '2 cells'), ('Games played', ('0', '0', '0', '0')))
    """
    columns = [(_("All games"), stats.overall)]
    columns += [
        (ngettext("{n} cell", "{n} cells", n, n=n), stats.by_cells[n])
        for n in sorted(stats.by_cells, reverse=True)
    ]
    per_column = [figures(tally) for _name, tally in columns]
    rows = tuple(
        (label, tuple(column[index][1] for column in per_column))
        for index, (label, _value) in enumerate(per_column[0])
    )
    return FigureTable(tuple(name for name, _tally in columns), rows)


def level_tallies(results: Sequence[Result]) -> dict[Level, Tally]:
    """The finished games of ``results`` by level (the winnable catalogues' deals only,
    :func:`eightoff.winnable.level_of`), each level's as a :class:`Tally` of them.

    >>> won = Result("EO1-C4-V6B5AGZ", True, 600, 98, "2026-11-30", time=61_000)
    >>> hard = level_tallies([won, Result("EO1-C8-AAAAAFA", True, 500, 90, "2026-11-30")])["hard"]
    >>> hard.started, hard.won, hard.average_moves, hard.average_time
    (1, 1, 98.0, 61000)
    """
    games: dict[Level, list[Result]] = {level: [] for level in LEVELS}
    for result in results:
        level = level_of(DealCode.parse(result.code))
        if level is not None:
            games[level].append(result)
    tallies = {}
    for level, played in games.items():
        tally = Tally(started=len(played))
        for result in played:
            tally = tally.end(result.won, result.score, result.moves, result.time)
        tallies[level] = tally
    return tallies


def level_table(tallies: Mapping[Level, Tally]) -> FigureTable:
    """The table by level under the figures: a column a level, from :func:`level_tallies`
    of the history (:attr:`.stats.Stats.recent`): the games played and won, and the
    averages of their wins.

    >>> table = level_table(level_tallies([]))
    >>> table.columns, table.rows[2]
    (('Easy', 'Medium', 'Hard'), ('Average time of a win', ('–', '–', '–')))
    >>> [label for label, _values in table.rows]
    ['Games played', 'Games won', 'Average time of a win', 'Average moves of a win']
    """
    columns = tuple(level_words(level) for level in LEVELS)
    shown = [tallies[level] for level in LEVELS]
    rows = (
        (_("Games played"), tuple(number(t.started) for t in shown)),
        (_("Games won"), tuple(number(t.won) for t in shown)),
        (_("Average time of a win"), tuple(_average_time(t) for t in shown)),
        (_("Average moves of a win"), tuple(_average_moves(t) for t in shown)),
    )
    return FigureTable(columns, rows)


def daily_line(daily: Daily) -> str:
    """The daily deal's line: games played, won, and the last date won.

    >>> daily_line(Daily())
    'Played 0, won 0; last won –.'
    """
    last = daily.dates_won[-1] if daily.dates_won else "–"
    return _(
        "Played {started}, won {won}; last won {last}.",
        started=daily.tally.started,
        won=daily.tally.won,
        last=last,
    )


__all__ = [
    "CHART_GAMES",
    "HEIGHT",
    "WIDTH",
    "Bar",
    "FigureTable",
    "bars",
    "daily_line",
    "figure_table",
    "figures",
    "level_table",
    "level_tallies",
    "summary",
]

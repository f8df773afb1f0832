"""The Statistics window's figures and chart as data (eightoff.web.view.chart.py)."""

from __future__ import annotations

from eightoff.web.storage.stats import Result, Tally
from eightoff.web.view.chart import (
    CHART_GAMES,
    HEIGHT,
    WIDTH,
    bars,
    figures,
    level_table,
    level_tallies,
    summary,
)


def result(score: int, won: bool = False, date: str = "2026-11-30") -> Result:
    return Result("EO1-C4-AAAAAFA", won, score, 100 if won else 30, date)


def test_the_chart_shows_the_last_50_games_scaled_to_the_best_score() -> None:
    games = [result(10 * n, won=n % 3 == 0) for n in range(60)]
    drawn = bars(games)
    assert len(drawn) == CHART_GAMES
    assert drawn[0].title == "2026-11-30: not won, score 100"
    assert drawn[-1].height == HEIGHT and drawn[-1].y == 0 and drawn[-1].x == round(49 * WIDTH / 50, 2)
    assert [b.won for b in drawn] == [n % 3 == 0 for n in range(10, 60)]
    assert drawn[2].title == "2026-11-30: won, score 120 in 100 moves"
    assert all(b.width == round(WIDTH / 50 * 0.8, 2) for b in drawn)


def test_a_score_of_zero_still_shows_and_no_games_draw_nothing() -> None:
    drawn = bars([result(0), result(0)])
    assert [(b.y, b.height) for b in drawn] == [(HEIGHT - 2.0, 2.0)] * 2
    assert bars([]) == []


def test_the_summary_in_words() -> None:
    assert summary([]) == "No finished games yet."
    assert summary([result(40, won=True)]) == "1 finished game, 1 won. Scores from 40 to 40, 40 on average."
    many = [result(n) for n in range(0, 700, 10)]
    assert summary(many) == "50 finished games, 0 won. Scores from 200 to 690, 445 on average."


def test_the_figures() -> None:
    assert figures(Tally()) == [
        ("Games played", "0"),
        ("Games won", "0"),
        ("Win rate", "0%"),
        ("Winning streak", "0"),
        ("Best streak", "0"),
        ("Best score", "0"),
        ("Fewest moves to win", "–"),
        ("Wins in fewer moves than the solver", "0"),
        ("Fastest win", "–"),
        ("Average time of a win", "–"),
        ("Average moves of a win", "–"),
    ]
    assert figures(Tally(3, 2, 2, 2, 600, 90, 1, fastest=754_999))[2:-2] == [
        ("Win rate", "67%"),
        ("Winning streak", "2"),
        ("Best streak", "2"),
        ("Best score", "600"),
        ("Fewest moves to win", "90"),
        ("Wins in fewer moves than the solver", "1"),
        ("Fastest win", "12:34"),
    ]
    assert figures(Tally(1, 1, 1, 1, 600, 90, fastest=3_725_000))[-3] == ("Fastest win", "1:02:05")


def test_the_averages_of_wins() -> None:
    """Over the wins known: moves to a tenth, time in whole seconds as the clock shows it."""
    tally = Tally(started=4).end(True, 600, 90, 61_000).end(True, 650, 101, 64_999).end(False, 0, 9, 1)
    assert figures(tally)[-2:] == [("Average time of a win", "01:03"), ("Average moves of a win", "95.5")]
    untimed = Tally(started=1).end(True, 600, 100, None)
    assert figures(untimed)[-2:] == [("Average time of a win", "–"), ("Average moves of a win", "100")]


def test_the_table_by_level_counts_the_catalogues_deals_of_the_history() -> None:
    """Easy, medium, hard as eightoff.winnable.level_of says; a deal outside the catalogues
    (EO1-C8-AAAAAFA) is in no column."""
    games = [
        Result("EO1-C8-AISJQOC", True, 600, 90, "2026-11-28", time=60_000),  # easy
        Result("EO1-C8-AISJQOC", True, 640, 101, "2026-11-29", time=63_999),
        Result("EO1-C4-3FJRIBE", False, 100, 12, "2026-11-29", time=5_000),  # medium
        Result("EO1-C4-V6B5AGZ", True, 700, 120, "2026-11-30"),  # hard, untimed
        Result("EO1-C8-AAAAAFA", True, 800, 80, "2026-11-30", time=1_000),
    ]
    table = level_table(level_tallies(games))
    assert table.columns == ("Easy", "Medium", "Hard")
    assert table.rows == (
        ("Games played", ("2", "1", "1")),
        ("Games won", ("2", "0", "1")),
        ("Average time of a win", ("01:02", "–", "–")),  # 123_999 / 2 ms, rounded to 62_000 ms
        ("Average moves of a win", ("95.5", "–", "120")),
    )

"""The player's record (eightoff/web/storage/stats.py): a game counts once it has a move, a win
once, a replaced game in play is kept as the last game and lost once it is dropped for good;
streaks, best score, fewest moves, the last 100
games, the daily deal apart; the stored form checked like the game's."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eightoff import DealCode, Game, Move
from eightoff.rules import legal_moves
from eightoff.solver import solve
from eightoff.web.storage.stats import (
    DATES_WON,
    PATH_LIMIT,
    RECENT,
    Current,
    Daily,
    Previous,
    Result,
    Stats,
    StatsError,
    Tally,
)
from tests.players import long_game, long_line

CODE = DealCode.parse("EO1-C8-AAAAAFA")
DAY = "2026-11-30"


def won_game(code: DealCode = CODE) -> Game:
    game = Game.new(code)
    for move in solve(code.deal()).moves:
        game.play(move)
    assert game.is_won
    return game


WON = won_game()
OTHER = DealCode.parse("EO1-C4-V6B5AGZ")


def play_through(stats: Stats, game: Game, day: str = DAY, daily: str | None = None) -> Stats:
    """Follow ``game``'s moves from its deal, as the page does after each action."""
    stats = stats.begin(game.code, daily)
    replay = Game.new(game.code)
    stats = stats.follow(replay, day)
    for move in game.undo_stack:
        replay.play(move)
        stats = stats.follow(replay, day)
    return stats


def pushed_out(stats: Stats, day: str = DAY) -> Stats:
    """``stats`` after a game in progress of :data:`OTHER` (4 cells) takes the last game's
    place: that one is dropped for good."""
    other = long_game(1, code=OTHER)
    return play_through(stats, other, day).leave(other, day)


def test_a_game_counts_once_it_has_a_move_and_a_replaced_one_is_lost() -> None:
    stats = Stats().begin(CODE)
    game = Game.new(CODE)
    stats = stats.follow(game, DAY)
    assert stats.overall.started == 0
    stats = stats.leave(game, DAY)  # no move: nothing recorded
    assert stats == Stats()
    game.play(Move.parse("1e"))
    stats = Stats().begin(CODE).follow(game, DAY)
    assert (stats.overall.started, stats.by_cells[8].started, stats.by_cells[4].started) == (1, 1, 0)
    game.undo()
    stats = stats.follow(game, DAY)
    assert stats.overall.started == 1  # undone to the deal, still played
    stats = stats.leave(game, DAY)
    assert stats.overall == Tally(started=1) and stats.recent == ()  # the last game: not lost yet
    assert stats.current is None
    assert stats.previous == Previous(game, Current(str(CODE), counted=True))
    stats = pushed_out(stats, "2026-12-01")
    assert stats.overall == Tally(started=2) and stats.by_cells[4] == Tally(started=1)
    assert stats.recent == (Result("EO1-C8-AAAAAFA", False, 0, 0, "2026-12-01", time=0),)  # no clock ran
    assert stats.previous is not None and stats.previous.game.code == OTHER


def test_a_win_is_recorded_once_with_streaks_best_score_and_fewest_moves() -> None:
    stats = play_through(Stats(), WON)
    once = {"moves_of_wins": WON.moves, "wins_with_moves": 1, "time_of_wins": 0, "wins_timed": 1}
    assert stats.overall == Tally(1, 1, 1, 1, WON.score, WON.moves, fastest=0, **once)  # no clock ran
    assert stats.recent[-1] == Result(str(CODE), True, WON.score, WON.moves, DAY, time=0)
    again = stats.follow(WON, DAY).leave(WON, DAY)  # a won game left is not lost
    assert again.overall == stats.overall and len(again.recent) == 1
    loss = long_game(7)
    stats = play_through(again, loss).leave(loss, "2026-12-01")
    assert stats.overall == Tally(2, 1, 1, 1, WON.score, WON.moves, fastest=0, **once)  # not lost yet
    assert stats.overall.lost == 1 and stats.overall.win_rate == 0.5
    stats = pushed_out(stats, "2026-12-01")
    assert stats.by_cells[8] == Tally(2, 1, 0, 1, WON.score, WON.moves, fastest=0, **once)
    stats = play_through(stats, WON).leave(WON, DAY)
    stats = play_through(stats, WON).leave(WON, DAY)
    assert (stats.tally(8).streak, stats.tally(8).best_streak, stats.tally(8).won) == (2, 2, 3)
    assert [r.won for r in stats.last(3, cells=8)] == [False, True, True]
    assert stats.tally(4) == Tally(started=1) and stats.last(2, cells=4) == () and stats.last(0) == ()


def test_wins_with_a_hint_are_marked() -> None:
    stats = Stats().begin(CODE)
    game = Game.new(CODE)
    for number, move in enumerate(WON.undo_stack):
        if number == 50:
            stats = stats.hinted()
        game.play(move)
        stats = stats.follow(game, DAY)
    assert stats.recent[-1].hinted and stats.overall.won == 1
    assert Stats().hinted() == Stats()  # nothing in play: nothing to mark


def test_hinted_survives_following_the_same_game() -> None:
    game = Game.new(CODE)
    stats = Stats().begin(CODE).hinted()
    game.play(Move.parse("1e"))
    stats = stats.follow(game, DAY)
    assert stats.current is not None and stats.current.hinted
    lost = pushed_out(stats.leave(game, DAY))
    assert lost.recent[-1].code == str(CODE) and not lost.recent[-1].hinted  # only wins are marked


def test_the_daily_deal_is_counted_apart_with_the_dates_won() -> None:
    daily_won = won_game(DealCode.parse("EO1-C4-V6B5AGZ"))
    stats = play_through(Stats(), daily_won, daily=DAY)
    sums = {"moves_of_wins": daily_won.moves, "wins_with_moves": 1, "wins_timed": 1}
    tally = Tally(1, 1, 1, 1, daily_won.score, daily_won.moves, fastest=0, **sums)
    assert stats.daily == Daily(tally, (DAY,))
    assert stats.by_cells[4].won == 1 and stats.overall.won == 1
    stats = play_through(stats.leave(daily_won, DAY), daily_won, daily=DAY)  # the same day again
    assert stats.daily.dates_won == (DAY,) and stats.daily.tally.won == 2
    lost = long_game(3, code=DealCode.parse("EO1-C4-V6B5AGZ"))
    stats = play_through(stats.leave(daily_won, DAY), lost, daily="2026-12-01").leave(lost, "2026-12-01")
    assert stats.daily.tally.streak == 2  # the last game: not lost yet
    stats = pushed_out(stats, "2026-12-02")
    assert stats.daily.tally.streak == 0 and stats.daily.dates_won == (DAY,)


def test_only_the_last_100_games_and_1000_dates_are_kept() -> None:
    stats = Stats()
    game = long_game(1)
    for _ in range(RECENT + 5):
        stats = play_through(stats, game).leave(game, DAY)
    assert len(stats.recent) == RECENT and stats.overall.started == RECENT + 5
    dates = tuple(f"{2000 + i // 365:04d}-01-{1 + i % 28:02d}" for i in range(DATES_WON))
    stats = Stats(daily=Daily(Tally(), dates))
    stats = play_through(stats, WON, daily="2099-12-31")
    assert len(stats.daily.dates_won) == DATES_WON and stats.daily.dates_won[-1] == "2099-12-31"


def test_reset_forgets_everything_and_counts_the_game_in_play_again() -> None:
    game = long_game(4)
    stats = play_through(Stats(), WON).leave(WON, DAY)
    stats = play_through(stats, game)
    fresh = stats.reset(game)
    assert fresh.overall == Tally() and fresh.recent == ()
    assert fresh.current == Current(str(CODE), path=tuple(game.undo_stack))
    assert fresh.follow(game, DAY).overall.started == 1  # it has moves: counted at the next action
    assert Stats().reset(WON).current == Current(str(CODE), finished=True, path=None)


def test_the_path_follows_play_undo_and_redo_past_the_undo_limit() -> None:
    stats, game, line = Stats().begin(CODE), Game.new(CODE), long_line(130)
    for move in line:
        game.play(move)
        stats = stats.follow(game, DAY)
    assert stats.whole_game(game) == tuple(line) and game.moves == 130 > len(game.undo_stack)
    assert game == long_game(130)
    for _ in range(5):
        game.undo()
        stats = stats.follow(game, DAY)
    assert stats.whole_game(game) == tuple(line[:-5])
    game.redo()
    stats = stats.follow(game, DAY)
    assert stats.whole_game(game) == tuple(line[:-4])
    assert Stats.from_dict(stats.to_dict(), game) == stats  # the stored path is checked and kept


def test_whole_game_falls_back_to_a_complete_undo_stack_or_none() -> None:
    game = long_game(10)
    assert Stats().whole_game(game) == tuple(game.undo_stack)
    long = long_game(130)
    assert Stats().whole_game(long) is None
    assert Stats().matched(long).current == Current(str(CODE), path=None, untimed=True)
    unknown = Stats(current=Current(str(CODE), path=None)).follow(long, DAY)
    assert unknown.current is not None and unknown.current.path is None


def test_a_path_longer_than_the_limit_is_dropped() -> None:
    game = long_game(3)
    path = tuple(game.undo_stack) * (PATH_LIMIT // 3 + 1)
    stats = Stats(current=Current(str(CODE), path=path[:PATH_LIMIT]))
    game.moves += PATH_LIMIT - 3 + 1  # a game one move longer than the path can hold
    followed = stats.follow(game, DAY).current
    assert followed is not None and followed.path is None


def test_the_stored_form_round_trips() -> None:
    stats = play_through(Stats(), WON).leave(WON, DAY)
    stats = play_through(stats, long_game(6), daily=DAY).hinted()
    text = json.dumps(stats.to_dict())
    assert Stats.from_dict(json.loads(text)) == stats
    assert Stats.from_dict(json.loads(text), long_game(6)) == stats
    five = long_game(5)  # one move undone and replaced: the path follows the undo stack
    assert Stats.from_dict(json.loads(text), five).current == Current(
        str(CODE), counted=True, hinted=True, daily=DAY, path=tuple(five.undo_stack)
    )
    bad = Game(five.code, five.position, five.score, 6, five.undo_stack[1:])  # the first move unknown
    assert Stats.from_dict(json.loads(text), bad).current == Current(
        str(CODE), counted=True, hinted=True, daily=DAY, path=None
    )
    other = Stats.from_dict(json.loads(text), Game.new(DealCode.parse("EO1-C4-AAAAAAB")))
    assert other.current == Current("EO1-C4-AAAAAAB", path=())
    assert Stats.from_dict({**stats.to_dict(), "current": None}).current is None


def test_the_last_game_comes_back_and_is_counted_once() -> None:
    game = Game.new(CODE)
    for move in WON.undo_stack[:5]:
        game.play(move)
    stats = play_through(Stats(), game).timed(5000).hinted().leave(game, DAY).begin(OTHER)
    fresh = Game.new(OTHER)
    shown, stats = stats.back(fresh, DAY)
    entry = Current(str(CODE), counted=True, hinted=True, path=tuple(game.undo_stack), time=5000)
    assert shown is game and stats.current == entry
    assert stats.previous == Previous(fresh, Current(str(OTHER)))  # a fresh deal: one command away too
    for move in WON.undo_stack[5:]:
        game.play(move)
        stats = stats.follow(game, DAY)
    assert stats.overall.started == stats.overall.won == stats.overall.streak == 1  # won, never lost
    assert stats.recent == (Result(str(CODE), True, WON.score, WON.moves, DAY, True, 5000),)
    shown, stats = stats.back(game, DAY)  # the won game is not kept
    assert shown is fresh and stats.previous is None and stats.current == Current(str(OTHER))
    with pytest.raises(ValueError, match="no last game"):
        stats.back(fresh, DAY)


def test_a_game_without_a_move_or_won_leaves_the_last_game_in_place() -> None:
    game = long_game(3)
    stats = play_through(Stats(), game).leave(game, DAY)
    for replaced in (Game.new(OTHER), WON):
        stats = play_through(stats, replaced).leave(replaced, DAY)
        assert stats.previous is not None and stats.previous.game is game
    assert stats.overall.started == 2 and [r.won for r in stats.recent] == [True]


def test_the_last_game_is_stored_and_a_reset_counts_it_again_from_its_next_move() -> None:
    game = long_game(4)
    stats = play_through(Stats(), game, daily=DAY).leave(game, DAY).begin(OTHER)
    text = json.dumps(stats.to_dict())
    assert json.loads(text)["previous"]["entry"] == {"code": str(CODE), "counted": True, "finished": False,
        "time": 0, "daily": DAY, "path": ".".join(str(m) for m in game.undo_stack)}  # fmt: skip
    assert Stats.from_dict(json.loads(text)) == stats
    fresh = stats.reset(Game.new(OTHER))
    assert fresh.previous == Previous(game, Current(str(CODE), path=tuple(game.undo_stack)))
    assert pushed_out(fresh).recent == ()  # counted again only from its next move


OPS = st.lists(st.sampled_from(["move", "new", "back", "win"]), max_size=40)


@given(OPS, st.randoms(use_true_random=False))
def test_every_game_counted_is_won_lost_in_play_or_the_last_game_exactly_once(
    ops: list[str], rng: Any
) -> None:
    game, stats = Game.new(CODE), Stats().begin(CODE)
    for op in ops:
        moves = list(legal_moves(game.position))
        if op == "move" and moves and not game.is_won:
            game = game.copy()
            game.play(rng.choice(moves))
        elif op == "new":
            stats = stats.leave(game, DAY).begin(OTHER)
            game = Game.new(OTHER)
        elif op == "back" and stats.previous is not None:
            game, stats = stats.back(game, DAY)
        elif op == "win":
            stats = stats.leave(game, DAY)
            game = WON
            stats = play_through(stats, WON)
        stats = stats.follow(game, DAY)
        current, previous = stats.current, stats.previous
        assert current is not None and current.code == str(game.code)
        in_play = current.counted and not current.finished
        kept = previous is not None and previous.entry.counted
        assert stats.overall.started == len(stats.recent) + in_play + kept
        assert previous is None or not (previous.game.is_won or previous.entry.finished)
        assert Stats.from_dict(json.loads(json.dumps(stats.to_dict())), game) == stats


def test_wins_in_fewer_moves_than_the_solver_are_kept_and_older_records_read_as_none() -> None:
    """Stored only once there is one: a record (or backup) written before it reads as 0."""
    stats = play_through(Stats(), WON).leave(WON, DAY)
    assert "fewer_than_solver" not in stats.to_dict()["overall"]
    assert Stats.from_dict(stats.to_dict()).overall.fewer_than_solver == 0
    beat = stats.beat_solver(WON.code.cells)
    data = beat.to_dict()
    assert data["overall"]["fewer_than_solver"] == data["by_cells"]["8"]["fewer_than_solver"] == 1
    assert "fewer_than_solver" not in data["by_cells"]["4"]
    assert Stats.from_dict(json.loads(json.dumps(data))) == beat
    assert beat.overall.end(True, 10, 5).fewer_than_solver == 1  # kept by the next win


def test_the_averages_of_wins_are_their_moves_and_times_over_the_wins_known() -> None:
    tally = Tally(started=3).end(True, 600, 90, 61_000).end(False, 100, 40, 5_000).end(True, 700, 101, None)
    assert (tally.moves_of_wins, tally.wins_with_moves, tally.time_of_wins, tally.wins_timed) == (
        191,
        2,
        61_000,
        1,
    )
    assert (tally.average_moves, tally.average_time) == (95.5, 61_000)  # the untimed win has no time
    tally = tally.end(True, 650, 100, 62_001)
    assert (tally.average_moves, tally.average_time) == (97.0, 61_500)  # 123_001 / 2, rounded
    assert (Tally().average_moves, Tally().average_time) == (None, None)
    assert Tally.from_dict(tally.to_dict()) == tally and tally.to_dict()["moves_of_wins"] == 291
    assert "wins_timed" not in Tally(started=2).to_dict()  # no win: nothing to average yet


def test_a_record_older_than_the_averages_takes_them_from_its_history() -> None:
    """A record without the sums knows its wins' moves and times from its last games only."""
    four = DealCode.parse("EO1-C4-V6B5AGZ")
    recent = [
        Result(str(CODE), True, 600, 90, DAY, time=61_000),
        Result(str(CODE), False, 100, 40, DAY, time=9_000),
        Result(str(four), True, 500, 120, DAY),
        Result(str(CODE), True, 640, 100, DAY, time=63_000),
    ]
    data = Stats(recent=tuple(recent)).to_dict()
    old = {"started": 9, "won": 5, "streak": 1, "best_streak": 2, "best_score": 640, "fewest_moves": 80}
    data["overall"] = old
    data["by_cells"]["8"] = {**old, "started": 6, "won": 2}  # fewer wins than its history's: the newest
    data["by_cells"]["4"] = {**old, "started": 3, "won": 1, "streak": 1, "best_streak": 1}
    stats = Stats.from_dict(data)
    assert (stats.overall.average_moves, stats.overall.average_time) == (310 / 3, 62_000)
    assert (stats.by_cells[8].wins_with_moves, stats.by_cells[8].average_moves) == (2, 95.0)
    assert (stats.by_cells[4].average_moves, stats.by_cells[4].average_time) == (120.0, None)
    assert (stats.by_cells[2].average_moves, stats.by_cells[2].wins_with_moves) == (None, 0)
    assert Stats.from_dict(stats.to_dict()) == stats  # written with the sums from now on
    data["recent"] = []
    assert Stats.from_dict(data).overall.average_moves is None  # no history: not known


def good() -> dict[str, Any]:
    last = long_game(3, code=OTHER)
    return (
        play_through(play_through(Stats(), WON).leave(WON, DAY), last).leave(last, DAY).begin(CODE).to_dict()
    )


def changed(path: str, value: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(good()))
    *parents, last = path.split("/")
    node = data
    for name in parents:
        node = node[int(name)] if isinstance(node, list) else node[name]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "code"),
    [
        ("overall", [], "stats-shape"),
        ("by_cells", {"8": {}}, "stats-shape"),
        ("overall/started", -1, "stats-number"),
        ("overall/started", True, "stats-number"),
        ("overall/won", 9, "stats-figures"),
        ("overall/fewest_moves", None, "stats-figures"),
        ("overall/streak", 5, "stats-figures"),
        ("overall/fewer_than_solver", 2, "stats-figures"),
        ("overall/fewer_than_solver", -1, "stats-number"),
        ("overall/wins_with_moves", 2, "stats-figures"),
        ("overall/wins_timed", 2, "stats-figures"),
        ("overall/time_of_wins", 100 * 3600 * 1000, "stats-figures"),
        ("overall/moves_of_wins", -1, "stats-number"),
        ("overall/moves_of_wins", 1.5, "stats-number"),
        ("by_cells/4/moves_of_wins", 9, "stats-figures"),
        ("by_cells/8/started", 7, "stats-figures"),
        ("recent", {}, "stats-shape"),
        ("recent/0/code", "EO1-C9-AAAAAAA", "stats-code"),
        ("recent/0/code", 5, "stats-code"),
        ("recent/0/won", "yes", "stats-flag"),
        ("recent/0/date", "30.11.2026", "stats-date"),
        ("recent/0/date", "2026-11-3x", "stats-date"),
        ("daily/dates_won", ["x"], "stats-date"),
        ("current/code", None, "stats-code"),
        ("current/counted", 1, "stats-flag"),
        ("current/daily", "today", "stats-date"),
        ("current/path", "1e.zz", "stats-path"),
        ("current/path", 7, "stats-path"),
        ("previous", [], "stats-shape"),
        ("previous/game", {}, "stats-previous"),
        ("previous/game/position", "7H", "stats-previous"),
        ("previous/entry", None, "stats-previous"),
        ("previous/entry/counted", 1, "stats-previous"),
        ("previous/entry/code", "EO1-C8-AAAAAFA", "stats-previous"),
        ("previous/entry/finished", True, "stats-previous"),
    ],
)
def test_bad_stored_statistics_are_refused_with_a_reason(path: str, value: Any, code: str) -> None:
    with pytest.raises(StatsError) as caught:
        Stats.from_dict(changed(path, value))
    assert caught.value.code == code


def test_more_than_100_recent_games_are_refused() -> None:
    data = good()
    data["recent"] = data["recent"] * (RECENT + 1)
    with pytest.raises(StatsError, match="holds more than 100") as refused:
        Stats.from_dict(data)
    assert refused.value.code == "stats-length"
    with pytest.raises(StatsError, match="not an object"):
        Stats.from_dict("stats")


def test_a_result_knows_its_cell_count_and_writes_hinted_only_when_set() -> None:
    result = Result("EO1-C2-AAAAAAB", True, 10, 90, DAY, hinted=True)
    assert result.cells == 2 and result.to_dict()["hinted"] is True
    assert "hinted" not in Result("EO1-C2-AAAAAAB", False, 0, 3, DAY).to_dict()
    assert Result.from_dict(result.to_dict()) == result

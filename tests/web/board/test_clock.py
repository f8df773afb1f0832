"""The game's clock (eightoff/web/board/clock.py), a value: it starts at the first move,
pauses while the tab is hidden, never runs back on undo, is frozen by the win, goes on from
the time its record kept, stops at its longest, and says when the bar's next second comes.
Then its time in the record and the backup (exact values, older records, hostile values).
The clock through the page's update (its timer, the tab hidden, a new deal, a reload, a
win's time): tests/web/update/test_game.py."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from eightoff import DealCode, Game, Move
from eightoff.solver import solve
from eightoff.web.actions import Choose
from eightoff.web.board.clock import SECOND, Clock
from eightoff.web.facts import RECORD_KEY
from eightoff.web.links.address import Link
from eightoff.web.storage import backup_file as backup
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import MAX_TIME, Current, Result, Stats, StatsError, Tally
from eightoff.web.storage.store import MemoryStorage, Store
from eightoff.web.words import i18n

CODE = DealCode.parse("EO1-C8-AAAAAFA")
DAY = "2026-12-01"


def counted(game: Game, time: int) -> Stats:
    """The statistics of ``game`` begun at its deal and played to here, ``time`` on its clock."""
    return Stats().begin(CODE).follow(game, DAY).timed(time)


def one_move_from_a_win() -> tuple[Game, Move]:
    game = Game.new(CODE)
    line = solve(CODE.deal()).moves
    for move in line[:-1]:
        game.play(move)
    return game, line[-1]


# -- the clock's decisions ----------------------------------------------------------------


def test_the_clock_stands_still_until_the_first_move_then_runs() -> None:
    game = Game.new(CODE)
    clock = Clock.of(game, Stats().begin(CODE), hidden=False, now=0)
    assert clock == Clock() and clock.at(5_000) == clock and clock.until_next_second() is None
    game.play(Move.parse("1e"))
    clock = clock.followed(game, 5_000)
    assert clock == Clock(0, 5_000, started=True) and clock.running
    later = clock.at(5_000 + 61_250)
    assert later.shown == later.elapsed(5_000 + 61_250) == 61_250
    assert later.until_next_second() == 750  # the bar's next second
    assert later.at(66_250) is later  # nothing new to show: the same value
    assert clock.shown == 0  # each step a new clock: the first one as it was


def test_hidden_the_clock_pauses_and_seen_it_goes_on() -> None:
    game = Game.new(CODE)
    game.play(Move.parse("1e"))
    clock = Clock().followed(game, 0).hidden_at(10_400)
    assert clock == Clock(10_400, None, started=True, hidden=True, shown=10_400)
    assert clock.at(3_600_000).shown == 10_400 and clock.until_next_second() is None
    clock = clock.seen_at(3_600_000)
    assert clock.running and clock.at(3_600_600).shown == 11_000


def test_a_clock_hidden_before_the_first_move_starts_only_once_seen() -> None:
    game = Game.new(CODE)
    clock = Clock.of(game, Stats().begin(CODE), hidden=True, now=0)
    game.play(Move.parse("1e"))
    clock = clock.followed(game, 1_000)
    assert clock.started and not clock.running
    assert clock.seen_at(2_000).at(2_500).shown == 500


def test_undo_never_takes_time_back_and_the_win_freezes_it() -> None:
    game, last = one_move_from_a_win()
    clock = Clock.of(game, counted(game, 90_000), hidden=False, now=0)
    assert clock.running and clock.shown == 90_000  # a game with time on its clock goes on at once
    game.undo()
    clock = clock.followed(game, 2_000)
    assert clock.at(3_000).shown == 93_000
    game.redo()
    game.play(last)
    clock = clock.followed(game, 3_000)
    assert clock.frozen and not clock.running and clock.at(50_000).shown == 93_000
    assert Clock.of(game, counted(game, 93_000), hidden=False, now=0).frozen  # a won game shown again


def test_undone_to_the_deal_the_clock_runs_on() -> None:
    game = Game.new(CODE)
    game.play(Move.parse("1e"))
    clock = Clock().followed(game, 0)
    game.undo()
    assert game.moves == 0 and clock.followed(game, 1_000).at(3_000).shown == 3_000


def test_a_record_with_time_or_a_counted_game_goes_on_at_once() -> None:
    game = Game.new(CODE)
    untimed = Stats(current=Current(str(CODE), counted=True, time=0))
    assert Clock.of(game, untimed, hidden=False, now=7).running
    assert not Clock.of(game, Stats(), hidden=False, now=7).running


def test_the_clock_stops_at_its_longest() -> None:
    stats = Stats(current=Current(str(CODE), counted=True, time=MAX_TIME - 500))
    clock = Clock.of(Game.new(CODE), stats, hidden=False, now=0)
    assert clock.until_next_second() == 501  # its next second, past which it stops
    clock = clock.at(10_000)
    assert clock.elapsed(10_000) == clock.shown == MAX_TIME and clock.until_next_second() is None
    assert SECOND == 1000


def test_a_clock_that_never_ran_shows_no_time_passing() -> None:
    assert Clock().elapsed(10**9) == 0 and Clock(banked=5, since=10.0).elapsed(5.0) == 5


# -- the record, the backup, the settings ------------------------------------------------------


def test_times_round_trip_exactly_and_older_entries_read_without_one() -> None:
    result = Result(str(CODE), True, 600, 98, DAY, time=754_321)
    assert result.to_dict()["time"] == 754_321 and Result.from_dict(result.to_dict()) == result
    assert "time" not in Result(str(CODE), False, 0, 3, DAY).to_dict()
    tally = Tally(3, 2, 1, 2, 600, 90, 0, fastest=61_000)
    assert tally.to_dict()["fastest"] == 61_000 and Tally.from_dict(tally.to_dict()) == tally
    assert (
        tally.end(True, 10, 100, 60_999).fastest == 60_999
        and tally.end(True, 10, 100, None).fastest == 61_000
    )
    current = Current(str(CODE), counted=True, time=5_000, untimed=True)
    assert current.to_dict()["time"] == 5_000 and Current.from_dict(current.to_dict()) == current
    older = {"code": str(CODE), "counted": True, "finished": False}  # written before the clock
    assert Current.from_dict(older) == Current(str(CODE), counted=True, path=None, time=0, untimed=True)
    assert Current.from_dict({**older, "counted": False}).untimed is False


HOSTILE = [-1, math.nan, math.inf, 10**20, MAX_TIME + 1, "60", True, 1.5, None, [1], {"ms": 1}]


def timed_win() -> tuple[Game, Stats]:
    """A game won in 1 s on its clock, and the statistics that recorded it."""
    game, last = one_move_from_a_win()
    stats = counted(game, 1_000)
    game.play(last)
    return game, stats.follow(game, DAY)


@pytest.mark.parametrize("wrong", HOSTILE, ids=repr)
@pytest.mark.parametrize("where", ["current", "recent", "fastest"])
def test_a_hostile_time_is_refused_in_words_and_the_game_is_kept(wrong: Any, where: str) -> None:
    game, stats = timed_win()
    data = stats.to_dict()
    assert (data["current"]["time"], data["recent"][0]["time"], data["overall"]["fastest"]) == (1_000,) * 3
    spot, name = {
        "current": (data["current"], "time"),
        "recent": (data["recent"][0], "time"),
        "fastest": (data["overall"], "fastest"),
    }[where]
    spot[name] = wrong
    if wrong is None and where != "current":
        assert Stats.from_dict(data) is not None  # an optional time left out: unknown
        return
    storage = MemoryStorage()
    Store(storage, "a").save(game, Settings())
    record = json.loads(storage.get(RECORD_KEY) or "")
    storage.set(RECORD_KEY, json.dumps({**record, "stats": data}))
    loaded = Store(storage, "b").load()
    assert loaded.game == game and loaded.notice is not None  # the game is kept, the player told
    assert (loaded.notice.code, loaded.notice.params["reason"]) == ("storage-stats-reset", "stats-time")
    held = json.loads(backup.export(game, Settings(), stats, exported="2026-12-01T12:00:00Z"))
    held["record"]["stats"] = data
    with pytest.raises(backup.BackupError) as refused:
        backup.read(json.dumps(held))
    field = {"current": "current.time", "recent": "recent.time", "fastest": "overall.fastest"}[where]
    assert (
        backup.reason_text(refused.value) == f"Its statistics are damaged: “{field}” is not a time of play."
    )


def test_the_clock_setting_is_kept_and_older_settings_show_it() -> None:
    assert Settings().clock and Settings.from_dict({"cells": 8, "deck": "four"}).clock
    hidden = Choose("clock", "false").applied_to(Settings())
    assert hidden == Settings(clock=False) and hidden.to_dict()["clock"] is False
    assert Settings.from_dict(hidden.to_dict()) == hidden and "clock" not in Settings().to_dict()
    assert Choose("clock", "true").applied_to(hidden).clock
    storage = MemoryStorage()
    Store(storage, "a").save(Game.new(CODE), Settings())
    record = json.loads(storage.get(RECORD_KEY) or "")
    storage.set(RECORD_KEY, json.dumps({**record, "settings": {"cells": 8, "deck": "four", "clock": "no"}}))
    loaded = Store(storage, "b").load()
    assert loaded.settings == Settings() and loaded.notice is not None
    assert (loaded.notice.code, loaded.notice.params["reason"]) == (
        "storage-settings-reset",
        "settings-clock",
    )


def test_a_fastest_win_without_a_win_does_not_add_up() -> None:
    tally = {"started": 1, "won": 0, "streak": 0, "best_streak": 0, "best_score": 0, "fastest": 5_000}
    with pytest.raises(StatsError) as refused:
        Tally.from_dict(tally)
    assert refused.value.code == "stats-figures"


def test_times_are_written_by_the_page_s_formatter_when_it_gives_one() -> None:
    asked: list[tuple[str, int, int, int]] = []

    def written(language: str, hours: int, minutes: int, seconds: int) -> str:
        asked.append((language, hours, minutes, seconds))
        return "T"

    i18n.use_duration_format(written)
    try:
        assert i18n.duration(3_725_999) == "T" and asked == [("en", 1, 2, 5)]
    finally:
        i18n.use_duration_format(i18n._babel_duration)
    assert i18n.duration(-5) == "00:00" and i18n.duration(MAX_TIME) == "99:59:59"
    assert Link(CODE, time=7_000).query(replay=True) == "?deal=EO1-C8-AAAAAFA&time=7&replay"


def test_the_record_emptied_keeps_the_game_s_time_and_whether_it_is_whole() -> None:
    game = Game.new(CODE)
    game.play(Move.parse("1e"))
    stats = counted(game, 42_000)
    assert stats.reset(game).current == Current(str(CODE), path=(Move.parse("1e"),), time=42_000)
    untimed = Stats().matched(game).timed(5_000).reset(game)
    assert untimed.current == Current(str(CODE), path=(Move.parse("1e"),), time=5_000, untimed=True)
    assert Stats().reset(game).current == Current(str(CODE), path=None)

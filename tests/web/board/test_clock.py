"""The game's clock (eightoff/web/board/clock.py) under CPython with a fake time and fake
timers: it starts at the first move, pauses while the tab is hidden, never runs back on
undo, is frozen by the win, starts again at a new deal, and a reload goes on from the time
saved; the bar is written once a second. Then the clock on the table (one save carries its
time), in the record and the backup (exact values, older records, hostile values), and the
visibility listener of the page."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

import pytest

from eightoff import DealCode, Game, Move
from eightoff.solver import solve
from eightoff.web.actions import Choose, OtherTab
from eightoff.web.board.clock import Clock
from eightoff.web.board.input_state import InputState
from eightoff.web.controllers.tabs import Tabs
from eightoff.web.facts import RECORD_KEY
from eightoff.web.links.address import Link
from eightoff.web.storage import backup_file as backup
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import MAX_TIME, Current, Result, Stats, StatsError, Tally
from eightoff.web.storage.store import Loaded, MemoryStorage, Notice, Store
from eightoff.web.words import i18n
from tests.web.board.test_table import FakeView, Window
from tests.web.fakes import browser as fakebrowser

CODE = DealCode.parse("EO1-C8-AAAAAFA")
DAY = "2026-12-01"


class Time:
    """A monotonic time and its timers, moved on by hand; the bar's writes kept."""

    def __init__(self) -> None:
        self.now = 0.0
        self.timers: dict[int, tuple[float, Callable[[], None]]] = {}
        self.made = 0
        self.shown: list[int] = []

    def later(self, ms: float, run: Callable[[], None]) -> Callable[[], None]:
        self.made += 1
        timer = self.made
        self.timers[timer] = (self.now + ms, run)
        return lambda: self.timers.pop(timer, None) and None

    def advance(self, ms: float) -> None:
        """Move on by ``ms``, running each timer when its moment comes."""
        end = self.now + ms
        while self.timers:
            timer, (due, run) = min(self.timers.items(), key=lambda item: item[1][0])
            if due > end:
                break
            del self.timers[timer]
            self.now = due
            run()
        self.now = end

    def clock(self) -> Clock:
        return Clock(lambda: self.now, self.shown.append, self.later)


def fresh(time: Time, game: Game | None = None, stats: Stats | None = None) -> Clock:
    game = game or Game.new(CODE)
    clock = time.clock()
    clock.game(game, (stats or Stats().begin(CODE)).matched(game))
    return clock


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
    time, game = Time(), Game.new(CODE)
    clock = fresh(time, game)
    time.advance(5_000)
    assert (clock.elapsed(), clock.running, time.timers, time.shown) == (0, False, {}, [0])
    game.play(Move.parse("1e"))
    stats = clock.follow(game, Stats().begin(CODE))
    assert clock.running and stats.current is not None and stats.current.time == 0
    time.advance(61_250)
    assert clock.elapsed() == 61_250
    assert time.shown == [0, *range(1_000, 62_000, 1_000)]  # once a second, on the second
    assert [due for due, _run in time.timers.values()] == [5_000 + 62_000.0]  # the next second


def test_hidden_the_clock_pauses_and_writes_nothing() -> None:
    time, game = Time(), Game.new(CODE)
    clock = fresh(time, game)
    game.play(Move.parse("1e"))
    clock.follow(game, Stats())
    time.advance(10_400)
    clock.hide()
    written = list(time.shown)
    time.advance(3_600_000)  # an hour in another tab
    assert (clock.elapsed(), clock.running, time.timers, time.shown) == (10_400, False, {}, written)
    clock.reveal()
    time.advance(600)
    assert clock.elapsed() == 11_000 and time.shown[-1] == 11_000


def test_undo_never_takes_time_back_and_the_win_freezes_it() -> None:
    time = Time()
    game, last = one_move_from_a_win()
    stats = counted(game, 90_000)
    clock = fresh(time, game, stats)
    assert clock.running  # a game with time on its clock goes on at once
    time.advance(2_000)
    game.undo()
    stats = clock.follow(game, stats)
    time.advance(1_000)
    assert clock.elapsed() == 93_000 and stats.current is not None and stats.current.time == 92_000
    game.redo()
    game.play(last)
    stats = clock.follow(game, stats).follow(game, DAY)
    time.advance(50_000)
    assert not clock.running and clock.elapsed() == 93_000
    assert stats.recent[-1] == Result(str(CODE), True, game.score, game.moves, DAY, time=93_000)
    assert stats.by_cells[8].fastest == stats.overall.fastest == 93_000


def test_undone_to_the_deal_the_clock_runs_on() -> None:
    time, game = Time(), Game.new(CODE)
    clock = fresh(time, game)
    game.play(Move.parse("1e"))
    clock.follow(game, Stats())
    game.undo()
    clock.follow(game, Stats())
    time.advance(3_000)
    assert game.moves == 0 and clock.elapsed() == 3_000


def test_the_clock_stops_at_its_longest() -> None:
    time = Time()
    clock = fresh(time, stats=Stats(current=Current(str(CODE), counted=True, time=MAX_TIME - 500)))
    time.advance(10_000)
    assert clock.elapsed() == MAX_TIME and time.timers == {}


# -- on the table ---------------------------------------------------------------------------


@pytest.fixture
def table_of(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Any]:
    """``table_of(time, storage, game=…, stats=…)``: a Table with a clock of ``time``."""
    module = fakebrowser.install(monkeypatch, Window(), ["eightoff.web.board.table"]).table

    def build(
        time: Time, storage: MemoryStorage, game: Game | None = None, stats: Stats | None = None
    ) -> Any:
        store = Store(storage, tab_id="a")
        loaded = store.load()
        game = game or loaded.game or Game.new(CODE)
        stats = stats or loaded.stats
        return module.Table(FakeView(), InputState(), store, game, Settings(), stats, time.clock())

    return build


def saved_time(storage: MemoryStorage) -> int:
    return int(json.loads(storage.get(RECORD_KEY) or "{}")["stats"]["current"]["time"])


def test_a_save_carries_the_time_and_a_reload_goes_on_from_it(table_of: Callable[..., Any]) -> None:
    time, storage = Time(), MemoryStorage()
    table = table_of(time, storage)
    time.advance(4_000)
    table.play(Move.parse("1e"))  # the first move: from here
    time.advance(7_300)
    table.play(Move.parse("ef"))
    assert table.game.moves == 2
    assert saved_time(storage) == 7_300
    time.advance(2_000)
    table.clock.hide()  # the page hides the tab, then saves
    table.save()
    assert saved_time(storage) == 9_300
    later = Time()
    later.now = 123_456.0  # another page's monotonic time
    again = table_of(later, storage)  # the reload
    assert again.clock.elapsed() == 9_300 and again.clock.running
    later.advance(700)
    assert again.clock.elapsed() == 10_000 and later.shown == [9_300, 10_000]


def test_a_new_deal_starts_the_clock_again(table_of: Callable[..., Any]) -> None:
    time, storage = Time(), MemoryStorage()
    table = table_of(time, storage)
    table.play(Move.parse("1e"))
    time.advance(30_000)
    table.open(Game.new(DealCode.parse("EO1-C4-AAAAAFA")))
    assert table.stats.recent[-1].time == 30_000  # the game left is lost, with its time
    time.advance(5_000)
    assert (table.clock.elapsed(), table.clock.running, saved_time(storage)) == (0, False, 0)


def test_a_win_on_the_table_records_its_time_and_the_fastest(table_of: Callable[..., Any]) -> None:
    time, storage = Time(), MemoryStorage()
    game, last = one_move_from_a_win()
    table = table_of(time, storage, game, counted(game, 200_000))
    time.advance(4_321)
    table.play(last)
    assert table.game.is_won
    time.advance(10_000)
    assert table.stats.overall.fastest == table.stats.by_cells[8].fastest == 204_321
    assert table.stats.by_cells[4].fastest is None and saved_time(storage) == 204_321
    assert Store(storage, "b").load().stats.recent[-1].time == 204_321


def test_a_position_link_or_an_older_game_never_makes_a_fastest_win(table_of: Callable[..., Any]) -> None:
    time, storage = Time(), MemoryStorage()
    game, last = one_move_from_a_win()
    table = table_of(time, storage, Game.new(CODE))
    table.open(game, path=tuple(game.undo_stack))  # a link near the end: its clock saw nothing
    table.play(last)
    assert table.stats.overall.won == 1 and table.stats.overall.fastest is None
    assert table.stats.recent[-1].time is None


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


# -- another tab, the page --------------------------------------------------------------------


def test_another_tabs_save_of_the_same_game_is_taken_quietly() -> None:
    game = Game.new(CODE)
    game.play(Move.parse("1e"))
    said: list[str] = []
    kept: list[Stats] = []
    table = type(
        "T",
        (),
        {
            "game": game,
            "settings": Settings(),
            "keep": lambda _self, _game, _settings, stats: kept.append(stats),
            "replace": lambda *_args: said.append("replaced"),
            "unmark": lambda _self: None,
            "save": lambda _self: None,
        },
    )()
    view = type("V", (), {"say": lambda _self, text: said.append(text)})()
    tabs = Tabs(view, table, lambda: False, lambda: None)
    stats = Stats().begin(CODE).follow(game, DAY).timed(42_000)
    copy = Game(game.code, game.position, game.score, game.moves, list(game.undo_stack), [])
    tabs.other_tab(OtherTab(Loaded(copy, Settings(), Notice("storage-other-tab"), 2, stats)))
    assert said == [] and [s.current.time for s in kept if s.current] == [42_000]
    copy.play(Move.parse("ef"))  # another move: shown, and said
    tabs.other_tab(OtherTab(Loaded(copy, Settings(), Notice("storage-other-tab"), 3, stats)))
    assert said == ["replaced", "The game was played on in another tab: this tab now shows that game."]


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

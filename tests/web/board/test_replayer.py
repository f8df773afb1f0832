"""The replay mode (eightoff/web/board/replayer.py): started from a link, stepped by the
bar's controls, played on by itself at its speed, taken over as a new game, closed; the
game in progress is never touched. Fakes from tests/web/fakes/page.py."""

from __future__ import annotations

from eightoff import Move
from eightoff.web.actions import ReplaySpeed
from eightoff.web.board.replayer import Replayer
from eightoff.web.links.address import Link, link_from_query
from tests.web.fakes.page import Browser, Calls, FakeDialogs, FakeTable, FakeView

QUERY = "?deal=EO1-C8-AAAAAFA&moves=1eef&replay"


def link() -> Link:
    found, _problem = link_from_query(QUERY)
    assert found is not None
    return found


class Replaying:
    def __init__(self) -> None:
        self.view = FakeView()
        self.bar = Calls()
        self.dialogs = FakeDialogs()
        self.table = FakeTable()
        self.browser = Browser()
        self.opened: list[Link] = []
        self.shown: list[str] = []
        self.forgotten: list[str] = []
        self.replayer = Replayer(
            self.view,
            self.table,
            self.bar,  # type: ignore[arg-type]
            self.dialogs,
            game=lambda: self.table.game,
            open_link=self.opened.append,
            show_game=lambda: self.shown.append("game"),
            forget=lambda: self.forgotten.append("ui"),
            address=self.browser.address,
            run=self.browser.run,
            sleep=self.browser.sleep,
        )

    def step(self) -> int:
        replay = self.replayer.replay
        assert replay is not None
        return replay.step


def test_a_replay_starts_over_the_game_and_says_so() -> None:
    r = Replaying()
    said = r.replayer.start(link(), 1)
    assert said == "Replay of deal EO1-C8-AAAAAFA, 2 moves. Your game is kept."
    assert r.dialogs.names() == ["close_all"] and r.forgotten == ["ui"]
    replay = r.replayer.replay
    assert r.table.calls == [("show_replay", replay, "still")]  # the one render path, at once
    assert r.view.names() == ["fit"]  # the bar took its room above the board
    assert r.browser.addresses == ["?deal=EO1-C8-AAAAAFA&moves=1eef&replay=1"]
    assert r.bar.names() == ["show"] and r.step() == 1
    assert r.replayer.showing() and r.replayer.link() == link()
    assert r.table.game.moves == 0


def test_the_controls_step_back_and_forth_with_flights() -> None:
    r = Replaying()
    r.replayer.start(link())
    r.view.calls.clear()
    r.table.calls.clear()
    r.replayer.step_by(forward=True)
    assert r.step() == 1 and r.table.calls == [("show_replay", r.replayer.replay, "glide")]
    assert "fit" not in r.view.names()  # the bar stays: no new layout
    r.replayer.go(None)
    assert r.step() == 2
    r.replayer.step_by(forward=True)  # at the end: stays, stops
    assert r.step() == 2
    r.replayer.step_by(forward=False)
    assert r.step() == 1 and r.table.calls[-1] == ("show_replay", r.replayer.replay, "glide")
    r.replayer.go(0)
    assert r.step() == 0 and r.browser.addresses[-1].endswith("&replay=0")


def test_play_steps_on_at_its_speed_until_the_end() -> None:
    r = Replaying()
    r.replayer.start(link())
    r.replayer.set_speed(ReplaySpeed(2.0))
    r.replayer.play()
    assert len(r.browser.jobs) == 1
    r.browser.finish()
    assert r.step() == 2 and r.browser.slept == [0.5, 0.5, 0.5]
    # The address is written when the play stops, not at each step (a write costs a frame).
    assert [query[-9:] for query in r.browser.addresses] == ["&replay=0", "&replay=2"]
    replay = r.replayer.replay
    assert replay is not None and not replay.playing
    r.replayer.set_speed(ReplaySpeed(3.0))  # not a choice: the default
    assert replay.speed == 1.0


def test_pause_stops_the_play_before_or_during_its_wait() -> None:
    r = Replaying()
    r.replayer.start(link())
    r.replayer.play()
    r.replayer.play()  # pause at once
    assert r.bar.calls[-1][0] == "show" and len(r.browser.addresses) == 2  # paused: written
    r.browser.finish()
    assert r.step() == 0 and r.browser.slept == []

    async def pause_meanwhile(seconds: float) -> None:
        r.browser.slept.append(seconds)
        r.replayer.play()

    r.replayer.sleep = pause_meanwhile
    r.replayer.play()
    r.browser.finish()
    assert r.step() == 0 and r.browser.slept == [1.0]


def test_leaving_stops_a_play_in_progress() -> None:
    r = Replaying()
    r.replayer.start(link())

    async def leave_meanwhile(seconds: float) -> None:
        r.browser.slept.append(seconds)
        r.replayer.exit()

    r.replayer.sleep = leave_meanwhile
    r.replayer.play()
    r.browser.finish()
    assert r.replayer.replay is None and r.shown == ["game"] and r.browser.slept == [1.0]
    assert r.bar.names()[-1] == "hide" and r.view.calls[-1] == ("fit",)  # the bar's room back


def test_take_over_plays_on_from_the_step_shown_after_asking() -> None:
    r = Replaying()
    r.replayer.start(link(), 1)
    r.table.game.play(Move.parse("1e"))  # a game in progress: asked first
    r.replayer.take_over()
    assert r.dialogs.names()[-1] == "confirm" and r.opened == []
    r.dialogs.confirmed()
    assert r.opened == [Link(link().code, (Move.parse("1e"),))]


def test_no_replay_no_control() -> None:
    r = Replaying()
    for control in (r.replayer.play, r.replayer.take_over, r.replayer.exit, r.replayer.relabel):
        control()
    r.replayer.step_by(forward=True)
    r.replayer.go(0)
    r.replayer.set_speed(ReplaySpeed(2.0))
    r.replayer.leave()
    assert r.view.calls == [] and r.table.calls == [] and r.bar.calls == [] and r.shown == []


def test_relabel_writes_the_bar_again() -> None:
    r = Replaying()
    r.replayer.start(link())
    r.replayer.relabel()
    assert r.bar.names() == ["show", "show"]


def test_a_replay_with_its_time_says_it_and_keeps_it_in_the_address() -> None:
    r = Replaying()
    timed, _problem = link_from_query("?deal=EO1-C8-AAAAAFA&moves=1eef&time=3725&replay")
    assert timed is not None
    said = r.replayer.start(timed, 2)
    assert said == "Replay of deal EO1-C8-AAAAAFA, 2 moves played in 1:02:05. Your game is kept."
    assert r.browser.addresses == ["?deal=EO1-C8-AAAAAFA&moves=1eef&time=3725&replay=2"]
    one, _problem = link_from_query("?deal=EO1-C8-AAAAAFA&moves=1e&time=65&replay")
    assert one is not None
    assert (
        r.replayer.start(one) == "Replay of deal EO1-C8-AAAAAFA, 1 move played in 01:05. Your game is kept."
    )

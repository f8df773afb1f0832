"""The replay mode (eightoff/web/board/replayer.py): started from a link, stepped by the
bar's controls, played on by itself at its speed, taken over as a new game, closed; the
game in progress is never touched. Through the page's own controllers and door
(eightoff/web/rooms.py), with the fakes of tests/web/fakes/page.py."""

from __future__ import annotations

from eightoff import Move
from eightoff.web.actions import Command, CommandName, ReplaySpeed
from eightoff.web.board.input_state import Held
from eightoff.web.links.address import Link, link_from_query
from eightoff.web.rooms import Rooms
from tests.web.fakes.page import Page

QUERY = "?deal=EO1-C8-AAAAAFA&moves=1eef&replay"


def link() -> Link:
    found, _problem = link_from_query(QUERY)
    assert found is not None
    return found


class Replaying:
    """A page of fakes and its controllers; the table's calls without the hint's clearing
    (every command clears it first: eightoff/web/door.py)."""

    def __init__(self) -> None:
        self.page = Page()
        self.rooms = Rooms(self.page.parts())
        self.replayer = self.rooms.replayer
        self.view, self.bar, self.dialogs = self.page.view, self.page.replay_bar, self.page.dialogs
        self.table, self.browser = self.page.table, self.page.browser

    def command(self, name: CommandName) -> None:
        self.rooms.dispatch(Command(name))

    def speed(self, speed: float) -> None:
        self.rooms.dispatch(ReplaySpeed(speed))

    @property
    def calls(self) -> list[tuple[object, ...]]:
        return [call for call in self.table.calls if call[0] != "unmark"]

    def opened(self) -> list[str]:
        return [call[1] for call in self.table.calls if call[0] == "open"]

    def step(self) -> int:
        replay = self.replayer.replay
        assert replay is not None
        return replay.step


def test_a_replay_starts_over_the_game_and_says_so() -> None:
    r = Replaying()
    r.page.ui.held = Held("column-1", 5, "5S", 1)  # cards held when the replay starts: dropped
    said = r.replayer.start(link(), 1)
    assert said == "Replay of deal EO1-C8-AAAAAFA, 2 moves. Your game is kept."
    assert r.dialogs.names() == ["close_all"] and r.page.ui.held is None
    replay = r.replayer.replay
    assert r.calls == [("show_replay", replay, "still")]  # the one render path, at once
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
    r.command("replay-forward")
    assert r.step() == 1 and r.calls == [("show_replay", r.replayer.replay, "glide")]
    assert "fit" not in r.view.names()  # the bar stays: no new layout
    r.command("replay-end")
    assert r.step() == 2
    r.command("replay-forward")  # at the end: stays, stops
    assert r.step() == 2
    r.command("replay-back")
    assert r.step() == 1 and r.calls[-1] == ("show_replay", r.replayer.replay, "glide")
    r.command("replay-start")
    assert r.step() == 0 and r.browser.addresses[-1].endswith("&replay=0")


def test_play_steps_on_at_its_speed_until_the_end() -> None:
    r = Replaying()
    r.replayer.start(link())
    r.speed(2.0)
    r.command("replay-play")
    assert len(r.browser.jobs) == 1
    r.browser.finish()
    assert r.step() == 2 and r.browser.slept == [0.5, 0.5, 0.5]
    # The address is written when the play stops, not at each step (a write costs a frame).
    assert [query[-9:] for query in r.browser.addresses] == ["&replay=0", "&replay=2"]
    replay = r.replayer.replay
    assert replay is not None and not replay.playing
    r.speed(3.0)  # not a choice: the default
    assert replay.speed == 1.0


def test_pause_stops_the_play_before_or_during_its_wait() -> None:
    r = Replaying()
    r.replayer.start(link())
    r.command("replay-play")
    r.command("replay-play")  # pause at once
    assert r.bar.calls[-1][0] == "show" and len(r.browser.addresses) == 2  # paused: written
    r.browser.finish()
    assert r.step() == 0 and r.browser.slept == []

    async def pause_meanwhile(seconds: float) -> None:
        r.browser.slept.append(seconds)
        r.command("replay-play")

    r.replayer.sleep = pause_meanwhile
    r.command("replay-play")
    r.browser.finish()
    assert r.step() == 0 and r.browser.slept == [1.0]


def test_leaving_stops_a_play_in_progress() -> None:
    r = Replaying()
    r.replayer.start(link())

    async def leave_meanwhile(seconds: float) -> None:
        r.browser.slept.append(seconds)
        r.command("replay-exit")

    r.replayer.sleep = leave_meanwhile
    r.command("replay-play")
    r.browser.finish()
    assert r.replayer.replay is None and r.calls[-1] == ("show",) and r.browser.slept == [1.0]
    assert r.bar.names()[-1] == "hide" and r.view.calls[-1] == ("fit",)  # the bar's room back


def test_take_over_plays_on_from_the_step_shown_after_asking() -> None:
    r = Replaying()
    r.replayer.start(link(), 1)
    r.table.game.play(Move.parse("1e"))  # a game in progress: asked first
    r.command("replay-take-over")
    assert r.dialogs.names()[-1] == "confirm" and r.opened() == []
    r.dialogs.opened.clear()  # "yes" closes the question
    r.command("confirm-yes")
    assert r.opened() == ["EO1-C8-AAAAAFA"] and r.table.game.undo_stack == [Move.parse("1e")]
    assert r.replayer.replay is None  # the replay gave its place to the game


def test_no_replay_no_control() -> None:
    r = Replaying()
    names: tuple[CommandName, ...] = ("replay-play", "replay-take-over", "replay-exit", "replay-forward")
    for name in (*names, "replay-start"):
        r.command(name)
    r.speed(2.0)
    r.replayer.relabel()
    r.replayer.leave()
    assert r.view.calls == [] and r.calls == [] and r.bar.calls == [] and r.browser.addresses == []


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

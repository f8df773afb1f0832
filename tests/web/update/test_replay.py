"""The replay mode (eightoff/web/update/replay.py) through the page's one update: a replay
link shown over the game at the start, stepped by the bar's controls, played on by its own
timer at its speed, taken over as a new game, closed; the game in progress is never touched."""

from __future__ import annotations

import pytest

from eightoff import Game, Move
from eightoff.web.actions import CommandName, ReplaySpeed, ReplayStep, Select
from eightoff.web.board.input_state import InputState
from eightoff.web.board.replay import Replay
from eightoff.web.effects import Later
from eightoff.web.links.address import Link, link_from_query
from tests.web.update.helpers import CODE, Page, new_game

QUERY = "?deal=EO1-C8-AAAAAFA&moves=1eef&replay"


def link(query: str = QUERY) -> Link:
    found, _problem = link_from_query(query)
    assert found is not None
    return found


def replaying(step: int = 0, game: Game | None = None) -> Page:
    return Page.started(game, replay_of=(link(), step))


def step_of(page: Page) -> int:
    replay = page.state.replay
    assert replay is not None
    return replay.step


def test_a_replay_starts_over_the_game_and_says_so() -> None:
    page = Page.started(new_game(CODE, "1e"), said=("Welcome back.",), replay_of=(link(), 1))
    assert page.state.replay == Replay.of(link()).go(1)
    assert page.said == ["Welcome back. Replay of deal EO1-C8-AAAAAFA, 2 moves. Your game is kept."]
    assert page.state.change.motion == "still" and page.state.input == InputState()
    assert page.game.undo_stack == [Move.parse("1e")]  # the game in progress, kept behind it
    assert page.state.blocked


def test_a_replay_with_its_time_says_it() -> None:
    timed = Page.started(replay_of=(link("?deal=EO1-C8-AAAAAFA&moves=1eef&time=3725&replay"), 2))
    assert timed.said == ["Replay of deal EO1-C8-AAAAAFA, 2 moves played in 1:02:05. Your game is kept."]
    replay = timed.state.replay
    assert replay is not None and replay.time == 3_725_000 and replay.step == 2
    one = Page.started(replay_of=(link("?deal=EO1-C8-AAAAAFA&moves=1e&time=65&replay"), 0))
    assert one.said == ["Replay of deal EO1-C8-AAAAAFA, 1 move played in 01:05. Your game is kept."]


def test_the_controls_step_back_and_forth_with_flights() -> None:
    page = replaying()
    page.do("replay-forward")
    assert step_of(page) == 1 and page.state.change.motion == "glide"
    page.do("replay-end")
    assert step_of(page) == 2 and page.state.change.motion == "still"
    change = page.state.change
    page.do("replay-forward")  # at the end: stays, stops
    assert step_of(page) == 2 and page.state.change.serial > change.serial
    page.do("replay-back")
    assert step_of(page) == 1 and page.state.change.motion == "glide"
    page.do("replay-start")
    assert step_of(page) == 0 and page.state.change.motion == "still"
    page.do("replay-back")  # at the deal: stays
    assert step_of(page) == 0
    assert page.game.moves == 0 and page.saves == page.saves[:1]  # nothing played, nothing saved


def test_play_steps_on_at_its_speed_until_the_end() -> None:
    page = replaying()
    page.do(ReplaySpeed(2.0))
    assert page.do("replay-play") == (Later("replay", 500, ReplayStep()),)
    replay = page.state.replay
    assert replay is not None and replay.playing and page.state.change.motion == "still"
    delays = []
    while "replay" in page.timers:
        delays.append(page.fire("replay").ms)
    assert step_of(page) == 2 and delays == [500, 500, 500]
    replay = page.state.replay
    assert replay is not None and not replay.playing
    page.do(ReplaySpeed(3.0))  # not a choice: the default
    replay = page.state.replay
    assert replay is not None and replay.speed == 1.0
    page.do("replay-play")  # from the end: again from the deal
    assert step_of(page) == 0 and page.timers["replay"].ms == 1000


def test_pause_stops_the_play_before_or_during_its_wait() -> None:
    page = replaying()
    page.do("replay-play", "replay-play")  # pause at once
    page.fire("replay")  # its step comes all the same: nothing
    assert step_of(page) == 0 and "replay" not in page.timers
    page.do("replay-play")
    page.fire("replay")
    page.do("replay-play")
    page.fire("replay")
    assert step_of(page) == 1 and "replay" not in page.timers


def test_a_control_while_playing_pauses_it() -> None:
    for name in ("replay-forward", "replay-back", "replay-end", "replay-start"):
        page = replaying(1)
        page.do("replay-play", name)
        replay = page.state.replay
        assert replay is not None and not replay.playing, name


def test_leaving_stops_a_play_in_progress_and_shows_the_game() -> None:
    page = replaying()
    page.do("replay-play", "replay-exit")
    assert page.state.replay is None and page.state.change.motion == "still" and not page.state.blocked
    page.fire("replay")
    assert page.state.replay is None and page.game.moves == 0


def test_take_over_plays_on_from_the_step_shown_the_game_in_progress_kept() -> None:
    page = replaying(1, new_game(CODE, "2e"))
    page.do("replay-play", "replay-take-over")
    assert page.game.undo_stack == [Move.parse("1e")] and page.state.replay is None
    assert page.said[-1] == (
        "Deal EO1-C8-AAAAAFA, after the 1 move of the link. Undo brings back the last game (1 move)."
    )
    last = page.state.stats.previous
    assert last is not None and last.game == new_game(CODE, "2e")
    assert page.state.change.motion == "deal"


def test_take_over_at_once_when_no_game_is_in_progress() -> None:
    page = replaying(2)
    page.do("replay-take-over")
    assert page.game.undo_stack == [Move.parse("1e"), Move.parse("ef")] and page.state.replay is None
    current = page.state.stats.current
    assert current is not None and current.path == (Move.parse("1e"), Move.parse("ef"))


NAMES: tuple[CommandName, ...] = (
    "replay-play",
    "replay-take-over",
    "replay-exit",
    "replay-forward",
    "replay-back",
    "replay-start",
    "replay-end",
)


@pytest.mark.parametrize("name", NAMES)
def test_no_replay_no_control(name: CommandName) -> None:
    page = Page()
    before = page.state
    page.do(name, ReplaySpeed(2.0), ReplayStep())
    assert page.state == before and page.effects == []


def test_the_board_takes_nothing_while_a_replay_is_shown() -> None:
    page = replaying()
    before, asked = page.state, list(page.effects)
    page.do(Select("column-1"), "undo", "hint", "finish")
    assert page.state == before and page.effects == asked

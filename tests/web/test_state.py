"""The page's one state (eightoff/web/state.py): a frozen value with one owner a fact; what
it derives (whether the board is blocked, the open window of a kind), its serials, and the
world the update may know."""

from __future__ import annotations

import dataclasses
from datetime import date
from types import MappingProxyType
from typing import get_args

import pytest

from eightoff import DealCode, Game, Move
from eightoff.web.board.clock import Clock
from eightoff.web.board.focus import Spot
from eightoff.web.board.input_state import InputState
from eightoff.web.board.replay import Replay
from eightoff.web.links.address import Link
from eightoff.web.state import (
    Asked,
    Change,
    Coach,
    Confirm,
    Hints,
    HowTo,
    KeysWindow,
    NewGameWindow,
    PageState,
    Pending,
    ResetStats,
    Said,
    SavingWindow,
    SettingsWindow,
    StartDeal,
    StatsWindow,
    TakeAside,
    TakeBackup,
    Window,
    WinWindow,
    World,
)
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Stats

CODE = DealCode.parse("EO1-C8-AAAAAFA")


def fresh() -> PageState:
    return PageState(Game.new(CODE))


def test_a_new_state_shows_the_game_and_nothing_else() -> None:
    state = fresh()
    assert (state.settings, state.stats, state.language, state.address_lang, state.page) == (
        Settings(),
        Stats(),
        "en",
        "",
        "",
    )
    assert (state.input, state.tap_wait, state.hints, state.coach) == (InputState(), None, Hints(), Coach())
    assert (state.replay, state.finishing, state.clock) == (None, None, Clock())
    assert (state.focus, state.focus_taken, state.change) == (Spot("column-1"), 0, Change("still", None, 0))
    assert (state.status, state.announce, state.windows, state.how_to) == (Said(), Said(), (), HowTo())
    assert (state.share, state.saving, state.serial) == (None, True, 0)
    assert not state.blocked


def test_the_state_is_frozen() -> None:
    state = fresh()
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.serial = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        state.coach.verdicts[CODE] = "solved"  # type: ignore[index]


def test_the_board_is_blocked_by_a_window_or_a_replay() -> None:
    state = fresh()
    assert dataclasses.replace(state, windows=(KeysWindow(),)).blocked
    assert dataclasses.replace(state, replay=Replay.of(Link(CODE, (Move.parse("1e"),)))).blocked
    assert not dataclasses.replace(state, windows=()).blocked


def test_the_open_window_of_a_kind() -> None:
    win = WinWindow(650, 52)
    state = dataclasses.replace(fresh(), windows=(SettingsWindow(), win, StatsWindow()))
    assert state.window(WinWindow) is win and state.window(SettingsWindow) == SettingsWindow()
    assert state.window(Confirm) is None and fresh().window(WinWindow) is None


def test_each_window_names_its_dialogs_id() -> None:
    windows: list[Window] = [
        Confirm(ResetStats()),
        WinWindow(0, 0),
        NewGameWindow(),
        SettingsWindow(),
        KeysWindow(),
        StatsWindow(),
        SavingWindow(),
    ]
    assert [w.ident for w in windows] == [
        "confirm",
        "win",
        "new-game-dialog",
        "settings-dialog",
        "help-dialog",
        "stats",
        "saving-dialog",
    ]
    assert {type(w) for w in windows} == set(get_args(Window))


def test_the_question_knows_what_its_yes_does() -> None:
    assert set(get_args(Pending)) == {ResetStats, TakeBackup, TakeAside}  # a new deal asks nothing
    asked = Confirm(TakeAside(), moves=3)
    assert (asked.then, asked.moves) == (TakeAside(), 3)
    assert StartDeal(CODE).said == "new"


def test_each_serial_is_new() -> None:
    state = fresh()
    state, first = state.next_serial()
    state, second = state.next_serial()
    assert (first, second, state.serial) == (1, 2, 2)


def test_an_answer_holds_for_the_very_game_it_was_asked_about() -> None:
    game = Game.new(CODE)
    asked = Asked(1, game)
    assert asked.holds(game)
    assert not asked.holds(game.copy())  # equal, but another value: a game changed since


def test_the_world_by_default_and_the_words_said() -> None:
    assert World() == World(0.0, date(2026, 1, 1), "2026-01-01T00:00:00Z", 0)
    assert Said("Hello.", 3) != Said("Hello.", 4)  # the same words said anew
    assert Coach().verdicts == MappingProxyType({}) and Hints().asked is None

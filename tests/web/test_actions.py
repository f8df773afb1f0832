"""The actions every input produces (eightoff/web/actions.py): the page's buttons and
choices read into exactly one action, and a chosen setting applied or refused."""

from __future__ import annotations

from typing import get_args

import pytest

from eightoff.web.actions import (
    BOARD_COMMANDS,
    COMMANDS,
    SETTINGS,
    Choose,
    Close,
    Command,
    CommandName,
    ReplaySpeed,
    from_button,
    from_choice,
)
from eightoff.web.storage.settings import Settings, SettingsError


def test_every_command_is_read_from_a_button_of_its_name() -> None:
    """The page's buttons themselves are read from the built page by
    tests/browser/test_buttons.py: each is exactly one command, and every command has a
    button or a key."""
    assert frozenset(get_args(CommandName)) == COMMANDS and len(COMMANDS) == len(get_args(CommandName))
    for name in COMMANDS:
        assert from_button(name) == Command(name)  # type: ignore[arg-type]
        assert from_button(name, dialog="win") == Command(name)  # type: ignore[arg-type]


def test_close_names_its_dialog() -> None:
    assert from_button("close", dialog="settings-dialog") == Close("settings-dialog")
    assert from_button("close") is None  # a close button outside a dialog closes nothing


@pytest.mark.parametrize("name", ["", "Undo", "close-all", "confirm-no", "__class__"])
def test_an_unknown_button_is_no_action(name: str) -> None:
    assert from_button(name, dialog="win") is None


def test_the_board_commands() -> None:
    assert {"undo", "redo", "hint", "go-back", "finish"} == BOARD_COMMANDS
    assert BOARD_COMMANDS <= COMMANDS


CHOICES = [
    ("cells", "8", Settings(8, "two")),
    ("cells", "4", Settings(4, "two")),
    ("cells", "2", Settings(2, "two")),
    ("deck", "four", Settings(4, "four")),
    ("deck", "two", Settings(4, "two")),
    ("winnable", "false", Settings(4, "two", winnable=False)),
    ("winnable", "true", Settings(4, "two", winnable=True)),
    ("level", "easy", Settings(4, "two", level="easy")),
    ("level", "medium", Settings(4, "two", level="medium")),
    ("level", "hard", Settings(4, "two", level="hard")),
    ("level", "any", Settings(4, "two")),
    ("tap-to-select", "true", Settings(4, "two", tap_to_select=True)),
    ("tap-to-select", "false", Settings(4, "two", tap_to_select=False)),
    ("language", "he", Settings(4, "two", language="he")),
    ("theme", "dark", Settings(4, "two", theme="dark")),
    ("theme", "auto", Settings(4, "two")),
    ("clock", "false", Settings(4, "two", clock=False)),
    ("motion", "true", Settings(4, "two", motion="on")),
    ("motion", "false", Settings(4, "two", motion="off")),
    ("pace", "slow", Settings(4, "two", pace="slow")),
    ("pace", "normal", Settings(4, "two")),
    ("hint-at-once", "true", Settings(4, "two", hint_at_once=True)),
    ("hint-at-once", "false", Settings(4, "two")),
    ("sound", "true", Settings(4, "two", sound=True)),
    ("haptics", "true", Settings(4, "two", haptics=True)),
    ("cards", "large", Settings(4, "two", cards="large")),
    ("cards", "standard", Settings(4, "two")),
]


@pytest.mark.parametrize(("name", "value", "expected"), CHOICES)
def test_a_choice_changes_one_setting(name: str, value: str, expected: Settings) -> None:
    choice = from_choice(name, value)
    assert choice == Choose(name, value)  # type: ignore[arg-type]
    assert choice is not None and choice.applied_to(Settings(4, "two")) == expected


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("cells", "3"),
        ("cells", "eight"),
        ("deck", "six"),
        ("cells", ""),
        ("winnable", "on"),
        ("level", "Hard"),
        ("level", ""),
        ("theme", "sepia"),
        ("clock", "maybe"),
        ("motion", "off"),
        ("pace", "quick"),
        ("tap-to-select", "yes"),
        ("hint-at-once", "on"),
        ("sound", "1"),
        ("cards", "huge"),
        ("language", "xx"),
    ],
)
def test_a_choice_outside_the_offer_is_refused(name: str, value: str) -> None:
    choice = from_choice(name, value)
    assert choice is not None
    with pytest.raises(ValueError):
        choice.applied_to(Settings())


def test_every_setting_is_a_case_above() -> None:
    """Each input's name reaches its own field (``Choose.applied_to`` maps them by name)."""
    assert {name for name, _value, _expected in CHOICES} == SETTINGS


def test_a_refused_cell_count_is_a_settings_error() -> None:
    with pytest.raises(SettingsError, match="8, 4 or 2 cells, not 3"):
        Choose("cells", "3").applied_to(Settings())


@pytest.mark.parametrize("name", ["", "deal", "code", "Cells"])
def test_other_inputs_are_no_setting(name: str) -> None:
    assert from_choice(name, "4") is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [("0.5", ReplaySpeed(0.5)), ("1", ReplaySpeed(1.0)), ("4", ReplaySpeed(4.0)), ("", None), ("x", None)],
)
def test_the_replay_speed_chosen_is_an_action(value: str, expected: ReplaySpeed | None) -> None:
    """The replay bar's ``<select name="replay-speed">`` (a speed outside the choices is the
    replay's to refuse: board/replay.py ``with_speed``)."""
    assert from_choice("replay-speed", value) == expected

"""Which key does what (eightoff/web/board/keymap.py; docs/dom-contract.md, "Keys")."""

from __future__ import annotations

import pytest

from eightoff.web.actions import Command, Jump, Navigate, Release, Select, Shortcut
from eightoff.web.board.focus import Spot
from eightoff.web.board.keymap import CODE_FIELD, Keystroke, action_for, command_for

UNDO, REDO, PLAY_CODE = Command("undo"), Command("redo"), Command("play-code")


@pytest.mark.parametrize(
    ("stroke", "expected"),
    [
        (Keystroke("z", ctrl=True), UNDO),
        (Keystroke("z", meta=True), UNDO),
        (Keystroke("Z", ctrl=True), UNDO),  # Caps Lock
        (Keystroke("Z", ctrl=True, shift=True), REDO),
        (Keystroke("Z", meta=True, shift=True), REDO),
        (Keystroke("y", ctrl=True), REDO),
        (Keystroke("y", meta=True), REDO),
        (Keystroke("Y", ctrl=True, shift=True), None),
        (Keystroke("z"), None),
        (Keystroke("y", shift=True), None),
        (Keystroke("z", ctrl=True, alt=True), None),
        (Keystroke("x", ctrl=True), None),
        (Keystroke("Enter"), None),
        (Keystroke("h"), Command("hint")),
        (Keystroke("H", shift=True), Command("hint")),
        (Keystroke("h", ctrl=True), None),
        (Keystroke("h", alt=True), None),
    ],
    ids=repr,
)
def test_shortcuts_outside_fields(stroke: Keystroke, expected: Command | None) -> None:
    assert action_for(stroke, None) == expected


@pytest.mark.parametrize("field", [CODE_FIELD, "share-url", ""])
def test_shortcuts_leave_fields_alone(field: str) -> None:
    """In a text field Ctrl+Z is the field's own undo."""
    assert command_for(Keystroke("z", ctrl=True, field=field)) is None
    assert command_for(Keystroke("y", ctrl=True, field=field)) is None
    assert action_for(Keystroke("h", field=field), BOARD) is None


def test_enter_in_the_code_field_plays_the_code() -> None:
    assert CODE_FIELD == "code-input"
    assert command_for(Keystroke("Enter", field=CODE_FIELD)) == PLAY_CODE
    assert command_for(Keystroke("Enter", shift=True, field=CODE_FIELD)) == PLAY_CODE
    assert command_for(Keystroke("Enter", field="share-url")) is None


BOARD = Spot("column-3", 2)


@pytest.mark.parametrize(
    ("stroke", "spot", "expected"),
    [
        (Keystroke("ArrowUp"), BOARD, Navigate("ArrowUp")),
        (Keystroke("ArrowDown"), BOARD, Navigate("ArrowDown")),
        (Keystroke("ArrowLeft"), BOARD, Navigate("ArrowLeft")),
        (Keystroke("ArrowRight"), BOARD, Navigate("ArrowRight")),
        (Keystroke("Home"), BOARD, Navigate("Home")),
        (Keystroke("End"), BOARD, Navigate("End")),
        (Keystroke("Enter"), BOARD, Select("column-3", 2)),
        (Keystroke(" "), Spot("cell-2"), Select("cell-2")),
        (Keystroke("Escape"), BOARD, Release()),
        (Keystroke("f"), BOARD, Shortcut("tap", "column-3", 2)),
        (Keystroke("F", shift=True), BOARD, Shortcut("tap", "column-3", 2)),
        (Keystroke("d"), Spot("cell-1"), Shortcut("double-tap", "cell-1")),
        (Keystroke("u"), None, UNDO),
        (Keystroke("U"), BOARD, UNDO),
        (Keystroke("n"), None, Command("new-game")),
        (Keystroke("?", shift=True), None, Command("help")),
        (Keystroke("z", ctrl=True), BOARD, UNDO),
        (Keystroke("y", ctrl=True), None, REDO),
        # off the board, in a field, in a dialog, with modifiers: the browser keeps the key
        (Keystroke("ArrowUp"), None, None),
        (Keystroke("Enter"), None, None),
        (Keystroke("f"), None, None),
        (Keystroke("x"), BOARD, None),
        (Keystroke("Tab"), BOARD, None),
        (Keystroke("n", field="code-input"), None, None),
        (Keystroke("u", field=""), BOARD, None),
        (Keystroke("n", dialog=True), None, None),
        (Keystroke("Enter", dialog=True), None, None),
        (Keystroke("ArrowUp", alt=True), BOARD, None),
        (Keystroke("f", ctrl=True), BOARD, None),
        (Keystroke("u", meta=True), BOARD, None),
        (Keystroke("Enter", field="code-input", dialog=True), None, PLAY_CODE),
    ],
    ids=repr,
)
def test_each_key_of_keyboard_play(stroke: Keystroke, spot: Spot | None, expected: object) -> None:
    assert action_for(stroke, spot) == expected


@pytest.mark.parametrize(
    ("stroke", "expected"),
    [
        (Keystroke("3", code="Digit3"), Jump("column-3")),
        (Keystroke("8", code="Numpad8"), Jump("column-8")),
        (Keystroke("#", code="Digit3", shift=True), Jump("cell-3")),
        (Keystroke("%", code="Digit5", shift=True), Jump("cell-5")),
        (Keystroke("&", code="Digit1"), Jump("column-1")),  # AZERTY: the place counts, not the glyph
        (Keystroke("ש", code="Digit1"), Jump("column-1")),
        (Keystroke("1"), Jump("column-1")),  # no place given: the digit
        (Keystroke("9", code="Digit9"), None),
        (Keystroke("0", code="Digit0"), None),
        (Keystroke("3", code="Digit3", ctrl=True), None),  # the browser's tab switch
        (Keystroke("3", code="Digit3", alt=True), None),
        (Keystroke("3", code="Digit3", field="code-input"), None),
        (Keystroke("3", code="Digit3", dialog=True), None),
        (Keystroke("3", code="KeyE"), None),  # a layout that writes 3 elsewhere: the place counts
    ],
    ids=repr,
)
def test_digits_name_a_column_and_with_shift_a_cell_wherever_the_focus_is(
    stroke: Keystroke, expected: Jump | None
) -> None:
    assert action_for(stroke, None) == expected
    assert action_for(stroke, Spot("column-2", 0)) == expected

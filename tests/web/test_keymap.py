"""Which key does what (eightoff/web/keymap.py; docs/dom-contract.md, "Keys")."""

from __future__ import annotations

import pytest

from eightoff.web.actions import Command
from eightoff.web.keymap import CODE_FIELD, Keystroke, command_for

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
    assert command_for(stroke) == expected


@pytest.mark.parametrize("field", [CODE_FIELD, "share-url", ""])
def test_shortcuts_leave_fields_alone(field: str) -> None:
    """In a text field Ctrl+Z is the field's own undo."""
    assert command_for(Keystroke("z", ctrl=True, field=field)) is None
    assert command_for(Keystroke("y", ctrl=True, field=field)) is None
    assert command_for(Keystroke("h", field=field)) is None


def test_enter_in_the_code_field_plays_the_code() -> None:
    assert CODE_FIELD == "code-input"
    assert command_for(Keystroke("Enter", field=CODE_FIELD)) == PLAY_CODE
    assert command_for(Keystroke("Enter", shift=True, field=CODE_FIELD)) == PLAY_CODE
    assert command_for(Keystroke("Enter", field="share-url")) is None

"""The page's buttons and the commands (eightoff/web/actions.py): every ``data-action`` of
the built page — dist/index.html and what the page's Python builds — reads into exactly one
action, and every command has a button or a key (eightoff/web/board/keymap.py)."""

from __future__ import annotations

import re
import string
from itertools import product

import pytest
from playwright.sync_api import Page

from eightoff.web.actions import COMMANDS, Close, Command, from_button
from eightoff.web.board.keymap import CODE_FIELD, LETTERS, Keystroke, command_for

from .harness import build
from .helpers import open_fresh

pytestmark = pytest.mark.same_tab  # a fresh game each, in one booted tab (conftest.py)


ACTIONS = """() => [...document.querySelectorAll('[data-action]')].map(
    b => [b.dataset.action, b.closest('dialog') ? b.closest('dialog').id : ''])"""


def key_commands() -> set[str]:
    """Every command a key asks for: the plain letters, and each key of the keyboard with
    every combination of modifiers, in a field, in the code field or outside any."""
    names = {command.name for command in LETTERS.values()}
    keys = [*string.printable, "Enter", "Escape", "Backspace", "Delete"]
    for key, ctrl, meta, shift, alt, field in product(keys, *[(False, True)] * 4, (None, "", CODE_FIELD)):
        command = command_for(Keystroke(key, ctrl, meta, shift, alt, field))
        if command is not None:
            names.add(command.name)
    return names


def test_every_button_is_one_command_and_every_command_has_a_button_or_key(page: Page, site_url: str) -> None:
    html = (build.DIST / "index.html").read_text(encoding="utf-8")
    written = [(name, "") for name in re.findall(r'data-action="([^"]*)"', html)]
    open_fresh(page, site_url)
    built = [tuple(pair) for pair in page.evaluate(ACTIONS)]
    assert len(built) > 20  # the bar, the dialogs, the Statistics window and the replay bar
    buttons: set[str] = set()
    for name, dialog in written + built:
        action = from_button(name, dialog)
        expected = Close(dialog) if name == "close" else Command(name)  # type: ignore[arg-type]
        assert action == expected, f"the button {name!r} (in {dialog or 'no dialog'!r}) does {action}"
        if isinstance(action, Command):
            buttons.add(action.name)
    keys = key_commands()
    assert keys <= COMMANDS and buttons | keys == COMMANDS
    assert COMMANDS - buttons == {"help"}  # ? opens the list of keys: no button asks for it

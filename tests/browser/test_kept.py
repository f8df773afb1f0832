"""What the browser keeps for the game, in the real page (issue 38, review N4, N5, N7): a
newer version's record under the key says so lastingly (``#unsaved`` and its window) and,
after a few visits, lets the player set it aside and play on, saved; a value that filled the
quota is set aside only in part, so saving goes on; what was set aside is offered back in
the settings."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from eightoff import DealCode, Game, Move
from eightoff.web.facts import BACKUP_KEY, DEVICE_KEY, RECORD_KEY
from eightoff.web.storage.record import SCHEMA, dump
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.store import ASIDE_CHARS

from .helpers import Player, open_fresh, reopen

pytestmark = pytest.mark.same_tab  # a fresh game each, in one booted tab (conftest.py)

CODE = "EO1-C8-AAAAAFA"
NEWER = json.dumps({"schema": 99, "revision": 7, "tab": "later", "game": {"from": "a newer version"}})


def stored(page: Page) -> dict[str, str]:
    items: dict[str, str] = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    return items


def test_a_newer_record_is_said_lastingly_and_set_aside_after_a_few_visits(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}", stored={RECORD_KEY: NEWER})
    expect(page.locator("#status")).to_contain_text("A newer version of Eight Off saved a game here")
    badge = page.locator("#unsaved")
    expect(badge).to_be_visible()
    Player(page).play(Game.new(DealCode.parse(CODE)), Move.parse("1e"))
    expect(badge).to_be_visible()  # still: nothing is written over the newer record
    assert stored(page)[RECORD_KEY] == NEWER
    badge.click()
    window = page.locator("#saving-dialog")
    expect(window).to_be_visible()
    expect(page.locator("#saving-text")).to_contain_text("If this page comes back each time")
    expect(page.locator("#saving-wait")).to_have_text(
        "If the newer game is still here after 2 more visits, this window offers to set it aside."
    )
    expect(page.locator("#keep-newer")).to_be_hidden()
    page.keyboard.press("Escape")
    for _visit in (2, 3):
        reopen(page, site_url, f"deal={CODE}")
    page.locator("#unsaved").click()
    expect(page.locator("#keep-newer")).to_be_visible()
    page.locator("#keep-newer").click()
    expect(page.locator("#saving-dialog")).to_be_hidden()
    expect(page.locator("#status")).to_have_text(
        "The newer version's game is set aside: this game is saved from now on."
    )
    expect(page.locator("#unsaved")).to_be_hidden()
    items = stored(page)
    assert items[BACKUP_KEY] == NEWER and json.loads(items[RECORD_KEY])["schema"] == SCHEMA
    assert json.loads(items[DEVICE_KEY])["newer"][1] == 3


def test_a_quota_filling_value_is_set_aside_in_part_and_saving_goes_on(page: Page, site_url: str) -> None:
    """Another page of the origin filled the key with what the quota holds: set aside, its
    first characters only, so the game's own saves fit (they failed for good before)."""
    filler = "x" * 4_000_000
    open_fresh(page, site_url, f"deal={CODE}", stored={RECORD_KEY: filler})
    expect(page.locator("#status")).to_contain_text("The saved game could not be read")
    Player(page).play(Game.new(DealCode.parse(CODE)), Move.parse("1e"))
    expect(page.locator("#unsaved")).to_be_hidden()
    items = stored(page)
    assert items[BACKUP_KEY] == filler[:ASIDE_CHARS]
    assert json.loads(items[RECORD_KEY])["game"]["moves"] == 1


def test_what_was_set_aside_is_offered_back_in_the_settings(page: Page, site_url: str) -> None:
    earlier = Game.new(DealCode.parse("EO1-C4-AAAAAFA"))
    earlier.play(Move.parse("42"))
    record = dump(5, "old", earlier, Settings(cells=4))
    open_fresh(page, site_url, f"deal={CODE}", stored={BACKUP_KEY: record})
    page.locator("#settings").click()
    expect(page.locator("#storage-aside")).to_have_text(
        "Set aside: a saved game of deal EO1-C4-AAAAAFA after 1 move."
    )
    expect(page.locator("#storage-kept")).not_to_be_empty()
    page.locator("#restore-aside").click()  # no move here yet: nothing to ask
    expect(page.locator("#settings-dialog")).to_be_hidden()
    expect(page.locator("#deal-code")).to_have_text("EO1-C4-AAAAAFA")
    expect(page.locator("#moves")).to_have_text("1")
    assert BACKUP_KEY not in stored(page)
    assert json.loads(stored(page)[RECORD_KEY])["game"]["code"] == "EO1-C4-AAAAAFA"

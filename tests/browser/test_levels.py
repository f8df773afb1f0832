"""The levels in play (issue 37; docs/levels.md, docs/dom-contract.md): chosen in the New Game
window by the keyboard, a deal of that level dealt from the certified catalogue, its level
said and kept."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from eightoff import DealCode
from eightoff.winnable import is_catalogued, level_of

from .helpers import expect_numbers, open_fresh, open_page

pytestmark = pytest.mark.same_tab  # a fresh game each, in one booted tab (conftest.py)

CODE = "EO1-C8-AAAAAFA"


def level_radio(page: Page, value: str) -> Locator:
    return page.locator(f"#new-game-dialog input[name=level][value={value}]")


def test_hard_chosen_in_new_game_deals_a_hard_deal_and_says_so(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}")
    page.locator("#new-game").click()
    expect(page.locator("#level-choice legend")).to_have_text("Level")
    expect(level_radio(page, "any")).to_be_checked()
    page.locator("#winnable").uncheck()  # the levels wait while any deal may come
    expect(level_radio(page, "hard")).to_be_disabled()
    page.locator("#winnable").check()
    expect(level_radio(page, "hard")).to_be_enabled()
    page.locator("#winnable").focus()
    page.keyboard.press("Tab")  # the group's tab stop: its checked radio
    expect(level_radio(page, "any")).to_be_focused()
    for _ in range(3):  # Easy, Medium, Hard
        page.keyboard.press("ArrowDown")
    expect(level_radio(page, "hard")).to_be_checked()
    expect(page.get_by_role("radio", name="Hard")).to_be_focused()
    page.locator("#random-deal").click()
    expect(page.locator("dialog[open]")).to_have_count(0)
    code = DealCode.parse(page.locator("#deal-code").text_content() or "")
    assert code.cells == 8 and is_catalogued(code) and level_of(code) == "hard"
    expect(page.locator("#status")).to_have_text(f"New deal {code}. Level: Hard.")
    expect_numbers(page, 0, 0)
    open_page(page, site_url)  # the level is kept with the settings
    page.locator("#new-game").click()
    expect(level_radio(page, "hard")).to_be_checked()

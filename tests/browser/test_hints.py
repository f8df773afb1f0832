"""Hints in the page: a 4-cell deal of the catalogue won by following the hints alone from a
position near its end (the search runs in the solver's worker); a hint costs nothing; a
lost position is said kindly, only when asked."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from eightoff import DealCode
from eightoff.solver import solve
from eightoff.web.links.address import encode_moves
from eightoff.web.update.solver import card_words
from eightoff.winnable import catalogue, is_catalogued

from .helpers import Player, open_fresh, open_page

FIRST_HINT_MS = 60_000
"""The first hint waits for the worker to load Pyodide on a busy machine."""


def hinted(page: Page) -> tuple[str, str]:
    """Press Hint twice and read what it marks: first the cards to move alone, said in a
    sentence; then the target pile too, with the hint's words."""
    page.locator("#hint").click()
    cards = page.locator("[data-card].hint")
    expect(cards.first).to_be_visible(timeout=FIRST_HINT_MS)
    target = page.locator("[data-pile].hint-target")
    expect(target).to_have_count(0)
    held = tuple(str(c.get_attribute("data-card")) for c in cards.all())
    expect(page.locator("#status")).to_have_text(card_words(held))
    expect(page.locator("#announce")).to_have_text(card_words(held))
    page.locator("#hint").click()
    expect(target).to_have_count(1)
    expect(page.locator("#status")).to_contain_text("Hint: the ")
    expect(cards).to_have_count(len(held))
    return held[0], str(target.get_attribute("data-pile"))


HINTED_FROM = 70
"""The hints are followed from this many moves along the engine's solution (98 moves): the
first hint still waits for the worker, every later one is its search from the position."""


@pytest.mark.same_tab
def test_a_catalogue_deal_is_won_by_following_the_hints(page: Page, site_url: str) -> None:
    """From a position link near the end (tests/browser/test_win.py plays whole games)."""
    code = DealCode(catalogue(4)[0], 4)
    line = solve(code.deal()).moves
    assert len(line) > HINTED_FROM + 20
    open_fresh(page, site_url, f"deal={code}&moves={encode_moves(line[:HINTED_FROM])}")
    player = Player(page)
    moves = HINTED_FROM
    expect(page.locator("#moves")).to_have_text(str(moves))
    while not page.locator("#win").is_visible():
        score = page.locator("#score").text_content()
        undo = page.locator("#undo").is_disabled()
        card, pile = hinted(page)
        expect(page.locator("#status")).to_contain_text("Hint: the ")
        # A hint costs nothing: the score, the move count and undo are as they were.
        assert page.locator("#score").text_content() == score
        expect(page.locator("#moves")).to_have_text(str(moves))
        assert page.locator("#undo").is_disabled() == undo
        player.drag(card, pile)
        moves += 1
        expect(page.locator("#moves")).to_have_text(str(moves))
        expect(page.locator(".hint, .hint-target")).to_have_count(0)
        assert moves < 300, "the hints never end"
    expect(page.locator("#win-text")).to_contain_text(f"in {moves} moves.")


@pytest.mark.same_tab
def test_a_hint_asked_from_the_board_takes_the_focus_to_its_card(page: Page, site_url: str) -> None:
    """Keyboard players go straight on: Enter picks up the hinted card (issue 21 item 7)."""
    code = DealCode(catalogue(4)[0], 4)
    line = solve(code.deal()).moves
    open_fresh(page, site_url, f"deal={code}&moves={encode_moves(line[:HINTED_FROM])}")
    page.locator("#board [tabindex='0']").focus()
    page.keyboard.press("h")
    card = page.locator("[data-card].hint").first
    target = page.locator("[data-pile].hint-target")
    expect(card).to_be_visible(timeout=FIRST_HINT_MS)
    expect(card).to_be_focused()
    expect(target).to_have_count(0)  # the card alone, said so
    expect(page.locator("#status")).to_have_text(
        re.compile(r"^The .+ can go somewhere that keeps the game winnable\.$")
    )
    page.keyboard.press("h")  # again: where it goes, as one hint used to show at once
    expect(target).to_have_count(1)
    expect(page.locator("#status")).to_have_text(re.compile(r"^Hint: the .+ to .+\.$"))
    expect(card).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#announce")).to_contain_text("picked up")


@pytest.mark.same_tab
def test_a_setting_shows_the_hints_whole_move_at_once(page: Page, site_url: str) -> None:
    """The Settings window's switch, reached by the keyboard: one H shows card and target."""
    open_fresh(page, site_url, "deal=EO1-C8-AAAAAFA")
    page.locator("#settings").click()
    switch = page.get_by_label("Show a hint's card and where it goes at once")
    expect(switch).not_to_be_checked()
    switch.focus()
    page.keyboard.press("Space")
    expect(switch).to_be_checked()
    page.keyboard.press("Escape")
    expect(page.locator("#settings-dialog")).to_be_hidden()
    page.locator("#board [tabindex='0']").focus()
    page.keyboard.press("h")
    expect(page.locator("[data-pile].hint-target")).to_have_count(1, timeout=FIRST_HINT_MS)
    expect(page.locator("#status")).to_have_text(re.compile(r"^Hint: the .+ to .+\.$"))


@pytest.mark.same_tab
def test_a_lost_position_is_said_only_when_asked(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, "deal=EO1-C2-AAAAAAB")  # deal 1, 2 cells: proved lost at once
    expect(page.locator("#status")).not_to_contain_text("winning line")
    page.keyboard.press("h")
    expect(page.locator("#status")).to_have_text(  # nothing to undo: the coach says why
        "This deal cannot be won, not even from its first card.", timeout=FIRST_HINT_MS
    )
    expect(page.locator("#go-back")).to_be_hidden()
    expect(page.locator(".hint, .hint-target")).to_have_count(0)


def test_only_winnable_deals_by_default_and_the_choice_is_kept(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, "deal=EO1-C8-AAAAAFA")
    page.locator("#new-game").click()
    expect(page.locator("#winnable")).to_be_checked()
    page.locator("#new-game-dialog input[name=cells][value='2']").check()
    page.locator("#random-deal").click()
    code = DealCode.parse(page.locator("#deal-code").text_content() or "")
    assert code.cells == 2 and is_catalogued(code)
    # 8 cells: a deal of the 8-cell catalogue, at once (the solver won it at build time).
    page.locator("#new-game").click()
    page.locator("#new-game-dialog input[name=cells][value='8']").check()
    page.locator("#random-deal").click()
    expect(page.locator("#deal-code")).to_have_text(re.compile("^EO1-C8-"))
    eight = DealCode.parse(page.locator("#deal-code").text_content() or "")
    assert is_catalogued(eight) and solve(eight.deal()).verdict == "solved"
    # Unticked, and kept: a reload shows it unticked.
    page.locator("#new-game").click()
    page.locator("#winnable").uncheck()
    page.locator("#new-game-dialog [data-action=close]").click()
    open_page(page, site_url)
    page.locator("#new-game").click()
    expect(page.locator("#winnable")).not_to_be_checked()

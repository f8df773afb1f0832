"""The board shows the engine's deal, fits the screen, and answers taps and drags with the
engine's moves (SPEC §8; docs/dom-contract.md)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from eightoff import DealCode, Game, Move, Pile

from .helpers import (
    DESKTOP,
    PHONE,
    Player,
    board_of,
    dealt,
    expect_board,
    expect_numbers,
    find,
    no_scrolling,
    open_fresh,
    read_board,
)

pytestmark = pytest.mark.same_tab  # a fresh game each, in one booted tab (conftest.py)


@pytest.mark.parametrize("code", ["EO1-C8-AAAAAFA", "EO1-C4-AAAAAFA", "EO1-C2-QWERTY7"])
def test_the_board_shows_the_deal_of_the_command_line(page: Page, site_url: str, code: str) -> None:
    """Pile by pile, card by card, the page equals `python -m eightoff deal CODE`; only
    the playable cells are drawn; score, moves and the code are shown."""
    open_fresh(page, site_url, f"deal={code}")
    assert read_board(page) == board_of(dealt(code))
    cells = DealCode.parse(code).cells
    expect(page.locator(".pile.cell")).to_have_count(cells)
    expect(page.locator("#deal-code")).to_have_text(code)
    expect_numbers(page, 0, 0)
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#redo")).to_be_disabled()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("cells", [8, 2])
def test_everything_fits_without_scrolling(
    page: Page, site_url: str, viewport: dict[str, int], cells: int
) -> None:
    """At 360×640 and 1920×1080 the page never scrolls, every pile is inside the viewport,
    and a card's corner text is at least 13 px."""
    open_fresh(page, site_url, f"deal=EO1-C{cells}-AAAAAFA", viewport)
    assert no_scrolling(page)
    inside = page.evaluate(
        """() => [...document.querySelectorAll('[data-pile], button.tool')].every(e => {
            const r = e.getBoundingClientRect();
            return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; })"""
    )
    assert inside
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.corner')).fontSize)")
    assert size >= 13


def test_a_tap_sends_a_card_to_its_foundation(page: Page, site_url: str) -> None:
    """One tap on a card whose foundation takes it: +10 in #score, one move."""
    game = find(lambda g: any(g.tap(p) for p in g.position.piles()))
    source = next(p for p in game.position.piles() if game.tap(p))
    card = str(game.position.top(source))
    open_fresh(page, site_url, f"deal={game.code}", motion=True)
    Player(page).tap(card)
    game.play(Move(source, Pile.foundation(card[1])))
    expect_board(page, game.position)
    expect_numbers(page, 10, 1)
    expect(page.locator("#undo")).to_be_enabled()


def test_a_tap_that_cannot_go_home_moves_nothing(page: Page, site_url: str) -> None:
    """The 5 of spades has no foundation to go to: brief feedback, nothing moves."""
    code = "EO1-C8-AAAAAFA"
    open_fresh(page, site_url, f"deal={code}", motion=True)
    Player(page).tap("5S")
    expect(page.locator('[data-card="5S"]')).to_have_class("card refused")
    assert read_board(page) == board_of(dealt(code))
    expect_numbers(page, 0, 0)


def test_a_drag_lights_the_engines_targets_and_a_drop_plays_one_move(page: Page, site_url: str) -> None:
    code = "EO1-C8-AAAAAFA"
    game = Game.new(DealCode.parse(code))
    open_fresh(page, site_url, f"deal={code}", motion=True)
    player = Player(page)
    player.press_and_move("5S", player.pile_point("cell-6"))
    lit = page.evaluate("[...document.querySelectorAll('.pile.target')].map(p => p.dataset.pile)")
    assert set(lit) == {p.key for p in game.targets(Pile.column(1), 5)}
    expect(page.locator('[data-card="5S"]')).to_have_class("card lifted")
    player.release()
    game.play(Move.parse("1f"))
    expect_board(page, game.position)
    expect(page.locator(".pile.target")).to_have_count(0)
    expect_numbers(page, 0, 1)


def test_an_illegal_drop_puts_the_card_back_and_says_why(page: Page, site_url: str) -> None:
    code = "EO1-C8-AAAAAFA"
    open_fresh(page, site_url, f"deal={code}", motion=True)
    Player(page).drag("5S", "column-2")
    expect(page.locator("#status")).to_have_text("The 5 of spades goes only on the 6 of spades.")
    assert read_board(page) == board_of(dealt(code))
    expect_numbers(page, 0, 0)


def test_the_board_refits_when_the_window_changes_size(page: Page, site_url: str) -> None:
    """From a desktop window to a phone screen and back: the cards are resized, nothing
    scrolls."""
    open_fresh(page, site_url, "deal=EO1-C8-AAAAAFA", DESKTOP)
    width = "() => document.querySelector('[data-card]').getBoundingClientRect().width"
    wide = page.evaluate(width)
    page.set_viewport_size(PHONE)
    page.wait_for_function(f"w => ({width})() < w", arg=wide)
    assert no_scrolling(page)
    page.set_viewport_size(DESKTOP)
    page.wait_for_function(f"w => ({width})() === w", arg=wide)
    assert no_scrolling(page)

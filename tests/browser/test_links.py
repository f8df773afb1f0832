"""The pages beside the game and the links between them: the board's Rules, Examples and
FAQ links in the player's language, and an Examples page's position link opened in the
game as the position it shows (``?deal=CODE&moves=…``), asking first when a game is in
progress; a link with a move that cannot be played names it and changes nothing."""

from __future__ import annotations

from urllib.parse import urljoin

import pytest
from playwright.sync_api import Page, expect

from eightoff import Move
from eightoff.web.links.address import link_from_query

from .harness import wait_ready
from .helpers import Player, expect_board, expect_numbers, open_fresh, open_page, play_all

pytestmark = pytest.mark.same_tab  # a fresh game each, in one booted tab (conftest.py)


def test_the_board_links_to_the_pages_in_the_players_language(page: Page, site_url: str) -> None:
    open_fresh(page, site_url)
    links = page.locator("a[data-page]")
    expect(links).to_have_count(3)
    for name in ("rules", "examples", "faq"):
        expect(page.locator(f'a[data-page="{name}"]')).to_have_attribute("href", f"en/{name}.html")
    open_page(page, site_url, "lang=he")
    expect(page.locator('a[data-page="faq"]')).to_have_attribute("href", "he/faq.html")
    page.locator('a[data-page="rules"]').click()
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("h1")).to_have_count(1)


def test_an_example_opens_its_position_and_keeps_the_game_it_replaces(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, "deal=EO1-C8-AAAAAFA")
    play_all(Player(page), "EO1-C8-AAAAAFA", [Move.parse("1e")])  # a game in progress
    page.locator('a[data-page="examples"]').click()
    expect(page.locator("h1")).to_have_count(1)
    example = page.locator("figure.example a.open").last  # the undo of a group move
    href = example.get_attribute("href")
    assert href is not None
    link, problem = link_from_query(urljoin(page.url, href).split("?", 1)[1])
    assert problem is None and link is not None and link.moves
    example.click()
    wait_ready(page)
    expect(page.locator("#status")).to_contain_text("Undo brings back the last game (1 move).")
    game = link.game()
    expect_board(page, game.position)
    expect_numbers(page, game.score, game.moves)
    expect(page.locator("#undo")).to_be_enabled()  # the link's moves are the game's history
    page.locator("#undo").click()
    game.undo()
    expect_board(page, game.position)


def test_a_link_with_a_move_that_cannot_be_played_names_it(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, "deal=EO1-C8-AAAAAFA&moves=1e.1e")
    expect(page.locator("#status")).to_have_text(
        "Move 2 of the address (1e) cannot be played: Cell 5 already holds the 5 of spades."
        " Your game is unchanged."
    )
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect_numbers(page, 0, 0)  # nothing was saved: a new deal, none of the link's moves


def test_a_link_s_language_cannot_add_a_parameter_to_the_address(page: Page, site_url: str) -> None:
    """D6, D13: ``lang=%26moves%3D1e`` is not a language: the address is rewritten without
    it (no ``moves=`` appears, so a reload asks nothing), and ``lang=%20he`` gives the same
    language on the loading screen and in the game (not Hebrew)."""
    open_fresh(page, site_url, "deal=EO1-C8-AAAAAFA&lang=%26moves%3D1e")
    page.wait_for_function("location.search === '?deal=EO1-C8-AAAAAFA'")
    page.reload()
    wait_ready(page)
    expect(page.locator("#deal-code")).to_have_text("EO1-C8-AAAAAFA")
    expect_numbers(page, 0, 0)  # the deal itself: no move came in with the reload
    open_page(page, site_url, "deal=EO1-C8-AAAAAFA&lang=%20he")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    expect(page.locator("#undo .label")).to_have_text("Undo")
    page.wait_for_function("location.search === '?deal=EO1-C8-AAAAAFA'")
    open_page(page, site_url, "deal=EO1-C8-AAAAAFA&lang=nl-BE")
    page.wait_for_function("location.search === '?deal=EO1-C8-AAAAAFA&lang=nl-BE'")
    expect(page.locator("html")).to_have_attribute("lang", "nl")

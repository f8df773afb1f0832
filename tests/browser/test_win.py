"""A whole game won through the page: Freecell Solver's solution of EO1-C8-AAAAAFA played
card by card with the mouse and with touch, at phone and desktop sizes (SPEC §5, §8)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from eightoff import DealCode, Game
from tests.fcsolve import Solution, solution

from .harness import StrictPage
from .helpers import DESKTOP, PHONE, Player, expect_board, no_scrolling, open_fresh

CODE = "EO1-C8-AAAAAFA"


@pytest.fixture(scope="module")
def winning_line() -> Solution:
    return solution(CODE)


def play_to_the_end(page: Page, player: Player, line: Solution) -> Game:
    game = Game.new(DealCode.parse(CODE))
    expect(page.locator("#win")).not_to_be_visible()
    for move in line.moves:
        player.play(game, move)  # taps for moves home where they fit, drags otherwise
        if not game.is_won:
            expect(page.locator("#win")).not_to_be_visible()
    assert game.is_won
    return game


def expect_win(page: Page, game: Game) -> None:
    expect_board(page, game.position)
    expect(page.locator("#win")).to_be_visible()
    expect(page.locator("#win-text")).to_have_text(f"Score {game.score} in {game.moves} moves.")
    expect(page.locator("#score")).to_have_text(str(game.score))
    assert no_scrolling(page)


@pytest.mark.parametrize(
    ("viewport", "motion"), [(DESKTOP, True), (PHONE, False)], ids=["desktop-animated", "phone"]
)
def test_a_game_is_won_with_the_mouse(
    page: Page, site_url: str, winning_line: Solution, viewport: dict[str, int], motion: bool
) -> None:
    open_fresh(page, site_url, f"deal={CODE}", viewport, motion=motion)
    game = play_to_the_end(page, Player(page), winning_line)
    expect_win(page, game)
    # From the solver's lines, not the engine: one move a line, 10 × 52 + 5 a cell-to-column
    # line (today 143 lines, 39 from a cell: 715; tests/engine/test_fcsolve.py).
    assert (game.score, game.moves) == (winning_line.score, len(winning_line.lines))
    page.locator("#win [data-action=win-new]").click()
    expect(page.locator("#new-game-dialog")).to_be_visible()


@pytest.fixture
def touch_page(browser: Browser, site_url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page in a fresh touch-screen context (its own strict watch)."""
    context = browser.new_context(viewport=request.param, has_touch=True, is_mobile=True)
    tab = context.new_page()
    watcher = StrictPage(context, tab, site_url.split("/")[2])
    yield tab
    watcher.check()
    context.close()


@pytest.mark.parametrize("touch_page", [PHONE, DESKTOP], ids=["phone", "desktop"], indirect=True)
def test_a_game_is_won_by_touch(touch_page: Page, site_url: str, winning_line: Solution) -> None:
    """Taps through page.touchscreen, drags through Chromium's touch events (pointerType
    touch), on a touch-screen context."""
    open_fresh(touch_page, site_url, f"deal={CODE}")
    touch_page.evaluate(
        """() => { window.kinds = new Set();
        addEventListener('pointerdown', e => window.kinds.add(e.pointerType), true); }"""
    )
    game = play_to_the_end(touch_page, Player(touch_page, touch=True), winning_line)
    expect_win(touch_page, game)
    assert touch_page.evaluate("[...window.kinds]") == ["touch"]

"""The end of a game: Freecell Solver's solution of EO1-C8-AAAAAFA won through the page,
card by card with the mouse and with touch, at phone and desktop sizes (the whole game
once with each input; the other size from a position link near the end); and a position
with no move left, which is never announced as a defeat (SPEC §5, §8)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from eightoff import Game, Move, Pile, legal_moves
from tests.fcsolve import NEAR_THE_END, Solution, solution

from .helpers import (
    DESKTOP,
    PHONE,
    Player,
    expect_board,
    expect_numbers,
    no_scrolling,
    open_fresh,
    play_all,
)

pytestmark = pytest.mark.same_tab  # a fresh game each, in one booted tab (conftest.py)

CODE = "EO1-C8-AAAAAFA"


@pytest.fixture(scope="module")
def winning_line() -> Solution:
    return solution(CODE)


def play_to_the_end(page: Page, player: Player, line: Solution, start: int = 0) -> Game:
    """Play the line from move ``start`` (the page opened there) to the win."""
    game = line.game(start)
    expect_board(page, game.position)
    expect(page.locator("#win")).not_to_be_visible()
    for move in line.moves[start:]:
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
    for suit in "SHDC":  # a screen reader meets only the top card of each foundation
        heard = page.locator(f'[data-pile="foundation-{suit}"] .card:not([aria-hidden="true"])')
        expect(heard).to_have_count(1)
        expect(heard).to_have_attribute("data-card", f"K{suit}")
    assert no_scrolling(page)


@pytest.mark.parametrize(
    ("viewport", "motion", "start"),
    [(DESKTOP, False, 0), (PHONE, True, NEAR_THE_END)],
    ids=["desktop", "phone-animated-from-near-the-end"],
)
def test_a_game_is_won_with_the_mouse(
    page: Page, site_url: str, winning_line: Solution, viewport: dict[str, int], motion: bool, start: int
) -> None:
    """The whole game once (desktop); at phone size, the cards moving (each move's glide,
    the win's wheel), from a position link near the end: the motion over a whole game is
    test_motion's burst of input and the smoke suite's keyboard wins."""
    query = winning_line.link(start) if start else f"deal={CODE}"
    open_fresh(page, site_url, query, viewport, motion=motion)
    game = play_to_the_end(page, Player(page), winning_line, start)
    expect_win(page, game)
    # From the solver's lines, not the engine: one move a line, 10 × 52 + 5 a cell-to-column
    # line (today 143 lines, 39 from a cell: 715; tests/engine/test_fcsolve.py).
    assert (game.score, game.moves) == (winning_line.score, len(winning_line.lines))
    page.locator("#win [data-action=win-new]").click()
    expect(page.locator("#new-game-dialog")).to_be_visible()


@pytest.mark.parametrize(
    ("touch_page", "start"),
    [(PHONE, 0), (DESKTOP, NEAR_THE_END)],
    ids=["phone", "desktop-from-near-the-end"],
    indirect=["touch_page"],
)
def test_a_game_is_won_by_touch(touch_page: Page, site_url: str, winning_line: Solution, start: int) -> None:
    """Taps through page.touchscreen, drags through Chromium's touch events (pointerType
    touch), on a touch-screen context: the whole game at phone size; at desktop size from
    a position link near the end."""
    open_fresh(touch_page, site_url, winning_line.link(start) if start else f"deal={CODE}")
    touch_page.evaluate(
        """() => { window.kinds = new Set();
        addEventListener('pointerdown', e => window.kinds.add(e.pointerType), true); }"""
    )
    game = play_to_the_end(touch_page, Player(touch_page, touch=True), winning_line, start)
    expect_win(touch_page, game)
    assert touch_page.evaluate("[...window.kinds]") == ["touch"]


def test_a_position_without_any_move_announces_no_defeat(page: Page, site_url: str) -> None:
    """SPEC §5: the game never announces a defeat. Four cards into the last four cells of
    EO1-C8-AAAAAA2 leave no legal move at all: the page says nothing and opens nothing.
    Asked by a double tap, it only answers for that card."""
    code = "EO1-C8-AAAAAA2"
    open_fresh(page, site_url, f"deal={code}")
    player = Player(page)
    game = play_all(player, code, [Move.parse(m) for m in ("4e", "8f", "4g", "7h")])
    assert not list(legal_moves(game.position)) and not game.is_won
    expect_board(page, game.position)
    expect_numbers(page, 0, 4)
    expect(page.locator("#status")).to_have_text("")
    expect(page.locator("dialog[open]")).to_have_count(0)
    assert str(game.position.top(Pile.column(1))) == "5D"
    player.double_tap("5D")
    expect(page.locator("#status")).to_have_text("The 5 of diamonds cannot move anywhere now.")
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect_numbers(page, 0, 4)

"""Play without a mouse and hear every move (issue 11): a game won by the keyboard alone
and one by tap-to-select taps, both from Freecell Solver's solution (from a position link
near its end: tests/browser/test_win.py plays whole games); keyboard play's
pick, put back, refusal and shortcuts; the live region after a move, a refusal, an undo
and the win; the help dialog giving the focus back.

The keys are docs/dom-contract.md's ("Keys"); the key presses are found here from those
rules alone (never from eightoff/web/board/focus.py), so the page's navigation is tested."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from eightoff import DealCode, Game, Move, Pile
from eightoff.errors import IllegalMoveError
from eightoff.rules import check
from eightoff.solver import solve
from eightoff.web.links.address import encode_moves
from eightoff.web.words.engine_errors import error_text
from tests.fcsolve import NEAR_THE_END, Solution, solution

from .harness import StrictPage
from .helpers import (
    DESKTOP,
    FOCUS,
    PHONE,
    Player,
    board_rows,
    expect_board,
    keys_to,
    lit_piles,
    move_keys,
    open_fresh,
)
from .test_axe import violations

pytestmark = pytest.mark.same_tab  # a fresh game each, in one booted tab (conftest.py)

CODE = "EO1-C8-AAAAAFA"
LIFTED = re.compile(r"(^|\s)lifted(\s|$)")


@pytest.fixture(scope="module")
def winning_line() -> Solution:
    return solution(CODE)


def rows_of(page: Page, cells: int) -> list[list[str]]:
    """The rows of piles as the page draws them now."""
    return board_rows(page.locator("#board").get_attribute("data-rows") == "2", cells)


def won_text(line: Solution) -> str:
    """The win message, counted from the solver's lines (tests/browser/test_win.py)."""
    return f"Score {line.score} in {len(line.lines)} moves."


def refusal(game: Game, move: Move) -> str:
    """The engine's reason against ``move``, in the page's words."""
    with pytest.raises(IllegalMoveError) as error:
        check(game.position, move)
    return error_text(error.value)


def test_a_game_is_won_by_keyboard_alone(
    page: Page, site_url: str, winning_line: Solution, strict_page: StrictPage
) -> None:
    """From a position link near the end (tests/fcsolve.py: the mouse and touch wins play
    the whole game)."""
    open_fresh(page, site_url, winning_line.link(NEAR_THE_END), DESKTOP)
    game = winning_line.game(NEAR_THE_END)
    expect_board(page, game.position)
    rows = rows_of(page, 8)
    page.keyboard.press("Tab")  # the bar's undo is on (moves were played): Tab to the board
    while page.evaluate(FOCUS) is None:
        page.keyboard.press("Tab")
    for number, move in enumerate(winning_line.moves[NEAR_THE_END:], NEAR_THE_END + 1):
        pile, index = page.evaluate(FOCUS)
        keys = move_keys(rows, (pile, index), game, move, "Space" if number % 2 else "Enter")
        for key in keys:
            page.keyboard.press(key)
        game.play(move)
        try:
            expect(page.locator("#moves")).to_have_text(str(game.moves))
        except AssertionError as error:
            said = page.locator("#announce").text_content()
            problems = strict_page.problems
            message = f"move {number} {move}: keys {keys}; said {said!r}; {problems}"
            raise AssertionError(message) from error
    assert game.is_won
    expect_board(page, game.position)
    expect(page.locator("#win")).to_be_visible()
    expect(page.locator("#win-text")).to_have_text(won_text(winning_line))
    won = re.escape(f"You won! {won_text(winning_line)}")  # then the solver's line, once it came
    expect(page.locator("#announce")).to_have_text(re.compile(rf"^{won}( The solver's line: \d+ moves\.)?$"))
    assert violations(page) == []  # axe-core on the win message


REVIEWED_LINE = "2H 3e 5f 4g 4h 4S g3 4g 4D 4D c4 3c 12 14 65 64 c3 54x2 56 5c 5D d5"
"""The first 22 moves of ``python -m eightoff solve EO1-C8-XDJVQE7``, which took 222 key
presses with the arrows alone (../shared/reviews/ux.md, "Keyboard-only")."""


def jump_key(pile: Pile) -> str:
    """The key that names a pile (docs/dom-contract.md, "Keys"): a column's digit, Shift
    with a cell's, F for a foundation (cards held: to their foundation)."""
    if pile.is_foundation:
        return "f"
    return f"Shift+Digit{pile.index}" if pile.is_cell else f"Digit{pile.index}"


def test_a_reviewed_line_is_played_by_jump_keys_in_two_presses_a_move(page: Page, site_url: str) -> None:
    """Each move names its source and its target: a group goes as far as the target takes
    it; the line's 22 moves take 44 presses (the arrows took 222)."""
    code = DealCode.parse("EO1-C8-XDJVQE7")
    open_fresh(page, site_url, f"deal={code}", DESKTOP)
    game = Game.new(code)
    presses = 0
    for move in map(Move.parse, REVIEWED_LINE.split()):
        for key in (jump_key(move.source), jump_key(move.target)):
            page.keyboard.press(key)
            presses += 1
        game.play(move)
        expect(page.locator("#moves")).to_have_text(str(game.moves))
    expect_board(page, game.position)
    assert (game.moves, presses) == (22, 44)
    assert page.evaluate(FOCUS) == ["column-5", game.position.size(Pile.column(5)) - 1]


def test_a_jump_says_what_it_picked_and_where_a_cell_is_missing(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, "deal=EO1-C4-AAAAAFA", DESKTOP)
    page.keyboard.press("Digit1")
    expect(page.locator("#announce")).to_contain_text("picked up")
    page.keyboard.press("Digit1")
    expect(page.locator("#announce")).to_have_text("Put back.")
    page.keyboard.press("Shift+Digit6")
    expect(page.locator("#status")).to_have_text("This game has no cell 6.")


def test_a_game_is_won_by_tap_to_select(touch_page: Page, site_url: str, winning_line: Solution) -> None:
    """From a position link near the end, like the keyboard's win."""
    page = touch_page
    open_fresh(page, site_url, winning_line.link(NEAR_THE_END), PHONE)
    page.locator("#settings").tap()
    page.locator("#tap-to-select").tap()
    expect(page.locator("#tap-to-select")).to_be_checked()
    page.locator("#settings-dialog [data-action=close]").tap()
    player = Player(page, touch=True)
    game = winning_line.game(NEAR_THE_END)
    expect_board(page, game.position)
    for move in winning_line.moves[NEAR_THE_END:]:
        head = str(game.position.cards(move.source)[-move.count])
        player.tap(head)
        expect(page.locator(f'[data-card="{head}"]')).to_have_class(LIFTED)
        top = game.position.top(move.target)
        if top is None:
            page.touchscreen.tap(*player.pile_point(move.target.key))
        else:
            player.tap(str(top))
        game.play(move)
        expect(page.locator("#moves")).to_have_text(str(game.moves))
    expect_board(page, game.position)
    expect(page.locator("#win-text")).to_have_text(won_text(winning_line))
    page.reload()
    page.wait_for_selector("html[data-ready]")
    page.locator("#settings").tap()
    expect(page.locator("#tap-to-select")).to_be_checked()  # kept in the settings


def test_keyboard_play_picks_puts_back_refuses_and_says_it(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}", DESKTOP)
    game = Game.new(DealCode.parse(CODE))
    announce = page.locator("#announce")
    board = page.locator("#board")
    expect(board).to_have_attribute("role", "application")
    expect(page.locator("#board [tabindex='0']")).to_have_count(1)
    page.locator("#board [tabindex='0']").focus()
    assert page.evaluate(FOCUS) == ["column-1", 5]
    expect(page.locator('[data-pile="column-1"]')).to_have_attribute(
        "aria-label", "Column 1, 6 cards, top: 5 of spades; a run of 2 from 6 of spades"
    )
    expect(page.locator('[data-card="5S"]')).to_have_attribute("aria-label", "5 of spades, can move")
    # A card under a card that is no run: the engine's reason (as for a drag), nothing picked.
    for key in ["ArrowUp", "ArrowUp", "Enter"]:
        page.keyboard.press(key)
    assert page.evaluate(FOCUS) == ["column-1", 3]
    expect(announce).to_have_text("The king of hearts does not head a run of one suit in sequence.")
    expect(page.locator(".lifted")).to_have_count(0)
    # The run of two: picked, the engine's targets lit; Escape puts it back.
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    expect(page.locator('[data-card="6S"]')).to_have_class(LIFTED)
    expect(page.locator('[data-card="5S"]')).to_have_class(LIFTED)
    assert lit_piles(page) == {p.key for p in game.targets(Pile.column(1), 4)}
    expect(announce).to_contain_text("2 cards from 6 of spades picked up; they can go to: ")
    page.keyboard.press("Escape")
    expect(page.locator(".lifted")).to_have_count(0)
    assert lit_piles(page) == set()
    expect(announce).to_have_text("Put back.")
    # One card to a cell by keys: said with the card it uncovered.
    page.keyboard.press("End")  # column 8's top card
    page.keyboard.press("ArrowUp")
    assert page.evaluate(FOCUS)[0] == "column-8"
    page.keyboard.press("Home")
    page.keyboard.press("Enter")
    keys = keys_to(rows_of(page, 8), ("column-1", 5), game, Pile.cell(5), 0)
    for key in [*keys, "Enter"]:
        page.keyboard.press(key)
    points = game.play(Move.parse("1e"))
    expect_board(page, game.position)
    expect(announce).to_have_text("5 of spades to cell 5, uncovers 6 of spades.")
    assert points == 0
    assert page.evaluate(FOCUS) == ["cell-5", -1]
    # A refused drop: the engine's reason.
    page.keyboard.press("Enter")  # pick the 5 of spades up again from the cell
    expect(page.locator('[data-card="5S"]')).to_have_class(LIFTED)
    target = "foundation-S"
    for key in keys_to(rows_of(page, 8), ("cell-5", -1), game, Pile.from_key(target), 0):
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    expect(announce).to_have_text(refusal(game, Move(Pile.cell(5), Pile.from_key(target))))
    expect(page.locator("#moves")).to_have_text("1")
    # Undo and redo by keys, said.
    page.keyboard.press("u")
    expect(page.locator("#moves")).to_have_text("0")
    expect(announce).to_have_text("Undone: 5 of spades back to column 1.")
    page.keyboard.press("Control+y")
    expect(page.locator("#moves")).to_have_text("1")
    expect(announce).to_have_text("Redone: 5 of spades to cell 5.")
    # D: the double-tap move of the focused card; F: the engine's tap move, or its reason.
    for key in keys_to(rows_of(page, 8), tuple(page.evaluate(FOCUS)), game, Pile.column(1), 4):
        page.keyboard.press(key)
    assert page.evaluate(FOCUS) == ["column-1", 4]
    move = game.double_tap(Pile.column(1), 4)
    assert move is not None
    page.keyboard.press("d")
    game.play(move)
    expect_board(page, game.position)
    top_index = game.position.size(Pile.column(2)) - 1
    for key in keys_to(rows_of(page, 8), tuple(page.evaluate(FOCUS)), game, Pile.column(2), top_index):
        page.keyboard.press(key)
    top = game.position.cards(Pile.column(2))[-1]
    home = Move(Pile.column(2), Pile.foundation(top.suit))
    page.keyboard.press("F")
    try:
        check(game.position, home)
    except IllegalMoveError as error:
        expect(announce).to_have_text(error_text(error))
        expect(page.locator("#moves")).to_have_text(str(game.moves))
    else:
        game.play(home)
        expect_board(page, game.position)


def test_help_and_new_game_open_by_keys_and_give_the_focus_back(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}", DESKTOP)
    page.locator("#board [tabindex='0']").focus()
    page.keyboard.press("ArrowLeft")  # at the row's edge: stays
    assert page.evaluate(FOCUS) == ["column-1", 5]
    page.keyboard.press("?")
    expect(page.locator("#help-dialog")).to_be_visible()
    expect(page.locator("#help-dialog li")).to_have_count(15)
    expect(page.locator("#help-dialog")).to_contain_text("Shift with 1 to 8: the same with that cell")
    expect(page.locator("#help-dialog")).to_contain_text(
        "H: a hint, the card of the next move of a winning line; H again: where it goes"
    )
    expect(page.locator("#help-dialog")).to_contain_text(
        "B: go back to the last position that can still be won (offered when a hint finds none)"
    )
    page.keyboard.press("ArrowRight")  # in a dialog the board's keys do nothing
    page.keyboard.press("Escape")
    expect(page.locator("#help-dialog")).not_to_be_visible()
    assert page.evaluate(FOCUS) == ["column-1", 5]
    page.keyboard.press("n")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    page.locator("#new-game-dialog [data-action=close]").click()
    assert page.evaluate(FOCUS) == ["column-1", 5]


def test_finish_is_offered_and_plays_every_card_home_one_undo_each(page: Page, site_url: str) -> None:
    """Issue 21 item 8: 16 moves from the end of the solver's line for EO1-C8-XDJVQE7 only
    foundation moves remain; Finish (key E) plays them, scored as usual, each undoable."""
    code = DealCode.parse("EO1-C8-XDJVQE7")
    line = solve(code.deal()).moves
    game = Game.new(code)
    for move in line[:-16]:
        game.play(move)
    assert game.finish() is not None
    open_fresh(page, site_url, f"deal={code}&moves={encode_moves(line[:-16])}", DESKTOP)
    finish = page.locator("#finish")
    expect(finish).to_be_visible()
    expect(finish).to_have_text("Finish: every card to its foundation")
    page.keyboard.press("e")
    for move in game.finish() or ():
        game.play(move)
    expect(page.locator("#win")).to_be_visible()
    expect(page.locator("#moves")).to_have_text(str(len(line)))
    expect(page.locator("#score")).to_have_text(str(game.score))
    expect(finish).to_be_hidden()
    page.keyboard.press("Escape")
    expect(page.locator("#win")).not_to_be_visible()
    page.keyboard.press("u")
    expect(page.locator("#moves")).to_have_text(str(len(line) - 1))
    expect(finish).to_be_visible()  # one card back out: finishing is offered again


def test_finish_is_offered_as_soon_as_the_free_cells_and_foundations_win(page: Page, site_url: str) -> None:
    """Issue 36 item 4: on the review's second win (EO1-C8-ZWPDJWU, the solver's line),
    Finish shows after 35 moves, 10 of them to the foundations (43 before), not one move
    sooner; E plays the engine's line, free cells and all, to the win."""
    code = DealCode.parse("EO1-C8-ZWPDJWU")
    line = solve(code.deal()).moves
    before, game = Game.after(code, line[:34]), Game.after(code, line[:35])
    finishing = game.finish()
    assert before.finish() is None and finishing is not None
    assert any(move.target.is_cell for move in finishing)
    open_fresh(page, site_url, f"deal={code}&moves={encode_moves(line[:34])}", DESKTOP)
    finish = page.locator("#finish")
    expect(finish).to_be_hidden()
    Player(page).play(before, line[34])  # the 35th move, by the player's hand
    expect(finish).to_be_visible()
    page.keyboard.press("e")
    for move in finishing:
        game.play(move)
    expect(page.locator("#win")).to_be_visible(timeout=30_000)
    expect(page.locator("#moves")).to_have_text(str(game.moves))
    expect(page.locator("#score")).to_have_text(str(game.score))

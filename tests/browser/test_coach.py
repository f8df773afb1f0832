"""Learning from the solver in the page (issue 24): a lost game's way back to the last
position that can still be won, the New Game window's verdict of a typed code, and the
solver's line in the win message. One booted tab for all (``same_tab``); each test waits
once for the solver's worker to load."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from eightoff import DealCode, Game
from eightoff.history import last_winnable
from eightoff.solver import solve
from eightoff.web.links.address import encode_moves
from eightoff.web.words import speech
from eightoff.web.words.i18n import ngettext
from eightoff.winnable import catalogue
from tests.players import lost_line

from .helpers import Player, expect_board, expect_numbers, open_fresh
from .test_languages import words

pytestmark = pytest.mark.same_tab

WORKER_MS = 60_000
"""The first answer waits for the worker to load Pyodide on a busy machine."""
CODE = DealCode(catalogue(4)[0], 4)


def test_a_lost_game_from_its_link_goes_back_to_where_the_engine_says_with_the_exact_score(
    page: Page, site_url: str
) -> None:
    line = lost_line(CODE, 0)
    slip = last_winnable(CODE.deal(), line, seconds=None)  # the engine's own search
    assert slip.verdict == "found"
    back = len(line) - slip.index
    open_fresh(page, site_url, f"deal={CODE}&moves={encode_moves(tuple(line))}")
    expect(page.locator("#go-back")).to_be_hidden()
    page.keyboard.press("h")
    said = "The game could still be won 13 moves ago, before the jack of hearts went to cell 4."
    assert back == 13
    expect(page.locator("#status")).to_have_text(said, timeout=WORKER_MS)
    expect(page.locator("#announce")).to_have_text(said)
    offer = page.locator("#go-back")
    expect(offer).to_be_visible()
    expect(offer).to_have_text("Go back to the last position that can still be won")
    page.keyboard.press("b")  # its key (the button is a button: Tab reaches it too)
    expected = Game.new(CODE)
    for move in line[: slip.index]:
        expected.play(move)
    expect_board(page, expected.position)
    expect_numbers(page, expected.score, slip.index)
    expect(page.locator("#status")).to_have_text("Back 13 moves: from here the game can still be won.")
    expect(offer).to_be_hidden()
    expect(page.locator("#redo")).to_be_enabled()  # undone as undos are: redo brings them back


def test_the_new_game_window_says_what_a_typed_code_holds(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}")
    page.locator("#new-game").click()
    field, verdict = page.locator("#code-input"), page.locator("#code-verdict")
    field.fill(str(CODE))
    expect(page.locator("#code-message")).to_have_text(f"Deal {CODE}, 4 cells.")
    expect(verdict).to_have_text("This deal can be won.", timeout=WORKER_MS)
    field.fill("EO1-C2-AAAAAAB")  # proved lost at once
    expect(verdict).to_have_text("This deal cannot be won.")
    field.fill("EO1-C9-AAAAAAB")
    expect(page.locator("#code-message")).to_have_class("code-message bad")
    expect(verdict).to_have_text("")
    field.fill(str(CODE))  # known: said at once
    expect(verdict).to_have_text("This deal can be won.")


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_win_message_adds_the_solvers_line_after_the_win(page: Page, site_url: str, lang: str) -> None:
    line = solve(CODE.deal()).moves
    game = Game.new(CODE)
    for move in line[:-1]:
        game.play(move)
    open_fresh(page, site_url, f"deal={CODE}&moves={encode_moves(line[:-1])}&lang={lang}")
    Player(page).play(game, line[-1])
    assert game.is_won
    score = words(lang, lambda: _win(game.score, game.moves))
    text = words(lang, lambda: _line(len(line)))
    expect(page.locator("#win-text")).to_have_text(score)
    expect(page.locator("#win-solver")).to_have_text(text, timeout=WORKER_MS)
    won = words(lang, lambda: speech.won(game.score, game.moves))
    expect(page.locator("#announce")).to_have_text(f"{won} {text}")  # the win still heard
    if lang == "en":  # the window counts wins in fewer moves than the solver: not this one
        page.locator("#win [data-action=close]").click()
        page.locator("#stats-button").click()
        row = page.locator("#stats-table tr", has_text="Wins in fewer moves than the solver")
        expect(row.locator("td")).to_have_text(["0", "0", "0", "0"])


def _win(score: int, moves: int) -> str:
    return ngettext(
        "Score {score} in {moves} move.", "Score {score} in {moves} moves.", moves, score=score, moves=moves
    )


def _line(length: int) -> str:
    return ngettext(
        "The solver's line: {count} move.", "The solver's line: {count} moves.", length, count=length
    )

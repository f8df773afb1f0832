"""The New Game window, the settings and the share link (SPEC §6, §8)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from eightoff import DealCode, Game, Move

from .helpers import Player, clipboard, dealt, expect_board, expect_numbers, open_fresh, open_page, run_python

pytestmark = pytest.mark.same_tab  # a fresh game each, in one booted tab (conftest.py)


CODE = "EO1-C8-AAAAAFA"


def test_a_typed_code_is_checked_as_it_is_typed_and_played_at_once(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}")
    Player(page).play(Game.new(DealCode.parse(CODE)), Move.parse("1e"))
    page.locator("#new-game").click()
    field, button, message = (
        page.locator("#code-input"),
        page.locator("#play-code"),
        page.locator("#code-message"),
    )
    field.press_sequentially("eo1-c2-abc")
    expect(message).to_have_text("The deal number has 7 characters, not 3.")
    expect(button).to_be_disabled()
    field.press_sequentially("d2")
    expect(message).to_have_text("The deal number has 7 characters, not 5.")
    field.fill("EO1-C2-ABCD9EF")
    expect(message).to_have_text("“9” is not allowed in a deal code: use letters A-Z and digits 2-7.")
    field.fill(" eo1-c2-abcd2ef ")
    expect(message).to_have_text("Deal EO1-C2-ABCD2EF, 2 cells.")
    expect(button).to_be_enabled()
    button.click()  # over a game in progress: no question, that game is one Undo away
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect_board(page, dealt("EO1-C2-ABCD2EF"))
    expect_numbers(page, 0, 0)
    expect(page.locator("#deal-code")).to_have_text("EO1-C2-ABCD2EF")
    assert page.url.endswith("?deal=EO1-C2-ABCD2EF")


def test_a_random_deal_with_four_cells_needs_no_question_without_moves(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}")
    page.locator("#new-game").click()
    page.locator("#new-game-dialog input[name=cells][value='4']").check()
    page.locator("#random-deal").click()
    expect(page.locator("dialog[open]")).to_have_count(0)
    code = page.locator("#deal-code").text_content() or ""
    assert code.startswith("EO1-C4-") and code != "EO1-C4-AAAAAFA"
    expect(page.locator(".pile.cell")).to_have_count(4)
    expect_board(page, dealt(code))
    open_page(page, site_url)  # the cell choice is kept
    page.locator("#new-game").click()
    expect(page.locator("#new-game-dialog input[name=cells][value='4']")).to_be_checked()


def test_restart_deals_the_same_code_again_and_the_game_replaced_comes_back(
    page: Page, site_url: str
) -> None:
    open_fresh(page, site_url, f"deal={CODE}")
    page.locator("#new-game").click()
    expect(page.locator("#back-to-last")).to_be_hidden()  # no last game yet
    page.keyboard.press("Escape")
    game = Game.new(DealCode.parse(CODE))
    Player(page).play(game, Move.parse("1e"))
    page.locator("#new-game").click()
    page.locator("#restart").click()
    expect_board(page, dealt(CODE))
    expect_numbers(page, 0, 0)
    status = page.locator("#status")
    expect(status).to_have_text(f"Deal {CODE} started again. Undo brings back the last game (1 move).")
    page.locator("#undo").click()  # enabled: it brings the game back
    expect_board(page, game.position)
    expect(status).to_have_text(f"Back to the last game: deal {CODE}, 1 move.")
    open_page(page, site_url)  # across a reload: the game, and the deal it replaced
    expect_board(page, game.position)
    page.locator("#new-game").click()
    back = page.locator("#back-to-last")
    expect(back).to_have_text("Back to the last game (0 moves)")
    back.click()
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect_board(page, dealt(CODE))
    expect(page.locator("#undo")).to_be_enabled()


def test_copy_link_puts_the_deals_address_on_the_clipboard(page: Page, site_url: str) -> None:
    with clipboard(page, site_url):
        open_fresh(page, site_url, f"deal={CODE}")
        page.locator("#copy-link").click()
        url = f"{site_url}index.html?deal={CODE}"
        expect(page.locator("#status")).to_have_text("Link copied.")  # never the address in words
        expect(page.locator("#announce")).to_have_text("Link copied.")
        assert page.evaluate("navigator.clipboard.readText()") == url


SHEET = """() => { window.sheet = [];
navigator.canShare = (data) => typeof data.url === 'string';
navigator.share = (data) => { window.sheet.push(data); return Promise.resolve(); }; }"""
"""A device's share sheet (Chromium on Linux has none): it records what it is given."""
CLOSED = """() => { window.sheetClosed = 0; navigator.share = () => {
  window.sheetClosed += 1; return Promise.reject(new DOMException('closed', 'AbortError')); }; }"""
"""The same sheet, closed by the player."""


def test_share_hands_the_replay_to_the_share_sheet_in_a_few_words(page: Page, site_url: str) -> None:
    """Issue 36 item 7: with a share sheet, Share gives it the replay link, a title and a
    sentence, and says "Replay link shared."; closed by the player, nothing is said; the
    address is never in the status line nor read out."""
    open_fresh(page, site_url, f"deal={CODE}&moves=1e")
    page.evaluate(SHEET)  # read at each Share: a tab kept booted gets it too
    page.locator("#share-button").click()
    expect(page.locator("#status")).to_have_text("Replay link shared.")
    expect(page.locator("#announce")).to_have_text("Replay link shared.")
    url = f"{site_url}index.html?deal={CODE}&moves=1e&replay"
    assert page.evaluate("window.sheet") == [
        {
            "title": "Eight Off: a replay",
            "text": f"A game of Eight Off, deal {CODE}, move by move.",
            "url": url,
        }
    ]
    page.evaluate(CLOSED)
    page.locator("#status").evaluate("node => node.textContent = ''")
    page.locator("#share-button").click()
    page.wait_for_function("window.sheetClosed === 1")
    assert run_python(page, "result = len(app.tasks)") == 0  # the share's answer taken
    expect(page.locator("#status")).to_have_text("")  # closed by the player: nothing to say
    expect(page.locator("#share")).to_be_hidden()  # nor a link to copy by hand


def test_copy_link_falls_back_to_a_selected_address(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}")
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); }")
    page.locator("#copy-link").click()
    share = page.locator("#share-url")
    expect(share).to_be_visible()
    url = f"{site_url}index.html?deal={CODE}"
    expect(share).to_have_value(url)
    selected = page.evaluate(
        "() => { const e = document.activeElement; return [e.id, e.selectionStart, e.selectionEnd]; }"
    )
    assert selected == ["share-url", 0, len(url)]


def test_the_two_colour_deck_is_a_setting_that_is_kept(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}")
    colour = "s => getComputedStyle(document.querySelector(`[data-card][data-suit=${s}]`)).color"
    four = {suit: page.evaluate(f"({colour})('{suit}')") for suit in "SHDC"}
    assert len(set(four.values())) == 4
    page.locator("#settings").click()
    page.locator("#settings-dialog input[value=two]").check()
    page.locator("#settings-dialog [data-action=close]").click()
    expect(page.locator("#app")).to_have_attribute("data-deck", "two")
    open_page(page, site_url)
    expect(page.locator("#app")).to_have_attribute("data-deck", "two")
    two = {suit: page.evaluate(f"({colour})('{suit}')") for suit in "SHDC"}
    assert two["H"] == two["D"] != two["S"] == two["C"]

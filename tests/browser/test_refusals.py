"""Feedback that never lies, in the real page (issue 21 item 5; docs/dom-contract.md): a
double tap plays with no refusal ever shown, a refused single tap says why in ``#status``
and ``#announce`` once the double-tap window has passed (Playwright's fake clock runs the
page's ``setTimeout``), with the mouse and by touch; and one refusal reads the same
whatever the input.

The clock is faked for a whole browser context, so the clocked tests open their own
context (the fixture below), as tests/browser/test_hostile.py does; the wording test
shares the booted tab."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Browser, Page, expect

from eightoff import DealCode, Game, Move, Pile
from eightoff.errors import IllegalMoveError
from eightoff.rules import check
from eightoff.web.board.input_state import DOUBLE_TAP_MS
from eightoff.web.board.refusals import home_move
from eightoff.web.words.engine_errors import error_text

from .harness import watched_tab
from .helpers import DESKTOP, FOCUS, PHONE, Player, expect_board, open_fresh

CODE = "EO1-C8-AAAAAFA"
"""Column 1: 3S … KH 6S 5S. The 5 of spades cannot go home (no ace yet); its double tap
sends it to cell 5."""
START = datetime(2026, 12, 1, 12, tzinfo=UTC)
"""The fake clock's time when it is installed."""
COVERED = "The king of hearts does not head a run of one suit in sequence."

WATCH = """() => {
  window.refused = [];
  new MutationObserver(records => { for (const r of records)
      if (r.target.classList.contains('refused')) window.refused.push(r.target.dataset.card); })
    .observe(document.getElementById('board'), {subtree: true, attributes: true, attributeFilter: ['class']});
  window.shakes = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, timing) {
    const text = JSON.stringify(frames);
    if (text.includes('translateX') || text.includes('outlineColor')) window.shakes.push(this.dataset.card);
    return animate.call(this, frames, timing);
  };
}"""
"""Record every card that gets the class ``refused`` and every refusal's animation (a shake,
or the outline flash with reduced motion)."""


def refusals(page: Page) -> tuple[list[str], list[str]]:
    return page.evaluate("window.refused"), page.evaluate("window.shakes")


@pytest.mark.same_tab
def test_a_covered_card_dragged_or_picked_with_enter_reads_the_same(page: Page, site_url: str) -> None:
    """The review's two wordings of one refusal (a drag vs Enter) are now the engine's one."""
    open_fresh(page, site_url, f"deal={CODE}", DESKTOP)
    player = Player(page)
    player.drag("KH", "column-2")
    expect(page.locator("#status")).to_have_text(COVERED)
    expect(page.locator("#announce")).to_have_text(COVERED)
    page.locator("#board [tabindex='0']").focus()
    for key in ["ArrowUp", "ArrowUp"]:
        page.keyboard.press(key)
    assert page.evaluate(FOCUS) == ["column-1", 3]
    page.evaluate("document.getElementById('status').textContent = ''")
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_have_text(COVERED)
    expect(page.locator("#announce")).to_have_text(re.compile(f"^{re.escape(COVERED)}\u00a0?$"))


@pytest.fixture
def clocked(browser: Browser, site_url: str) -> Iterator[Page]:
    """The deal in a touch-screen context of its own (the mouse works there too) with
    Playwright's fake clock installed and paused, every refusal watched."""
    with watched_tab(browser, site_url, viewport=PHONE, has_touch=True, is_mobile=True) as tab:
        open_fresh(tab, site_url, f"deal={CODE}", motion=True)
        tab.evaluate(WATCH)
        tab.clock.install(time=START)
        tab.clock.pause_at(START + timedelta(seconds=1))  # from now on, time moves only when run
        yield tab


def stuck_on_top(game: Game, double: bool) -> tuple[Pile, str]:
    """A column's top card that the single tap cannot send home, and whose double tap
    moves it (``double``) or is not asked for."""
    for pile in game.position.piles():
        top = game.position.top(pile)
        if not pile.is_column or top is None or game.tap(pile) is not None:
            continue
        if not double or game.double_tap(pile, game.position.size(pile) - 1):
            return pile, str(top)
    raise AssertionError("no such card")


def test_a_double_tap_never_shakes_and_a_refused_tap_says_why_after_the_window(clocked: Page) -> None:
    """By mouse, then by touch: a double tap plays with no refusal shown at any time; a
    single refused tap shows nothing for the whole window, then the engine's reason in
    ``#status`` and ``#announce`` and the card's shake."""
    page = clocked
    game = Game.new(DealCode.parse(CODE))
    for touch in (False, True):
        player = Player(page, touch=touch)
        pile, card = stuck_on_top(game, double=True)
        move = game.double_tap(pile, game.position.size(pile) - 1)
        assert move is not None
        player.double_tap(card)
        game.play(move)
        expect_board(page, game.position)
        page.clock.run_for(3 * DOUBLE_TAP_MS)  # the first tap's window, long over
        assert refusals(page) == ([], [])
        expect(page.locator("#status")).to_have_text("")

        pile, card = stuck_on_top(game, double=False)
        reason = error_text(refusal(game, home_move(game.position, pile.key, game.position.size(pile) - 1)))
        player.tap(card)
        page.clock.run_for(DOUBLE_TAP_MS - 1)
        assert refusals(page) == ([], [])
        assert page.locator("#status").text_content() == ""
        page.clock.run_for(1)
        expect(page.locator("#status")).to_have_text(reason)
        expect(page.locator("#announce")).to_have_text(reason)
        expect(page.locator(f'[data-card="{card}"]')).to_have_class("card refused")
        assert refusals(page) == ([card], [card])
        expect_board(page, game.position)
        page.evaluate("window.refused.length = 0; window.shakes.length = 0")


def refusal(game: Game, move: Move) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as error:
        check(game.position, move)
    return error.value

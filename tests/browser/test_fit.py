"""The board uses the screen (issue 21 §4): at seven window sizes, from a 320×568 phone to
a 1920×1080 desktop, at the deal and in a position with a 15-card column, every card, its
corner ("10♠") and each column's top card are inside the window and the corner inside its
card, the page does not scroll, and the cards are the ones eightoff/web/board/layout.py
sizes for the board's box and the longest column, Standard or Large (issue 37 item 3). One
boot, the window resized."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from eightoff import DealCode, Game, Move
from eightoff.web.board.layout import RATIO_TALL, board_layout

from .helpers import open_fresh, restart

SIZES = ((320, 568), (360, 640), (640, 360), (768, 1024), (1024, 768), (1280, 800), (1920, 1080))
"""Phones upright, a phone on its side (or a 1280×720 screen at 200 %), tablets, desktops."""
DEAL = "EO1-C8-AAAC4ZU"
LONG_MOVES = (
    "5e.a5.e5.4f.4g.4h.4a.d4.aH.2H.gD.8e.8d.h8.e7.3a.3g.3h.3e.d3.g3.h7.6d.6g.6h.a6.e1.c2.3a.3e."
    "3c.f3.64x2.6H.6D.16x2.16.1f.h1.31x2.86x2.f3.2h.2f.b2.8b.f8.h8.2f.2h.2H.7H.7H.7H.c7.e7.a7."
    "75x4.7c.g7.c5.d5.h5.f5"
)
"""Freecell Solver's winning line of DEAL up to its longest column: 15 cards in column 5."""
LONG = f"deal={DEAL}&moves={LONG_MOVES}"

FITTED = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() =>
    requestAnimationFrame(done))))"""
"""Three animation frames: the resize event's refit (one frame, eightoff/web/dom.py's
Frame) has run."""
MEASURE = """() => {
    const inside = (r, box, slack = 0.5) => r.left >= box.left - slack && r.top >= box.top - slack
        && r.right <= box.right + slack && r.bottom <= box.bottom + slack;
    const view = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
    const problems = [];
    for (const card of document.querySelectorAll('#board [data-card]')) {
        const key = card.dataset.card, r = card.getBoundingClientRect();
        const corner = card.querySelector('.corner').getBoundingClientRect();
        if (!inside(r, view)) problems.push(`${key} outside the window: ${r.bottom} > ${innerHeight}`);
        if (!inside(corner, r)) problems.push(`${key}'s corner outside its card`);
        if (!inside(corner, view)) problems.push(`${key}'s corner outside the window`);
    }
    for (const column of document.querySelectorAll('.column')) {
        const top = column.querySelector(':scope > [data-card]:last-child');
        if (top && !inside(top.getBoundingClientRect(), view))
            problems.push(`${column.dataset.pile}'s top card ${top.dataset.card} outside the window`);
    }
    const page = document.scrollingElement;
    if (page.scrollHeight > innerHeight || page.scrollWidth > innerWidth)
        problems.push(`the page scrolls: ${page.scrollWidth}×${page.scrollHeight}`);
    const app = document.getElementById('app'), board = document.getElementById('board');
    const card = document.querySelector('#board [data-card]').getBoundingClientRect();
    const guide = document.querySelector('.guide');
    const below = getComputedStyle(guide).position === 'fixed' ? 0 : guide.offsetHeight;
    const box = app.clientHeight - document.querySelector('.bar').offsetHeight - below;
    const side = parseFloat(getComputedStyle(app).getPropertyValue('--side')) || 0;
    const longest = Math.max(...[...document.querySelectorAll('.column')].map(
        column => column.querySelectorAll(':scope > [data-card]').length));
    return {problems, box: [board.clientWidth, box], side, card: [card.width, card.height], longest};
}"""
"""What is drawn outside the window or its card, whether the page scrolls, the board's box
(its width, and the height the bar and the links leave it: the links take none where they
stand beside the columns or at the bar's end), the room the page keeps beside the columns
(``--side``), the size of a card and the longest column's length."""


def longest_column(query: str) -> int:
    game = Game.new(DealCode.parse(DEAL))
    for move in query.partition("moves=")[2].split("."):
        if move:
            game.play(Move.parse(move))
    return max(len(game.position.cards(pile)) for pile in game.position.piles() if pile.is_column)


def measure_each_size(
    page: Page, longest: int, large: bool = False
) -> dict[tuple[int, int], tuple[float, float]]:
    """At each size: nothing outside, no scrolling, the cards layout.py gives (``large``:
    the player's Large cards); the card sizes by window size."""
    cards = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(FITTED)
        found = page.evaluate(MEASURE)
        assert found["problems"] == [], (width, height, found["problems"])
        box = board_layout(
            found["box"][0], found["box"][1], cells=8, longest=longest, side=found["side"], large=large
        )
        card_w, card_h = found["card"]
        assert card_w == pytest.approx(box.card_w, abs=0.06), (width, height)
        assert card_h == pytest.approx(box.card_h, abs=0.06), (width, height)
        cards[(width, height)] = (card_w, card_h)
    return cards


@pytest.mark.same_tab
def test_every_card_and_corner_is_in_the_window_at_seven_sizes(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={DEAL}", {"width": 1280, "height": 800})
    dealt = measure_each_size(page, longest=6)
    assert dealt[(640, 360)][0] >= 44  # a phone on its side: was 28 px
    assert dealt[(1280, 800)][1] >= 0.19 * 800  # the board uses the height: was 16 %
    for upright in ((320, 568), (360, 640)):  # held by the width: grown into the height
        assert dealt[upright][1] == pytest.approx(dealt[upright][0] * RATIO_TALL, abs=0.1)
    choose_large(page, True)
    large = measure_each_size(page, longest=6, large=True)
    assert all(large[size][0] >= dealt[size][0] for size in SIZES)
    assert large[(1280, 800)][0] > dealt[(1280, 800)][0]  # held by the height: larger
    choose_large(page, False)
    restart(page, LONG)
    long = measure_each_size(page, longest=longest_column(LONG))
    # the foundations' covered cards cast no shadow (they piled up into a heavy one)
    shadows = page.eval_on_selector_all(
        ".foundation > [data-card]:not(:last-child)", "cards => cards.map(c => getComputedStyle(c).boxShadow)"
    )
    assert len(shadows) == 7 and set(shadows) == {"none"}
    assert longest_column(LONG) == 15
    assert all(long[size][0] <= dealt[size][0] for size in SIZES)
    choose_large(page, True)
    measure_each_size(page, longest=15, large=True)  # a long column: Large shrinks for it too
    choose_large(page, False)


def choose_large(page: Page, large: bool) -> None:
    """The card size chosen in Settings, as a player does."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("#settings").click()
    page.locator(f"#settings-dialog input[name=cards][value={'large' if large else 'standard'}]").check()
    page.keyboard.press("Escape")
    page.locator("#settings-dialog").wait_for(state="hidden")


CARD_W = (
    "w => Math.abs(document.querySelector('#board [data-card]').getBoundingClientRect().width - w) < 0.06"
)
"""The cards are ``w`` px wide (as eightoff/web/view/board.py sets them: to 0.1 px)."""


@pytest.mark.same_tab
def test_the_cards_grow_back_when_the_long_column_is_undone(page: Page, site_url: str) -> None:
    """Seven undos take the 15-card column down to 8 cards: the cards get the deal's size
    again (a column shorter than the reserve), and seven redos shrink them once more."""
    open_fresh(page, site_url, LONG, {"width": 1280, "height": 800})
    found = page.evaluate(MEASURE)
    width, height = found["box"]
    long, short = (round(board_layout(width, height, 8, n, found["side"]).card_w, 1) for n in (15, 8))
    assert (long, short) == (93.7, 116.9)
    page.wait_for_function(CARD_W, arg=long)
    for _ in range(7):
        page.locator("#undo").click()
    page.wait_for_function(CARD_W, arg=short)
    assert page.evaluate(MEASURE)["problems"] == []
    for _ in range(7):
        page.locator("#redo").click()
    page.wait_for_function(CARD_W, arg=long)
    assert page.evaluate(MEASURE)["problems"] == []


@pytest.mark.same_tab
def test_the_replays_bar_takes_its_room_from_the_cards(page: Page, site_url: str) -> None:
    """A replay's bar above the board (two lines on a phone on its side): the board is
    sized again for what is left, and again when the replay is closed."""
    open_fresh(page, site_url, f"{LONG}&replay", {"width": 640, "height": 360})
    page.evaluate(FITTED)
    assert page.evaluate(MEASURE)["problems"] == []
    page.locator("#replay-exit").click()
    page.evaluate(FITTED)
    found = page.evaluate(MEASURE)
    assert found["problems"] == []
    box = board_layout(
        found["box"][0], found["box"][1], cells=8, longest=found["longest"], side=found["side"]
    )
    assert found["card"][0] == pytest.approx(box.card_w, abs=0.06)

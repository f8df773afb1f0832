"""Touch input through real touch events (pointerType "touch"): a double tap, lit targets
while a finger drags, and an illegal drop by touch (SPEC §8; docs/dom-contract.md)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from eightoff import DealCode, Game, Move, Pile

from .helpers import (
    QUICK_DEAL,
    QUICK_LINE,
    QUICK_TAPS,
    Player,
    board_of,
    dealt,
    expect_board,
    expect_carried,
    expect_numbers,
    lit_piles,
    open_at,
    open_fresh,
    read_board,
)

KINDS = """() => { window.kinds = new Set();
    addEventListener('pointerdown', e => window.kinds.add(e.pointerType), true); }"""
"""Record the pointer type of every pointerdown the page sees."""


def kinds(page: Page) -> list[str]:
    return page.evaluate("[...window.kinds]")  # type: ignore[no-any-return]


def test_a_touch_double_tap_plays_the_engines_double_tap(touch_page: Page, site_url: str) -> None:
    """Two taps of page.touchscreen on the 6 of diamonds, which has no way home: it goes
    where the engine's double tap sends it (column 7)."""
    code = "EO1-C8-AAAAAAA"
    game = Game.new(DealCode.parse(code))
    column = Pile.column(4)
    assert str(game.position.top(column)) == "6D" and game.tap(column) is None
    move = game.double_tap(column, game.position.size(column) - 1)
    assert move == Move.parse("47")
    open_fresh(touch_page, site_url, f"deal={code}")
    touch_page.evaluate(KINDS)
    Player(touch_page, touch=True).double_tap("6D")
    game.play(move)
    expect_board(touch_page, game.position)
    expect_numbers(touch_page, 0, 1)
    assert kinds(touch_page) == ["touch"]


def test_a_touch_drag_lights_the_engines_targets_and_an_illegal_drop_goes_back(
    touch_page: Page, site_url: str
) -> None:
    """A finger carries the 5 of spades: exactly the engine's targets are lit; dropped on
    column 2 it goes back, the reason is said and nothing moves."""
    code = "EO1-C8-AAAAAFA"
    game = Game.new(DealCode.parse(code))
    open_fresh(touch_page, site_url, f"deal={code}", motion=True)
    touch_page.evaluate(KINDS)
    player = Player(touch_page, touch=True)
    player.press_and_move("5S", player.pile_point("column-2"))
    expect_carried(touch_page, "5S")
    targets = {p.key for p in game.targets(Pile.column(1), 5)}
    assert targets == {"cell-5", "cell-6", "cell-7", "cell-8"}
    assert lit_piles(touch_page) == targets
    player.release()
    expect(touch_page.locator("#status")).to_have_text("The 5 of spades goes only on the 6 of spades.")
    expect(touch_page.locator(".pile.target")).to_have_count(0)
    expect(touch_page.locator(".card.lifted")).to_have_count(0)
    assert read_board(touch_page) == board_of(dealt(code))
    expect_numbers(touch_page, 0, 0)
    assert kinds(touch_page) == ["touch"]


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_four_quick_taps_send_four_cards_home(
    request: pytest.FixtureRequest, site_url: str, touch: bool
) -> None:
    """Issue 36: four taps 150 ms apart (inside the 350 ms double-tap window), each on the
    card the tap before uncovered: each is a tap of its own, four cards home. Where each
    card is drawn as the top card is read going back by Undo (a shorter column may fan out
    wider), so one page load serves."""
    tab: Page = request.getfixturevalue("touch_page" if touch else "page")
    player = Player(tab, touch=touch)
    line = [Move.parse(m) for m in QUICK_LINE.split()]
    column = Pile.column(1)
    game = open_at(tab, site_url, QUICK_DEAL, line + [Move.parse("1C")] * len(QUICK_TAPS))
    points: list[tuple[float, float]] = []
    going_back = game.copy()
    for card in reversed(QUICK_TAPS):
        tab.keyboard.press("u")
        going_back.undo()
        expect(tab.locator("#moves")).to_have_text(str(going_back.moves))
        assert str(going_back.position.top(column)) == card
        points.insert(0, player.card_point(card))
    player.taps_at(points, gap_ms=150)
    expect(tab.locator("#moves")).to_have_text(str(game.moves))
    expect_numbers(tab, game.score, game.moves)
    expect_board(tab, game.position)


AIMS = {
    "column": (0, "8H", "column-4"),
    "foundation": (0, "AS", "foundation-S"),
    "cell": (2, "8H", "cell-3"),
    "empty column": (27, "KH", "column-6"),
}
"""Along QUICK_LINE: after how many moves which top card may go to a pile of each kind."""

AIMED = """([card, pile, dx, dy]) => {
  const drag = document.querySelector(`[data-pile="${pile}"]`).style.getPropertyValue('--drag').trim();
  const [x, y] = drag.split(' ').map(parseFloat);
  if (x !== dx || Math.abs(y - dy) > 1) return null;
  const box = document.querySelector(`[data-card="${card}"]`).getBoundingClientRect();
  const node = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  const under = node && node.closest('[data-pile]');
  return {seen: under ? under.dataset.pile : null,
          marked: [...document.querySelectorAll('.pile.drop')].map((p) => p.dataset.pile)}; }"""
"""Once the carried cards are drawn where the last move put them (``--drag`` on their pile):
the pile under the head card's centre, and the piles marked ``drop``; else null."""


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
@pytest.mark.parametrize("kind", list(AIMS))
def test_the_pile_marked_under_a_dragged_card_is_where_it_drops(
    request: pytest.FixtureRequest, site_url: str, touch: bool, kind: str
) -> None:
    """Issue 36: the finger (or mouse) on a pile of each kind the card may go to, a quarter
    card into it: one pile is marked, the first the card may go to of the pile under the
    card (a finger carries it a card's height above) and the pile under the pointer, and the
    card drops there. By touch on a column, the card is over the row above it."""
    steps, card, target = AIMS[kind]
    tab: Page = request.getfixturevalue("touch_page" if touch else "page")
    game = open_at(
        tab, site_url, QUICK_DEAL, [Move.parse(m) for m in QUICK_LINE.split()][:steps], motion=True
    )
    source = next(
        p for p in game.position.piles() if game.position.size(p) and str(game.position.top(p)) == card
    )
    lit = {p.key for p in game.targets(source, game.position.size(source) - 1)}
    assert target in lit
    player = Player(tab, touch=touch)
    x0, y0 = player.card_point(card)
    box = tab.locator(f'[data-pile="{target}"]').bounding_box()
    height = tab.locator(f'[data-card="{card}"]').bounding_box()
    assert box is not None and height is not None
    x1, y1 = box["x"] + box["width"] / 2, box["y"] + min(box["width"], box["height"]) / 4
    player.press_and_move(card, (x1, y1), steps=4)
    lift = height["height"] if touch else 0.0
    shown = tab.wait_for_function(
        AIMED, arg=[card, source.key, round(x1 - x0), round(y1 - y0 - lift)]
    ).json_value()
    assert lit_piles(tab) == lit
    drop = next(pile for pile in (shown["seen"], target) if pile in lit)
    assert shown["marked"] == [drop]
    if touch and kind == "column":
        assert shown["seen"] != target  # the card over the row above, the finger in the column
    player.release()
    game.play(Move(source, Pile.from_key(drop), 1))
    expect_numbers(tab, game.score, game.moves)
    expect_board(tab, game.position)

"""A deal and a win to watch (issue 21, item 9), in Chromium: a new deal cascades in at most
a second and any input ends it with the board at the engine's position; a win sends every
card round a wheel behind the win message, which keeps the focus, until a key; a finger
carries its card above it, and the card goes where it is seen. None of it with
prefers-reduced-motion or with the Motion setting off.

The flights are read from the page's Animation objects (``document.getAnimations()``);
Chromium's animations are slowed tenfold meanwhile (the DevTools protocol's
``Animation.setPlaybackRate``, as the UX review measured them), so that a busy machine still
finds them under way: nothing here waits for time to pass.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from eightoff import DealCode, Game, Move
from tests.fcsolve import Solution, solution

from .helpers import LANDED, Player, board_of, expect_board, expect_numbers, open_fresh, read_board

CODE = "EO1-C8-AAAAAFA"

FLIGHTS = """() => document.getAnimations()
  .filter((a) => a.effect && a.effect.target && a.effect.target.dataset && a.effect.target.dataset.card)
  .map((a) => ({card: a.effect.target.dataset.card, state: a.playState,
                delay: a.effect.getTiming().delay, duration: a.effect.getTiming().duration,
                opacity: a.effect.getKeyframes().some((frame) => 'opacity' in frame),
                rotate: a.effect.getKeyframes().some((frame) => /rotate/.test(frame.transform || ''))}))"""
"""The cards' animations not finished yet, each with its state, timing and how it moves."""


@contextmanager
def slowed(page: Page) -> Iterator[None]:
    """Every animation of the page at a tenth of its speed for the block's length."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.1})
    try:
        yield
    finally:
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
        cdp.detach()


def flights(page: Page) -> list[dict[str, Any]]:
    return page.evaluate(FLIGHTS)  # type: ignore[no-any-return]


AFTER_ONE = f"deal={CODE}&moves=1e"
"""The deal after one move (5S to cell 5): started again, every card is dealt anew."""


def restart(page: Page) -> None:
    """N, "Restart this deal": the player asks for the deal again."""
    page.keyboard.press("n")
    page.locator("#restart").click()
    expect(page.locator("#new-game-dialog")).not_to_be_visible()


@pytest.fixture(scope="module")
def winning_line() -> Solution:
    return solution(CODE)


@pytest.mark.same_tab
def test_a_new_deal_cascades_in_a_second_and_a_key_ends_it(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, AFTER_ONE, motion=True)
    dealt = Game.new(DealCode.parse(CODE)).position
    with slowed(page):
        restart(page)
        cascade = flights(page)
        assert sorted(f["card"] for f in cascade) == sorted(
            c for cards in board_of(dealt).values() for c in cards
        )
        assert len(cascade) == 52 and {f["state"] for f in cascade} == {"running"}
        assert all(f["opacity"] for f in cascade)  # each fades in from the deck
        assert min(f["delay"] for f in cascade) == 0
        assert max(f["delay"] + f["duration"] for f in cascade) == 1000
        page.keyboard.press("ArrowRight")  # any key: the cascade ends at once
        assert flights(page) == []
    assert read_board(page) == board_of(dealt)


@pytest.mark.same_tab
def test_a_burst_of_keys_in_the_cascade_leaves_the_board_at_the_engines_position(
    page: Page, site_url: str
) -> None:
    """1 picks column 1's top card, Shift+5 puts it in cell 5 (the move 1e), U undoes it,
    and again: each key ends the motion under way before it is handled."""
    open_fresh(page, site_url, AFTER_ONE, motion=True)
    game = Game.new(DealCode.parse(CODE))
    with slowed(page):
        restart(page)
        assert len(flights(page)) == 52
        page.locator("#board").focus()
        for key in ("Digit1", "Shift+Digit5", "u", "Digit1", "Shift+Digit5"):
            page.keyboard.press(key)
        game.play(Move.parse("1e"))
        assert read_board(page) == board_of(game.position)  # no wait: the DOM is the engine's
        expect_numbers(page, 0, 1)
        assert [f["card"] for f in flights(page)] == ["5S"]  # only the last move's glide is left


@pytest.mark.same_tab
def test_the_card_speed_chosen_times_the_deal_and_the_glides(page: Page, site_url: str) -> None:
    """Issue 37 item 7: Slow in Settings, the deal's cascade takes 1.75 s and a glide 280 ms;
    Fast, half the normal times."""
    open_fresh(page, site_url, AFTER_ONE, motion=True)
    for pace, cascade_ms, glide_ms in (("slow", 1750, 280), ("fast", 500, 80)):
        page.locator("#settings").click()
        choice = page.locator(f"input[name=pace][value={pace}]")
        choice.check()
        expect(choice).to_be_checked()
        page.keyboard.press("Escape")
        with slowed(page):
            restart(page)
            cascade = flights(page)
            assert len(cascade) == 52 and max(f["delay"] + f["duration"] for f in cascade) == cascade_ms
            page.keyboard.press("ArrowRight")  # any key: the cascade ends at once
            Player(page).tap("5S")  # a double tap: the 5 of spades glides to cell 5
            Player(page).tap("5S")
            expect_numbers(page, 0, 1)
            assert [(f["card"], f["duration"]) for f in flights(page)] == [("5S", glide_ms)]
        page.keyboard.press("ArrowRight")


@pytest.mark.same_tab
@pytest.mark.parametrize("way", ["reduced-motion", "motion-off"])
def test_no_motion_with_reduced_motion_or_the_setting_off(page: Page, site_url: str, way: str) -> None:
    open_fresh(page, site_url, AFTER_ONE, motion=way == "motion-off")
    if way == "motion-off":  # the device does not mind motion: the player turns it off
        page.locator("#settings").click()
        box = page.locator("#motion")
        expect(box).to_be_checked()
        box.click()
        expect(box).not_to_be_checked()
        page.keyboard.press("Escape")
    restart(page)
    assert flights(page) == []
    page.locator("#board").focus()
    page.keyboard.press("Digit1")
    page.keyboard.press("Shift+Digit5")
    expect_numbers(page, 0, 1)
    assert flights(page) == []


IN_FRONT = """() => ({open: document.querySelector('#win').open,
  leaping: document.getAnimations().filter((a) => a.playState === 'running'
    && a.effect.getKeyframes().some((frame) => /rotate/.test(frame.transform || ''))).length})"""
"""Whether the win message is open, and how many cards are on their wheel now."""


@pytest.mark.same_tab
def test_a_win_leaps_in_front_then_the_win_message_or_at_once_on_a_key(
    page: Page, site_url: str, winning_line: Solution
) -> None:
    """Issue 36 item 9: the winning move sends every card round the board with no message
    over it; the message comes once they are home (2.8 s at most), or at once on a key,
    and takes the focus."""
    last = len(winning_line.moves) - 1
    open_fresh(page, site_url, winning_line.link(last), motion=True)
    game = winning_line.game(last)
    Player(page).play(game, winning_line.moves[last])
    assert page.evaluate(IN_FRONT) == {"open": False, "leaping": 52}  # the wheel, nothing over it
    assert max(f["delay"] + f["duration"] for f in flights(page)) <= 2800
    expect(page.locator("#win")).to_be_visible()  # once they are home
    assert flights(page) == [] and page.evaluate("() => Boolean(document.activeElement.closest('#win'))")
    expect(page.locator("#win-text")).to_have_text(f"Score {game.score} in {game.moves} moves.")
    page.keyboard.press("Escape")
    page.keyboard.press("u")
    expect(page.locator("#moves")).to_have_text(str(game.moves - 1))
    # The undo's glide ends first: Chromium gives an animation still pending as the CDP
    # playback rate changes a start time scaled by the new rate (36 s ahead, measured under
    # load), and it would never run within the test's time.
    page.wait_for_function(LANDED)
    with slowed(page):
        game.undo()
        Player(page).play(game, winning_line.moves[last])
        assert page.evaluate(IN_FRONT) == {"open": False, "leaping": 52}
        page.keyboard.press("Shift")  # any key ends it: the message at once
        expect(page.locator("#win")).to_be_visible()
        assert flights(page) == []
    assert page.evaluate("() => Boolean(document.activeElement.closest('#win'))")
    expect_board(page, game.position)


def test_a_finger_carries_the_card_above_it_and_it_goes_where_it_is_seen(
    touch_page: Page, site_url: str
) -> None:
    """The 5 of spades, pressed and carried by a finger a card's height below cell 5: the
    card is drawn above the finger, over cell 5, and dropped there (the move 1e)."""
    open_fresh(touch_page, site_url, f"deal={CODE}", motion=True)
    player = Player(touch_page, touch=True)
    card = touch_page.locator('[data-card="5S"]')
    start = card.bounding_box()
    assert start is not None
    x, y = player.pile_point("cell-5")
    finger = (x, y + start["height"])
    player.press_and_move("5S", finger, steps=4)
    touch_page.wait_for_function(
        "y => document.querySelector('[data-card=\"5S\"]').getBoundingClientRect().bottom <= y", arg=finger[1]
    )
    seen = card.bounding_box()
    assert seen is not None and seen["y"] + seen["height"] <= finger[1] < seen["y"] + 2 * seen["height"]
    player.release()
    game = Game.new(DealCode.parse(CODE))
    game.play(Move.parse("1e"))
    expect_numbers(touch_page, 0, 1)
    expect_board(touch_page, game.position)

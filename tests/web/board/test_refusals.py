"""Refusals read the same whatever the input (eightoff/web/board/refusals.py, through the
page's one update): each input path driven against the same illegal move says the same
exact text, once, the engine's reason in words, and the game stays as it was; a refused
single tap's window is fired as the page's timer would."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from eightoff import DealCode, Game, Move, Pile
from eightoff.errors import IllegalMoveError
from eightoff.web.actions import Jump, PointerDown, PointerMove, PointerUp, Select, Shortcut
from eightoff.web.board.input_state import DOUBLE_TAP_MS
from eightoff.web.board.refusals import home_move, lift_refusal, place_of
from eightoff.web.storage.settings import Settings
from eightoff.web.words import i18n
from eightoff.web.words.card_names import card_name
from tests.web.update.helpers import COVERED, HOME_5S, ON_5H, Page, state_of

Input = Callable[[Page], None]
"""One way a player asks for the move (EO1-C8-AAAAAFA: column 1 is 3S … KH 6S 5S, column 2's
top card the 5 of hearts)."""


def press(page: Page, pile: str, index: int, card: str, now: float = 0) -> None:
    page.do(PointerDown(pile, index, card, pointer=1, x=100, y=100, now=now, kind="touch"))


def tap(page: Page, pile: str, index: int, card: str, now: float = 0) -> None:
    press(page, pile, index, card, now)
    page.do(PointerUp(pile, now=now + 40))


def drag(pile: str, index: int, card: str, to: str) -> Input:
    def run(page: Page) -> None:
        press(page, pile, index, card)
        page.do(PointerMove(160, 30), PointerUp(to, now=500))

    return run


def single_tap(pile: str, index: int, card: str) -> Input:
    def run(page: Page) -> None:
        tap(page, pile, index, card)
        assert page.said == []  # not before the window has passed
        assert page.fire("tap").ms == DOUBLE_TAP_MS

    return run


def double_tap(pile: str, index: int, card: str) -> Input:
    def run(page: Page) -> None:
        tap(page, pile, index, card, now=0)
        tap(page, pile, index, card, now=120)
        assert page.state.tap_wait is None

    return run


def tap_to_select(pile: str, index: int, card: str, to: str, to_index: int | None = None) -> Input:
    def run(page: Page) -> None:
        page.state = state_of(settings=Settings(tap_to_select=True))
        tap(page, pile, index, card)
        if to_index is None:
            page.do(Select(to))  # a tap on the pile's empty place (view/pointer.py)
        else:
            tap(page, to, to_index, str(page.game.position.cards(Pile.from_key(to))[to_index]), now=800)

    return run


def keys(*actions: Select | Jump | Shortcut) -> Input:
    def run(page: Page) -> None:
        page.do(*actions)

    return run


CASES: dict[str, tuple[str, Input]] = {
    # The 5 of spades to its foundation.
    "home-tap": (HOME_5S, single_tap("column-1", 5, "5S")),
    "home-F": (HOME_5S, keys(Shortcut("tap", "column-1"))),
    "home-drag": (HOME_5S, drag("column-1", 5, "5S", "foundation-S")),
    "home-tap-to-select": (HOME_5S, tap_to_select("column-1", 5, "5S", "foundation-S")),
    "home-enter": (HOME_5S, keys(Select("column-1", 5), Select("foundation-S"))),
    "home-jump-F": (HOME_5S, keys(Jump("column-1"), Shortcut("tap", "column-1"))),
    # The 5 of spades onto the 5 of hearts.
    "column-drag": (ON_5H, drag("column-1", 5, "5S", "column-2")),
    "column-tap-to-select": (ON_5H, tap_to_select("column-1", 5, "5S", "column-2", 5)),
    "column-enter": (ON_5H, keys(Select("column-1", 5), Select("column-2", 5))),
    "column-jump": (ON_5H, keys(Jump("column-1"), Jump("column-2"))),
    # The 3 of spades, under cards that are no run.
    "covered-drag": (COVERED, drag("column-1", 0, "3S", "column-2")),
    "covered-enter": (COVERED, keys(Select("column-1", 0))),
    "covered-tap-to-select": (COVERED, tap_to_select("column-1", 0, "3S", "column-2", 5)),
    "covered-tap": (COVERED, single_tap("column-1", 0, "3S")),
    "covered-double-tap": (COVERED, double_tap("column-1", 0, "3S")),
    "covered-F": (COVERED, keys(Shortcut("tap", "column-1", 0))),
    "covered-D": (COVERED, keys(Shortcut("double-tap", "column-1", 0))),
}


@pytest.mark.parametrize(("said", "ask"), CASES.values(), ids=CASES.keys())
def test_every_input_says_the_same_refusal_the_same_way(said: str, ask: Input) -> None:
    page = Page()
    before = page.game.position
    ask(page)
    if "tap" in page.timers:  # a window come due after all: nothing said twice
        page.fire("tap")
    assert page.game.position == before and page.game.moves == 0
    assert page.said == [said] and page.announced.count(said) == 1
    assert page.state.tap_wait is None


def test_the_reasons_are_the_engines() -> None:
    position = Game.new(DealCode.parse("EO1-C8-AAAAAFA")).position
    assert home_move(position, "column-1", 5) == Move.parse("1S")
    assert place_of(position, "KH") == ("column-1", 3) and place_of(position, "AS")[0] != "column-1"
    with pytest.raises(ValueError, match="XX is not in the position"):
        place_of(position, "XX")
    assert lift_refusal(position, "column-1", 4) is None  # the run of two
    error = lift_refusal(position, "column-1", 3)
    assert isinstance(error, IllegalMoveError) and (error.code, error.params) == ("not-a-run", {"card": "KH"})
    empty = lift_refusal(position, "cell-5", None)
    assert empty is not None and (empty.code, empty.params) == ("empty-source", {"pile": "cell-5"})


@pytest.mark.parametrize("lang", ["he", "uk"])
def test_the_reason_is_said_in_the_pages_language(lang: str, speak: Callable[[str], None]) -> None:
    speak(lang)
    said = []
    for ask in (single_tap("column-1", 0, "3S"), drag("column-1", 0, "3S", "column-2")):
        page = Page()
        ask(page)
        said += page.said
    words = i18n.gettext("The {card} does not head a run of one suit in sequence.", card=card_name("3S"))
    assert said == [words, words] and words != COVERED

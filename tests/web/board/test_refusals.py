"""Refusals read the same whatever the input (eightoff/web/board/refusals.py and the hands):
each input path driven against the same illegal move says the same exact text, the
engine's reason in words, through :meth:`Hands.refuse`; the refused single tap's window
is fired by hand (tests/web/fakes/page.py: ``Browser.later``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from eightoff import DealCode, Game, Move
from eightoff.errors import IllegalMoveError
from eightoff.web.actions import Jump, PointerDown, PointerMove, PointerUp, Select, Shortcut
from eightoff.web.board.input_state import DOUBLE_TAP_MS, Tap
from eightoff.web.board.refusals import TapWait, home_move, lift_refusal, place_of
from eightoff.web.words import i18n
from eightoff.web.words.card_names import card_name
from tests.web.board.test_hands import Board

Input = Callable[[Board], None]
"""One way a player asks for the move (EO1-C8-AAAAAFA: column 1 is 3S … KH 6S 5S, column 2's
top card the 5 of hearts)."""


def press(b: Board, pile: str, index: int, card: str, now: float = 0) -> None:
    b.hands.down(PointerDown(pile, index, card, pointer=1, x=100, y=100, now=now, kind="touch"))


def tap(b: Board, pile: str, index: int, card: str, now: float = 0) -> None:
    press(b, pile, index, card, now)
    b.hands.up(PointerUp(pile, now=now + 40))


def drag(pile: str, index: int, card: str, to: str) -> Input:
    def run(b: Board) -> None:
        press(b, pile, index, card)
        b.hands.move(PointerMove(160, 30))
        b.view.carried = card if b.ui.held is not None else None
        b.hands.up(PointerUp(to, now=500))

    return run


def single_tap(pile: str, index: int, card: str) -> Input:
    def run(b: Board) -> None:
        tap(b, pile, index, card)
        assert b.view.calls == []  # not before the window has passed
        assert b.browser.fire() == [DOUBLE_TAP_MS]

    return run


def double_tap(pile: str, index: int, card: str) -> Input:
    def run(b: Board) -> None:
        tap(b, pile, index, card, now=0)
        tap(b, pile, index, card, now=120)
        assert b.browser.timers == []

    return run


def tap_to_select(pile: str, index: int, card: str, to: str, to_index: int | None = None) -> Input:
    def run(b: Board) -> None:
        b.ui.tap_to_select = True
        tap(b, pile, index, card)
        if to_index is None:
            b.hands.key_play(Select(to))  # a tap on the pile's empty place (board/pointer.py)
        else:
            tap(b, to, to_index, b.view.shown[to][to_index], now=800)

    return run


def keys(*actions: Select | Jump | Shortcut) -> Input:
    def run(b: Board) -> None:
        for action in actions:
            b.hands.key_play(action)

    return run


HOME = "The 5 of spades cannot go on its foundation yet: the ace of spades goes there next."
ON_5H = "The 5 of spades goes only on the 6 of spades."
COVERED = "The 3 of spades does not head a run of one suit in sequence."

CASES: dict[str, tuple[str, Input]] = {
    # The 5 of spades to its foundation.
    "home-tap": (HOME, single_tap("column-1", 5, "5S")),
    "home-F": (HOME, keys(Shortcut("tap", "column-1"))),
    "home-drag": (HOME, drag("column-1", 5, "5S", "foundation-S")),
    "home-tap-to-select": (HOME, tap_to_select("column-1", 5, "5S", "foundation-S")),
    "home-enter": (HOME, keys(Select("column-1", 5), Select("foundation-S"))),
    "home-jump-F": (HOME, keys(Jump("column-1"), Shortcut("tap", "column-1"))),
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
    b = Board()
    before = b.game.position
    ask(b)
    assert b.game.position == before and b.game.moves == 0
    assert [call for call in b.view.calls if call[0] == "say"] == [("say", said)]
    assert b.browser.timers == []


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


def test_a_tap_held_is_shown_once_and_dropped_unsaid() -> None:
    timers: list[tuple[float, Callable[[], None]]] = []
    cancelled: list[int] = []

    def later(ms: float, job: Callable[[], None]) -> Callable[[], None]:
        timers.append((ms, job))
        return lambda: cancelled.append(len(timers))

    shown: list[tuple[str, object]] = []
    wait = TapWait(later, lambda tap, position: shown.append((tap.card, position)))
    first = Tap("column-1", 5, "5S", 0, moved=False)
    wait.hold(first, "here")  # type: ignore[arg-type]
    assert first.waiting and timers[0][0] == DOUBLE_TAP_MS
    wait.flush("column-1", "5S")  # a press on the tapped card: maybe the double tap
    assert shown == []
    wait.flush("column-2", "5H")
    assert shown == [("5S", "here")] and not first.waiting and cancelled
    timers[0][1]()  # a timer that fires after all (its cancel came too late): nothing twice
    assert shown == [("5S", "here")]
    second = Tap("column-1", 5, "5S", 0, moved=False)
    wait.hold(second, "there")  # type: ignore[arg-type]
    wait.drop()
    timers[1][1]()
    assert shown == [("5S", "here")] and not second.waiting


@pytest.mark.parametrize("lang", ["he", "uk"])
def test_the_reason_is_said_in_the_pages_language(lang: str, speak: Callable[[str], None]) -> None:
    speak(lang)
    said = []
    for ask in (single_tap("column-1", 0, "3S"), drag("column-1", 0, "3S", "column-2")):
        b = Board()
        ask(b)
        said += [text for name, text in b.view.calls if name == "say"]
    words = i18n.gettext("The {card} does not head a run of one suit in sequence.", card=card_name("3S"))
    assert said == [words, words] and words != COVERED

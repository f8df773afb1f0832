"""Refusals on the board: a refused single tap held for the double-tap window, and the
moves and reasons every input shares (pure Python, no browser import; tested under CPython).

A single tap whose card cannot go to its foundation may be the first half of a double tap,
so :class:`TapWait` holds its refusal for :data:`.board.input_state.DOUBLE_TAP_MS` through an
injected :class:`Later` (``window.setTimeout`` in the page, :func:`.dom.Timers`; a fake
fired by hand in the tests): a second tap on the card inside the window is the double
tap, which plays and never shakes; when the window passes, the refusal is shown and said.
Another input before then shows it at once (the tap was a single one after all).

The reasons are the engine's (:func:`eightoff.rules.check`, :func:`~eightoff.rules.check_lift`),
so a refusal reads the same whatever the input: a tap and F ask for the same move
(:func:`home_move`), and a pick, a drag, a tap or a double tap of a card that cannot be
picked up get the same reason (:func:`lift_refusal`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ...errors import IllegalMoveError
from ...moves import Move
from ...piles import Pile
from ...position import Position
from ...rules import check_lift
from .input_state import DOUBLE_TAP_MS, Tap


class Later(Protocol):
    """Run ``job`` once after ``ms`` milliseconds; returns the cancel (a no-op once run)."""

    def __call__(self, ms: float, job: Callable[[], None]) -> Callable[[], None]: ...


def home_move(position: Position, pile: str, index: int) -> Move:
    """What a single tap or F on the card at ``index`` of ``pile`` asks: it, and the cards
    on it, to its suit's foundation (the engine says why not).

    >>> from eightoff import DealCode
    >>> home_move(DealCode.parse("EO1-C8-AAAAAFA").deal(), "column-1", 4)
    Move.parse('1Sx2')
    """
    source = Pile.from_key(pile)
    cards = position.cards(source)
    return Move(source, Pile.foundation(cards[index].suit), len(cards) - index)


def place_of(position: Position, card: str) -> tuple[str, int]:
    """The pile (its key) and the index (0 = bottom) of ``card`` where it lies.

    >>> from eightoff import DealCode
    >>> place_of(DealCode.parse("EO1-C8-AAAAAFA").deal(), "6S")
    ('column-1', 4)
    """
    for pile in position.piles():
        cards = [str(c) for c in position.cards(pile)]
        if card in cards:
            return pile.key, cards.index(card)
    raise ValueError(f"{card} is not in the position")


def lift_refusal(position: Position, pile: str, index: int | None) -> IllegalMoveError | None:
    """The engine's reason why the card at ``index`` of ``pile`` (``None``: its top card)
    and those on it cannot be picked up, or ``None`` when they can."""
    source = Pile.from_key(pile)
    count = 1 if index is None else position.size(source) - index
    try:
        check_lift(position, source, count)
    except IllegalMoveError as error:
        return error
    return None


class TapWait:
    """The refused single tap held until the double-tap window passes; ``show(tap,
    position)`` shows its refusal (when the game is still at ``position``)."""

    def __init__(self, later: Later, show: Callable[[Tap, Position], None]) -> None:
        self.later, self.show = later, show
        self.tap: Tap | None = None
        self.position: Position | None = None
        self.cancel: Callable[[], None] = lambda: None

    def hold(self, tap: Tap, position: Position) -> None:
        """Hold the refusal of ``tap``, made on ``position``, for the window."""
        self.drop()
        tap.waiting = True
        self.tap, self.position = tap, position
        self.cancel = self.later(DOUBLE_TAP_MS, self.expire)

    def expire(self) -> None:
        """The window passed (or another input came): show the refusal held."""
        tap, position = self.tap, self.position
        self.drop()
        if tap is not None and position is not None:
            self.show(tap, position)

    def flush(self, pile: str | None = None, card: str | None = None) -> None:
        """Another input came: show the refusal held now, unless the input is a press on
        the tapped card itself (``pile`` and ``card``), which may be the double tap."""
        tap = self.tap
        if tap is not None and (tap.pile, tap.card) != (pile, card):
            self.cancel()
            self.expire()

    def drop(self) -> None:
        """Forget the refusal held, unsaid (the double tap came, or a drag)."""
        self.cancel()
        if self.tap is not None:
            self.tap.waiting = False
        self.tap, self.position, self.cancel = None, None, lambda: None


__all__ = ["Later", "TapWait", "home_move", "lift_refusal", "place_of"]

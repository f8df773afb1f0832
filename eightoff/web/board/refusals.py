"""The moves and reasons every input shares on the board (pure Python, no browser import;
tested under CPython).

The reasons are the engine's (:func:`eightoff.rules.check`, :func:`~eightoff.rules.check_lift`),
so a refusal reads the same whatever the input: a tap and F ask for the same move
(:func:`home_move`), and a pick, a drag, a tap or a double tap of a card that cannot be
picked up get the same reason (:func:`lift_refusal`).
"""

from __future__ import annotations

from ...errors import IllegalMoveError
from ...moves import Move
from ...piles import Pile
from ...position import Position
from ...rules import check_lift


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


__all__ = ["home_move", "lift_refusal", "place_of"]

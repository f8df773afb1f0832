"""The names of cards and piles in the language in use: a card's name (``7 of hearts``), a
rank's word, a foundation's name, the rank printed in a card's corner (pure Python, no
browser import; docs/i18n.md).

>>> card_name("7H"), foundation_name("H"), corner("QS")
('7 of hearts', 'Hearts foundation', 'Q')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...cards import RANKS
from .i18n import _, pgettext

_CARD_SUITS: Final[dict[str, Callable[[], str]]] = {
    "S": lambda: pgettext("suit in a card's name", "spades"),
    "H": lambda: pgettext("suit in a card's name", "hearts"),
    "D": lambda: pgettext("suit in a card's name", "diamonds"),
    "C": lambda: pgettext("suit in a card's name", "clubs"),
}
_FOUNDATION_SUITS: Final[dict[str, Callable[[], str]]] = {
    "S": lambda: pgettext("suit of a foundation", "spades"),
    "H": lambda: pgettext("suit of a foundation", "hearts"),
    "D": lambda: pgettext("suit of a foundation", "diamonds"),
    "C": lambda: pgettext("suit of a foundation", "clubs"),
}
_RANK_NAMES: Final[dict[int, Callable[[], str]]] = {
    1: lambda: _("ace"),
    11: lambda: _("jack"),
    12: lambda: _("queen"),
    13: lambda: _("king"),
}
_CORNERS: Final = {1: "A", 11: "J", 12: "Q", 13: "K"}
"""Card faces keep A J Q K in every language (not in the catalogue)."""


def rank_name(rank: int) -> str:
    """A rank's word in a card's name: ``ace``, ``2`` … ``10``, ``jack``, ``queen``, ``king``."""
    words = _RANK_NAMES.get(rank)
    return words() if words is not None else str(rank)


def card_name(card: str) -> str:
    """``'7H'`` -> ``'7 of hearts'`` in the current language (anything else unchanged).

    >>> card_name("KS"), card_name("")
    ('king of spades', '')
    """
    if len(card) != 2 or card[0] not in RANKS or card[1] not in _CARD_SUITS:
        return card
    rank = rank_name(RANKS.index(card[0]) + 1)
    return pgettext("a card's name", "{rank} of {suit}", rank=rank, suit=_CARD_SUITS[card[1]]())


def foundation_suit(suit: str) -> str:
    """A suit's word in a foundation's name (``'H'`` -> ``'hearts'``)."""
    return _FOUNDATION_SUITS[suit]()


def foundation_name(suit: str) -> str:
    """``'H'`` -> ``'Hearts foundation'``: the name of a foundation pile."""
    return capitalized(_("{suit} foundation", suit=foundation_suit(suit)))


def capitalized(text: str) -> str:
    """``text`` with a capital first letter (as at the start of a label)."""
    return text[:1].upper() + text[1:]


def corner(card: str) -> str:
    """The rank as printed in a card's corner: ``A 2 … 10 J Q K``."""
    rank = RANKS.index(card[0]) + 1
    return _CORNERS.get(rank, str(rank))


__all__ = ["capitalized", "card_name", "corner", "foundation_name", "foundation_suit", "rank_name"]

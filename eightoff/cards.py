"""Cards: ranks, suits and their two-character notation (``AS``, ``TH``, ``KC``).

>>> Card.parse("10h")
Card.parse('TH')
>>> str(Card.parse("qs"))
'QS'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .errors import NotationError

RANKS: Final = "A23456789TJQK"
"""Rank letters, ace (1) lowest to king (13) highest."""
SUITS: Final = "SHDC"
"""Suit letters in the order the foundations are shown: spades, hearts, diamonds, clubs."""

RANK_NAMES: Final = (
    "",
    "ace",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "jack",
    "queen",
    "king",
)
SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: ``rank`` 1 (ace) to 13 (king), ``suit`` one of ``SHDC``."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13 or self.suit not in SUITS or len(self.suit) != 1:
            raise NotationError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``AS``, ``TH``, ``10h`` (any case, surrounding blanks ignored)."""
        token = text.strip().upper()
        if len(token) == 3 and token.startswith("10"):
            token = "T" + token[2]
        if len(token) != 2 or token[0] not in RANKS or token[1] not in SUITS:
            raise NotationError(f"{text.strip()!r} is not a card (write it like AS, TH or KC)")
        return _CARDS[RANKS.index(token[0]) + 13 * SUITS.index(token[1])]

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def name(self) -> str:
        """English words for messages: ``'7 of hearts'``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"


DECK: Final = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
"""The 52 cards in the deal's starting order: AS 2S … KS AH … KH AD … KD AC … KC."""
_CARDS: Final = DECK

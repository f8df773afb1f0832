"""Eight Off solitaire: the rules engine (pure Python, no browser imports).

The public API: :class:`Card`, :class:`Pile`, :class:`Move`, :class:`Position`,
:class:`DealCode`, :class:`Game`, the rule functions in :mod:`eightoff.rules`, the saved
form in :mod:`eightoff.saved`, and the error types in :mod:`eightoff.errors`.
"""

from .cards import DECK, RANKS, SUITS, Card
from .deal import DealCode, deal
from .errors import (
    DealCodeError,
    EightOffError,
    HistoryError,
    IllegalMoveError,
    NotationError,
    PositionError,
    SavedGameError,
)
from .game import UNDO_LIMIT, Game
from .moves import Move
from .piles import Pile
from .position import Position
from .rules import apply, capacity, check, is_legal, legal_moves

__all__ = [
    "DECK",
    "RANKS",
    "SUITS",
    "UNDO_LIMIT",
    "Card",
    "DealCode",
    "DealCodeError",
    "EightOffError",
    "Game",
    "HistoryError",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Pile",
    "Position",
    "PositionError",
    "SavedGameError",
    "apply",
    "capacity",
    "check",
    "deal",
    "is_legal",
    "legal_moves",
]
__version__ = "0.1.0"

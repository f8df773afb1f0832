"""The engine's error types. All are ``ValueError`` subclasses.

Each carries a ``code`` (a stable key a user interface can translate) and ``params``
(the values to put in the translated sentence); ``str(error)`` is the English sentence.
"""

from __future__ import annotations

from typing import Any, Final

SHOWN: Final = 12
"""The most characters of the player's input an error message quotes."""


def clipped(text: str) -> str:
    """A piece of the player's input cut to a readable length for a message.

    >>> clipped("1e"), clipped("x" * 100_000)
    ('1e', 'xxxxxxxxxxxx…')
    """
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"


class EightOffError(ValueError):
    """Base of every error the engine raises on bad input."""

    code = "error"

    def __init__(self, message: str, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params: dict[str, Any] = params


class NotationError(EightOffError):
    """Text that is not a card, a pile, a move or a position in our notations."""

    code = "notation"


class DealCodeError(EightOffError):
    """A deal code that is not of the form ``EO1-C{8|4|2}-XXXXXXX``."""

    code = "deal-code"


class PositionError(EightOffError):
    """A position that breaks the rules: missing or doubled cards, bad pile shapes."""

    code = "position"


class IllegalMoveError(EightOffError):
    """A well-formed move that the rules do not allow here; the message says why."""

    code = "illegal"


class HistoryError(EightOffError):
    """Undo or redo asked for when there is nothing (more) to undo or redo."""

    code = "history"


class SavedGameError(EightOffError):
    """A saved game that cannot be loaded exactly; nothing of it is used."""

    code = "saved-game"

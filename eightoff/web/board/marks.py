"""What the board marks for a hint (pure Python, no import: the solver's worker reads it
too, through :mod:`.solver.messages`, which makes it from the solver's move).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Marks:
    """What the page marks for a hint: the ``cards`` to move (class ``hint``, bottom
    first), the ``target`` pile's key (class ``hint-target``) and the words for
    ``#status``."""

    cards: tuple[str, ...]
    target: str
    text: str


__all__ = ["Marks"]

"""The first visit's how-to-play (``#how-to``): its words, whether it was seen, and when it
shows and goes (pure Python, no browser import; tested under CPython).

A short card over the board, never in the way: it takes neither the focus nor the
pointer (only its own button does), so a shared link's first visit shows its deal at
once and plays at once. It shows when the page starts on a game with no move and the
player has never dismissed it; it goes for good when they dismiss it ("Got it") or play
their first move. The keys' window (``?``) has a button that shows it again, focused.

"Seen" is kept under its own ``localStorage`` key (:data:`.facts.HOW_TO_KEY`), apart
from the record: any value there means seen (nothing of it is read, so no stored value
can break the page), a storage that cannot be read shows it, one that cannot be written
shows it again next visit.

>>> from eightoff.web.storage.store import MemoryStorage
>>> seen = Seen(MemoryStorage())
>>> seen.seen(), seen.remember(), seen.seen()
(False, None, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol

from ...game import Game
from ..door import Routes
from ..facts import HOW_TO_KEY
from ..storage.store import Storage
from ..words.i18n import _

Words = Callable[[], str]
"""Words made in the language in use at each call (as :data:`.panel.Words`)."""

TITLE: Final[Words] = lambda: _("How to play")  # noqa: E731
LINES: Final[tuple[Words, ...]] = (
    lambda: _("Move every card to the foundations, each suit from ace to king."),
    lambda: _("Tap a card: it goes to its foundation when it can."),
    lambda: _("Double tap a card: it goes to its foundation, else to a column, else to a free cell."),
    lambda: _("Drag a card, or a run, to any pile that takes it."),
    lambda: _("Keys: the arrows and Enter, or 1 to 8 for a column; ? lists them all."),
)
"""The how-to's lines: the goal, then tap, double tap, drag and the keys."""
DISMISS: Final[Words] = lambda: _("Got it")  # noqa: E731


class Seen:
    """Whether the how-to was dismissed (or a move played), kept in ``storage``."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def seen(self) -> bool:
        try:
            return self.storage.get(HOW_TO_KEY) is not None
        except Exception:  # storage refused: nothing could be remembered either
            return False

    def remember(self) -> None:
        try:
            self.storage.set(HOW_TO_KEY, "seen")
        except Exception:  # a full or refused storage: shown again next visit, that is all
            return


class Card(Protocol):
    """The how-to's element (:class:`.windows.how_to_card.HowToCard`) and its memory."""

    @property
    def shown(self) -> bool: ...

    def show(self, focus: bool) -> None: ...
    def hide(self) -> None: ...
    def seen(self) -> bool: ...
    def remember(self) -> None: ...


class HowTo:
    """When the how-to shows and goes. ``game()`` is the game in play; ``hand_over(id)``
    closes a dialog without giving the focus back to where it was (the how-to takes it)."""

    def __init__(self, card: Card, game: Callable[[], Game], hand_over: Callable[[str], None]) -> None:
        self.card, self.game, self.hand_over = card, game, hand_over
        self.moves = 0
        """The game's move count when the how-to was shown: a move since hides it."""

    def routes(self) -> Routes:
        return Routes(commands=(("how-to", self.again), ("how-to-close", self.dismiss)))

    def start(self) -> None:
        """The page has started: show the how-to, without the focus, to a player who has
        never dismissed it, on a game with no move yet."""
        if not self.card.seen() and not self.game().moves:
            self.moves = 0
            self.card.show(False)

    def again(self) -> None:
        """Asked for from the keys' window: shown again, with the focus."""
        self.hand_over("help-dialog")
        self.moves = self.game().moves
        self.card.show(True)

    def dismiss(self) -> None:
        self.card.hide()
        self.card.remember()

    def follow(self) -> None:
        """After each action: a move played (or undone) since it showed hides it for good."""
        if self.card.shown and self.game().moves != self.moves:
            self.dismiss()


__all__ = ["DISMISS", "LINES", "TITLE", "Card", "HowTo", "Seen"]

"""The game's commands: undo and redo, the New Game window and what it deals (a random
deal, a typed code, today's deal, this deal again), the settings and keys windows, the
question asked first and the dialogs' close buttons (pure Python; tested under CPython).

:class:`Deals` handles them; the game changes in the table, the dialogs are
:class:`.windows.dialogs.Dialogs`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ...deal import DealCode
from ...game import Game
from ...moves import Move
from ...winnable import CATALOGUED, winnable
from ..actions import Close
from ..door import Routes
from ..links.address import Link
from ..storage.daily import daily_code, today
from ..storage.settings import Settings
from ..words.i18n import _, ngettext

Said = Callable[[Game], str]
"""What the status line says about a game just shown."""


def new_deal(game: Game) -> str:
    return _("New deal {code}.", code=str(game.code))


def restarted(game: Game) -> str:
    return _("Deal {code} started again.", code=str(game.code))


def link_opened(game: Game) -> str:
    return ngettext(
        "Deal {code}, after the {moves} move of the link.",
        "Deal {code}, after the {moves} moves of the link.",
        game.moves,
        code=str(game.code),
        moves=game.moves,
    )


class Windows(Protocol):
    """The dialogs (:class:`.windows.dialogs.Dialogs`)."""

    def open_new_game(self, settings: Settings) -> None: ...
    def open_settings(self, settings: Settings) -> None: ...
    def open_help(self) -> None: ...
    def close(self, ident: str) -> None: ...
    def close_all(self) -> None: ...
    def guarded(self, game: Game, then: Callable[[], None]) -> None: ...
    def confirmed(self) -> None: ...
    def check_code(self) -> DealCode | None: ...


class Played(Protocol):
    """The table (:class:`.board.table.Table`)."""

    @property
    def game(self) -> Game: ...
    @property
    def settings(self) -> Settings: ...

    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def open(self, game: Game, message: Said = ..., path: tuple[Move, ...] = ()) -> None: ...


class Deals:
    """What the game's commands do. ``leave_replay()`` closes a replay shown;
    ``ask_deal(cells)`` asks the solver for a deal it has won (8 cells)."""

    def __init__(
        self,
        dialogs: Windows,
        table: Played,
        leave_replay: Callable[[], None],
        ask_deal: Callable[[int], None],
    ) -> None:
        self.dialogs, self.table = dialogs, table
        self.leave_replay, self.ask_deal = leave_replay, ask_deal

    def routes(self) -> Routes:
        dialogs, table = self.dialogs, self.table
        return Routes(
            actions=((Close, lambda action: dialogs.close(action.dialog)),),
            commands=(
                ("undo", table.undo),
                ("redo", table.redo),
                ("new-game", lambda: dialogs.open_new_game(table.settings)),
                ("win-new", self.win_new),
                ("settings", lambda: dialogs.open_settings(table.settings)),
                ("random-deal", lambda: dialogs.guarded(table.game, self.deal_random)),
                ("play-code", self.play_code),
                ("restart", self.restart),
                ("confirm-yes", dialogs.confirmed),
                ("help", dialogs.open_help),
                ("daily", self.daily),
            ),
        )

    def win_new(self) -> None:
        self.dialogs.close_all()
        self.dialogs.open_new_game(self.table.settings)

    def restart(self) -> None:
        self.dialogs.guarded(self.table.game, lambda: self.deal(self.table.game.code, restarted))

    def play_code(self) -> None:
        code = self.dialogs.check_code()
        if code is not None:
            self.dialogs.guarded(self.table.game, lambda: self.deal(code))

    def daily(self) -> None:
        code = daily_code(today())
        self.dialogs.guarded(self.table.game, lambda: self.deal(code))

    def deal(self, code: DealCode, message: Said = new_deal) -> None:
        """Close the dialogs and start ``code`` from its first card."""
        self.open(Game.new(code), message)

    def open_link(self, link: Link) -> None:
        """Close the dialogs and show the deal or position an address asked for."""
        self.open(link.game(), link_opened if link.moves else new_deal, link.moves)

    def open(self, game: Game, message: Said, path: tuple[Move, ...] = ()) -> None:
        self.dialogs.close_all()
        self.leave_replay()
        self.table.open(game, message, path)

    def deal_random(self) -> None:
        """A random deal of the chosen cell count; with "only deals that can be won", one
        of the catalogue (4, 2 cells) or one the worker has solved (8 cells)."""
        settings = self.table.settings
        if not settings.winnable:
            self.deal(DealCode.random(settings.cells))
        elif settings.cells in CATALOGUED:
            self.deal(winnable(settings.cells))
        else:
            self.dialogs.close_all()
            self.ask_deal(settings.cells)


__all__ = ["Deals", "Said", "link_opened", "new_deal", "restarted"]

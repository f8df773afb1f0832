"""Sharing: the deal's link and a replay link of the game, put on the clipboard or shown
to copy by hand (pure Python; tested under CPython; the addresses are :mod:`.links.address`).

:class:`Sharing` handles the ``copy-link`` and ``share`` commands.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol

from ...game import Game
from ..door import Routes
from ..links.address import Link, share_url
from ..storage.stats import Stats
from ..words.i18n import _


class Said(Protocol):
    """The view's status line and share field (:class:`.board.view.View`)."""

    def say(self, text: str) -> None: ...
    def hide_link(self) -> None: ...
    def offer_link(self, url: str) -> None: ...


class Played(Protocol):
    """The table (:class:`.board.table.Table`)."""

    @property
    def game(self) -> Game: ...
    @property
    def stats(self) -> Stats: ...


class Sharing:
    """Copy links. ``page()`` is the page's address without its query (origin and path);
    ``copy(text)`` puts text on the clipboard (False: refused); ``replay()`` is the
    link of the replay shown (``None``: none); ``run`` runs a coroutine."""

    def __init__(
        self,
        view: Said,
        table: Played,
        page: Callable[[], str],
        copy: Callable[[str], Awaitable[bool]],
        replay: Callable[[], Link | None],
        run: Callable[[Coroutine[Any, Any, None]], None],
    ) -> None:
        self.view, self.table, self.page = view, table, page
        self.copy, self.replay, self.run = copy, replay, run

    def routes(self) -> Routes:
        return Routes(commands=(("copy-link", self.copy_link), ("share", self.share)))

    def copy_link(self) -> None:
        url = share_url(self.page(), self.table.game.code)
        self.run(self.put(url, lambda: _("Link copied: {url}", url=url)))

    def share(self) -> None:
        """A replay link of the whole game (or of the replay shown)."""
        link = self.replay()
        if link is None:
            game = self.table.game
            moves, current = self.table.stats.whole_game(game), self.table.stats.current
            time = None if current is None else current.played_for  # as of the last save
            link = None if moves is None else Link(game.code, moves, time)
        if link is None:
            self.view.say(
                _("The moves of this game from its deal are not all known: it cannot be shared as a replay.")
            )
            return
        if not link.moves:
            self.view.say(_("There is no move to share yet: a replay link needs a move."))
            return
        url = f"{self.page()}{link.query(replay=True)}"
        self.run(self.put(url, lambda: _("Replay link copied: {url}", url=url)))

    async def put(self, url: str, said: Callable[[], str]) -> None:
        """``url`` on the clipboard and ``said()`` in the status line, or the address
        shown selected to copy by hand."""
        if await self.copy(url):
            self.view.hide_link()
            self.view.say(said())
        else:
            self.view.offer_link(url)


__all__ = ["Sharing"]

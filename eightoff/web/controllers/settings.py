"""The settings chosen in the dialogs, and the language switch among them: every word on
the page again in the language chosen, the game left as it is (pure Python; tested under
CPython; docs/i18n.md).

:class:`SettingsChoices` handles :class:`.actions.Choose` (a setting chosen: the table
keeps it; a language is spoken at once) and :meth:`SettingsChoices.speak`, which the
start-up calls too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from ...game import Game
from ..actions import Choose
from ..door import Routes
from ..links.address import query_for
from ..storage.settings import Settings
from ..words.i18n import _, direction, language, set_language


class Document(Protocol):
    """The page's ``document``: ``<html lang dir>`` and the title."""

    documentElement: Any
    title: Any


class Words(Protocol):
    """The board's view (:class:`.board.view.View`)."""

    def link_pages(self, lang: str) -> None: ...


class Chosen(Protocol):
    """The table (:class:`.board.table.Table`)."""

    @property
    def game(self) -> Game: ...
    @property
    def settings(self) -> Settings: ...

    def choose(self, settings: Settings) -> None: ...
    def redraw(self) -> None: ...


class SettingsChoices:
    """The settings chosen, and the page's language. ``relabels``: what else rewrites its
    words (the dialogs, the replay bar, the Statistics window); ``address(query)`` writes the address bar."""

    def __init__(
        self,
        document: Document,
        view: Words,
        table: Chosen,
        relabels: Iterable[Callable[[], None]],
        address: Callable[[str], None],
    ) -> None:
        self.document = document
        self.view = view
        self.table = table
        self.relabels = tuple(relabels)
        self.address = address

    def routes(self) -> Routes:
        return Routes(actions=((Choose, self.choose),))

    def choose(self, action: Choose) -> None:
        table = self.table
        try:
            settings = action.applied_to(table.settings)
        except ValueError:  # not one of the choices: the page offers none other
            return
        table.choose(settings)
        if settings.language and settings.language != language():
            self.speak(settings.language, table.game)
            self.address(query_for(table.game.code))  # no ?lang= now

    def speak(self, wanted: str, game: Game | None) -> None:
        """Use the language ``wanted`` (when the build has its catalogue): the page's
        ``<html lang dir>`` and title, and, when ``game`` is shown, every word on the page
        again (the game itself is untouched)."""
        code = set_language(wanted)
        root = self.document.documentElement
        root.setAttribute("lang", code)
        root.setAttribute("dir", direction(code))
        self.document.title = _("Eight Off")
        self.view.link_pages(code)
        if game is not None or code != "en":
            if game is not None:
                self.table.redraw()  # every word of the board, in the model, again
            for relabel in self.relabels:
                relabel()


__all__ = ["SettingsChoices"]

"""The page's set of dialogs: each window built once at the end of the page, opened
modally, closed, and the focus given back to where it was when it closes
(docs/dom-contract.md, "Dialogs").

Thin DOM code. The windows are modules of their own (:mod:`.win`, :mod:`.new_game`,
:mod:`.confirm`, :mod:`.settings_window`, :mod:`.keys_window`, and the Statistics window
adopted from :mod:`.stats_window`); :class:`Dialogs` holds them and is what the page calls.
Their buttons carry ``data-action`` and reach the page through the one click listener
(``App.dispatch``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document
from pyscript.ffi import is_none

from ...deal import DealCode
from ...game import Game
from ..dom import Texts, add, listen
from ..storage.settings import Settings
from .confirm import ConfirmDialog, in_progress
from .keys_window import KeysDialog
from .new_game import NewGameDialog
from .panel import Panel, Words
from .settings_window import SettingsDialog
from .win import WinDialog


class Dialogs:
    """The dialogs, built once at the end of ``root``. Each returns the focus to where it
    was when it closes. Their words are kept with :class:`.dom.Texts`, so :meth:`relabel`
    rewrites them in another language, an open dialog included."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.texts = Texts()
        self.win = WinDialog(self.texts)
        self.new_game = NewGameDialog(self.texts)
        self.confirmation = ConfirmDialog(self.texts)
        self.settings = SettingsDialog(self.texts)
        self.keys = KeysDialog(self.texts)
        self.panels: list[Panel] = [self.win, self.new_game, self.confirmation, self.settings, self.keys]
        add(root, *(panel.dialog for panel in self.panels))
        self.by_id = {str(panel.dialog.id): panel.dialog for panel in self.panels}
        self.openers: dict[str, Any] = {}
        """Per dialog id, the element that had the focus when it opened."""

    def adopt(self, dialog: Any) -> None:
        """Own a dialog built elsewhere (the Statistics window, :mod:`.stats_window`):
        added to ``root``, closed with the others, opened by :meth:`open`, the focus given
        back. Call before :meth:`bind`."""
        self.root.appendChild(dialog)
        self.by_id[str(dialog.id)] = dialog

    def open(self, ident: str) -> None:
        """Open an adopted dialog by its id."""
        self._show(self.by_id[ident])

    def relabel(self) -> None:
        """Every word of the dialogs again in the language now in use (an open dialog
        too: the question and the win message keep their numbers)."""
        self.texts.refresh()
        for panel in self.panels:
            panel.relabel()

    def bind(self) -> Callable[[], None]:
        """Check the code field as it is typed; give the focus back when a dialog
        closes; returns the unbind."""

        def on_input(_event: Any) -> None:
            self.new_game.check()

        def on_close(event: Any) -> None:
            opener = self.openers.pop(str(event.target.id), None)
            if opener is not None and opener.isConnected and is_none(self.root.querySelector("dialog[open]")):
                opener.focus()

        unbinds = [listen(self.new_game.code_input, {"input": on_input})]
        unbinds += [listen(node, {"close": on_close}) for node in self.by_id.values()]

        def unbind() -> None:
            for one in unbinds:
                one()

        return unbind

    def _show(self, dialog: Any) -> None:
        """Open ``dialog`` modally (the focus stays inside it until it closes), focused on
        its first control or its heading (:class:`.panel.Panel`) and scrolled to its top."""
        active = document.activeElement
        if not dialog.open:
            if not is_none(active) and is_none(active.closest("dialog")):
                self.openers[str(dialog.id)] = active
            dialog.showModal()
            dialog.scrollTop = 0

    # -- open, close -----------------------------------------------------------------

    def any_open(self) -> bool:
        """Whether a dialog is open (the board behind it takes no input)."""
        return not is_none(self.root.querySelector("dialog[open]"))

    def is_open(self, ident: str) -> bool:
        node = self.by_id.get(ident)
        return node is not None and bool(node.open)

    def close(self, ident: str) -> None:
        node = self.by_id.get(ident)
        if node is not None:
            node.close()

    def hand_over(self, ident: str) -> None:
        """Close a dialog without giving the focus back: what closes it takes the focus."""
        self.openers.pop(ident, None)
        self.close(ident)

    def close_all(self) -> None:
        for node in self.by_id.values():
            if node.open:
                node.close()

    def show_win(self, game: Game) -> None:
        """The win message with the game's score and move count."""
        self.win.show(game)
        self._show(self.win.dialog)

    def open_new_game(self, settings: Settings) -> None:
        """The New Game window with the chosen cell count and an empty code field."""
        self.new_game.show(settings)
        self._show(self.new_game.dialog)

    def open_settings(self, settings: Settings) -> None:
        self.settings.show(settings)
        self._show(self.settings.dialog)

    def open_help(self) -> None:
        """The list of keys."""
        self._show(self.keys.dialog)

    def check_code(self) -> DealCode | None:
        """The New Game window's typed code checked (:meth:`.new_game.NewGameDialog.check`)."""
        return self.new_game.check()

    # -- asking first ----------------------------------------------------------------

    def confirm(self, words: Words, then: Callable[[], None]) -> None:
        """Ask ``words()``; "yes" runs ``then`` (:meth:`confirmed`), "no" closes."""
        self.confirmation.ask(words, then)
        self._show(self.confirmation.dialog)

    def confirmed(self) -> None:
        """The player said yes: close the question and run what it asked about."""
        self.confirmation.answered()

    def guarded(self, game: Game, then: Callable[[], None]) -> None:
        """Run ``then`` at once, or after asking when it would replace ``game`` while it
        is in play (it has moves and is not won)."""
        question = in_progress(game)
        if question is None:
            then()
        else:
            self.confirm(question, then)


__all__ = ["Dialogs"]

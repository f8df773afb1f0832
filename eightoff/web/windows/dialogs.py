"""The page's set of dialogs: each window built at the end of the page the first time it
is wanted (opened, or built ahead by :meth:`Dialogs.build_next` once the board is playable),
opened modally, closed, and the focus given back to where it was when it closes
(docs/dom-contract.md, "Dialogs").

Thin DOM code. The windows are modules of their own (:mod:`.win`, :mod:`.new_game`,
:mod:`.confirm`, :mod:`.settings_window`, :mod:`.keys_window`, and the Statistics window
adopted from :mod:`.stats_window`); :class:`Dialogs` holds them and is what the page calls.
Their buttons carry ``data-action`` and reach the page through the one click listener
(``App.dispatch``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from pyscript import document
from pyscript.ffi import is_none

from ...deal import DealCode
from ...game import Game
from ..dom import Texts, listen
from ..storage.settings import Settings
from .confirm import ConfirmDialog, in_progress
from .keys_window import KeysDialog
from .new_game import NewGameDialog
from .panel import Panel, Words
from .settings_window import SettingsDialog
from .win import WinDialog

Made = TypeVar("Made", bound=Panel)


class Dialogs:
    """The dialogs, each built at the end of ``root`` when first wanted (:meth:`panel`).
    Each returns the focus to where it was when it closes. Their words are kept with
    :class:`.dom.Texts`, so :meth:`relabel` rewrites them in another language, an open
    dialog included."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.texts = Texts()
        self.on_code: Callable[[DealCode | None], None] = lambda _code: None
        """Told each code the New Game window checks (:mod:`.solver.coach`)."""
        self.makers: dict[str, Callable[[Texts], Panel]] = {
            "win": WinDialog,
            "new-game-dialog": partial(NewGameDialog, on_code=lambda code: self.on_code(code)),
            "confirm": ConfirmDialog,
            "settings-dialog": SettingsDialog,
            "help-dialog": KeysDialog,
        }
        """How each window is made, by its dialog's id, in the page's order."""
        self.panels: dict[str, Panel] = {}
        """The windows built, by their dialog's id."""
        self.fittings: dict[str, list[Callable[[Any], None]]] = {}
        """What others put into a window not yet built, run when it is (:meth:`fit`)."""
        self.unbinds: list[Callable[[], None]] | None = None
        """The listeners of the windows built (``None``: not bound)."""
        self.openers: dict[str, Any] = {}
        """Per dialog id, the element that had the focus when it opened."""

    def adopt(self, ident: str, make: Callable[[Texts], Panel]) -> None:
        """Own a window made elsewhere (the Statistics window, :mod:`.stats_window`),
        ``ident`` its dialog's id: built, opened, closed and relabelled with the others."""
        self.makers[ident] = make

    def panel(self, ident: str) -> Panel:
        """The window ``ident``, built at the end of ``root`` the first time it is wanted."""
        panel = self.panels.get(ident)
        if panel is None:
            panel = self.panels[ident] = self.makers[ident](self.texts)
            for fitting in self.fittings.pop(ident, ()):
                fitting(panel)
            self.root.appendChild(panel.dialog)
            self._listen(panel)
        return panel

    def fit(self, ident: str, fitting: Callable[[Any], None]) -> None:
        """Run ``fitting(panel)`` on the window ``ident`` once it is built (at once if it is)."""
        if ident in self.panels:
            fitting(self.panels[ident])
        else:
            self.fittings.setdefault(ident, []).append(fitting)

    def build_next(self) -> bool:
        """Build one window not yet built, in the page's order; ``False`` when all are."""
        ident = next((ident for ident in self.makers if ident not in self.panels), None)
        return ident is not None and self.panel(ident) is not None

    def made(self, ident: str, kind: type[Made]) -> Made:
        """The window ``ident``, of the class ``kind``, built if it is not yet."""
        panel = self.panel(ident)
        assert isinstance(panel, kind)
        return panel

    @property
    def win(self) -> WinDialog:
        return self.made("win", WinDialog)

    @property
    def new_game(self) -> NewGameDialog:
        return self.made("new-game-dialog", NewGameDialog)

    @property
    def confirmation(self) -> ConfirmDialog:
        return self.made("confirm", ConfirmDialog)

    @property
    def settings(self) -> SettingsDialog:
        return self.made("settings-dialog", SettingsDialog)

    @property
    def keys(self) -> KeysDialog:
        return self.made("help-dialog", KeysDialog)

    def open(self, ident: str) -> None:
        """Open an adopted dialog by its id."""
        self._show(self.panel(ident).dialog)

    def relabel(self) -> None:
        """Every word of the dialogs built again in the language now in use (an open
        dialog too: the question and the win message keep their numbers)."""
        self.texts.refresh()
        for panel in self.panels.values():
            panel.relabel()

    def bind(self) -> Callable[[], None]:
        """Check the code field as it is typed; give the focus back when a dialog
        closes (the windows built now and later); returns the unbind."""
        self.unbinds = []
        for panel in self.panels.values():
            self._listen(panel)

        def unbind() -> None:
            unbinds, self.unbinds = self.unbinds or [], None
            for one in unbinds:
                one()

        return unbind

    def _listen(self, panel: Panel) -> None:
        if self.unbinds is None:
            return
        self.unbinds.append(listen(panel.dialog, {"close": self._closed}))
        if isinstance(panel, NewGameDialog):
            self.unbinds.append(listen(panel.code_input, {"input": self._typed}))

    def _typed(self, _event: Any) -> None:
        self.check_code()

    def _closed(self, event: Any) -> None:
        opener = self.openers.pop(str(event.target.id), None)
        if opener is not None and opener.isConnected and not self.any_open():
            opener.focus()

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
        panel = self.panels.get(ident)
        return panel is not None and bool(panel.dialog.open)

    def close(self, ident: str) -> None:
        panel = self.panels.get(ident)
        if panel is not None:
            panel.dialog.close()

    def hand_over(self, ident: str) -> None:
        """Close a dialog without giving the focus back: what closes it takes the focus."""
        self.openers.pop(ident, None)
        self.close(ident)

    def close_all(self) -> None:
        for panel in self.panels.values():
            if panel.dialog.open:
                panel.dialog.close()

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

"""The page's dialogs drawn from the state: the windows open (:attr:`.state.PageState.windows`)
shown modally in order, their contents written, the others closed, and the focus given back
to where it was when one closes (docs/dom-contract.md, "Dialogs").

Thin DOM code. Each window is a :class:`.panel.Panel` of its own module (:mod:`.win`,
:mod:`.new_game`, :mod:`.confirm`, :mod:`.settings_window`, :mod:`.keys_window`,
:mod:`.stats_window`), built at the end of the page the first time it opens (or ahead, one
by one, by :meth:`Dialogs.build_next` once the board is playable). Their buttons carry
``data-action`` and reach the page through the shell's one click listener; a dialog closed
by Escape is told to the update (:class:`.actions.DialogClosed`), as is the code typed in
the New Game window (:class:`.actions.CodeTyped`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document
from pyscript.ffi import is_none

from ..actions import Action, CodeTyped, DialogClosed
from ..dom import Texts, listen
from ..state import PageState, Window
from .confirm import ConfirmDialog
from .keys_window import KeysDialog
from .new_game import NewGameDialog
from .panel import Panel
from .settings_window import SettingsDialog
from .stats_window import StatsDialog
from .win import WinDialog

MAKERS: dict[str, Callable[[Texts], Panel]] = {
    "win": WinDialog,
    "new-game-dialog": NewGameDialog,
    "confirm": ConfirmDialog,
    "settings-dialog": SettingsDialog,
    "help-dialog": KeysDialog,
    "stats": StatsDialog,
}
"""How each window is made, by its dialog's id, in the page's order."""


class Dialogs:
    """The dialogs, each built at the end of ``root`` when first wanted. Their fixed words
    are kept in :attr:`texts`, so a language change rewrites them, an open dialog's too."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.texts = Texts()
        self.panels: dict[str, Panel] = {}
        """The windows built, by their dialog's id."""
        self.drawn: dict[str, tuple[Window, PageState]] = {}
        """What each open window shows: the window and the state it was drawn from."""
        self.openers: dict[str, Any] = {}
        """Per dialog id, the element that had the focus when it opened."""
        self.dismissed: set[str] = set()
        """The dialogs the browser closed (Escape) that the state has not yet let go."""
        self.dispatch: Callable[[Action], None] | None = None
        """Where the dialogs' own events go (``None``: not bound)."""
        self.unbinds: list[Callable[[], None]] = []

    def panel(self, ident: str) -> Panel:
        """The window ``ident``, built at the end of ``root`` the first time it is wanted."""
        panel = self.panels.get(ident)
        if panel is None:
            panel = self.panels[ident] = MAKERS[ident](self.texts)
            self.root.appendChild(panel.dialog)
            self._listen(panel)
        return panel

    def build_next(self) -> bool:
        """Build one window not yet built, in the page's order; ``False`` when all are."""
        ident = next((ident for ident in MAKERS if ident not in self.panels), None)
        return ident is not None and self.panel(ident) is not None

    def draw(self, state: PageState, relabel: bool, hand_over: bool = False) -> None:
        """The dialogs as ``state`` has them: the windows it does not hold closed (``hand_over``:
        without giving the focus back, something else takes it), each it holds drawn and
        open, the last in front; ``relabel``: the language changed."""
        if relabel:
            self.texts.refresh()
        wanted = {window.ident for window in state.windows}
        self.dismissed &= wanted
        for ident in [ident for ident in self.drawn if ident not in wanted]:
            del self.drawn[ident]
            if hand_over:
                self.openers.pop(ident, None)
            panel = self.panels[ident]
            if panel.dialog.open:
                panel.dialog.close()
        for window in state.windows:
            panel = self.panel(window.ident)
            drawn = self.drawn.get(window.ident)
            if drawn is not None and not panel.dialog.open:  # closed by the browser, not yet told
                self._gone(window.ident)
            if window.ident in self.dismissed:
                continue
            if drawn is None:
                panel.opened(window, state)
            if drawn is None or relabel or drawn[0] != window or _differs(drawn[1], state):
                panel.draw(window, state)
                self.drawn[window.ident] = (window, state)
            if not panel.dialog.open:
                self._show(panel.dialog)

    def bind(self, dispatch: Callable[[Action], None]) -> Callable[[], None]:
        """Tell ``dispatch`` of a dialog closed by itself and of the code typed (the windows
        built now and later); returns the unbind."""
        self.dispatch = dispatch
        for panel in self.panels.values():
            self._listen(panel)

        def unbind() -> None:
            self.dispatch = None
            while self.unbinds:
                self.unbinds.pop()()

        return unbind

    def _listen(self, panel: Panel) -> None:
        if self.dispatch is None:
            return
        self.unbinds.append(listen(panel.dialog, {"close": self._closed, "cancel": self._cancelled}))
        if isinstance(panel, NewGameDialog):
            field = panel.code_input
            self.unbinds.append(
                listen(field, {"input": lambda _event: self._send(CodeTyped(str(field.value)))})
            )

    def _send(self, action: Action) -> None:
        if self.dispatch is not None:
            self.dispatch(action)

    def _closed(self, event: Any) -> None:
        """A dialog closed (by the page, or by Escape): the focus back where it was, and the
        state told when the browser closed it."""
        ident = str(event.target.id)
        opener = self.openers.pop(ident, None)
        if opener is not None and opener.isConnected and not self.any_open():
            opener.focus()
        self._gone(ident)

    def _cancelled(self, event: Any) -> None:
        """Escape closes a dialog (its ``cancel`` comes at once, its ``close`` a task later:
        a key pressed meanwhile finds the state told already)."""
        self._gone(str(event.target.id))

    def _gone(self, ident: str) -> None:
        """The browser closed the dialog ``ident`` the state holds open: the state follows
        (and until it does, the dialog stays closed)."""
        if self.drawn.pop(ident, None) is not None:
            self.dismissed.add(ident)
            self._send(DialogClosed(ident))

    def _show(self, dialog: Any) -> None:
        """Open ``dialog`` modally (the focus stays inside it until it closes), focused on
        its first control or its heading (:class:`.panel.Panel`) and scrolled to its top."""
        active = document.activeElement
        if not is_none(active) and is_none(active.closest("dialog")):
            self.openers[str(dialog.id)] = active
        dialog.showModal()
        dialog.scrollTop = 0

    def any_open(self) -> bool:
        """Whether a dialog is open."""
        return not is_none(self.root.querySelector("dialog[open]"))


def _differs(drawn: PageState, state: PageState) -> bool:
    """Whether a window drawn from ``drawn`` may show something else of ``state``: the
    settings, the record or the coach's verdict changed."""
    return (drawn.settings, drawn.coach.verdict) != (state.settings, state.coach.verdict) or (
        drawn.stats is not state.stats
    )


__all__ = ["MAKERS", "Dialogs"]

"""The page's dialogs: the win message, the New Game window, the settings, and the
question asked before a game in progress is replaced (docs/dom-contract.md, "Dialogs").

Thin DOM code, and the only module that writes into a dialog. Each dialog is a
``<dialog>`` opened with ``showModal()``; its buttons carry ``data-action`` and reach the
page through the one click listener (``App.dispatch``), so this module only builds the
dialogs, opens and closes them, and checks the code typed in the New Game window. Words
come from :mod:`.i18n`, the cell counts from the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document
from pyscript.ffi import is_none

from ..deal import DealCode
from ..errors import DealCodeError
from ..game import Game
from ..position import CELL_COUNTS
from .dom import add, el, listen
from .i18n import error_text, t
from .i18n import gettext as _
from .persist import Settings


def _dialog(ident: str, title: str) -> tuple[Any, Any]:
    dialog = el("dialog", "panel", id=ident, aria_labelledby=f"{ident}-title")
    body = el("div", "panel-body")
    add(dialog, add(body, el("h2", "", title, id=f"{ident}-title")))
    return dialog, body


def _action(text: str, action: str, cls: str = "", **attrs: str) -> Any:
    button = el("button", cls, text, type="button", **attrs)
    button.setAttribute("data-action", action)
    return button


def _radio(name: str, value: str, label: str) -> Any:
    box = el("label", "choice")
    return add(box, el("input", "", type="radio", name=name, value=value), el("span", "", label))


def _buttons(*buttons: Any) -> Any:
    return add(el("div", "buttons"), *buttons)


class Dialogs:
    """The five dialogs, built once at the end of ``root``. Each returns the focus to
    where it was when it closes."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.pending: Callable[[], None] | None = None
        """What the confirm dialog's "yes" runs."""
        self.win_dialog, self.win_text = self._build_win()
        self.new_game_dialog, self.code_input, self.code_message, self.play_code = self._build_new_game()
        self.confirm_dialog, self.confirm_text = self._build_confirm()
        self.settings_dialog, self.tap_to_select = self._build_settings()
        self.help_dialog = self._build_help()
        every = (
            self.win_dialog,
            self.new_game_dialog,
            self.confirm_dialog,
            self.settings_dialog,
            self.help_dialog,
        )
        add(root, *every)
        self.by_id = {str(node.id): node for node in every}
        self.openers: dict[str, Any] = {}
        """Per dialog id, the element that had the focus when it opened."""

    def adopt(self, dialog: Any) -> None:
        """Own a dialog built elsewhere (the Statistics window, :mod:`.record`): added to
        ``root``, closed with the others, opened by :meth:`open`, the focus given back.
        Call before :meth:`bind`."""
        self.root.appendChild(dialog)
        self.by_id[str(dialog.id)] = dialog

    def open(self, ident: str) -> None:
        """Open an adopted dialog by its id."""
        self._show(self.by_id[ident])

    # -- building --------------------------------------------------------------------

    def _build_win(self) -> tuple[Any, Any]:
        win, body = _dialog("win", t("win.title"))
        text = el("p", "win-text", id="win-text")
        add(
            body,
            text,
            _buttons(
                _action(t("win.new"), "win-new", "primary"),
                _action(_("Share this game"), "share", id="win-share"),
                _action(t("win.close"), "close"),
            ),
        )
        return win, text

    def _build_new_game(self) -> tuple[Any, Any, Any, Any]:
        dialog, body = _dialog("new-game-dialog", t("new.title"))
        cells = add(el("fieldset", "cells-choice"), el("legend", "", t("new.cells")))
        for n in CELL_COUNTS:
            cells.appendChild(_radio("cells", str(n), t("new.cells-option", n=str(n))))
        winnable = add(
            el("label", "winnable-choice"),
            el("input", "", type="checkbox", id="winnable", name="winnable"),
            el("span", "", t("new.winnable")),
        )
        code_input = el(
            "input",
            "code-input",
            id="code-input",
            type="text",
            autocomplete="off",
            spellcheck="false",
            autocapitalize="characters",
            placeholder=t("new.code-placeholder"),
        )
        message = el("p", "code-message", id="code-message", aria_live="polite")
        label = add(el("label", "code-label", "", for_="code-input"), el("span", "", t("new.code-label")))
        play_code = _action(t("new.play-code"), "play-code", id="play-code", disabled="")
        add(
            body,
            cells,
            winnable,
            _buttons(
                _action(t("new.random"), "random-deal", "primary", id="random-deal"),
                _action(_("Today's deal"), "daily", id="daily-deal"),
            ),
            label,
            add(el("div", "code-row"), code_input, play_code),
            message,
            _buttons(_action(t("new.restart"), "restart", id="restart"), _action(t("new.cancel"), "close")),
        )
        return dialog, code_input, message, play_code

    def _build_confirm(self) -> tuple[Any, Any]:
        dialog, body = _dialog("confirm", t("confirm.title"))
        text = el("p", "confirm-text", id="confirm-text")
        add(
            body,
            text,
            _buttons(
                _action(t("confirm.yes"), "confirm-yes", "primary", id="confirm-yes"),
                _action(t("confirm.no"), "close", id="confirm-no"),
            ),
        )
        return dialog, text

    def _build_settings(self) -> tuple[Any, Any]:
        dialog, body = _dialog("settings-dialog", t("settings.title"))
        deck = add(
            el("fieldset", "deck-choice"),
            el("legend", "", t("settings.deck")),
            _radio("deck", "four", t("settings.deck-four")),
            _radio("deck", "two", t("settings.deck-two")),
        )
        tap = el("input", "", type="checkbox", id="tap-to-select", name="tap-to-select")
        choice = add(el("label", "choice"), tap, el("span", "", t("settings.tap-to-select")))
        add(body, deck, choice, _buttons(_action(t("settings.close"), "close", "primary")))
        return dialog, tap

    def _build_help(self) -> Any:
        dialog, body = _dialog("help-dialog", t("help.title"))
        keys = el("ul", "keys")
        names = ("arrows", "home-end", "select", "escape", "f", "d", "undo", "redo", "new", "hint", "help")
        for name in names:
            keys.appendChild(el("li", "", t(f"help.{name}")))
        add(body, keys, _buttons(_action(t("help.close"), "close", "primary")))
        return dialog

    def bind(self) -> Callable[[], None]:
        """Check the code field as it is typed; give the focus back when a dialog
        closes; returns the unbind."""

        def on_input(_event: Any) -> None:
            self.check_code()

        def on_close(event: Any) -> None:
            opener = self.openers.pop(str(event.target.id), None)
            if opener is not None and opener.isConnected and is_none(self.root.querySelector("dialog[open]")):
                opener.focus()

        unbinds = [listen(self.code_input, {"input": on_input})]
        unbinds += [listen(node, {"close": on_close}) for node in self.by_id.values()]

        def unbind() -> None:
            for one in unbinds:
                one()

        return unbind

    def _show(self, dialog: Any) -> None:
        """Open ``dialog`` modally (the focus stays inside it until it closes)."""
        active = document.activeElement
        if not dialog.open:
            if not is_none(active) and is_none(active.closest("dialog")):
                self.openers[str(dialog.id)] = active
            dialog.showModal()

    # -- open, close -----------------------------------------------------------------

    def any_open(self) -> bool:
        """Whether a dialog is open (the board behind it takes no input)."""
        return not is_none(self.root.querySelector("dialog[open]"))

    def close(self, ident: str) -> None:
        node = self.by_id.get(ident)
        if node is not None:
            node.close()

    def close_all(self) -> None:
        for node in self.by_id.values():
            if node.open:
                node.close()

    def show_win(self, game: Game) -> None:
        """The win message with the game's score and move count."""
        self.win_text.textContent = t("win.text", score=game.score, moves=game.moves)
        self._show(self.win_dialog)

    def open_new_game(self, settings: Settings) -> None:
        """The New Game window with the chosen cell count and an empty code field."""
        for radio in self.new_game_dialog.querySelectorAll("input[name=cells]"):
            radio.checked = radio.value == str(settings.cells)
        self.new_game_dialog.querySelector("#winnable").checked = settings.winnable
        self.code_input.value = ""
        self.check_code()
        self._show(self.new_game_dialog)

    def open_settings(self, settings: Settings) -> None:
        for radio in self.settings_dialog.querySelectorAll("input[name=deck]"):
            radio.checked = radio.value == settings.deck
        self.tap_to_select.checked = settings.tap_to_select
        self._show(self.settings_dialog)

    def open_help(self) -> None:
        """The list of keys."""
        self._show(self.help_dialog)

    # -- asking first ----------------------------------------------------------------

    def confirm(self, text: str, then: Callable[[], None]) -> None:
        """Ask ``text``; "yes" runs ``then`` (:meth:`confirmed`), "no" closes."""
        self.pending = then
        self.confirm_text.textContent = text
        self._show(self.confirm_dialog)

    def confirmed(self) -> None:
        """The player said yes: close the question and run what it asked about."""
        then, self.pending = self.pending, None
        self.confirm_dialog.close()
        if then is not None:
            then()

    def guarded(self, game: Game, then: Callable[[], None]) -> None:
        """Run ``then`` at once, or after asking when it would replace ``game`` while it
        is in play (it has moves and is not won)."""
        if game.moves and not game.is_won:
            self.confirm(t("confirm.text", moves=game.moves), then)
        else:
            then()

    # -- the code field --------------------------------------------------------------

    def check_code(self) -> DealCode | None:
        """Check the typed code as it is typed: the reason in words when it is refused,
        the play button enabled only for a valid code. Returns the code when valid."""
        text = str(self.code_input.value)
        code, message = None, ""
        if text.strip():
            try:
                code = DealCode.parse(text)
                message = t("new.code-ok", code=str(code), cells=code.cells)
            except DealCodeError as error:
                message = error_text(error)
        self.code_message.textContent = message
        self.code_message.classList.toggle("bad", code is None and bool(message))
        self.play_code.disabled = code is None
        return code


__all__ = ["Dialogs"]

"""The page's dialogs: the win message, the New Game window, the settings, and the
question asked before a game in progress is replaced (docs/dom-contract.md, "Dialogs").

Thin DOM code, and the only module that writes into a dialog. Each dialog is a
``<dialog>`` opened with ``showModal()``; its buttons carry ``data-action`` and reach the
page through the one click listener (``App.dispatch``), so this module only builds the
dialogs, opens and closes them, and checks the code typed in the New Game window. Words
come from :mod:`.words.i18n`, the cell counts from the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from pyscript import document
from pyscript.ffi import is_none

from ...deal import DealCode
from ...errors import DealCodeError
from ...game import Game
from ...position import CELL_COUNTS
from ..dom import Texts, add, el, listen
from ..storage.store import Settings
from ..words.i18n import LANGUAGES, NAMES, _, direction, error_text, language, ngettext

Words = Callable[[], str]


def _cells(n: int) -> str:
    return ngettext("{n} cell", "{n} cells", n, n=n)


def _buttons(*buttons: Any) -> Any:
    return add(el("div", "buttons"), *buttons)


HELP: tuple[Words, ...] = (
    lambda: _("Arrow keys: move between piles and, in a column, between its cards"),
    lambda: _("Home, End: the first or last pile of the row"),
    lambda: _("Enter or Space: pick up the card and the cards on it; again on a pile: put them there"),
    lambda: _("Escape: put the picked-up cards back"),
    lambda: _("F: send the card to its foundation"),
    lambda: _("D: the double-tap move"),
    lambda: _("U or Ctrl+Z: undo"),
    lambda: _("Ctrl+Y or Ctrl+Shift+Z: redo"),
    lambda: _("N: new game"),
    lambda: _("H: a hint, the next move of a winning line"),
    lambda: _("B: go back to the last position that can still be won (offered when a hint finds none)"),
    lambda: _("?: this list"),
)
"""The lines of the keys' list (docs/dom-contract.md, "Keys")."""


class Dialogs:
    """The five dialogs, built once at the end of ``root``. Each returns the focus to
    where it was when it closes. Their words are kept with :class:`.dom.Texts`, so
    :meth:`relabel` rewrites them in another language, an open dialog included."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.texts = Texts()
        self.pending: Callable[[], None] | None = None
        """What the confirm dialog's "yes" runs."""
        self.on_code: Callable[[DealCode | None], None] = lambda _code: None
        """Told each code checked (the solver's verdict, :mod:`.solver.coach`)."""
        self.win_words: Words = str
        self.confirm_words: Words = str
        """The words of the win message and of the question, for :meth:`relabel`."""
        self.win_dialog, self.win_text = self._build_win()
        self.new_game_dialog, self.code_input, self.code_message, self.play_code = self._build_new_game()
        self.confirm_dialog, self.confirm_text = self._build_confirm()
        self.settings_dialog, self.tap_to_select, self.language = self._build_settings()
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
        """Own a dialog built elsewhere (the Statistics window, :mod:`.windows.record`): added to
        ``root``, closed with the others, opened by :meth:`open`, the focus given back.
        Call before :meth:`bind`."""
        self.root.appendChild(dialog)
        self.by_id[str(dialog.id)] = dialog

    def open(self, ident: str) -> None:
        """Open an adopted dialog by its id."""
        self._show(self.by_id[ident])

    # -- building --------------------------------------------------------------------

    def _dialog(self, ident: str, title: Words) -> tuple[Any, Any]:
        dialog = el("dialog", "panel", id=ident, aria_labelledby=f"{ident}-title")
        body = el("div", "panel-body")
        add(dialog, add(body, self.texts.text(el("h2", "", id=f"{ident}-title"), title)))
        return dialog, body

    def _action(self, words: Words, action: str, cls: str = "", **attrs: str) -> Any:
        button = self.texts.text(el("button", cls, type="button", **attrs), words)
        button.setAttribute("data-action", action)
        return button

    def _radio(self, name: str, value: str, words: Words) -> Any:
        box = el("label", "choice")
        input_ = el("input", "", type="radio", name=name, value=value)
        return add(box, input_, self.texts.text(el("span"), words))

    def _build_win(self) -> tuple[Any, Any]:
        win, body = self._dialog("win", lambda: _("You won!"))
        text = el("p", "win-text", id="win-text")
        add(
            body,
            text,
            _buttons(
                self._action(lambda: _("New game"), "win-new", "primary"),
                self._action(lambda: _("Share this game"), "share", id="win-share"),
                self._action(lambda: _("Close"), "close"),
            ),
        )
        return win, text

    def _build_new_game(self) -> tuple[Any, Any, Any, Any]:
        dialog, body = self._dialog("new-game-dialog", lambda: _("New game"))
        cells = add(el("fieldset", "cells-choice"), self.texts.text(el("legend"), lambda: _("Cells")))
        for n in CELL_COUNTS:
            cells.appendChild(self._radio("cells", str(n), partial(_cells, n)))
        winnable = add(
            el("label", "winnable-choice"),
            el("input", "", type="checkbox", id="winnable", name="winnable"),
            self.texts.text(el("span"), lambda: _("Only deals that can be won")),
        )
        code_input = el(
            "input",
            "code-input",
            id="code-input",
            type="text",
            autocomplete="off",
            spellcheck="false",
            autocapitalize="characters",
            placeholder="EO1-C8-AAAAAFA",  # a deal code: the same in every language
            dir="ltr",
        )
        message = el("p", "code-message", id="code-message", aria_live="polite")
        label = add(
            el("label", "code-label", "", for_="code-input"),
            self.texts.text(el("span"), lambda: _("Or type a deal code")),
        )
        play_code = self._action(lambda: _("Play this code"), "play-code", id="play-code", disabled="")
        add(
            body,
            cells,
            winnable,
            _buttons(
                self._action(lambda: _("Random deal"), "random-deal", "primary", id="random-deal"),
                self._action(lambda: _("Today's deal"), "daily", id="daily-deal"),
            ),
            label,
            add(el("div", "code-row"), code_input, play_code),
            message,
            _buttons(
                self._action(lambda: _("Restart this deal"), "restart", id="restart"),
                self._action(lambda: _("Cancel"), "close"),
            ),
        )
        return dialog, code_input, message, play_code

    def _build_confirm(self) -> tuple[Any, Any]:
        dialog, body = self._dialog("confirm", lambda: _("Replace the game in progress?"))
        text = el("p", "confirm-text", id="confirm-text")
        add(
            body,
            text,
            _buttons(
                self._action(lambda: _("Replace it"), "confirm-yes", "primary", id="confirm-yes"),
                self._action(lambda: _("Keep playing"), "close", id="confirm-no"),
            ),
        )
        return dialog, text

    def _build_settings(self) -> tuple[Any, Any, Any]:
        dialog, body = self._dialog("settings-dialog", lambda: _("Settings"))
        deck = add(
            el("fieldset", "deck-choice"),
            self.texts.text(el("legend"), lambda: _("Card colours")),
            self._radio("deck", "four", lambda: _("Four colours (♠ black, ♥ red, ♦ blue, ♣ green)")),
            self._radio("deck", "two", lambda: _("Two colours (♠♣ black, ♥♦ red)")),
        )
        tap = el("input", "", type="checkbox", id="tap-to-select", name="tap-to-select")
        choice = add(
            el("label", "choice"),
            tap,
            self.texts.text(el("span"), lambda: _("Tap a card, then tap where it goes")),
        )
        picker = el("select", "", id="language", name="language")
        for code in LANGUAGES:  # each language named in itself, not translated
            picker.appendChild(el("option", "", NAMES[code], value=code, lang=code, dir=direction(code)))
        language = add(
            el("label", "language-choice", for_="language"),
            self.texts.text(el("span"), lambda: _("Language")),
            picker,
        )
        theme = add(
            el("fieldset", "theme-choice"),
            self.texts.text(el("legend"), lambda: _("Table colours")),
            self._radio("theme", "auto", lambda: _("As the device")),
            self._radio("theme", "light", lambda: _("Light")),
            self._radio("theme", "dark", lambda: _("Dark")),
        )
        done = _buttons(self._action(lambda: _("Done"), "close", "primary"))
        add(body, deck, theme, choice, language, done)
        return dialog, tap, picker

    def _build_help(self) -> Any:
        dialog, body = self._dialog("help-dialog", lambda: _("Keys"))
        keys = el("ul", "keys")
        for words in HELP:
            keys.appendChild(self.texts.text(el("li"), words))
        add(body, keys, _buttons(self._action(lambda: _("Close"), "close", "primary")))
        return dialog

    def relabel(self) -> None:
        """Every word of the dialogs again in the language now in use (an open dialog
        too: the question and the win message keep their numbers)."""
        self.texts.refresh()
        self.win_text.textContent = self.win_words()
        self.confirm_text.textContent = self.confirm_words()
        self.check_code()

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

    def is_open(self, ident: str) -> bool:
        node = self.by_id.get(ident)
        return node is not None and bool(node.open)

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
        score, moves = game.score, game.moves
        self.win_words = lambda: ngettext(
            "Score {score} in {moves} move.",
            "Score {score} in {moves} moves.",
            moves,
            score=score,
            moves=moves,
        )
        self.win_text.textContent = self.win_words()
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
        for radio in self.settings_dialog.querySelectorAll("input[name=theme]"):
            radio.checked = radio.value == settings.theme
        self.tap_to_select.checked = settings.tap_to_select
        self.language.value = language()
        self._show(self.settings_dialog)

    def open_help(self) -> None:
        """The list of keys."""
        self._show(self.help_dialog)

    # -- asking first ----------------------------------------------------------------

    def confirm(self, words: Words, then: Callable[[], None]) -> None:
        """Ask ``words()``; "yes" runs ``then`` (:meth:`confirmed`), "no" closes."""
        self.pending = then
        self.confirm_words = words
        self.confirm_text.textContent = words()
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
            moves = game.moves
            self.confirm(
                lambda: ngettext(
                    "The game in progress ({moves} move) will be lost.",
                    "The game in progress ({moves} moves) will be lost.",
                    moves,
                    moves=moves,
                ),
                then,
            )
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
                message = ngettext(
                    "Deal {code}, {cells} cell.",
                    "Deal {code}, {cells} cells.",
                    code.cells,
                    code=str(code),
                    cells=code.cells,
                )
            except DealCodeError as error:
                message = error_text(error)
        self.code_message.textContent = message
        self.code_message.classList.toggle("bad", code is None and bool(message))
        self.play_code.disabled = code is None
        self.on_code(code)
        return code


__all__ = ["Dialogs"]

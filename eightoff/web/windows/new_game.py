"""The New Game window (``#new-game-dialog``): the cell count, "only deals that can be
won", a random deal, today's deal, a deal code typed and checked as it is typed, and
restarting the deal (docs/dom-contract.md, "Dialogs").

The code's check is pure (:func:`check_code`); :class:`NewGameDialog` writes its result.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ...deal import DealCode
from ...errors import DealCodeError
from ...position import CELL_COUNTS
from ..dom import Texts, add, el
from ..storage.settings import Settings
from ..words.engine_errors import error_text
from ..words.i18n import _, ngettext
from .panel import Panel, buttons


def cells_words(n: int) -> str:
    """``8 cells``: a cell count in words."""
    return ngettext("{n} cell", "{n} cells", n, n=n)


def check_code(text: str) -> tuple[DealCode | None, str]:
    """The deal code typed (``None``: none, or refused) and the line under the field: the
    deal in words, the reason it is refused, or nothing for an empty field."""
    if not text.strip():
        return None, ""
    try:
        code = DealCode.parse(text)
    except DealCodeError as error:
        return None, error_text(error)
    words = ngettext(
        "Deal {code}, {cells} cell.",
        "Deal {code}, {cells} cells.",
        code.cells,
        code=str(code),
        cells=code.cells,
    )
    return code, words


class NewGameDialog(Panel):
    """The New Game window: :meth:`show` sets the choices from the settings and empties
    the code field; :meth:`check` checks the typed code."""

    def __init__(self, texts: Texts, on_code: Callable[[DealCode | None], None] = lambda _code: None) -> None:
        super().__init__(texts, "new-game-dialog", lambda: _("New game"))
        self.on_code = on_code
        """Told each code checked (the solver's verdict of it, :mod:`.solver.coach`)."""
        cells = add(el("fieldset", "cells-choice"), texts.text(el("legend"), lambda: _("Cells")))
        for n in CELL_COUNTS:
            cells.appendChild(self.radio("cells", str(n), partial(cells_words, n)))
        winnable = add(
            el("label", "winnable-choice"),
            el("input", "", type="checkbox", id="winnable", name="winnable"),
            texts.text(el("span"), lambda: _("Only deals that can be won")),
        )
        self.code_input = el(
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
        self.message = el("p", "code-message", id="code-message", aria_live="polite")
        label = add(
            el("label", "code-label", "", for_="code-input"),
            texts.text(el("span"), lambda: _("Or type a deal code")),
        )
        self.play_code = self.action(lambda: _("Play this code"), "play-code", id="play-code", disabled="")
        add(
            self.body,
            cells,
            winnable,
            buttons(
                self.action(lambda: _("Random deal"), "random-deal", "primary", id="random-deal"),
                self.action(lambda: _("Today's deal"), "daily", id="daily-deal"),
            ),
            label,
            add(el("div", "code-row"), self.code_input, self.play_code),
            self.message,
            buttons(
                self.action(lambda: _("Restart this deal"), "restart", id="restart"),
                self.action(lambda: _("Cancel"), "close"),
            ),
        )

    def show(self, settings: Settings) -> None:
        """The chosen cell count and winnable choice, an empty code field (the caller
        opens the dialog)."""
        for radio in self.dialog.querySelectorAll("input[name=cells]"):
            radio.checked = radio.value == str(settings.cells)
        self.dialog.querySelector("#winnable").checked = settings.winnable
        self.code_input.value = ""
        self.check()

    def check(self) -> DealCode | None:
        """Check the typed code: the reason in words when it is refused, the play button
        enabled only for a valid code. Returns the code when valid."""
        code, message = check_code(str(self.code_input.value))
        self.message.textContent = message
        self.message.classList.toggle("bad", code is None and bool(message))
        self.play_code.disabled = code is None
        self.on_code(code)
        return code

    def relabel(self) -> None:
        self.check()


__all__ = ["NewGameDialog", "cells_words", "check_code"]

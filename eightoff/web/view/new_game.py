"""The New Game window (``#new-game-dialog``): the cell count, "only deals that can be won" and
their level (``#level-choice``: any, Easy, Medium, Hard; idle while that box is off), a
random deal, today's deal, a deal code typed and checked as it is typed, with the solver's
verdict of it (``#code-verdict``), restarting the deal, and the way back to the last game
(``#back-to-last``, shown while the record keeps one) (docs/dom-contract.md, "Dialogs").

The code's check is pure (:func:`check_code`); :class:`NewGameDialog` writes its result.
"""

from __future__ import annotations

from functools import partial

from ...deal import DealCode
from ...errors import DealCodeError
from ...position import CELL_COUNTS
from ..actions import LEVEL_VALUES
from ..dom import Texts, add, el
from ..state import NewGameWindow, PageState, Verdict
from ..words.engine_errors import error_text
from ..words.i18n import _, ngettext
from ..words.levels import level_words
from .panel import Panel, button, buttons


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


def back_words(moves: int) -> str:
    """The button that brings back the last game, of ``moves`` moves."""
    return ngettext(
        "Back to the last game ({moves} move)", "Back to the last game ({moves} moves)", moves, moves=moves
    )


def verdict_words(verdict: Verdict | None) -> str:
    """The solver's verdict of the code typed (``None``: nothing to say)."""
    if verdict is None:
        return ""
    if verdict == "asking":
        return _("Asking the solver whether this deal can be won…")
    if verdict == "solved":
        return _("This deal can be won.")
    if verdict == "unsolvable":
        return _("This deal cannot be won.")
    return _("Not known: the solver's search budget ran out before an answer.")


class NewGameDialog(Panel):
    """The New Game window."""

    def __init__(self, texts: Texts) -> None:
        super().__init__(texts, "new-game-dialog", lambda: _("New game"))
        cells = self.choices(
            "cells", lambda: _("Cells"), [(str(n), partial(cells_words, n)) for n in CELL_COUNTS]
        )
        winnable = add(
            el("label", "winnable-choice"),
            el("input", "", type="checkbox", id="winnable", name="winnable"),
            texts.text(el("span"), lambda: _("Only deals that can be won")),
        )
        levels = [(value, partial(level_words, level)) for value, level in LEVEL_VALUES.items()]
        self.levels = self.choices("level", lambda: _("Level"), levels, id="level-choice")
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
        self.verdict = el("p", "code-verdict", id="code-verdict", aria_live="polite")
        label = add(
            el("label", "code-label", "", for_="code-input"),
            texts.text(el("span"), lambda: _("Or type a deal code")),
        )
        self.play_code = self.action(lambda: _("Play this code"), "play-code", id="play-code", disabled="")
        self.back = button("", "back-to-last", "", id="back-to-last", hidden="")
        add(
            self.body,
            cells,
            winnable,
            self.levels,
            buttons(
                self.action(lambda: _("Random deal"), "random-deal", "primary", id="random-deal"),
                self.action(lambda: _("Today's deal"), "daily", id="daily-deal"),
            ),
            label,
            add(el("div", "code-row"), self.code_input, self.play_code),
            self.message,
            self.verdict,
            buttons(
                self.back,
                self.action(lambda: _("Restart this deal"), "restart", id="restart"),
                self.action(lambda: _("Cancel"), "close"),
            ),
        )

    def opened(self, window: object, state: PageState) -> None:
        """The chosen cell count, winnable choice and level, an empty code field."""
        self.check("cells", str(state.settings.cells))
        self.dialog.querySelector("#winnable").checked = state.settings.winnable
        self.check(
            "level", next(value for value, level in LEVEL_VALUES.items() if level == state.settings.level)
        )
        self.code_input.value = ""

    def draw(self, window: object, state: PageState) -> None:
        """The level's choice, idle unless only deals that can be won are dealt; the typed
        code's check (the reason in words when it is refused, the play button enabled only
        for a valid code) and the solver's verdict; the way back to the last game, while one
        is kept."""
        assert isinstance(window, NewGameWindow)
        self.levels.disabled = not state.settings.winnable
        code, message = check_code(window.code)
        self.message.textContent = message
        self.message.classList.toggle("bad", code is None and bool(message))
        self.play_code.disabled = code is None
        self.verdict.textContent = verdict_words(state.coach.verdict)
        last = state.stats.previous
        self.back.hidden = last is None
        if last is not None:
            self.back.textContent = back_words(last.game.moves)


__all__ = ["NewGameDialog", "back_words", "cells_words", "check_code", "verdict_words"]

"""The page's elements, built once: the bar, the board's piles and its 52 cards, the share
field, the status line, the live region and the links to the pages beside the game.

Thin DOM code, and only construction: :class:`Elements` makes every element and keeps
it by name or key; :mod:`.view.board` and its parts (:mod:`.view.bar`,
:mod:`.view.cards`) write into them afterwards. The cards are clones of one template per
suit (its corner symbol and pip already in place), so a card costs a clone and three
writes; the cards' and piles' full names (``aria-label``, by the model) are written by
the first :meth:`.view.board.BoardView.show`, once. Words come from :mod:`.words.i18n` through
:class:`.dom.Texts`, so a language switch rewrites them without rebuilding.
"""

from __future__ import annotations

from typing import Any, Final

from pyscript import document

from ...cards import DECK, SUITS
from ...piles import COLUMNS, Pile
from ..dom import Texts, add, el
from ..words.card_names import corner, foundation_name
from ..words.i18n import _

SYMBOLS: Final = {"S": "\u2660\ufe0e", "H": "\u2665\ufe0e", "D": "\u2666\ufe0e", "C": "\u2663\ufe0e"}

PAGE_WORDS: Final = {
    "rules": lambda: _("Rules"),
    "examples": lambda: _("Examples"),
    "faq": lambda: _("FAQ"),
}
"""The pages beside the game (``<lang>/<page>.html``, tools/pages.py) and their links' words."""
TOOLS: Final = {
    "undo": ("\u21b6", lambda: _("Undo"), lambda: _("Undo the last action (Ctrl+Z)")),
    "redo": ("\u21b7", lambda: _("Redo"), lambda: _("Redo (Ctrl+Shift+Z or Ctrl+Y)")),
    "hint": ("\u2690\ufe0e", lambda: _("Hint"), lambda: _("Show a move of a winning line (H)")),
    "new-game": ("\u2726", lambda: _("New"), lambda: _("New game")),
    "copy-link": ("\u2197", lambda: _("Link"), lambda: _("Copy a link to this deal")),
    "settings": ("\u2699\ufe0e", lambda: _("Settings"), lambda: _("Settings")),
    "stats": ("\u2211", lambda: _("Stats"), lambda: _("Statistics")),
    "share": ("\u21aa\ufe0e", lambda: _("Share"), lambda: _("Share this game: copy a replay link")),
}
"""The bar's buttons: icon, label (the accessible name, so that voice control's "click
Hint" finds the button the player sees) and title (the tooltip, and the accessible
description) by ``data-action``."""
TOOL_IDS: Final = {"stats": "stats-button", "share": "share-button"}
"""The buttons whose id is not their action (``#stats`` is the window, ``#share`` the
link's box)."""


def column_name(index: int) -> str:
    return _("Column {n}", n=str(index))


def pile_element(pile: Pile, kind: str, label: str) -> Any:
    """A new pile element: a labelled group the roving focus reaches."""
    return el("div", f"pile {kind}", data_pile=pile.key, aria_label=label, role="group", tabindex="-1")


def card_templates() -> dict[str, Any]:
    """One card element per suit, without its rank: the cards are its clones."""
    templates = {}
    for suit in SUITS:
        node = el("div", "card", data_suit=suit, role="button", tabindex="-1")
        face = el("span", "corner", aria_hidden="true")
        add(face, el("span", "rank"), el("span", "suit", SYMBOLS[suit]))
        templates[suit] = add(node, face, el("span", "pip", SYMBOLS[suit], aria_hidden="true"))
    return templates


class Elements:
    """Every element of the bar and the board, made once and kept."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.texts = Texts()
        """The fixed words of the bar, the board and the links (rewritten on a language
        switch)."""
        self.piles: dict[str, Any] = {}
        """The pile elements by key (the cells shown only)."""
        templates = card_templates()
        self.cards: dict[str, Any] = {}
        """The 52 card elements by key (``data-card``)."""
        for card in DECK:
            key = str(card)
            node = templates[key[1]].cloneNode(True)
            node.setAttribute("data-card", key)
            node.firstChild.firstChild.textContent = corner(key)
            self.cards[key] = node
        self._build()

    def _button(self, ident: str) -> Any:
        icon, label, title = TOOLS[ident]
        element_id = TOOL_IDS.get(ident, ident)
        button = self.texts.put(el("button", "tool", id=element_id, type="button"), ("title",), title)
        # Named by its visible label alone (WCAG 2.5.3), even where the label is clipped to
        # show the icon only (a phone on its side): the title is the description.
        self.texts.put(button, ("aria-label",), label)
        button.setAttribute("data-action", ident)
        return add(
            button, el("span", "icon", icon, aria_hidden="true"), self.texts.text(el("span", "label"), label)
        )

    def _build(self) -> None:
        root, texts = self.root, self.texts
        root.textContent = ""
        bar = el("header", "bar")
        bar.appendChild(texts.text(el("h1", "visually-hidden"), lambda: _("Eight Off")))
        info = el("div", "info")
        # Each figure a term and its value (<dl>): labelled, and no live region (#announce
        # says a move's score change; the figures would be bare numbers).
        self.score = el("dd", "value", "0", id="score", dir="ltr")
        self.moves = el("dd", "value", "0", id="moves", dir="ltr")
        self.code = el("dd", "value code", "", id="deal-code", dir="ltr")
        # The game's time (board/clock.py): a timer, which is not a live region (aria-live off).
        self.clock = el("span", "", "", id="clock", dir="ltr", role="timer", aria_labelledby="clock-name")
        clock_name = texts.text(el("dt", "name", id="clock-name"), lambda: _("Time"))
        clock_value = add(el("dd", "value"), self.clock)
        self.clock_stat = add(el("dl", "stat clock", id="clock-stat"), clock_name, clock_value)
        add(
            info,
            add(el("dl", "stat"), texts.text(el("dt", "name"), lambda: _("Score")), self.score),
            add(el("dl", "stat"), texts.text(el("dt", "name"), lambda: _("Moves")), self.moves),
            self.clock_stat,
            add(el("dl", "stat deal"), texts.text(el("dt", "name"), lambda: _("Deal")), self.code),
        )
        # Shown while saves fail (a full quota): the toast that says so fades, this stays.
        self.unsaved = texts.text(el("span", "stat unsaved", id="unsaved", hidden=""), lambda: _("Not saved"))
        info.appendChild(self.unsaved)
        tools = el("nav", "tools")
        self.undo = self._button("undo")
        self.redo = self._button("redo")
        add(
            tools,
            self.undo,
            self.redo,
            *(self._button(name) for name in ("hint", "new-game", "copy-link", "settings", "stats", "share")),
        )
        add(bar, info, tools)

        # The keys make it an application (docs/dom-contract.md, "Keys"): screen readers
        # pass them through.
        self.board = el("div", "board", id="board", role="application", aria_describedby="board-keys")
        texts.put(
            self.board, ("aria-label",), lambda: _("The board: 8 columns, the cells and the 4 foundations")
        )
        top = el("div", "top")
        self.cell_row = el("div", "cells")
        foundations = el("div", "foundations")
        for suit in SUITS:
            pile = Pile.foundation(suit)
            node = pile_element(pile, "foundation", foundation_name(suit))
            node.setAttribute("data-suit", suit)
            self.piles[pile.key] = foundations.appendChild(node)
        add(top, foundations, self.cell_row)
        columns = el("div", "columns")
        for index in range(1, COLUMNS + 1):
            pile = Pile.column(index)
            node = pile_element(pile, "column", column_name(index))
            self.piles[pile.key] = columns.appendChild(node)
        add(self.board, top, columns)

        self.share = el("div", "share", id="share", hidden="")
        self.share_url = el("input", "share-url", id="share-url", readonly="", dir="ltr")
        share_label = texts.text(el("label", "", for_="share-url"), lambda: _("Copy this link:"))
        add(self.share, share_label, self.share_url)
        self.status = el("p", "status", id="status", aria_hidden="true")
        # Offered when every card left can go home with no other move (the update's Finish, update/board.py).
        self.finish = texts.text(
            el("button", "finish", id="finish", type="button", hidden="", data_action="finish"),
            lambda: _("Finish: every card to its foundation"),
        )
        # Offered when a hint found no winning line and the game could still be won before.
        self.go_back = texts.text(
            el("button", "go-back", id="go-back", type="button", hidden="", data_action="go-back"),
            lambda: _("Go back to the last position that can still be won"),
        )
        self.announcer = el("p", "visually-hidden", id="announce", role="status", aria_live="polite")
        keys_hint = texts.text(
            el("p", "visually-hidden", id="board-keys"),
            lambda: _("Arrow keys move, Enter picks up and puts down, Escape puts back, ? lists the keys."),
        )
        self.page_links = [
            texts.text(el("a", "", data_page=page, href=f"en/{page}.html"), words)
            for page, words in PAGE_WORDS.items()
        ]
        guide = texts.put(el("nav", "guide"), ("aria-label",), lambda: _("About the game"))
        add(guide, *self.page_links)
        page = document.createDocumentFragment()  # one insertion into the document
        add(
            page,
            bar,
            self.board,
            guide,
            self.share,
            self.finish,
            self.status,
            self.go_back,
            self.announcer,
            keys_hint,
        )
        root.appendChild(page)
        root.setAttribute("data-deck", "four")


__all__ = [
    "PAGE_WORDS",
    "SYMBOLS",
    "TOOLS",
    "TOOL_IDS",
    "Elements",
    "card_templates",
    "column_name",
    "pile_element",
]

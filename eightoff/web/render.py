"""Show the game: build the page's elements once, then update them by key.

Thin DOM code. Every card is one element made once and kept by its key (``data-card``);
a render moves only the elements whose pile or place changed (``appendChild`` moves an
element), so one action costs a few DOM writes. Sizes come from :mod:`.layout`, words
from :mod:`.i18n`; nothing here decides a rule. The page's contract with tests is
docs/dom-contract.md.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window
from pyscript.ffi import to_js

from ..cards import SUITS
from ..piles import COLUMNS, Pile
from ..position import Position
from .i18n import card_name, corner, t
from .layout import Layout, board_layout

SYMBOLS = {"S": "\u2660\ufe0e", "H": "\u2665\ufe0e", "D": "\u2666\ufe0e", "C": "\u2663\ufe0e"}
FLIP_MS = 160


def el(tag: str, cls: str = "", text: str = "", **attrs: str) -> Any:
    """A new element; ``text`` is set as textContent (never markup)."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.rstrip("_").replace("_", "-"), value)
    return node


def add(parent: Any, *children: Any) -> Any:
    for child in children:
        parent.appendChild(child)
    return parent


def _button(ident: str, icon: str, label: str, title: str) -> Any:
    button = el("button", "tool", id=ident, type="button", title=title, aria_label=title)
    button.setAttribute("data-action", ident)
    return add(button, el("span", "icon", icon, aria_hidden="true"), el("span", "label", label))


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


class View:
    """The page's elements and what they show now."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.cards: dict[str, Any] = {}
        self.piles: dict[str, Any] = {}
        self.shown: dict[str, list[str]] = {}
        """Per pile key, the card keys its element holds, bottom to top."""
        self.where: dict[str, str] = {}
        """Per card key, the pile key it is shown in."""
        self.fans: dict[str, float] = {}
        self.cells = 0
        self.layout: Layout | None = None
        self.lit: frozenset[str] = frozenset()
        self.lifted: list[Any] = []
        self.reduced_motion = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self._build()

    # -- the skeleton ------------------------------------------------------------

    def _build(self) -> None:
        root = self.root
        root.textContent = ""
        bar = el("header", "bar")
        info = el("div", "info")
        self.score = el("output", "value", "0", id="score")
        self.moves = el("output", "value", "0", id="moves")
        self.code = el("span", "value code", "", id="deal-code")
        add(
            info,
            add(el("span", "stat"), el("span", "name", t("label.score")), self.score),
            add(el("span", "stat"), el("span", "name", t("label.moves")), self.moves),
            add(el("span", "stat deal"), el("span", "name", t("label.deal")), self.code),
        )
        tools = el("nav", "tools")
        self.undo = _button("undo", "\u21b6", t("button.undo"), t("title.undo"))
        self.redo = _button("redo", "\u21b7", t("button.redo"), t("title.redo"))
        add(
            tools,
            self.undo,
            self.redo,
            _button("new-game", "\u2726", t("button.new"), t("title.new")),
            _button("copy-link", "\u2197", t("button.link"), t("title.link")),
            _button("settings", "\u2699\ufe0e", t("button.settings"), t("title.settings")),
        )
        add(bar, info, tools)

        self.board = el("div", "board", id="board", role="application", aria_label=t("board.label"))
        top = el("div", "top")
        self.cell_row = el("div", "cells")
        foundations = el("div", "foundations")
        for suit in SUITS:
            pile = Pile.foundation(suit)
            node = el("div", "pile foundation", data_pile=pile.key, data_suit=suit)
            node.setAttribute("aria-label", t("pile.foundation", suit=t(f"suit.{suit}")))
            self.piles[pile.key] = node
            foundations.appendChild(node)
        add(top, foundations, self.cell_row)
        columns = el("div", "columns")
        for index in range(1, COLUMNS + 1):
            pile = Pile.column(index)
            node = el("div", "pile column", data_pile=pile.key, aria_label=t("pile.column", n=str(index)))
            self.piles[pile.key] = node
            columns.appendChild(node)
        add(self.board, top, columns)

        share = el("div", "share", id="share", hidden="")
        self.share_url = el("input", "share-url", id="share-url", readonly="", aria_label=t("share.label"))
        add(share, el("span", "", t("message.link-manual")), self.share_url)
        self.status = el("p", "status", id="status", role="status", aria_live="polite")
        add(root, bar, self.board, share, self.status, *self._dialogs())
        self.deck("four")

    def _dialogs(self) -> list[Any]:
        win, body = _dialog("win", t("win.title"))
        self.win_text = el("p", "win-text", id="win-text")
        buttons = el("div", "buttons")
        add(buttons, _action(t("win.new"), "win-new", "primary"), _action(t("win.close"), "close"))
        add(body, self.win_text, buttons)

        new, body = _dialog("new-game-dialog", t("new.title"))
        cells = el("fieldset", "cells-choice")
        add(cells, el("legend", "", t("new.cells")))
        for n in (8, 4, 2):
            cells.appendChild(_radio("cells", str(n), t("new.cells-option", n=str(n))))
        self.code_input = el(
            "input",
            "code-input",
            id="code-input",
            type="text",
            autocomplete="off",
            spellcheck="false",
            autocapitalize="characters",
            placeholder=t("new.code-placeholder"),
        )
        self.code_message = el("p", "code-message", id="code-message", aria_live="polite")
        code_label = add(
            el("label", "code-label", "", for_="code-input"), el("span", "", t("new.code-label"))
        )
        self.play_code = _action(t("new.play-code"), "play-code", id="play-code", disabled="")
        add(
            body,
            cells,
            add(el("div", "buttons"), _action(t("new.random"), "random-deal", "primary", id="random-deal")),
            code_label,
            add(el("div", "code-row"), self.code_input, self.play_code),
            self.code_message,
            add(
                el("div", "buttons"),
                _action(t("new.restart"), "restart", id="restart"),
                _action(t("new.cancel"), "close"),
            ),
        )

        confirm, body = _dialog("confirm", t("confirm.title"))
        self.confirm_text = el("p", "confirm-text", id="confirm-text")
        add(
            body,
            self.confirm_text,
            add(
                el("div", "buttons"),
                _action(t("confirm.yes"), "confirm-yes", "primary", id="confirm-yes"),
                _action(t("confirm.no"), "close", id="confirm-no"),
            ),
        )

        settings, body = _dialog("settings-dialog", t("settings.title"))
        deck = el("fieldset", "deck-choice")
        add(
            deck,
            el("legend", "", t("settings.deck")),
            _radio("deck", "four", t("settings.deck-four")),
            _radio("deck", "two", t("settings.deck-two")),
        )
        add(body, deck, add(el("div", "buttons"), _action(t("settings.close"), "close", "primary")))
        return [win, new, confirm, settings]

    def _card(self, key: str) -> Any:
        node = self.cards.get(key)
        if node is None:
            suit = key[1]
            node = el("div", "card", data_card=key, data_suit=suit, aria_label=card_name(key))
            face = el("span", "corner", aria_hidden="true")
            add(face, el("span", "rank", corner(key)), el("span", "suit", SYMBOLS[suit]))
            add(node, face, el("span", "pip", SYMBOLS[suit], aria_hidden="true"))
            self.cards[key] = node
        return node

    def set_cells(self, cells: int) -> None:
        """Show exactly ``cells`` cell piles (8, 4 or 2)."""
        if cells == self.cells:
            return
        for index in range(cells + 1, 9):
            key = Pile.cell(index).key
            node = self.piles.pop(key, None)
            if node is not None:
                node.remove()
            for card in self.shown.pop(key, []):
                self.where.pop(card, None)
        for index in range(self.cells + 1, cells + 1):
            pile = Pile.cell(index)
            node = el("div", "pile cell", data_pile=pile.key, aria_label=t("pile.cell", n=str(index)))
            self.piles[pile.key] = node
            self.cell_row.appendChild(node)
        self.cells = cells
        self.board.setAttribute("data-cells", str(cells))

    # -- the cards ---------------------------------------------------------------

    def position(self, position: Position) -> None:
        """Make every pile element hold its cards in order, touching only changes."""
        self.set_cells(len(position.cells))
        for pile in position.piles():
            keys = [str(card) for card in position.cards(pile)]
            old = self.shown.get(pile.key, [])
            if old == keys:
                continue
            node = self.piles[pile.key]
            same = 0
            while same < min(len(old), len(keys)) and old[same] == keys[same]:
                same += 1
            for index in range(same, len(keys)):
                card = self._card(keys[index])
                node.appendChild(card)
                card.style.setProperty("--i", str(index))
                self.where[keys[index]] = pile.key
            self.shown[pile.key] = keys
        self.fit_columns()

    def rects(self, keys: list[str]) -> dict[str, tuple[float, float]]:
        """Where these cards are drawn now (viewport coordinates)."""
        found = {}
        for key in keys:
            node = self.cards.get(key)
            if node is not None and node.isConnected:
                rect = node.getBoundingClientRect()
                found[key] = (rect.left, rect.top)
        return found

    def fly_from(self, first: dict[str, tuple[float, float]]) -> None:
        """Animate cards from where they were drawn to where they are now (FLIP)."""
        if self.reduced_motion or not first:
            return
        for key, (left, top) in first.items():
            node = self.cards[key]
            rect = node.getBoundingClientRect()
            dx, dy = left - rect.left, top - rect.top
            if abs(dx) < 1 and abs(dy) < 1:
                continue
            # In flight a card is drawn above the others and lets the pointer through to
            # the card under it, so a quick next tap reaches what the player sees.
            fly = {"zIndex": 900, "pointerEvents": "none"}
            frames = [
                {"transform": f"translate({dx:.1f}px, {dy:.1f}px)", **fly},
                {"transform": "none", **fly},
            ]
            node.animate(_js(frames), _js({"duration": FLIP_MS, "easing": "ease-out"}))

    def refuse(self, key: str) -> None:
        """Brief feedback on a card that does not move (a shake, or a flash with reduced
        motion)."""
        node = self.cards.get(key)
        if node is None:
            return
        if self.reduced_motion:
            frames = [{"outlineColor": "#d22"}, {"outlineColor": "transparent"}]
        else:
            frames = [
                {"transform": "translateX(0)"},
                {"transform": "translateX(-4px)"},
                {"transform": "translateX(4px)"},
                {"transform": "translateX(-2px)"},
                {"transform": "translateX(0)"},
            ]
        node.classList.add("refused")
        node.animate(_js(frames), _js({"duration": 220, "easing": "ease-in-out"}))

    # -- layout ------------------------------------------------------------------

    def fit(self) -> None:
        """Measure the board box and size cards, gaps and rows to fit it."""
        width, height = float(self.board.clientWidth), float(self.board.clientHeight)
        if width <= 0 or height <= 0:
            return
        layout = board_layout(width, height, self.cells or 8)
        self.layout = layout
        style = self.board.style
        for name, value in (
            ("--card-w", layout.card_w),
            ("--card-h", layout.card_h),
            ("--gap", layout.gap),
            ("--font", layout.font),
            ("--column-h", layout.column_h),
        ):
            style.setProperty(name, f"{value:.1f}px")
        self.board.setAttribute("data-rows", str(layout.rows))
        self.fans.clear()
        self.fit_columns()

    def fit_columns(self) -> None:
        """Tighten or loosen each column's overlap for its length."""
        if self.layout is None:
            return
        for index in range(1, COLUMNS + 1):
            key = f"column-{index}"
            fan = self.layout.fan(len(self.shown.get(key, [])))
            if self.fans.get(key) != fan:
                self.fans[key] = fan
                self.piles[key].style.setProperty("--fan", f"{fan}px")

    # -- drag, lit targets, numbers, words ----------------------------------------

    def light(self, keys: frozenset[str]) -> None:
        for key in self.lit - keys:
            node = self.piles.get(key)
            if node is not None:
                node.classList.remove("target")
        for key in keys - self.lit:
            node = self.piles.get(key)
            if node is not None:
                node.classList.add("target")
        self.lit = keys

    def lift(self, pile: str, count: int) -> None:
        """Mark the top ``count`` cards of a pile as carried by the pointer."""
        self.drop_lifted()
        keys = self.shown.get(pile, [])[-count:] if count else []
        self.lifted = [self.cards[key] for key in keys]
        self.lift_pile = self.piles.get(pile)
        for node in self.lifted:
            node.classList.add("lifted")

    def drag(self, dx: float, dy: float) -> None:
        """Move the carried cards: one style write."""
        if self.lifted:
            self.lift_pile.style.setProperty("--drag", f"{dx:.0f}px {dy:.0f}px")

    def drop_lifted(self) -> None:
        for node in self.lifted:
            node.classList.remove("lifted")
        if self.lifted:
            self.lift_pile.style.removeProperty("--drag")
        self.lifted = []

    def numbers(self, score: int, moves: int, code: str, can_undo: bool, can_redo: bool) -> None:
        for node, text in ((self.score, str(score)), (self.moves, str(moves)), (self.code, code)):
            if node.textContent != text:
                node.textContent = text
        self.undo.disabled = not can_undo
        self.redo.disabled = not can_redo

    def say(self, text: str) -> None:
        """Show a message in the status line (plain text, replayed as a fresh toast)."""
        status = self.status
        status.textContent = text
        status.classList.remove("show")
        if text:
            _ = status.offsetWidth  # restart the fade
            status.classList.add("show")

    def deck(self, deck: str) -> None:
        self.root.setAttribute("data-deck", deck)


def _js(value: Any) -> Any:
    return to_js(value, dict_converter=window.Object.fromEntries)

"""Show the game: build the page's elements once, then update them by key.

Thin DOM code. :class:`View` owns the bar, the board, the share field and the status line
(the dialogs are :mod:`.windows.dialogs`'): other modules call its methods and never write into
its elements. Every card is one element made once and kept by its key (``data-card``);
a render moves only the elements whose pile or place changed (``appendChild`` moves an
element), so one action costs a few DOM writes. Sizes come from :mod:`.board.layout`, words
from :mod:`.words.i18n`; nothing here decides a rule. The page's contract with tests is
docs/dom-contract.md.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Final

from pyscript import document, window
from pyscript.ffi import is_none

from ...cards import SUITS
from ...game import Game
from ...piles import COLUMNS, Pile
from ...position import CELL_COUNTS, Position
from ..dom import Texts, add, el, js_object
from ..solver.messages import Marks
from ..words.i18n import _, card_name, corner, foundation_name, language
from ..words.speech import card_label, pile_label
from .focus import NavKey, Spot, landing, rows_for, settle, step
from .layout import Layout, board_layout

SYMBOLS = {"S": "\u2660\ufe0e", "H": "\u2665\ufe0e", "D": "\u2666\ufe0e", "C": "\u2663\ufe0e"}
FLIP_MS = 160
MOST_CELLS = max(CELL_COUNTS)

Rects = dict[str, tuple[float, float]]
"""Where cards are drawn (viewport left, top) by card key: the start of a flight."""


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
"""The bar's buttons: icon, label and title (the accessible name) by ``data-action``."""
TOOL_IDS: Final = {"stats": "stats-button", "share": "share-button"}
"""The buttons whose id is not their action (``#stats`` is the window, ``#share`` the
link's box)."""


def column_name(index: int) -> str:
    return _("Column {n}", n=str(index))


class View:
    """The page's elements and what they show now."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.cards: dict[str, Any] = {}
        self.piles: dict[str, Any] = {}
        self.shown: dict[str, list[str]] = {}
        """Per pile key, the card keys its element holds, bottom to top."""
        self.fans: dict[str, float] = {}
        self.cells = 0
        self.layout: Layout | None = None
        self.hinted: list[Any] = []
        """The elements marked by a hint (classes ``hint`` and ``hint-target``)."""
        self.lit: frozenset[str] = frozenset()
        """The keys of the piles shown as targets."""
        self.lifted: list[Any] = []
        """The elements of the carried cards, head first."""
        self.lift_pile: Any = None
        """The element of the pile the carried cards come from."""
        self.reduced_motion = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self.spot = Spot("column-1")
        """The board's focus (:mod:`.board.focus`): its element alone has ``tabindex=0``."""
        self.roving: Any = None
        self.labels: dict[str, str] = {}
        """The ``aria-label`` written, by pile key and by card key."""
        self.texts = Texts()
        """The fixed words of the bar, the board and the links (rewritten by :meth:`relabel`)."""
        self._build()

    # -- the skeleton ------------------------------------------------------------

    def _button(self, ident: str) -> Any:
        icon, label, title = TOOLS[ident]
        element_id = TOOL_IDS.get(ident, ident)
        button = self.texts.put(
            el("button", "tool", id=element_id, type="button"), ("title", "aria-label"), title
        )
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
        self.score = el("output", "value", "0", id="score", dir="ltr")
        self.moves = el("output", "value", "0", id="moves", dir="ltr")
        self.code = el("span", "value code", "", id="deal-code", dir="ltr")
        add(
            info,
            add(el("span", "stat"), texts.text(el("span", "name"), lambda: _("Score")), self.score),
            add(el("span", "stat"), texts.text(el("span", "name"), lambda: _("Moves")), self.moves),
            add(el("span", "stat deal"), texts.text(el("span", "name"), lambda: _("Deal")), self.code),
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
            node = texts.put(
                self._pile(pile, "foundation", ""), ("aria-label",), partial(foundation_name, suit)
            )
            node.setAttribute("data-suit", suit)
            foundations.appendChild(node)
        add(top, foundations, self.cell_row)
        columns = el("div", "columns")
        for index in range(1, COLUMNS + 1):
            pile = Pile.column(index)
            node = texts.put(self._pile(pile, "column", ""), ("aria-label",), partial(column_name, index))
            columns.appendChild(node)
        add(self.board, top, columns)

        self.share = el("div", "share", id="share", hidden="")
        self.share_url = el("input", "share-url", id="share-url", readonly="", dir="ltr")
        texts.put(self.share_url, ("aria-label",), lambda: _("Link to this deal"))
        add(self.share, texts.text(el("span"), lambda: _("Copy this link:")), self.share_url)
        self.status = el("p", "status", id="status", aria_hidden="true")
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
        add(root, bar, self.board, guide, self.share, self.status, self.announcer, keys_hint)
        self.deck("four")

    def _pile(self, pile: Pile, kind: str, label: str) -> Any:
        """A new pile element, kept by its key: a labelled group the roving focus reaches."""
        node = el("div", f"pile {kind}", data_pile=pile.key, aria_label=label, role="group", tabindex="-1")
        self.piles[pile.key] = node
        return node

    def _card(self, key: str) -> Any:
        node = self.cards.get(key)
        if node is None:
            suit = key[1]
            node = el(
                "div",
                "card",
                data_card=key,
                data_suit=suit,
                aria_label=card_name(key),
                role="button",
                tabindex="-1",
            )
            face = el("span", "corner", aria_hidden="true")
            add(face, el("span", "rank", corner(key)), el("span", "suit", SYMBOLS[suit]))
            add(node, face, el("span", "pip", SYMBOLS[suit], aria_hidden="true"))
            self.cards[key] = node
        return node

    @staticmethod
    def _hide(node: Any, hidden: bool) -> None:
        if hidden:
            node.setAttribute("aria-hidden", "true")
        else:
            node.removeAttribute("aria-hidden")

    def set_cells(self, cells: int) -> None:
        """Show exactly ``cells`` cell piles (one of the engine's ``CELL_COUNTS``)."""
        if cells == self.cells:
            return
        for index in range(cells + 1, MOST_CELLS + 1):
            key = Pile.cell(index).key
            node = self.piles.pop(key, None)
            if node is not None:
                node.remove()
            self.shown.pop(key, None)
        for index in range(self.cells + 1, cells + 1):
            pile = Pile.cell(index)
            node = self._pile(pile, "cell", _("Cell {n}", n=str(index)))
            self.cell_row.appendChild(node)
        self.cells = cells
        self.board.setAttribute("data-cells", str(cells))

    # -- the cards ---------------------------------------------------------------

    def position(self, position: Position) -> None:
        """Make every pile element hold its cards in order, touching only changes. The
        board keeps the focus it had (a moved element loses it)."""
        had_focus = self.has_focus()
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
            if pile.is_foundation:  # the cards under a foundation's top are not seen: not heard either
                for index, key in enumerate(keys):
                    self._hide(self.cards[key], index < len(keys) - 1)
            self.shown[pile.key] = keys
        self.fit_columns()
        self.settle_focus(had_focus)

    def index_of(self, pile: str, card: str) -> int | None:
        """Where ``card`` is shown in ``pile`` (0 = bottom), or ``None`` if it is not."""
        shown = self.shown.get(pile, [])
        return shown.index(card) if card in shown else None

    def rects(self, keys: list[str]) -> Rects:
        """Where these cards are drawn now (viewport coordinates)."""
        found = {}
        for key in keys:
            node = self.cards.get(key)
            if node is not None and node.isConnected:
                rect = node.getBoundingClientRect()
                found[key] = (rect.left, rect.top)
        return found

    def fly_from(self, first: Rects) -> None:
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
            node.animate(js_object(frames), js_object({"duration": FLIP_MS, "easing": "ease-out"}))

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
        node.animate(js_object(frames), js_object({"duration": 220, "easing": "ease-in-out"}))

    # -- layout ------------------------------------------------------------------

    def fit(self) -> None:
        """Measure the board box and size cards, gaps and rows to fit it; a box too small
        for the longest column (a small window, 200 % zoom) grows and the page scrolls."""
        style = self.board.style
        style.removeProperty("min-height")
        width, height = float(self.board.clientWidth), float(self.board.clientHeight)
        if width <= 0 or height <= 0:
            return
        layout = board_layout(width, height, self.cells or MOST_CELLS)
        self.layout = layout
        if layout.board_h > height + 0.5:
            style.setProperty("min-height", f"{layout.board_h:.1f}px")
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

    # -- the keyboard's focus, the names screen readers read ------------------------

    def sizes(self) -> dict[str, int]:
        return {key: len(cards) for key, cards in self.shown.items()}

    def element_of(self, spot: Spot) -> Any:
        if spot.index is not None:
            return self.cards[self.shown[spot.pile][spot.index]]
        return self.piles[spot.pile]

    def has_focus(self) -> bool:
        """Whether the keyboard's focus is on the board."""
        active = document.activeElement
        return not is_none(active) and bool(self.board.contains(active))

    def set_spot(self, spot: Spot, focus: bool) -> None:
        """Give ``spot`` the board's one tab stop; ``focus``: move the focus there."""
        node = self.element_of(spot)
        if node is not self.roving:
            if self.roving is not None:
                self.roving.tabIndex = -1
            node.tabIndex = 0
            self.roving = node
        self.spot = spot
        if focus:
            node.focus()

    def settle_focus(self, focus: bool) -> None:
        """After the piles changed: the tab stop on a spot that still exists, focused
        when ``focus``."""
        if self.spot.pile not in self.piles:
            self.spot = landing("column-1", self.sizes())
        self.set_spot(settle(self.spot, self.sizes()), focus)

    def navigate(self, key: NavKey) -> None:
        """Move the focus by an arrow key, Home or End."""
        rows = rows_for(self.cells, self.layout.rows if self.layout else 1)
        self.set_spot(step(rows, self.sizes(), settle(self.spot, self.sizes()), key), True)

    def focus_pile(self, pile: str, take: bool = False) -> None:
        """The focus on ``pile`` (its top card), when the focus is on the board or
        ``take`` (a key named the pile: the focus goes there from anywhere)."""
        if pile in self.piles:
            self.set_spot(landing(pile, self.sizes()), take or self.has_focus())

    def spot_of(self, node: Any) -> Spot | None:
        """The board's spot of a focused element, ``None`` off the board."""
        if is_none(node) or not hasattr(node, "closest"):
            return None
        pile = node.closest("[data-pile]")
        if is_none(pile) or not self.board.contains(pile):
            return None
        key = str(pile.dataset.pile)
        card = node.closest("[data-card]")
        if key.startswith("column-") and not is_none(card):
            return Spot(key, self.index_of(key, str(card.dataset.card)))
        return Spot(key)

    def follow_focus(self, node: Any) -> None:
        """The focus landed on a board element (Tab, a screen reader): it holds the tab
        stop now."""
        spot = self.spot_of(node)
        if spot is not None and spot != self.spot:
            self.set_spot(settle(spot, self.sizes()), self.element_of(settle(spot, self.sizes())) is not node)

    def name_all(self, game: Game) -> None:
        """Every pile's and card's ``aria-label`` from the engine's facts (changed ones
        only)."""
        position, labels = game.position, self.labels
        for key, node in self.piles.items():
            text = pile_label(position, key)
            if labels.get(key) != text:
                labels[key] = text
                node.setAttribute("aria-label", text)
        for key, cards in self.shown.items():
            for index, card in enumerate(cards):
                text = card_label(game, key, index)
                if labels.get(card) != text:
                    labels[card] = text
                    self.cards[card].setAttribute("aria-label", text)

    def relabel(self, game: Game | None) -> None:
        """Every word again in the language now in use (the game is left as it is): the
        bar, the piles' and cards' names (of ``game``, when one is shown), the page links
        (to the pages in that language); the status line is cleared."""
        self.texts.refresh()
        self.labels.clear()
        if game is not None:
            self.name_all(game)
        self.link_pages(language())
        self.say("")

    def announce(self, text: str) -> None:
        """Say ``text`` in the live region (a repeat is said again)."""
        node = self.announcer
        if text and node.textContent == text:
            text += "\u00a0"
        node.textContent = text

    # -- carried cards, lit targets ------------------------------------------------

    def pick(self, pile: str, count: int, lit: frozenset[str]) -> None:
        """Show the top ``count`` cards of ``pile`` as carried and the piles ``lit`` as
        the places they may go."""
        self.put_down()
        self.lifted = [self.cards[key] for key in self.shown.get(pile, [])[-count:]] if count else []
        self.lift_pile = self.piles.get(pile)
        for node in self.lifted:
            node.classList.add("lifted")
        self._light(lit)

    def drag(self, dx: float, dy: float) -> None:
        """Move the carried cards: one style write."""
        if self.lifted:
            self.lift_pile.style.setProperty("--drag", f"{dx:.0f}px {dy:.0f}px")

    def carried_head(self) -> Any:
        """The element of the head card being carried, or ``None``."""
        return self.lifted[0] if self.lifted else None

    def put_down(self) -> Rects:
        """No card carried, no pile lit any more. Returns where the carried cards were
        drawn (the start of their flight back, or on to where they were played)."""
        first = self.rects([str(node.dataset.card) for node in self.lifted])
        self._light(frozenset())
        for node in self.lifted:
            node.classList.remove("lifted")
        if self.lifted:
            self.lift_pile.style.removeProperty("--drag")
        self.lifted, self.lift_pile = [], None
        return first

    def _light(self, keys: frozenset[str]) -> None:
        for key in self.lit - keys:
            node = self.piles.get(key)
            if node is not None:
                node.classList.remove("target")
        for key in keys - self.lit:
            node = self.piles.get(key)
            if node is not None:
                node.classList.add("target")
        self.lit = keys

    # -- numbers, words, link, deck ------------------------------------------------

    def hint(self, marks: Marks) -> None:
        """Mark a hint's cards (``hint``) and target pile (``hint-target``) and say it."""
        self.unhint()
        for key in marks.cards:
            node = self.cards[key]
            node.classList.add("hint")
            self.hinted.append(node)
        target = self.piles[marks.target]
        target.classList.add("hint-target")
        self.hinted.append(target)
        self.say(marks.text)
        head = self.spot_of(self.cards[marks.cards[0]])
        if head is not None:  # the tab stop on the hinted card; the focus too when on the board
            self.set_spot(head, self.has_focus())

    def unhint(self) -> None:
        while self.hinted:
            self.hinted.pop().classList.remove("hint", "hint-target")

    def saving(self, works: bool) -> None:
        """Whether the game is being saved: ``#unsaved`` ("Not saved") shows while it is not."""
        if bool(self.unsaved.hidden) != works:
            self.unsaved.hidden = works

    def numbers(self, game: Game) -> None:
        """The score, the move count, the deal code and whether undo and redo can act."""
        texts = ((self.score, str(game.score)), (self.moves, str(game.moves)), (self.code, str(game.code)))
        for node, text in texts:
            if node.textContent != text:
                node.textContent = text
        self.undo.disabled = not game.can_undo
        self.redo.disabled = not game.can_redo

    def link_pages(self, lang: str) -> None:
        """Point the Rules, Examples and FAQ links at the pages in ``lang``."""
        for link in self.page_links:
            link.setAttribute("href", f"{lang}/{link.dataset.page}.html")
            link.setAttribute("hreflang", lang)

    def say(self, text: str) -> None:
        """Show a message in the status line (plain text, replayed as a fresh toast),
        and say it in the live region."""
        status = self.status
        status.textContent = text
        if text:
            self.announce(text)
        status.classList.remove("show")
        if text:
            _ = status.offsetWidth  # restart the fade
            status.classList.add("show")

    def offer_link(self, url: str) -> None:
        """Show the address in a read-only field, selected, for the player to copy (the
        clipboard refused)."""
        self.share.hidden = False
        self.share_url.value = url
        self.share_url.focus()
        self.share_url.select()

    def hide_link(self) -> None:
        self.share.hidden = True

    def deck(self, deck: str) -> None:
        """The card colours: ``four`` or ``two`` (``#app[data-deck]``)."""
        self.root.setAttribute("data-deck", deck)

    def theme(self, theme: str) -> None:
        """The table's colours: ``<html data-theme>`` is ``light`` or ``dark``, absent
        for ``auto`` (the device's ``prefers-color-scheme``). static/lang.js sets it
        from the saved settings before the first paint."""
        if theme == "auto":
            document.documentElement.removeAttribute("data-theme")
        else:
            document.documentElement.setAttribute("data-theme", theme)

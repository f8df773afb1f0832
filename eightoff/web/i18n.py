"""Every word the page shows goes through :func:`t` (pure Python, no browser import).

One catalogue per language, English complete; a key missing from a language falls back to
English, a key missing everywhere shows itself (so a gap is visible, never a crash). Engine
errors are translated by their ``.code`` and ``.params``; an unknown code shows the
engine's English sentence.

>>> t("status.score", score=20)
'Score 20'
>>> from eightoff import DealCode, DealCodeError
>>> try:
...     DealCode.parse("EO1-C8-AAAA")
... except DealCodeError as error:
...     error_text(error)
'The deal number has 7 characters, not 4.'
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterable
from string import Formatter
from typing import Any, Final

from ..cards import RANKS

EN: dict[str, str] = {
    # the bar above the board
    "app.title": "Eight Off",
    "status.score": "Score {score}",
    "status.moves": "Moves {moves}",
    "label.score": "Score",
    "label.moves": "Moves",
    "label.deal": "Deal",
    "button.undo": "Undo",
    "button.redo": "Redo",
    "button.new": "New",
    "button.link": "Link",
    "button.settings": "Settings",
    "title.undo": "Undo the last action (Ctrl+Z)",
    "title.redo": "Redo (Ctrl+Shift+Z or Ctrl+Y)",
    "title.new": "New game",
    "title.link": "Copy a link to this deal",
    "title.settings": "Settings",
    "board.label": "The board: 8 columns, the cells and the 4 foundations",
    "pile.column": "Column {n}",
    "pile.cell": "Cell {n}",
    "pile.foundation": "{suit} foundation",
    # cards
    "card": "{rank} of {suit}",
    "rank.1": "ace",
    "rank.2": "2",
    "rank.3": "3",
    "rank.4": "4",
    "rank.5": "5",
    "rank.6": "6",
    "rank.7": "7",
    "rank.8": "8",
    "rank.9": "9",
    "rank.10": "10",
    "rank.11": "jack",
    "rank.12": "queen",
    "rank.13": "king",
    "suit.S": "spades",
    "suit.H": "hearts",
    "suit.D": "diamonds",
    "suit.C": "clubs",
    "corner.1": "A",
    "corner.10": "10",
    "corner.11": "J",
    "corner.12": "Q",
    "corner.13": "K",
    # messages in the status line
    "message.undo-limit-reached": "That was the last action undo can reach ({limit} back).",
    "message.no-move": "The {card} cannot move anywhere now.",
    "message.no-foundation": "The {card} cannot go to its foundation yet.",
    "message.not-top": "Only the top card of a column, or the head of a run, moves.",
    "message.link-copied": "Link copied: {url}",
    "message.link-manual": "Copy this link:",
    "message.link-opened": "Deal {code}, after the {moves} moves of the link.",
    "message.bad-link-move": (
        "Move {number} of the address ({move}) cannot be played: {reason} Your game is unchanged."
    ),
    "message.bad-address": (
        "The address holds a deal code that cannot be used: {reason} Your game is unchanged."
    ),
    "message.new-deal": "New deal {code}.",
    "message.restarted": "Deal {code} started again.",
    "message.other-tab": "The game was updated from another tab.",
    "message.finding-deal": "Looking for a deal that can be won…",
    # hints
    "button.hint": "Hint",
    "title.hint": "Show a move of a winning line (H)",
    "hint.move": "Hint: the {card} to {where}.",
    "hint.run": "Hint: the {count} cards from the {card} to {where}.",
    "hint.foundation": "its foundation",
    "hint.cell": "cell {n}",
    "hint.column": "column {n}",
    "hint.empty-column": "the empty column {n}",
    "hint.thinking": "Looking for a winning line…",
    "hint.lost": "No winning line from here — undoing may help.",
    "hint.gave-up": "No winning line found in time.",
    "hint.won": "The game is won.",
    "hint.failed": "The solver could not start: {error}",
    "new.winnable": "Only deals that can be won",
    # what a screen reader hears (speech.py) and keyboard play
    "board.keys": "Arrow keys move, Enter picks up and puts down, Escape puts back, ? lists the keys.",
    "speech.pile-empty": "{pile}, empty",
    "speech.foundation": "{pile}, up to {rank}",
    "speech.cell": "{pile}: {card}",
    "speech.column": "{pile}, {count} cards, top: {card}",
    "speech.run": "; a run of {count} from {card}",
    "speech.card-can-move": "{card}, can move",
    "speech.card-cannot-move": "{card}, cannot move",
    "speech.moved": "{card} to {pile}",
    "speech.moved-many": "{count} cards from {card} to {pile}",
    "speech.uncovers": ", uncovers {card}",
    "speech.points": " Score {points}.",
    "speech.undone": "Undone: {card} back to {pile}.",
    "speech.redone": "Redone: {card} to {pile}.",
    "speech.picked": "{card} picked up",
    "speech.picked-many": "{count} cards from {card} picked up",
    "speech.goes": "; it can go to: {piles}.",
    "speech.nowhere": "no pile now",
    "speech.put-back": "Put back.",
    "speech.won": "You won! Score {score} in {moves} moves.",
    # the keys (the help dialog)
    "help.title": "Keys",
    "help.close": "Close",
    "help.arrows": "Arrow keys: move between piles and, in a column, between its cards",
    "help.home-end": "Home, End: the first or last pile of the row",
    "help.select": "Enter or Space: pick up the card and the cards on it; again on a pile: put them there",
    "help.escape": "Escape: put the picked-up cards back",
    "help.f": "F: send the card to its foundation",
    "help.d": "D: the double-tap move",
    "help.undo": "U or Ctrl+Z: undo",
    "help.redo": "Ctrl+Y or Ctrl+Shift+Z: redo",
    "help.new": "N: new game",
    "help.hint": "H: a hint, the next move of a winning line",
    "help.help": "?: this list",
    "settings.tap-to-select": "Tap a card, then tap where it goes",
    # dialogs
    "win.title": "You won!",
    "win.text": "Score {score} in {moves} moves.",
    "win.new": "New game",
    "win.close": "Close",
    "new.title": "New game",
    "new.cells": "Cells",
    "new.cells-option": "{n} cells",
    "new.random": "Random deal",
    "new.code-label": "Or type a deal code",
    "new.code-placeholder": "EO1-C8-AAAAAFA",
    "new.code-ok": "Deal {code}, {cells} cells.",
    "new.play-code": "Play this code",
    "new.restart": "Restart this deal",
    "new.cancel": "Cancel",
    "confirm.title": "Replace the game in progress?",
    "confirm.text": "The game in progress ({moves} moves) will be lost.",
    "confirm.open-link": "Open deal {code}? The game in progress ({moves} moves) will be lost.",
    "confirm.yes": "Replace it",
    "confirm.no": "Keep playing",
    "settings.title": "Settings",
    "settings.deck": "Card colours",
    "settings.deck-four": "Four colours (♠ black, ♥ red, ♦ blue, ♣ green)",
    "settings.deck-two": "Two colours (♠♣ black, ♥♦ red)",
    "settings.close": "Done",
    "share.label": "Link to this deal",
    # the links to the pages beside the game
    "guide.label": "About the game",
    "page.rules": "Rules",
    "page.examples": "Examples",
    "page.faq": "FAQ",
    # notices from the store (persist.Notice codes, docs/storage.md)
    "notice.storage-corrupt": "The saved game could not be read: it was set aside and a new game started.",
    "notice.storage-settings-reset": "The saved settings could not be read: the defaults are used.",
    "notice.storage-full": "The browser's storage is full: your moves are no longer saved. Play goes on.",
    "notice.storage-failed": "The browser refused to save: your moves are no longer saved. Play goes on.",
    "notice.storage-unavailable": "The browser does not allow saving here: your moves are not saved.",
    "notice.storage-resumed": "Saving works again.",
    "notice.storage-other-tab": "The game was played on in another tab: this tab now shows that game.",
    "notice.storage-newer": (
        "A newer version of Eight Off saved a game here: reload this page to continue it."
        " This tab will not save over it."
    ),
    # engine errors by code (rules.py, game.py, deal.py)
    "error.same-pile": "The cards are already there.",
    "error.no-cards": "A move takes at least one card.",
    "error.no-pile": "There is no such pile in this game.",
    "error.empty-source": "That pile is empty.",
    "error.too-few-cards": "That pile holds only {size} cards.",
    "error.group-to-column": "A group of cards moves only to a column.",
    "error.not-a-run": "The {card} does not head a run of one suit in sequence.",
    "error.cell-occupied": "Cell {cell} already holds the {card}.",
    "error.foundation-suit": "The {card} goes only on the {card_suit} foundation.",
    "error.foundation-order": "The {card} cannot go on its foundation yet: the {needed} goes there next.",
    "error.king-only": "Only a king may enter an empty column.",
    "error.column-build-king": "The {card} goes only into an empty column.",
    "error.column-build": "The {card} goes only on the {needed}.",
    "error.capacity": "{count} cards is more than the {limit} that {free_cells} and {empty_columns} allow.",
    "count.free-cells.one": "1 free cell",
    "count.free-cells.other": "{n} free cells",
    "count.empty-columns.one": "1 empty column",
    "count.empty-columns.other": "{n} empty columns",
    "error.undo-empty": "There is nothing to undo.",
    "error.undo-limit": "Undo reaches only {limit} actions back.",
    "error.redo-empty": "There is nothing to redo.",
    "error.deal-empty": "The deal code is empty.",
    "error.deal-prefix": "A deal code starts with EO1- (like EO1-C8-AAAAAFA).",
    "error.deal-parts": "A deal code has three parts joined by dashes, like EO1-C8-AAAAAFA.",
    "error.deal-cells": "The cell count must be C8, C4 or C2.",
    "error.deal-length": "The deal number has 7 characters, not {length}.",
    "error.deal-character": "“{character}” is not allowed in a deal code: use letters A-Z and digits 2-7.",
    "error.deal-number": "That deal number does not exist.",
}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN}
_language = "en"

LANGUAGES: Final = ("en", "he", "uk", "ca", "id", "nl")
"""The languages of our players (the user's rules pages came in the last five), English
first: the Rules, Examples and FAQ pages exist in each."""
PAGES: Final = ("rules", "examples", "faq")
"""The pages beside the game, ``<lang>/<page>.html`` (tools/pages.py writes them)."""


def best_language(wanted: Iterable[str], available: Iterable[str] = LANGUAGES) -> str:
    """The first of ``wanted`` (language tags, most wanted first, as
    ``navigator.languages`` or ``?lang=`` give them) that ``available`` has, matched by the
    base language; English when none is.

    >>> best_language(["fr-CA", "he-IL", "en"])
    'he'
    >>> best_language(["fr", ""])
    'en'
    """
    offered = set(available)
    for tag in wanted:
        base = tag.strip().split("-")[0].lower()
        if base in offered:
            return base
    return "en"


def set_language(code: str) -> str:
    """Use the catalogue of ``code`` (``'nl'``, ``'nl-BE'`` …) when there is one; returns
    the language now in use."""
    global _language
    base = code.split("-")[0].lower()
    _language = base if base in CATALOGUES else "en"
    return _language


_catalogue: _gettext.NullTranslations = _gettext.NullTranslations()
"""The catalogue in use: the standard library's gettext; English (the msgids) until a
language's ``.mo`` is installed."""


def gettext(message: str, /, **params: Any) -> str:
    """``message`` (English, the msgid) in the current language, ``params`` filled in.

    >>> gettext("Score {score}", score=20)
    'Score 20'
    """
    return _fill(_catalogue.gettext(message), params)


_ = gettext


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` (the catalogue's CLDR
    ``Plural-Forms``), ``params`` filled in (pass the count by its own name too).

    >>> ngettext("{n} cell", "{n} cells", 2, n=2)
    '2 cells'
    """
    return _fill(_catalogue.ngettext(singular, plural, n), params)


def pgettext(context: str, message: str, /, **params: Any) -> str:
    """``message`` in ``context`` (one English word that needs two translations).

    >>> pgettext("suit of a foundation", "hearts")
    'hearts'
    """
    return _fill(_catalogue.pgettext(context, message), params)


def t(key: str, **params: Any) -> str:
    """The text of ``key`` in the current language with ``params`` filled in."""
    template = CATALOGUES[_language].get(key, EN.get(key))
    if template is None:
        return key
    return _fill(template, params)


def _fill(template: str, params: dict[str, Any]) -> str:
    names = {name for _, name, _, _ in Formatter().parse(template) if name}
    return template.format_map({name: params.get(name, "{" + name + "}") for name in names})


def card_name(card: str) -> str:
    """``'7H'`` -> ``'7 of hearts'`` in the current language (``''`` for no card)."""
    if len(card) != 2 or card[0] not in RANKS:
        return card
    return t("card", rank=t(f"rank.{RANKS.index(card[0]) + 1}"), suit=t(f"suit.{card[1]}"))


def corner(card: str) -> str:
    """The rank as printed in a card's corner: ``A 2 … 10 J Q K``."""
    rank = RANKS.index(card[0]) + 1
    return t(f"corner.{rank}") if rank in (1, 10, 11, 12, 13) else str(rank)


def error_text(error: Exception) -> str:
    """A translated sentence for an engine error (its ``code`` and ``params``)."""
    code = getattr(error, "code", "")
    params = dict(getattr(error, "params", {}) or {})
    key = f"error.{code}"
    card = str(params.get("card", ""))
    if code == "column-build" and card[:1] == "K":
        key = "error.column-build-king"
    elif code == "column-build" and card[:1] in RANKS:
        params["needed"] = card_name(RANKS[RANKS.index(card[0]) + 1] + card[1])
    elif code == "capacity":
        for name in ("free_cells", "empty_columns"):
            n = params.get(name, 0)
            form = "one" if n == 1 else "other"
            params[name] = t(f"count.{name.replace('_', '-')}.{form}", n=n)
    elif code == "undo-limit":
        from ..game import UNDO_LIMIT

        params["limit"] = UNDO_LIMIT
    for name in ("card", "needed", "onto"):
        value = str(params.get(name, ""))
        if len(value) == 2 and value[0] in RANKS and value[1] in "SHDC":
            params[name] = card_name(value)
    if card[1:2]:
        params["card_suit"] = t(f"suit.{card[1]}")
    if key in EN and _names(EN[key]) <= set(params):
        return t(key, **params)
    return sentence(str(error))


def _names(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def sentence(text: str) -> str:
    """The engine's English: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."

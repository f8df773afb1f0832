"""What a screen reader hears: the piles' and cards' names and every action in words
(pure Python, no browser import; tested under CPython).

Facts come from the engine (the cards of a pile, its run, whether a card may be lifted,
the score), words from :mod:`.i18n`. The page writes these texts into the piles' and
cards' ``aria-label`` and into the live region ``#announce``.

>>> from eightoff import DealCode, Game, Move
>>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
>>> pile_label(game.position, "column-1")
'Column 1, 6 cards, top: 5 of spades; a run of 2 from 6 of spades'
>>> pile_label(game.position, "foundation-H")
'Hearts foundation, empty'
>>> card_label(game, "column-1", 5)
'5 of spades, can move'
>>> before = game.position
>>> points = game.play(Move.parse("1e"))
>>> moved(before, Move.parse("1e"), points)
'5 of spades to cell 5, uncovers 6 of spades.'
>>> card_label(game, "column-1", 3)
'king of hearts, cannot move'
"""

from __future__ import annotations

from ..game import Game
from ..moves import Move
from ..piles import Pile
from ..position import Position
from ..rules import run_length
from .i18n import card_name, t


def pile_name(pile: Pile) -> str:
    """``Column 3``, ``Cell 2``, ``Hearts foundation``."""
    if pile.is_foundation:
        suit = t(f"suit.{pile.suit}")
        return t("pile.foundation", suit=suit[:1].upper() + suit[1:])
    if pile.is_cell:
        return t("pile.cell", n=str(pile.index))
    return t("pile.column", n=str(pile.index))


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def pile_label(position: Position, key: str) -> str:
    """A pile's name, count, top card and run: "Column 3, 6 cards, top: 10 of hearts; a
    run of 3 from 8 of hearts", "Hearts foundation, up to 5", "Cell 2, empty"."""
    pile = Pile.from_key(key)
    name, cards = pile_name(pile), position.cards(pile)
    if not cards:
        return t("speech.pile-empty", pile=name)
    top = cards[-1]
    if pile.is_foundation:
        return t("speech.foundation", pile=name, rank=t(f"rank.{top.rank}"))
    if pile.is_cell:
        return t("speech.cell", pile=name, card=card_name(str(top)))
    text = t("speech.column", pile=name, count=len(cards), card=card_name(str(top)))
    run = run_length(cards)
    if run > 1:
        text += t("speech.run", count=run, card=card_name(str(cards[-run])))
    return text


def card_label(game: Game, key: str, index: int) -> str:
    """A card's name and whether the engine lets it be picked up from where it lies."""
    pile = Pile.from_key(key)
    card = str(game.position.cards(pile)[index])
    can = bool(game.lift(pile, index))
    return t("speech.card-can-move" if can else "speech.card-cannot-move", card=card_name(card))


def _points(points: int) -> str:
    return t("speech.points", points=f"{points:+d}") if points else ""


def moved(before: Position, move: Move, points: int) -> str:
    """One move played from ``before``: what moved where, the card it uncovered, the
    score change. "5 of spades to cell 5, uncovers 4 of spades." """
    cards = before.cards(move.source)
    head = card_name(str(cards[-move.count]))
    target = _lower(pile_name(move.target))
    if move.count > 1:
        text = t("speech.moved-many", count=move.count, card=head, pile=target)
    else:
        text = t("speech.moved", card=head, pile=target)
    rest = cards[: -move.count]
    if rest:
        text += t("speech.uncovers", card=card_name(str(rest[-1])))
    return text + "." + _points(points)


def stepped(move: Move, after: Position, back: bool, points: int) -> str:
    """Undo (``back``) or redo of ``move``, said from the position ``after`` it."""
    home = move.source if back else move.target
    cards = after.cards(home)
    head = card_name(str(cards[-move.count]))
    key = "speech.undone" if back else "speech.redone"
    return t(key, card=head, count=move.count, pile=_lower(pile_name(home))) + _points(points)


def picked(game: Game, key: str, index: int, targets: frozenset[str]) -> str:
    """Cards picked up, and the piles that accept them."""
    pile = Pile.from_key(key)
    cards = game.position.cards(pile)
    head = card_name(str(cards[index]))
    count = len(cards) - index
    where = ", ".join(_lower(pile_name(p)) for p in game.position.piles() if p.key in targets) or t(
        "speech.nowhere"
    )
    text = t("speech.picked-many", card=head, count=count) if count > 1 else t("speech.picked", card=head)
    return text + t("speech.goes", piles=where)


def refused_pick(game: Game, key: str) -> str:
    """Why nothing was picked up from ``key`` (the engine's :meth:`Game.lift` said 0)."""
    pile = Pile.from_key(key)
    if not game.position.size(pile):
        return t("error.empty-source")
    return t("message.not-top")


__all__ = ["card_label", "moved", "picked", "pile_label", "pile_name", "refused_pick", "stepped"]

"""What a screen reader hears: the piles' and cards' names and every action in words
(pure Python, no browser import; tested under CPython).

Facts come from the engine (the cards of a pile, its run, whether a card may be lifted,
the score), words from :mod:`.words.i18n`. The page writes these texts into the piles' and
cards' ``aria-label`` and into the live region ``#announce``.

>>> from eightoff import DealCode, Game, Move
>>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
>>> pile_label(game.position, "column-1")
'Column 1, 6 cards, top: 5 of spades; a run of 2 from 6 of spades'
>>> pile_label(game.position, "foundation-H")
'Hearts foundation, empty'
>>> card_label(game.position, "column-1", 5)
'5 of spades, can move'
>>> before = game.position
>>> points = game.play(Move.parse("1e"))
>>> moved(before, Move.parse("1e"), points)
'5 of spades to cell 5, uncovers 6 of spades.'
>>> card_label(game.position, "column-1", 3)
'king of hearts, cannot move'
"""

from __future__ import annotations

from ...game import Game
from ...moves import Move
from ...piles import Pile
from ...position import Position
from ...rules import lift_count, run_length
from .card_names import card_name, foundation_name, rank_name
from .i18n import _, ngettext


def pile_name(pile: Pile) -> str:
    """``Column 3``, ``Cell 2``, ``Hearts foundation``."""
    if pile.is_foundation:
        return foundation_name(pile.suit)
    if pile.is_cell:
        return _("Cell {n}", n=str(pile.index))
    return _("Column {n}", n=str(pile.index))


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def pile_label(position: Position, key: str) -> str:
    """A pile's name, count, top card and run: "Column 3, 6 cards, top: 10 of hearts; a
    run of 3 from 8 of hearts", "Hearts foundation, up to 5", "Cell 2, empty"."""
    pile = Pile.from_key(key)
    name, cards = pile_name(pile), position.cards(pile)
    if not cards:
        return _("{pile}, empty", pile=name)
    top = cards[-1]
    if pile.is_foundation:
        return _("{pile}, up to {rank}", pile=name, rank=rank_name(top.rank))
    if pile.is_cell:
        return _("{pile}: {card}", pile=name, card=card_name(str(top)))
    count = len(cards)
    text = ngettext(
        "{pile}, {count} card, top: {card}",
        "{pile}, {count} cards, top: {card}",
        count,
        pile=name,
        count=count,
        card=card_name(str(top)),
    )
    run = run_length(cards)
    if run > 1:
        head = card_name(str(cards[-run]))
        text += ngettext(
            "; a run of {count} from {card}", "; a run of {count} from {card}", run, count=run, card=head
        )
    return text


def card_label(position: Position, key: str, index: int) -> str:
    """A card's name and whether the engine lets it be picked up from where it lies."""
    pile = Pile.from_key(key)
    card = str(position.cards(pile)[index])
    can = bool(lift_count(position, pile, index))
    return (
        _("{card}, can move", card=card_name(card)) if can else _("{card}, cannot move", card=card_name(card))
    )


def held_label(card: str) -> str:
    """A picked-up card's name while it is held (its state, said with its name):
    "5 of spades, held"."""
    return _("{card}, held", card=card_name(card))


def target_label(label: str, count: int) -> str:
    """A pile's name (``label``, :func:`pile_label`) while the ``count`` cards held may go
    there: "Cell 5, empty; can take the card"."""
    return ngettext("{pile}; can take the card", "{pile}; can take the cards", count, pile=label)


def _points(points: int) -> str:
    return _(" Score {points}.", points=format(points, "+d")) if points else ""


def moved(before: Position, move: Move, points: int) -> str:
    """One move played from ``before``: what moved where, the card it uncovered, the
    score change. "5 of spades to cell 5, uncovers 4 of spades." """
    cards = before.cards(move.source)
    head = card_name(str(cards[-move.count]))
    target = _lower(pile_name(move.target))
    if move.count > 1:
        text = ngettext(
            "{count} card from {card} to {pile}",
            "{count} cards from {card} to {pile}",
            move.count,
            count=move.count,
            card=head,
            pile=target,
        )
    else:
        text = _("{card} to {pile}", card=head, pile=target)
    rest = cards[: -move.count]
    if rest:
        text += _(", uncovers {card}", card=card_name(str(rest[-1])))
    return text + "." + _points(points)


def stepped(move: Move, after: Position, back: bool, points: int) -> str:
    """Undo (``back``) or redo of ``move``, said from the position ``after`` it."""
    home = move.source if back else move.target
    cards = after.cards(home)
    head = card_name(str(cards[-move.count]))
    pile = _lower(pile_name(home))
    if back:
        return _("Undone: {card} back to {pile}.", card=head, pile=pile) + _points(points)
    return _("Redone: {card} to {pile}.", card=head, pile=pile) + _points(points)


def picked(game: Game, key: str, index: int, targets: frozenset[str], where: str = "") -> str:
    """Cards picked up, and the piles that accept them (``where``: those piles named)."""
    pile = Pile.from_key(key)
    cards = game.position.cards(pile)
    head = card_name(str(cards[index]))
    count = len(cards) - index
    where = where or ", ".join(_lower(pile_name(p)) for p in game.position.piles() if p.key in targets)
    piles = where or _("no pile now")
    if count > 1:  # one sentence each, so that "they" follows the count
        return ngettext(
            "{count} card from {card} picked up; it can go to: {piles}.",
            "{count} cards from {card} picked up; they can go to: {piles}.",
            count,
            count=count,
            card=head,
            piles=piles,
        )
    return _("{card} picked up; it can go to: {piles}.", card=head, piles=piles)


def jumped(game: Game, key: str, targets: frozenset[str]) -> str:
    """Cards picked up by a key that names their pile: the run goes as far as each target
    takes it (``Game.onto``), so the longest run that can go somewhere is named with its
    piles, then each shorter one with its own. "2 cards from 3 of hearts picked up; they
    can go to: column 3. The 2 of hearts alone can go to: cell 2." """
    source = Pile.from_key(key)
    cards = game.position.cards(source)
    going: dict[int, list[str]] = {}
    for pile in game.position.piles():
        move = game.onto(source, pile) if pile.key in targets else None
        if move is not None:
            going.setdefault(move.count, []).append(_lower(pile_name(pile)))
    if not going:
        return picked(game, key, len(cards) - 1, targets)
    counts = sorted(going, reverse=True)
    said = [picked(game, key, len(cards) - counts[0], frozenset(), ", ".join(going[counts[0]]))]
    for count in counts[1:]:
        head, piles = card_name(str(cards[-count])), ", ".join(going[count])
        if count == 1:
            said.append(_("The {card} alone can go to: {piles}.", card=head, piles=piles))
        else:
            said.append(
                ngettext(
                    "{count} card from {card} can go to: {piles}.",
                    "{count} cards from {card} can go to: {piles}.",
                    count,
                    count=count,
                    card=head,
                    piles=piles,
                )
            )
    return " ".join(said)


def stuck(card: str) -> str:
    """A double tap (or D) on a card the engine lets move, but to no pile now."""
    return _("The {card} cannot move anywhere now.", card=card_name(card))


def won(score: int, moves: int) -> str:
    """The game was just won."""
    return ngettext(
        "You won! Score {score} in {moves} move.",
        "You won! Score {score} in {moves} moves.",
        moves,
        score=score,
        moves=moves,
    )


def no_pile(key: str) -> str:
    """A key named a cell this game does not have (Shift+5 with four cells)."""
    return _("This game has no cell {n}.", n=str(Pile.from_key(key).index))


__all__ = [
    "card_label",
    "held_label",
    "moved",
    "no_pile",
    "picked",
    "pile_label",
    "pile_name",
    "stepped",
    "stuck",
    "target_label",
    "won",
]

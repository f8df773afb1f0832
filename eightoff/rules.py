"""The rules of Eight Off: which moves are legal, why others are not, and their effect.

>>> capacity(free_cells=2, empty_columns=1, to_empty_column=True)
3
"""

from __future__ import annotations

from collections.abc import Iterator

from .cards import SUIT_NAMES, SUITS, Card
from .errors import IllegalMoveError
from .moves import Move
from .piles import COLUMNS, Pile
from .position import Column, Position


def capacity(free_cells: int, empty_columns: int, to_empty_column: bool = False) -> int:
    """The longest run that moves as one unit (SPEC §4).

    ``(free cells + 1) × 2^(empty columns)``; an empty destination column does not count.
    """
    usable = empty_columns - 1 if to_empty_column else empty_columns
    return (free_cells + 1) << max(usable, 0)


def run_length(column: Column) -> int:
    """How many cards at the top of a column form a run: one suit, ranks descending by
    one towards the top."""
    length = 1 if column else 0
    while length < len(column):
        upper, lower = column[-length], column[-length - 1]
        if upper.suit != lower.suit or lower.rank != upper.rank + 1:
            break
        length += 1
    return length


def movable_count(position: Position, pile: Pile) -> int:
    """How many cards may be lifted from the top of a pile as one unit (before capacity)."""
    if pile.is_column:
        return run_length(position.cards(pile))
    return 1 if position.size(pile) else 0


def lift_count(position: Position, pile: Pile, index: int) -> int:
    """How many cards are picked up by touching the card at ``index`` (0 = bottom) of a
    pile: all of them to the top if they may move together, else 0."""
    count = position.size(pile) - index
    return count if 1 <= count <= movable_count(position, pile) else 0


def check_lift(position: Position, pile: Pile, count: int) -> None:
    """Raise :class:`IllegalMoveError`, with the reason in words, unless the top ``count``
    cards of ``pile`` may be picked up together (:func:`lift_count`): the reason a pick,
    a drag or a tap of a card that cannot move is refused, whatever the input.

    >>> from .deal import DealCode
    >>> dealt = DealCode.parse("EO1-C8-AAAAAFA").deal()
    >>> check_lift(dealt, Pile.column(1), 2)
    >>> check_lift(dealt, Pile.column(1), 3)
    Traceback (most recent call last):
    eightoff.errors.IllegalMoveError: the king of hearts does not head a run of one suit in sequence
    """
    position.check_pile(pile)
    if count < 1:
        raise IllegalMoveError("a move takes at least one card", code="no-cards", count=count)
    size = position.size(pile)
    if size == 0:
        raise IllegalMoveError(f"{_pile_words(pile)} is empty", code="empty-source", pile=pile.key)
    if count > size:
        raise IllegalMoveError(
            f"{_pile_words(pile)} holds only {size} card{'s' * (size != 1)}",
            code="too-few-cards",
            count=count,
            size=size,
        )
    if count > movable_count(position, pile):
        card = position.cards(pile)[-count]
        raise IllegalMoveError(
            f"the {card.name} does not head a run of one suit in sequence",
            code="not-a-run",
            card=str(card),
        )


def check(position: Position, move: Move) -> None:
    """Raise :class:`IllegalMoveError`, with the reason in words, unless ``move`` is legal.
    Cards that cannot be picked up together are refused for that (:func:`check_lift`)
    before anything about where they go."""
    source, target, count = move.source, move.target, move.count
    position.check_pile(source)
    position.check_pile(target)
    if source == target:
        raise IllegalMoveError("the cards are already there", code="same-pile")
    check_lift(position, source, count)
    card = position.cards(source)[-count]
    if count > 1 and not target.is_column:
        raise IllegalMoveError("a group of cards moves only to a column", code="group-to-column")
    if not accepts(position, target, card):
        raise _refusal(position, target, card)
    if target.is_column:
        _check_capacity(position, target, count)


def accepts(position: Position, target: Pile, card: Card) -> bool:
    """The placement rule (SPEC §3): whether ``target`` takes ``card`` on top. A cell
    takes any card when empty; a foundation the next card of its suit; a column the card
    of the same suit one rank lower than its top, or a king when empty."""
    top = position.top(target)
    if target.is_cell:
        return top is None
    if target.is_foundation:
        return card.suit == target.suit and card.rank == position.size(target) + 1
    if top is None:
        return card.rank == 13
    return top.suit == card.suit and top.rank == card.rank + 1


def _refusal(position: Position, target: Pile, card: Card) -> IllegalMoveError:
    """Say in words why :func:`accepts` refused ``card`` on ``target``."""
    top = position.top(target)
    if target.is_cell:
        assert top is not None
        return IllegalMoveError(
            f"cell {target.index} already holds the {top.name}",
            code="cell-occupied",
            cell=target.index,
            card=str(top),
        )
    if target.is_foundation and card.suit != target.suit:
        return IllegalMoveError(
            f"the {card.name} goes only on the {SUIT_NAMES[card.suit]} foundation",
            code="foundation-suit",
            card=str(card),
            card_suit=card.suit,
        )
    if target.is_foundation:
        # Every card of a full foundation's suit is on it, so ``needed`` always exists.
        needed = Card(position.size(target) + 1, card.suit)
        return IllegalMoveError(
            f"the {card.name} cannot go on its foundation yet: the {needed.name} goes there next",
            code="foundation-order",
            card=str(card),
            needed=str(needed),
        )
    if top is None:
        return IllegalMoveError("only a king may enter an empty column", code="king-only", card=str(card))
    if card.rank == 13:
        return IllegalMoveError(
            f"the {card.name} goes only into an empty column",
            code="column-build-king",
            card=str(card),
            onto=str(top),
        )
    needed = Card(card.rank + 1, card.suit)
    return IllegalMoveError(
        f"the {card.name} goes only on the {needed.name}",
        code="column-build",
        card=str(card),
        onto=str(top),
        needed=str(needed),
    )


def _check_capacity(position: Position, target: Pile, count: int) -> None:
    to_empty = position.size(target) == 0
    limit = capacity(position.free_cells, position.empty_columns, to_empty_column=to_empty)
    if count > limit:
        # Worded as the seeds' example counts: the empty columns on the table, the
        # destination included ("2 free cells and a single empty column: at most 3").
        free, empty = position.free_cells, position.empty_columns
        raise IllegalMoveError(
            f"{count} cards is more than the {limit} that {free} free cell{'s' * (free != 1)}"
            f" and {empty} empty column{'s' * (empty != 1)} allow",
            code="capacity",
            count=count,
            limit=limit,
            free_cells=free,
            empty_columns=empty,
        )


def _pile_words(pile: Pile) -> str:
    if pile.is_foundation:
        return f"the {pile.suit} foundation"
    return f"{pile.kind} {pile.index}"


def is_legal(position: Position, move: Move) -> bool:
    """Whether ``move`` is legal in ``position``."""
    try:
        check(position, move)
    except IllegalMoveError:
        return False
    return True


def apply(position: Position, move: Move) -> Position:
    """The position after a legal move; raises :class:`IllegalMoveError` otherwise."""
    check(position, move)
    return transfer(position, move)


def transfer(position: Position, move: Move) -> Position:
    """Move the cards without asking the rules (undo uses it to put cards back).

    The caller guarantees the transfer keeps the position valid: the source holds
    ``count`` cards, a cell target is empty, a foundation target gets its next card.
    """
    columns = list(position.columns)
    cells = list(position.cells)
    found = list(position.foundations)
    source, target, count = move.source, move.target, move.count
    if source.is_column:
        column = columns[source.index - 1]
        cards = column[len(column) - count :]
        columns[source.index - 1] = column[: len(column) - count]
    elif source.is_cell:
        cards = (cells[source.index - 1],)  # type: ignore[assignment]
        cells[source.index - 1] = None
    else:
        cards = (Card(found[source.index - 1], source.suit),)
        found[source.index - 1] -= 1
    if target.is_column:
        columns[target.index - 1] += cards
    elif target.is_cell:
        cells[target.index - 1] = cards[0]
    else:
        found[target.index - 1] = cards[0].rank
    return Position._unchecked(tuple(columns), tuple(cells), (found[0], found[1], found[2], found[3]))


def legal_moves(position: Position) -> Iterator[Move]:
    """Every legal move: for each source pile (columns, cells, foundations), each count
    from 1 to its run's length, each target pile.

    >>> from .deal import DealCode
    >>> [str(m) for m in legal_moves(DealCode.parse("EO1-C4-AAAAAFA").deal())]
    ['42', '86']
    """
    piles = list(position.piles())
    for source in piles:
        cards = position.cards(source)
        for count in range(1, movable_count(position, source) + 1):
            card = cards[-count]
            for target in piles:
                if (count == 1 or target.is_column) and accepts(position, target, card):
                    move = Move(source, target, count)
                    if is_legal(position, move):
                        yield move


FINISH_BUDGET = 64
"""The most positions :func:`finishing_line` weighs before it gives up (``None``: no line
proved; a later position, with fewer cards left, is tried afresh). The lines it finds on
the solver's wins take at most 7; a position with no line is seldom over a few."""


def finishing_line(position: Position, budget: int = FINISH_BUDGET) -> tuple[Move, ...] | None:
    """The moves that finish the game with moves to the foundations and to the free cells
    alone, nothing built on a column, or ``None`` when none was found within ``budget``
    positions (or no card is left).

    Every card that can go home goes at once, the lowest first (ties in pile order): with
    no move but these two kinds, a card sent home never takes a place another needs. When
    none can, the line digs out the next card of a suit that lies in a column under no more
    cards than there are free cells, putting the cards over it in the free cells, the
    shallowest first (ties in column order), and tries the others in turn when that dig
    leads nowhere. Putting a card in a cell for anything but such a dig only uses a cell
    sooner, so these lines are all there are.

    >>> from .deal import DealCode
    >>> finishing_line(DealCode.parse("EO1-C8-AAAAAFA").deal()) is None
    True
    """
    if position.is_won:
        return None
    columns = position.columns
    dead: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    left = budget

    def home(lengths: list[int], cells: list[Card | None], found: list[int], line: list[Move]) -> None:
        while True:
            best: tuple[int, int, Card] | None = None  # rank, pile number, card
            for c, length in enumerate(lengths):
                card = columns[c][length - 1] if length else None
                ready = card is not None and found[SUITS.index(card.suit)] == card.rank - 1
                if card is not None and ready and (best is None or card.rank < best[0]):
                    best = (card.rank, c, card)
            for k, card in enumerate(cells):
                ready = card is not None and found[SUITS.index(card.suit)] == card.rank - 1
                if card is not None and ready and (best is None or card.rank < best[0]):
                    best = (card.rank, COLUMNS + k, card)
            if best is None:
                return
            rank, number, card = best
            if number < COLUMNS:
                lengths[number] -= 1
                source = Pile.column(number + 1)
            else:
                cells[number - COLUMNS] = None
                source = Pile.cell(number - COLUMNS + 1)
            found[SUITS.index(card.suit)] = rank
            line.append(Move(source, Pile.foundation(card.suit)))

    def search(lengths: list[int], cells: list[Card | None], found: list[int]) -> list[Move] | None:
        nonlocal left
        line: list[Move] = []
        home(lengths, cells, found, line)
        if sum(found) == 4 * 13:
            return line
        key = (tuple(lengths), tuple(found))  # the cards in the cells follow from these
        if key in dead or left <= 0:
            return None
        left -= 1
        free = [k for k, card in enumerate(cells) if card is None]
        digs = []
        for c, length in enumerate(lengths):
            for depth in range(min(len(free), length - 1) + 1):
                card = columns[c][length - 1 - depth]
                if found[SUITS.index(card.suit)] == card.rank - 1:
                    digs.append((depth, c))
                    break
        for depth, c in sorted(digs):
            dug, held, moves = list(lengths), list(cells), []
            for k in free[:depth]:
                held[k] = columns[c][dug[c] - 1]
                dug[c] -= 1
                moves.append(Move(Pile.column(c + 1), Pile.cell(k + 1)))
            rest = search(dug, held, list(found))
            if rest is not None:
                return line + moves + rest
        dead.add(key)
        return None

    found = search([len(c) for c in columns], list(position.cells), list(position.foundations))
    return tuple(found) if found else None

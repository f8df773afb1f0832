"""A game in play: the position, the score, the move count, undo and redo, and the
questions the board asks (where may these cards go, what does a tap or double tap do).

>>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
>>> game.play(Move.parse("1e"))
0
>>> game.score, game.moves, game.undo(), game.moves
(0, 1, Move.parse('1e'), 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final

from .deal import DealCode
from .errors import HistoryError
from .moves import Move
from .piles import Pile
from .position import Position
from .rules import apply, finishing_line, is_legal, lift_count, movable_count, transfer

UNDO_LIMIT: Final = 100
"""How many actions back undo reaches; a group move is one action."""


@dataclass
class Game:
    """A deal being played. ``undo_stack`` holds the last moves, oldest first;
    ``redo_stack`` the undone ones, the next to redo last."""

    code: DealCode
    position: Position
    score: int = 0
    moves: int = 0
    undo_stack: list[Move] = field(default_factory=list)
    redo_stack: list[Move] = field(default_factory=list)

    @classmethod
    def new(cls, code: DealCode) -> Game:
        """A fresh game of a deal."""
        return cls(code, code.deal())

    @classmethod
    def after(cls, code: DealCode, moves: Iterable[Move]) -> Game:
        """The game of ``code`` after ``moves`` played from its deal, in turn (each checked:
        :class:`IllegalMoveError` for the first that cannot be played), on its undo stack.

        >>> game = Game.after(DealCode.parse("EO1-C8-AAAAAFA"), [Move.parse("1e"), Move.parse("ef")])
        >>> game.moves, game.undo_stack
        (2, [Move.parse('1e'), Move.parse('ef')])
        """
        game = cls.new(code)
        for move in moves:
            game.play(move)
        return game

    def copy(self) -> Game:
        """The same game, with stacks of its own: playing on the copy leaves this one as it
        is (the page keeps the game it showed, to compare it with the next).

        >>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
        >>> copy = game.copy()
        >>> copy.play(Move.parse("1e")), game.moves, copy.moves, copy == game
        (0, 0, 1, False)
        """
        stacks = list(self.undo_stack), list(self.redo_stack)
        return Game(self.code, self.position, self.score, self.moves, *stacks)

    @property
    def is_won(self) -> bool:
        return self.position.is_won

    # -- playing ---------------------------------------------------------------

    def play(self, move: Move) -> int:
        """Make a legal move (raises :class:`IllegalMoveError` with the reason otherwise);
        returns the points it scored. Clears the redo stack."""
        self.position = apply(self.position, move)
        self._record(move)
        self.redo_stack.clear()
        return move.points

    def _record(self, move: Move) -> None:
        self.score += move.points
        self.moves += 1
        self.undo_stack.append(move)
        del self.undo_stack[:-UNDO_LIMIT]

    def undo(self) -> Move:
        """Take back the last action, with exactly the points it brought."""
        if not self.undo_stack:
            raise HistoryError(
                "there is nothing to undo"
                if not self.moves
                else f"undo reaches only {UNDO_LIMIT} actions back",
                code="undo-empty" if not self.moves else "undo-limit",
                **({"limit": UNDO_LIMIT} if self.moves else {}),
            )
        move = self.undo_stack.pop()
        self.position = transfer(self.position, move.reverse())
        self.score = max(0, self.score - move.points)
        self.moves -= 1
        self.redo_stack.append(move)
        return move

    def redo(self) -> Move:
        """Make the last undone action again."""
        if not self.redo_stack:
            raise HistoryError("there is nothing to redo", code="redo-empty")
        move = self.redo_stack.pop()
        self.position = apply(self.position, move)
        self._record(move)
        return move

    @property
    def can_undo(self) -> bool:
        return bool(self.undo_stack)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    # -- what the board asks ---------------------------------------------------

    def lift(self, pile: Pile, index: int) -> int:
        """How many cards are picked up by touching the card at ``index`` (0 = bottom)
        of a pile: all of them to the top if they may move together, else 0."""
        return lift_count(self.position, pile, index)

    def targets(self, pile: Pile, index: int) -> list[Pile]:
        """Every pile the cards from ``index`` to the top of ``pile`` may legally go to."""
        count = self.lift(pile, index)
        if not count:
            return []
        return [t for t in self.position.piles() if is_legal(self.position, Move(pile, t, count))]

    def onto(self, source: Pile, target: Pile) -> Move | None:
        """The move of the most cards from the top of ``source`` onto ``target`` that the
        rules allow, or ``None``: what a key that names only the two piles plays (a
        column's run goes as far as the target takes it; a cell or a foundation takes one
        card; an empty column the longest run that may move)."""
        if source == target:
            return None
        for count in range(movable_count(self.position, source), 0, -1):
            move = Move(source, target, count)
            if is_legal(self.position, move):
                return move
        return None

    def finish(self) -> tuple[Move, ...] | None:
        """The moves of Finish: every card left to its foundation, one by one, with moves
        to the foundations and the free cells alone, when the engine finds such a line
        (:func:`~eightoff.rules.finishing_line`); ``None`` otherwise. Only the player's
        command plays them: no card moves by itself."""
        return finishing_line(self.position)

    def tap(self, pile: Pile) -> Move | None:
        """A single tap on a column top or a cell: to its foundation when legal."""
        card = self.position.top(pile) if not pile.is_foundation else None
        if card is None:
            return None
        move = Move(pile, Pile.foundation(card.suit))
        return move if is_legal(self.position, move) else None

    def double_tap(self, pile: Pile, index: int) -> Move | None:
        """The seeds' double tap: its foundation, the longest accepting column (leftmost
        on ties), an empty column (kings), a free cell (leftmost); for the head of a run
        of 2+ cards, the longest accepting column or, king first, an empty column."""
        count = self.lift(pile, index)
        if not count or pile.is_foundation:
            return None
        whole_column = pile.is_column and count == self.position.size(pile)
        for target in self._double_tap_order(count):
            move = Move(pile, target, count)
            if whole_column and target.is_column and not self.position.size(target):
                continue  # a king run that fills its column: moving it to an empty one changes nothing
            if is_legal(self.position, move):
                return move
        return None

    def _double_tap_order(self, count: int) -> Iterator[Pile]:
        position = self.position
        piles = list(position.piles())
        columns = [p for p in piles if p.is_column]
        if count == 1:
            yield from (p for p in piles if p.is_foundation)
        yield from sorted((c for c in columns if position.size(c)), key=lambda c: -position.size(c))
        yield from (c for c in columns if not position.size(c))
        if count == 1:
            yield from (p for p in piles if p.is_cell)

"""Our solver: wins a position under our exact rules, or proves that nothing can.

>>> from .deal import DealCode
>>> result = solve(DealCode.parse("EO1-C8-AAAAAFA").deal())
>>> result.verdict, len(result.moves) > 0
('solved', True)

:func:`solve` gives one of three verdicts: ``solved`` (with the moves, in our notation, a
group as one move), ``unsolvable`` (proved: every position reachable under the rules,
after the safe reductions below, was searched) or ``gave-up`` (the position or time
budget ran out first). It is pure Python and deterministic for a given position budget.

The search
----------
Best-first search with a transposition table: the next position searched is the one with
the fewest cards off the foundations, cards lying on a lower card of their suit and full
cells (weighted), ties in the order found. A position's key puts the columns in sorted
order and the cells as a sorted set, so positions that differ only by which column or
cell holds what are searched once. ``positions`` counts the positions whose moves were
listed. When the queue runs dry without a win, every reachable position has been
searched and the verdict is ``unsolvable``.

Cards are small ints inside (``suit × 16 + rank``; the card a card goes on is ``card + 1``),
columns are ``bytes``, the cells a sorted ``bytes``. A solution is replayed through
:func:`rules.apply` before it is returned, so an illegal move could never leave here.

The reductions, and why each one loses no win
---------------------------------------------
1. *Cards go to their foundation as soon as they can.* In Eight Off a column is built
   down by suit, so the only card that can ever be put on a card ``r`` of a suit is the
   ``r - 1`` of that suit, which is already on the foundation when ``r`` can go there. So
   a card that can go up is never needed as a base. The proof: take any winning sequence
   ``S`` from a position ``P`` where card ``c`` can go up, and play instead ``c`` up, then
   ``S`` in which every card that has been on a foundation stays there ("founded" cards:
   those of ``P``'s foundations, ``c``, and each card from the first time ``S`` plays it
   up). Founded cards of a suit are always the ace up to some rank, and in any column
   they form a top segment (only a founded card can be put on one). Each move of ``S``
   then becomes the same move of its unfounded cards, or nothing when it moves only
   founded cards: with the founded cards set aside, the unfounded part of a moving group
   is the top of its column; its target shows the same top card (a column whose top is
   founded could only take a founded card); a foundation move of an unfounded card finds
   exactly its predecessor on the foundation; there are at least as many free cells and
   empty columns, so the capacity ``(free + 1) × 2^empty`` allows every group. The new
   sequence wins too, and ``c`` up followed by it is no longer than ``S`` (``S``'s own
   move of ``c`` up is dropped).
2. *No take-backs* (a foundation card back to a cell or column). The same argument with
   ``c`` left out shows a winning sequence without them exists, as short or shorter.
3. *No move that changes only names*: cell to cell, or a king and its run that fill their
   whole column into another empty column. The position is the same up to the order of
   cells or columns, which the key ignores; a winning sequence without them exists after
   renaming the piles in the moves that follow.
4. *Only one empty column and one cell as targets*: every empty column (every free cell)
   leads to the same key.

Moves that remain are all the rest of the rules (SPEC §3-4): what the generator below
lists is every legal move that is not one of the above, because a card goes on a column
only onto the card one higher of its suit: the top ``k`` cards of a run of ``n`` can go
onto another column only when ``k == n`` (the card under the ``k``-th is the one it would
go on), and into an empty column only when the ``k``-th is a king, again ``k == n``.
By 1-4, from a winnable position some listed move, followed by the foundation moves it
allows, leads to a position whose shortest win is shorter; so a win is among the positions
the search reaches, and when it has searched them all and found none, none exists.

The cap, and the fewest fills
-----------------------------
``solve(position, cap=k)`` searches the game in which the cells may be *filled* to ``k``
cards only: a card may go into a cell only if the cells then hold at most ``k`` cards,
and a group move may count as free only the cells the cap leaves free,
``max(0, k - cards in the cells)``, because a group stands for single-card moves through
the free cells (SPEC §4): the cells would hold its cards on the way. Cards leave the cells
freely, and cards dealt into the cells break no cap (a 4-cell deal starts with 4 there;
under a cap of 2 no card goes into a cell until three have left). With ``k`` the cell count
it is the game itself. :func:`within` checks a line of moves against a cap with the rules'
own :func:`rules.capacity`.

The reductions keep their proofs under a cap: the sequence built in 1 and 2 holds in the
cells at every step a subset of the cards the original sequence holds there (founded cards
set aside), so it never goes over a cap the original kept, and it has at least as many free
cells within the cap for its groups; 3 and 4 change no count of cards in the cells.

``solve(position, cap=k, fewest_fills=True)`` searches by the number of *fills* (moves that
put a card into a cell) instead of by promise: a uniform-cost search (a 0-1 breadth-first
search, a fill costing 1 and every other move 0) that takes the positions in order of the
fewest fills that reach them and stops at the first won one. Its win puts the fewest cards
into the cells of any win within the cap: the reductions never add a fill (1 and 2 keep or
drop each move of a sequence, 3 drops cell-to-cell moves), and every position reached with
fewer fills was searched before. It searches more than the best-first search, so it is for
the build (``tools/winnable.py``), never for a hint.
"""

from __future__ import annotations

import heapq
import time
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final, Literal

from .cards import SUITS, Card
from .moves import Move
from .piles import Pile
from .position import Position
from .rules import apply, capacity, check

Verdict = Literal["solved", "unsolvable", "gave-up"]

DEFAULT_BUDGET: Final = 100_000
"""Positions :func:`solve` searches before it gives up, unless told otherwise."""

_CELL: Final = 8
_FOUNDATION: Final = 9
_TIME_CHECK: Final = 256
"""How many positions are searched between two looks at the clock."""


@dataclass(frozen=True, slots=True)
class Result:
    """What :func:`solve` found: its ``verdict``, the winning ``moves`` (empty unless
    solved) and how many ``positions`` it searched."""

    verdict: Verdict
    moves: tuple[Move, ...]
    positions: int

    def __str__(self) -> str:
        """The first line the command line prints."""
        if self.verdict == "solved":
            return f"solved {len(self.moves)} move{'s' * (len(self.moves) != 1)}"
        if self.verdict == "unsolvable":
            return "unsolvable"
        return f"gave up after {self.positions} position{'s' * (self.positions != 1)}"


def solve(
    position: Position,
    budget: int = DEFAULT_BUDGET,
    seconds: float | None = None,
    lost: set[bytes] | None = None,
    cap: int | None = None,
    fewest_fills: bool = False,
) -> Result:
    """Search for a win from ``position``: at most ``budget`` positions and, if given,
    ``seconds`` of wall-clock time (then the verdict may depend on the machine).

    ``lost``, shared by several searches of one game (:mod:`.history`), holds the keys of
    positions proved lost: a search skips them, and adds every position it searched when
    it proves its own start lost (the queue ran dry, so none of them leads to a win). It
    is only good for searches with the same ``cap``.

    ``cap`` (0 to the cell count; ``None``, the default: no cap) searches the game in which
    the cells may be filled to ``cap`` cards only, and ``fewest_fills`` finds, of its wins,
    one that puts the fewest cards into cells (see "The cap, and the fewest fills" above).

    >>> from .deal import DealCode
    >>> dealt = DealCode.parse("EO1-C2-AAAAAFI").deal()
    >>> solve(dealt, cap=0).verdict, solve(dealt, cap=1).verdict
    ('unsolvable', 'solved')
    >>> won = solve(dealt, cap=1, fewest_fills=True)
    >>> fills(won.moves), within(dealt, won.moves, 1), within(dealt, won.moves, 0)
    (2, True, False)
    """
    if budget < 1:
        raise ValueError(f"the budget is at least 1 position, not {budget}")
    room = len(position.cells) if cap is None else cap
    if not 0 <= room <= len(position.cells):
        raise ValueError(f"the cap is 0 to {len(position.cells)} cards in the cells, not {cap}")
    found = list(position.foundations)
    cols = [bytes(_code(card) for card in column) for column in position.columns]
    cells = bytes(sorted(_code(card) for card in position.cells if card is not None))
    log = bytearray()
    cells = _settle(cols, cells, found, log)
    search = _Search(room, budget, seconds, lost)
    run = search.cheapest if fewest_fills else search.run
    path = run(tuple(cols), cells, tuple(found))
    if path is None:
        verdict: Verdict = "gave-up" if search.stopped else "unsolvable"
        return Result(verdict, (), search.expanded)
    return Result("solved", _replay(position, bytes(log) + path), search.expanded)


def fills(moves: Iterable[Move]) -> int:
    """How many of ``moves`` put a card into a cell (a cell-to-cell move fills none)."""
    return sum(move.target.is_cell and not move.source.is_cell for move in moves)


def within(position: Position, moves: Iterable[Move], cap: int) -> bool:
    """Whether ``moves``, legal from ``position``, keep to ``cap``: no move into a cell
    leaves the cells holding more than ``cap`` cards, and no group is longer than the rules'
    capacity counted with the free cells the cap leaves (``max(0, cap - cards in the
    cells)``). Each move is checked by :func:`rules.check` first (an illegal one raises)."""
    for move in moves:
        check(position, move)
        held = len(position.cells) - position.free_cells
        if move.target.is_cell and not move.source.is_cell and held + 1 > cap:
            return False
        if move.count > 1:
            empty = position.empty_columns
            to_empty = position.size(move.target) == 0
            if move.count > capacity(max(cap - held, 0), empty, to_empty_column=to_empty):
                return False
        position = apply(position, move)
    return True


def _code(card: Card) -> int:
    return SUITS.index(card.suit) << 4 | card.rank


def _settle(cols: list[bytes], cells: bytes, found: list[int], log: bytearray) -> bytes:
    """Play every card that can go to its foundation (reduction 1), logging the moves;
    returns the cells left."""
    moved = True
    while moved:
        moved = False
        for suit in range(4):
            rank = found[suit]
            while rank < 13:
                need = suit << 4 | (rank + 1)
                if need in cells:
                    cells = cells.replace(bytes((need,)), b"")
                    log += bytes((_CELL, _FOUNDATION, 1, need))
                else:
                    for i, col in enumerate(cols):
                        if col and col[-1] == need:
                            cols[i] = col[:-1]
                            log += bytes((i, _FOUNDATION, 1, need))
                            break
                    else:
                        break
                rank += 1
                moved = True
            found[suit] = rank
    return cells


def _disorder(col: bytes) -> int:
    """How many cards of a column lie above a lower card of their own suit: each must
    leave the column before that card can go up."""
    lowest = [14, 14, 14, 14]
    count = 0
    for card in col:
        suit, rank = card >> 4, card & 15
        if rank > lowest[suit]:
            count += 1
        else:
            lowest[suit] = rank
    return count


class _Disorder(dict[bytes, int]):
    def __missing__(self, col: bytes) -> int:
        value = self[col] = _disorder(col)
        return value


class _Search:
    """One best-first search; ``run`` returns the moves after the start's foundation
    moves, encoded four bytes a move (source, target, count, card), or ``None``."""

    def __init__(self, room: int, budget: int, seconds: float | None, lost: set[bytes] | None = None) -> None:
        self.lost = set() if lost is None else lost
        self.room = room  # the cards the cells may hold once a card goes into one
        self.budget = budget
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.expanded = 0
        self.stopped = False
        self.disorder = _Disorder()

    def run(self, cols: tuple[bytes, ...], cells: bytes, found: tuple[int, ...]) -> bytes | None:
        root = _key(cols, cells)
        if sum(found) == 52:
            return b""
        if root in self.lost:
            return None
        seen: dict[bytes, tuple[bytes, bytes]] = {root: (b"", b"")}
        queue = [(0, 0, cols, cells, found, root)]
        counter = 0
        while queue:
            if self.spent():
                return None
            _, _, cols, cells, found, key = heapq.heappop(queue)
            self.expanded += 1
            for edge, child_cols, child_cells, child_found in self.children(cols, cells, found):
                child = _key(child_cols, child_cells)
                if child in seen or child in self.lost:
                    continue
                seen[child] = (key, edge)
                if sum(child_found) == 52:
                    return _path(seen, child)
                counter += 1
                score = self.score(child_cols, child_cells, child_found)
                heapq.heappush(queue, (score, counter, child_cols, child_cells, child_found, child))
        self.lost.update(seen)  # every one searched, none leads to a win
        return None

    def cheapest(self, cols: tuple[bytes, ...], cells: bytes, found: tuple[int, ...]) -> bytes | None:
        """Like :meth:`run`, but the positions in order of the fewest fills that reach them
        (a 0-1 breadth-first search; a win is taken when it leaves the queue, so none with
        fewer fills is left behind)."""
        root = _key(cols, cells)
        if root in self.lost:
            return None
        seen: dict[bytes, tuple[bytes, bytes]] = {root: (b"", b"")}
        cost = {root: 0}
        queue = deque([(0, cols, cells, found, root)])
        while queue:
            spent, cols, cells, found, key = queue.popleft()
            if spent > cost[key]:
                continue  # reached with fewer fills since, and searched from there
            if sum(found) == 52:
                return _path(seen, key)
            if self.spent():
                return None
            self.expanded += 1
            for edge, child_cols, child_cells, child_found in self.children(cols, cells, found):
                child = _key(child_cols, child_cells)
                fill = edge[1] == _CELL
                if cost.get(child, spent + 2) <= spent + fill or child in self.lost:
                    continue
                seen[child] = (key, edge)
                cost[child] = spent + fill
                entry = (spent + fill, child_cols, child_cells, child_found, child)
                if fill:
                    queue.append(entry)
                else:
                    queue.appendleft(entry)
        self.lost.update(seen)
        return None

    def spent(self) -> bool:
        """Whether the search has used its budget or its time (the clock read every
        ``_TIME_CHECK`` positions); then it is marked ``stopped``."""
        if self.expanded >= self.budget or (
            self.deadline is not None
            and self.expanded % _TIME_CHECK == 0
            and time.monotonic() > self.deadline
        ):
            self.stopped = True
        return self.stopped

    def score(self, cols: tuple[bytes, ...], cells: bytes, found: tuple[int, ...]) -> int:
        """Lower is searched first (the weights did best of those tried on 8-cell deals)."""
        left = 52 - sum(found)
        disorder = sum(map(self.disorder.__getitem__, cols))
        return 4 * left + 6 * disorder + 3 * len(cells)

    def children(
        self, cols: tuple[bytes, ...], cells: bytes, found: tuple[int, ...]
    ) -> Iterator[tuple[bytes, tuple[bytes, ...], bytes, tuple[int, ...]]]:
        """Every listed move (see the module's notes) and the position after it and its
        foundation moves."""
        free = max(self.room - len(cells), 0)  # the free cells the cap lets a move use
        empty = [i for i, col in enumerate(cols) if not col]
        to_full = capacity(free, len(empty))
        to_empty = capacity(free, len(empty), to_empty_column=True) if empty else 0
        tops = {col[-1]: i for i, col in enumerate(cols) if col}
        for i, col in enumerate(cols):
            if not col:
                continue
            size = len(col)
            run = 1
            while run < size and col[-run - 1] == col[-run] + 1:
                run += 1
            base = col[-run]
            target = tops.get(base + 1)
            if target is None and base & 15 == 13 and run < size and run <= to_empty:
                target = empty[0]
            elif run > to_full:
                target = None
            if target is not None:
                yield self.after(cols, cells, found, i, target, run, base)
            if free:
                yield self.after(cols, cells, found, i, _CELL, 1, col[-1])
        for card in cells:
            target = tops.get(card + 1)
            if target is None and card & 15 == 13 and empty:
                target = empty[0]
            if target is not None:
                yield self.after(cols, cells, found, _CELL, target, 1, card)

    @staticmethod
    def after(
        cols: tuple[bytes, ...],
        cells: bytes,
        found: tuple[int, ...],
        source: int,
        target: int,
        count: int,
        card: int,
    ) -> tuple[bytes, tuple[bytes, ...], bytes, tuple[int, ...]]:
        new = list(cols)
        if source == _CELL:
            cells = cells.replace(bytes((card,)), b"")
            new[target] += bytes((card,))
            return bytes((source, target, count, card)), tuple(new), cells, found
        col = cols[source]
        rest = col[:-count]
        new[source] = rest
        if target == _CELL:
            cells = bytes(sorted(cells + bytes((card,))))
        else:
            new[target] += col[-count:]
        log = bytearray((source, target, count, card))
        if rest and rest[-1] & 15 == found[rest[-1] >> 4] + 1:
            settled = list(found)
            cells = _settle(new, cells, settled, log)
            found = tuple(settled)
        return bytes(log), tuple(new), cells, found


def _key(cols: tuple[bytes, ...], cells: bytes) -> bytes:
    return b"\0".join(sorted(cols)) + b"\0" + cells


def _path(seen: dict[bytes, tuple[bytes, bytes]], key: bytes) -> bytes:
    edges = []
    while True:
        parent, edge = seen[key]
        if not parent:
            break
        edges.append(edge)
        key = parent
    return b"".join(reversed(edges))


def _replay(position: Position, path: bytes) -> tuple[Move, ...]:
    """Our moves for an encoded path, each checked by :func:`rules.apply` as it is played."""
    moves = []
    for at in range(0, len(path), 4):
        source, target, count, card = path[at : at + 4]
        move = Move(_source(position, source, card), _target(position, target, card), count)
        position = apply(position, move)
        moves.append(move)
    return tuple(moves)


def _source(position: Position, source: int, card: int) -> Pile:
    if source != _CELL:
        return Pile.column(source + 1)
    codes = [None if c is None else _code(c) for c in position.cells]
    return Pile.cell(codes.index(card) + 1)


def _target(position: Position, target: int, card: int) -> Pile:
    if target == _FOUNDATION:
        return Pile.foundation(SUITS[card >> 4])
    if target == _CELL:
        return Pile.cell(position.cells.index(None) + 1)
    return Pile.column(target + 1)

"""A seeded player shared by tests and benchmarks: long, legal, repeatable games."""

from __future__ import annotations

import random
from functools import cache

from eightoff import DealCode, Game, Move
from eightoff.rules import legal_moves
from eightoff.solver import solve

CODE = DealCode.parse("EO1-C8-AAAAAFA")


def long_line(actions: int, seed: int = 0, code: DealCode = CODE) -> list[Move]:
    """The ``actions`` legal moves a seeded player picks (fewer if it gets stuck):
    foundations first, else often a column, else a card into a cell while cells are free,
    else cell to cell. Picked once per arguments in a process: the unit tests ask for the
    same few lines hundreds of times (the wrong-type sweep alone, 459 times)."""
    return list(_picked(actions, seed, code))


@cache
def _picked(actions: int, seed: int, code: DealCode) -> tuple[Move, ...]:
    game = Game.new(code)
    rng = random.Random(seed)
    line: list[Move] = []
    for _ in range(actions):
        moves = [m for m in legal_moves(game.position) if not m.source.is_foundation]
        home = [m for m in moves if m.target.is_foundation]
        columns = [m for m in moves if m.target.is_column]
        dig = [m for m in moves if m.source.is_column and m.target.is_cell]
        shuffle = [m for m in moves if m.source.is_cell and m.target.is_cell]
        if home:
            pick = home
        elif columns and rng.random() < 0.6:
            pick = columns
        elif dig and game.position.free_cells > 2:
            pick = dig
        else:
            pick = shuffle or columns or moves
        if not pick:
            break  # stuck: no legal move left
        move = rng.choice(pick)
        game.play(move)
        line.append(move)
    return tuple(line)


def long_game(actions: int, seed: int = 0, code: DealCode = CODE) -> Game:
    """The game of :func:`long_line`'s moves."""
    game = Game.new(code)
    for move in long_line(actions, seed, code):
        game.play(move)
    return game


def lost_line(code: DealCode, seed: int, after: int = 20, limit: int = 200) -> list[Move]:
    """A seeded random player's moves on ``code`` (a deal that can be won): any legal move
    but a take-back, until the solver proves that no winning line remains, then up to
    ``after`` more (fewer when stuck; the number drawn by the same seed). Empty when the
    game was never lost within ``limit`` moves."""
    rng = random.Random(seed)
    game = Game.new(code)
    line: list[Move] = []
    lost_at = None
    more = rng.randrange(after + 1)
    while len(line) < limit and (lost_at is None or len(line) < lost_at + more):
        moves = [m for m in legal_moves(game.position) if not m.source.is_foundation]
        if not moves:
            break
        move = rng.choice(moves)
        game.play(move)
        line.append(move)
        if lost_at is None and solve(game.position).verdict == "unsolvable":
            lost_at = len(line)
    return line if lost_at is not None else []

"""A seeded player shared by tests and benchmarks: long, legal, repeatable games."""

from __future__ import annotations

import random

from eightoff import DealCode, Game, Move
from eightoff.rules import legal_moves

CODE = DealCode.parse("EO1-C8-AAAAAFA")


def long_line(actions: int, seed: int = 0, code: DealCode = CODE) -> list[Move]:
    """The ``actions`` legal moves a seeded player picks (fewer if it gets stuck):
    foundations first, else often a column, else a card into a cell while cells are free,
    else cell to cell."""
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
    return line


def long_game(actions: int, seed: int = 0, code: DealCode = CODE) -> Game:
    """The game of :func:`long_line`'s moves."""
    game = Game.new(code)
    for move in long_line(actions, seed, code):
        game.play(move)
    return game

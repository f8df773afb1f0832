"""Engine speed on CPython: ``python bench/engine.py`` (about 20 s).

Three figures, each measured once in this run with ``time.perf_counter``:

- legal-move generations per second: ``list(legal_moves(p))`` over a fixed sample of
  positions reached by random play from several deals;
- apply+undo pairs per second: ``Game.play`` then ``Game.undo`` of a random legal move
  over the same sample;
- random complete games per second: from a deal, random legal moves until the game is
  won, no move is legal, or 500 moves have been made.

The random choices come from ``random.Random`` with a fixed seed, so runs compare.
"""

from __future__ import annotations

import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eightoff import DealCode, Game, Position, apply, legal_moves

SEED = 20240101
CAP = 500
BUDGET = 5.0
"""Seconds spent on each figure (at least one full pass is always made)."""


def sample_positions(count: int, rng: random.Random) -> list[Position]:
    """Positions met in random play: up to 60 random moves into random deals."""
    positions: list[Position] = []
    while len(positions) < count:
        position = DealCode(rng.randrange(1 << 35), rng.choice((8, 4, 2))).deal()
        for _ in range(rng.randrange(60)):
            moves = list(legal_moves(position))
            if not moves:
                break
            position = apply(position, rng.choice(moves))
        positions.append(position)
    return positions


def rate(work: Callable[[], int]) -> tuple[float, int, float]:
    """Run ``work`` (which returns how many operations it did) for about BUDGET seconds."""
    done, start = 0, time.perf_counter()
    while True:
        done += work()
        elapsed = time.perf_counter() - start
        if elapsed >= BUDGET:
            return done / elapsed, done, elapsed


def main() -> None:
    rng = random.Random(SEED)
    positions = sample_positions(200, rng)
    playable = [(p, list(legal_moves(p))) for p in positions]
    playable = [(p, moves) for p, moves in playable if moves]
    picks = [(p, rng.choice(moves)) for p, moves in playable]

    def generate() -> int:
        for position in positions:
            list(legal_moves(position))
        return len(positions)

    def apply_undo() -> int:
        for position, move in picks:
            game = Game(DealCode(0, len(position.cells)), position)
            game.play(move)
            game.undo()
        return len(picks)

    endings = {"won": 0, "stuck": 0, "capped": 0}
    total_moves = 0

    def one_game() -> int:
        nonlocal total_moves
        game = Game.new(DealCode(rng.randrange(1 << 35), rng.choice((8, 4, 2))))
        while not game.is_won and game.moves < CAP:
            moves = list(legal_moves(game.position))
            if not moves:
                endings["stuck"] += 1
                break
            game.play(rng.choice(moves))
        else:
            endings["won" if game.is_won else "capped"] += 1
        total_moves += game.moves
        return 1

    print(f"Eight Off engine benchmark: {platform.python_implementation()} {platform.python_version()}")
    print(
        f"method: perf_counter, about {BUDGET:.0f} s per figure, seed {SEED}; {len(positions)} positions"
        f" from random play (up to 60 random moves into random 8/4/2-cell deals)"
    )
    per_second, count, seconds = rate(generate)
    print(f"legal-move generations: {per_second:10,.0f} /s  ({count:,} in {seconds:.1f} s)")
    per_second, count, seconds = rate(apply_undo)
    print(f"apply+undo pairs:       {per_second:10,.0f} /s  ({count:,} in {seconds:.1f} s)")
    per_second, count, seconds = rate(one_game)
    print(
        f"random complete games:  {per_second:10,.2f} /s  ({count:,} in {seconds:.1f} s; cap {CAP} moves;"
        f" won {endings['won']}, stuck {endings['stuck']}, capped {endings['capped']};"
        f" {total_moves / count:.0f} moves a game)"
    )


if __name__ == "__main__":
    main()

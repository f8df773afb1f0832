"""What a move costs when the page keeps the game it showed: python bench/move.py

The page's one update (issue 33, docs/architecture.md) plays on a copy of the game
(``Game.copy()``: its position is a shared frozen value, its undo and redo stacks are
copied), so the game shown stays as it was for the view to compare. Timed here on CPython,
with a full undo history (100 actions, the most undo keeps): a move played in place (then
undone, to play it again), and the same move played on a copy; each figure is the median
of many, the ratio is the copy's over the move's, and both are set against the 1 ms
budget of a save (bench/save.py), which every move is followed by. Pyodide in a browser is
roughly 2-3x slower than CPython on both, so the ratio holds there.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eightoff.rules import legal_moves
from tests.players import long_game

RUNS = 20_000
SAVE_BUDGET_MS = 1.0


def median_ms(job: Callable[[], None], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        job()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    game = long_game(130)
    assert len(game.undo_stack) == 100
    move = next(iter(legal_moves(game.position)))

    def in_place() -> None:
        game.play(move)
        game.undo()

    def on_a_copy() -> None:
        game.copy().play(move)

    def copy_only() -> None:
        game.copy()

    history = len(game.undo_stack)
    played, copied, copy = median_ms(in_place), median_ms(on_a_copy), median_ms(copy_only)
    print(f"CPython {sys.version.split()[0]}, a game with {history} actions to undo, {RUNS} runs each")
    print(f"move played and undone in place   p50 {played * 1000:7.2f} µs")
    print(f"move played on a copy of the game p50 {copied * 1000:7.2f} µs")
    print(f"the copy alone                    p50 {copy * 1000:7.2f} µs")
    print(f"copy + move / (move + undo) in place: {copied / played:.2f}", end="; ")
    print(f"the copy / a save's budget: {copy / SAVE_BUDGET_MS:.4f}")


if __name__ == "__main__":
    main()

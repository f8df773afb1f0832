"""The command line: ``python -m eightoff deal|replay|new|solve|level``.

Bad arguments or codes print one line and exit with status 2; an illegal or unreadable
line in ``replay`` prints its number and the reason and exits with status 1 (in
``solve --moves``, which cannot start, with status 2).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from typing import NoReturn, TextIO

from .deal import DealCode
from .errors import EightOffError
from .fcs import is_solver_move, parse_solver_move
from .game import Game
from .levels import LEVELS
from .moves import Move
from .position import CELL_COUNTS
from .solver import DEFAULT_BUDGET, solve
from .winnable import level_of, measure_of, winnable

_SOLVER_CHATTER = ("This game is solveable.", "Total number of states checked", "This scan generated")
"""Lines Freecell Solver prints around a solution; ``replay`` skips them."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m eightoff", description="Eight Off solitaire: deals and replays.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    deal = commands.add_parser("deal", help="print a deal in Freecell Solver's board format")
    deal.add_argument("code", help="a deal code such as EO1-C8-AAAAAFA")
    replay = commands.add_parser("replay", help="play moves from a file or standard input")
    replay.add_argument("code", help="the deal code the moves start from")
    replay.add_argument("file", nargs="?", help="the moves (default: standard input)")
    new = commands.add_parser("new", help="print a fresh random deal code")
    new.add_argument("--cells", type=int, choices=CELL_COUNTS, default=CELL_COUNTS[0])
    new.add_argument("--winnable", action="store_true", help="a deal of the certified catalogue")
    new.add_argument("--level", choices=LEVELS, help="a catalogue deal of this level (implies --winnable)")
    solver = commands.add_parser("solve", help="solve a deal: the verdict, then the winning moves")
    solver.add_argument("code", help="the deal code")
    solver.add_argument(
        "--moves", metavar="FILE", help="start where these moves lead (as replay reads them; - for stdin)"
    )
    solver.add_argument(
        "--budget", type=int, default=DEFAULT_BUDGET, help=f"positions to search (default {DEFAULT_BUDGET})"
    )
    level = commands.add_parser("level", help="a deal's level and its measure, from the catalogue")
    level.add_argument("code", help="the deal code")
    return parser


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    out = stdout or sys.stdout
    args = _parser().parse_args(argv)
    if args.command == "new":
        if args.winnable or args.level:
            print(winnable(args.cells, level=args.level), file=out)
        else:
            print(DealCode.random(args.cells), file=out)
        return 0
    try:
        code = DealCode.parse(args.code)
    except EightOffError as error:
        print(f"python -m eightoff: bad deal code: {error}", file=sys.stderr)
        return 2
    if args.command == "deal":
        print(code.deal().fcs(), file=out)
        return 0
    if args.command == "solve":
        return _solve(code, args.moves, args.budget, stdin or sys.stdin, out)
    if args.command == "level":
        measure = measure_of(code)
        if measure is None:
            print("none: not in the catalogue", file=out)
        else:
            print(f"{level_of(code)}: cap {measure.cap}, fills {measure.fills}", file=out)
        return 0
    if not args.file:
        return _replay(Game.new(code), stdin or sys.stdin, out)
    try:
        with open(args.file, encoding="utf-8") as source:
            return _replay(Game.new(code), source, out)
    except (OSError, UnicodeDecodeError) as error:
        print(f"python -m eightoff: cannot read {args.file}: {error}", file=sys.stderr)
        return 2


def _replay(game: Game, lines: Iterable[str], out: TextIO) -> int:
    refused = _replay_lines(game, lines)
    if refused:
        print(refused, file=sys.stderr)
        return 1
    print(game.position.fcs(), file=out)
    print(f"Score: {game.score}", file=out)
    print(f"Moves: {game.moves}", file=out)
    print(f"Won: {'yes' if game.is_won else 'no'}", file=out)
    return 0


def _solve(code: DealCode, moves: str | None, budget: int, stdin: TextIO, out: TextIO) -> int:
    """``solve``: the verdict on one line, and for a win the moves on the next."""
    if budget < 1:
        print(f"python -m eightoff: the budget is at least 1 position, not {budget}", file=sys.stderr)
        return 2
    game = Game.new(code)
    if moves:
        try:
            if moves == "-":
                lines = stdin.readlines()
            else:
                with open(moves, encoding="utf-8") as source:
                    lines = source.readlines()
        except (OSError, UnicodeDecodeError) as error:
            print(f"python -m eightoff: cannot read {moves}: {error}", file=sys.stderr)
            return 2
        refused = _replay_lines(game, lines)
        if refused:
            print(f"python -m eightoff: {moves} {refused}", file=sys.stderr)
            return 2
    result = solve(game.position, budget)
    print(result, file=out)
    if result.verdict == "solved":
        print(" ".join(map(str, result.moves)), file=out)
    return 0


def _replay_lines(game: Game, lines: Iterable[str]) -> str:
    """Play every line; ``""``, or where and why the first line that cannot be played
    fails (``line N: reason``)."""
    for number, line in enumerate(lines, 1):
        try:
            _replay_line(game, line)
        except EightOffError as error:
            return f"line {number}: {error}"
    return ""


def _replay_line(game: Game, line: str) -> None:
    """One line: a Freecell Solver move, or our moves, ``undo`` and ``redo`` separated by
    blanks or dots. Blank lines, ``#`` comments and solver banner lines are skipped."""
    text = line.split("#", 1)[0].strip()
    if not text or set(text) <= set("-=") or text.startswith(_SOLVER_CHATTER):
        return
    if is_solver_move(text):
        game.play(parse_solver_move(text, game.position))
        return
    for word in text.replace(".", " ").split():
        if word == "undo":
            game.undo()
        elif word == "redo":
            game.redo()
        else:
            game.play(Move.parse(word))

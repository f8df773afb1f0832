"""Our solver (eightoff/solver.py): exact verdicts, solutions that win when replayed
through ``Game``, proofs checked against a plain search of every legal move, the cap on
the cells and the fewest fills (checked the same ways), and the ``solve`` command."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff import DealCode, Move, Position, cli, legal_moves
from eightoff.cards import DECK, SUITS, Card
from eightoff.errors import IllegalMoveError
from eightoff.position import CELL_COUNTS
from eightoff.rules import transfer
from eightoff.solver import Result, fills, solve, within

from .helpers import board, game_at

SOME = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def wins(position: Position, moves: tuple[Move, ...]) -> bool:
    """Play the moves through ``Game`` (every rule checked) and say whether it is won."""
    game = game_at(position)
    for move in moves:
        game.play(move)
    return game.is_won


def capped_moves(position: Position, cap: int | None) -> list[Move]:
    """Every legal move that keeps to ``cap`` (:func:`within`, checked on its own below)."""
    return [m for m in legal_moves(position) if cap is None or within(position, (m,), cap)]


def exhaustive(position: Position, limit: int, cap: int | None = None) -> bool | None:
    """Whether some sequence of legal moves (that keep to ``cap``) wins, by a plain
    depth-first search over every position and every legal move (take-backs, cell to cell
    and all): none of the solver's reductions. ``None`` when more than ``limit`` positions
    were met."""
    seen = {position}
    stack = [position]
    while stack:
        here = stack.pop()
        if here.is_won:
            return True
        for move in capped_moves(here, cap):
            after = transfer(here, move)  # legal_moves only yields legal moves
            if after not in seen:
                if len(seen) == limit:
                    return None
                seen.add(after)
                stack.append(after)
    return False


# -- exact verdicts on deals ----------------------------------------------------------------------

UNSOLVABLE = {
    # code: positions searched, which is the number of positions reachable after the
    # reductions, whatever the order of search
    "EO1-C2-AAAAAAA": 14,
    "EO1-C2-AAAAAAD": 22,
    "EO1-C2-AAAAAAF": 197,
    "EO1-C4-AAAAAAA": 20,
    "EO1-C4-AAAAAAB": 347,
    "EO1-C4-AAAAAAL": 1425,
}
SOLVABLE = [
    "EO1-C8-AAAAAAA",
    "EO1-C8-AAAAAAB",
    "EO1-C8-AAAAAFA",
    "EO1-C4-AAAAAAF",
    "EO1-C4-AAAAABB",
    "EO1-C4-AAAAAAO",
    "EO1-C2-AAAAAFI",
]


@pytest.mark.parametrize(("text", "positions"), UNSOLVABLE.items())
def test_unsolvable_deals(text: str, positions: int) -> None:
    assert solve(DealCode.parse(text).deal()) == Result("unsolvable", (), positions)


@pytest.mark.parametrize("text", SOLVABLE)
def test_solvable_deals_are_won_by_the_solution(text: str) -> None:
    code = DealCode.parse(text)
    result = solve(code.deal())
    assert result.verdict == "solved"
    assert wins(code.deal(), result.moves)
    assert str(result) == f"solved {len(result.moves)} moves"


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
@pytest.mark.parametrize("text", ["EO1-C2-AAAAAAA", "EO1-C2-AAAAAAD", "EO1-C2-AAAAAAF"])
def test_unsolvable_two_cell_deals_agree_with_the_plain_search(text: str) -> None:
    position = DealCode.parse(text).deal()
    assert solve(position).verdict == "unsolvable"
    assert exhaustive(position, 5000) is False


def fc_solve(code: DealCode) -> bool:
    """Whether Freecell Solver (``-l eo``, its own capacity rule) solves the deal."""
    solver = shutil.which("fc-solve")
    if solver is None:
        pytest.fail("fc-solve is not installed: apt-get install freecell-solver-bin")
    done = subprocess.run(
        [solver, "-g", "eight_off", "-l", "eo", "--freecells-num", str(code.cells), "-"],
        input=code.deal().fcs(),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env=dict(os.environ, FREECELL_SOLVER_QUIET="1"),
    )
    return "This game is solveable." in done.stdout


@pytest.mark.parametrize(
    ("text", "theirs"),
    [
        ("EO1-C8-AAAAAAA", True),
        ("EO1-C8-AAAAAFA", True),
        ("EO1-C4-AAAAAAF", True),
        ("EO1-C4-AAAAABB", True),
        ("EO1-C4-AAAAAAA", False),
        ("EO1-C4-AAAAAAO", False),  # ours: our group capacity is more generous
        ("EO1-C2-AAAAAAF", False),
    ],
)
def test_cross_check_with_freecell_solver(text: str, theirs: bool) -> None:
    code = DealCode.parse(text)
    assert fc_solve(code) is theirs
    if theirs:
        assert solve(code.deal()).verdict == "solved"


# -- small positions made by hand -----------------------------------------------------------------


def test_a_won_position_needs_no_move() -> None:
    won = board(found="S-K H-K D-K C-K")
    assert solve(won) == Result("solved", (), 0)
    assert str(solve(won)) == "solved 0 moves"


def test_one_move_from_a_win() -> None:
    position = board(cells="- - KS", found="S-Q H-K D-K C-K")
    assert solve(position) == Result("solved", (Move.parse("cS"),), 0)
    assert str(solve(position)) == "solved 1 move"


def test_a_king_uncovers_the_last_card() -> None:
    position = board("QS KS", found="S-J H-K D-K C-K", n=2)
    result = solve(position)
    assert result.moves == tuple(map(Move.parse, ["12", "1S", "2S"]))
    assert wins(position, result.moves)


def test_a_group_moves_as_one_move() -> None:
    """8C 7C go onto 9C in one move to free the 6C under them."""
    position = board("TC 9C", "6C 8C 7C", "KC", cells="QC JC", found="S-K H-K D-K C-5", n=2)
    result = solve(position)
    assert [str(move) for move in result.moves] == ["21x2", "2C", "1C", "1C", "1C", "1C", "bC", "aC", "3C"]
    assert wins(position, result.moves)


def test_no_legal_move_is_unsolvable() -> None:
    position = board("* QS", "QH", "QD", "QC", "9S", "9H", "9D", "9C", cells="5S 5H", n=2)
    assert list(legal_moves(position)) == []
    assert solve(position) == Result("unsolvable", (), 1)
    assert str(solve(position)) == "unsolvable"


# -- budget and determinism -----------------------------------------------------------------------


def test_the_budget_gives_up() -> None:
    position = DealCode.parse("EO1-C8-AAAAAFA").deal()
    assert solve(position, budget=1) == Result("gave-up", (), 1)
    assert str(solve(position, budget=3)) == "gave up after 3 positions"
    assert str(solve(position, budget=1)) == "gave up after 1 position"
    assert solve(position, seconds=0).verdict == "gave-up"


def test_a_budget_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="the budget is at least 1 position, not 0"):
        solve(DealCode.parse("EO1-C8-AAAAAFA").deal(), budget=0)


def test_the_same_answer_twice() -> None:
    position = DealCode.parse("EO1-C8-AAAAAAM").deal()
    assert solve(position) == solve(position)


def test_the_same_answer_in_another_process() -> None:
    """Nothing depends on Python's per-process hash seed."""
    root = Path(__file__).resolve().parents[2]

    def run(seed: str) -> str:
        return subprocess.run(
            [sys.executable, "-m", "eightoff", "solve", "EO1-C8-AAAAAAM"],
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
            env=dict(os.environ, PYTHONHASHSEED=seed),
        ).stdout

    first = run("1")
    assert first.startswith("solved ")
    assert run("2") == first


# -- random positions -----------------------------------------------------------------------------

WINNABLE = [DealCode.parse(text) for text in SOLVABLE]


@st.composite
def walks(draw: st.DrawFn, codes: list[DealCode], most: int) -> Position:
    """A position reached by random legal moves (take-backs included) from a deal."""
    position = draw(st.sampled_from(codes)).deal()
    for _ in range(draw(st.integers(0, most))):
        legal = list(legal_moves(position))
        if not legal:
            break
        position = transfer(position, draw(st.sampled_from(legal)))
    return position


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
@SOME
@given(walks(WINNABLE, 40))
def test_every_solution_from_a_random_position_wins(position: Position) -> None:
    result = solve(position, budget=20_000)
    if result.verdict == "solved":
        assert wins(position, result.moves)
    if result.moves:  # a win is still possible after its first move: no proof of the opposite
        assert solve(transfer(position, result.moves[0]), budget=20_000).verdict != "unsolvable"


TWO_CELLS = [DealCode(number, 2) for number in range(40)] + [DealCode.parse("EO1-C2-AAAAAFI")]


@pytest.mark.no_cover  # untraced: the search is hot; the solver is covered by the other tests
@SOME
@given(walks(TWO_CELLS, 20))
def test_verdicts_agree_with_the_plain_search(position: Position) -> None:
    """Where every legal move can be tried (two cells: few positions), the verdict is the
    plain search's: the reductions lose no win."""
    plain = exhaustive(position, 3000)
    result = solve(position)
    assert result.verdict != "gave-up"
    if plain is not None:
        assert (result.verdict == "solved") is plain


# -- the cap on the cells, and the fewest fills -----------------------------------------------------


def plain_fewest_fills(position: Position, limit: int, cap: int) -> int | None:
    """The fewest moves into a cell of any win that keeps to ``cap``, by a plain 0-1
    breadth-first search over every legal move but take-backs (cell to cell, foundation
    moves held back, and all; with take-backs every card of the foundations comes back into
    play and no plain search ends: reduction 2 drops them, with no fill more), positions
    that differ only by the order of columns or cells counted once; -1 when no win exists,
    ``None`` when more than ``limit`` positions were met."""

    def key(here: Position) -> tuple[object, ...]:
        cells = sorted(str(card) for card in here.cells if card)
        return tuple(sorted(" ".join(map(str, c)) for c in here.columns)), tuple(cells), here.foundations

    cost = {key(position): 0}
    queue = deque([(0, position)])
    while queue:
        spent, here = queue.popleft()
        if spent > cost[key(here)]:
            continue
        if here.is_won:
            return spent
        for move in capped_moves(here, cap):
            if move.source.is_foundation:
                continue
            after, step = transfer(here, move), spent + fills((move,))
            if cost.get(key(after), step + 1) <= step:
                continue
            if key(after) not in cost and len(cost) == limit:
                return None
            cost[key(after)] = step
            (queue.append if step > spent else queue.appendleft)((step, after))
    return -1


@st.composite
def endings(draw: st.DrawFn) -> Position:
    """A position with few cards left: each foundation at 5 to 9, the other cards in a
    random order, some in the cells, the rest over some of the columns."""
    tops = st.integers(5, 9)
    found = (draw(tops), draw(tops), draw(tops), draw(tops))
    order = draw(st.permutations([card for card in DECK if card.rank > found[SUITS.index(card.suit)]]))
    count = draw(st.sampled_from(CELL_COUNTS))
    held = draw(st.integers(0, count))
    columns: list[list[Card]] = [[] for _ in range(8)]
    used = draw(st.integers(1, 8))
    for card in order[held:]:
        columns[draw(st.integers(0, used - 1))].append(card)
    cells = (*order[:held], *[None] * (count - held))
    return Position(tuple(map(tuple, columns)), cells, found)


def test_no_cap_is_a_cap_of_every_cell() -> None:
    for text in ["EO1-C8-AAAAAAB", "EO1-C4-AAAAAAF", "EO1-C2-AAAAAFI", "EO1-C4-AAAAAAB"]:
        position = DealCode.parse(text).deal()
        assert solve(position) == solve(position, cap=len(position.cells))


@pytest.mark.parametrize("number", [0, 1, 5, 11, 160, 2209593099])
def test_an_eight_cell_deal_under_a_cap_of_four_is_its_four_cell_deal(number: int) -> None:
    """The same shuffle, cards 48-51 in cells 1-4 either way: under a cap of 4 the 8-cell
    game is the 4-cell game, move for move, and so are its fewest fills."""
    eight, four = DealCode(number, 8).deal(), DealCode(number, 4).deal()
    assert solve(eight, cap=4) == solve(four)
    assert solve(eight, cap=4, fewest_fills=True) == solve(four, fewest_fills=True)


def test_exact_verdicts_under_caps() -> None:
    """EO1-C2-AAAAAFI: lost with no card ever put in a cell, won with one at a time, in 2
    fills at the fewest; EO1-C8-AAAAAFA needs all eight cells at some moment."""
    two = DealCode.parse("EO1-C2-AAAAAFI").deal()
    assert solve(two, cap=0) == Result("unsolvable", (), 6)
    assert solve(two, cap=0, fewest_fills=True) == Result("unsolvable", (), 6)
    won = solve(two, cap=1, fewest_fills=True)
    assert (won.verdict, fills(won.moves), len(won.moves), won.positions) == ("solved", 2, 80, 113)
    assert within(two, won.moves, 1) and not within(two, won.moves, 0) and wins(two, won.moves)
    eight = DealCode.parse("EO1-C8-AAAAAFA").deal()
    assert solve(eight, cap=7).verdict == "unsolvable" and solve(eight, cap=8).verdict == "solved"


def test_a_fewest_fills_search_shares_its_proofs_of_loss() -> None:
    """Like the best-first search's (:mod:`.history`), under the same cap: a search that
    proves its start lost leaves every position it searched in ``lost``, and the next one
    from there needs none."""
    position, lost = DealCode.parse("EO1-C4-AAAAAAB").deal(), set[bytes]()
    assert solve(position, cap=4, fewest_fills=True, lost=lost) == Result("unsolvable", (), 347)
    assert len(lost) >= 347
    assert solve(position, cap=4, fewest_fills=True, lost=lost) == Result("unsolvable", (), 0)


def test_a_cap_out_of_range_is_refused() -> None:
    position = DealCode.parse("EO1-C4-AAAAAAF").deal()
    with pytest.raises(ValueError, match="the cap is 0 to 4 cards in the cells, not 5"):
        solve(position, cap=5)
    with pytest.raises(ValueError, match="the cap is 0 to 4 cards in the cells, not -1"):
        solve(position, cap=-1)


def test_within_counts_the_cells_a_cap_leaves_to_a_group() -> None:
    """9C 8C 7C onto TC with two free cells and no empty column: capacity 3 with the two,
    2 when a cap of 1 leaves one; a card into a cell that already holds one needs a cap of 2."""
    position = board("TC", "5C 9C 8C 7C", "* KS", "QH", "QD", "JH", "JD", "TH", cells="- -", found="C-4", n=2)
    group = (Move.parse("21x3"),)
    assert within(position, group, 2) and not within(position, group, 1)
    into = tuple(map(Move.parse, ["2a", "3b"]))
    assert within(position, into, 2) and not within(position, into, 1)
    assert within(position, (Move.parse("2a"), Move.parse("a2"), Move.parse("2a")), 1)
    with pytest.raises(IllegalMoveError):
        within(position, (Move.parse("12"),), 2)


def test_the_dealt_cards_break_no_cap() -> None:
    """A 4-cell deal starts with 4 cards in its cells: under a cap of 2 a card goes into a
    cell only once three have left, and a group counts no free cell before."""
    position = DealCode.parse("EO1-C4-AAAAAAF").deal()
    result = solve(position, cap=4, fewest_fills=True)
    assert within(position, (), 0) and within(position, result.moves, 4)
    first_fill = next(i for i, move in enumerate(result.moves) if fills((move,)))
    held = 4 - sum(move.source.is_cell for move in result.moves[:first_fill])
    assert held <= 3 and not within(position, result.moves[: first_fill + 1], held)


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
@SOME
@given(walks(WINNABLE, 40), st.integers(0, 8))
def test_capped_solutions_keep_to_the_cap_and_win(position: Position, wanted: int) -> None:
    """Under any cap a solution keeps to it and wins through ``Game``; the fewest-fills
    search's win puts no more cards into cells; a proof of loss searched the same positions
    either way, and a lower cap never wins where a higher one was proved lost (nor is a
    higher one proved lost where a lower one won)."""
    cap = min(wanted, len(position.cells))
    best = solve(position, 20_000, cap=cap)
    cheap = solve(position, 200_000, cap=cap, fewest_fills=True)
    for result in (best, cheap):
        if result.verdict == "solved":
            assert within(position, result.moves, cap) and wins(position, result.moves)
    if best.verdict == cheap.verdict == "solved":
        assert fills(cheap.moves) <= fills(best.moves)
    if best.verdict == "unsolvable":
        assert cheap == best
        assert all(solve(position, 20_000, cap=lower).verdict != "solved" for lower in range(cap))
    if best.verdict == "solved":
        higher = range(cap, len(position.cells) + 1)
        assert all(solve(position, 20_000, cap=c).verdict != "unsolvable" for c in higher)


@pytest.mark.no_cover  # untraced: the search is hot; the solver is covered by the other tests
@SOME
@given(walks(TWO_CELLS, 20), st.integers(0, 2))
def test_capped_verdicts_agree_with_the_plain_search(position: Position, cap: int) -> None:
    """Under a cap, the verdict is the plain search's over every legal move that keeps to
    it: the reductions lose no win."""
    result = solve(position, cap=cap, fewest_fills=True)
    assert result.verdict != "gave-up"
    plain = exhaustive(position, 3000, cap)
    if plain is not None:
        assert (result.verdict == "solved") is plain


@pytest.mark.no_cover  # untraced: the search is hot; the solver is covered by the other tests
@SOME
@given(endings(), st.integers(0, 8))
def test_the_fewest_fills_are_the_plain_search_s(position: Position, wanted: int) -> None:
    """On positions with few cards left, the fewest fills under any cap are the plain
    0-1 search's (and a position it proves lost is proved lost): the reductions add no fill
    and lose no win."""
    cap = min(wanted, len(position.cells))
    result = solve(position, cap=cap, fewest_fills=True)
    fewest = plain_fewest_fills(position, 3000, cap)
    if fewest is not None:
        assert fills(result.moves) == fewest if fewest >= 0 else result.verdict == "unsolvable"
        assert fewest < 0 or (within(position, result.moves, cap) and wins(position, result.moves))


# -- the command line -----------------------------------------------------------------------------


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    status = cli.main(list(argv), stdin=io.StringIO(stdin), stdout=out)
    return status, out.getvalue()


def replay(code: str, moves: str) -> list[str]:
    status, out = run("replay", code, stdin=moves)
    assert status == 0
    return out.splitlines()[-2:]


def test_solve_prints_moves_that_replay_wins(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run("solve", "EO1-C8-AAAAAFA")
    first, second = out.splitlines()
    count = int(first.split()[1])
    assert (status, first) == (0, f"solved {count} moves")
    assert len(second.split()) == count
    assert replay("EO1-C8-AAAAAFA", second) == [f"Moves: {count}", "Won: yes"]
    assert capsys.readouterr().err == ""


def test_solve_from_where_moves_lead(tmp_path: Path) -> None:
    played = "# three moves\n1e 2f\n7g undo redo\n"
    moves = tmp_path / "moves.txt"
    moves.write_text(played, encoding="utf-8")
    status, out = run("solve", "EO1-C8-AAAAAAA", "--moves", str(moves))
    first, second = out.splitlines()
    assert status == 0 and first.startswith("solved ")
    assert replay("EO1-C8-AAAAAAA", played + second) == [f"Moves: {int(first.split()[1]) + 3}", "Won: yes"]
    assert run("solve", "EO1-C8-AAAAAAA", "--moves", "-", stdin=played) == (0, out)


def test_solve_after_moves_that_lose(tmp_path: Path) -> None:
    assert run("solve", "EO1-C8-AAAAAFA", "--moves", "-", stdin="1e 1f") == (0, "unsolvable\n")


def test_solve_unsolvable_and_budget() -> None:
    assert run("solve", "eo1-c4-aaaaaaa") == (0, "unsolvable\n")
    assert run("solve", "EO1-C8-AAAAAFA", "--budget", "5") == (0, "gave up after 5 positions\n")


@pytest.mark.parametrize(
    ("argv", "stdin", "error"),
    [
        (
            ["solve", "EO1-C9-AAAAAFA"],
            "",
            "python -m eightoff: bad deal code: the cell count must be C8, C4 or C2, not 'C9'\n",
        ),
        (
            ["solve", "EO1-C8-AAAAAFA", "--budget", "0"],
            "",
            "python -m eightoff: the budget is at least 1 position, not 0\n",
        ),
        (
            ["solve", "EO1-C8-AAAAAFA", "--moves", "-"],
            "1e\n1f 9x\n",
            "python -m eightoff: - line 2: '9x' is not a move (write it like 3a, a5, 3H or 26x3)\n",
        ),
        (
            ["solve", "EO1-C8-AAAAAFA", "--moves", "-"],
            "1S\n",
            "python -m eightoff: - line 1: the 5 of spades cannot go on its foundation yet:"
            " the ace of spades goes there next\n",
        ),
    ],
)
def test_solve_refuses_bad_input(
    argv: list[str], stdin: str, error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(*argv, stdin=stdin) == (2, "")
    assert capsys.readouterr().err == error


def test_solve_refuses_a_budget_that_is_not_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        run("solve", "EO1-C8-AAAAAFA", "--budget", "many")
    assert info.value.code == 2
    assert (
        capsys.readouterr().err == "python -m eightoff solve: argument --budget: invalid int value: 'many'\n"
    )


def test_solve_refuses_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.txt"
    assert run("solve", "EO1-C8-AAAAAFA", "--moves", str(missing)) == (2, "")
    assert capsys.readouterr().err.startswith(f"python -m eightoff: cannot read {missing}: ")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe")
    assert run("solve", "EO1-C8-AAAAAFA", "--moves", str(binary)) == (2, "")
    assert capsys.readouterr().err.startswith(f"python -m eightoff: cannot read {binary}: ")

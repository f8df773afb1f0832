"""The command line: ``python -m eightoff deal|replay|new``."""

from __future__ import annotations

import io
import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from eightoff import DealCode, Position, cli
from eightoff.levels import LEVELS
from eightoff.solver import solve
from eightoff.winnable import catalogue, level_of, measure_of

START = DealCode.parse("EO1-C8-AAAAAFA").deal().fcs()


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    status = cli.main(list(argv), stdin=io.StringIO(stdin), stdout=out)
    return status, out.getvalue()


def test_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("deal", "eo1-c8-aaaaafa") == (0, START + "\n")
    assert capsys.readouterr().err == ""


def test_deal_two_cells() -> None:
    status, out = run("deal", "EO1-C2-AAAAAFA")
    assert status == 0
    assert out.splitlines()[1] == "Freecells: QS 7S"
    assert out.splitlines()[4] == ": 6H 2H KD 7H 5D 8D TH"


def test_deal_to_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["deal", "EO1-C8-AAAAAFA"]) == 0
    assert capsys.readouterr().out == START + "\n"


def test_bad_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("deal", "EO1-C9-AAAAAFA") == (2, "")
    assert capsys.readouterr().err == (
        "python -m eightoff: bad deal code: the cell count must be C8, C4 or C2, not 'C9'\n"
    )
    assert run("replay", "nonsense") == (2, "")
    assert capsys.readouterr().err.count("\n") == 1


def summary(status: int, out: str) -> tuple[int, list[str]]:
    return status, out.splitlines()[-3:]


def test_replay_our_notation_with_undo_and_redo(capsys: pytest.CaptureFixture[str]) -> None:
    moves = "# clear column 1 and play its ace\n1e 1f. 1g\n\n1h 1D undo redo undo redo\n42.86 undo\n"
    status, out = run("replay", "EO1-C8-AAAAAFA", stdin=moves)
    assert (status, out.splitlines()[-3:]) == (0, ["Score: 10", "Moves: 6", "Won: no"])
    assert out.splitlines()[1] == "Freecells: QS 7S TH KS 5S 6S KH 8H"
    assert Position.from_fcs("\n".join(out.splitlines()[:10])).foundations == (0, 0, 1, 0)
    assert capsys.readouterr().err == ""


def test_replay_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "moves.txt"
    path.write_text("1e\n", encoding="utf-8")
    assert summary(*run("replay", "EO1-C8-AAAAAFA", str(path))) == (0, ["Score: 0", "Moves: 1", "Won: no"])


def test_replay_solver_lines() -> None:
    lines = """-=-=-=-=-=-=-=-=-=-=-=-

Move a card from stack 0 to freecell 4

====================

Move a card from stack 0 to freecell 5
Move a card from stack 0 to freecell 6
Move a card from stack 0 to freecell 7
Move a card from stack 0 to the foundations
Move 1 cards from stack 3 to stack 1

This game is solveable.
Total number of states checked is 125.
This scan generated 151 states.
"""
    status, out = run("replay", "EO1-C8-AAAAAFA", stdin=lines)
    assert summary(status, out) == (0, ["Score: 10", "Moves: 6", "Won: no"])


@pytest.mark.parametrize(
    ("moves", "error"),
    [
        ("1e\n1e\n", "line 2: cell 5 already holds the 5 of spades\n"),
        (
            "1e\n\n# note\n4H\n",
            "line 4: the 4 of hearts cannot go on its foundation yet: the ace of hearts goes there next\n",
        ),
        ("1z\n", "line 1: 'z' is not a pile (columns 1-8, cells a-h, foundations S H D C)\n"),
        ("undo\n", "line 1: there is nothing to undo\n"),
        ("1e redo\n", "line 1: there is nothing to redo\n"),
        ("Move a card from stack 9 to stack 1\n", "line 1: there is no stack 9\n"),
        (
            "Move a card from freecell 5 to the foundations\n",
            "line 1: 'Move a card from freecell 5 to the foundations' moves from an empty pile\n",
        ),
    ],
)
def test_replay_illegal_line(moves: str, error: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("replay", "EO1-C8-AAAAAFA", stdin=moves) == (1, "")
    assert capsys.readouterr().err == error


def test_replay_a_cell_the_game_does_not_have(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("replay", "EO1-C2-AAAAAFA", stdin="Move a card from stack 0 to freecell 2\n") == (1, "")
    assert capsys.readouterr().err == "line 1: there is no cell 3 in this game\n"


def test_replay_unreadable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.txt"
    assert run("replay", "EO1-C8-AAAAAFA", str(missing)) == (2, "")
    err = capsys.readouterr().err
    assert err.startswith(f"python -m eightoff: cannot read {missing}: ")
    assert err.count("\n") == 1
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"1e\n\xff\xfe\n")
    assert run("replay", "EO1-C8-AAAAAFA", str(binary)) == (2, "")
    err = capsys.readouterr().err
    assert err.startswith(f"python -m eightoff: cannot read {binary}: 'utf-8' codec can't decode")
    assert err.count("\n") == 1
    assert run("replay", "EO1-C8-AAAAAFA", str(tmp_path)) == (2, "")
    assert capsys.readouterr().err.startswith(f"python -m eightoff: cannot read {tmp_path}: ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "python -m eightoff: the following arguments are required: command"),
        (["deal"], "python -m eightoff deal: the following arguments are required: code"),
        (["play"], "python -m eightoff: argument command: invalid choice: 'play'"),
        (["new", "--cells", "5"], "python -m eightoff new: argument --cells: invalid choice: 5"),
        (["new", "--cells", "x"], "python -m eightoff new: argument --cells: invalid int value: 'x'"),
        (["deal", "EO1-C8-AAAAAFA", "extra"], "python -m eightoff: unrecognized arguments: extra"),
    ],
)
def test_bad_arguments(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    """One line on standard error (argparse's wording of the choices varies by version)."""
    with pytest.raises(SystemExit) as info:
        cli.main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(message)
    assert err.count("\n") == 1 and err.endswith("\n")


@pytest.mark.parametrize(
    ("cells", "prefix"), [([], "EO1-C8-"), (["--cells", "4"], "EO1-C4-"), (["--cells", "2"], "EO1-C2-")]
)
def test_new(cells: list[str], prefix: str) -> None:
    status, out = run("new", *cells)
    assert status == 0
    code = out.strip()
    assert code.startswith(prefix) and len(code) == 14
    assert str(DealCode.parse(code)) == code


def test_python_dash_m(tmp_path: Path) -> None:
    """The real entry point, in a child process: output, status and no traceback."""
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))

    def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "eightoff", *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=60,
            check=False,
        )

    done = run("deal", "EO1-C8-AAAAAFA")
    assert (done.returncode, done.stdout, done.stderr) == (0, START + "\n", "")
    done = run("replay", "EO1-C8-AAAAAFA", stdin="1e\n9e\n")
    assert (done.returncode, done.stdout, done.stderr) == (
        1,
        "",
        "line 2: '9' is not a pile (columns 1-8, cells a-h, foundations S H D C)\n",
    )
    done = run("deal", "EO1-C8-AAAAAF")
    assert (done.returncode, done.stderr) == (
        2,
        "python -m eightoff: bad deal code: the deal number has 7 characters, not 6\n",
    )


def test_the_main_module_in_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["eightoff", "deal", "EO1-C8-AAAAAFA"])
    with pytest.raises(SystemExit) as info:
        runpy.run_module("eightoff", run_name="__main__")
    assert info.value.code == 0
    assert capsys.readouterr().out == START + "\n"


@pytest.mark.parametrize("cells", ["8", "4", "2"])
def test_new_winnable(cells: str) -> None:
    status, out = run("new", "--cells", cells, "--winnable")
    code = DealCode.parse(out.strip())
    assert status == 0 and code.cells == int(cells)
    assert solve(code.deal()).verdict == "solved"


@pytest.mark.parametrize("cells", ["8", "4", "2"])
@pytest.mark.parametrize("level", LEVELS)
def test_new_of_a_level(cells: str, level: str) -> None:
    """``--level`` draws a catalogue deal of that level, with or without ``--winnable``."""
    for argv in (
        ("new", "--cells", cells, "--level", level),
        ("new", "--cells", cells, "--winnable", "--level", level),
    ):
        status, out = run(*argv)
        code = DealCode.parse(out.strip())
        assert status == 0 and code.cells == int(cells) and level_of(code) == level


def test_new_refuses_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        run("new", "--level", "expert")
    assert info.value.code == 2 and "invalid choice: 'expert'" in capsys.readouterr().err


def test_level_of_a_catalogue_deal_and_of_another() -> None:
    code = DealCode(catalogue(8)[0], 8)
    measure = measure_of(code)
    assert measure is not None
    assert run("level", str(code)) == (0, f"{level_of(code)}: cap {measure.cap}, fills {measure.fills}\n")
    assert run("level", "EO1-C8-AAAAAFA") == (0, "none: not in the catalogue\n")
    assert run("level", "EO1-C9-AAAAAFA")[0] == 2

"""Where a game slipped away (eightoff/history.py): winnability is lost along a history and
never regained, so the binary search finds the last winnable position that a search of
every position names."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff import DealCode, Game, Move, legal_moves
from eightoff.history import last_winnable, positions
from eightoff.solver import solve
from eightoff.winnable import catalogue
from tests.players import lost_line

PROPERTY = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def histories(draw: st.DrawFn, max_moves: int = 24) -> tuple[DealCode, list[Move]]:
    """A catalogue deal (it can be won) and a random player's moves on it (no take-backs)."""
    cells = draw(st.sampled_from([4, 2]))
    code = DealCode(draw(st.sampled_from(catalogue(cells)[:40])), cells)
    game = Game.new(code)
    line: list[Move] = []
    for _ in range(draw(st.integers(1, max_moves))):
        legal = [m for m in legal_moves(game.position) if not m.source.is_foundation]
        if not legal:
            break
        move = legal[draw(st.integers(0, len(legal) - 1))]
        game.play(move)
        line.append(move)
    return code, line


@PROPERTY
@given(histories())
def test_winnability_is_lost_along_a_history_never_regained(history: tuple[DealCode, list[Move]]) -> None:
    """Every position before the last winnable one can be won, every one after it cannot;
    and the binary search names that very position."""
    code, line = history
    verdicts = [solve(position).verdict for position in positions(code.deal(), line)]
    assert "gave-up" not in verdicts
    assert verdicts[0] == "solved"  # a catalogue deal
    last = max(i for i, verdict in enumerate(verdicts) if verdict == "solved")
    assert verdicts == ["solved"] * (last + 1) + ["unsolvable"] * (len(verdicts) - last - 1)
    if last < len(line):
        slip = last_winnable(code.deal(), line, seconds=None)
        assert (slip.verdict, slip.index) == ("found", last)


def test_a_lost_game_of_the_catalogue_slipped_at_its_fifth_move() -> None:
    code = DealCode(catalogue(4)[0], 4)
    line = lost_line(code, 0)
    assert len(line) == 17
    slip = last_winnable(code.deal(), line, seconds=None)
    assert (slip.verdict, slip.index, slip.probes) == ("found", 4, 4)
    after = positions(code.deal(), line)
    assert solve(after[4]).verdict == "solved" and solve(after[5]).verdict == "unsolvable"


def test_a_history_lost_from_its_first_position_and_searches_that_give_up() -> None:
    code = DealCode(catalogue(4)[0], 4)
    line = lost_line(code, 0)
    after = positions(code.deal(), line)
    lost = last_winnable(after[5], line[5:], seconds=None)  # its sixth position is lost
    assert (lost.verdict, lost.probes) == ("lost-before", 3)
    assert last_winnable(code.deal(), line, budget=1).verdict == "gave-up"
    out_of_time = last_winnable(code.deal(), line, seconds=0.0)
    assert (out_of_time.verdict, out_of_time.probes) == ("gave-up", 0)


def test_positions_proved_lost_are_shared_between_the_searches_of_one_history() -> None:
    """An unsolvable search hands every position it searched to the next: searched again,
    its start is lost at once; a search that gives up or wins hands nothing."""
    code = DealCode(catalogue(4)[0], 4)
    after = positions(code.deal(), lost_line(code, 0))
    lost: set[bytes] = set()
    first = solve(after[5], lost=lost)
    assert first.verdict == "unsolvable" and len(lost) >= first.positions > 1
    again = solve(after[5], lost=lost)
    assert (again.verdict, again.positions) == ("unsolvable", 0)
    assert solve(after[6], lost=lost).positions < solve(after[6]).positions
    kept = set(lost)
    assert solve(after[4], lost=lost).verdict == "solved" and lost == kept
    assert solve(after[3], budget=1, lost=lost).verdict == "gave-up" and lost == kept

"""Replays (eightoff/web/board/replay.py) and whole games in a link (eightoff/web/links/address.py):
compact moves, old dotted links still read, a bad move named and nothing played."""

from __future__ import annotations

import pytest

from eightoff import DealCode, Game, IllegalMoveError, Move, NotationError
from eightoff.solver import solve
from eightoff.web.board.replay import DEFAULT_SPEED, SPEEDS, Replay
from eightoff.web.links.address import (
    BadMove,
    Link,
    decode_moves,
    encode_moves,
    flag_from_query,
    link_from_query,
)

CODE = DealCode.parse("EO1-C8-AAAAAFA")
BASE = "https://someone.github.io/eightoff/"
SOLUTION = tuple(solve(CODE.deal()).moves)


def test_a_whole_won_game_fits_in_a_chat_message() -> None:
    """98 moves (9 of them groups): 265 characters with the compact moves, where the
    dotted notation took 373; SMS-length messages join to 306 characters, a tweet counts
    a link as 23."""
    link = Link(CODE, SOLUTION)
    assert len(SOLUTION) == 98 and sum(m.count > 1 for m in SOLUTION) == 9
    url = BASE + link.query(replay=True)
    dotted = f"{BASE}?deal={CODE}&moves=" + ".".join(str(m) for m in SOLUTION)
    assert (len(url), len(dotted)) == (265, 373)
    assert link_from_query(link.query(replay=True)) == (link, None)
    assert Link(CODE, SOLUTION).game().is_won


def test_old_dotted_links_read_as_before() -> None:
    dotted = ".".join(str(m) for m in SOLUTION)
    assert link_from_query(f"?deal={CODE}&moves={dotted}") == (Link(CODE, SOLUTION), None)
    assert decode_moves(CODE, "1e") == (Move.parse("1e"),)  # one move: both forms agree


def test_group_moves_take_their_count_from_the_rules() -> None:
    groups = [i for i, m in enumerate(SOLUTION) if m.count > 1]
    text = encode_moves(SOLUTION[: groups[0] + 1])
    assert decode_moves(CODE, text) == SOLUTION[: groups[0] + 1]
    assert len(text) == 2 * (groups[0] + 1)


@pytest.mark.parametrize(
    ("moves", "number", "text", "error"),
    [
        ("1eeS", 2, "eS", IllegalMoveError),
        ("1ee", 2, "e", NotationError),
        ("1eZZ", 2, "ZZ", NotationError),
        ("1e.e9", 2, "e9", NotationError),
        ("12", 1, "12", IllegalMoveError),
        ("91", 1, "91", NotationError),
    ],
)
def test_a_bad_move_is_named_and_nothing_is_played(moves: str, number: int, text: str, error: type) -> None:
    link, problem = link_from_query(f"?deal={CODE}&moves={moves}&replay")
    assert link is None and isinstance(problem, BadMove)
    assert (problem.number, problem.text, type(problem.error)) == (number, text, error)


def test_a_column_to_column_move_without_a_legal_count_says_why() -> None:
    problem = decode_moves(CODE, "13")
    assert isinstance(problem, BadMove) and problem.error.code != "bad-move"


def test_the_flags_of_the_address() -> None:
    assert flag_from_query("?deal=EO1-C8-AAAAAFA&moves=1e&replay", "replay")
    assert not flag_from_query("?deal=EO1-C8-AAAAAFA&moves=1e", "replay")
    assert flag_from_query("?daily=", "daily") and flag_from_query("daily", "daily")


def test_stepping_forward_back_and_to_a_step() -> None:
    replay = Replay.of(Link(CODE, SOLUTION))
    assert replay.position == CODE.deal() and replay.score == 0 and replay.step == 0
    end = replay
    for _ in range(len(SOLUTION)):
        end = end.forward()
    assert end.at_end and end.position.is_won and end.step == 98
    assert end.forward() == end and end.score == Link(CODE, SOLUTION).game().score
    assert replay.step == 0  # each step a new replay: the first one as it was
    assert replay.go(1000).step == 98 and replay.go(-3).step == 0
    assert replay.back() is replay
    tenth = replay.go(10)
    assert tenth.back().step == 9 and tenth.back().position == Link(CODE, SOLUTION[:9]).game().position


def test_play_and_pause_start_again_from_the_end() -> None:
    replay = Replay(CODE, SOLUTION[:2]).toggle()
    assert replay.playing
    end = replay.forward().forward()
    assert end.playing and end.at_end
    stopped = end.forward()  # the end stops it
    assert not stopped.playing and stopped.step == 2
    again = stopped.toggle()
    assert again.playing and again.step == 0
    assert not again.toggle().playing


def test_speed_and_delay() -> None:
    replay = Replay(CODE, ())
    assert replay.speed == DEFAULT_SPEED and replay.delay_ms() == 1000
    for speed in SPEEDS:
        assert replay.with_speed(speed).delay_ms() == round(1000 / speed)
    assert replay.with_speed(100.0).speed == DEFAULT_SPEED


def test_play_from_here_is_a_new_game_at_the_step() -> None:
    replay = Replay.of(Link(CODE, SOLUTION, time=754_000)).go(40)
    link = replay.taken_over()
    expected = Game.new(CODE)
    for move in SOLUTION[:40]:
        expected.play(move)
    assert link == Link(CODE, SOLUTION[:40]) and link.game() == expected
    assert replay.link() == Link(CODE, SOLUTION, 754_000)


def test_a_replays_positions_are_filled_once_and_left_out_of_its_equality() -> None:
    replay = Replay.of(Link(CODE, SOLUTION[:3]))
    assert len(replay.positions) == 4 and replay.positions[0] == CODE.deal()
    assert replay.go(2).positions is replay.positions
    assert Replay(CODE, SOLUTION[:3], positions=replay.positions) == replay
    assert "positions" not in repr(replay)

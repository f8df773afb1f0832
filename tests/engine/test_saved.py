"""The saved form: exact round trips, and every kind of damage refused with
SavedGameError and nothing else."""

from __future__ import annotations

import json
from typing import Any

import pytest

from eightoff import DealCode, Game, Move, SavedGameError, legal_moves
from eightoff.saved import dumps, from_dict, loads, to_dict

# EO1-C8-AAAAAFA: column 1 is 3S AD 8H KH 6S 5S; four cells are free. Clearing the four top
# cards into the cells frees AD for its foundation (+10); then 4H goes onto 5H.
MOVES = "1e 1f 1g 1h 1D 42"


def played(moves: str = MOVES, undos: int = 1) -> Game:
    game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
    for m in moves.split():
        game.play(Move.parse(m))
    for _ in range(undos):
        game.undo()
    return game


def test_the_saved_form() -> None:
    game = played()
    assert to_dict(game) == {
        "code": "EO1-C8-AAAAAFA",
        "position": game.position.fcs(),
        "score": 10,
        "moves": 5,
        "undo": ["1e", "1f", "1g", "1h", "1D"],
        "redo": ["42"],
    }
    assert dumps(game).startswith(
        '{"code":"EO1-C8-AAAAAFA","position":"Foundations: S-0 H-0 D-A C-0\\nFreecells: QS 7S'
    )


@pytest.mark.parametrize("code", ["EO1-C8-AAAAAFA", "EO1-C4-AAAAAFA", "EO1-C2-AAAAAFA", "EO1-C2-7777777"])
def test_round_trip(code: str) -> None:
    game = Game.new(DealCode.parse(code))
    assert loads(dumps(game)) == game
    for move in list(legal_moves(game.position))[:3]:
        game.play(move)
        assert loads(dumps(game)) == game
        game.undo()
        assert loads(dumps(game)) == game
        game.redo()


def test_round_trip_keeps_redo_working() -> None:
    game = played()
    back = loads(dumps(game))
    assert back == game
    assert back.redo() == Move.parse("42")
    assert back.position == played(undos=0).position


def test_round_trip_after_the_undo_window() -> None:
    game = Game.new(DealCode.parse("EO1-C8-AAAAAAF"))  # the ace of clubs tops column 2
    game.play(Move.parse("2C"))
    game.play(Move.parse("1e"))
    for i in range(120):
        game.play(Move.parse("fe" if i % 2 else "ef"))
    assert (game.moves, len(game.undo_stack), game.score) == (122, 100, 10)
    assert loads(dumps(game)) == game
    partial = to_dict(game)
    assert from_dict(partial | {"score": 20}).score == 20  # one earlier move may have scored 10
    assert from_dict(partial | {"score": 0}).score == 0  # ... or nothing


def damaged(base: Game | None = None, **changes: Any) -> dict[str, Any]:
    data = to_dict(base or played())
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return data


START = played("", 0)
POSITION = to_dict(played())["position"]
TWO_CELLS = Game.new(DealCode.parse("EO1-C2-AAAAAFA"))

CASES: list[tuple[str, Any, str, str]] = [
    # name, data, code, message
    ("list", [], "saved-shape", "the saved game is not a JSON object"),
    ("number", 3, "saved-shape", "the saved game is not a JSON object"),
    ("no code", damaged(code=...), "saved-shape", "the saved game's 'code' is missing or not a str"),
    ("code number", damaged(code=160), "saved-shape", "the saved game's 'code' is missing or not a str"),
    (
        "no position",
        damaged(position=...),
        "saved-shape",
        "the saved game's 'position' is missing or not a str",
    ),
    ("no score", damaged(score=...), "saved-shape", "the saved game's 'score' is missing or not a int"),
    ("no moves", damaged(moves=...), "saved-shape", "the saved game's 'moves' is missing or not a int"),
    ("score bool", damaged(score=True), "saved-shape", "the saved game's 'score' is missing or not a int"),
    ("moves bool", damaged(moves=False), "saved-shape", "the saved game's 'moves' is missing or not a int"),
    ("score float", damaged(score=10.0), "saved-shape", "the saved game's 'score' is missing or not a int"),
    ("score text", damaged(score="10"), "saved-shape", "the saved game's 'score' is missing or not a int"),
    ("score null", damaged(score=None), "saved-shape", "the saved game's 'score' is missing or not a int"),
    ("negative", damaged(moves=-1), "saved-shape", "the saved game's 'moves' is out of range"),
    ("huge", damaged(score=1 << 40), "saved-shape", "the saved game's 'score' is out of range"),
    ("no undo", damaged(undo=...), "saved-shape", "the saved game's 'undo' is not a list of moves"),
    ("undo text", damaged(undo="1e 1f"), "saved-shape", "the saved game's 'undo' is not a list of moves"),
    ("redo numbers", damaged(redo=[1]), "saved-shape", "the saved game's 'redo' is not a list of moves"),
    (
        "101 undo",
        damaged(undo=["ab"] * 101),
        "saved-shape",
        "the saved game's 'undo' holds more than 100 moves",
    ),
    (
        "101 redo",
        damaged(redo=["ab"] * 101),
        "saved-shape",
        "the saved game's 'redo' holds more than 100 moves",
    ),
    (
        "bad code",
        damaged(code="EO1-C8-AAAAAF9"),
        "saved-invalid",
        "the saved game is damaged: '9' is not allowed in a deal code: use letters A-Z and digits 2-7",
    ),
    (
        "doubled card",
        damaged(position=POSITION.replace("JH", "5H", 1)),
        "saved-invalid",
        "the saved game is damaged: a card appears twice: 5H",
    ),
    (
        "position not text",
        damaged(position="Foundations: S-Z"),
        "saved-invalid",
        "the saved game is damaged: 'S-Z' is not a foundation",
    ),
    (
        "cell count",
        damaged(code="EO1-C2-AAAAAFA"),
        "saved-invalid",
        "the saved game is damaged: 8 cells are listed for a game of 2",
    ),
    (
        "bad move",
        damaged(undo=["1e", "1fx"]),
        "saved-invalid",
        "the saved game is damaged: '1fx' is not a move",
    ),
    ("redo bad move", damaged(redo=["4"]), "saved-invalid", "the saved game is damaged: '4' is not a move"),
    (
        "too few cards",
        damaged(undo=["1e", "1f", "1g", "1h", "2Sx2"]),
        "saved-history",
        "undo step 2Sx2 finds too few cards",
    ),
    (
        "cell taken",
        damaged(undo=["1e", "1f", "1g", "1h", "ae"]),
        "saved-history",
        "undo step ae finds its cell taken",
    ),
    (
        "foundation",
        damaged(undo=["1e", "1f", "1g", "1h", "H1"]),
        "saved-history",
        "undo step H1 cannot return to its foundation",
    ),
    (
        "group back into a cell",
        damaged(START, undo=["e1x2"], moves=1),
        "saved-history",
        "undo step e1x2 cannot return to its cell",
    ),
    (
        "group to foundation",
        damaged(undo=["1e", "1f", "1g", "1h", "1Dx2"]),
        "saved-history",
        "undo step 1Dx2 finds too few cards",
    ),
    (
        "not legal when replayed",
        damaged(undo=["1e", "1f", "1g", "1h", "12"]),
        "saved-history",
        "the saved history is not legal play: the 5 of hearts goes only on the 6 of hearts",
    ),
    (
        "no such pile",
        damaged(TWO_CELLS, undo=["1c"], moves=1),
        "saved-history",
        "the saved history is not legal play: there is no cell 3 in this game",
    ),
    (
        "illegal redo",
        damaged(redo=["4S"]),
        "saved-history",
        "the saved history is not legal play: the 4 of hearts goes only on the hearts foundation",
    ),
    (
        "more undo than moves",
        damaged(moves=4),
        "saved-history",
        "the saved game has more undo steps than moves",
    ),
    ("score too low", damaged(score=0), "saved-score", "the saved score does not match the moves"),
    ("score odd", damaged(score=12), "saved-score", "the saved score does not match the moves"),
    ("score too high", damaged(score=20), "saved-score", "the saved score does not match the moves"),
    (
        "beyond the moves",
        damaged(moves=6, score=30),
        "saved-score",
        "the saved score does not match the moves",
    ),
    (
        "not from the deal",
        damaged(undo=["1f", "1g", "1h", "1D"], moves=4),
        "saved-history",
        "the saved history does not start at the deal",
    ),
    (
        "position of another deal",
        damaged(START, code="EO1-C8-AAAAAAA"),
        "saved-history",
        "the saved history does not start at the deal",
    ),
]


@pytest.mark.parametrize(("name", "data", "code", "message"), CASES, ids=[c[0] for c in CASES])
def test_damage_is_refused(name: str, data: Any, code: str, message: str) -> None:
    with pytest.raises(SavedGameError) as info:
        from_dict(data)
    assert info.value.code == code
    assert message in str(info.value)
    with pytest.raises(SavedGameError):
        loads(json.dumps(data))


def test_an_undamaged_copy_of_the_cases_loads() -> None:
    """The cases above are damaged only where they say: the same data untouched loads."""
    assert from_dict(damaged()) == played()
    assert from_dict(damaged(moves=6, score=20)).score == 20


@pytest.mark.parametrize("text", ["", "{", "not json", "[1,", "\x00", "{" * 100_000, "1" * 5000])
def test_not_json(text: str) -> None:
    with pytest.raises(SavedGameError) as info:
        loads(text)
    assert (info.value.code, str(info.value)) == ("saved-not-json", "the saved game is not JSON")


def test_not_text() -> None:
    with pytest.raises(SavedGameError, match="not JSON"):
        loads(None)  # type: ignore[arg-type]

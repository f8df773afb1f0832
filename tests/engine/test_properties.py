"""Properties over random play and random text (Hypothesis).

Example counts are kept modest so the engine suite stays fast; raise them locally with
``--hypothesis-seed`` and a profile when hunting."""

from __future__ import annotations

import contextlib
import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff import (
    DECK,
    Card,
    DealCode,
    EightOffError,
    Game,
    Move,
    Pile,
    Position,
    SavedGameError,
    apply,
    is_legal,
    legal_moves,
    saved,
)
from eightoff.deal import NUMBERS
from eightoff.rules import run_length
from eightoff.solver import solve
from eightoff.winnable import catalogue

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TEXT = settings(max_examples=300, deadline=None)

codes = st.builds(DealCode, st.integers(0, NUMBERS - 1), st.sampled_from([8, 4, 2]))
piles = st.sampled_from(
    [Pile.column(i) for i in range(1, 9)]
    + [Pile.cell(i) for i in range(1, 9)]
    + [Pile.foundation(s) for s in "SHDC"]
)
moves = st.builds(Move, piles, piles, st.integers(1, 13))


def check_cards(position: Position) -> None:
    """52 distinct cards, each exactly once, in a position that passes its own check."""
    position.validate()
    cards = [card for column in position.columns for card in column]
    cards += [card for card in position.cells if card is not None]
    cards += [
        Card(rank, suit)
        for suit, top in zip("SHDC", position.foundations, strict=True)
        for rank in range(1, top + 1)
    ]
    assert sorted(cards, key=DECK.index) == list(DECK)


@st.composite
def games(draw: st.DrawFn, max_moves: int = 60) -> Game:
    """A game after random legal play, with some undos and redos along the way."""
    game = Game.new(draw(codes))
    for _ in range(draw(st.integers(0, max_moves))):
        step = draw(st.integers(0, 9))
        if step == 0 and game.can_undo:
            game.undo()
        elif step == 1 and game.can_redo:
            game.redo()
        else:
            legal = list(legal_moves(game.position))
            if not legal:
                break
            game.play(legal[draw(st.integers(0, len(legal) - 1))])
    return game


# -- random play --------------------------------------------------------------------------------


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
@FAST
@given(st.data(), codes)
def test_random_play_keeps_52_distinct_cards(data: st.DataObject, code: DealCode) -> None:
    position = code.deal()
    check_cards(position)
    for _ in range(80):
        legal = list(legal_moves(position))
        if not legal:
            break
        position = apply(position, data.draw(st.sampled_from(legal)))
        check_cards(position)
        assert len(position.cells) == code.cells


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
@FAST
@given(st.data(), games(max_moves=30))
def test_undo_restores_exactly_and_redo_reapplies(data: st.DataObject, game: Game) -> None:
    legal = list(legal_moves(game.position))
    if not legal:
        return
    move = data.draw(st.sampled_from(legal))
    before = (game.position, game.score, game.moves)
    points = game.play(move)
    after = (game.position, game.score, game.moves)
    assert game.score == before[1] + points
    assert game.undo() == move
    assert (game.position, game.score, game.moves) == before
    assert game.redo() == move
    assert (game.position, game.score, game.moves) == after


@FAST
@given(games())
def test_score_is_the_sum_of_the_moves_points(game: Game) -> None:
    assert game.score >= 0
    if game.moves == len(game.undo_stack):
        assert game.score == sum(move.points for move in game.undo_stack)
    while game.can_undo:
        game.undo()
        assert game.score >= 0
    assert (game.score, game.position) == (0, game.code.deal())


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
@FAST
@given(games())
def test_legal_moves_are_exactly_the_moves_check_allows(game: Game) -> None:
    """The generator's quick filter never hides a legal move nor lets an illegal one by."""
    position = game.position
    piles = list(position.piles())
    every = [Move(s, t, count) for s in piles for count in range(1, 14) for t in piles]
    assert list(legal_moves(position)) == [m for m in every if is_legal(position, m)]


@FAST
@given(games())
def test_a_group_move_takes_the_whole_run(game: Game) -> None:
    """Building by suit, the card that would take the upper part of a run lies under it:
    every legal move of 2+ cards moves its column's whole run."""
    position = game.position
    for move in legal_moves(position):
        if move.count > 1:
            assert move.count == run_length(position.cards(move.source)), move


# -- every notation round-trips -----------------------------------------------------------------


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
@given(games())
def test_onto_plays_the_most_cards_the_rules_allow_between_two_piles(game: Game) -> None:
    """``Game.onto`` (a key naming two piles) is the legal move with the most cards from
    the source's top to the target, and ``None`` exactly when no count is legal."""
    position = game.position
    most: dict[tuple[Pile, Pile], int] = {}
    for move in legal_moves(position):
        most[move.source, move.target] = max(move.count, most.get((move.source, move.target), 0))
    for source in position.piles():
        for target in position.piles():
            move = game.onto(source, target)
            assert (move.count if move else None) == most.get((source, target))


SOLVED = [solve(DealCode(number, 4).deal()).moves for number in catalogue(4)[:3]]
"""Three winning lines of the 4-cell catalogue: positions along them reach the end game."""


def finishable(position: Position) -> bool:
    """Whether moves to the foundations and to the free cells alone win from ``position``:
    every such legal move tried, in any order, with no budget (each position once, its
    cells' cards as a set)."""

    def key(here: Position) -> tuple[object, ...]:
        return here.columns, frozenset(c for c in here.cells if c is not None), here.foundations

    seen, todo = {key(position)}, [position]
    while todo:
        here = todo.pop()
        if here.is_won:
            return True
        for move in legal_moves(here):
            kept = move.target.is_foundation or (move.target.is_cell and move.source.is_column)
            if kept and (after := apply(here, move)) and key(after) not in seen:
                seen.add(key(after))
                todo.append(after)
    return False


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
@given(st.sampled_from(range(len(SOLVED))), st.integers(30, 120))
def test_finish_exists_exactly_when_foundation_and_cell_moves_alone_win(line: int, length: int) -> None:
    """Issue 36: Finish is offered exactly when moves to the foundations and the free cells
    alone win (the engine's bounded search finds every line the unbounded one does here),
    and its line is such moves only, and wins."""
    code, moves = DealCode(catalogue(4)[line], 4), SOLVED[line]
    game = Game.new(code)
    for move in moves[: min(length, len(moves) - 1)]:
        game.play(move)
    finish = game.finish()
    assert (finish is not None) == finishable(game.position)
    if finish is not None:
        for move in finish:
            assert move.count == 1 and (
                move.target.is_foundation or (move.target.is_cell and move.source.is_column)
            )
            game.play(move)
        assert game.is_won


@given(st.sampled_from(DECK))
def test_card_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(str(card).lower()) is card
    assert eval(repr(card)) == card  # repr is pasteable Python


@given(piles)
def test_pile_round_trip(pile: Pile) -> None:
    assert Pile.parse(str(pile)) == pile
    assert Pile.from_key(pile.key) == pile


@given(moves)
def test_move_round_trip(move: Move) -> None:
    assert Move.parse(str(move)) == move
    assert Move.parse(f" {move} ") == move


@given(codes)
def test_deal_code_round_trip(code: DealCode) -> None:
    assert DealCode.parse(str(code)) == code
    assert DealCode.parse(f"  {str(code).lower()} ") == code


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
@FAST
@given(games())
def test_position_round_trip(game: Game) -> None:
    position = game.position
    assert Position.from_fcs(position.fcs()) == position
    assert Position.from_fcs(position.fcs(), cells=len(position.cells)) == position


@FAST
@given(games())
def test_saved_game_round_trip(game: Game) -> None:
    text = saved.dumps(game)
    assert saved.loads(text) == game
    assert saved.dumps(saved.loads(text)) == text


# -- parsers raise nothing but their own errors -------------------------------------------------

NOTATION = "EO1-C8428AFKQJT3567910SHDCshdcabefghx: \n-.\t"
texts = st.one_of(st.text(), st.text(alphabet=NOTATION))


def only_engine_errors(parse: Any, *args: Any) -> None:
    with contextlib.suppress(EightOffError):
        parse(*args)


@TEXT
@given(texts)
def test_deal_code_parse_raises_only_its_errors(text: str) -> None:
    only_engine_errors(DealCode.parse, text)


@TEXT
@given(texts)
def test_move_parse_raises_only_its_errors(text: str) -> None:
    only_engine_errors(Move.parse, text)


@TEXT
@given(texts)
def test_card_parse_raises_only_its_errors(text: str) -> None:
    only_engine_errors(Card.parse, text)


@TEXT
@given(texts, st.sampled_from([None, 8, 4, 2]))
def test_position_from_fcs_raises_only_its_errors(text: str, cells: int | None) -> None:
    only_engine_errors(Position.from_fcs, text, cells)


@FAST
@given(games(max_moves=10), st.data())
def test_position_from_damaged_fcs_raises_only_its_errors(game: Game, data: st.DataObject) -> None:
    text = game.position.fcs()
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    only_engine_errors(
        Position.from_fcs, text[:start] + data.draw(st.text(alphabet=NOTATION, max_size=8)) + text[end:]
    )


@TEXT
@given(texts)
def test_saved_loads_raises_only_its_errors(text: str) -> None:
    try:
        saved.loads(text)
    except EightOffError as error:
        assert isinstance(error, SavedGameError)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
@TEXT
@given(json_values)
def test_saved_from_dict_raises_only_saved_game_errors(value: Any) -> None:
    with contextlib.suppress(SavedGameError):
        saved.from_dict(value)


@FAST
@given(
    games(max_moves=20),
    st.sampled_from(["code", "position", "score", "moves", "undo", "redo"]),
    json_values,
)
def test_saved_from_dict_with_one_field_damaged(game: Game, key: str, value: Any) -> None:
    data = saved.to_dict(game)
    data[key] = value
    try:
        loaded = saved.from_dict(json.loads(json.dumps(data)))
    except SavedGameError:
        return
    assert saved.to_dict(loaded) == json.loads(json.dumps(data))  # accepted only when exact


def nearby(move: Move) -> st.SearchStrategy[Move]:
    """``move`` with its source, its target or its count changed: damage more likely to
    pass for play than a random move."""
    return st.one_of(
        st.builds(Move, piles, st.just(move.target), st.just(move.count)),
        st.builds(Move, st.just(move.source), piles, st.just(move.count)),
        st.builds(Move, st.just(move.source), st.just(move.target), st.integers(1, 13)),
    )


def assert_replays(loaded: Game, claimed: dict[str, Any]) -> None:
    """An accepted save is exactly what it claims: the same fields, a history that walks
    back to a valid start (the deal itself when it is complete, with a score of 0; else an
    earlier score the moves before it could have made) and from there replays in legal play
    to the claimed position, score and move count, and a redo stack that is legal play on."""
    assert saved.to_dict(loaded) == claimed
    undo = [Move.parse(m) for m in claimed["undo"]]
    redo = [Move.parse(m) for m in claimed["redo"]]
    earlier_moves = claimed["moves"] - len(undo)
    earlier_score = claimed["score"] - sum(move.points for move in undo)
    walk = copy.deepcopy(loaded)
    assert [walk.undo() for _ in undo] == undo[::-1]
    check_cards(walk.position)
    if earlier_moves == 0:
        assert (walk.position, earlier_score) == (loaded.code.deal(), 0)
    else:
        assert earlier_moves > 0 and earlier_score % 5 == 0 and 0 <= earlier_score <= 10 * earlier_moves
    replay = Game(loaded.code, walk.position, earlier_score, earlier_moves)
    for move in undo:
        replay.play(move)  # legal play, or IllegalMoveError
    assert (replay.position, replay.score, replay.moves) == (
        loaded.position,
        claimed["score"],
        claimed["moves"],
    )
    assert replay.undo_stack == undo
    ahead = loaded.position
    for move in reversed(redo):
        ahead = apply(ahead, move)  # legal play, or IllegalMoveError


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
@FAST
@given(games(max_moves=40), st.data())
def test_saved_from_dict_with_damaged_history(game: Game, data: st.DataObject) -> None:
    """A save whose history is complete or reaches back only part of the way (as after
    more than 100 moves), one history step replaced or not, the score changed or not: it
    is refused, or it replays to exactly what it claims. Undamaged, it is accepted."""
    honest = saved.to_dict(game)
    honest["undo"] = honest["undo"][data.draw(st.integers(0, len(honest["undo"])), label="forgotten") :]
    claimed = copy.deepcopy(honest)
    history = claimed[data.draw(st.sampled_from(["undo", "redo"]))]
    if history and data.draw(st.booleans(), label="damaged"):
        step = data.draw(st.integers(0, len(history) - 1))
        history[step] = str(data.draw(moves | nearby(Move.parse(history[step]))))
    claimed["score"] = data.draw(st.sampled_from([claimed["score"], claimed["score"] + 5, 0]))
    try:
        loaded = saved.from_dict(json.loads(json.dumps(claimed)))
    except SavedGameError:
        assert claimed != honest, "an undamaged save was refused"
        return
    assert_replays(loaded, claimed)

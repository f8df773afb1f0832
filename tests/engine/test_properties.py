"""Properties over random play and random text (Hypothesis).

Example counts are kept modest so the engine suite stays fast; raise them locally with
``--hypothesis-seed`` and a profile when hunting."""

from __future__ import annotations

import contextlib
import json
from typing import Any

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


@FAST
@given(games())
def test_legal_moves_are_exactly_the_moves_check_allows(game: Game) -> None:
    """The generator's quick filter never hides a legal move nor lets an illegal one by."""
    position = game.position
    piles = list(position.piles())
    every = [Move(s, t, count) for s in piles for count in range(1, 14) for t in piles]
    assert list(legal_moves(position)) == [m for m in every if is_legal(position, m)]


# -- every notation round-trips -----------------------------------------------------------------


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


@TEXT
@given(json_values)
def test_saved_from_dict_raises_only_saved_game_errors(value: Any) -> None:
    with contextlib.suppress(SavedGameError):
        saved.from_dict(value)


@FAST
@given(
    games(max_moves=20),
    st.sampled_from(["schema", "code", "position", "score", "moves", "undo", "redo"]),
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


@FAST
@given(games(max_moves=40), st.data())
def test_saved_from_dict_with_damaged_history(game: Game, data: st.DataObject) -> None:
    saved_form = saved.to_dict(game)
    key = data.draw(st.sampled_from(["undo", "redo"]))
    history = list(saved_form[key])
    if history:
        history[data.draw(st.integers(0, len(history) - 1))] = str(data.draw(moves))
    saved_form[key] = history
    saved_form["score"] = data.draw(st.sampled_from([saved_form["score"], saved_form["score"] + 5, 0]))
    with contextlib.suppress(SavedGameError):
        saved.from_dict(saved_form)

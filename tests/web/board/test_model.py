"""The board's model and the motion between two models (eightoff/web/board/model.py): what
the board shows for a game, a pick, a hint, a replay, and which cards fly, with exact values
and properties over random games."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff import DealCode, Game, Move, Position
from eightoff.deal import shuffled_deck
from eightoff.position import CELL_COUNTS
from eightoff.rules import legal_moves
from eightoff.web.board.focus import Spot
from eightoff.web.board.input_state import InputState
from eightoff.web.board.model import (
    DEAL_FLIGHT_MS,
    DEAL_MS,
    GLIDE_MS,
    PLANNERS,
    WIN_FLIGHT_MS,
    WIN_MS,
    WIN_STEP_MS,
    BoardModel,
    Flight,
    Motion,
    Plan,
    dealt,
    game_model,
    moved,
    plan,
    replay_model,
)
from eightoff.web.board.replay import Replay
from eightoff.web.solver.messages import marks
from eightoff.web.words import i18n
from tests.engine.test_game import FINISHABLE

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
import i18n as catalogues

CODE = DealCode.parse("EO1-C8-AAAAAFA")
TOP = Spot("column-1")


def fresh() -> Game:
    return Game.new(CODE)


def test_the_model_of_a_deal_holds_every_pile_the_figures_and_the_names() -> None:
    model = game_model(fresh(), InputState(), None, TOP)
    assert model.pile("column-1") == ("3S", "AD", "8H", "KH", "6S", "5S")
    assert model.pile("cell-1") == ("QS",) and model.pile("cell-5") == () and model.pile("cell-9") == ()
    assert [key for key, _ in model.piles][:9] == [f"column-{n}" for n in range(1, 9)] + ["cell-1"]
    assert (model.cells, model.score, model.moves, model.code) == (8, 0, 0, "EO1-C8-AAAAAFA")
    assert (model.can_undo, model.can_redo, model.replaying, model.replay_step) == (False, False, False, None)
    assert (model.lifted, model.lift_pile, model.lit, model.hinted, model.hint_target) == (
        (),
        None,
        frozenset(),
        (),
        None,
    )
    assert model.labels["column-1"] == "Column 1, 6 cards, top: 5 of spades; a run of 2 from 6 of spades"
    assert model.labels["cell-1"] == "Cell 1: queen of spades"
    assert model.labels["cell-5"] == "Cell 5, empty"
    assert model.labels["foundation-H"] == "Hearts foundation, empty"
    assert model.labels["5S"] == "5 of spades, can move"
    assert model.labels["KH"] == "king of hearts, cannot move"
    assert len(model.labels) == 52 + 8 + 8 + 4
    assert model.places["KH"] == ("column-1", 3) and model.sizes["cell-5"] == 0
    assert model.focus == Spot("column-1", 5) and model.language == "en" and model.covered == frozenset()


def test_a_move_changes_the_piles_figures_undo_and_names() -> None:
    game = fresh()
    game.play(Move.parse("1e"))
    model = game_model(game, InputState(), None, Spot("column-1", 5))
    assert model.pile("cell-5") == ("5S",) and model.pile("column-1")[-1] == "6S"
    assert (model.moves, model.can_undo, model.can_redo) == (1, True, False)
    assert model.focus == Spot("column-1", 4)  # the card it was on is gone: the new top
    assert model.labels["cell-5"] == "Cell 5: 5 of spades"
    game.undo()
    assert game_model(game, InputState(), None, TOP).can_redo


def test_the_carried_cards_and_the_lit_targets_are_the_gestures() -> None:
    game = fresh()
    ui = InputState().pick(game, "column-1", 4, "6S")
    model = game_model(game, ui, None, TOP)
    assert (model.lifted, model.lift_pile) == (("6S", "5S"), "column-1")
    assert model.lit == frozenset()  # no pile takes the 6 and 5 of spades here
    ui = ui.put_back()[0].pick(game, "column-1", 5, "5S")
    model = game_model(game, ui, None, TOP)
    assert (model.lifted, model.lit) == (("5S",), frozenset({"cell-5", "cell-6", "cell-7", "cell-8"}))
    assert game_model(game, ui.put_back()[0], None, TOP).lifted == ()


def test_a_hint_marks_its_cards_and_target() -> None:
    game = fresh()
    hint = marks(game.position, Move.parse("1e"))
    model = game_model(game, InputState(), hint, TOP)
    assert (model.hinted, model.hint_target) == (("5S",), "cell-5")
    first = game_model(game, InputState(), hint, TOP, hint_target=False)  # the hint's first step
    assert (first.hinted, first.hint_target) == (("5S",), None)


def test_foundation_cards_under_the_top_are_covered() -> None:
    assert replay_model(Replay(CODE, ()), TOP).covered == frozenset()
    model = BoardModel(
        piles=(("foundation-S", ("AS", "2S", "3S")), ("column-1", ("KH",))),
        cells=8,
        score=0,
        moves=0,
        code="x",
        can_undo=False,
        can_redo=False,
        labels={},
        focus=TOP,
    )
    assert model.covered == frozenset({"AS", "2S"})


def test_a_focus_on_a_cell_the_deal_does_not_have_lands_on_column_1() -> None:
    game = Game.new(DealCode.parse("EO1-C2-AAAAAFA"))
    model = game_model(game, InputState(), None, Spot("cell-7"))
    assert model.cells == 2 and model.focus == Spot("column-1", len(model.pile("column-1")) - 1)
    assert game_model(game, InputState(), None, Spot("cell-2")).focus == Spot("cell-2")


def test_a_replay_shows_its_step_with_no_undo_nothing_carried_and_its_score() -> None:
    moves = (Move.parse("1e"), Move.parse("1f"))
    replay = Replay(CODE, moves).go(1)
    model = replay_model(replay, Spot("cell-5"))
    assert (model.replay_step, model.replaying, model.moves, model.score) == (1, True, 1, replay.score)
    assert model.pile("cell-5") == ("5S",) and model.focus == Spot("cell-5")
    assert (model.can_undo, model.can_redo, model.lifted, model.hinted) == (False, False, (), ())


def test_a_language_switch_is_a_different_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    catalogues.compile_all(tmp_path)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    game = fresh()
    english = game_model(game, InputState(), None, TOP)
    try:
        assert i18n.set_language("nl") == "nl"
        dutch = game_model(game, InputState(), None, TOP)
    finally:
        i18n.set_language("en")
    assert (english.language, dutch.language) == ("en", "nl")
    assert english.piles == dutch.piles and english.labels["5S"] != dutch.labels["5S"]
    assert plan(english, dutch).flights == ()


# -- motion ----------------------------------------------------------------------------


def test_a_move_glides_its_cards_and_only_them() -> None:
    game = fresh()
    before = game_model(game, InputState(), None, TOP)
    game.play(Move.parse("1e"))
    after = game_model(game, InputState(), None, TOP)
    assert moved(before, after) == ("5S",)
    assert plan(before, after) == Plan((Flight("5S", 0, GLIDE_MS),))
    assert plan(before, after, "still") == Plan()
    assert plan(None, after) == Plan()


def test_carried_cards_put_down_glide_back_from_where_they_were_dragged() -> None:
    game = fresh()
    ui = InputState().pick(game, "column-1", 4, "6S")
    carried = game_model(game, ui, None, TOP)
    assert plan(game_model(game, InputState(), None, TOP), carried).flights == ()  # a pick: no flight
    assert moved(carried, game_model(game, ui.put_back()[0], None, TOP)) == ("6S", "5S")


def test_a_refusal_is_planned_only_for_a_card_on_the_board() -> None:
    model = game_model(fresh(), InputState(), None, TOP)
    assert plan(model, model, refused="5S") == Plan((), "5S")
    assert plan(model, model, refused="ZZ") == Plan()
    assert set(PLANNERS) == set(get_args(Motion)) == {"still", "glide", "deal", "win"}


# -- the deal's cascade and the win ------------------------------------------------------


@pytest.mark.parametrize("cells", CELL_COUNTS)
def test_a_deal_flies_in_every_card_in_the_order_it_was_dealt_in_one_second(cells: int) -> None:
    """The engine's deck order (SPEC §2: 48 cards in rows, then the cells; with 2 cells the
    last two on columns 3 and 4, which a row-by-row deal reaches before the cells)."""
    code = DealCode(7, cells)
    deck = [str(card) for card in shuffled_deck(code.number)]
    expected = deck if cells != 2 else [*deck[:48], deck[50], deck[51], deck[48], deck[49]]
    old = game_model(fresh(), InputState(), None, TOP)
    new = game_model(Game.new(code), InputState(), None, TOP)
    assert list(dealt(new)) == expected
    flights = plan(old, new, "deal").flights
    step = (DEAL_MS - DEAL_FLIGHT_MS) / 51
    assert flights == tuple(
        Flight(card, round(n * step), DEAL_FLIGHT_MS, "deal") for n, card in enumerate(expected)
    )
    assert (flights[0].delay_ms, flights[1].delay_ms, flights[-1].delay_ms) == (0, 12, 600)
    assert max(f.delay_ms + f.duration_ms for f in flights) == DEAL_MS == 1000


def test_no_deal_for_cards_already_in_place() -> None:
    """A replay taken over at its step, a deal started again before its first move."""
    game = fresh()
    shown = replay_model(Replay(CODE, ()), TOP)
    assert plan(shown, game_model(game, InputState(), None, TOP), "deal") == Plan()


def test_a_position_link_deals_its_foundations_last() -> None:
    game = Game(DealCode.parse("EO1-C8-XDJVQE7"), Position.from_fcs(FINISHABLE, cells=8))
    new = game_model(game, InputState(), None, TOP)
    order = dealt(new)
    homes = [card for suit in "SHDC" for card in new.pile(f"foundation-{suit}")]
    assert len(order) == 52 and set(order) == set(new.places) and homes
    assert list(order[-len(homes) :]) == homes


def test_the_win_glides_the_last_card_then_every_card_leaps_kings_first() -> None:
    game = Game(DealCode.parse("EO1-C8-XDJVQE7"), Position.from_fcs(FINISHABLE, cells=8))
    line = game.finish()
    assert line is not None
    for move in line[:-1]:
        game.play(move)
    old = game_model(game, InputState(), None, TOP)
    game.play(line[-1])
    new = game_model(game, InputState(), None, TOP)
    assert game.is_won
    flights = plan(old, new, "win").flights
    last = str(new.pile(line[-1].target.key)[-1])
    order = [f"{rank}{suit}" for rank in "KQJT98765432A" for suit in "SHDC"]
    assert flights[0] == Flight(last, 0, GLIDE_MS)  # the winning move's glide
    assert flights[1:] == tuple(
        Flight(card, GLIDE_MS + WIN_STEP_MS * n, WIN_FLIGHT_MS, "fan", n / 52) for n, card in enumerate(order)
    )
    assert max(f.delay_ms + f.duration_ms for f in flights) == WIN_MS == 160 + 51 * 20 + 1600


def test_no_motion_of_its_own_without_a_model_shown() -> None:
    new = game_model(fresh(), InputState(), None, TOP)
    assert plan(None, new, "deal") == plan(None, new, "win") == Plan()


# -- properties over random games --------------------------------------------------------


@st.composite
def games(draw: st.DrawFn) -> Game:
    cells = draw(st.sampled_from(CELL_COUNTS))
    game = Game.new(DealCode(draw(st.integers(0, 2**32)), cells))
    for choice in draw(st.lists(st.integers(0, 10_000), max_size=25)):
        moves = list(legal_moves(game.position))
        if not moves:
            break
        game.play(moves[choice % len(moves)])
    return game


def spots() -> st.SearchStrategy[Spot]:
    """The spots the page holds (eightoff/web/board/focus.py): a column's card, which may
    be gone since (an index past the top), or a pile, which may be a cell the deal lacks."""
    columns = st.builds(
        Spot, st.sampled_from([f"column-{n}" for n in range(1, 9)]), st.none() | st.integers(0, 30)
    )
    others = [f"cell-{n}" for n in range(1, 9)] + [f"foundation-{s}" for s in "SHDC"]
    return columns | st.builds(Spot, st.sampled_from(others))


@settings(max_examples=60, deadline=None)
@given(games(), spots())
def test_every_card_is_shown_once_named_and_the_focus_exists(game: Game, focus: Spot) -> None:
    model = game_model(game, InputState(), None, focus)
    cards = [card for _, pile in model.piles for card in pile]
    assert len(cards) == len(set(cards)) == 52
    assert set(model.labels) == set(cards) | {key for key, _ in model.piles}
    size = model.sizes[model.focus.pile]
    assert model.focus.index is None or 0 <= model.focus.index < size
    assert (model.focus.index is None) == (not model.focus.pile.startswith("column-") or size == 0)
    assert model.cells == len(game.position.cells) and model.score == game.score


@settings(max_examples=60, deadline=None)
@given(games())
def test_one_move_or_its_undo_flies_exactly_the_moved_cards(game: Game) -> None:
    moves = list(legal_moves(game.position))
    if not moves:
        return
    move = moves[0]
    flown = tuple(str(c) for c in game.position.cards(move.source)[-move.count :])
    before = game_model(game, InputState(), None, TOP)
    game.play(move)
    after = game_model(game, InputState(), None, TOP)
    assert sorted(moved(before, after)) == sorted(flown)
    assert [f.card for f in plan(before, after).flights] == list(moved(before, after))
    game.undo()
    assert sorted(moved(after, game_model(game, InputState(), None, TOP))) == sorted(flown)
    assert moved(after, after) == ()


@settings(max_examples=30, deadline=None)
@given(games())
def test_a_replay_step_shows_what_the_game_showed_at_that_step(game: Game) -> None:
    moves = tuple(game.undo_stack)
    if len(moves) < game.moves:  # more moves than undo keeps: not replayable from here
        return
    replay = Replay(game.code, moves).go(len(moves))
    shown, played = replay_model(replay, TOP), game_model(game, InputState(), None, TOP)
    assert (shown.piles, shown.labels, shown.score, shown.moves) == (
        played.piles,
        played.labels,
        played.score,
        played.moves,
    )
    assert shown.replay_step == len(moves) and not shown.can_undo


@pytest.mark.parametrize("cells", CELL_COUNTS)
def test_the_model_has_the_deals_cells(cells: int) -> None:
    model = game_model(Game.new(DealCode(7, cells)), InputState(), None, TOP)
    assert model.cells == cells == sum(key.startswith("cell-") for key, _ in model.piles)

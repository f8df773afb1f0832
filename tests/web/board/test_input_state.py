"""The board's headless state (eightoff/web/board/input_state.py): taps, double taps, drags and
pick-then-drop become at most one action, its move chosen by the engine; nothing here
needs a browser."""

from __future__ import annotations

import pytest

from eightoff import DealCode, Game, Move, Position
from eightoff.web.actions import BoardAction, Feedback, Play, PutBack, Select
from eightoff.web.board.input_state import DOUBLE_TAP_MS, DRAG_THRESHOLD, Held, InputState

CODE = DealCode.parse("EO1-C8-AAAAAFA")
# Column 1 ends with AS (a tap sends it home); column 2 ends 9H 8H 7H (a run); column 3 is
# empty; column 4 ends with TH; cell 1 holds 2S.
TEXT = """
Foundations: S-0 H-0 D-0 C-0
Freecells: 2S QS 7S - KS - - -
: 3S AD 8D KH AS
: JH 8C 6C AC 3H 9H 8H 7H
:
: 4S JC 7D 9C QH 4H 5S TH
: QC 2H 7C 4C 5C
: 3C 9S 2D TC TD JS
: AH 9D KC QD 6D 6H
: 8S 2C 4D 3D JD TS 5H KD 6S 5D
"""


@pytest.fixture
def game() -> Game:
    return Game(CODE, Position.from_fcs(TEXT, cells=8))


def tap(ui: InputState, game: Game, pile: str, index: int, now: float) -> BoardAction | None:
    card = str(game.position.cards(_pile(pile))[index])
    ui.down(pile, index, card, pointer=1, x=10, y=10, now=now)
    return ui.up(game, pile, now + 40)


def _pile(key: str):  # type: ignore[no-untyped-def]
    from eightoff import Pile

    return Pile.from_key(key)


def test_the_fixture_position_is_what_the_tests_expect(game: Game) -> None:
    p = game.position
    assert str(p.top(_pile("column-1"))) == "AS"
    assert p.free_cells == 4 and p.empty_columns == 1
    assert [str(c) for c in p.cards(_pile("column-2"))[-3:]] == ["9H", "8H", "7H"]
    assert p.size(_pile("column-3")) == 0
    assert str(p.top(_pile("cell-1"))) == "2S"


def test_a_tap_on_a_top_card_that_may_go_home_plays_the_engines_tap(game: Game) -> None:
    action = tap(InputState(), game, "column-1", 4, now=0)
    assert action == Play(Move.parse("1S"), "AS")


def test_a_tap_that_cannot_go_home_gives_feedback_and_no_move(game: Game) -> None:
    assert tap(InputState(), game, "cell-1", 0, now=0) == Feedback("2S", "tap")


def test_a_tap_below_the_top_of_a_column_moves_nothing(game: Game) -> None:
    assert tap(InputState(), game, "column-1", 3, now=0) == Feedback("KH", "tap")


def test_a_tap_on_a_foundation_card_moves_nothing(game: Game) -> None:
    game.play(Move.parse("1S"))
    assert tap(InputState(), game, "foundation-S", 0, now=0) == Feedback("AS", "tap")


def test_a_double_tap_plays_the_engines_double_tap_move(game: Game) -> None:
    ui = InputState()
    first = tap(ui, game, "column-2", 7, now=0)  # 7H: no foundation move
    assert first == Feedback("7H", "tap")
    move = game.double_tap(_pile("column-2"), 7)
    assert move is not None
    assert tap(ui, game, "column-2", 7, now=DOUBLE_TAP_MS - 50) == Play(move, "7H")


def test_a_double_tap_on_the_head_of_a_run_moves_the_run(game: Game) -> None:
    ui = InputState()
    assert tap(ui, game, "column-2", 5, now=0) == Feedback("9H", "tap")
    second = tap(ui, game, "column-2", 5, now=100)
    assert isinstance(second, Play) and second.move == game.double_tap(_pile("column-2"), 5)
    assert second.move.count == 3


def test_the_second_tap_does_nothing_when_the_first_moved_the_card(game: Game) -> None:
    ui = InputState()
    first = tap(ui, game, "column-1", 4, now=0)
    assert first == Play(Move.parse("1S"), "AS")
    assert isinstance(first, Play)
    game.play(first.move)
    # The second tap lands on the card that was under the ace.
    assert tap(ui, game, "column-1", 3, now=120) is None


def test_a_late_second_tap_is_a_new_single_tap(game: Game) -> None:
    ui = InputState()
    tap(ui, game, "column-2", 7, now=0)
    assert tap(ui, game, "column-2", 7, now=DOUBLE_TAP_MS + 1) == Feedback("7H", "tap")


def test_a_third_tap_starts_afresh(game: Game) -> None:
    ui = InputState()
    tap(ui, game, "cell-1", 0, now=0)
    tap(ui, game, "cell-1", 0, now=100)
    assert ui.last_tap is None


def test_a_small_wobble_is_still_a_tap(game: Game) -> None:
    ui = InputState()
    ui.down("column-1", 4, "AS", pointer=1, x=100, y=100, now=0, kind="touch")
    assert ui.move(game, 100 + DRAG_THRESHOLD["touch"] - 1, 100) is None
    assert ui.up(game, "column-1", 50) == Play(Move.parse("1S"), "AS")


def test_a_drag_lights_exactly_the_engines_targets(game: Game) -> None:
    ui = InputState()
    ui.down("column-2", 5, "9H", pointer=1, x=0, y=0, now=0)
    assert ui.move(game, 30, 30) == "started"
    assert ui.lit == {p.key for p in game.targets(_pile("column-2"), 5)}
    assert ui.move(game, 40, 40) == "moved"
    assert (ui.press.dx, ui.press.dy) == (40, 40)  # type: ignore[union-attr]


def test_a_drop_sends_one_move_with_the_lifted_count(game: Game) -> None:
    ui = InputState()
    ui.down("column-2", 5, "9H", pointer=1, x=0, y=0, now=0)
    ui.move(game, 50, 0)
    assert ui.up(game, "column-4", 10) == Play(Move.parse("24x3"), "9H")
    assert ui.lit == frozenset() and ui.press is None and ui.held is None


@pytest.mark.parametrize("drop", [None, "column-2"])
def test_a_drop_on_no_pile_or_home_puts_the_cards_back(game: Game, drop: str | None) -> None:
    ui = InputState()
    ui.down("column-2", 7, "7H", pointer=1, x=0, y=0, now=0)
    ui.move(game, 50, 0)
    assert ui.up(game, drop, 10) == PutBack("7H")
    assert ui.held is None and ui.lit == frozenset()


def test_an_illegal_drop_is_still_sent_so_the_engine_can_say_why(game: Game) -> None:
    ui = InputState()
    ui.down("column-2", 7, "7H", pointer=1, x=0, y=0, now=0)
    ui.move(game, 50, 0)
    assert ui.up(game, "cell-2", 10) == Play(Move.parse("2b"), "7H")
    assert "cell-2" not in {p.key for p in game.targets(_pile("column-2"), 7)}


def test_a_card_that_may_not_be_lifted_does_not_drag_but_its_drop_is_explained(game: Game) -> None:
    ui = InputState()
    ui.down("column-1", 2, "8D", pointer=1, x=0, y=0, now=0)
    assert game.lift(_pile("column-1"), 2) == 0
    assert ui.move(game, 80, 0) is None
    assert ui.press is not None and ui.press.dead and not ui.press.dragging
    assert ui.move(game, 90, 0) is None
    assert ui.lit == frozenset() and ui.held is None
    assert ui.up(game, "column-3", 10) == Play(Move.parse("13x3"), "8D")  # the engine says why not


@pytest.mark.parametrize("drop", [None, "column-1"])
def test_a_card_that_may_not_be_lifted_dropped_on_no_pile_or_home_does_nothing(
    game: Game, drop: str | None
) -> None:
    ui = InputState()
    ui.down("column-1", 2, "8D", pointer=1, x=0, y=0, now=0)
    ui.move(game, 80, 0)
    assert ui.up(game, drop, 10) is None


def test_cancel_forgets_the_press(game: Game) -> None:
    ui = InputState()
    ui.down("column-2", 7, "7H", pointer=1, x=0, y=0, now=0)
    ui.move(game, 50, 0)
    assert ui.cancel() == PutBack("7H")
    assert ui.press is None and ui.held is None and ui.lit == frozenset()
    assert ui.up(game, "column-4", 10) is None


def test_forget_tap_makes_the_next_tap_a_first_tap(game: Game) -> None:
    ui = InputState()
    tap(ui, game, "cell-1", 0, now=0)
    ui.forget_tap()
    assert tap(ui, game, "cell-1", 0, now=10) == Feedback("2S", "tap")
    assert ui.last_tap is not None


def test_a_double_tap_that_finds_no_move_says_so_in_its_feedback(game: Game) -> None:
    """KH under AS does not head a run: the engine has no double-tap move for it."""
    ui = InputState()
    assert game.double_tap(_pile("column-1"), 3) is None
    assert tap(ui, game, "column-1", 3, now=0) == Feedback("KH", "tap")
    assert tap(ui, game, "column-1", 3, now=100) == Feedback("KH", "double-tap")
    assert ui.last_tap is None


def test_a_second_tap_on_another_card_is_a_first_tap(game: Game) -> None:
    ui = InputState()
    tap(ui, game, "column-2", 7, now=0)
    assert tap(ui, game, "cell-1", 0, now=100) == Feedback("2S", "tap")
    assert ui.last_tap is not None and ui.last_tap.card == "2S"


def test_a_drag_ends_a_double_tap(game: Game) -> None:
    ui = InputState()
    tap(ui, game, "column-2", 7, now=0)
    ui.down("column-2", 7, "7H", pointer=1, x=0, y=0, now=50)
    ui.move(game, 50, 0)
    assert ui.last_tap is None
    ui.up(game, "column-2", 60)
    assert tap(ui, game, "column-2", 7, now=100) == Feedback("7H", "tap")


def test_the_drag_threshold_follows_the_pointer_type(game: Game) -> None:
    for kind, threshold in [*DRAG_THRESHOLD.items(), ("unknown", DRAG_THRESHOLD["mouse"])]:
        ui = InputState()
        ui.down("column-2", 7, "7H", pointer=1, x=0, y=0, now=0, kind=kind)
        assert ui.move(game, 0, threshold - 0.5) is None, kind
        assert ui.move(game, 0, threshold) == "started", kind


def test_a_move_without_a_press_does_nothing(game: Game) -> None:
    ui = InputState()
    assert ui.move(game, 50, 50) is None
    assert ui.up(game, "column-1", 0) is None
    assert ui.cancel() is None


def test_cancel_before_a_drag_puts_nothing_back(game: Game) -> None:
    ui = InputState()
    ui.down("column-2", 7, "7H", pointer=1, x=0, y=0, now=0)
    assert ui.cancel() is None
    assert ui.press is None


# -- pick and drop, without a pointer ---------------------------------------------------


def test_pick_holds_the_cards_and_lights_the_engines_targets(game: Game) -> None:
    ui = InputState()
    assert ui.pick(game, "column-2", 5, "9H") is True
    assert ui.held == Held("column-2", 5, "9H", 3)
    assert ui.lit == {p.key for p in game.targets(_pile("column-2"), 5)}
    assert ui.press is None


def test_pick_refuses_cards_that_may_not_move(game: Game) -> None:
    ui = InputState()
    assert ui.pick(game, "column-1", 2, "8D") is False
    assert ui.held is None and ui.lit == frozenset()


def test_drop_plays_one_move_or_puts_the_cards_back(game: Game) -> None:
    ui = InputState()
    ui.pick(game, "column-2", 5, "9H")
    assert ui.drop("column-4") == Play(Move.parse("24x3"), "9H")
    assert ui.held is None and ui.lit == frozenset()
    ui.pick(game, "column-2", 5, "9H")
    assert ui.drop("column-2") == PutBack("9H")
    ui.pick(game, "cell-1", 0, "2S")
    assert ui.drop(None) == PutBack("2S")
    assert ui.drop("column-4") is None


def test_put_back_and_reset_forget_the_held_cards(game: Game) -> None:
    ui = InputState()
    ui.pick(game, "column-2", 7, "7H")
    assert ui.put_back() == PutBack("7H")
    assert ui.put_back() is None
    ui.pick(game, "column-2", 7, "7H")
    ui.down("cell-1", 0, "2S", pointer=2, x=0, y=0, now=0)
    ui.reset()
    assert (ui.press, ui.held, ui.last_tap, ui.lit) == (None, None, None, frozenset())


def test_a_pick_ends_a_double_tap(game: Game) -> None:
    ui = InputState()
    tap(ui, game, "column-2", 7, now=0)
    ui.pick(game, "cell-1", 0, "2S")
    assert ui.last_tap is None


def test_tap_failed_marks_the_last_tap_as_not_moved(game: Game) -> None:
    ui = InputState()
    ui.tap_failed()  # no tap yet: nothing to mark
    assert tap(ui, game, "column-1", 4, now=0) == Play(Move.parse("1S"), "AS")
    ui.tap_failed()
    assert ui.last_tap is not None and ui.last_tap.moved is False
    move = game.double_tap(_pile("column-1"), 4)
    assert move is not None
    assert tap(ui, game, "column-1", 4, now=100) == Play(move, "AS")


def test_select_picks_then_puts_down_like_a_drag(game: Game) -> None:
    ui = InputState()
    assert ui.select(game, "column-2", 5) is True  # the run 9H 8H 7H
    assert ui.held == Held("column-2", 5, "9H", 3)
    assert ui.lit == frozenset(p.key for p in game.targets(_pile("column-2"), 5))
    assert ui.select(game, "column-3", None) == Play(Move(_pile("column-2"), _pile("column-3"), 3), "9H")
    assert ui.held is None and ui.lit == frozenset()
    assert ui.select(game, "column-1", 0) is False  # no run from there: nothing held
    assert ui.select(game, "column-3", None) is False  # an empty pile
    assert ui.select(game, "cell-1", None) is True
    assert ui.select(game, "cell-1", 0) == PutBack("2S")  # its own pile: back home


def test_with_tap_to_select_a_tap_selects_its_card(game: Game) -> None:
    ui = InputState(tap_to_select=True)
    ui.down("column-1", 4, "AS", pointer=1, x=0, y=0, now=0)
    assert ui.up(game, "column-1", now=50) == Select("column-1", 4)
    ui.down("column-1", 4, "AS", pointer=1, x=0, y=0, now=100)
    ui.move(game, 30, 0)  # a drag is still a drag
    assert ui.up(game, "cell-6", now=150) == Play(Move.parse("1f"), "AS")


# -- jumps: a key that names the pile -----------------------------------------------------


def test_a_jump_picks_the_top_card_and_lights_where_any_of_its_run_may_go(game: Game) -> None:
    ui = InputState()
    assert ui.jump(game, "column-2") is True
    assert ui.held == Held("column-2", 7, "7H", 1, jumped=True)
    assert ui.lit == {"column-4", "cell-4", "cell-6", "cell-7", "cell-8"}


def test_a_jumps_cards_go_as_a_run_as_far_as_the_target_takes_them(game: Game) -> None:
    ui = InputState()
    ui.jump(game, "column-2")
    assert ui.jump(game, "column-4") == Play(Move.parse("24x3"), "9H")
    assert ui.held is None and ui.lit == frozenset()
    ui.jump(game, "column-2")
    assert ui.jump(game, "cell-4") == Play(Move.parse("2d"), "7H")


def test_a_jump_where_nothing_fits_is_sent_so_the_engine_can_say_why(game: Game) -> None:
    ui = InputState()
    ui.jump(game, "column-2")
    assert ui.jump(game, "cell-2") == Play(Move.parse("2b"), "7H")  # cell 2 holds QS


def test_a_jump_to_its_own_pile_puts_back(game: Game) -> None:
    ui = InputState()
    ui.jump(game, "column-2")
    assert ui.jump(game, "column-2") == PutBack("7H")
    assert ui.held is None


def test_cards_picked_by_enter_keep_their_count_when_a_key_names_the_target(game: Game) -> None:
    ui = InputState()
    assert ui.select(game, "column-2", 5) is True
    assert ui.jump(game, "column-4") == Play(Move.parse("24x3"), "9H")
    ui.select(game, "column-2", None)
    assert ui.jump(game, "column-4") == Play(Move.parse("24"), "7H")  # one card, as picked: refused


def test_a_jump_to_a_pile_the_game_lacks_or_an_empty_pile(game: Game) -> None:
    two_cells = Game.new(DealCode.parse("EO1-C2-AAAAAFA"))
    ui = InputState()
    assert ui.jump(two_cells, "cell-3") is None and ui.held is None
    assert ui.jump(game, "column-3") is False and ui.held is None  # empty: nothing to pick

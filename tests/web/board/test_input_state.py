"""The board's input state (eightoff/web/board/input_state.py), a value: taps, double taps,
drags and pick-then-drop become at most one result, its move chosen by the engine; each
method returns the next state with its result and leaves the state it was called on as it
was. Nothing here needs a browser."""

from __future__ import annotations

import pytest

from eightoff import DealCode, Game, Move, Pile, Position
from eightoff.web.board.input_state import (
    DOUBLE_TAP_MS,
    DRAG_THRESHOLD,
    Feedback,
    Gesture,
    Held,
    InputState,
    Play,
    Press,
    PutBack,
    SelectAt,
    Tap,
)

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


def pile(key: str) -> Pile:
    return Pile.from_key(key)


def press(pile_key: str, index: int, card: str, now: float = 0, kind: str = "mouse") -> Press:
    return Press(1, pile_key, index, card, 0, 0, now, kind)


def tap(
    ui: InputState, game: Game, key: str, index: int, now: float
) -> tuple[InputState, Gesture | SelectAt | None]:
    """A tap on the card at ``index`` of ``key``: down at ``now``, up 40 ms later."""
    card = str(game.position.cards(pile(key))[index])
    return ui.down(Press(1, key, index, card, 10, 10, now)).up(game, key, now + 40)


def dragged(ui: InputState, game: Game, key: str, index: int, card: str, x: float = 50) -> InputState:
    """A press on the card, moved ``x`` pixels."""
    ui, _step = ui.down(press(key, index, card)).move(game, x, 0)
    return ui


def test_the_fixture_position_is_what_the_tests_expect(game: Game) -> None:
    p = game.position
    assert str(p.top(pile("column-1"))) == "AS"
    assert p.free_cells == 4 and p.empty_columns == 1
    assert [str(c) for c in p.cards(pile("column-2"))[-3:]] == ["9H", "8H", "7H"]
    assert p.size(pile("column-3")) == 0
    assert str(p.top(pile("cell-1"))) == "2S"


def test_every_method_leaves_the_state_it_was_called_on_as_it_was(game: Game) -> None:
    ui = InputState().down(press("column-2", 5, "9H"))
    before = InputState(ui.press, ui.held, ui.last_tap, ui.lit)
    moved, step = ui.move(game, 50, 0)
    assert step == "started" and moved != ui and ui == before
    assert moved.up(game, "column-4", 10)[0] != moved and moved.held is not None
    assert moved.cancel()[0].held is None and moved.held is not None
    assert ui.pick(game, "column-1", 4, "AS").held is not None and ui.held is None


def test_a_tap_on_a_top_card_that_may_go_home_plays_the_engines_tap(game: Game) -> None:
    ui, result = tap(InputState(), game, "column-1", 4, now=0)
    assert result == Play(Move.parse("1S"), "AS")
    assert ui.last_tap == Tap("column-1", 4, "AS", 40, moved=True) and ui.press is None  # timed by its up


def test_a_tap_that_cannot_go_home_gives_feedback_and_no_move(game: Game) -> None:
    assert tap(InputState(), game, "cell-1", 0, now=0)[1] == Feedback("2S", "tap")


def test_a_tap_below_the_top_of_a_column_moves_nothing(game: Game) -> None:
    assert tap(InputState(), game, "column-1", 3, now=0)[1] == Feedback("KH", "tap")


def test_a_tap_on_a_foundation_card_moves_nothing(game: Game) -> None:
    game.play(Move.parse("1S"))
    assert tap(InputState(), game, "foundation-S", 0, now=0)[1] == Feedback("AS", "tap")


def test_a_double_tap_plays_the_engines_double_tap_move(game: Game) -> None:
    ui, first = tap(InputState(), game, "column-2", 7, now=0)  # 7H: no foundation move
    assert first == Feedback("7H", "tap")
    move = game.double_tap(pile("column-2"), 7)
    assert move is not None
    ui, second = tap(ui, game, "column-2", 7, now=DOUBLE_TAP_MS - 50)
    assert second == Play(move, "7H") and ui.last_tap is None


def test_a_double_tap_on_the_head_of_a_run_moves_the_run(game: Game) -> None:
    ui, first = tap(InputState(), game, "column-2", 5, now=0)
    assert first == Feedback("9H", "tap")
    second = tap(ui, game, "column-2", 5, now=100)[1]
    assert isinstance(second, Play) and second.move == game.double_tap(pile("column-2"), 5)
    assert second.move.count == 3


def test_the_second_tap_does_nothing_when_the_first_moved_the_card(game: Game) -> None:
    ui, first = tap(InputState(), game, "column-1", 4, now=0)
    assert first == Play(Move.parse("1S"), "AS")
    game.play(Move.parse("1S"))
    ui, second = tap(ui, game, "column-1", 3, now=120)  # on the card that was under the ace
    assert second is None and ui.last_tap is None


def test_a_late_second_tap_is_a_new_single_tap(game: Game) -> None:
    ui, _first = tap(InputState(), game, "column-2", 7, now=0)
    assert tap(ui, game, "column-2", 7, now=DOUBLE_TAP_MS + 1)[1] == Feedback("7H", "tap")


def test_a_waiting_tap_makes_a_double_tap_whatever_the_time(game: Game) -> None:
    """The update holds a refused tap's refusal for the window (``waiting``): until it is
    shown, a second tap on the card is the double tap, however late its event's time."""
    waiting = InputState(last_tap=Tap("column-2", 7, "7H", 0, moved=False, waiting=True))
    move = game.double_tap(pile("column-2"), 7)
    assert tap(waiting, game, "column-2", 7, now=10_000)[1] == Play(move, "7H")  # type: ignore[arg-type]


def test_a_third_tap_starts_afresh(game: Game) -> None:
    ui, _ = tap(InputState(), game, "cell-1", 0, now=0)
    ui, _ = tap(ui, game, "cell-1", 0, now=100)
    assert ui.last_tap is None


def test_a_small_wobble_is_still_a_tap(game: Game) -> None:
    ui = InputState().down(press("column-1", 4, "AS", kind="touch"))
    ui, step = ui.move(game, DRAG_THRESHOLD["touch"] - 1, 0)
    assert step is None and ui.held is None
    assert ui.up(game, "column-1", 50)[1] == Play(Move.parse("1S"), "AS")


def test_a_drag_lights_exactly_the_engines_targets(game: Game) -> None:
    ui = InputState().down(press("column-2", 5, "9H"))
    ui, step = ui.move(game, 30, 30)
    assert step == "started"
    assert ui.lit == {p.key for p in game.targets(pile("column-2"), 5)}
    ui, step = ui.move(game, 40, 40)
    assert step == "moved" and ui.press is not None and (ui.press.dx, ui.press.dy) == (40, 40)


def test_a_drop_sends_one_move_with_the_lifted_count(game: Game) -> None:
    ui = dragged(InputState(), game, "column-2", 5, "9H")
    ui, result = ui.up(game, "column-4", 10)
    assert result == Play(Move.parse("24x3"), "9H")
    assert ui == InputState()


@pytest.mark.parametrize("drop", [None, "column-2"])
def test_a_drop_on_no_pile_or_home_puts_the_cards_back(game: Game, drop: str | None) -> None:
    ui, result = dragged(InputState(), game, "column-2", 7, "7H").up(game, drop, 10)
    assert result == PutBack("7H") and ui == InputState()


def test_an_illegal_drop_is_still_sent_so_the_engine_can_say_why(game: Game) -> None:
    result = dragged(InputState(), game, "column-2", 7, "7H").up(game, "cell-2", 10)[1]
    assert result == Play(Move.parse("2b"), "7H")
    assert "cell-2" not in {p.key for p in game.targets(pile("column-2"), 7)}


def test_a_card_that_may_not_be_lifted_does_not_drag_but_its_drop_is_explained(game: Game) -> None:
    assert game.lift(pile("column-1"), 2) == 0
    ui, step = InputState().down(press("column-1", 2, "8D")).move(game, 80, 0)
    assert step is None and ui.press is not None and ui.press.dead and not ui.press.dragging
    ui, step = ui.move(game, 90, 0)
    assert step is None and ui.lit == frozenset() and ui.held is None
    assert ui.up(game, "column-3", 10)[1] == Play(Move.parse("13x3"), "8D")  # the engine says why not


@pytest.mark.parametrize("drop", [None, "column-1"])
def test_a_card_that_may_not_be_lifted_dropped_on_no_pile_or_home_does_nothing(
    game: Game, drop: str | None
) -> None:
    ui, _step = InputState().down(press("column-1", 2, "8D")).move(game, 80, 0)
    assert ui.up(game, drop, 10) == (InputState(), None)


def test_cancel_forgets_the_press(game: Game) -> None:
    ui, result = dragged(InputState(), game, "column-2", 7, "7H").cancel()
    assert result == PutBack("7H") and ui == InputState()
    assert ui.up(game, "column-4", 10) == (ui, None)


def test_a_double_tap_that_finds_no_move_says_so_in_its_feedback(game: Game) -> None:
    """KH under AS does not head a run: the engine has no double-tap move for it."""
    assert game.double_tap(pile("column-1"), 3) is None
    ui, first = tap(InputState(), game, "column-1", 3, now=0)
    assert first == Feedback("KH", "tap")
    ui, second = tap(ui, game, "column-1", 3, now=100)
    assert second == Feedback("KH", "double-tap") and ui.last_tap is None


def test_a_second_tap_on_another_card_is_a_first_tap(game: Game) -> None:
    ui, _ = tap(InputState(), game, "column-2", 7, now=0)
    ui, result = tap(ui, game, "cell-1", 0, now=100)
    assert result == Feedback("2S", "tap") and ui.last_tap is not None and ui.last_tap.card == "2S"


def test_a_drag_ends_a_double_tap(game: Game) -> None:
    ui, _ = tap(InputState(), game, "column-2", 7, now=0)
    ui = dragged(ui, game, "column-2", 7, "7H")
    assert ui.last_tap is None
    ui, _ = ui.up(game, "column-2", 60)
    assert tap(ui, game, "column-2", 7, now=100)[1] == Feedback("7H", "tap")


def test_the_drag_threshold_follows_the_pointer_type(game: Game) -> None:
    for kind, threshold in [*DRAG_THRESHOLD.items(), ("unknown", DRAG_THRESHOLD["mouse"])]:
        ui = InputState().down(press("column-2", 7, "7H", kind=kind))
        assert ui.move(game, 0, threshold - 0.5)[1] is None, kind
        assert ui.move(game, 0, threshold)[1] == "started", kind


def test_a_move_without_a_press_does_nothing(game: Game) -> None:
    ui = InputState()
    assert ui.move(game, 50, 50) == (ui, None)
    assert ui.up(game, "column-1", 0) == (ui, None)
    assert ui.cancel() == (ui, None)


def test_cancel_before_a_drag_puts_nothing_back(game: Game) -> None:
    ui, result = InputState().down(press("column-2", 7, "7H")).cancel()
    assert result is None and ui.press is None


# -- pick and drop, without a pointer ---------------------------------------------------


def test_pick_holds_the_cards_and_lights_the_engines_targets(game: Game) -> None:
    ui = InputState().pick(game, "column-2", 5, "9H")
    assert ui.held == Held("column-2", 5, "9H", 3)
    assert ui.lit == {p.key for p in game.targets(pile("column-2"), 5)}
    assert ui.press is None


def test_pick_refuses_cards_that_may_not_move(game: Game) -> None:
    ui = InputState()
    assert ui.pick(game, "column-1", 2, "8D") is ui


def test_drop_plays_one_move_or_puts_the_cards_back(game: Game) -> None:
    ui, result = InputState().pick(game, "column-2", 5, "9H").drop("column-4")
    assert result == Play(Move.parse("24x3"), "9H") and ui == InputState()
    assert InputState().pick(game, "column-2", 5, "9H").drop("column-2")[1] == PutBack("9H")
    assert InputState().pick(game, "cell-1", 0, "2S").drop(None)[1] == PutBack("2S")
    assert InputState().drop("column-4") == (InputState(), None)


def test_put_back_forgets_the_held_cards(game: Game) -> None:
    ui, result = InputState().pick(game, "column-2", 7, "7H").put_back()
    assert result == PutBack("7H") and ui == InputState()
    assert ui.put_back() == (ui, None)


def test_a_pick_ends_a_double_tap(game: Game) -> None:
    ui, _ = tap(InputState(), game, "column-2", 7, now=0)
    assert ui.pick(game, "cell-1", 0, "2S").last_tap is None


def test_tap_failed_marks_the_last_tap_as_not_moved(game: Game) -> None:
    assert InputState().tap_failed() == InputState()  # no tap yet: nothing to mark
    ui, result = tap(InputState(), game, "column-1", 4, now=0)
    assert result == Play(Move.parse("1S"), "AS")
    ui = ui.tap_failed()
    assert ui.last_tap is not None and ui.last_tap.moved is False
    move = game.double_tap(pile("column-1"), 4)
    assert move is not None
    assert tap(ui, game, "column-1", 4, now=100)[1] == Play(move, "AS")


def test_select_picks_then_puts_down_like_a_drag(game: Game) -> None:
    ui, picked = InputState().select(game, "column-2", 5)  # the run 9H 8H 7H
    assert picked is True and ui.held == Held("column-2", 5, "9H", 3)
    assert ui.lit == frozenset(p.key for p in game.targets(pile("column-2"), 5))
    ui, result = ui.select(game, "column-3", None)
    assert result == Play(Move(pile("column-2"), pile("column-3"), 3), "9H") and ui == InputState()
    assert ui.select(game, "column-1", 0) == (ui, False)  # no run from there: nothing held
    assert ui.select(game, "column-3", None) == (ui, False)  # an empty pile
    assert ui.select(game, "column-1", 9) == (ui, False)  # past the top
    ui, picked = ui.select(game, "cell-1", None)
    assert picked is True
    assert ui.select(game, "cell-1", 0)[1] == PutBack("2S")  # its own pile: back home


def test_with_tap_to_select_a_tap_selects_its_card(game: Game) -> None:
    ui = InputState().down(press("column-1", 4, "AS"))
    assert ui.up(game, "column-1", now=50, tap_to_select=True) == (InputState(), SelectAt("column-1", 4))
    ui = dragged(InputState(), game, "column-1", 4, "AS", x=30)  # a drag is still a drag
    assert ui.up(game, "cell-6", now=150, tap_to_select=True)[1] == Play(Move.parse("1f"), "AS")


# -- jumps: a key that names the pile -----------------------------------------------------


def test_a_jump_picks_the_top_card_and_lights_where_any_of_its_run_may_go(game: Game) -> None:
    ui, picked = InputState().jump(game, "column-2")
    assert picked is True and ui.held == Held("column-2", 7, "7H", 1, jumped=True)
    assert ui.lit == {"column-4", "cell-4", "cell-6", "cell-7", "cell-8"}


def test_a_jumps_cards_go_as_a_run_as_far_as_the_target_takes_them(game: Game) -> None:
    ui, _ = InputState().jump(game, "column-2")
    ui, result = ui.jump(game, "column-4")
    assert result == Play(Move.parse("24x3"), "9H") and ui == InputState()
    ui, _ = ui.jump(game, "column-2")
    assert ui.jump(game, "cell-4")[1] == Play(Move.parse("2d"), "7H")


def test_a_jump_where_nothing_fits_is_sent_so_the_engine_can_say_why(game: Game) -> None:
    ui, _ = InputState().jump(game, "column-2")
    assert ui.jump(game, "cell-2")[1] == Play(Move.parse("2b"), "7H")  # cell 2 holds QS


def test_a_jump_to_its_own_pile_puts_back(game: Game) -> None:
    ui, _ = InputState().jump(game, "column-2")
    ui, result = ui.jump(game, "column-2")
    assert result == PutBack("7H") and ui.held is None


def test_cards_picked_by_enter_keep_their_count_when_a_key_names_the_target(game: Game) -> None:
    ui, picked = InputState().select(game, "column-2", 5)
    assert picked is True
    assert ui.jump(game, "column-4")[1] == Play(Move.parse("24x3"), "9H")
    ui, _ = InputState().select(game, "column-2", None)
    assert ui.jump(game, "column-4")[1] == Play(Move.parse("24"), "7H")  # one card, as picked: refused


def test_a_jump_to_a_pile_the_game_lacks_or_an_empty_pile(game: Game) -> None:
    two_cells = Game.new(DealCode.parse("EO1-C2-AAAAAFA"))
    assert InputState().jump(two_cells, "cell-3") == (InputState(), None)
    assert InputState().jump(game, "column-3") == (InputState(), False)  # empty: nothing to pick

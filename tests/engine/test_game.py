"""A game in play: the score (SPEC §7), undo and redo (§8), and the board's questions:
targets, tap and double tap (§8)."""

from __future__ import annotations

import pytest

from eightoff import (
    UNDO_LIMIT,
    DealCode,
    Game,
    HistoryError,
    IllegalMoveError,
    Move,
    Pile,
    Position,
    apply,
    capacity,
)
from eightoff.rules import legal_moves
from eightoff.solver import solve

from .helpers import board, game_at

# Column 1: the spare cards under 5S; 2: AH; 3: 4S; 4: the run 9C 8C 7C; 5: TC; 6: 6S;
# 7 and 8 empty. Cells: 4D, 6C, two free. Foundations: spades and diamonds up to 3.
SCORING = board("* 5S", "AH", "4S", "9C 8C 7C", "TC", "6S", "", "", cells="4D 6C - -", found="S-3 D-3", n=4)


def pile(text: str) -> Pile:
    return Pile.parse(text)


# -- score --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "points"),
    [
        ("2H", 10),  # column onto a foundation
        ("aD", 10),  # cell onto a foundation
        ("b4", 5),  # cell onto a column
        ("16", 0),  # column to column
        ("45x3", 0),  # a group
        ("1c", 0),  # into a cell
        ("ac", 0),  # cell to cell
        ("Sc", 0),  # take-back into a cell
        ("S3", 0),  # take-back onto a column (3S onto 4S)
    ],
)
def test_each_scoring_row_and_its_undo(move: str, points: int) -> None:
    game = game_at(SCORING)
    assert game.play(Move.parse(move)) == points
    assert (game.score, game.moves) == (points, 1)
    assert game.undo() == Move.parse(move)
    assert (game.score, game.moves, game.position) == (0, 0, SCORING)


def test_points_add_up_and_undo_removes_exactly_each_moves_points() -> None:
    game = game_at(SCORING)
    points, scores = [], []
    for move in ("2H", "aD", "b4", "45x4", "1c"):
        points.append(game.play(Move.parse(move)))
        scores.append(game.score)
    assert points == [10, 10, 5, 0, 0]
    assert scores == [10, 20, 25, 25, 25]
    undone = []
    while game.can_undo:
        game.undo()
        undone.append(game.score)
    assert undone == [25, 25, 20, 10, 0]
    assert game.position == SCORING


def test_score_never_goes_below_zero() -> None:
    """A game whose score is already lower than the last move's points (it cannot arise in
    play) still stops at zero."""
    after = apply(SCORING, Move.parse("2H"))
    game = Game(DealCode(0, 4), after, score=0, moves=1, undo_stack=[Move.parse("2H")])
    game.undo()
    assert game.score == 0


def test_a_group_is_one_undo_step() -> None:
    game = game_at(SCORING)
    game.play(Move.parse("45x3"))
    assert [str(c) for c in game.position.columns[4]] == ["TC", "9C", "8C", "7C"]
    assert (game.moves, len(game.undo_stack)) == (1, 1)
    game.undo()
    assert game.position == SCORING
    assert not game.can_undo


def test_an_illegal_move_changes_nothing() -> None:
    game = game_at(SCORING)
    with pytest.raises(IllegalMoveError):
        game.play(Move.parse("17"))
    assert (game.position, game.score, game.moves, game.undo_stack) == (SCORING, 0, 0, [])


# -- undo and redo ------------------------------------------------------------------------------


def shuttle(moves: int) -> Game:
    """A fresh 8-cell game with ``moves`` moves: 1e, then ef and fe in turn."""
    game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
    game.play(Move.parse("1e"))
    for i in range(moves - 1):
        game.play(Move.parse("fe" if i % 2 else "ef"))
    return game


def test_undo_reaches_100_actions_and_the_101st_is_refused() -> None:
    assert UNDO_LIMIT == 100
    game = shuttle(101)
    assert (game.moves, len(game.undo_stack)) == (101, 100)
    for _ in range(100):
        game.undo()
    assert game.moves == 1
    with pytest.raises(HistoryError) as info:
        game.undo()
    assert (info.value.code, str(info.value)) == ("undo-limit", "undo reaches only 100 actions back")
    assert info.value.params == {"limit": 100}
    assert game.moves == 1


def test_nothing_to_undo_or_redo() -> None:
    game = Game.new(DealCode(0))
    with pytest.raises(HistoryError) as info:
        game.undo()
    assert (info.value.code, str(info.value)) == ("undo-empty", "there is nothing to undo")
    with pytest.raises(HistoryError) as info:
        game.redo()
    assert (info.value.code, str(info.value)) == ("redo-empty", "there is nothing to redo")


def test_redo_reapplies_the_undone_moves_with_their_points() -> None:
    game = game_at(SCORING)
    for m in ("2H", "aD", "b4"):
        game.play(Move.parse(m))
    end = game.position
    for _ in range(3):
        game.undo()
    assert (game.score, game.can_redo) == (0, True)
    assert game.redo() == Move.parse("2H")
    assert game.score == 10
    game.redo()
    game.redo()
    assert (game.position, game.score, game.moves, game.can_redo) == (end, 25, 3, False)


def test_a_new_move_clears_redo() -> None:
    game = game_at(SCORING)
    game.play(Move.parse("2H"))
    game.undo()
    game.play(Move.parse("1c"))
    assert (game.redo_stack, game.can_redo) == ([], False)


def test_redo_after_the_full_100_undos() -> None:
    game = shuttle(101)
    end = game.position
    for _ in range(100):
        game.undo()
    for _ in range(100):
        game.redo()
    assert (game.position, game.moves, len(game.undo_stack)) == (end, 101, 100)


# -- targets and lift ---------------------------------------------------------------------------


def test_lift() -> None:
    game = game_at(SCORING)
    assert [game.lift(pile("4"), i) for i in range(4)] == [3, 2, 1, 0]
    assert game.lift(pile("1"), 0) == 0  # under other cards that are not a run
    assert (game.lift(pile("a"), 0), game.lift(pile("c"), 0)) == (1, 0)
    assert (game.lift(pile("S"), 2), game.lift(pile("S"), 1)) == (1, 0)


@pytest.mark.parametrize(
    ("source", "index", "targets"),
    [
        ("1", -1, "6cd"),  # 5S: onto 6S or into a free cell
        ("2", 0, "cdH"),  # AH: free cells or its foundation
        ("4", 0, "5"),  # the run 9C 8C 7C: onto TC only
        ("4", 1, ""),  # 8C 7C: nothing accepts 8C
        ("4", 2, "cd"),  # 7C alone: free cells
        ("a", 0, "cdD"),  # 4D: free cells or its foundation
        ("b", 0, "4cd"),  # 6C: onto 7C or a free cell
        ("c", 0, ""),  # an empty cell
        ("S", 2, "3cd"),  # take-back of 3S: onto 4S or a free cell
        ("7", 0, ""),  # an empty column
    ],
)
def test_targets(source: str, index: int, targets: str) -> None:
    game = game_at(SCORING)
    if index < 0:
        index += game.position.size(pile(source))
    assert "".join(map(str, game.targets(pile(source), index))) == targets


# -- onto: a key naming the source and the target -----------------------------------------------


@pytest.mark.parametrize(
    ("source", "target", "move"),
    [
        ("4", "5", "45x3"),  # the run 9C 8C 7C as far as 10C takes it
        ("4", "c", "4c"),  # a cell takes one card
        ("1", "6", "16"),
        ("2", "H", "2H"),
        ("S", "3", "S3"),  # a take-back
        ("4", "7", None),  # an empty column takes a king only
        ("4", "H", None),
        ("c", "1", None),  # an empty cell has nothing to give
        ("4", "4", None),  # its own pile
    ],
)
def test_onto_plays_the_most_cards_the_target_takes(source: str, target: str, move: str | None) -> None:
    game = game_at(SCORING)
    assert game.onto(pile(source), pile(target)) == (Move.parse(move) if move else None)


# -- tap ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "move"),
    [("2", "2H"), ("a", "aD"), ("1", None), ("b", None), ("7", None), ("c", None), ("S", None)],
)
def test_tap_sends_a_card_to_its_foundation_or_does_nothing(source: str, move: str | None) -> None:
    game = game_at(SCORING)
    expected = Move.parse(move) if move else None
    assert game.tap(pile(source)) == expected
    assert game.position == SCORING  # a tap only answers; the board plays the move


# -- double tap ---------------------------------------------------------------------------------

DOUBLE = board(
    "* 5S KD QD",  # 1: the spare cards, 5S, then a king-led run
    "AH",  # 2: an ace alone in its column
    "6S",  # 3
    "",  # 4 empty
    "KH QH",  # 5: a king-led run that fills its column
    "",  # 6 empty
    "9H 2C",  # 7
    "TC 9C 8C",  # 8: a run
    cells="QC 7D - KS",
    found="C-A D-6",
    n=4,
)


@pytest.mark.parametrize(
    ("source", "index", "move", "why"),
    [
        ("2", 0, "2H", "its foundation before anything else (the ace is alone in its column)"),
        ("7", 1, "7C", "its foundation"),
        ("b", 0, "bD", "its foundation, from a cell"),
        ("8", 2, "8c", "no foundation, column or empty column: the leftmost free cell"),
        ("8", 0, None, "TC 9C 8C: no column takes TC, and a group never goes to a cell"),
        ("8", 1, None, "9C 8C: TC under it is in the same column"),
        ("1", -2, "14x2", "a king-led run: the leftmost empty column"),
        ("1", -1, "1c", "QD on top: no KD free, so a free cell"),
        ("5", 0, None, "a king run alone in its column stays"),
        ("5", 1, "5c", "the queen of a lone king run: a free cell"),
        ("d", 0, "d4", "a king in a cell: the leftmost empty column, before a free cell"),
        ("a", 0, "ac", "nothing else takes QC: the leftmost free cell"),
        ("S", 0, None, "a foundation card never moves on a double tap"),
        ("4", 0, None, "an empty column"),
        ("c", 0, None, "an empty cell"),
    ],
)
def test_double_tap(source: str, index: int, move: str | None, why: str) -> None:
    game = game_at(DOUBLE)
    if index < 0:
        index += game.position.size(pile(source))
    assert game.double_tap(pile(source), index) == (Move.parse(move) if move else None), why


def test_double_tap_prefers_an_accepting_column_to_a_free_cell() -> None:
    position = board("* 5S", "6S", "", cells="- - - -", n=4)
    assert game_at(position).double_tap(pile("1"), position.size(pile("1")) - 1) == Move.parse("12")


def test_double_tap_lone_card_goes_to_a_free_cell() -> None:
    """A single card alone in its column is not a king run: it may leave for a cell."""
    position = board("* 5S", "7D", "", cells="- - - -", n=4)
    assert game_at(position).double_tap(pile("2"), 0) == Move.parse("2a")


def test_double_tap_run_goes_to_the_accepting_column() -> None:
    position = board("* 5S", "JD", "TD 9D 8D", "", cells="- - - -", n=4)
    assert game_at(position).double_tap(pile("3"), 0) == Move.parse("32x3")


def test_double_tap_respects_capacity() -> None:
    """No free cell and one empty column: a king-led run of 2 exceeds the capacity of 1."""
    cells = "2C 3C 4C 5C"
    position = board("* KH QH", "", "6C", "7C", "8C", "9C", "TC", "JC", cells=cells, n=4)
    game = game_at(position)
    head = position.size(pile("1")) - 2
    assert capacity(position.free_cells, position.empty_columns, to_empty_column=True) == 1
    assert game.double_tap(pile("1"), head) is None
    assert game.targets(pile("1"), head) == []
    roomier = board("* KH QH", "", "6C", "7C", "8C", "9C", "TC", "JC", cells="2C 3C 4C -", n=4)
    head = roomier.size(pile("1")) - 2
    assert game_at(roomier).double_tap(pile("1"), head) == Move.parse("12x2")


def test_double_tap_order() -> None:
    """Foundations S H D C, then occupied columns longest first (leftmost on ties: 2 before 6), then empty
    columns left to right, then cells; a group skips foundations and cells.

    With building by suit only one occupied column can ever accept a card, so the tie-break
    among occupied columns is checked on the order itself."""
    position = board("* 5S", "AH 3C", "", "6S 7S 8S", "4H", "QC JC", "", "", cells="- - - -", n=4)
    game = game_at(position)
    order = "".join(map(str, game._double_tap_order(1)))
    assert order == "SHDC" + "1426" + "5" + "378" + "abcd"
    assert "".join(map(str, game._double_tap_order(2))) == "1426" + "5" + "378"


def test_game_queries() -> None:
    game = game_at(SCORING)
    assert not game.is_won


# -- finish: every card left to its foundation ----------------------------------------------------

FINISHABLE = """
Foundations: S-6 H-T D-K C-7
Freecells: QH KH - - - - - -
: KC QC JC TC 9C
: 8C JH JS TS
:
:
:
: KS QS
: 9S 8S
: 7S
"""
"""Move 78 of 94 of the solver's line for EO1-C8-XDJVQE7: the last 16 go home."""


def test_finish_sends_every_card_left_home_lowest_first() -> None:
    game = Game(DealCode.parse("EO1-C8-XDJVQE7"), Position.from_fcs(FINISHABLE, cells=8))
    line = game.finish()
    assert line is not None
    assert " ".join(map(str, line)) == "8S 7S 7S 2S 2S 2H 2C 1C 1C 1C 1C 6S aH 1C 6S bH"
    for move in line:
        game.play(move)
    assert game.is_won and game.moves == 16 and game.finish() is None


def test_no_finish_while_another_kind_of_move_is_needed() -> None:
    assert game_at(SCORING).finish() is None  # 9C 8C 7C: 7C cannot go home before 8C
    assert Game.new(DealCode.parse("EO1-C8-AAAAAFA")).finish() is None


DIG = """
Foundations: S-9 H-9 D-K C-K
Freecells: - - - -
: TH JS TS QS
: KS
: JH
: QH KH
:
:
:
:
"""
"""The spades and hearts left: the 10 of hearts under three spades, the 10 of spades under
one, the queen of hearts under its king."""


def test_finish_digs_with_the_free_cells_shallowest_first() -> None:
    """Issue 36: no card can go home, but a free cell digs out the 10 of spades (of the next
    cards, the one under the fewest), the spades and the 10 and jack of hearts go home, then
    a cell digs out the queen of hearts; the line is what Finish plays."""
    game = Game(DealCode.parse("EO1-C4-AAAAAFA"), Position.from_fcs(DIG, cells=4))
    line = game.finish()
    assert line is not None
    assert " ".join(map(str, line)) == "1a 1S 1S 1H 3H aS 2S 4a 4H aH"
    for move in line:
        game.play(move)
    assert game.is_won and game.finish() is None


@pytest.mark.parametrize(
    ("code", "by_hand", "before"), [("EO1-C8-X54MCOG", 21, 46), ("EO1-C8-ZWPDJWU", 10, 43)]
)
def test_finish_comes_sooner_on_the_reviews_two_wins(code: str, by_hand: int, before: int) -> None:
    """The review's two wins (../shared/reviews/ux.md) played along the solver's line, which
    is theirs: Finish was offered after 46 and 43 foundation moves by hand when only
    foundation moves counted; with the free cells, after 21 and 10."""
    deal = DealCode.parse(code)
    line = solve(deal.deal()).moves
    game, home, home_alone, offered = Game.new(deal), 0, None, None
    for move in line:
        if offered is None and game.finish() is not None:
            offered = home
        if home_alone is None and by_foundations_alone(game.position):
            home_alone = home
        home += move.target.is_foundation
        game.play(move)
    assert (offered, home_alone) == (by_hand, before)


def by_foundations_alone(position: Position) -> bool:
    """The rule before issue 36: foundation moves alone win (any one that is legal, in turn:
    one never stops another)."""
    while not position.is_won:
        home = [m for m in legal_moves(position) if m.target.is_foundation]
        if not home:
            return False
        position = apply(position, home[0])
    return True


def test_a_copy_plays_undoes_and_redoes_without_touching_the_original() -> None:
    game = Game.after(DealCode.parse("EO1-C8-AAAAAFA"), [Move.parse("1e"), Move.parse("ef")])
    copy = game.copy()
    assert copy == game and copy.undo_stack is not game.undo_stack
    copy.undo()
    copy.undo()
    copy.redo()
    copy.play(Move.parse("1f"))
    assert (game.moves, game.undo_stack, game.redo_stack) == (2, [Move.parse("1e"), Move.parse("ef")], [])
    assert (copy.moves, copy.undo_stack[-1], copy.redo_stack) == (2, Move.parse("1f"), [])


def test_the_game_after_a_move_that_cannot_be_played_is_refused() -> None:
    with pytest.raises(IllegalMoveError):
        Game.after(DealCode.parse("EO1-C8-AAAAAFA"), [Move.parse("1e"), Move.parse("eS")])

"""The rules of SPEC §3 (single cards) and §4 (groups and their capacity)."""

from __future__ import annotations

import pytest

from eightoff import (
    Card,
    IllegalMoveError,
    Move,
    NotationError,
    Pile,
    Position,
    apply,
    capacity,
    check,
    is_legal,
    legal_moves,
)
from eightoff.rules import check_lift, movable_count, run_length

from .helpers import board, game_at


def refusal(position: Position, move: str) -> IllegalMoveError:
    """The error a move raises; fails the test if the move is legal."""
    with pytest.raises(IllegalMoveError) as info:
        check(position, Move.parse(move))
    assert not is_legal(position, Move.parse(move))
    return info.value


def after(position: Position, move: str) -> str:
    return apply(position, Move.parse(move)).fcs()


# -- §3 onto a column: same suit, exactly one rank lower --------------------------------------

BUILD = board("* 7H", "8H", "8D", "8S", "9H", "KS", cells="- - - -", found="S-6")


def test_same_suit_one_lower_is_legal() -> None:
    assert is_legal(BUILD, Move.parse("12"))
    assert apply(BUILD, Move.parse("12")).columns[1] == tuple(map(Card.parse, ["8H", "7H"]))


@pytest.mark.parametrize(("move", "onto"), [("13", "8D"), ("14", "8S"), ("15", "9H"), ("16", "KS")])
def test_other_suits_and_ranks_are_refused(move: str, onto: str) -> None:
    error = refusal(BUILD, move)
    assert str(error) == "the 7 of hearts goes only on the 8 of hearts"
    assert (error.code, error.params) == (
        "column-build",
        {"card": "7H", "onto": onto, "needed": "8H"},
    )


# -- §3 into a cell -----------------------------------------------------------------------------

CELLS = board("* 7H", "KS QS", cells="5D - - -", found="S-J", n=4)


def test_any_card_into_an_empty_cell() -> None:
    assert after(CELLS, "1b").splitlines()[1] == "Freecells: 5D 7H - -"
    assert after(CELLS, "2d").splitlines()[1] == "Freecells: 5D - - QS"


def test_a_cell_holds_one_card() -> None:
    error = refusal(CELLS, "1a")
    assert str(error) == "cell 1 already holds the 5 of diamonds"
    assert (error.code, error.params) == ("cell-occupied", {"cell": 1, "card": "5D"})


def test_cell_to_cell_is_legal() -> None:
    assert after(CELLS, "ac").splitlines()[1] == "Freecells: - - 5D -"


# -- §3 onto a foundation -----------------------------------------------------------------------

FOUND = board("* 2H", "AH", "3D", "KS", cells="AD 2D - -", found="S-Q C-K")


def test_foundation_takes_the_ace_first_then_in_order() -> None:
    assert not is_legal(FOUND, Move.parse("1H"))
    one = apply(FOUND, Move.parse("2H"))
    two = apply(one, Move.parse("1H"))
    assert two.foundations == (12, 2, 0, 13)
    three = apply(apply(apply(FOUND, Move.parse("aD")), Move.parse("bD")), Move.parse("3D"))
    assert three.foundations == (12, 0, 3, 13)
    assert apply(FOUND, Move.parse("4S")).foundations == (13, 0, 0, 13)


def test_foundation_order_message() -> None:
    error = refusal(FOUND, "1H")
    assert str(error) == "the 2 of hearts cannot go on its foundation yet: the ace of hearts goes there next"
    assert (error.code, error.params) == ("foundation-order", {"card": "2H", "needed": "AH"})
    error = refusal(FOUND, "bD")
    assert (
        str(error) == "the 2 of diamonds cannot go on its foundation yet: the ace of diamonds goes there next"
    )


def test_foundation_suit_message() -> None:
    error = refusal(FOUND, "2S")
    assert str(error) == "the ace of hearts goes only on the hearts foundation"
    assert (error.code, error.params) == ("foundation-suit", {"card": "AH", "card_suit": "H"})


def test_the_king_completes_a_foundation_and_can_come_back() -> None:
    position = board("*", "KC", cells="- -", found="S-K H-K D-K C-Q", n=2)
    taken_back = apply(apply(position, Move.parse("2C")), Move.parse("Ca"))
    stacked = apply(taken_back, Move.parse("a2"))
    assert stacked == position
    full = apply(position, Move.parse("2C"))
    assert full.is_won
    assert len(list(legal_moves(full))) == 4 * (8 + 2)  # take-backs: any empty column or cell


def test_a_complete_foundation_takes_no_other_suit() -> None:
    position = board("* KS", "KC", cells="- - - -", found="C-Q", n=4)
    done = apply(position, Move.parse("2C"))
    assert done.foundations == (0, 0, 0, 13)
    error = refusal(done, "1C")
    assert str(error) == "the king of spades goes only on the spades foundation"


# -- §3 an empty column takes a king only -------------------------------------------------------

KINGS = board("* 5S", "KH", "QD", "", "TC", cells="KS QH - -", found="D-J", n=4)


def test_a_king_enters_an_empty_column() -> None:
    assert is_legal(KINGS, Move.parse("24"))
    assert is_legal(KINGS, Move.parse("a4"))


@pytest.mark.parametrize(("move", "card"), [("34", "QD"), ("b4", "QH"), ("54", "TC"), ("14", "5S")])
def test_nothing_else_enters_an_empty_column(move: str, card: str) -> None:
    error = refusal(KINGS, move)
    assert str(error) == "only a king may enter an empty column"
    assert (error.code, error.params) == ("king-only", {"card": card})


def test_a_king_goes_on_no_card() -> None:
    error = refusal(KINGS, "21")
    assert str(error) == "the king of hearts goes only into an empty column"
    assert error.code == "column-build-king"
    assert error.params == {"card": "KH", "onto": str(KINGS.top(Pile.column(1)))}


# -- §3 take-back from a foundation -------------------------------------------------------------

TAKE = board("* 5C", "6H", "", cells="KD - - -", found="S-3 H-5 D-Q C-4", n=4)


@pytest.mark.parametrize(
    ("move", "foundations", "cells"),
    [
        ("Hb", (3, 4, 12, 4), "KD 5H - -"),
        ("Hd", (3, 4, 12, 4), "KD - - 5H"),
        ("Sb", (2, 5, 12, 4), "KD 3S - -"),
    ],
)
def test_take_back_to_an_empty_cell(move: str, foundations: tuple[int, ...], cells: str) -> None:
    position = apply(TAKE, Move.parse(move))
    assert position.foundations == foundations
    assert position.fcs().splitlines()[1] == f"Freecells: {cells}"
    assert Move.parse(move).points == 0


def test_take_back_to_an_accepting_column() -> None:
    position = apply(TAKE, Move.parse("H2"))
    assert [str(c) for c in position.columns[1]] == ["6H", "5H"]
    assert position.foundations == (3, 4, 12, 4)


def test_take_back_refusals() -> None:
    assert str(refusal(TAKE, "Ha")) == "cell 1 already holds the king of diamonds"
    assert str(refusal(TAKE, "H1")) == "the 5 of hearts goes only on the 6 of hearts"
    assert str(refusal(TAKE, "H3")) == "only a king may enter an empty column"
    assert str(refusal(TAKE, "HC")) == "the 5 of hearts goes only on the hearts foundation"
    king = board("*", "", cells="- -", found="S-K H-K D-K C-K", n=2)
    assert after(king, "D2").splitlines()[3] == ": KD"


# -- other refusals -----------------------------------------------------------------------------


def test_structural_refusals() -> None:
    position = board("* 5S", "9C 8C 7C", "", "KD QH", cells="- -", found="D-Q H-J", n=2)
    error = refusal(position, "11")
    assert (str(error), error.code) == ("the cards are already there", "same-pile")
    error = refusal(position, "31")
    assert (str(error), error.code, error.params) == (
        "column 3 is empty",
        "empty-source",
        {"pile": "column-3"},
    )
    error = refusal(position, "a1")
    assert (str(error), error.code) == ("cell 1 is empty", "empty-source")
    error = refusal(position, "C1")
    assert str(error) == "the C foundation is empty"
    error = refusal(position, "43x3")
    assert (str(error), error.code, error.params) == (
        "column 4 holds only 2 cards",
        "too-few-cards",
        {"count": 3, "size": 2},
    )
    error = refusal(position, "43x2")
    assert (str(error), error.code, error.params) == (
        "the king of diamonds does not head a run of one suit in sequence",
        "not-a-run",
        {"card": "KD"},
    )
    with pytest.raises(NotationError) as info:  # a pile the game does not have: bad notation
        is_legal(position, Move.parse("2c"))
    assert (str(info.value), info.value.code) == ("there is no cell 3 in this game", "no-pile")
    error = refusal(position, "H1x2")
    assert str(error) == "the 10 of hearts does not head a run of one suit in sequence"
    error = refusal(position, "2bx3")
    assert str(error) == "a group of cards moves only to a column"
    with pytest.raises(IllegalMoveError) as nothing:
        check(position, Move(Pile.parse("1"), Pile.parse("3"), 0))
    assert (str(nothing.value), nothing.value.code) == ("a move takes at least one card", "no-cards")
    single = board("* 5S", "AD", cells="- -", found="S-3", n=2)
    assert str(refusal(single, "21x2")) == "column 2 holds only 1 card"


# -- §4 groups ----------------------------------------------------------------------------------


def test_runs() -> None:
    position = board("* 5S", "9C 8C 7C", "KD QH JH TH", "8H 7H 5H", "", cells="- -", n=2)
    assert [run_length(c) for c in position.columns[:5]] == [1, 3, 3, 1, 0]
    assert [movable_count(position, Pile.parse(p)) for p in "235ab"] == [3, 3, 0, 0, 0]
    groups = board("* 5S", "TC 9C 8C 7C", "", cells="QS - - -", found="S-3", n=4)
    assert movable_count(groups, Pile.parse("a")) == 1
    assert movable_count(groups, Pile.parse("S")) == 1


def test_the_upper_part_of_a_run_is_a_unit_no_column_takes() -> None:
    """SPEC §4: a run, or the upper part of one, moves as one unit. Building by suit, the
    only card that takes the head of an upper part (2+ cards, not the whole run) is the
    run's card right under it, so no column takes the part: it is refused for where it
    is dropped (never as "not a run" or for capacity), and the whole run moves."""
    position = board("* 9C 8C 7C 6C", "", "TC", "9D", cells="- - - -", n=4)
    column = Pile.column(1)
    assert run_length(position.cards(column)) == 4
    game = game_at(position)
    size = position.size(column)
    assert [game.lift(column, size - n) for n in (4, 3, 2, 1)] == [4, 3, 2, 1]
    for count, head in ((3, "8 of clubs"), (2, "7 of clubs")):
        onto_other_suit = refusal(position, f"14x{count}")
        under = Card(int(head[0]) + 1, "C")
        assert (str(onto_other_suit), onto_other_suit.code) == (
            f"the {head} goes only on the {under.name}",
            "column-build",
        )
        assert refusal(position, f"13x{count}").code == "column-build"
        assert refusal(position, f"12x{count}").code == "king-only"
        assert game.targets(column, size - count) == []
        assert game.double_tap(column, size - count) is None
    assert [str(c) for c in apply(position, Move.parse("13x4")).columns[2]] == ["TC", "9C", "8C", "7C", "6C"]
    assert [str(m) for m in legal_moves(position) if m.count > 1] == ["13x4"]


@pytest.mark.parametrize("target", ["a", "S", "C"])
def test_groups_go_only_to_columns(target: str) -> None:
    position = board("* 5S", "TC 9C 8C", cells="- - - -", found="C-7")
    error = refusal(position, f"2{target}x2")
    assert (str(error), error.code) == ("a group of cards moves only to a column", "group-to-column")


def test_cards_that_cannot_be_lifted_together_are_refused_for_that_wherever_they_go() -> None:
    """One reason for one refusal, whatever the input asks (a pick, or a drag to any pile):
    cards that are no run are refused as such before anything about their target."""
    position = board("* 5S", "KD QH JH TH", "", cells="- - - -", n=4)
    column = Pile.column(2)
    check_lift(position, column, 3)  # the run of hearts: it may be picked up
    with pytest.raises(IllegalMoveError) as lifted:
        check_lift(position, column, 4)
    assert (str(lifted.value), lifted.value.code, lifted.value.params) == (
        "the king of diamonds does not head a run of one suit in sequence",
        "not-a-run",
        {"card": "KD"},
    )
    for target in ("a", "D", "1", "3"):
        error = refusal(position, f"2{target}x4")
        assert (str(error), error.code) == (str(lifted.value), "not-a-run"), target
    assert refusal(position, "2ax3").code == "group-to-column"  # a run: where it goes is the reason
    for count, code in ((0, "no-cards"), (5, "too-few-cards")):
        with pytest.raises(IllegalMoveError) as other:
            check_lift(position, column, count)
        assert other.value.code == code
    with pytest.raises(IllegalMoveError) as empty:
        check_lift(position, Pile.column(3), 1)
    assert (str(empty.value), empty.value.code) == ("column 3 is empty", "empty-source")


TABLE = [
    # free cells, to occupied with 0/1/2 empty columns, king run to empty with 1/2 empty in all
    (0, 1, 2, 4, 1, 2),
    (2, 3, 6, 12, 3, 6),
    (4, 5, 10, 20, 5, 10),
    (6, 7, 14, 28, 7, 14),
    (8, 9, 18, 36, 9, 18),
]
CELLS_OF_TABLE = [
    (free, empty, to_empty, row[1 + column])
    for row in TABLE
    for free in [row[0]]
    for column, (empty, to_empty) in enumerate([(0, False), (1, False), (2, False), (1, True), (2, True)])
]


@pytest.mark.parametrize(("free", "empty", "to_empty", "expected"), CELLS_OF_TABLE)
def test_capacity_table(free: int, empty: int, to_empty: bool, expected: int) -> None:
    """Every cell of the seeds' table (SPEC §4), by the formula and in real positions."""
    assert capacity(free, empty, to_empty_column=to_empty) == expected
    longest = 13 if to_empty else 12
    legal = group_position(free, empty, to_empty, min(expected, longest))
    count = min(expected, longest)
    assert (legal.free_cells, legal.empty_columns) == (free, empty)
    move = Move(Pile.column(1), Pile.column(2), count)
    assert is_legal(legal, move), move
    if expected < longest:
        position = group_position(free, empty, to_empty, expected + 1)
        error = refusal(position, str(Move(Pile.column(1), Pile.column(2), expected + 1)))
        assert error.code == "capacity"
        assert error.params == {
            "count": expected + 1,
            "limit": expected,
            "free_cells": free,
            "empty_columns": empty,
        }


def group_position(free: int, empty: int, to_empty: bool, length: int) -> Position:
    """Column 1: a run of hearts of ``length`` (king-led when ``to_empty``) over the spare
    cards; column 2: KH, or empty when ``to_empty``; ``empty`` empty columns in all;
    ``free`` of 8 cells empty; the other columns hold one diamond each."""
    head = 13 if to_empty else 12
    run = " ".join(str(Card(rank, "H")) for rank in range(head, head - length, -1))
    columns = ["* " + run, "" if to_empty else "KH"]
    fillers = 6 - (empty - to_empty)
    columns += [f"{rank}D" for rank in "23456789"[:fillers]] + [""] * (empty - to_empty)
    cells = " ".join(["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"][: 8 - free] + ["-"] * free)
    return board(*columns, cells=cells)


def test_the_seeds_worked_example() -> None:
    """2 free cells and a single empty column: a king and its run enter it only if they
    are at most 3 cards; the empty destination is not counted."""
    three = board("* KS QS JS", "", "4C", "5C", "6C", "7C", "8C", "9C", cells="2C 3C - -", n=4)
    assert (three.free_cells, three.empty_columns) == (2, 1)
    assert [str(c) for c in apply(three, Move.parse("12x3")).columns[1]] == ["KS", "QS", "JS"]
    four = board("* KS QS JS TS", "", "4C", "5C", "6C", "7C", "8C", "9C", cells="2C 3C - -", n=4)
    error = refusal(four, "12x4")
    assert str(error) == "4 cards is more than the 3 that 2 free cells and 1 empty column allow"
    assert error.params == {"count": 4, "limit": 3, "free_cells": 2, "empty_columns": 1}
    assert is_legal(four, Move.parse("12x3")) is False  # QS is not a king
    assert str(refusal(four, "12x3")) == "only a king may enter an empty column"


def test_capacity_message_singular() -> None:
    position = board("* KS QS JS TS 9S", "", "", "5C", "6C", "7C", "8C", "9C", cells="2C 3C 4C -", n=4)
    assert capacity(position.free_cells, position.empty_columns, to_empty_column=True) == 4
    error = refusal(position, "12x5")
    assert str(error) == "5 cards is more than the 4 that 1 free cell and 2 empty columns allow"


# -- the legal move generator -------------------------------------------------------------------


def test_legal_moves_of_a_small_position() -> None:
    position = board(
        "TC", "KC QC", "", "5C", "6C", "7C", "8C", "9C", cells="JC -", found="S-K H-K D-K C-4", n=2
    )
    assert " ".join(map(str, legal_moves(position))) == (
        "1b 2b 23x2 45 4b 4C 56 5b 67 6b 78 7b 81 8b a2 ab S3 Sb H3 Hb D3 Db C4 Cb"
    )

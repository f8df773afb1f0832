"""What a screen reader hears (eightoff/web/words/speech.py): the piles' and cards' names from
the engine's facts, and every move, undo and redo in words."""

from __future__ import annotations

from eightoff import DealCode, Game, Move, Pile
from eightoff.web.words.speech import (
    card_label,
    held_label,
    moved,
    picked,
    pile_label,
    pile_name,
    stepped,
    stuck,
    target_label,
    won,
)

CODE = "EO1-C8-AAAAAFA"


def fresh() -> Game:
    return Game.new(DealCode.parse(CODE))


def test_piles_are_named_with_their_count_top_card_and_run() -> None:
    game = fresh()
    position = game.position
    assert pile_name(Pile.foundation("H")) == "Hearts foundation"
    assert pile_name(Pile.cell(2)) == "Cell 2"
    assert (
        pile_label(position, "column-1") == "Column 1, 6 cards, top: 5 of spades; a run of 2 from 6 of spades"
    )
    assert pile_label(position, "column-2") == "Column 2, 6 cards, top: 5 of hearts"
    assert pile_label(position, "cell-1") == "Cell 1: queen of spades"
    assert pile_label(position, "cell-5") == "Cell 5, empty"
    assert pile_label(position, "foundation-S") == "Spades foundation, empty"


def test_a_foundation_says_how_far_it_is_built() -> None:
    game = next(
        g
        for g in (Game.new(DealCode(n, 8)) for n in range(2000))
        if any(str(g.position.top(Pile.column(c))) == "AD" for c in range(1, 9))
    )
    column = next(Pile.column(c) for c in range(1, 9) if str(game.position.top(Pile.column(c))) == "AD")
    game.play(Move(column, Pile.foundation("D")))
    assert pile_label(game.position, "foundation-D") == "Diamonds foundation, up to ace"


def test_cards_say_whether_they_can_move() -> None:
    game = fresh()
    assert card_label(game.position, "column-1", 5) == "5 of spades, can move"
    assert card_label(game.position, "column-1", 4) == "6 of spades, can move"
    assert card_label(game.position, "column-1", 3) == "king of hearts, cannot move"
    assert card_label(game.position, "cell-1", 0) == "queen of spades, can move"


def test_moves_undo_and_redo_are_said() -> None:
    game = fresh()
    before = game.position
    move = Move.parse("1e")
    assert moved(before, move, game.play(move)) == "5 of spades to cell 5, uncovers 6 of spades."
    assert stepped(move, game.position, back=False, points=0) == "Redone: 5 of spades to cell 5."
    game.undo()
    assert stepped(move, game.position, back=True, points=0) == "Undone: 5 of spades back to column 1."
    group = Move(Pile.column(1), Pile.column(2), 2)
    assert moved(before, group, 0) == "2 cards from 6 of spades to column 2, uncovers king of hearts."


def test_the_score_change_and_an_emptied_pile() -> None:
    game = fresh()
    before = game.position
    from_cell = Move(Pile.cell(1), Pile.cell(5))
    assert moved(before, from_cell, 5) == "queen of spades to cell 5. Score +5."
    assert (
        stepped(from_cell, before, back=True, points=-5)
        == "Undone: queen of spades back to cell 1. Score -5."
    )


def test_a_pick_says_where_the_cards_may_go() -> None:
    game = fresh()
    targets = frozenset(p.key for p in game.targets(Pile.column(1), 5))
    assert picked(game, "column-1", 5, targets) == (
        "5 of spades picked up; it can go to: cell 5, cell 6, cell 7, cell 8."
    )
    assert (
        picked(game, "column-1", 4, frozenset())
        == "2 cards from 6 of spades picked up; they can go to: no pile now."
    )


def test_a_card_with_nowhere_to_go_and_a_win_are_said() -> None:
    assert stuck("QS") == "The queen of spades cannot move anywhere now."
    assert won(650, 52) == "You won! Score 650 in 52 moves."
    assert won(10, 1) == "You won! Score 10 in 1 move."


def test_held_cards_and_the_piles_that_take_them_say_so() -> None:
    assert held_label("TH") == "10 of hearts, held"
    assert target_label("Cell 5, empty", 1) == "Cell 5, empty; can take the card"
    assert target_label("Column 4, 6 cards, top: 7 of clubs", 3) == (
        "Column 4, 6 cards, top: 7 of clubs; can take the cards"
    )

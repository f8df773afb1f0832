"""Playing through the page: double taps in the seeds' order, group moves within capacity,
kings in empty columns, take-backs, undo and redo (SPEC §3, §4, §8). Positions are
reached by a position link along a Freecell Solver line (the page replays its moves as
played ones; the drags themselves are proved by test_win's whole games)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from eightoff import UNDO_LIMIT, DealCode, Game, Move, Pile, capacity
from eightoff.rules import run_length

from .helpers import (
    Player,
    expect_board,
    expect_carried,
    expect_numbers,
    find,
    lit_piles,
    open_at,
    open_fresh,
    play_all,
    reach,
)

pytestmark = pytest.mark.same_tab  # a fresh game each, in one booted tab (conftest.py)


def taps_to(game: Game, kind: Callable[[Game, Pile], bool], count: int = 1) -> tuple[Pile, int] | None:
    """A card (pile, index) whose double tap moves ``count`` cards to a pile of ``kind``."""
    for pile in game.position.piles():
        size = game.position.size(pile)
        if not size or pile.is_foundation:
            continue
        index = size - count
        if index < 0 or (count == 1 and game.tap(pile)):
            continue
        move = game.double_tap(pile, index)
        if move is not None and move.count == count and kind(game, move.target):
            return pile, index
    return None


def occupied_column(game: Game, pile: Pile) -> bool:
    return pile.is_column and game.position.size(pile) > 0


def empty_column(game: Game, pile: Pile) -> bool:
    return pile.is_column and game.position.size(pile) == 0


def cell(game: Game, pile: Pile) -> bool:
    return pile.is_cell


def leftmost_of_two_empty(game: Game, pile: Pile) -> bool:
    empty = [p for p in game.position.piles() if empty_column(game, p)]
    return len(empty) >= 2 and pile == empty[0]


BRANCHES = {
    "single card to the longest accepting column": (occupied_column, 1),
    "king to an empty column": (empty_column, 1),
    "king to the leftmost of two empty columns": (leftmost_of_two_empty, 1),
    "single card to the leftmost free cell": (cell, 1),
    "run to the longest accepting column": (occupied_column, 2),
    "king-led run to an empty column": (empty_column, 2),
}


@pytest.mark.parametrize("branch", list(BRANCHES))
def test_double_tap_follows_the_seeds_order(page: Page, site_url: str, branch: str) -> None:
    """A double tap plays exactly the engine's double_tap move for that card."""
    kind, count = BRANCHES[branch]
    code, prefix, target = reach(lambda g: taps_to(g, kind, count) is not None)
    game = open_at(page, site_url, code, prefix)
    player = Player(page)
    assert game.position == target.position
    pile, index = taps_to(game, kind, count)  # type: ignore[misc]
    move = game.double_tap(pile, index)
    assert move is not None
    player.double_tap(str(game.position.cards(pile)[index]))
    game.play(move)
    expect_board(page, game.position)
    expect_numbers(page, game.score, game.moves)


def test_double_tap_on_a_card_that_goes_home_moves_it_once(page: Page, site_url: str) -> None:
    """Foundation first: the first tap already sends the card home, so the second tap does
    nothing (the card that was under it stays)."""
    game = find(lambda g: any(g.tap(p) and g.position.size(p) > 1 for p in g.position.piles()))
    pile = next(p for p in game.position.piles() if game.tap(p) and game.position.size(p) > 1)
    open_fresh(page, site_url, f"deal={game.code}")
    Player(page).double_tap(str(game.position.top(pile)))
    game.play(game.tap(pile))  # type: ignore[arg-type]
    expect_board(page, game.position)
    expect_numbers(page, 10, 1)


def king_run(length: int) -> Callable[[Game], bool]:
    """Two free cells, exactly one empty column, a king heading a run of ``length`` cards
    on top of other cards: the seeds' worked example."""

    def found(game: Game) -> bool:
        p = game.position
        if p.free_cells != 2 or p.empty_columns != 1:
            return False
        return any(run_length(c) == length and c[-length].rank == 13 and len(c) > length for c in p.columns)

    return found


def king_column(game: Game, length: int) -> Pile:
    return next(
        Pile.column(i + 1)
        for i, c in enumerate(game.position.columns)
        if run_length(c) == length and c[-length].rank == 13 and len(c) > length
    )


def test_a_king_and_a_run_of_three_enter_with_two_cells_and_one_empty_column(
    page: Page, site_url: str
) -> None:

    code, prefix, _ = reach(king_run(3))
    game = open_at(page, site_url, code, prefix)
    player = Player(page)
    source = king_column(game, 3)
    empty = next(p for p in game.position.piles() if empty_column(game, p))
    position = game.position
    assert capacity(position.free_cells, position.empty_columns, to_empty_column=True) == 3
    player.drag(str(game.position.cards(source)[-3]), empty.key)
    game.play(Move(source, empty, 3))
    expect_board(page, game.position)
    expect_numbers(page, game.score, game.moves)


def test_a_king_and_a_run_of_four_are_refused_with_the_reason(page: Page, site_url: str) -> None:
    code, prefix, _ = reach(king_run(4))
    game = open_at(page, site_url, code, prefix)
    player = Player(page)
    source = king_column(game, 4)
    empty = next(p for p in game.position.piles() if empty_column(game, p))
    index = game.position.size(source) - 4
    king = str(game.position.cards(source)[index])
    player.press_and_move(king, player.pile_point(empty.key))
    expect_carried(page, king)
    targets = {p.key for p in game.targets(source, index)}
    assert empty.key not in targets
    assert lit_piles(page) == targets
    player.release()
    expect(page.locator("#status")).to_have_text(
        "4 cards is more than the 3 that 2 free cells and 1 empty column allow."
    )
    expect_board(page, game.position)
    expect_numbers(page, game.score, game.moves)


def test_only_a_king_enters_an_empty_column(page: Page, site_url: str) -> None:
    def ready(game: Game) -> bool:
        p = game.position
        tops = [p.top(x) for x in p.piles() if not x.is_foundation and p.size(x)]
        return (
            p.empty_columns == 1 and any(c and c.rank == 13 for c in tops) and any(c.rank < 13 for c in tops)
        )

    code, prefix, _ = reach(ready)
    game = open_at(page, site_url, code, prefix)
    player = Player(page)
    p = game.position
    empty = next(x for x in p.piles() if empty_column(game, x))
    other = next(x for x in p.piles() if x.is_column and p.size(x) and p.top(x).rank < 13)  # type: ignore[union-attr]
    player.drag(str(p.top(other)), empty.key)
    expect(page.locator("#status")).to_have_text("Only a king may enter an empty column.")
    expect_board(page, game.position)
    king_pile = next(x for x in p.piles() if not x.is_foundation and p.size(x) and p.top(x).rank == 13)  # type: ignore[union-attr]
    player.drag(str(p.top(king_pile)), empty.key)
    game.play(Move(king_pile, empty))
    expect_board(page, game.position)


def test_a_card_is_taken_back_from_its_foundation_by_drag(page: Page, site_url: str) -> None:
    game = find(lambda g: any(g.tap(p) for p in g.position.piles() if p.is_column))
    pile = next(p for p in game.position.piles() if p.is_column and game.tap(p))
    card = str(game.position.top(pile))
    open_fresh(page, site_url, f"deal={game.code}")
    player = Player(page)
    player.tap(card)
    game.play(game.tap(pile))  # type: ignore[arg-type]
    expect_numbers(page, 10, 1)
    free = next(p for p in game.position.piles() if p.is_cell and not game.position.size(p))
    player.drag(card, free.key)
    game.play(Move(Pile.foundation(card[1]), free))
    expect_board(page, game.position)
    expect_numbers(page, 10, 2)  # a take-back scores nothing and takes nothing away


def test_a_group_move_is_undone_and_redone_in_one_step(page: Page, site_url: str) -> None:
    def has_group(game: Game) -> bool:
        return any(m.count >= 2 for m in _group_moves(game))

    code, prefix, _ = reach(has_group)
    game = open_at(page, site_url, code, prefix)
    player = Player(page)
    before = game.position
    move = next(m for m in _group_moves(game) if m.count >= 2)
    player.drag(str(game.position.cards(move.source)[-move.count]), move.target.key)
    game.play(move)
    expect_board(page, game.position)
    page.locator("#undo").click()
    expect_board(page, before)
    expect_numbers(page, game.score - move.points, game.moves - 1)
    page.locator("#redo").click()
    expect_board(page, game.position)
    expect_numbers(page, game.score, game.moves)


def _group_moves(game: Game) -> list[Move]:
    from eightoff import legal_moves

    return [m for m in legal_moves(game.position) if m.count >= 2]


def test_undo_reaches_100_actions_and_the_101st_is_refused(page: Page, site_url: str) -> None:
    """101 actions (a queen between two cells: the first by a drag, the 100 before it from
    a position link, which puts them on the undo stack as play does), 100 undos by Ctrl+Z,
    then a refusal in words; the buttons follow; Ctrl+Shift+Z and Ctrl+Y redo."""
    code = "EO1-C8-AAAAAFA"
    shuttle = [Move.parse("ae" if i % 2 == 0 else "ea") for i in range(UNDO_LIMIT + 1)]
    *linked, last = shuttle
    open_fresh(page, site_url, f"deal={code}&moves={'.'.join(map(str, linked))}")
    expect_numbers(page, 0, UNDO_LIMIT)
    game = Game.new(DealCode.parse(code))
    for move in linked:
        game.play(move)
    Player(page).play(game, last, taps=False)
    expect_numbers(page, 0, UNDO_LIMIT + 1)
    page.locator("#board").click(position={"x": 2, "y": 2})
    for _ in range(UNDO_LIMIT):
        page.keyboard.press("Control+z")
    expect_numbers(page, 0, 1)
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#redo")).to_be_enabled()
    expect(page.locator("#status")).to_have_text("That was the last action undo can reach (100 back).")
    page.keyboard.press("Control+z")
    expect(page.locator("#status")).to_have_text("Undo reaches only 100 actions back.")
    expect_numbers(page, 0, 1)
    page.keyboard.press("Control+Shift+Z")
    expect_numbers(page, 0, 2)
    page.keyboard.press("Control+y")
    expect_numbers(page, 0, 3)
    page.keyboard.press("Meta+z")
    expect_numbers(page, 0, 2)


def test_undoing_scoring_moves_gives_back_exactly_their_points(page: Page, site_url: str) -> None:
    """A cell-to-column move (+5) and a move home (+10) undone one by one: the score goes
    back to exactly what it was before each (SPEC §7); redo brings the points again."""
    code = "EO1-C8-AAAAAFA"
    open_fresh(page, site_url, f"deal={code}")
    player = Player(page)
    game = play_all(player, code, [Move.parse(m) for m in ("2e", "2f")])
    home, to_column = Move.parse("2C"), Move.parse("f4")
    scores = [game.score]
    for move in (home, to_column):
        player.play(game, move)
        scores.append(game.score)
    assert scores == [0, 10, 15]  # 0, then +10 home, then +5 from a cell onto a column
    page.locator("#undo").click()
    expect_numbers(page, 10, 3)
    page.keyboard.press("Control+z")
    expect_numbers(page, 0, 2)
    game.undo()
    game.undo()
    expect_board(page, game.position)
    page.locator("#redo").click()
    page.locator("#redo").click()
    expect_numbers(page, 15, 4)

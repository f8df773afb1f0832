"""The page and its solver's worker (eightoff/web/update/solver.py) through the page's one
update: the hints (what is asked, which replies count, what is marked and said), a winnable
8-cell deal, the coach (where a lost game slipped away and the way back, a typed code's
verdict, the solver's line after a win) and a worker that failed. The worker's answers are
its real ones (:func:`eightoff.web.solver.messages.answer`) unless a test writes one by hand."""

from __future__ import annotations

import json
from dataclasses import replace

from eightoff import DealCode, Game, Move
from eightoff.history import positions
from eightoff.solver import DEFAULT_BUDGET, solve
from eightoff.web.actions import Choose, Close, CodeTyped, Select, WorkerFailed
from eightoff.web.board.focus import Spot
from eightoff.web.effects import Save, Solve
from eightoff.web.solver.messages import Line, line_request, marks
from eightoff.web.state import Asked, NewGameWindow, WinWindow
from eightoff.web.storage.settings import Settings
from eightoff.web.update.solver import card_words, slip_words
from eightoff.winnable import catalogue
from tests.engine.helpers import board
from tests.players import lost_line
from tests.web.update.helpers import CODE, Page, new_game, reply_text, state_of

LOST_CODE = DealCode(catalogue(4)[0], 4)
LINE = lost_line(LOST_CODE, 0)  # 17 moves; the fifth lost the game (tests/engine/test_history.py)
SEARCHING = "Looking for a winning line…"
SLIPPED = "No winning line from here. Looking for where the game slipped away…"
NOTHING_BACK = "Nothing to go back to: ask for a hint when no winning line remains."
FIRST_STEP = "The 5 of spades can go somewhere that keeps the game winnable."
WHOLE = "Hint: the 5 of spades to cell 5."


def lost_game() -> Game:
    return new_game(LOST_CODE, *map(str, LINE))


def hinted_lost(page: Page) -> None:
    """A hint asked, and the worker's search proves the position lost."""
    page.do("hint")
    page.reply(reply_text(page.requests[-1]["serial"], "hint", "unsolvable"))


def play(page: Page, move: Move) -> None:
    """``move`` played by the keyboard: its cards picked up, put on its target."""
    size = page.game.position.size(move.source)
    page.do(Select(move.source.key, size - move.count), Select(move.target.key))


# -- hints -------------------------------------------------------------------------------------


def test_a_hint_asks_the_worker_then_marks_the_lines_first_move() -> None:
    page = Page()
    effects = page.do("hint")
    asked = page.state.hints.asked
    assert asked is not None and asked[1] == page.game.position
    request = {"serial": asked[0], "kind": "hint", "position": CODE.deal().fcs(), "cells": 8}
    assert page.requests == [request] and effects == (Solve(json.dumps(request)),)
    assert page.said == [SEARCHING]
    assert page.do("hint") == ()  # the same position is being searched: nothing more asked
    page.reply()
    shown = page.state.hints.shown
    line = page.state.hints.line
    assert line is not None and shown is not None and page.state.hints.asked is None
    first = line.next_move(page.game.position)
    assert first is not None and shown == marks(page.game.position, first)
    assert page.state.hints.step == "card" and page.said[-1] == card_words(shown.cards)
    assert page.do("hint") == ()  # the second step: the whole move, from the line
    assert page.state.hints.shown == shown and page.state.hints.step == "move"
    assert page.said[-1] == shown.text and shown.text.startswith("Hint: ")
    current = page.state.stats.current
    assert current is not None and current.hinted
    pile = first.source.key
    index = page.game.position.size(first.source) - first.count
    assert page.state.focus == Spot(pile, index if first.source.is_column else None)


def test_the_next_hint_along_the_line_needs_no_search() -> None:
    page = Page()
    page.do("hint")
    page.reply()
    line = page.state.hints.line
    assert line is not None
    first = line.next_move(page.game.position)
    assert first is not None
    play(page, first)
    assert page.state.hints.shown is None  # a move clears it
    page.do("hint")
    assert len(page.requests) == 1
    second = line.next_move(page.game.position)
    assert second is not None and page.state.hints.shown == marks(page.game.position, second)


def test_a_hint_shown_stays_until_the_next_action_that_is_not_a_hint() -> None:
    game = new_game()
    page = Page(
        state_of(game, hints=replace(state_of().hints, line=Line.of(game.position, (Move.parse("1e"),))))
    )
    page.do("hint")
    assert page.state.hints.shown == marks(game.position, Move.parse("1e"))
    assert page.said == [FIRST_STEP] and page.state.focus == Spot("column-1", 5)
    page.do("hint")
    assert page.said == [FIRST_STEP, WHOLE] and page.state.hints.step == "move"
    page.do("hint")
    assert page.state.hints.shown is not None and page.state.hints.step == "move"
    page.do("settings")
    assert page.state.hints.shown is None


def test_a_hint_in_two_steps_starts_again_after_any_other_action() -> None:
    """The first H shows the card; anything else done (a window opened and closed, a card
    picked up and put back) clears it, and the next H shows the card again."""
    game = new_game()
    page = Page(
        state_of(game, hints=replace(state_of().hints, line=Line.of(game.position, (Move.parse("1e"),))))
    )
    page.do("hint")
    assert page.state.hints.step == "card"
    page.do("settings", Close("settings-dialog"))
    assert page.state.hints.shown is None
    page.do("hint")
    assert page.state.hints.step == "card" and page.said[-1] == FIRST_STEP
    page.do(Select("column-1"), Select("column-1"))  # picked up and put back: no move
    assert page.state.hints.shown is None and page.game.moves == 0
    page.do("hint", "hint")
    assert page.state.hints.step == "move" and page.said[-2:] == [FIRST_STEP, WHOLE]


def test_a_setting_shows_the_whole_move_at_the_first_hint() -> None:
    game = new_game()
    line = Line.of(game.position, (Move.parse("1e"),))
    hints = replace(state_of().hints, line=line)
    page = Page(state_of(game, settings=Settings(hint_at_once=True), hints=hints))
    page.do("hint")
    assert (page.state.hints.shown, page.state.hints.step) == (marks(game.position, Move.parse("1e")), "move")
    assert page.said == [WHOLE] and page.state.focus == Spot("column-1", 5)
    page.do(Choose("hint-at-once", "false"), "hint")  # the choice cleared it: the card first again
    assert page.state.hints.step == "card" and page.said[-1] == FIRST_STEP


def test_the_first_step_of_a_hint_names_a_runs_head_card() -> None:
    assert card_words(("9S", "8H", "7S")) == (
        "The 3 cards from the 9 of spades can go somewhere that keeps the game winnable."
    )
    assert card_words(("AH",)) == "The ace of hearts can go somewhere that keeps the game winnable."


def test_a_reply_to_another_request_or_an_old_position_is_ignored() -> None:
    page = Page()
    page.do("hint")
    asked = page.state.hints.asked
    page.reply(reply_text(9, "hint", "solved"))
    assert page.said == [SEARCHING] and page.state.hints.asked == asked
    play(page, Move.parse("1e"))  # a move meanwhile: the player asks again
    page.reply()
    assert page.said == [SEARCHING] and page.state.hints.asked is None and page.state.hints.line is None


def test_no_winning_line_is_said() -> None:
    page = Page(state_of(Game.new(DealCode(1, 2))))  # lost from its deal
    hinted_lost(page)
    # the coach says where it slipped away: here, before the first move (the deal is lost)
    assert page.said[-1] == "This deal cannot be won, not even from its first card."
    assert len(page.requests) == 1
    page.do("hint")
    page.reply(reply_text(page.requests[-1]["serial"], "hint", "gave-up"))
    assert page.said[-1] == "No winning line found in time."


def test_a_won_game_needs_no_hint() -> None:
    won = Game(CODE, board(found="S-K H-K D-K C-K"), 650, 52)
    page = Page(state_of(won))
    assert page.do("hint") == ()
    assert page.said == ["The game is won."]


def test_a_failure_is_said_only_to_a_player_who_asked() -> None:
    page = Page()
    before = page.state
    page.do(WorkerFailed("start"))
    assert page.said == [] and page.state == before
    page.do("hint", WorkerFailed("start"))
    assert (
        page.said[-1]
        == "The solver could not start (is the connection down?). Ask for a hint again to retry."
    )
    page.do("hint", WorkerFailed("timeout"))
    assert page.said[-1] == "The solver did not answer in time. Ask for a hint again to retry."
    assert page.state.hints.asked is None


# -- where the game slipped away -------------------------------------------------------------------


def test_a_lost_game_is_offered_the_way_back_to_the_exact_position_with_its_score() -> None:
    page = Page(state_of(lost_game()))
    hinted_lost(page)
    assert page.said[-1] == SLIPPED
    request = page.requests[-1]
    assert (request["kind"], request["position"], len(request["moves"])) == (
        "back",
        LOST_CODE.deal().fcs(),
        17,
    )
    asked = page.state.coach.back_asked
    assert asked == Asked(request["serial"], page.game)
    page.reply(budget=DEFAULT_BUDGET)
    before = positions(LOST_CODE.deal(), LINE)[4]
    lost_move = LINE[4]
    assert str(before.cards(lost_move.source)[-lost_move.count]) == "JH" and str(lost_move) == "6d"
    assert (
        page.said[-1] == "The game could still be won 13 moves ago, before the jack of hearts went to cell 4."
    )
    assert page.state.coach.offered == (asked, 13) and page.state.coach.back_asked is None
    saves = len(page.saves)
    effects = page.do("go-back")
    expected = new_game(LOST_CODE, *map(str, LINE[:4]))
    game = page.game
    assert (game.position, game.score, game.moves) == (expected.position, expected.score, 4)
    assert solve(game.position).verdict == "solved"
    assert game.redo_stack[0] == LINE[-1] and len(game.redo_stack) == 13  # the undos redo as undos do
    assert effects[0] == Save() and len(page.saves) == saves + 1  # one command: one save
    assert page.state.change.motion == "glide" and page.state.coach.offered is None
    assert page.said[-1] == "Back 13 moves: from here the game can still be won."
    page.do("go-back")  # taken: nothing more
    assert page.said[-1] == NOTHING_BACK and page.game.moves == 4


def test_an_answer_about_a_game_since_changed_is_ignored_and_the_offer_goes_with_a_move() -> None:
    page = Page(state_of(lost_game()))
    hinted_lost(page)
    page.do("undo")  # the player moved on before the answer
    said = list(page.said)
    page.reply(budget=DEFAULT_BUDGET)
    assert page.state.coach.offered is None and page.said == said
    page.do("redo")
    hinted_lost(page)
    page.reply(budget=DEFAULT_BUDGET)
    offered = page.state.coach.offered
    assert offered is not None
    page.do("settings", Close("settings-dialog"), Select("column-1"))  # no change of game: it stays
    assert page.state.coach.offered == offered
    page.do(Select("column-1"), "undo")
    assert page.state.coach.offered is None
    page.do("go-back")
    assert page.said[-1] == NOTHING_BACK
    stale = page.state
    page.reply(index=1)  # the first search for the way back: an old serial
    assert page.state.coach == stale.coach


def test_lost_before_the_history_or_further_back_than_undo_and_a_search_that_gives_up() -> None:
    late = Game(LOST_CODE, positions(LOST_CODE.deal(), LINE)[17], 0, 17, list(LINE[5:]))  # undo reaches 12
    page = Page(state_of(late))
    hinted_lost(page)
    page.reply(budget=DEFAULT_BUDGET)
    further = "The game was lost further back than undo reaches: start the deal again to win it."
    assert page.said[-1] == further
    beyond = Game(LOST_CODE, late.position, 0, 17, [])
    page = Page(state_of(beyond))
    hinted_lost(page)
    assert page.said[-1] == further and [r["kind"] for r in page.requests] == ["hint"]
    page = Page(state_of(lost_game()))
    hinted_lost(page)
    page.reply(budget=1)
    assert page.said[-1] == "The solver could not tell in time where the game slipped away."
    assert page.state.coach.offered is None


def test_the_way_back_names_a_group_move_and_moves_to_foundations() -> None:
    game = new_game(CODE, "1e")
    assert (
        slip_words(game, 1)
        == "The game could still be won 1 move ago, before the 5 of spades went to cell 5."
    )


# -- a typed code's verdict ---------------------------------------------------------------------


def test_a_typed_codes_verdict_one_request_in_flight_the_last_code_next_stale_ignored() -> None:
    page = Page()
    page.do("new-game")
    assert page.state.window(NewGameWindow) == NewGameWindow("") and page.state.coach.verdict is None
    page.do(CodeTyped(""))
    assert page.state.coach.verdict is None and page.requests == []
    page.do(CodeTyped(str(LOST_CODE)))
    assert page.state.coach.verdict == "asking" and page.state.window(NewGameWindow) == NewGameWindow(
        str(LOST_CODE)
    )
    asked = page.state.coach.code_asked
    assert asked is not None and asked[1] == LOST_CODE
    assert page.requests == [{"serial": asked[0], "kind": "verdict", "code": str(LOST_CODE)}]
    page.do(CodeTyped(str(LOST_CODE).lower()))  # the same code again: no request
    lost, third = DealCode(1, 2), DealCode(5, 8)
    page.do(CodeTyped(str(third)), CodeTyped(str(lost)))  # typed on while the first is searched
    assert len(page.requests) == 1 and page.state.coach.code_next == lost
    page.reply()
    assert [r.get("code") for r in page.requests] == [str(LOST_CODE), str(lost)]  # only the last, next
    assert page.state.coach.verdict == "asking"
    page.reply()
    assert page.state.coach.verdict == "unsolvable"
    page.do(CodeTyped(str(LOST_CODE)))  # known: at once, no request
    assert page.state.coach.verdict == "solved" and len(page.requests) == 2
    stale = page.state.coach
    page.reply(index=0)  # a stale serial: ignored
    assert page.state.coach == stale
    page.do(CodeTyped(str(third)))
    page.reply(budget=1)
    assert page.state.coach.verdict == "gave-up"
    page.do(CodeTyped(str(DealCode(6, 8))), CodeTyped("EO1-"))  # not a code: nothing asked next
    page.reply()
    assert page.state.coach.verdict is None and len(page.requests) == 4
    assert dict(page.state.coach.verdicts) == {
        LOST_CODE: "solved",
        lost: "unsolvable",
        third: "gave-up",
        DealCode(6, 8): "solved",
    }


def test_a_code_typed_without_the_window_is_still_judged() -> None:
    page = Page()
    page.do(CodeTyped(str(CODE)))
    assert page.state.windows == () and page.state.coach.verdict == "asking"


# -- after a win -----------------------------------------------------------------------------------


def test_the_solvers_line_is_asked_only_after_a_win_and_a_shorter_win_is_counted() -> None:
    moves = solve(LOST_CODE.deal()).moves
    page = Page(state_of(new_game(LOST_CODE)))
    for move in moves:
        play(page, move)
    assert page.game.is_won
    assert [r["kind"] for r in page.requests] == ["line"]  # never before the win
    assert page.effects[-1] == Solve(line_request(page.requests[0]["serial"], LOST_CODE))
    saves = len(page.saves)
    page.reply()
    line = f"The solver's line: {len(moves)} moves."
    window = page.state.window(WinWindow)
    won = f"You won! Score {page.game.score} in {len(moves)} moves."
    assert isinstance(window, WinWindow) and page.announced[-2:] == [won, f"{won} {line}"]
    assert (window.score, window.moves, window.line, window.streak) == (
        page.game.score,
        len(moves),
        len(moves),
        1,
    )
    stats = page.state.stats
    assert stats.overall.fewer_than_solver == 0 and len(page.saves) == saves  # as many moves: not fewer
    page.do(Close("win"), "undo")
    play(page, moves[-1])  # won again: asked again
    page.reply(reply_text(page.requests[-1]["serial"], "line", "solved", count=len(moves) + 1))
    stats = page.state.stats
    assert stats.by_cells[4].fewer_than_solver == stats.overall.fewer_than_solver == 1
    assert page.effects[-1] == Save() and page.state.window(WinWindow) is not None
    saved = len(page.saves)
    page.reply(index=0)  # a stale serial: ignored
    assert len(page.saves) == saved and page.state.stats == stats
    page.do(Close("win"), "undo")
    play(page, moves[-1])
    page.do("restart", "confirm-yes")  # a new deal before the answer: not this game's any more
    announced = list(page.announced)
    page.reply()
    assert page.announced == announced
    game = page.game
    for move in moves:
        play(page, move)
    assert page.game is not game
    page.reply(budget=1)  # no line found: nothing said
    assert page.announced[-1] == f"You won! Score {page.game.score} in {len(moves)} moves."
    window = page.state.window(WinWindow)
    assert isinstance(window, WinWindow) and (window.score, window.moves, window.line) == (
        page.game.score,
        len(moves),
        None,
    )


def test_the_solvers_line_is_said_after_the_win_message_closed() -> None:
    moves = solve(LOST_CODE.deal()).moves
    page = Page(state_of(new_game(LOST_CODE, *map(str, moves[:-1]))))
    play(page, moves[-1])
    page.do(Close("win"))
    page.do("hint")  # something said since the win: the line alone
    page.reply()
    assert page.windows == [] and page.announced[-1] == f"The solver's line: {len(moves)} moves."


def test_a_failed_worker_voids_what_was_asked_and_other_replies_are_not_the_coachs() -> None:
    page = Page(state_of(lost_game()))
    page.do(WorkerFailed("timeout"))
    assert page.said == []
    hinted_lost(page)
    page.do(CodeTyped(str(LOST_CODE)))
    back = page.requests[-2]["serial"]
    page.do(WorkerFailed("timeout"))
    assert page.said[-1] == "The solver did not answer. Ask for a hint again to retry."
    assert page.state.coach.verdict is None and page.state.coach.back_asked is None
    assert page.state.coach.code_asked is None
    page.reply(index=-2)  # the way back, answered after all: void
    assert page.state.coach.offered is None and page.requests[-2]["serial"] == back
    page.do(CodeTyped(str(LOST_CODE)))  # asked again
    assert len(page.requests) == 4 and page.state.coach.verdict == "asking"


def test_a_pile_key_the_hint_marks_is_where_the_card_lies() -> None:
    """A hint's card in a cell takes the focus as the cell itself."""
    game = new_game(CODE, "1e")
    hints = replace(state_of().hints, line=Line.of(game.position, (Move.parse("ef"),)))
    page = Page(state_of(game, hints=hints))
    page.do("hint")
    assert page.state.focus == Spot("cell-5")

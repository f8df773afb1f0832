"""The coach on the page's side (eightoff/web/solver/coach.py), under CPython with Python
fakes for the worker, the table and what the page shows; the worker's answers are the real
ones (eightoff/web/solver/messages.answer)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from eightoff import DealCode, Game, Move
from eightoff.history import positions
from eightoff.solver import solve
from eightoff.web.solver.coach import Coach, Words, slip_words
from eightoff.web.solver.messages import answer, read_reply
from eightoff.web.storage.stats import Stats
from eightoff.winnable import catalogue
from tests.players import lost_line

CODE = DealCode(catalogue(4)[0], 4)
LINE = lost_line(CODE, 0)  # 17 moves; the fifth lost the game (tests/engine/test_history.py)


@dataclass
class FakeSolver:
    sent: list[str] = field(default_factory=list)
    serial: int = 0

    def next_serial(self) -> int:
        self.serial += 1
        return self.serial

    def send(self, text: str) -> None:
        self.sent.append(text)

    def kinds(self) -> list[str]:
        return [json.loads(text)["kind"] for text in self.sent]


@dataclass
class FakeTable:
    game: Game
    stats: Stats = field(default_factory=Stats)
    renders: int = 0
    saves: int = 0

    def after(self) -> None:
        self.renders += 1
        self.saves += 1

    def count_solver_beaten(self) -> None:
        self.stats = self.stats.beat_solver(self.game.code.cells)
        self.saves += 1


@dataclass
class FakeShown:
    said: list[str] = field(default_factory=list)
    offered: list[bool] = field(default_factory=list)
    verdicts: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def say(self, text: str) -> None:
        self.said.append(text)

    def announce(self, text: str) -> None:
        self.said.append(text)

    def offer(self, shown: bool) -> None:
        self.offered.append(shown)

    def verdict(self, words: Words) -> None:
        self.verdicts.append(words())

    def win_line(self, words: Words) -> None:
        self.lines.append(words())


def lost_game() -> Game:
    game = Game.new(CODE)
    for move in LINE:
        game.play(move)
    return game


def coach_of(game: Game) -> tuple[Coach, FakeSolver, FakeTable, FakeShown]:
    solver, table, shown = FakeSolver(), FakeTable(game), FakeShown()
    return Coach(solver, lambda: table, shown), solver, table, shown


def answered(coach: Coach, solver: FakeSolver, index: int = -1, **limits: float) -> None:
    """The worker answers the request ``index`` (the last by default)."""
    assert coach.reply(read_reply(answer(solver.sent[index], **limits)))  # type: ignore[arg-type]


def test_a_lost_game_is_offered_the_way_back_to_the_exact_position_with_its_score() -> None:
    game = lost_game()
    coach, solver, table, shown = coach_of(game)
    coach.lost(game.position)
    assert shown.said == ["No winning line from here. Looking for where the game slipped away…"]
    request = json.loads(solver.sent[0])
    assert (request["kind"], request["position"], len(request["moves"])) == ("back", CODE.deal().fcs(), 17)
    answered(coach, solver)
    before = positions(CODE.deal(), LINE)[4]
    lost_move = LINE[4]
    card = before.cards(lost_move.source)[-lost_move.count]
    assert str(card) == "JH" and str(lost_move) == "6d"
    assert (
        shown.said[-1]
        == "The game could still be won 13 moves ago, before the jack of hearts went to cell 4."
    )
    assert shown.offered == [True]
    coach.go_back()
    expected = Game.new(CODE)
    for move in LINE[:4]:
        expected.play(move)
    assert (game.position, game.score, game.moves) == (expected.position, expected.score, 4)
    assert solve(game.position).verdict == "solved"
    assert game.redo_stack[0] == LINE[-1] and len(game.redo_stack) == 13  # the undos redo as undos do
    assert (table.renders, table.saves) == (1, 1)  # one command: one render, one save
    assert shown.offered == [True, False]
    assert shown.said[-1] == "Back 13 moves: from here the game can still be won."
    coach.go_back()  # taken: nothing more
    assert shown.said[-1] == "Nothing to go back to: ask for a hint when no winning line remains."
    assert game.moves == 4


def test_an_answer_about_a_game_since_changed_is_ignored_and_the_offer_goes_with_a_move() -> None:
    game = lost_game()
    coach, solver, _table, shown = coach_of(game)
    coach.lost(game.position)
    game.undo()  # the player moved on before the answer
    answered(coach, solver)
    assert shown.offered == [] and len(shown.said) == 1
    game.redo()
    coach.lost(game.position)
    answered(coach, solver)
    assert shown.offered == [True]
    coach.follow()  # nothing changed: it stays
    assert shown.offered == [True]
    game.undo()
    coach.follow()
    assert shown.offered == [True, False]
    coach.go_back()
    assert shown.said[-1] == "Nothing to go back to: ask for a hint when no winning line remains."
    stale = read_reply(answer(solver.sent[0]))
    assert coach.reply(stale) and shown.offered == [True, False]  # an old serial: ignored
    coach.lost(Game.new(CODE).position)  # a hint about another position than the game's: nothing
    assert len(solver.sent) == 2


def test_lost_before_the_history_or_from_the_deal_and_a_search_that_gives_up() -> None:
    deal_lost = Game.new(DealCode(1, 2))  # lost from its deal, nothing to undo
    coach, solver, _table, shown = coach_of(deal_lost)
    coach.lost(deal_lost.position)
    assert shown.said == ["This deal cannot be won, not even from its first card."] and not solver.sent
    game = lost_game()
    for _ in range(12):
        game.undo()
    late = Game(CODE, positions(CODE.deal(), LINE)[17], 0, 17, list(LINE[5:]))  # undo reaches 12 back
    coach, solver, _table, shown = coach_of(late)
    coach.lost(late.position)
    answered(coach, solver)
    assert (
        shown.said[-1] == "The game was lost further back than undo reaches: start the deal again to win it."
    )
    beyond = Game(CODE, late.position, 0, 17, [])
    coach, solver, _table, shown = coach_of(beyond)
    coach.lost(beyond.position)
    assert shown.said[-1] == shown.said[0] and not solver.sent
    assert shown.said[0].startswith("The game was lost further back")
    coach, solver, _table, shown = coach_of(lost_game())
    coach.lost(coach.table().game.position)
    answered(coach, solver, budget=1)
    assert shown.said[-1] == "The solver could not tell in time where the game slipped away."
    assert shown.offered == []


def test_a_typed_codes_verdict_one_request_in_flight_the_last_code_next_stale_ignored() -> None:
    coach, solver, _table, shown = coach_of(Game.new(CODE))
    coach.code(None)
    assert shown.verdicts == [""] and not solver.sent
    coach.code(CODE)
    assert shown.verdicts[-1] == "Asking the solver whether this deal can be won…"
    coach.code(CODE)  # the same code again (a language change checks it again): no request
    lost, third = DealCode(1, 2), DealCode(5, 8)
    coach.code(third)
    coach.code(lost)  # typed on while the first is searched: only the last is asked next
    assert len(solver.sent) == 1
    answered(coach, solver)
    assert len(solver.sent) == 2 and json.loads(solver.sent[1])["code"] == str(lost)
    assert shown.verdicts[-1] == "Asking the solver whether this deal can be won…"
    answered(coach, solver)
    assert shown.verdicts[-1] == "This deal cannot be won."
    coach.code(CODE)  # known: at once, no request
    assert shown.verdicts[-1] == "This deal can be won." and len(solver.sent) == 2
    assert coach.reply(read_reply(answer(solver.sent[0])))  # a stale serial: ignored
    assert shown.verdicts[-1] == "This deal can be won."
    coach.code(third)
    answered(coach, solver, budget=1)
    assert shown.verdicts[-1] == "Not known: the solver's search budget ran out before an answer."
    coach.code(DealCode(6, 8))
    coach.code(None)  # the field emptied: nothing asked next
    answered(coach, solver)
    assert shown.verdicts[-1] == "" and len(solver.sent) == 4


def test_the_solvers_line_is_asked_only_after_a_win_and_a_shorter_win_is_counted() -> None:
    moves = solve(CODE.deal()).moves
    game = Game.new(CODE)
    coach, solver, table, shown = coach_of(game)
    for move in moves:
        game.play(move)
        coach.follow()
    assert solver.sent == []  # never before the win
    coach.won(game)
    assert solver.kinds() == ["line"]
    answered(coach, solver)
    line = f"The solver's line: {len(moves)} moves."
    assert shown.lines == ["", line]  # cleared at the win, then the line
    assert table.stats.overall.fewer_than_solver == 0 and table.saves == 0  # as many moves: not fewer
    coach.won(game)
    reply = json.loads(answer(solver.sent[-1]))
    coach.reply(read_reply(json.dumps({**reply, "count": len(moves) + 1})))
    assert table.stats.by_cells[4].fewer_than_solver == table.stats.overall.fewer_than_solver == 1
    assert table.saves == 1
    assert coach.reply(read_reply(answer(solver.sent[0])))  # a stale serial: ignored
    assert table.saves == 1 and len(shown.lines) == 4
    coach.won(game)
    table.game = Game.new(CODE)  # a new deal before the answer: not this game's any more
    answered(coach, solver)
    assert shown.lines[-1] == ""
    coach.won(table.game)
    answered(coach, solver, budget=1)  # no line found: nothing said
    assert shown.lines[-2:] == ["", ""]


def test_a_failed_worker_voids_what_was_asked_and_other_replies_are_not_the_coachs() -> None:
    game = lost_game()
    coach, solver, _table, shown = coach_of(game)
    coach.failed()
    assert shown.said == []
    coach.lost(game.position)
    coach.code(CODE)
    coach.failed()
    assert shown.said[-1] == "The solver did not answer. Ask for a hint again to retry."
    assert shown.verdicts == ["Asking the solver whether this deal can be won…", ""]
    answered(coach, solver, 0)
    assert shown.offered == []
    coach.code(CODE)  # asked again
    assert len(solver.sent) == 3
    hint = read_reply(
        json.dumps({"serial": 1, "kind": "hint", "verdict": "gave-up", "moves": [], "code": "", "count": 0})
    )
    assert not coach.reply(hint)


def test_the_way_back_names_a_group_move_and_moves_to_foundations() -> None:
    game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
    game.play(Move.parse("1e"))

    assert (
        slip_words(game, 1)()
        == "The game could still be won 1 move ago, before the 5 of spades went to cell 5."
    )

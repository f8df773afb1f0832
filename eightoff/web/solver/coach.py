"""Learning from the solver: where a lost game slipped away and the way back to it, what a
typed deal code holds, and the solver's own line after a win (pure Python, no browser
import; tested under CPython with fakes: tests/web/solver/test_coach.py).

:class:`Coach` is a controller given its collaborators: the solver's worker
(:class:`Solver`: serials and requests of :mod:`.solver.messages`), the game on the table
(:class:`Table`) and what the page shows (:class:`Shown`: the status line, the live region,
the offer's button, the code's verdict, the solver's line under the win message). It speaks only when the
player asks (SPEC §5): after a hint that found no winning line, while a code is typed,
after a win. Each request carries its serial; a reply that is not the latest of its kind,
or about a game that changed meanwhile, is ignored.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ...deal import DealCode
from ...game import Game
from ...moves import Move
from ...position import Position
from ...rules import transfer
from ..door import Routes
from ..words.card_names import card_name
from ..words.i18n import _, ngettext
from .messages import Reply, back_request, destination, line_request, verdict_request

Words = Callable[[], str]


class Solver(Protocol):
    """The solver's worker (:class:`.solver.worker.Worker`)."""

    def next_serial(self) -> int: ...

    def send(self, text: str) -> None: ...


class Table(Protocol):
    """The game on the table (:class:`.board.table.Table`)."""

    @property
    def game(self) -> Game: ...

    def after(self) -> None: ...

    def count_solver_beaten(self) -> None: ...


class Shown(Protocol):
    """What the coach shows on the page (:class:`.windows.coach_page.CoachPage`)."""

    def say(self, text: str) -> None: ...

    def announce(self, text: str) -> None: ...

    def offer(self, shown: bool) -> None: ...

    def verdict(self, words: Words) -> None: ...

    def win_line(self, words: Words) -> None: ...


@dataclass(frozen=True)
class Asked:
    """A request in flight or answered: its serial, and the game state it is about (the
    game, its move count and position), so an answer about a game since changed is void."""

    serial: int
    game: Game
    moves: int
    position: Position

    def holds(self, game: Game) -> bool:
        return game is self.game and game.moves == self.moves and game.position == self.position


def slip_words(game: Game, back: int) -> Words:
    """Where the game slipped away: ``back`` moves ago, before the move that lost it."""
    before = game.undo_stack[-back]
    position = game.position
    for move in reversed(game.undo_stack[-back:]):
        position = _undone(position, move)
    card = card_name(str(position.cards(before.source)[-before.count]))
    where = destination(position, before)
    return lambda: ngettext(
        "The game could still be won {count} move ago, before the {card} went to {where}.",
        "The game could still be won {count} moves ago, before the {card} went to {where}.",
        back,
        count=back,
        card=card,
        where=where,
    )


def _undone(position: Position, move: Move) -> Position:
    return transfer(position, move.reverse())


class Coach:
    """The solver's lessons on the page (see the module's notes)."""

    def __init__(self, solver: Solver, table: Callable[[], Table], shown: Shown) -> None:
        self.solver = solver
        self.table = table
        self.shown = shown
        self.back_asked: Asked | None = None
        """The search for the last winnable position in flight."""
        self.offered: tuple[Asked, int] | None = None
        """The way back offered: the game state it is about, and how many moves back."""
        self.code_asked: tuple[int, DealCode] | None = None
        """The typed code whose verdict is asked for (in flight)."""
        self.code_next: DealCode | None = None
        """The code typed since, asked once the one in flight is answered."""
        self.code_shown: DealCode | None = None
        """The code in the field now."""
        self.verdicts: dict[DealCode, str] = {}
        """The verdicts known, by code."""
        self.line_asked: tuple[int, Game, int] | None = None
        """The solver's line asked after a win: serial, the game, its move count."""

    def routes(self) -> Routes:
        return Routes(commands=(("go-back", self.go_back),))

    # -- where it slipped away ---------------------------------------------------------

    def lost(self, position: Position) -> None:
        """A hint's search proved ``position`` lost: look for the last winnable position of
        the game's history (unless the game moved on meanwhile)."""
        game = self.table().game
        if game.position != position:
            return
        self.hide()
        if not game.undo_stack:
            self.shown.say(self.lost_before(game)())
            return
        serial = self.solver.next_serial()
        self.back_asked = Asked(serial, game, game.moves, position)
        start = position
        for move in reversed(game.undo_stack):
            start = _undone(start, move)
        self.shown.say(_("No winning line from here. Looking for where the game slipped away…"))
        self.solver.send(back_request(serial, start, tuple(game.undo_stack)))

    @staticmethod
    def lost_before(game: Game) -> Words:
        """Words for a game lost before the oldest position undo reaches: the deal itself,
        or a position further back than undo."""
        if game.moves == len(game.undo_stack):
            return lambda: _("This deal cannot be won, not even from its first card.")
        return lambda: _("The game was lost further back than undo reaches: start the deal again to win it.")

    def go_back(self) -> None:
        """The player accepted the offer: undo to the last winnable position, as one
        command (each undo scores as undos do), one render and one save."""
        table = self.table()
        game = table.game
        if self.offered is None or not self.offered[0].holds(game):
            self.hide()
            self.shown.say(_("Nothing to go back to: ask for a hint when no winning line remains."))
            return
        back = self.offered[1]
        self.hide()
        for _step in range(back):
            game.undo()
        table.after()
        self.shown.say(
            ngettext(
                "Back {count} move: from here the game can still be won.",
                "Back {count} moves: from here the game can still be won.",
                back,
                count=back,
            )
        )

    def hide(self) -> None:
        """Withdraw the offer."""
        if self.offered is not None:
            self.offered = None
            self.shown.offer(False)

    def follow(self) -> None:
        """After any action: the offer goes when the game it is about has changed."""
        if self.offered is not None and not self.offered[0].holds(self.table().game):
            self.hide()

    # -- the worker's replies ------------------------------------------------------------

    def reply(self, reply: Reply) -> bool:
        """Take a reply to one of the coach's requests (``False``: not one of them)."""
        if reply.kind == "back":
            self._back(reply)
        elif reply.kind == "verdict":
            self._verdict(reply)
        elif reply.kind == "line":
            self._line(reply)
        else:
            return False
        return True

    def failed(self) -> None:
        """The worker failed or did not answer: every request in flight is void (the
        page says so for a hint; a verdict typed is asked again)."""
        if self.back_asked is not None:
            self.back_asked = None
            self.shown.say(_("The solver did not answer. Ask for a hint again to retry."))
        if self.code_asked is not None:
            self.code_asked = None
            self.shown.verdict(str)  # no answer coming: the next code typed asks again
        self.line_asked = None

    def _back(self, reply: Reply) -> None:
        asked, game = self.back_asked, self.table().game
        if asked is None or reply.serial != asked.serial:
            return
        self.back_asked = None
        if not asked.holds(game):
            return  # the game moved on: the player asks again
        if reply.verdict == "solved":
            self.offered = (asked, reply.count)
            words = slip_words(game, reply.count)
            self.shown.say(words())
            self.shown.offer(True)
        elif reply.verdict == "unsolvable":
            self.shown.say(self.lost_before(game)())
        else:
            self.shown.say(_("The solver could not tell in time where the game slipped away."))

    # -- what a deal holds ---------------------------------------------------------------

    def code(self, code: DealCode | None) -> None:
        """The New Game window's code field holds ``code`` now (``None``: no valid code):
        its verdict, known or asked of the worker (one request in flight; the last code
        typed is asked next)."""
        self.code_next, self.code_shown = None, code
        if code is None:
            self.shown.verdict(str)
            return
        if code in self.verdicts:
            self.shown.verdict(_verdict_words(self.verdicts[code]))
            return
        self.shown.verdict(lambda: _("Asking the solver whether this deal can be won…"))
        if self.code_asked is not None:
            if self.code_asked[1] != code:
                self.code_next = code
            return
        serial = self.solver.next_serial()
        self.code_asked = (serial, code)
        self.solver.send(verdict_request(serial, code))

    def _verdict(self, reply: Reply) -> None:
        asked = self.code_asked
        if asked is None or reply.serial != asked[0]:
            return
        self.code_asked = None
        self.verdicts[asked[1]] = reply.verdict
        following = self.code_next
        if following is not None:
            self.code(following)
        elif asked[1] == self.code_shown:
            self.shown.verdict(_verdict_words(reply.verdict))

    # -- after a win -----------------------------------------------------------------------

    def won(self, game: Game) -> None:
        """``game`` was just won: ask for the solver's line of its deal (never before)."""
        self.shown.win_line(str)  # an earlier win's line goes
        serial = self.solver.next_serial()
        self.line_asked = (serial, game, game.moves)
        self.solver.send(line_request(serial, game.code))

    def _line(self, reply: Reply) -> None:
        asked, table = self.line_asked, self.table()
        if asked is None or reply.serial != asked[0]:
            return
        self.line_asked = None
        _serial, game, moves = asked
        if reply.verdict != "solved" or table.game is not game:
            return
        length = reply.count

        def words() -> str:
            return ngettext(
                "The solver's line: {count} move.", "The solver's line: {count} moves.", length, count=length
            )

        self.shown.win_line(words)
        if moves < length:
            table.count_solver_beaten()


def _verdict_words(verdict: str) -> Words:
    if verdict == "solved":
        return lambda: _("This deal can be won.")
    if verdict == "unsolvable":
        return lambda: _("This deal cannot be won.")
    return lambda: _("Not known: the solver's search budget ran out before an answer.")


__all__ = ["Asked", "Coach", "Shown", "Solver", "Table", "slip_words"]

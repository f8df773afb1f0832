"""Hints and winnable 8-cell deals: what the page asks the solver's worker, and what it does
with the replies (pure Python; tested under CPython).

:class:`Hints` shows the next move of a winning line, at once when the position is on the
last line found, else after the worker's search; it asks the worker for a deal it has won
(8 cells, "only deals that can be won"); and it reads the worker's replies and failures,
which reach it through the door (:class:`.actions.WorkerReply`, :class:`.actions.WorkerFailed`).
The messages' format is :mod:`.solver.messages`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ...deal import DealCode
from ...game import Game
from ...position import Position
from ..actions import WorkerFailed, WorkerReply
from ..board.marks import Marks
from ..door import Routes
from ..storage.settings import Settings
from ..words.i18n import _
from .messages import Line, Reply, deal_request, hint_request, marks, read_reply, verdict_text


class Solver(Protocol):
    """The solver's worker (:class:`.solver.worker.Worker`)."""

    def next_serial(self) -> int: ...
    def send(self, text: str) -> None: ...


class HintView(Protocol):
    def say(self, text: str) -> None: ...


class HintTable(Protocol):
    @property
    def game(self) -> Game: ...
    @property
    def settings(self) -> Settings: ...

    def count_hint(self) -> None: ...
    def mark(self, hint: Marks) -> None: ...


class Deal(Protocol):
    """Start the deal ``code``; ``message`` says what is said of it (a new deal's words
    when not given)."""

    def __call__(self, code: DealCode, message: Callable[[Game], str] = ...) -> None: ...


def unsolved_deal(game: Game) -> str:
    """What is said of the random deal dealt when the solver could not find a winnable one."""
    return _(
        "New deal {code}: the solver could not find a deal that can be won just now, so this one "
        "is random (almost every deal can be won).",
        code=str(game.code),
    )


class Lessons(Protocol):
    """The coach (:class:`.solver.coach.Coach`): the replies to its own requests, a
    position a hint's search proved lost, a worker given up."""

    def reply(self, reply: Reply) -> bool: ...
    def lost(self, position: Position) -> None: ...
    def failed(self) -> None: ...


class Hints:
    """The hint protocol with the solver's worker; ``deal(code, said)`` starts a deal the
    worker found (or a random one in place of it)."""

    def __init__(self, solver: Solver, view: HintView, table: HintTable, deal: Deal, coach: Lessons) -> None:
        self.solver = solver
        self.coach = coach
        self.view = view
        self.table = table
        self.deal = deal
        self.line: Line | None = None
        """The last winning line found: the next hints along it need no search."""
        self.asked: tuple[int, Position] | None = None
        """The hint request in flight: its serial and the position it is about."""
        self.deal_asked = 0
        """The serial of the winnable 8-cell deal asked for (0: none)."""

    def routes(self) -> Routes:
        return Routes(
            actions=((WorkerReply, self.on_reply), (WorkerFailed, self.on_failure)),
            commands=(("hint", self.hint),),
        )

    def hint(self) -> None:
        """Show the next move of a winning line: at once when the position is on the last
        line found, else after the worker's search (a move made meanwhile voids it)."""
        position = self.table.game.position
        if position.is_won:
            self.view.say(_("The game is won."))
            return
        move = self.line.next_move(position) if self.line is not None else None
        if move is not None:
            self.table.mark(marks(position, move))
            self.table.count_hint()
            return
        if self.asked is not None and self.asked[1] == position:
            return  # the search for this very position is running
        self.asked = (self.solver.next_serial(), position)
        self.view.say(_("Looking for a winning line…"))
        self.solver.send(hint_request(self.asked[0], position))

    def ask_deal(self, cells: int) -> None:
        """Ask the worker for a deal of ``cells`` cells that it has won."""
        self.deal_asked = self.solver.next_serial()
        self.view.say(_("Looking for a deal that can be won…"))
        self.solver.send(deal_request(self.deal_asked, cells))

    def on_reply(self, action: WorkerReply) -> None:
        reply = read_reply(action.text)
        if self.coach.reply(reply):
            return
        if reply.verdict == "deal":
            if reply.serial == self.deal_asked and reply.code is not None:
                self.deal_asked = 0
                self.deal(reply.code)
            return
        if self.asked is None or reply.serial != self.asked[0]:
            return
        position = self.asked[1]
        self.asked = None
        if position != self.table.game.position:
            return  # a move was made meanwhile: the player asks again
        if reply.verdict == "solved":
            self.line = Line.of(position, reply.moves)
            self.hint()
        elif reply.verdict == "unsolvable":
            self.coach.lost(position)  # where did it slip away?
        else:
            self.view.say(verdict_text(reply.verdict))

    def on_failure(self, action: WorkerFailed) -> None:
        """The solver's worker failed or did not answer in time (it is given up; the next
        request starts a fresh one): said only to a player who asked it something (a
        failure with nothing asked, e.g. the page left while the worker loads, stays
        unseen). A winnable 8-cell deal asked for is replaced by an ordinary random one,
        said so."""
        hinted, self.asked = self.asked is not None, None
        self.coach.failed()
        if self.deal_asked:
            self.deal_asked = 0
            self.deal(DealCode.random(self.table.settings.cells), unsolved_deal)
        elif hinted:
            self.view.say(
                _("The solver could not start (is the connection down?). Ask for a hint again to retry.")
                if action.failure == "start"
                else _("The solver did not answer in time. Ask for a hint again to retry.")
            )


__all__ = ["Hints", "unsolved_deal"]

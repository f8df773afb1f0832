"""Finish: a game whose every card left can go to its foundation with no other move is
finished on the player's command, one move at a time (pure Python; tested under CPython).

:class:`Finisher` handles the ``finish`` command (the button ``#finish``, key E), which the
board offers while :attr:`.board.model.BoardModel.can_finish`. The engine names the moves
(:meth:`eightoff.game.Game.finish`); each goes through the door as the :class:`.actions.Play`
a tap would send, a glide apart, so it is scored, undone one at a time and saved like any
move, and the last one shows the win. No card moves by itself (SPEC §5): this is the
player's command, and any other change of the game stops it, and so does a dialog opened
over the board (the door refuses a ``Play`` then: :func:`.door.needs_board`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Final

from ...game import Game
from ...moves import Move
from ..actions import Action, Play
from ..door import Routes
from ..words.i18n import _

STEP_SECONDS: Final = 0.12
"""The time between two moves of Finish: each card seen on its way home."""


class Finisher:
    """Finish on command. ``game()`` is the game in play, ``dispatch`` the door, ``say`` the
    status line, ``run`` runs a coroutine and ``sleep(seconds)`` waits."""

    def __init__(
        self,
        game: Callable[[], Game],
        dispatch: Callable[[Action], None],
        say: Callable[[str], None],
        run: Callable[[Coroutine[Any, Any, None]], None],
        sleep: Callable[[float], Awaitable[None]],
    ) -> None:
        self.game, self.dispatch, self.say, self.run, self.sleep = game, dispatch, say, run, sleep
        self.running = False

    def routes(self) -> Routes:
        return Routes(commands=(("finish", self.finish),))

    def finish(self) -> None:
        """Play the engine's finishing line, or say why there is none."""
        if self.running:
            return
        line = self.game().finish()
        if line is None:
            self.say(_("Finish is for a game whose every card left can go to its foundation now."))
            return
        self.running = True
        self.run(self.play(line))

    async def play(self, line: tuple[Move, ...]) -> None:
        """Each move in turn; stop when the game changed otherwise meanwhile (an undo,
        another deal, another tab) or a move was not played (a dialog over the board)."""
        expected = self.game().position
        try:
            for number, move in enumerate(line):
                if number:
                    await self.sleep(STEP_SECONDS)
                game = self.game()
                if game.position != expected:
                    return  # the game changed otherwise meanwhile
                self.dispatch(Play(move, str(expected.top(move.source))))
                if game.position == expected:
                    return  # not played: a dialog is over the board
                expected = game.position
        finally:
            self.running = False


__all__ = ["STEP_SECONDS", "Finisher"]

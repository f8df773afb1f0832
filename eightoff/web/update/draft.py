"""The next state in the making (pure Python): :class:`Draft` holds it and the effects asked
for while one action is handled, with the few steps every feature shares (say, redraw,
save, ask the solver, open or close a window, a cue heard or felt).

A draft only ever replaces the state it holds with the next value: the state the update
was given stays as it was, so the view can compare the two.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..board.model import Motion
from ..effects import Cue, CueKind, Effect, Save, Solve
from ..state import Change, PageState, Said, Window, World
from ..storage.daily import iso


class Draft:
    """The state after the action so far (``state``), the ``world`` it came in, and the
    ``effects`` asked for, in order."""

    def __init__(self, state: PageState, world: World) -> None:
        self.state = state
        self.world = world
        self.effects: list[Effect] = []

    @property
    def today(self) -> str:
        """The day, as the record writes it."""
        return iso(self.world.day)

    def set(self, **changes: Any) -> None:
        """The state with these fields changed."""
        self.state = replace(self.state, **changes)

    def serial(self) -> int:
        """A new serial (of a request, a timer, a change, words said)."""
        self.state, serial = self.state.next_serial()
        return serial

    def ask(self, effect: Effect) -> None:
        self.effects.append(effect)

    # -- words -----------------------------------------------------------------------

    def say(self, text: str) -> None:
        """``text`` in the status line (shown anew), and said in the live region; ``""``
        clears the status line."""
        self.set(status=Said(text, self.serial()))
        if text:
            self.announce(text)

    def announce(self, text: str) -> None:
        """``text`` said in the live region only."""
        self.set(announce=Said(text, self.serial()))

    # -- the board -----------------------------------------------------------------------

    def redraw(self, motion: Motion = "glide", refused: str | None = None) -> None:
        """The board's next change looks like ``motion``; ``refused``: a card that did not
        move shows it."""
        self.set(change=Change(motion, refused, self.serial()))

    def refuse(self, card: str | None, reason: str) -> None:
        """The one way a refusal shows, whatever the input: ``card`` says no, ``reason``
        goes to the status line and the live region."""
        self.redraw(refused=card)
        self.say(reason)
        self.cue("refuse")

    def cue(self, kind: CueKind) -> None:
        """A sound and a vibration for ``kind``, as the settings ask (none when both are off)."""
        settings = self.state.settings
        if settings.sound or settings.haptics:
            self.ask(Cue(kind, settings.sound, settings.haptics))

    def save(self, take_over: bool = False) -> None:
        """Save the game, its time on the clock in its record."""
        state = self.state
        self.set(stats=state.stats.timed(state.clock.elapsed(self.world.now)))
        self.ask(Save(take_over))

    def solve(self, request: str) -> None:
        self.ask(Solve(request))

    # -- windows ---------------------------------------------------------------------

    def open(self, window: Window) -> None:
        """``window`` in front (in place of an open one of its kind)."""
        kept = tuple(w for w in self.state.windows if w.ident != window.ident)
        self.set(windows=(*kept, window))

    def close(self, ident: str) -> None:
        self.set(windows=tuple(w for w in self.state.windows if w.ident != ident))

    def close_all(self) -> None:
        self.set(windows=())

    def change_window(self, window: Window) -> None:
        """An open window's contents changed (it stays where it is)."""
        self.set(windows=tuple(window if w.ident == window.ident else w for w in self.state.windows))


__all__ = ["Draft"]

"""What the update's tests share: a page state driven through the real
:func:`eightoff.web.update.update`, one action after another, in a fixed :class:`World`.

:class:`Page` stands in for the page's shell (eightoff/web/app.py) and nothing more: it
hands each action to the update with the world of the moment, keeps the state it returns,
and keeps what the effects asked, in order (the requests to the solver's worker, the saves,
the timers waiting, the clipboard and the files). It runs no effect by itself: a test fires
a timer (:meth:`Page.fire`), answers the worker with its real answer (:meth:`Page.reply`)
or hands back a save's outcome, as the shell would. Every update is checked to leave the
state it was given as it was (a deep snapshot taken before), and the words on screen are
kept as they are said anew: the status line's (:attr:`Page.said`) and the live region's
(:attr:`Page.announced`).
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from datetime import date
from types import MappingProxyType
from typing import Any

from eightoff import DealCode, Game, Move, Position
from eightoff.web.actions import Action, Command, CommandName, WorkerReply
from eightoff.web.effects import Copy, Download, Effect, Later, Save, Solve
from eightoff.web.solver.messages import answer
from eightoff.web.state import PageState, World
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Stats
from eightoff.web.update import start, update
from tests.engine.test_game import FINISHABLE

CODE = DealCode.parse("EO1-C8-AAAAAFA")
"""The deal of the module doctests: column 1 is 3S AD 8H KH 6S 5S (its top card the 5 of
spades), column 2's top card the 5 of hearts, cell 1 holds the queen of spades."""
DAY = date(2026, 12, 1)
WORLD = World(now=0.0, day=DAY, stamp="2026-12-01T12:00:00Z", chance=0)
PAGE = "https://example.org/eightoff/"
HOME_5S = "The 5 of spades cannot go on its foundation yet: the ace of spades goes there next."
"""Why the 5 of spades cannot go to its foundation in EO1-C8-AAAAAFA (the engine's reason)."""
ON_5H = "The 5 of spades goes only on the 6 of spades."
COVERED = "The 3 of spades does not head a run of one suit in sequence."


def new_game(code: DealCode | str = CODE, *moves: str) -> Game:
    """The deal ``code`` after ``moves`` (in the engine's notation)."""
    game = Game.new(DealCode.parse(code) if isinstance(code, str) else code)
    for move in moves:
        game.play(Move.parse(move))
    return game


def finishable() -> Game:
    """Move 78 of 94 of the solver's line for EO1-C8-XDJVQE7: Finish plays the last 16."""
    return Game(DealCode.parse("EO1-C8-XDJVQE7"), Position.from_fcs(FINISHABLE, cells=8))


def state_of(
    game: Game | None = None, settings: Settings | None = None, stats: Stats | None = None, **fields: Any
) -> PageState:
    """A state showing ``game`` (the deal :data:`CODE` by default), its record begun at its
    deal unless given, the page at :data:`PAGE`; ``fields``: any other field of the state."""
    game = game if game is not None else new_game()
    stats = stats if stats is not None else Stats().begin(game.code).follow(game, "2026-12-01")
    return PageState(game, settings or Settings(), stats, page=PAGE, **fields)


def snapshot(state: PageState) -> PageState:
    """A deep copy of ``state``, equal to it and sharing nothing mutable with it (the
    read-only mappings, which :func:`copy.deepcopy` cannot copy, copied by hand)."""
    verdicts = state.coach.verdicts
    memo = {id(verdicts): MappingProxyType(copy.deepcopy(dict(verdicts)))}
    return copy.deepcopy(state, memo)


def step(state: PageState, action: Action, world: World = WORLD) -> tuple[PageState, tuple[Effect, ...]]:
    """One update, checked to leave the state it was given as it was."""
    before = snapshot(state)
    after, effects = update(state, action, world)
    assert state == before, f"{action!r} changed the state it was given"
    assert before.game == state.game and before.stats == state.stats
    return after, effects


class Page:
    """A page's state driven through the update (see the module's notes)."""

    def __init__(self, state: PageState | None = None, world: World = WORLD) -> None:
        self.state = state if state is not None else state_of()
        self.world = world
        self.effects: list[Effect] = []
        """Every effect asked for, in order."""
        self.timers: dict[str, Later] = {}
        """The timers waiting, by key (a later one of the same key replaces it)."""
        self.said: list[str] = []
        """The words said anew in the status line, in order (a cleared line left out)."""
        self.announced: list[str] = []
        """The words said anew in the live region, in order."""

    @classmethod
    def started(cls, game: Game | None = None, world: World = WORLD, **options: Any) -> Page:
        """The page as :func:`eightoff.web.update.start` makes it (``options``: its
        keywords; the settings and the record default to none chosen and none kept)."""
        settings = options.pop("settings", Settings())
        stats = options.pop("stats", Stats())
        options.setdefault("page", PAGE)
        state, effects = start(world, game if game is not None else new_game(), settings, stats, **options)
        page = cls(PageState(state.game), world)
        page.take(state, effects)
        return page

    # -- time and actions ------------------------------------------------------------------

    def at(self, now: float) -> Page:
        """The world's time is ``now`` (ms) from here on."""
        self.world = replace(self.world, now=now)
        return self

    def do(self, *actions: Action | CommandName) -> tuple[Effect, ...]:
        """Each action (a command by its name) through the update; the last one's effects."""
        effects: tuple[Effect, ...] = ()
        for action in actions:
            state, effects = step(
                self.state, Command(action) if isinstance(action, str) else action, self.world
            )
            self.take(state, effects)
        return effects

    def take(self, state: PageState, effects: tuple[Effect, ...]) -> None:
        old = self.state
        if state.status.serial != old.status.serial and state.status.text:
            self.said.append(state.status.text)
        if state.announce.serial != old.announce.serial:
            self.announced.append(state.announce.text)
        self.state = state
        self.effects += effects
        for effect in effects:
            if isinstance(effect, Later):
                self.timers[effect.key] = effect

    def fire(self, key: str) -> Later:
        """The timer ``key`` comes due: its action through the update (the time moved on
        by its delay)."""
        timer = self.timers.pop(key)
        self.at(self.world.now + timer.ms).do(timer.action)
        return timer

    def run_out(self, key: str, limit: int = 1000) -> int:
        """Fire the timer ``key`` until none is waiting; how many fired."""
        fired = 0
        while key in self.timers:
            assert fired < limit, f"the timer {key!r} never stops"
            self.fire(key)
            fired += 1
        return fired

    # -- the worker ------------------------------------------------------------------------

    @property
    def requests(self) -> list[dict[str, Any]]:
        """The requests sent to the solver's worker, read, in order."""
        return [json.loads(e.request) for e in self.effects if isinstance(e, Solve)]

    def reply(self, text: str | None = None, index: int = -1, **limits: Any) -> None:
        """The worker answers request ``index`` (the last by default): with ``text``, or its
        real answer (a small budget: a quick test; ``limits`` may give others)."""
        if text is None:
            sent = [e.request for e in self.effects if isinstance(e, Solve)][index]
            limits = {"budget": 20_000, "seconds": None, **limits}
            text = answer(sent, **limits)
        self.do(WorkerReply(text))

    # -- what the effects asked -------------------------------------------------------------

    @property
    def saves(self) -> list[Save]:
        return [e for e in self.effects if isinstance(e, Save)]

    @property
    def copies(self) -> list[Copy]:
        return [e for e in self.effects if isinstance(e, Copy)]

    @property
    def downloads(self) -> list[Download]:
        return [e for e in self.effects if isinstance(e, Download)]

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def windows(self) -> list[str]:
        """The open windows' ids, the one in front last."""
        return [w.ident for w in self.state.windows]


def reply_text(serial: int, kind: str, verdict: str, code: str = "", count: int = 0) -> str:
    """A worker's reply written by hand (:func:`eightoff.web.solver.messages.answer`'s form)."""
    return json.dumps(
        {"serial": serial, "kind": kind, "verdict": verdict, "moves": [], "code": code, "count": count}
    )


__all__ = [
    "CODE",
    "COVERED",
    "DAY",
    "HOME_5S",
    "ON_5H",
    "PAGE",
    "WORLD",
    "Page",
    "finishable",
    "new_game",
    "reply_text",
    "snapshot",
    "state_of",
    "step",
]

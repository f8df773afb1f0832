"""The board's headless state: what the pointer holds, which piles are lit, whether a tap
is the second of a double tap (pure Python, no browser import; tested under CPython).

The engine decides every rule: this module only asks it (``lift``, ``targets``, ``tap``,
``double_tap``) and turns pointer gestures into at most one :class:`Move` to play.

>>> from eightoff import DealCode, Game
>>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
>>> ui = UiState()
>>> ui.down(game, "column-1", 5, "5S", pointer=1, x=0, y=0, now=0)
>>> ui.move(game, 20, 0)
'started'
>>> sorted(ui.lit)
['cell-5', 'cell-6', 'cell-7', 'cell-8']
>>> ui.up(game, "cell-5", now=100)
Action(kind='play', move=Move.parse('1e'), card='5S')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from ..game import Game
from ..moves import Move
from ..piles import Pile

DOUBLE_TAP_MS: Final = 350.0
"""A second tap within this many milliseconds on the same card (or place) is a double tap."""
DRAG_THRESHOLD: Final = {"mouse": 5.0, "pen": 6.0, "touch": 9.0}
"""How far (CSS pixels) the pointer travels before a press becomes a drag."""

ActionKind = Literal["play", "back", "feedback", "none"]


@dataclass(frozen=True)
class Action:
    """What the page does after a gesture: ``play`` one move, put dragged cards ``back``,
    give ``feedback`` on a card (nothing moves), or ``none``. ``card`` is the touched card."""

    kind: ActionKind
    move: Move | None = None
    card: str = ""


NOTHING: Final = Action("none")


@dataclass
class Press:
    """A pointer held down on a card: the card at ``index`` (0 = bottom) of ``pile``."""

    pointer: int
    pile: str
    index: int
    card: str
    count: int
    """How many cards the engine lets this touch lift (0: none may move from here)."""
    x: float
    y: float
    time: float
    kind: str = "mouse"
    dragging: bool = False
    dx: float = 0.0
    dy: float = 0.0


@dataclass
class Tap:
    """The last tap: where, on which card, when, and whether it moved the card."""

    pile: str
    index: int
    card: str
    time: float
    moved: bool


@dataclass
class UiState:
    """Everything the board remembers between pointer events."""

    press: Press | None = None
    last_tap: Tap | None = None
    lit: frozenset[str] = field(default_factory=frozenset)

    # -- pointer down, move, up --------------------------------------------------

    def down(
        self,
        game: Game,
        pile: str,
        index: int,
        card: str,
        *,
        pointer: int,
        x: float,
        y: float,
        now: float,
        kind: str = "mouse",
    ) -> None:
        """A pointer went down on a card: remember it and how many cards it may lift."""
        count = game.lift(Pile.from_key(pile), index)
        self.press = Press(pointer, pile, index, card, count, x, y, now, kind)
        self.lit = frozenset()

    def move(self, game: Game, x: float, y: float) -> Literal["started", "moved"] | None:
        """The pointer moved to (x, y): ``'started'`` when this move turns the press into a
        drag (the legal targets are now :attr:`lit`), ``'moved'`` while dragging, else
        ``None`` (no press, still within the tap threshold, or nothing may be lifted)."""
        press = self.press
        if press is None:
            return None
        press.dx, press.dy = x - press.x, y - press.y
        if press.dragging:
            return "moved"
        threshold = DRAG_THRESHOLD.get(press.kind, DRAG_THRESHOLD["mouse"])
        if press.dx * press.dx + press.dy * press.dy < threshold * threshold:
            return None
        if not press.count:
            press.kind = "dead"  # moved too far for a tap, and nothing to drag
            return None
        press.dragging = True
        self.last_tap = None  # a drag in between ends any double tap
        self.lit = frozenset(p.key for p in game.targets(Pile.from_key(press.pile), press.index))
        return "started"

    def up(self, game: Game, drop: str | None, now: float) -> Action:
        """The pointer went up over pile ``drop`` (``None``: over no pile)."""
        press, self.press, self.lit = self.press, None, frozenset()
        if press is None:
            return NOTHING
        if press.dragging:
            if drop is None or drop == press.pile:
                return Action("back", card=press.card)
            move = Move(Pile.from_key(press.pile), Pile.from_key(drop), press.count)
            return Action("play", move, press.card)
        if press.kind == "dead":
            if drop is None or drop == press.pile:
                return NOTHING
            size = game.position.size(Pile.from_key(press.pile))
            move = Move(Pile.from_key(press.pile), Pile.from_key(drop), size - press.index)
            return Action("play", move, press.card)  # the engine will say why not
        return self.tap(game, press.pile, press.index, press.card, now)

    def cancel(self) -> bool:
        """The gesture was interrupted (pointercancel, lost capture): drop it. Returns
        whether cards were being dragged (they go back)."""
        dragging = self.press is not None and self.press.dragging
        self.press, self.lit = None, frozenset()
        return dragging

    # -- taps ----------------------------------------------------------------------

    def tap(self, game: Game, pile: str, index: int, card: str, now: float) -> Action:
        """A tap on a card. A second tap within :data:`DOUBLE_TAP_MS` is the second half
        of a double tap when it lands on the same card, or on the same pile after the
        first tap moved its card away: then it does nothing, otherwise it plays the
        engine's ``double_tap`` move. A single tap on a column's top card or a cell's
        card plays the engine's ``tap`` move (to its foundation) when there is one."""
        last = self.last_tap
        if last is not None and 0 <= now - last.time <= DOUBLE_TAP_MS:
            if last.moved and last.pile == pile:
                # The first tap sent its card away; the second lands on the same pile
                # (on the card that was under it, or on the empty place): nothing.
                self.last_tap = None
                return NOTHING
            if not last.moved and (last.pile, last.card) == (pile, card):
                self.last_tap = None
                move = game.double_tap(Pile.from_key(pile), index)
                return Action("play", move, card) if move else Action("feedback", card=card)
        source = Pile.from_key(pile)
        is_top = not source.is_foundation and index == game.position.size(source) - 1
        move = game.tap(source) if is_top else None
        self.last_tap = Tap(pile, index, card, now, moved=move is not None)
        return Action("play", move, card) if move else Action("feedback", card=card)

    def forget_tap(self) -> None:
        """Undo, redo or a new game happened: the next tap starts afresh."""
        self.last_tap = None

    def tap_failed(self) -> None:
        """The tap's move turned out illegal after all: the card did not move."""
        if self.last_tap is not None:
            self.last_tap.moved = False

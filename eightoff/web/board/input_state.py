"""The board's headless state: what the pointer holds, which cards are picked up and
which piles are lit, whether a tap is the second of a double tap (pure Python, no browser
import; tested under CPython).

The engine decides every rule: this module only asks it (``lift``, ``targets``, ``tap``,
``double_tap``) and turns gestures into at most one :mod:`.actions` value.

Two layers. :meth:`InputState.pick` and :meth:`InputState.drop` are "pick up these cards, then
put them there", whatever the input: a drag picks when the pointer has moved far enough
and drops where it is released, and keyboard play or tap-to-select can pick and drop the
same way. :meth:`InputState.down`, :meth:`~InputState.move` and :meth:`~InputState.up` read a
pointer: a press that moves is a drag, one that does not is a tap or half a double tap.

>>> from eightoff import DealCode, Game
>>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
>>> ui = InputState()
>>> ui.down("column-1", 5, "5S", pointer=1, x=0, y=0, now=0)
>>> ui.move(game, 20, 0)
'started'
>>> sorted(ui.lit)
['cell-5', 'cell-6', 'cell-7', 'cell-8']
>>> ui.up(game, "cell-5", now=100)
Play(move=Move.parse('1e'), card='5S')

The same move picked and dropped without a pointer:

>>> ui.pick(game, "column-1", 5, "5S")
True
>>> ui.drop("cell-5")
Play(move=Move.parse('1e'), card='5S')
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Final, Literal

from ...game import Game
from ...moves import Move
from ...piles import Pile
from ..actions import BoardAction, Feedback, Play, PutBack, Select

DOUBLE_TAP_MS: Final = 350.0
"""A second tap within this many milliseconds on the same card (or place) is a double tap."""
DRAG_THRESHOLD: Final = {"mouse": 5.0, "pen": 6.0, "touch": 9.0}
"""How far (CSS pixels) the pointer travels before a press becomes a drag."""


@dataclass(frozen=True)
class Held:
    """Cards picked up to be put somewhere: the top ``count`` cards of ``pile``, from the
    card at ``index`` (0 = bottom), which is ``card``."""

    pile: str
    index: int
    card: str
    count: int
    jumped: bool = False
    """Picked by a key that names the pile (:meth:`InputState.jump`): where they go, the
    engine decides how many of the run go with them."""


@dataclass
class Press:
    """A pointer held down on a card: the card at ``index`` (0 = bottom) of ``pile``."""

    pointer: int
    pile: str
    index: int
    card: str
    x: float
    y: float
    time: float
    kind: str = "mouse"
    """The pointer type: ``mouse``, ``pen`` or ``touch``."""
    dragging: bool = False
    """The press moved past the threshold and picked its cards up."""
    dead: bool = False
    """The press moved past the threshold but no card may be lifted from here: neither a
    tap nor a drag; released over another pile, its move is still sent so the engine says
    why not."""
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
    waiting: bool = False
    """Its refusal is held for the double-tap window (:class:`.board.refusals.TapWait`):
    until it is shown, a second tap on the card is the double tap, whatever the time."""


@dataclass
class InputState:
    """Everything the board remembers between input events."""

    press: Press | None = None
    held: Held | None = None
    last_tap: Tap | None = None
    lit: frozenset[str] = field(default_factory=frozenset)
    """The keys of the piles the held cards may go to (the engine's targets)."""
    tap_to_select: bool = False
    """The setting: a tap picks up (:class:`.actions.Select`) instead of sending the card
    to its foundation, and a tap while cards are held puts them down."""

    # -- pick up, put down (any input) ---------------------------------------------

    def pick(self, game: Game, pile: str, index: int, card: str) -> bool:
        """Pick up the cards from ``index`` to the top of ``pile`` and light the piles
        they may go to. False (nothing picked) when the engine lets no card move from
        there. A pick ends any double tap."""
        count = game.lift(Pile.from_key(pile), index)
        if not count:
            return False
        self.held = Held(pile, index, card, count)
        self.lit = frozenset(p.key for p in game.targets(Pile.from_key(pile), index))
        self.last_tap = None
        return True

    def drop(self, target: str | None) -> Play | PutBack | None:
        """Put the held cards on pile ``target``: one move to play (an illegal one too,
        so the engine can say why), or back home when ``target`` is ``None`` (no pile) or
        their own pile. ``None`` when nothing is held."""
        held = self.held
        if held is None or target is None or target == held.pile:
            return self.put_back()
        self.held, self.lit = None, frozenset()
        return Play(Move(Pile.from_key(held.pile), Pile.from_key(target), held.count), held.card)

    def put_back(self) -> PutBack | None:
        """The held cards go back to their pile (``None`` when nothing is held)."""
        held, self.held, self.lit = self.held, None, frozenset()
        return None if held is None else PutBack(held.card)

    def select(self, game: Game, pile: str, index: int | None) -> Play | PutBack | bool:
        """Enter, Space or a tap-to-select tap on ``pile`` (card ``index``; ``None``: its
        top card): with cards held, put them there (:meth:`drop`); else pick up from
        there (:meth:`pick`): True when picked, False when the engine lets nothing move
        from there.

        >>> from eightoff import DealCode, Game
        >>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
        >>> ui = InputState()
        >>> ui.select(game, "column-1", None), ui.held
        (True, Held(pile='column-1', index=5, card='5S', count=1, jumped=False))
        >>> ui.select(game, "cell-5", None)
        Play(move=Move.parse('1e'), card='5S')
        >>> ui.select(game, "column-1", 0)
        False
        """
        if self.held is not None:
            result = self.drop(pile)
            assert result is not None
            return result
        source = Pile.from_key(pile)
        cards = game.position.cards(source)
        at = len(cards) - 1 if index is None else index
        return 0 <= at < len(cards) and self.pick(game, pile, at, str(cards[at]))

    def jump(self, game: Game, pile: str) -> Play | PutBack | bool | None:
        """A key that names ``pile``: like :meth:`select` on its top card, except that
        cards picked up by a jump go as a run as far as the target takes it (the
        engine's :meth:`~eightoff.game.Game.onto`), and a jump's pick lights every pile
        some of the run may go to. ``None``: this game has no such pile.

        >>> from eightoff import DealCode, Game
        >>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
        >>> ui = InputState()
        >>> ui.jump(game, "column-1"), ui.held
        (True, Held(pile='column-1', index=5, card='5S', count=1, jumped=True))
        >>> ui.jump(game, "cell-5")
        Play(move=Move.parse('1e'), card='5S')
        >>> ui.jump(Game.new(DealCode.parse("EO1-C2-AAAAAFA")), "cell-3") is None
        True
        """
        piles = tuple(game.position.piles())
        if pile not in {p.key for p in piles}:
            return None
        held = self.held
        if held is None:
            picked = self.select(game, pile, None)
            if picked is True and self.held is not None:
                source = Pile.from_key(pile)
                self.held = replace(self.held, jumped=True)
                self.lit = frozenset(t.key for t in piles if game.onto(source, t) is not None)
            return picked
        if held.jumped and pile != held.pile:
            source = Pile.from_key(held.pile)
            move = game.onto(source, Pile.from_key(pile))
            if move is not None:
                cards = game.position.cards(source)
                self.held, self.lit = None, frozenset()
                return Play(move, str(cards[len(cards) - move.count]))
        return self.select(game, pile, None)

    def reset(self) -> None:
        """Another game is shown: forget every press, held card and tap."""
        self.press, self.held, self.last_tap, self.lit = None, None, None, frozenset()

    # -- pointer down, move, up --------------------------------------------------

    def down(
        self,
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
        """A pointer went down on a card: remember where and when."""
        self.press = Press(pointer, pile, index, card, x, y, now, kind)

    def move(self, game: Game, x: float, y: float) -> Literal["started", "moved"] | None:
        """The pointer moved to (x, y): ``'started'`` when this move turns the press into a
        drag (its cards are :attr:`held` and the legal targets :attr:`lit`), ``'moved'``
        while dragging, else ``None`` (no press, still within the tap threshold, or
        nothing may be lifted)."""
        press = self.press
        if press is None:
            return None
        press.dx, press.dy = x - press.x, y - press.y
        if press.dragging:
            return "moved"
        if press.dead:
            return None
        threshold = DRAG_THRESHOLD.get(press.kind, DRAG_THRESHOLD["mouse"])
        if press.dx * press.dx + press.dy * press.dy < threshold * threshold:
            return None
        if not self.pick(game, press.pile, press.index, press.card):
            press.dead = True  # moved too far for a tap, and nothing to drag
            return None
        press.dragging = True
        return "started"

    def up(self, game: Game, drop: str | None, now: float) -> BoardAction | Select | None:
        """The pointer went up over pile ``drop`` (``None``: over no pile). With
        :attr:`tap_to_select`, a tap is a :class:`.actions.Select` of its card."""
        press, self.press = self.press, None
        if press is None:
            return None
        if press.dragging:
            return self.drop(drop)
        if press.dead:
            if drop is None or drop == press.pile:
                return None
            source = Pile.from_key(press.pile)
            move = Move(source, Pile.from_key(drop), game.position.size(source) - press.index)
            return Play(move, press.card)  # the engine will say why not
        if self.tap_to_select:
            return Select(press.pile, press.index)
        return self.tap(game, press.pile, press.index, press.card, now)

    def cancel(self) -> PutBack | None:
        """The gesture was interrupted (pointercancel, lost capture): forget it; the cards
        being dragged, if any, go back."""
        press, self.press = self.press, None
        if press is not None and press.dragging:
            return self.put_back()
        return None

    # -- taps ----------------------------------------------------------------------

    def tap(self, game: Game, pile: str, index: int, card: str, now: float) -> Play | Feedback | None:
        """A tap on a card. A second tap within :data:`DOUBLE_TAP_MS` is the second half
        of a double tap when it lands on the same card, or on the same pile after the
        first tap moved its card away: then it does nothing (``None``), otherwise it plays
        the engine's ``double_tap`` move (or gives ``double-tap`` feedback when there is
        none). A single tap on a column's top card or a cell's card plays the engine's
        ``tap`` move (to its foundation) when there is one, else gives ``tap`` feedback
        (which the hands hold for the window: :class:`.board.refusals.TapWait`)."""
        last = self.last_tap
        if last is not None and (last.waiting or 0 <= now - last.time <= DOUBLE_TAP_MS):
            if last.moved and last.pile == pile:
                # The first tap sent its card away; the second lands on the same pile
                # (on the card that was under it, or on the empty place): nothing.
                self.last_tap = None
                return None
            if not last.moved and (last.pile, last.card) == (pile, card):
                self.last_tap = None
                move = game.double_tap(Pile.from_key(pile), index)
                return Play(move, card) if move else Feedback(card, "double-tap")
        source = Pile.from_key(pile)
        is_top = not source.is_foundation and index == game.position.size(source) - 1
        move = game.tap(source) if is_top else None
        self.last_tap = Tap(pile, index, card, now, moved=move is not None)
        return Play(move, card) if move else Feedback(card, "tap")

    def forget_tap(self) -> None:
        """Undo, redo or a new game happened: the next tap starts afresh."""
        self.last_tap = None

    def tap_failed(self) -> None:
        """The tap's move turned out illegal after all: the card did not move."""
        if self.last_tap is not None:
            self.last_tap.moved = False

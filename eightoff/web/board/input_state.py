"""The board's input state: what the pointer presses, which cards are picked up and which
piles are lit, whether a tap is the second of a double tap (pure Python, no browser import;
tested under CPython).

The engine decides every rule: this module only asks it (``lift``, ``targets``, ``tap``,
``double_tap``, ``onto``) and turns gestures into at most one :data:`Gesture`: :class:`Play`
one move (the engine may refuse it, and then says why), :class:`PutBack` the carried cards,
or :class:`Feedback` (nothing moves; the card shows it). :class:`InputState` is a value:
each method returns the next state with its result, the state it was called on unchanged.

Two layers. :meth:`InputState.pick` and :meth:`~InputState.drop` are "pick up these cards,
then put them there", whatever the input: a drag picks when the pointer has moved far
enough and drops where it is released, and keyboard play or tap-to-select pick and drop
the same way. :meth:`~InputState.down`, :meth:`~InputState.move` and :meth:`~InputState.up`
read a pointer: a press that moves is a drag, one that does not is a tap or half a double
tap.

>>> from eightoff import DealCode, Game
>>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
>>> ui = InputState().down(Press(1, "column-1", 5, "5S", 0, 0, 0))
>>> ui, step = ui.move(game, 20, 0)
>>> step, sorted(ui.lit)
('started', ['cell-5', 'cell-6', 'cell-7', 'cell-8'])
>>> ui.up(game, "cell-5", now=100)[1]
Play(move=Move.parse('1e'), card='5S')

The same move picked and dropped without a pointer:

>>> InputState().pick(game, "column-1", 5, "5S").drop("cell-5")[1]
Play(move=Move.parse('1e'), card='5S')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

from ...game import Game
from ...moves import Move
from ...piles import Pile

DOUBLE_TAP_MS: Final = 350.0
"""A second tap within this many milliseconds on the same card (or place) is a double tap."""
DRAG_THRESHOLD: Final = {"mouse": 5.0, "pen": 6.0, "touch": 9.0}
"""How far (CSS pixels) the pointer travels before a press becomes a drag."""


@dataclass(frozen=True)
class Play:
    """Play ``move``. ``card`` is the card the gesture touched (the head of the moved
    cards): when the engine refuses the move and nothing was carried, it shows the refusal."""

    move: Move
    card: str


@dataclass(frozen=True)
class PutBack:
    """The carried cards, headed by ``card``, go back to their pile."""

    card: str


FeedbackReason = Literal["tap", "double-tap"]
"""Why a gesture moved nothing: ``tap``, a single tap whose card has no move to its
foundation (it may be the first half of a double tap); ``double-tap``, a double tap for
which the engine found no move at all."""


@dataclass(frozen=True)
class Feedback:
    """Nothing moves: brief feedback on ``card``, and the ``reason``."""

    card: str
    reason: FeedbackReason


@dataclass(frozen=True)
class SelectAt:
    """A tap with tap-to-select: pick up the card at ``index`` of ``pile`` (or put the
    cards held there), as Enter does on it."""

    pile: str
    index: int


Gesture = Play | PutBack | Feedback
"""What a gesture on the cards ends in."""


@dataclass(frozen=True)
class Held:
    """Cards picked up to be put somewhere: the top ``count`` cards of ``pile``, from the
    card at ``index`` (0 = bottom), which is ``card``. ``jumped``: picked by a key that
    names the pile (:meth:`InputState.jump`): where they go, the engine decides how many of
    the run go with them."""

    pile: str
    index: int
    card: str
    count: int
    jumped: bool = False


@dataclass(frozen=True)
class Press:
    """A pointer held down on the card at ``index`` (0 = bottom) of ``pile``, at (``x``,
    ``y``) at ``time`` (ms), of ``kind`` mouse, pen or touch. ``dragging``: it moved past
    the threshold and picked its cards up; ``dead``: it moved past the threshold but no
    card may be lifted from there (neither a tap nor a drag: released over another pile,
    its move is still sent so the engine says why not); ``dx``, ``dy``: how far it moved."""

    pointer: int
    pile: str
    index: int
    card: str
    x: float
    y: float
    time: float
    kind: str = "mouse"
    dragging: bool = False
    dead: bool = False
    dx: float = 0.0
    dy: float = 0.0


@dataclass(frozen=True)
class Tap:
    """The last tap: where, on which card, when, and whether it moved the card.
    ``waiting``: its refusal is held for the double-tap window: until it is shown, a second
    tap on the card is the double tap, whatever the time."""

    pile: str
    index: int
    card: str
    time: float
    moved: bool
    waiting: bool = False


@dataclass(frozen=True)
class InputState:
    """Everything the board remembers between input events: the ``press`` of a pointer,
    the cards ``held``, the ``last_tap`` and the piles ``lit`` (the engine's targets of
    the held cards)."""

    press: Press | None = None
    held: Held | None = None
    last_tap: Tap | None = None
    lit: frozenset[str] = frozenset()

    # -- pick up, put down (any input) ---------------------------------------------

    def pick(self, game: Game, pile: str, index: int, card: str) -> InputState:
        """The cards from ``index`` to the top of ``pile`` picked up, the piles they may go
        to lit; ``self`` (nothing picked) when the engine lets no card move from there. A
        pick ends any double tap."""
        count = game.lift(Pile.from_key(pile), index)
        if not count:
            return self
        lit = frozenset(p.key for p in game.targets(Pile.from_key(pile), index))
        return replace(self, held=Held(pile, index, card, count), lit=lit, last_tap=None)

    def drop(self, target: str | None) -> tuple[InputState, Play | PutBack | None]:
        """The held cards put on pile ``target``: one move to play (an illegal one too, so
        the engine can say why), or back home when ``target`` is ``None`` (no pile) or their
        own pile. ``None`` when nothing is held."""
        held = self.held
        if held is None or target is None or target == held.pile:
            return self.put_back()
        move = Move(Pile.from_key(held.pile), Pile.from_key(target), held.count)
        return replace(self, held=None, lit=frozenset()), Play(move, held.card)

    def put_back(self) -> tuple[InputState, PutBack | None]:
        """The held cards go back to their pile (``None`` when nothing is held)."""
        held = self.held
        return replace(self, held=None, lit=frozenset()), None if held is None else PutBack(held.card)

    def select(self, game: Game, pile: str, index: int | None) -> tuple[InputState, Play | PutBack | bool]:
        """Enter, Space or a tap-to-select tap on ``pile`` (card ``index``; ``None``: its
        top card): with cards held, put them there (:meth:`drop`); else pick up from
        there (:meth:`pick`): ``True`` when picked, ``False`` when the engine lets nothing
        move from there.

        >>> from eightoff import DealCode, Game
        >>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
        >>> ui, picked = InputState().select(game, "column-1", None)
        >>> picked, ui.held
        (True, Held(pile='column-1', index=5, card='5S', count=1, jumped=False))
        >>> ui.select(game, "cell-5", None)[1]
        Play(move=Move.parse('1e'), card='5S')
        >>> InputState().select(game, "column-1", 0)[1]
        False
        """
        if self.held is not None:
            state, result = self.drop(pile)
            assert result is not None
            return state, result
        cards = game.position.cards(Pile.from_key(pile))
        at = len(cards) - 1 if index is None else index
        if not 0 <= at < len(cards):
            return self, False
        picked = self.pick(game, pile, at, str(cards[at]))
        return picked, picked.held is not None

    def jump(self, game: Game, pile: str) -> tuple[InputState, Play | PutBack | bool | None]:
        """A key that names ``pile``: like :meth:`select` on its top card, except that
        cards picked up by a jump go as a run as far as the target takes it (the engine's
        :meth:`~eightoff.game.Game.onto`), and a jump's pick lights every pile some of the
        run may go to. ``None``: this game has no such pile.

        >>> from eightoff import DealCode, Game
        >>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
        >>> ui, picked = InputState().jump(game, "column-1")
        >>> picked, ui.held
        (True, Held(pile='column-1', index=5, card='5S', count=1, jumped=True))
        >>> ui.jump(game, "cell-5")[1]
        Play(move=Move.parse('1e'), card='5S')
        >>> InputState().jump(Game.new(DealCode.parse("EO1-C2-AAAAAFA")), "cell-3")[1] is None
        True
        """
        piles = tuple(game.position.piles())
        if pile not in {p.key for p in piles}:
            return self, None
        held = self.held
        if held is None:
            state, picked = self.select(game, pile, None)
            if picked is True and state.held is not None:
                source = Pile.from_key(pile)
                lit = frozenset(t.key for t in piles if game.onto(source, t) is not None)
                state = replace(state, held=replace(state.held, jumped=True), lit=lit)
            return state, picked
        if held.jumped and pile != held.pile:
            source = Pile.from_key(held.pile)
            move = game.onto(source, Pile.from_key(pile))
            if move is not None:
                cards = game.position.cards(source)
                return replace(self, held=None, lit=frozenset()), Play(
                    move, str(cards[len(cards) - move.count])
                )
        return self.select(game, pile, None)

    # -- pointer down, move, up --------------------------------------------------

    def down(self, press: Press) -> InputState:
        """A pointer went down on a card."""
        return replace(self, press=press)

    def move(self, game: Game, x: float, y: float) -> tuple[InputState, Literal["started", "moved"] | None]:
        """The pointer moved to (x, y): ``'started'`` when this move turns the press into a
        drag (its cards :attr:`held`, the legal targets :attr:`lit`), ``'moved'`` while
        dragging, else ``None`` (no press, still within the tap threshold, or nothing may be
        lifted)."""
        press = self.press
        if press is None:
            return self, None
        press = replace(press, dx=x - press.x, dy=y - press.y)
        if press.dragging:
            return replace(self, press=press), "moved"
        if press.dead:
            return replace(self, press=press), None
        threshold = DRAG_THRESHOLD.get(press.kind, DRAG_THRESHOLD["mouse"])
        if press.dx * press.dx + press.dy * press.dy < threshold * threshold:
            return replace(self, press=press), None
        picked = self.pick(game, press.pile, press.index, press.card)
        if picked.held is None:  # moved too far for a tap, and nothing to drag
            return replace(self, press=replace(press, dead=True)), None
        return replace(picked, press=replace(press, dragging=True)), "started"

    def up(
        self, game: Game, drop: str | None, now: float, tap_to_select: bool = False
    ) -> tuple[InputState, Gesture | SelectAt | None]:
        """The pointer went up over pile ``drop`` (``None``: over no pile). With
        ``tap_to_select``, a tap is a :class:`SelectAt` of its card."""
        press, state = self.press, replace(self, press=None)
        if press is None:
            return self, None
        if press.dragging:
            return state.drop(drop)
        if press.dead:
            if drop is None or drop == press.pile:
                return state, None
            source = Pile.from_key(press.pile)
            move = Move(source, Pile.from_key(drop), game.position.size(source) - press.index)
            return state, Play(move, press.card)  # the engine will say why not
        if tap_to_select:
            return state, SelectAt(press.pile, press.index)
        return state.tap(game, press.pile, press.index, press.card, now)

    def cancel(self) -> tuple[InputState, PutBack | None]:
        """The gesture was interrupted (pointercancel, lost capture): forgotten; the cards
        being dragged, if any, go back."""
        press, state = self.press, replace(self, press=None)
        if press is not None and press.dragging:
            return state.put_back()
        return state, None

    # -- taps ----------------------------------------------------------------------

    def tap(
        self, game: Game, pile: str, index: int, card: str, now: float
    ) -> tuple[InputState, Gesture | None]:
        """A tap on a card. A second tap within :data:`DOUBLE_TAP_MS` is the second half
        of a double tap when it lands on the same card, or on the same pile after the first
        tap moved its card away: then it does nothing (``None``), otherwise it plays the
        engine's ``double_tap`` move (or gives ``double-tap`` feedback when there is none).
        A single tap on a column's top card or a cell's card plays the engine's ``tap`` move
        (to its foundation) when there is one, else gives ``tap`` feedback (held for the
        window by the update)."""
        last = self.last_tap
        if last is not None and (last.waiting or 0 <= now - last.time <= DOUBLE_TAP_MS):
            if last.moved and last.pile == pile:
                # The first tap sent its card away; the second lands on the same pile
                # (on the card that was under it, or on the empty place): nothing.
                return replace(self, last_tap=None), None
            if not last.moved and (last.pile, last.card) == (pile, card):
                move = game.double_tap(Pile.from_key(pile), index)
                result = Play(move, card) if move else Feedback(card, "double-tap")
                return replace(self, last_tap=None), result
        source = Pile.from_key(pile)
        is_top = not source.is_foundation and index == game.position.size(source) - 1
        move = game.tap(source) if is_top else None
        state = replace(self, last_tap=Tap(pile, index, card, now, moved=move is not None))
        return state, Play(move, card) if move else Feedback(card, "tap")

    def tap_failed(self) -> InputState:
        """The tap's move turned out illegal after all: the card did not move."""
        last = self.last_tap
        return self if last is None else replace(self, last_tap=replace(last, moved=False))


__all__ = [
    "DOUBLE_TAP_MS",
    "DRAG_THRESHOLD",
    "Feedback",
    "FeedbackReason",
    "Gesture",
    "Held",
    "InputState",
    "Play",
    "Press",
    "PutBack",
    "SelectAt",
    "Tap",
]

"""What the board shows, as one value, and how the board moves from one value to the next
(pure Python, no browser import; tested under CPython).

One render path. Everything the board and its bar draw from the game is a
:class:`BoardModel`, made by :func:`game_model` (the game in play, with the board's
:class:`.board.input_state.InputState`, the hint shown and the keyboard's focus) or
:func:`replay_model` (a replay's position and step): the cards of every pile, the carried
cards and the lit targets, the hint's marks, the spot holding the focus, replaying or not,
the score, the move count, the deal code, whether undo and redo can act, the language and
every pile's and card's name for screen readers. :meth:`.board.view.View.show` brings the
page to a model, touching only what differs from the model it showed last: playing, undo,
redo, a new deal, another tab's game, a replay's step and a language switch all end in
that one call.

Motion is the difference between two models. :func:`plan` takes the model shown, the
next one and a :data:`Motion` (how the change should look) and returns a :class:`Plan`:
the :class:`Flight` of each card that should travel from where it was drawn to where the
next model puts it (its delay and duration, so a cascade staggers them) and the card that
refuses (a shake). The view measures where those cards are drawn, brings the DOM to the
next model, then animates each flight from the measured place to the new one with the Web
Animations API, on ``transform`` and ``opacity`` only (FLIP); with ``prefers-reduced-motion``
or the Motion setting off there are no flights and a refusal is an outline flash. The
motions, one entry of :data:`PLANNERS` each:

- ``still``: no flight (the first draw, another tab's game, a jump in a replay);
- ``glide``: every card whose place (pile, index) changed, and every carried card put
  down (it was drawn where the pointer dragged it), glides for :data:`GLIDE_MS`;
- ``deal``: a new game shown on the player's command: every card flies in from the deck
  (:data:`Path` ``deal``) in the order of the deal, a cascade of :data:`DEAL_MS` in all;
- ``win``: the winning move glides, then every card leaps from its foundation to its
  place in a wheel around the board and back (``fan``), :data:`WIN_MS` in all.

Any input finishes the motion under way (:meth:`.board.flights.Flights.settle`): the page is
always at the next model, only its drawing catches up.

>>> from eightoff import DealCode, Game, Move
>>> from .input_state import InputState
>>> from .focus import Spot
>>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
>>> before = game_model(game, InputState(), None, Spot("column-1"))
>>> before.pile("column-1")[-1], before.focus, before.score
('5S', Spot(pile='column-1', index=5), 0)
>>> _ = game.play(Move.parse("1e"))
>>> after = game_model(game, InputState(), None, Spot("column-1", 5))
>>> after.pile("cell-5"), after.focus, after.can_undo
(('5S',), Spot(pile='column-1', index=4), True)
>>> plan(before, after, "glide").flights
(Flight(card='5S', delay_ms=0, duration_ms=160, path='glide', turn=0.0),)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Final, Literal

from ...game import Game
from ...piles import Pile
from ...position import Position
from ...rules import finishing_line
from ..words.i18n import language as current_language
from ..words.speech import card_label, held_label, pile_label, target_label
from .focus import Spot, settle
from .input_state import InputState
from .marks import Marks
from .replay import Replay

GLIDE_MS: Final = 160
"""How long a card glides to its new place."""

DEAL_MS: Final = 1000
"""The whole deal's cascade, from the first card's start to the last card's landing."""
DEAL_FLIGHT_MS: Final = 400
"""One card's flight from the deck to its place."""
WIN_STEP_MS: Final = 20
"""The time between two cards leaving their foundations at a win."""
WIN_FLIGHT_MS: Final = 1600
"""One card's leap at a win: out to the wheel, a pause, home again."""
WIN_MS: Final = GLIDE_MS + 51 * WIN_STEP_MS + WIN_FLIGHT_MS
"""The whole win: the winning move's glide, then 52 leaps."""

Motion = Literal["still", "glide", "deal", "win"]
"""How a change of model looks (:func:`plan`)."""
Path = Literal["glide", "deal", "fan"]
"""How a card flies: from where it was drawn (``glide``), in from the deck (``deal``), or
out from its place to the wheel and back (``fan``)."""


@dataclass(frozen=True)
class BoardModel:
    """Everything the board and its bar show. Card keys are the engine's (``5S``), pile
    keys the page's (``column-1``)."""

    piles: tuple[tuple[str, tuple[str, ...]], ...]
    """Each pile's key and its cards, bottom to top, in the engine's order of piles."""
    cells: int
    score: int
    moves: int
    code: str
    can_undo: bool
    can_redo: bool
    labels: Mapping[str, str]
    """The name screen readers read (``aria-label``), by pile key and by card key; a held
    card's and a lit pile's say so ("5 of spades, held", "Cell 5, empty; can take the
    card")."""
    focus: Spot
    """The spot holding the board's one tab stop (it exists in :attr:`piles`)."""
    lifted: tuple[str, ...] = ()
    """The carried cards, head first (class ``lifted``, ``aria-pressed="true"``)."""
    lift_pile: str | None = None
    """The pile the carried cards come from."""
    lit: frozenset[str] = frozenset()
    """The piles the carried cards may go to (class ``target``)."""
    hinted: tuple[str, ...] = ()
    """A hint's cards to move (class ``hint``)."""
    hint_target: str | None = None
    """A hint's target pile (class ``hint-target``)."""
    can_finish: bool = False
    """Moves to the foundations and the free cells alone win (``Game.finish``): the Finish
    button shows (``#finish``)."""
    replay_step: int | None = None
    """``None`` for the game in play; in a replay, the moves shown (``#board.replaying``)."""
    language: str = field(default_factory=current_language)
    """The language of :attr:`labels` and of the page's fixed words."""

    @cached_property
    def places(self) -> dict[str, tuple[str, int]]:
        """Where each card lies: its pile's key and its index (0 = bottom)."""
        return {card: (key, index) for key, cards in self.piles for index, card in enumerate(cards)}

    @cached_property
    def sizes(self) -> dict[str, int]:
        """How many cards each pile holds, by key."""
        return {key: len(cards) for key, cards in self.piles}

    def pile(self, key: str) -> tuple[str, ...]:
        """The cards of pile ``key``, bottom to top (none for a pile not shown)."""
        return dict(self.piles).get(key, ())

    @property
    def replaying(self) -> bool:
        return self.replay_step is not None

    @property
    def covered(self) -> frozenset[str]:
        """The cards under a foundation's top: not seen, so not heard either."""
        return frozenset(
            card for key, cards in self.piles if key.startswith("foundation-") for card in cards[:-1]
        )


@lru_cache(maxsize=4)
def _finishable(position: Position) -> bool:
    """Whether moves to the foundations and the free cells alone win from ``position``
    (the engine's :func:`~eightoff.rules.finishing_line`), kept for the last few positions: a pick or a
    drag redraws the same position."""
    return finishing_line(position) is not None


@lru_cache(maxsize=4)
def _labels(position: Position, language: str) -> Mapping[str, str]:
    """Every pile's and card's name in ``language`` (the one in use): kept for the last
    few positions, so a pick, a hint or a put-back does not name the board again."""
    labels: dict[str, str] = {}
    for pile in position.piles():
        labels[pile.key] = pile_label(position, pile.key)
        for index, card in enumerate(position.cards(pile)):
            labels[str(card)] = card_label(position, pile.key, index)
    return labels


def _stated(labels: Mapping[str, str], lifted: tuple[str, ...], lit: frozenset[str]) -> Mapping[str, str]:
    """The names with the held cards' and the lit piles' state in them: "5 of spades,
    held", "Cell 5, empty; can take the card" (the rest as ``labels``).

    >>> _stated({"5S": "5 of spades, can move", "cell-5": "Cell 5, empty"}, ("5S",), frozenset({"cell-5"}))
    {'5S': '5 of spades, held', 'cell-5': 'Cell 5, empty; can take the card'}
    """
    if not lifted:
        return labels
    stated = dict(labels)
    for card in lifted:
        stated[card] = held_label(card)
    for key in lit:
        stated[key] = target_label(labels[key], len(lifted))
    return stated


def _shown(position: Position, focus: Spot, score: int, moves: int, code: str) -> BoardModel:
    """The model of ``position`` alone, with these figures: its piles and their names,
    nothing carried, lit or hinted, no undo or redo, and ``focus`` settled on a spot that
    exists."""
    language = current_language()
    piles = tuple((pile.key, tuple(str(card) for card in position.cards(pile))) for pile in position.piles())
    sizes = {key: len(cards) for key, cards in piles}
    return BoardModel(
        piles=piles,
        cells=len(position.cells),
        score=score,
        moves=moves,
        code=code,
        can_undo=False,
        can_redo=False,
        labels=_labels(position, language),
        focus=settle(focus, sizes),
        language=language,
    )


def game_model(
    game: Game,
    ui: InputState,
    hint: Marks | None,
    focus: Spot,
    hint_target: bool = True,
    undo_back: bool = False,
) -> BoardModel:
    """The board showing ``game``: the cards ``ui`` carries and the piles it lights, the
    ``hint``'s marks (its cards, and its target unless ``hint_target`` is false: the
    hint's first step), the keyboard's ``focus`` (settled on a spot that exists); Undo
    enabled too when it brings back the last game (``undo_back``)."""
    position, held = game.position, ui.held
    shown = _shown(position, focus, game.score, game.moves, str(game.code))
    lifted = tuple(str(c) for c in position.cards(Pile.from_key(held.pile))[-held.count :]) if held else ()
    lit = ui.lit if held else frozenset()
    return replace(
        shown,
        can_undo=game.can_undo or undo_back,
        can_redo=game.can_redo,
        can_finish=_finishable(position),
        labels=_stated(shown.labels, lifted, lit),
        lifted=lifted,
        lift_pile=held.pile if held else None,
        lit=lit,
        hinted=hint.cards if hint else (),
        hint_target=hint.target if hint and hint_target else None,
    )


def replay_model(replay: Replay, focus: Spot) -> BoardModel:
    """The board showing a replay at its step: nothing carried, lit or hinted, no undo or
    redo; the move count is the step."""
    shown = _shown(replay.position, focus, replay.score, replay.step, str(replay.code))
    return replace(shown, replay_step=replay.step)


# -- motion ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Flight:
    """A card travelling from where it was drawn to its place in the next model."""

    card: str
    delay_ms: int = 0
    duration_ms: int = GLIDE_MS
    path: Path = "glide"
    turn: float = 0.0
    """For a ``fan``: the card's place in the wheel, a fraction of a turn from the top."""


@dataclass(frozen=True)
class Plan:
    """The motion between two models: the cards' flights, and a card that refuses."""

    flights: tuple[Flight, ...] = ()
    refused: str | None = None


def moved(old: BoardModel, new: BoardModel) -> tuple[str, ...]:
    """The cards of ``new`` that are not drawn where ``old`` drew them: their place
    changed, or they were carried and are put down. In the order of ``new``'s piles."""
    before, put_down = old.places, set(old.lifted) - set(new.lifted)
    return tuple(
        card for card, place in new.places.items() if card in put_down or before.get(card, place) != place
    )


def _still(old: BoardModel, new: BoardModel) -> tuple[Flight, ...]:
    return ()


def _glide(old: BoardModel, new: BoardModel) -> tuple[Flight, ...]:
    return tuple(Flight(card) for card in moved(old, new))


def dealt(model: BoardModel) -> tuple[str, ...]:
    """The cards of ``model`` in the order a deal lays them: the columns row by row (SPEC
    §2), then the cells and the foundations pile by pile."""
    columns = [cards for key, cards in model.piles if key.startswith("column-")]
    rows = max((len(cards) for cards in columns), default=0)
    order = [cards[row] for row in range(rows) for cards in columns if row < len(cards)]
    return (*order, *(card for key, cards in model.piles if not key.startswith("column-") for card in cards))


def _deal(old: BoardModel, new: BoardModel) -> tuple[Flight, ...]:
    """Every card in from the deck, in the deal's order, the last landing at :data:`DEAL_MS`;
    none when the board shows those cards in place already (a replay taken over, a deal
    started again before its first move)."""
    if old.piles == new.piles:
        return ()
    order = dealt(new)
    step = (DEAL_MS - DEAL_FLIGHT_MS) / max(len(order) - 1, 1)
    return tuple(Flight(card, round(n * step), DEAL_FLIGHT_MS, "deal") for n, card in enumerate(order))


def _win(old: BoardModel, new: BoardModel) -> tuple[Flight, ...]:
    """The winning move's glide, then each card's leap from its foundation, the tops
    first (the four kings, then the queens…), each a place further round the wheel."""
    foundations = [cards for key, cards in new.piles if key.startswith("foundation-")]
    deepest = max((len(cards) for cards in foundations), default=0)
    order = [cards[-1 - depth] for depth in range(deepest) for cards in foundations if depth < len(cards)]
    leaps = tuple(
        Flight(card, GLIDE_MS + n * WIN_STEP_MS, WIN_FLIGHT_MS, "fan", n / len(order))
        for n, card in enumerate(order)
    )
    return _glide(old, new) + leaps


PLANNERS: Final[dict[str, Callable[[BoardModel, BoardModel], tuple[Flight, ...]]]] = {
    "still": _still,
    "glide": _glide,
    "deal": _deal,
    "win": _win,
}
"""Each :data:`Motion`'s flights, from the model shown and the next."""


def plan(
    old: BoardModel | None, new: BoardModel, motion: Motion = "glide", refused: str | None = None
) -> Plan:
    """The motion from ``old`` (``None``: nothing shown yet, no flight) to ``new``;
    ``refused``: a card that did not move (shown only when it is on the board)."""
    flights = () if old is None else PLANNERS[motion](old, new)
    return Plan(flights, refused if refused in new.places else None)


__all__ = [
    "DEAL_FLIGHT_MS",
    "DEAL_MS",
    "GLIDE_MS",
    "PLANNERS",
    "WIN_FLIGHT_MS",
    "WIN_MS",
    "WIN_STEP_MS",
    "BoardModel",
    "Flight",
    "Motion",
    "Path",
    "Plan",
    "dealt",
    "game_model",
    "moved",
    "plan",
    "replay_model",
]

"""The player's hands on the board: the pointer's gestures, keyboard play and tap-to-select
turned into moves, and what the board shows of them (pure Python; tested under CPython).

:class:`Hands` handles the board's actions from the door: a pointer's down, move, up and
cancel (read into board actions by :class:`.board.input_state.InputState`), the board actions
themselves (play, put back, feedback), and keyboard play (navigate, select, release, the
F and D shortcuts). The engine decides every rule; the game changes in the table.

Every refusal shows one way (:meth:`Hands.refuse`): the card says no, and the engine's
reason, in the page's language, goes to ``#status`` and ``#announce``; a refused single
tap first waits out the double-tap window (:class:`.board.refusals.TapWait`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ...cards import Card
from ...errors import IllegalMoveError
from ...game import Game
from ...moves import Move
from ...piles import Pile
from ...position import Position
from ..actions import (
    BoardAction,
    Feedback,
    Jump,
    Navigate,
    Play,
    PointerCancel,
    PointerDown,
    PointerMove,
    PointerUp,
    PutBack,
    Release,
    Select,
    Shortcut,
)
from ..door import Routes
from ..words import speech
from ..words.engine_errors import error_text
from ..words.i18n import _
from .focus import NavKey
from .input_state import InputState, Tap
from .model import Motion
from .refusals import Later, TapWait, home_move, lift_refusal, place_of


class BoardView(Protocol):
    """What the hands ask of the board's view (:class:`.board.view.View`)."""

    @property
    def shown(self) -> dict[str, list[str]]: ...

    def carried_head(self) -> Any: ...
    def say(self, text: str) -> None: ...
    def announce(self, text: str) -> None: ...
    def navigate(self, key: NavKey) -> None: ...
    def focus_pile(self, pile: str, take: bool = False) -> None: ...
    def drag(self, dx: float, dy: float, touch: bool = False) -> None: ...


class GameTable(Protocol):
    """What the hands ask of the table (:class:`.board.table.Table`)."""

    @property
    def game(self) -> Game: ...

    def play(self, move: Move) -> IllegalMoveError | None: ...
    def redraw(self, motion: Motion = "glide", refused: str | None = None) -> None: ...
    def unmark(self) -> None: ...


class Hands:
    """Gestures and keys on the board, into moves of the table's game. ``blocked()``: the
    board takes no input (a dialog over it, a replay shown); ``won(game)`` shows the win
    message; ``later`` runs a job after a while (a refused tap's window)."""

    def __init__(
        self,
        view: BoardView,
        ui: InputState,
        table: GameTable,
        blocked: Callable[[], bool],
        won: Callable[[Game], None],
        later: Later,
    ) -> None:
        self.view, self.ui, self.table, self.blocked, self.won = view, ui, table, blocked, won
        self.wait = TapWait(later, self.refuse_tap)

    def routes(self) -> Routes:
        return Routes(
            actions=(
                (Play, self.board_action),
                (PutBack, self.board_action),
                (Feedback, self.board_action),
                (Navigate, self.key_play),
                (Select, self.key_play),
                (Jump, self.key_play),
                (Release, self.key_play),
                (Shortcut, self.key_play),
                (PointerDown, self.down),
                (PointerMove, self.move),
                (PointerUp, self.up),
                (PointerCancel, self.cancel),
            )
        )

    # -- the pointer -----------------------------------------------------------------

    def follows(self, pointer: int) -> bool:
        """Whether the board follows ``pointer`` now (its press on a card was taken)."""
        press = self.ui.press
        return press is not None and press.pointer == pointer

    def holding(self) -> bool:
        """Whether a tap on a pile puts cards there (tap-to-select, cards held, the board
        free)."""
        return self.ui.tap_to_select and self.ui.held is not None and not self.blocked()

    def down(self, action: PointerDown) -> None:
        if self.ui.press is not None or self.blocked():
            return
        self.wait.flush(action.pile, action.card)
        self.ui.down(
            action.pile,
            action.index,
            action.card,
            pointer=action.pointer,
            x=action.x,
            y=action.y,
            now=action.now,
            kind=action.kind,
        )

    def move(self, action: PointerMove) -> None:
        """The press becomes a drag past its threshold: its cards are lifted, their
        targets lit (the carried cards follow in :meth:`paint`)."""
        step = self.ui.move(self.table.game, action.x, action.y)
        held = self.ui.held
        if step == "started" and held is not None:
            self.table.redraw()

    def paint(self) -> None:
        """Once a frame while dragging: the carried cards where the pointer is (above a
        finger)."""
        press = self.ui.press
        if press is not None and press.dragging:
            self.view.drag(press.dx, press.dy, press.kind == "touch")

    def up(self, action: PointerUp) -> None:
        """A refused tap is held for the double-tap window; anything else ends the wait."""
        game = self.table.game
        result = self.ui.up(game, action.drop, action.now)
        tap = self.ui.last_tap
        if isinstance(result, Feedback) and result.reason == "tap" and tap is not None:
            self.table.unmark()  # the tap clears the hint now; one asked for meanwhile stays
            self.wait.hold(tap, game.position)
            return
        self.wait.drop()
        self.gesture(result)

    def refuse_tap(self, tap: Tap, position: Position) -> None:
        """A refused single tap's window passed: shown and said, unless the game or the
        tap changed meanwhile or a dialog is open."""
        if self.ui.last_tap is not tap or self.table.game.position is not position or self.blocked():
            return
        self.ui.last_tap = None
        self.board_action(Feedback(tap.card, "tap"))

    def cancel(self, _action: PointerCancel) -> None:
        self.gesture(self.ui.cancel())

    def gesture(self, result: BoardAction | Select | None) -> None:
        """What a gesture ended in, done as the action it is (it clears the hint)."""
        if result is None:
            return
        self.table.unmark()
        if isinstance(result, Select):
            if not self.blocked():
                self.key_play(result)
        else:
            self.board_action(result)

    # -- board actions ----------------------------------------------------------------

    def board_action(self, action: BoardAction) -> None:
        """A gesture's result: the carried cards are put down, then fly on to where they
        were played, or back; a card that did not move shows it, with the reason."""
        carried = self.view.carried_head() is not None
        game = self.table.game
        if isinstance(action, Play):
            refusal = self.table.play(action.move)
            if refusal is None:
                game = self.table.game
                if game.is_won:
                    self.won(game)
                    self.view.announce(speech.won(game.score, game.moves))
                return
            self.ui.tap_failed()  # the carried cards fly back, or the touched card says no
            self.refuse(None if carried else action.card, error_text(refusal))
        elif isinstance(action, PutBack):
            self.table.redraw()
        else:
            pile, index = place_of(game.position, action.card)
            if action.reason == "tap":  # a single tap asks what F asks
                self.board_action(Play(home_move(game.position, pile, index), action.card))
            else:
                lift = lift_refusal(game.position, pile, index)
                self.refuse(action.card, error_text(lift) if lift else speech.stuck(action.card))

    def refuse(self, card: str | None, reason: str) -> None:
        """The one way a refusal shows, whatever the input: ``card`` says no (a shake, or a
        flash with reduced motion), ``reason`` goes to the status line and live region."""
        self.table.redraw(refused=card)
        self.view.say(reason)

    def key_play(self, action: Navigate | Select | Jump | Release | Shortcut) -> None:
        """Keyboard play and tap-to-select: move the focus, pick up, put down, put back,
        or a shortcut's move, each asked of the engine through :class:`.board.input_state.InputState`."""
        ui, view, game = self.ui, self.view, self.table.game
        self.wait.flush()
        if isinstance(action, Navigate):
            view.navigate(action.key)
        elif isinstance(action, Select | Jump):
            jump, index = (True, None) if isinstance(action, Jump) else (False, action.index)
            result = ui.jump(game, action.pile) if jump else ui.select(game, action.pile, index)
            if result is None:
                view.say(speech.no_pile(action.pile))
            elif isinstance(result, Play | PutBack):
                self.board_action(result)
                if isinstance(result, PutBack):
                    view.announce(_("Put back."))
                view.focus_pile(action.pile, take=jump)
            elif result and ui.held is not None:
                self.table.redraw()
                view.announce(speech.picked(game, ui.held.pile, ui.held.index, ui.lit))
                if jump:
                    view.focus_pile(action.pile, take=True)
            else:
                refusal = lift_refusal(game.position, action.pile, index)
                assert refusal is not None  # the engine let nothing be picked up from there
                self.refuse(None if index is None else view.shown[action.pile][index], error_text(refusal))
        elif isinstance(action, Release):
            put = ui.put_back()
            if put is not None:
                self.board_action(put)
                view.announce(_("Put back."))
        else:
            self.shortcut(action)

    def shortcut(self, action: Shortcut) -> None:
        """F: the card (and those on it) to its foundation, the engine saying why not;
        D: the double-tap move."""
        game = self.table.game
        held = self.ui.held
        if held is not None and action.name == "tap":  # F with cards picked up: to their foundation
            self.key_play(Select(Pile.foundation(Card.parse(held.card).suit).key))
            return
        pile = Pile.from_key(action.pile)
        cards = game.position.cards(pile)
        empty = None if cards else lift_refusal(game.position, action.pile, None)
        if empty is not None:  # the engine's reason: the pile is empty
            self.refuse(None, error_text(empty))
            return
        index = len(cards) - 1 if action.index is None else action.index
        card = cards[index]
        if action.name == "tap":
            self.board_action(Play(home_move(game.position, action.pile, index), str(card)))
            return
        move = game.double_tap(pile, index)
        self.board_action(Play(move, str(card)) if move else Feedback(str(card), "double-tap"))


__all__ = ["BoardView", "GameTable", "Hands"]

"""The player's hands on the board: the pointer's gestures, keyboard play and tap-to-select
turned into moves, a refused tap held for the double-tap window, and Finish (pure Python;
tested under CPython through :func:`.update.update`).

The gestures are read by :class:`.board.input_state.InputState`; their results are played
here (:func:`gesture`), each asking the engine. Every refusal shows one way
(:meth:`.draft.Draft.refuse`). A single tap whose card cannot go to its foundation may be
the first half of a double tap: its refusal is held for :data:`.board.input_state.DOUBLE_TAP_MS`
(:class:`.state.TapWait`, a timer) and shown when the window passes, or at once when
another input comes first, unless a second tap on the card is the double tap.
"""

from __future__ import annotations

from dataclasses import replace

from ...cards import Card
from ...piles import Pile
from ..actions import FinishStep, Jump, Navigate, PointerDown, Release, Select, Shortcut, TapWindow
from ..board.focus import Spot, landing, rows_for, settle, spot_of_card, step
from ..board.input_state import DOUBLE_TAP_MS, Feedback, Gesture, Play, Press, PutBack, SelectAt
from ..board.refusals import home_move, lift_refusal, place_of
from ..effects import Later
from ..state import Finishing, TapWait
from ..words import speech
from ..words.engine_errors import error_text
from ..words.i18n import _
from .draft import Draft
from .game import play

FINISH_STEP_MS = 120
"""The time between two moves of Finish at the normal pace (the Pace setting scales it):
each card seen on its way home."""

# -- the pointer -------------------------------------------------------------------------


def down(d: Draft, action: PointerDown) -> None:
    """A press on a card (none while another is followed, or the board is blocked)."""
    if d.state.input.press is not None or d.state.blocked:
        return
    index, card = nearest(d, action)
    flush(d, action.pile, card)
    press = Press(action.pointer, action.pile, index, card, action.x, action.y, action.now, action.kind)
    d.set(input=d.state.input.down(press))


def nearest(d: Draft, action: PointerDown) -> tuple[int, str]:
    """The card pressed, or, when the engine refuses to pick it up, the nearest card next
    to it whose widened strip the press was on and that the engine lets go (issue 36: a
    covered card's strip under 44 px is a touch target all the same)."""
    position = d.state.game.position
    if action.near and lift_refusal(position, action.pile, action.index) is not None:
        for index, card in action.near:
            if lift_refusal(position, action.pile, index) is None:
                return index, card
    return action.index, action.card


def move(d: Draft, x: float, y: float, seen: str | None, under: str | None) -> None:
    """The press becomes a drag past its threshold: its cards lifted, their targets lit,
    the one aimed at marked (the view draws the carried cards where the pointer is)."""
    state = d.state
    ui, moved = state.input.move(state.game, x, y, seen, under)
    d.set(input=ui)
    if moved == "started":
        d.redraw()


def up(d: Draft, drop: str | None, now: float, seen: str | None = None) -> None:
    """A refused single tap is held for the double-tap window; anything else ends the wait."""
    state = d.state
    carried = state.input.held is not None
    ui, result = state.input.up(state.game, drop, now, state.settings.tap_to_select, seen)
    tap = ui.last_tap
    if isinstance(result, Feedback) and result.reason == "tap" and tap is not None:
        drop_wait(d)
        serial = d.serial()
        waiting = replace(tap, waiting=True)
        hints = replace(d.state.hints, shown=None)  # the tap clears the hint now
        d.set(input=replace(ui, last_tap=waiting), tap_wait=TapWait(waiting, state.game.position, serial))
        d.set(hints=hints)
        d.ask(Later("tap", DOUBLE_TAP_MS, TapWindow(serial)))
        return
    d.set(input=ui)
    drop_wait(d)
    gesture(d, result, carried)


def cancel(d: Draft) -> None:
    state = d.state
    ui, result = state.input.cancel()
    d.set(input=ui)
    gesture(d, result, state.input.held is not None)


def gesture(d: Draft, result: Gesture | SelectAt | None, carried: bool) -> None:
    """What a gesture ended in, done (it clears the hint shown)."""
    if result is None:
        return
    d.set(hints=replace(d.state.hints, shown=None))
    if isinstance(result, SelectAt):
        if not d.state.blocked:
            key_play(d, Select(result.pile, result.index))
    else:
        board_action(d, result, carried)


def board_action(d: Draft, action: Gesture, carried: bool = False) -> None:
    """A gesture's result: the carried cards put down, then flying on to where they were
    played, or back; a card that did not move shows it, with the reason."""
    game = d.state.game
    if isinstance(action, Play):
        play(d, action.move, action.card, carried)
    elif isinstance(action, PutBack):
        d.redraw()
    else:
        pile, index = place_of(game.position, action.card)
        if action.reason == "tap":  # a single tap asks what F asks
            board_action(d, Play(home_move(game.position, pile, index), action.card), carried)
        else:
            lift = lift_refusal(game.position, pile, index)
            d.refuse(action.card, error_text(lift) if lift else speech.stuck(action.card))


# -- the refused tap held ---------------------------------------------------------------


def tap_window(d: Draft, serial: int) -> None:
    """The double-tap window passed: the refusal held is shown and said, unless the game
    or the tap changed meanwhile or the board is blocked."""
    wait = d.state.tap_wait
    if wait is None or wait.serial != serial:
        return
    show_wait(d, wait)


def flush(d: Draft, pile: str | None = None, card: str | None = None) -> None:
    """Another input came: the refusal held is shown now, unless the input is a press on
    the tapped card itself (``pile`` and ``card``), which may be the double tap."""
    wait = d.state.tap_wait
    if wait is not None and (wait.tap.pile, wait.tap.card) != (pile, card):
        show_wait(d, wait)


def show_wait(d: Draft, wait: TapWait) -> None:
    state = d.state
    same = state.input.last_tap == wait.tap and state.game.position is wait.position and not state.blocked
    drop_wait(d)
    if same:
        d.set(input=replace(d.state.input, last_tap=None))
        board_action(d, Feedback(wait.tap.card, "tap"))


def drop_wait(d: Draft) -> None:
    """The refusal held is forgotten, unsaid (the double tap came, or a drag)."""
    wait = d.state.tap_wait
    if wait is None:
        return
    ui = d.state.input
    if ui.last_tap == wait.tap:
        ui = replace(ui, last_tap=replace(wait.tap, waiting=False))
    d.set(tap_wait=None, input=ui)


# -- keyboard play and tap-to-select ---------------------------------------------------


def key_play(d: Draft, action: Navigate | Select | Jump | Release | Shortcut) -> None:
    """Move the focus, pick up, put down, put back, or a shortcut's move, each asked of the
    engine through :class:`.board.input_state.InputState`."""
    flush(d)
    state = d.state
    game, ui = state.game, state.input
    carried = ui.held is not None
    if isinstance(action, Navigate):
        sizes = _sizes(d)
        spot = step(
            rows_for(len(game.position.cells), action.rows), sizes, settle(state.focus, sizes), action.key
        )
        focus_on(d, spot)
    elif isinstance(action, Select | Jump):
        jump = isinstance(action, Jump)
        index = None if isinstance(action, Jump) else action.index
        ui, result = (
            ui.jump(game, action.pile) if isinstance(action, Jump) else ui.select(game, action.pile, index)
        )
        d.set(input=ui)
        if result is None:
            d.say(speech.no_pile(action.pile))
        elif isinstance(result, Play | PutBack):
            board_action(d, result, carried)
            if isinstance(result, PutBack):
                d.announce(_("Put back."))
            focus_pile(d, action.pile, take=jump)
        elif result and ui.held is not None:
            d.redraw()
            held = ui.held
            if jump:  # the run goes as far as each pile takes it: said so
                d.announce(speech.jumped(game, held.pile, ui.lit))
                focus_pile(d, action.pile, take=True)
            else:
                d.announce(speech.picked(game, held.pile, held.index, ui.lit))
        else:
            refusal = lift_refusal(game.position, action.pile, index)
            assert refusal is not None  # the engine let nothing be picked up from there
            card = None if index is None else str(game.position.cards(Pile.from_key(action.pile))[index])
            d.refuse(card, error_text(refusal))
    elif isinstance(action, Release):
        ui, put = ui.put_back()
        d.set(input=ui)
        if put is not None:
            board_action(d, put)
            d.announce(_("Put back."))
    else:
        shortcut(d, action)


def shortcut(d: Draft, action: Shortcut) -> None:
    """F: the card (and those on it) to its foundation, the engine saying why not; D: the
    double-tap move."""
    game, held = d.state.game, d.state.input.held
    if held is not None and action.name == "tap":  # F with cards picked up: to their foundation
        key_play(d, Select(Pile.foundation(Card.parse(held.card).suit).key))
        return
    pile = Pile.from_key(action.pile)
    cards = game.position.cards(pile)
    if not cards:  # the engine's reason: the pile is empty
        empty = lift_refusal(game.position, action.pile, None)
        assert empty is not None
        d.refuse(None, error_text(empty))
        return
    index = len(cards) - 1 if action.index is None else action.index
    card = str(cards[index])
    if action.name == "tap":
        board_action(d, Play(home_move(game.position, action.pile, index), card))
        return
    move_ = game.double_tap(pile, index)
    board_action(d, Play(move_, card) if move_ else Feedback(card, "double-tap"))


# -- the focus ---------------------------------------------------------------------------


def _sizes(d: Draft) -> dict[str, int]:
    position = d.state.game.position
    return {pile.key: position.size(pile) for pile in position.piles()}


def focus_on(d: Draft, spot: Spot, take: bool = True) -> None:
    """The board's tab stop on ``spot``; ``take``: the keyboard's focus goes there too."""
    d.set(focus=spot)
    if take:
        d.set(focus_taken=d.serial())


def focus_pile(d: Draft, pile: str, take: bool = False) -> None:
    """The focus on ``pile`` (its top card); ``take``: a key named the pile, the focus goes
    there from anywhere (else only when it is on the board already)."""
    sizes = _sizes(d)
    if pile in sizes:
        focus_on(d, landing(pile, sizes), take)


def focus_card(d: Draft, card: str) -> None:
    """The board's tab stop on ``card`` (a hint's: Enter picks it up)."""
    focus_on(d, spot_of_card(d.state.game.position, card), take=False)


# -- Finish --------------------------------------------------------------------------------


def finish(d: Draft) -> None:
    """Play the engine's finishing line, a move at a time, or say why there is none."""
    state = d.state
    if state.finishing is not None:
        return
    line = state.game.finish()
    if line is None:
        d.say(
            _(
                "Finish is for a game whose cards left all go home with moves to the foundations "
                "and the free cells alone."
            )
        )
        return
    d.set(finishing=Finishing(line, state.game.position, 0))
    finish_step(d, 0)


def finish_step(d: Draft, serial: int) -> None:
    """Finish's next move, as a tap would send it; the run stops when the game changed
    otherwise meanwhile (an undo, another deal, another tab), a dialog is over the board or
    a replay shown, or the move was not played."""
    run = d.state.finishing
    if run is None or run.serial != serial:
        return
    d.set(finishing=None)
    state = d.state
    if state.blocked or state.game.position != run.expected or not run.moves:
        return
    move_, rest = run.moves[0], run.moves[1:]
    if not play(d, move_, str(run.expected.top(move_.source))) or not rest:
        return
    next_serial = d.serial()
    d.set(finishing=Finishing(rest, d.state.game.position, next_serial))
    d.ask(Later("finish", round(FINISH_STEP_MS * d.state.settings.times), FinishStep(next_serial)))


__all__ = [
    "FINISH_STEP_MS",
    "board_action",
    "cancel",
    "down",
    "finish",
    "finish_step",
    "flush",
    "focus_card",
    "focus_on",
    "focus_pile",
    "gesture",
    "key_play",
    "move",
    "shortcut",
    "tap_window",
    "up",
]

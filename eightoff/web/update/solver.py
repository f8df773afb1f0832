"""What the page asks the solver's worker and what it does with the answers: hints, where a
lost game slipped away and the way back, a typed code's verdict, the solver's own line
after a win (pure Python; tested under CPython through
:func:`.update.update`; docs/coach.md).

The worker runs the engine's solver off the page's thread (:mod:`.solver.messages` is the
format). Each request carries a serial; an answer that is not the latest of its kind, or
is about a game that changed meanwhile, is ignored. The coach speaks only when the player
asks (SPEC §5): after a hint that found no winning line, while a code is typed, after a win.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from ...deal import DealCode
from ...game import Game
from ...position import Position
from ...rules import transfer
from ..actions import WorkerFailure
from ..solver.messages import (
    Line,
    Reply,
    back_request,
    destination,
    hint_request,
    marks,
    read_reply,
    verdict_request,
    verdict_text,
)
from ..state import Asked, NewGameWindow, WinWindow
from ..words import speech
from ..words.card_names import card_name
from ..words.i18n import _, ngettext
from .board import focus_card
from .draft import Draft
from .game import after

# -- hints --------------------------------------------------------------------------------


def hint(d: Draft) -> None:
    """The next move of a winning line: at once when the position is on the last line
    found, else after the worker's search (a move made meanwhile voids it). In two steps
    unless the settings ask for the move at once: first its card alone, then, at a second
    hint with that card still shown (nothing done between), the whole move."""
    state = d.state
    position, hints = state.game.position, state.hints
    if position.is_won:
        d.say(_("The game is won."))
        return
    move = hints.line.next_move(position) if hints.line is not None else None
    if move is not None:
        shown = marks(position, move)
        whole = state.settings.hint_at_once or hints.shown == shown
        d.set(hints=replace(hints, shown=shown, step="move" if whole else "card"), stats=state.stats.hinted())
        focus_card(d, shown.cards[0])
        d.redraw()
        d.say(shown.text if whole else card_words(shown.cards))
        return
    if hints.asked is not None and hints.asked[1] == position:
        return  # the search for this very position is running
    serial = d.serial()
    d.set(hints=replace(hints, asked=(serial, position)))
    d.say(_("Looking for a winning line…"))
    d.solve(hint_request(serial, position))


def card_words(cards: tuple[str, ...]) -> str:
    """The first step of a hint: the card (or the run from its head card) to move, not
    where.

    >>> card_words(("7H",))
    'The 7 of hearts can go somewhere that keeps the game winnable.'
    >>> card_words(("9S", "8S", "7S"))
    'The 3 cards from the 9 of spades can go somewhere that keeps the game winnable.'
    """
    head = card_name(cards[0])
    if len(cards) == 1:
        return _("The {card} can go somewhere that keeps the game winnable.", card=head)
    return ngettext(
        "The {count} card from the {card} can go somewhere that keeps the game winnable.",
        "The {count} cards from the {card} can go somewhere that keeps the game winnable.",
        len(cards),
        count=len(cards),
        card=head,
    )


def reply(d: Draft, text: str) -> None:
    """The worker's answer, to whichever request it answers."""
    answer = read_reply(text)
    if answer.kind == "back":
        _back(d, answer)
    elif answer.kind == "verdict":
        _verdict(d, answer)
    elif answer.kind == "line":
        _line(d, answer)
    else:
        _hint(d, answer)


def _hint(d: Draft, answer: Reply) -> None:
    hints = d.state.hints
    if hints.asked is None or answer.serial != hints.asked[0]:
        return
    position = hints.asked[1]
    d.set(hints=replace(hints, asked=None))
    if position != d.state.game.position:
        return  # a move was made meanwhile: the player asks again
    if answer.verdict == "solved":
        d.set(hints=replace(d.state.hints, line=Line.of(position, answer.moves)))
        hint(d)
    elif answer.verdict == "unsolvable":
        lost(d, position)  # where did it slip away?
    else:
        d.say(verdict_text(answer.verdict))


def failed(d: Draft, failure: WorkerFailure) -> None:
    """The worker failed or did not answer in time (it is given up; the next request starts
    a fresh one): said only to a player who asked it something; a verdict typed is asked
    again with the next code."""
    state = d.state
    hints, coach = state.hints, state.coach
    d.set(hints=replace(hints, asked=None))
    d.set(coach=replace(coach, back_asked=None, code_asked=None, line_asked=None))
    if coach.back_asked is not None:
        d.say(_("The solver did not answer. Ask for a hint again to retry."))
    if coach.code_asked is not None:
        d.set(coach=replace(d.state.coach, verdict=None))
    if hints.asked is not None:
        d.say(failure_words(failure))


def failure_words(failure: WorkerFailure) -> str:
    """Why a hint did not come."""
    if failure == "outdated":
        return _("A new version of Eight Off is on the site: reload the page to use the solver again.")
    if failure == "start":
        return _("The solver could not start (is the connection down?). Ask for a hint again to retry.")
    return _("The solver did not answer in time. Ask for a hint again to retry.")


# -- where the game slipped away ----------------------------------------------------------


def lost(d: Draft, position: Position) -> None:
    """A hint's search proved ``position`` lost: look for the last winnable position of the
    game's history."""
    state = d.state
    game = state.game
    d.set(coach=replace(state.coach, offered=None))
    if not game.undo_stack:
        d.say(lost_before(game))
        return
    serial = d.serial()
    d.set(coach=replace(d.state.coach, back_asked=Asked(serial, game)))
    start = position
    for move in reversed(game.undo_stack):
        start = transfer(start, move.reverse())
    d.say(_("No winning line from here. Looking for where the game slipped away…"))
    d.solve(back_request(serial, start, tuple(game.undo_stack)))


def lost_before(game: Game) -> str:
    """Words for a game lost before the oldest position undo reaches: the deal itself, or a
    position further back than undo."""
    if game.moves == len(game.undo_stack):
        return _("This deal cannot be won, not even from its first card.")
    return _("The game was lost further back than undo reaches: start the deal again to win it.")


def slip_words(game: Game, back: int) -> str:
    """Where the game slipped away: ``back`` moves ago, before the move that lost it."""
    before = game.undo_stack[-back]
    position = game.position
    for move in reversed(game.undo_stack[-back:]):
        position = transfer(position, move.reverse())
    card = card_name(str(position.cards(before.source)[-before.count]))
    return ngettext(
        "The game could still be won {count} move ago, before the {card} went to {where}.",
        "The game could still be won {count} moves ago, before the {card} went to {where}.",
        back,
        count=back,
        card=card,
        where=destination(position, before),
    )


def _back(d: Draft, answer: Reply) -> None:
    coach, game = d.state.coach, d.state.game
    asked = coach.back_asked
    if asked is None or answer.serial != asked.serial:
        return
    d.set(coach=replace(coach, back_asked=None))
    if not asked.holds(game):
        return  # the game moved on: the player asks again
    if answer.verdict == "solved":
        d.set(coach=replace(d.state.coach, offered=(asked, answer.count)))
        d.say(slip_words(game, answer.count))
    elif answer.verdict == "unsolvable":
        d.say(lost_before(game))
    else:
        d.say(_("The solver could not tell in time where the game slipped away."))


def go_back(d: Draft) -> None:
    """The player took the offer: undo to the last winnable position as one command (each
    undo scores as undos do), one redraw and one save."""
    state = d.state
    offered = state.coach.offered
    d.set(coach=replace(state.coach, offered=None))
    if offered is None or not offered[0].holds(state.game):
        d.say(_("Nothing to go back to: ask for a hint when no winning line remains."))
        return
    back = offered[1]
    game = state.game.copy()
    for _step in range(back):
        game.undo()
    d.set(game=game)
    after(d)
    d.say(
        ngettext(
            "Back {count} move: from here the game can still be won.",
            "Back {count} moves: from here the game can still be won.",
            back,
            count=back,
        )
    )


def follow(d: Draft) -> None:
    """After any action: the way back offered goes when the game it is about has changed."""
    offered = d.state.coach.offered
    if offered is not None and not offered[0].holds(d.state.game):
        d.set(coach=replace(d.state.coach, offered=None))


# -- what a deal holds ------------------------------------------------------------------------


def code_typed(d: Draft, text: str, code: DealCode | None) -> None:
    """The New Game window's code field holds ``text``, the deal ``code`` (``None``: no valid
    code): its verdict, known or asked of the worker (one request in flight; the last code
    typed is asked next)."""
    window = d.state.window(NewGameWindow)
    if isinstance(window, NewGameWindow):
        d.change_window(replace(window, code=text))
    coach = replace(d.state.coach, code_next=None, code_shown=code)
    if code is None:
        d.set(coach=replace(coach, verdict=None))
    elif code in coach.verdicts:
        d.set(coach=replace(coach, verdict=coach.verdicts[code]))
    elif coach.code_asked is not None:
        d.set(coach=replace(coach, verdict="asking", code_next=None if coach.code_asked[1] == code else code))
    else:
        serial = d.serial()
        d.set(coach=replace(coach, verdict="asking", code_asked=(serial, code)))
        d.solve(verdict_request(serial, code))


def _verdict(d: Draft, answer: Reply) -> None:
    coach = d.state.coach
    asked = coach.code_asked
    if asked is None or answer.serial != asked[0]:
        return
    verdicts = MappingProxyType({**coach.verdicts, asked[1]: answer.verdict})
    coach = replace(coach, code_asked=None, verdicts=verdicts)
    d.set(coach=coach)
    if coach.code_next is not None:
        window = d.state.window(NewGameWindow)
        code_typed(d, window.code if isinstance(window, NewGameWindow) else "", coach.code_next)
    elif asked[1] == coach.code_shown:
        d.set(coach=replace(coach, verdict=answer.verdict))


# -- after a win -----------------------------------------------------------------------------


def _line(d: Draft, answer: Reply) -> None:
    """The solver's line for the deal just won, under the win message; a win in fewer moves
    counted."""
    state = d.state
    asked = state.coach.line_asked
    if asked is None or answer.serial != asked[0]:
        return
    d.set(coach=replace(state.coach, line_asked=None))
    game = asked[1]
    if answer.verdict != "solved" or state.game is not game:
        return
    length = answer.count
    window = state.window(WinWindow)
    if isinstance(window, WinWindow):
        d.change_window(replace(window, line=length))
    said = ngettext(
        "The solver's line: {count} move.", "The solver's line: {count} moves.", length, count=length
    )
    win = speech.won(game.score, game.moves)
    # said after the win's words while they are the last said: a screen reader that had not
    # yet read them out when the line came still hears the win
    d.announce(f"{win} {said}" if state.announce.text == win else said)
    if game.moves < length:
        d.set(stats=d.state.stats.beat_solver(game.code.cells))
        d.save()


__all__ = [
    "card_words",
    "code_typed",
    "failed",
    "follow",
    "go_back",
    "hint",
    "lost",
    "lost_before",
    "reply",
    "slip_words",
]

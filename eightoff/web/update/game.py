"""The game on the table: playing a move, undo and redo, another game shown, the settings and
the saves (pure Python; tested under CPython through :func:`.update.update`).

Every change of the game ends the same way (:func:`after`): one redraw with its motion,
the status line cleared, the clock and the record following the game, one save. The engine
decides every rule; a refused move's reason is its error, in words
(:mod:`.words.engine_errors`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final, Literal

from ...deal import DealCode
from ...errors import EightOffError, HistoryError
from ...game import UNDO_LIMIT, Game
from ...moves import Move
from ..actions import Tick
from ..board.clock import Clock
from ..board.input_state import InputState
from ..board.model import Motion
from ..effects import Aside, Later, Persist
from ..links.address import Link
from ..solver.messages import line_request
from ..state import StartDeal, WinWindow
from ..storage.daily import daily_code
from ..storage.notices import notice_text
from ..storage.settings import Settings
from ..storage.stats import Stats, Tally
from ..storage.store import Loaded, Notice
from ..words import speech
from ..words.engine_errors import error_text
from ..words.i18n import _, ngettext
from ..words.levels import code_level_words
from .draft import Draft


def play(d: Draft, move: Move, card: str, carried: bool = False) -> bool:
    """Send one move to the engine: played (the moved cards glide; the win shows; a cue for
    the card placed, or the win's, when the settings ask for one), or refused with its
    reason (``card`` says no unless cards were ``carried``: they fly back). Whether it was
    played. Every source of a move comes here (a gesture, keyboard
    play, Finish): while the board is blocked (a dialog over it, a replay shown) nothing is
    played, the carried cards go back."""
    state = d.state
    if state.blocked:
        d.redraw()
        return False
    game = state.game.copy()
    before = game.position
    try:
        points = game.play(move)
    except EightOffError as error:  # the engine's refusal (a pile the game lacks too)
        d.set(input=state.input.tap_failed())
        d.refuse(None if carried else card, error_text(error))
        return False
    d.set(game=game)
    tally = state.stats.by_cells.get(len(game.position.cells), Tally())  # before the win counts
    after(d, "win" if game.is_won else "glide")
    d.announce(speech.moved(before, move, points))
    if not d.state.persist_asked and d.state.kept is not True:  # the first move: a player here to stay
        d.set(persist_asked=True)
        d.ask(Persist())
    if game.is_won:
        won(d, game, tally)
    else:
        d.cue("place")
    return True


def won(d: Draft, game: Game, before: Tally) -> None:
    """``game`` was just won: the win message, said, with its time, its streak and the
    records it beat (``before``: its cell count's figures before it); the solver's line
    asked for (never before a win: docs/coach.md)."""
    stats = d.state.stats
    tally = stats.by_cells.get(len(game.position.cells), Tally())
    time = None if stats.current is None else stats.current.played_for
    best: list[Literal["score", "moves", "time"]] = []
    if tally.won > before.won and before.won:  # counted now, and not the first win
        if game.score > before.best_score:
            best.append("score")
        if before.fewest_moves is not None and game.moves < before.fewest_moves:
            best.append("moves")
        if time is not None and before.fastest is not None and time < before.fastest:
            best.append("time")
    d.open(WinWindow(game.score, game.moves, time=time, streak=tally.streak, best=tuple(best)))
    d.announce(speech.won(game.score, game.moves))
    d.cue("win")
    serial = d.serial()
    d.set(coach=replace(d.state.coach, line_asked=(serial, game)))
    d.solve(line_request(serial, game.code))


def step(d: Draft, back: bool) -> None:
    """Undo (``back``) or redo one action with its flight; when there is none, the engine's
    reason in words. Undo on a deal untouched (no move, nothing to redo) brings the last
    game back, when one is kept."""
    state = d.state
    if back and state.undo_brings_back:
        back_to_last(d)
        return
    game = state.game.copy()
    stack = game.undo_stack if back else game.redo_stack
    if not stack:
        try:
            game.undo() if back else game.redo()
        except HistoryError as error:
            d.say(error_text(error))
        return
    last, score = stack[-1], game.score
    game.undo() if back else game.redo()
    d.set(game=game, input=replace(state.input, last_tap=None))
    after(d)
    d.announce(speech.stepped(last, game.position, back, game.score - score))
    if back and not game.can_undo and game.moves:
        d.say(
            ngettext(
                "That was the last action undo can reach ({limit} back).",
                "That was the last action undo can reach ({limit} back).",
                UNDO_LIMIT,
                limit=UNDO_LIMIT,
            )
        )


def after(d: Draft, motion: Motion = "glide") -> None:
    """One redraw (``motion``) and one save after the game changed; the status line
    cleared; the cards picked up put back and a pointer's press forgotten (they name cards
    by their place, which changed); the clock and the record follow the game."""
    d.set(input=replace(d.state.input.put_back()[0], press=None))
    d.redraw(motion)
    d.say("")
    state, now = d.state, d.world.now
    clock = state.clock.followed(state.game, now)
    d.set(clock=clock, stats=state.stats.timed(clock.elapsed(now)).follow(state.game, d.today))
    d.save()


def open_game(d: Draft, game: Game, said: str, path: tuple[Move, ...] | None = ()) -> None:
    """Show ``game`` in place of the one in play (a new deal, a link's position, whose
    moves from the deal are ``path``), save it and say ``said``. The game replaced, in
    progress, becomes the last game (:meth:`.storage.stats.Stats.leave`), which Undo brings
    back (said so); the new one is the daily deal's when it is today's deal."""
    d.close_all()
    state, now = d.state, d.world.now
    daily = d.today if game.code == daily_code(d.world.day) else None
    stats = state.stats.timed(state.clock.elapsed(now)).leave(state.game, d.today)
    show_game(d, game, state.settings, stats.begin(game.code, daily, path), "deal")
    d.save()
    d.say(said_over(said, state.game, stats))


def said_over(said: str, replaced: Game, stats: Stats) -> str:
    """``said`` of a game shown in place of ``replaced``, and that Undo brings that one back
    when the record kept it as the last game (``stats``: the record after it was left)."""
    if stats.previous is None or stats.previous.game is not replaced:
        return said
    kept = ngettext(
        "Undo brings back the last game ({moves} move).",
        "Undo brings back the last game ({moves} moves).",
        replaced.moves,
        moves=replaced.moves,
    )
    return f"{said} {kept}"


def back_to_last(d: Draft) -> None:
    """The last game (the one a new deal, a restart or a link replaced in progress) in place
    of the one in play, which becomes the last game in turn unless it is won; said, or why
    there is none."""
    state, now = d.state, d.world.now
    if state.stats.previous is None:
        d.say(_("There is no last game to go back to: a new deal keeps the game it replaces."))
        return
    d.close_all()
    game, stats = state.stats.timed(state.clock.elapsed(now)).back(state.game, d.today)
    show_game(d, game, state.settings, stats)
    d.save()
    d.say(
        ngettext(
            "Back to the last game: deal {code}, {moves} move.",
            "Back to the last game: deal {code}, {moves} moves.",
            game.moves,
            code=str(game.code),
            moves=game.moves,
        )
    )


def open_link(d: Draft, link: Link) -> None:
    """Show the deal or position a link asks for (an address, "play from here")."""
    game = link.game()
    open_game(d, game, link_words(link, game), link.moves)


def link_words(link: Link, game: Game) -> str:
    """What opening ``link`` (its game: ``game``) says."""
    if not link.moves:
        return new_deal_words(game.code)
    return ngettext(
        "Deal {code}, after the {moves} move of the link.",
        "Deal {code}, after the {moves} moves of the link.",
        game.moves,
        code=str(game.code),
        moves=game.moves,
    )


def new_deal_words(code: DealCode) -> str:
    """``New deal EO1-C4-AAAAAFA.``, with its level when it has one (docs/levels.md)."""
    level = code_level_words(code)
    if level:
        return _("New deal {code}. Level: {level}.", code=str(code), level=level)
    return _("New deal {code}.", code=str(code))


def start_deal(d: Draft, deal: StartDeal) -> None:
    """Start a deal from its first card, saying so as it asks."""
    game = Game.new(deal.code)
    code = str(deal.code)
    if deal.said == "restarted":
        said = _("Deal {code} started again.", code=code)
    else:
        said = new_deal_words(deal.code)
    open_game(d, game, said)


def show_game(
    d: Draft, game: Game, settings: Settings, stats: Stats | None = None, motion: Motion = "still"
) -> None:
    """Show another game (a new deal dealt with ``motion``, another tab's still): the
    board's gestures, the hint shown, a replay and Finish's run forgotten."""
    state = d.state
    stats = state.stats if stats is None else stats
    hints = replace(state.hints, shown=None)
    clock = Clock.of(game, stats, state.clock.hidden, d.world.now)
    d.set(game=game, settings=settings, stats=stats, input=InputState(), tap_wait=None, hints=hints)
    d.set(replay=None, finishing=None, clock=clock)
    d.redraw(motion)


def choose(d: Draft, settings: Settings) -> None:
    """New settings, saved: the deck, the colours and tap-to-select at once, the cell count
    for the next deal."""
    d.set(settings=settings)
    d.save()


SET_ASIDE: Final = frozenset(
    {"storage-corrupt", "storage-settings-reset", "storage-stats-reset", "storage-set-aside", "storage-newer"}
)
"""The notices of a value set aside: the settings' offer of it is read again."""


def saved(d: Draft, notice: Notice | None, unsaved: str, loaded: Loaded | None, first: bool) -> None:
    """A save's outcome: why saves do not work, if they do not; another tab's game shown
    when it had saved first; a notice said (after the start's words, for the start's save);
    a value set aside offered back in the settings."""
    d.set(unsaved=unsaved)
    if notice is not None and notice.code in SET_ASIDE:
        d.ask(Aside("read"))
    other = notice is not None and notice.code == "storage-other-tab"
    if other and loaded is not None and loaded.game is not None:
        show_game(d, loaded.game, loaded.settings, loaded.stats)
    if notice is None:
        return
    text = notice_text(notice)
    if first and d.state.status.text:
        text = f"{d.state.status.text} {text}"
    d.say(text)


def other_tab(d: Draft, loaded: Loaded) -> None:
    """Another tab saved a newer game: shown, and said (the same game and settings, saved
    when that tab was hidden with its clock's time: taken quietly). Or a value that is not
    a game was written (another page on this origin, say): this tab's game saved at once,
    which sets that value aside and says so, so a reload finds this game."""
    state = d.state
    if loaded.game is None:
        d.save()
        return
    if loaded.game == state.game and loaded.settings == state.settings:  # only its clock moved: quietly
        d.set(stats=loaded.stats, clock=Clock.of(state.game, loaded.stats, state.clock.hidden, d.world.now))
        return
    d.set(hints=replace(state.hints, shown=None))
    if state.replay is not None:  # the replay stays on the board; the game behind it follows
        clock = Clock.of(loaded.game, loaded.stats, state.clock.hidden, d.world.now)
        d.set(game=loaded.game, settings=loaded.settings, stats=loaded.stats, clock=clock)
    else:
        d.close_all()
        show_game(d, loaded.game, loaded.settings, loaded.stats)
    d.say(notice_text(loaded.notice))


def keep_time(d: Draft, before: Clock, tick: bool) -> None:
    """The clock's time as of now, and while it runs a timer for its next second: asked at
    each second (``tick``), and anew when the clock started, stopped or moved on otherwise
    than by time (``before`` was the clock)."""
    clock = d.state.clock.at(d.world.now)
    d.set(clock=clock)
    wait = clock.until_next_second()
    if wait is not None and (tick or replace(before, shown=0) != replace(clock, shown=0)):
        d.ask(Later("clock", wait, Tick()))


__all__ = [
    "after",
    "back_to_last",
    "choose",
    "keep_time",
    "link_words",
    "open_game",
    "open_link",
    "other_tab",
    "play",
    "said_over",
    "saved",
    "show_game",
    "start_deal",
    "step",
    "won",
]

"""The page's one update: the next :class:`.state.PageState` and the effects to run, from the
state and one action (pure Python, no browser import; tested under CPython).

:func:`update` is a single ``match`` over the closed :data:`.actions.Action` union that
ends in :func:`typing.assert_never`, so mypy finds an action without a case. Before the
case: the hint shown goes at any action but a hint, a gesture under way and what comes
from outside (:data:`KEEPS_HINT`), and the board's actions wait while it is blocked (a
dialog over it, a replay shown: :func:`needs_board`). After it: the coach's offer goes when
its game changed, the how-to at the first move, and the clock keeps its time.

Each feature is a module of functions over a :class:`.draft.Draft` (the next state in the
making): :mod:`.game` (the game on the table), :mod:`.board` (gestures, keys, Finish),
:mod:`.solver` (hints and the coach), :mod:`.commands` (the windows, settings, record,
backups, links, how-to), :mod:`.replay`. :func:`start` makes the first state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Final, assert_never, get_args

from ...game import Game
from ...moves import Move
from ..actions import (
    BOARD_COMMANDS,
    Action,
    AsideRead,
    Choose,
    Close,
    CodeTyped,
    Command,
    Copied,
    DialogClosed,
    FileRead,
    FinishStep,
    FocusTo,
    ImportFile,
    Jump,
    KeyPlay,
    Navigate,
    OtherTab,
    Persisted,
    PointerAction,
    PointerCancel,
    PointerDown,
    PointerMove,
    PointerUp,
    Release,
    ReplaySpeed,
    ReplayStep,
    Saved,
    Select,
    Shared,
    Shortcut,
    TapWindow,
    Tick,
    Visibility,
    WorkerFailed,
    WorkerReply,
)
from ..board.clock import Clock
from ..board.focus import Spot, settle
from ..effects import Effect, Remember, Save
from ..links.address import Link
from ..state import (
    Confirm,
    HowTo,
    KeysWindow,
    PageState,
    ResetStats,
    SavingWindow,
    SettingsWindow,
    StartDeal,
    StatsWindow,
    World,
)
from ..storage.daily import daily_code, iso
from ..storage.settings import Settings
from ..storage.stats import Stats
from ..storage.store import Aside
from ..words.i18n import _, ngettext
from . import board, commands, replay, solver
from .draft import Draft
from .game import back_to_last, keep_time, link_words, other_tab, said_over, saved, start_deal, step

KEEPS_HINT: Final[tuple[type, ...]] = (
    *get_args(PointerAction),
    ReplaySpeed,
    ImportFile,
    CodeTyped,
    FocusTo,
    DialogClosed,
    OtherTab,
    WorkerReply,
    WorkerFailed,
    Visibility,
    TapWindow,
    ReplayStep,
    Tick,
    Saved,
    Copied,
    Shared,
    FileRead,
    AsideRead,
    Persisted,
)
"""The actions that leave a hint shown: a gesture under way (its result, when it has one,
clears it), the controls that change nothing on the board, what arrives from outside
(another tab's game clears it itself), the timers but Finish's move, the effects' results."""


def clears_hint(action: Action) -> bool:
    """Whether ``action`` takes the hint shown off the board."""
    return action != Command("hint") and not isinstance(action, KEEPS_HINT)


def needs_board(action: Action) -> bool:
    """Whether ``action`` acts on the board, which takes none while it is blocked: keyboard
    play, tap-to-select, undo, redo, hint, go back, finish (a pointer's press asks the
    board itself when it starts, Finish's moves before each)."""
    if isinstance(action, Command):
        return action.name in BOARD_COMMANDS
    return isinstance(action, get_args(KeyPlay))


def update(state: PageState, action: Action, world: World) -> tuple[PageState, tuple[Effect, ...]]:
    """The state after ``action``, which came in ``world``, and the effects to run."""
    d = Draft(state, world)
    if clears_hint(action) and state.hints.shown is not None:
        d.set(hints=replace(state.hints, shown=None))
    if needs_board(action) and state.blocked:
        return d.state, ()
    match action:
        case PointerDown():
            board.down(d, action)
        case PointerMove(x=x, y=y, seen=carried, under=under):
            board.move(d, x, y, carried, under)
        case PointerUp(drop=drop, now=now, seen=carried):
            board.up(d, drop, now, carried)
        case PointerCancel():
            board.cancel(d)
        case Navigate() | Select() | Jump() | Release() | Shortcut():
            board.key_play(d, action)
        case FocusTo(pile=pile, index=index):
            position = d.state.game.position
            board.focus_on(
                d, settle(Spot(pile, index), {p.key: position.size(p) for p in position.piles()}), False
            )
        case TapWindow(serial=serial):
            board.tap_window(d, serial)
        case FinishStep(serial=serial):
            board.finish_step(d, serial)
        case Command(name=name):
            command(d, name)
        case Close(dialog=ident) | DialogClosed(dialog=ident):
            d.close(ident)
        case Choose():
            commands.choose_setting(d, action)
        case CodeTyped(text=text):
            solver.code_typed(d, text, commands.typed_code(text))
        case ReplaySpeed(speed=speed):
            replay.speed(d, speed)
        case ReplayStep():
            replay.play_on(d)
        case ImportFile(read=read):
            commands.choose_file(d, read)
        case FileRead(text=text, error=error):
            commands.file_read(d, text, error)
        case OtherTab(loaded=loaded):
            other_tab(d, loaded)
        case WorkerReply(text=text):
            solver.reply(d, text)
        case WorkerFailed(failure=failure):
            solver.failed(d, failure)
        case Visibility(hidden=hidden):
            seen(d, hidden)
        case Tick():
            pass  # the clock's time, below
        case Saved(notice=notice, unsaved=unsaved, loaded=loaded, first=first):
            saved(d, notice, unsaved, loaded, first)
        case AsideRead(aside=aside):
            d.set(aside=aside)
        case Persisted(kept=kept):
            d.set(kept=kept)
        case Copied(url=url, said=said, done=done):
            commands.copied(d, url, said, done)
        case Shared(url=url, outcome=outcome):
            commands.shared(d, url, outcome)
        case _:
            assert_never(action)
    solver.follow(d)
    commands.how_to_follows(d)
    keep_time(d, state.clock, isinstance(action, Tick))
    return d.state, tuple(d.effects)


def command(d: Draft, name: str) -> None:
    """One of the page's commands (:data:`.actions.CommandName`)."""
    state = d.state
    if name == "undo" or name == "redo":
        step(d, back=name == "undo")
    elif name == "hint":
        solver.hint(d)
    elif name == "go-back":
        solver.go_back(d)
    elif name == "finish":
        board.finish(d)
    elif name == "new-game":
        commands.open_new_game(d)
    elif name == "win-new":
        d.close_all()
        commands.open_new_game(d)
    elif name == "settings":
        d.open(SettingsWindow())
    elif name == "help":
        d.open(KeysWindow())
    elif name == "stats":
        d.open(StatsWindow())
    elif name == "random-deal":
        commands.deal_random(d)
    elif name == "play-code":
        commands.play_code(d)
    elif name == "restart":
        start_deal(d, StartDeal(state.game.code, "restarted"))
    elif name == "daily":
        start_deal(d, StartDeal(daily_code(d.world.day)))
    elif name == "back-to-last":
        back_to_last(d)
    elif name == "confirm-yes":
        commands.confirmed(d)
    elif name == "reset-stats":
        d.open(Confirm(ResetStats()))
    elif name == "export":
        commands.export_backup(d)
    elif name == "download-history":
        commands.download_history(d)
    elif name == "copy-link":
        commands.copy_link(d)
    elif name == "share":
        commands.share(d)
    elif name == "how-to":
        commands.how_to_again(d)
    elif name == "how-to-close":
        commands.how_to_dismissed(d)
    elif name == "unsaved":
        d.open(SavingWindow())
    elif name == "keep-newer":
        commands.keep_newer(d)
    elif name in ("restore-aside", "download-aside", "discard-aside"):
        commands.aside_command(d, name)
    else:
        replay.command(d, name)


def seen(d: Draft, hidden: bool) -> None:
    """The tab hidden: the clock stops and, when it was running, the game is saved with its
    time; seen again, it goes on."""
    clock, now = d.state.clock, d.world.now
    if hidden:
        d.set(clock=clock.hidden_at(now))
        if clock.running:
            d.save()
    else:
        d.set(clock=clock.seen_at(now))


# -- the start ------------------------------------------------------------------------------


def start(
    world: World,
    game: Game,
    settings: Settings,
    stats: Stats,
    *,
    language: str = "en",
    address_lang: str = "",
    page: str = "",
    said: tuple[str, ...] = (),
    path: tuple[Move, ...] | None = None,
    ask: Link | None = None,
    replay_of: tuple[Link, int] | None = None,
    how_to_seen: bool = True,
    hidden: bool = False,
    unsaved: str = "",
    newer_visits: int = 0,
    aside: Aside | None = None,
    kept: bool | None = None,
    device: Mapping[str, object] | None = None,
    safari: bool = False,
) -> tuple[PageState, tuple[Effect, ...]]:
    """The page's first state and effects: ``game`` with the ``settings`` and record as the
    start decided it (:func:`.links.startup.decide`; ``path``: a position link's moves from
    the deal, ``said`` its words, ``ask``: a deal the address asks for over a game in
    progress, opened in its place, that game kept as the last game), a replay link shown
    over it, the how-to for a first game, the first save.
    What storage keeps comes too: why saves do not work (``unsaved``), how many visits
    found a newer version's record, the set-aside slot, whether the browser keeps the
    page's storage, what this ``device`` remembers; ``safari``: a browser that deletes a
    site's storage after a week without a visit (Safari, not from the home screen)."""
    stats = stats.matched(game)
    if ask is not None:  # another deal over a game in progress: that game kept as the last game
        linked = ask.game()
        stats = stats.leave(game, iso(world.day))
        said = (*said, said_over(link_words(ask, linked), game, stats))
        stats = stats.begin(linked.code, None, ask.moves)
        game, path = linked, ask.moves or None
    current = stats.current
    if (
        not game.moves
        and game.code == daily_code(world.day)
        and current is not None
        and current.daily is None
    ):
        stats = stats.begin(game.code, iso(world.day))  # today's deal opened by its address
    if path is not None:
        stats = stats.with_path(game, path)
    clock = Clock.of(game, stats, hidden, world.now)
    state = PageState(game, settings, stats, language, address_lang, page, clock=clock)
    state = replace(state, unsaved=unsaved, newer_visits=newer_visits, aside=aside, kept=kept)
    d = Draft(state, world)
    remembered = device or {}
    d.redraw("still")
    if not how_to_seen and not game.moves:
        d.set(how_to=HowTo(shown=True))
    else:
        d.set(how_to=HowTo(seen=how_to_seen))
    words = list(said)
    if replay_of is not None:
        words.append(replay.start(d, *replay_of))
    told = remembered.get("told")
    told = [word for word in told if isinstance(word, str)] if isinstance(told, list) else []
    if safari and kept is not True and "safari" not in told:
        words.append(
            _(
                "This browser keeps the game only while you visit it every few days or add it to the "
                "home screen; a backup from the Statistics window keeps it anywhere."
            )
        )
        d.ask(Remember("told", [*told, "safari"]))
    days = stats.unsaved_days(d.today)
    if days is not None and remembered.get("reminded") != d.today:
        words.append(backup_reminder(days, stats.exported is not None))
        d.ask(Remember("reminded", d.today))
    d.say(" ".join(w for w in words if w))
    d.ask(Save(first=True))
    keep_time(d, clock, tick=True)
    return d.state, tuple(d.effects)


def backup_reminder(days: int, exported: bool) -> str:
    """A reminder that games of the last ``days`` days are in no backup file."""
    if exported:
        return ngettext(
            "Your last backup is {days} day old and games were played since: export one from the "
            "Statistics window.",
            "Your last backup is {days} days old and games were played since: export one from the "
            "Statistics window.",
            days,
            days=days,
        )
    return ngettext(
        "The games of the last {days} day are in no backup: export one from the Statistics window "
        "to keep them if this browser clears its storage.",
        "The games of the last {days} days are in no backup: export one from the Statistics window "
        "to keep them if this browser clears its storage.",
        days,
        days=days,
    )


__all__ = ["KEEPS_HINT", "backup_reminder", "clears_hint", "command", "needs_board", "start", "update"]

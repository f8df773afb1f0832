"""The page's commands off the board: the windows (New Game, Settings, Keys, Statistics, the
question asked first), the deals they start, the settings chosen, the player's record,
backups, shared links and the how-to (pure Python; tested under CPython through
:func:`.update.update`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from ...deal import NUMBERS, DealCode
from ...errors import DealCodeError
from ...winnable import CATALOGUED, winnable
from ..actions import Choose, ShareOutcome
from ..effects import Aside, Copy, Download, ReadFile, RememberHowTo, Share
from ..links.address import Link, share_url
from ..state import (
    Confirm,
    KeysWindow,
    NewGameWindow,
    Pending,
    ResetStats,
    Said,
    StartDeal,
    StatsWindow,
    TakeAside,
    TakeBackup,
)
from ..storage.backup_file import FILE_NAME, MEDIA_TYPE, BackupError, export, read, reason_text
from ..storage.history_csv import FILE_NAME as CSV_NAME
from ..storage.history_csv import MEDIA_TYPE as CSV_TYPE
from ..storage.history_csv import history_csv
from ..words.i18n import _
from .draft import Draft
from .game import choose, show_game, start_deal
from .solver import code_typed

# -- deals -----------------------------------------------------------------------------------


def run(d: Draft, then: Pending) -> None:
    """What the question's "yes" does (or what needed no question)."""
    if isinstance(then, ResetStats):
        d.set(stats=d.state.stats.reset(d.state.game))
        d.save()
        stats_said(d, _("The statistics were reset."))
    elif isinstance(then, TakeAside):
        take_aside(d)
    else:
        take_backup(d, then)


def deal_random(d: Draft) -> None:
    """A random deal of the chosen cell count; with "only deals that can be won", one of
    its certified catalogue, of the level chosen (any level: the whole catalogue)."""
    settings, chance = d.state.settings, d.world.chance
    if settings.winnable and settings.cells in CATALOGUED:
        start_deal(d, StartDeal(winnable(settings.cells, lambda n: chance % n, level=settings.level)))
    else:
        start_deal(d, StartDeal(DealCode(chance % NUMBERS, settings.cells)))


def typed_code(text: str) -> DealCode | None:
    """The deal code typed in the New Game window (``None``: none, or not a code)."""
    try:
        return DealCode.parse(text) if text.strip() else None
    except DealCodeError:
        return None


def play_code(d: Draft) -> None:
    window = d.state.window(NewGameWindow)
    code = typed_code(window.code) if isinstance(window, NewGameWindow) else None
    if code is not None:
        start_deal(d, StartDeal(code))


def open_new_game(d: Draft) -> None:
    """The New Game window with an empty code field (no verdict)."""
    d.open(NewGameWindow())
    code_typed(d, "", None)


def confirmed(d: Draft) -> None:
    """The player said yes: the question closes and what it asked about is done."""
    question = d.state.window(Confirm)
    d.close(Confirm.ident)
    if isinstance(question, Confirm):
        run(d, question.then)


# -- settings ----------------------------------------------------------------------------------


def choose_setting(d: Draft, action: Choose) -> None:
    """A setting chosen: kept and saved; a language spoken at once (the address's
    ``?lang=`` goes), the game left as it is."""
    state = d.state
    try:
        settings = action.applied_to(state.settings)
    except ValueError:  # not one of the choices: the page offers none other
        return
    choose(d, settings)
    if settings.language and settings.language != state.language:
        d.set(language=settings.language, address_lang="")
        d.say("")


# -- the record, backups, links ---------------------------------------------------------------


def stats_said(d: Draft, text: str, bad: bool = False) -> None:
    """A line under the Statistics window's buttons."""
    window = d.state.window(StatsWindow)
    if isinstance(window, StatsWindow):
        d.change_window(replace(window, message=Said(text, d.serial()), bad=bad))


def export_backup(d: Draft) -> None:
    """A backup file downloaded; the record notes the day (a week later, games finished
    since bring a reminder)."""
    d.set(stats=d.state.stats.backed_up(d.today))
    d.save()
    state = d.state
    d.ask(Download(export(state.game, state.settings, state.stats, d.world.stamp), FILE_NAME, MEDIA_TYPE))
    said = _("Backup saved as {name}.", name=FILE_NAME)
    if state.window(StatsWindow) is None:
        d.say(said)
    stats_said(d, said)


def download_history(d: Draft) -> None:
    """The last games the record keeps downloaded as a CSV file (:mod:`.storage.history_csv`),
    said under the buttons; with none finished there is nothing to download."""
    recent = d.state.stats.recent
    if not recent:
        stats_said(d, _("No finished games yet."))
        return
    d.ask(Download(history_csv(recent), CSV_NAME, CSV_TYPE))
    stats_said(d, _("History saved as {name}.", name=CSV_NAME))


def file_read(d: Draft, text: str | None, error: BackupError | None) -> None:
    """The chosen file read: refused with the reason, or what it holds said and asked."""
    if error is None and text is not None:
        try:
            backup = read(text)
        except BackupError as refused:
            error = refused
        else:
            d.open(Confirm(TakeBackup(backup)))
            return
    if error is not None:
        stats_said(d, _("This file cannot be imported: {reason}", reason=reason_text(error)), bad=True)


def choose_file(d: Draft, read: Callable[[], Awaitable[str | None]]) -> None:
    """A file chosen: read it (what the last one came to is no longer said)."""
    window = d.state.window(StatsWindow)
    if isinstance(window, StatsWindow) and window.message.text:
        stats_said(d, "")
    d.ask(ReadFile(read))


# -- what storage keeps ------------------------------------------------------------------------


def aside_command(d: Draft, name: str) -> None:
    """The settings' offer of what was set aside: bring it back (after asking, over a game
    in progress), download it as it is, or discard it."""
    aside = d.state.aside
    if aside is None:
        return
    if name == "restore-aside":
        game = d.state.game
        if aside.loaded is None or aside.loaded.game is None:
            return
        if not game.moves or game.is_won:  # nothing in progress is lost: no question
            run(d, TakeAside())
        else:
            d.open(Confirm(TakeAside(), game.moves))
    elif name == "download-aside":
        d.ask(Aside("download"))
    else:
        d.set(aside=None)
        d.ask(Aside("discard"))
        d.say(_("What was set aside is deleted."))


def take_aside(d: Draft) -> None:
    """The set-aside record in place of the game, settings and record; the slot emptied."""
    aside = d.state.aside
    loaded = None if aside is None else aside.loaded
    if loaded is None or loaded.game is None:
        return
    d.close_all()
    show_game(d, loaded.game, loaded.settings, loaded.stats, "deal")
    d.set(aside=None)
    d.save(take_over=True)
    d.ask(Aside("discard"))
    d.say(_("The game that was set aside is back."))


def keep_newer(d: Draft) -> None:
    """A newer version's record stays set aside, and this game is saved from now on."""
    if d.state.unsaved != "storage-newer":
        return
    d.close_all()
    d.set(newer_visits=0)
    d.ask(Aside("keep-newer"))
    d.save()
    d.say(_("The newer version's game is set aside: this game is saved from now on."))


def take_backup(d: Draft, then: TakeBackup) -> None:
    """The game, settings and record replaced by a backup's (another tab's newer record is
    read first, so this save is not refused as unseen)."""
    backup = then.backup
    show_game(d, backup.game, backup.settings, backup.stats)
    d.save(take_over=True)
    stats_said(d, _("Backup imported."))


def copy_link(d: Draft) -> None:
    """The deal's address on the clipboard, said in a short sentence (never the address)."""
    d.ask(Copy(share_url(d.state.page, d.state.game.code), _("Link copied.")))


def share(d: Draft) -> None:
    """A replay link of the whole game (or of the replay shown)."""
    state = d.state
    link = None if state.replay is None else state.replay.link()
    if link is None:
        game, current = state.game, state.stats.current
        moves = state.stats.whole_game(game)
        time = None if current is None else current.played_for  # as of the last save
        link = None if moves is None else Link(game.code, moves, time)
    if link is None:
        d.say(_("The moves of this game from its deal are not all known: it cannot be shared as a replay."))
    elif not link.moves:
        d.say(_("There is no move to share yet: a replay link needs a move."))
    else:
        url = f"{state.page}{link.query(replay=True)}"
        title = _("Eight Off: a replay")
        text = _("A game of Eight Off, deal {code}, move by move.", code=str(link.code))
        d.ask(Share(url, title, text))


def shared(d: Draft, url: str, outcome: ShareOutcome) -> None:
    """The share sheet's answer: shared (said), closed by the player (nothing to say), or
    none to offer it to: the replay link is copied instead."""
    if outcome == "shared":
        d.set(share=None)
        d.say(_("Replay link shared."))
    elif outcome == "unavailable":
        d.ask(Copy(url, _("Replay link copied.")))


def copied(d: Draft, url: str, said: str, done: bool) -> None:
    """The link on the clipboard (said in a short sentence), or shown selected to copy by
    hand."""
    if done:
        d.set(share=None)
        d.say(said)
    else:
        d.set(share=url)


# -- the how-to -------------------------------------------------------------------------------


def how_to_again(d: Draft) -> None:
    """Asked for from the keys' window: the how-to shown again, with the focus (the keys'
    window closes, and gives the focus back to nothing: the how-to takes it)."""
    d.close(KeysWindow.ident)
    how_to = d.state.how_to
    d.set(how_to=replace(how_to, shown=True, moves=d.state.game.moves, focus=d.serial()))


def how_to_dismissed(d: Draft) -> None:
    d.set(how_to=replace(d.state.how_to, shown=False, seen=True))
    d.ask(RememberHowTo())


def how_to_follows(d: Draft) -> None:
    """After each action: a move played (or undone) since the how-to showed hides it for good."""
    how_to = d.state.how_to
    if how_to.shown and d.state.game.moves != how_to.moves:
        how_to_dismissed(d)


__all__ = [
    "choose_setting",
    "confirmed",
    "copied",
    "copy_link",
    "deal_random",
    "download_history",
    "export_backup",
    "file_read",
    "how_to_again",
    "how_to_dismissed",
    "how_to_follows",
    "open_new_game",
    "play_code",
    "run",
    "share",
    "shared",
    "stats_said",
    "take_backup",
    "typed_code",
]

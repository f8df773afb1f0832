"""The page: one door for every action, and the start-up.

``start()`` (called by static/main.py, which keeps the returned :class:`App`) decides the
game to open (:mod:`.links.startup`), draws it, binds the listeners and sets ``<html
data-ready>`` last. After that every input reaches the game through
:meth:`App.dispatch`, as one :mod:`.actions` value: the pointer (:mod:`.board.pointer`, read by
:mod:`.board.gestures`), the keys (:mod:`.board.keys`, read by :mod:`.board.keymap`), the buttons and the
dialogs' choices (read here). Where each kind of action goes:

- board actions: the game changes in :class:`.board.table.Table` (one render, one save);
- commands: :class:`.board.table.Table`, :class:`.windows.dialogs.Dialogs` or the clipboard.

Rules come from the engine, words from :mod:`.words.i18n`.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from pyscript import document, window
from pyscript.ffi import is_none

from ..deal import DealCode
from ..game import Game
from ..moves import Move
from ..piles import Pile
from ..position import Position
from ..winnable import CATALOGUED, winnable
from .actions import (
    BOARD_COMMANDS,
    Action,
    Choose,
    Close,
    Command,
    CommandName,
    Feedback,
    Navigate,
    Play,
    PutBack,
    Release,
    Select,
    Shortcut,
    from_button,
    from_choice,
)
from .board import keys
from .board.gestures import UiState
from .board.pointer import Pointer
from .board.replay import Replay
from .board.table import Said, Table, link_opened, new_deal, restarted
from .board.view import View
from .dom import Frame, intl_number, listen
from .links.address import (
    DAILY,
    REPLAY,
    Link,
    deal_from_query,
    flag_from_query,
    link_from_query,
    query_for,
    replay_step,
    share_url,
)
from .links.clipboard import copy_text
from .links.startup import choose_language, decide, notice_text
from .solver.coach import Coach
from .solver.coach_page import CoachPage
from .solver.messages import Line, deal_request, hint_request, marks, read_reply, verdict_text
from .solver.worker import Failure, Worker
from .storage import local
from .storage.backup import FILE_NAME, MEDIA_TYPE, BackupError, Held, describe, export, read, reason_text
from .storage.daily import daily_code, today
from .storage.store import Loaded, Store
from .windows.dialogs import Dialogs
from .windows.record import ReplayBar, StatsWindow, download, read_file
from .words import speech
from .words.i18n import _, card_name, direction, language, ngettext, set_language, use_number_format


class App:
    """One tab's page: the view, the dialogs, the board's state and, once started, the
    table with the game."""

    def __init__(self, root: Any) -> None:
        self.view = View(root)
        self.dialogs = Dialogs(root)
        self.ui = UiState()
        self.store = Store(local.LocalStorage(), tab_id=secrets.token_hex(6))
        self.table: Table  # set by start(): the saved game, the address's deal or a new one
        self.pointer = Pointer(self.view.board, self)
        self.refit = Frame(self.view.fit)
        """Resizes arrive many times a frame while a window is dragged: fit once a frame."""
        self.unbinds: list[Callable[[], None]] = []
        self.copying: asyncio.Future[None] | None = None
        """The running copy of the link (kept so it is not collected before it ends)."""
        self.worker = Worker(self.on_reply, self.on_worker_error)
        self.line: Line | None = None
        """The last winning line found: the next hints along it need no search."""
        self.asked: tuple[int, Position] | None = None
        """The hint request in flight: its serial and the position it is about."""
        self.deal_asked = 0
        """The serial of the winnable 8-cell deal asked for (0: none)."""
        self.stats_window = StatsWindow(self.dialogs.texts)
        self.dialogs.adopt(self.stats_window.dialog)
        self.replay_bar = ReplayBar(self.view.texts)
        self.view.board.before(self.replay_bar.node)
        self.replay: Replay | None = None
        """The replay shown instead of the game (which stays as it was, saved)."""
        self.tasks: set[asyncio.Future[None]] = set()
        """Running replays, shares and imports (kept until they end)."""
        self.coach = Coach(self.worker, lambda: self.table, CoachPage(self.view, self.dialogs))
        self.dialogs.on_code = self.coach.code

    @property
    def game(self) -> Game:
        return self.table.game

    # -- start -------------------------------------------------------------------

    def start(self) -> None:
        address = query = str(window.location.search)
        loaded = self.store.load()
        if flag_from_query(query, DAILY) and deal_from_query(query) == (None, None):
            query = query_for(daily_code(today()))  # ?daily: today's deal, like its own address
        replay = link_from_query(query)[0] if flag_from_query(query, REPLAY) else None
        start = decide(loaded, "" if replay else query, _new_code(loaded.settings.winnable))
        browser = [str(tag) for tag in window.navigator.languages or [window.navigator.language or "en"]]
        self.speak(choose_language(address, loaded.settings.language, browser), None)
        self.table = Table(self.view, self.ui, self.store, start.game, start.settings, loaded.stats)
        if start.path is not None:  # opened from a position link: its moves are the game's path
            self.table.stats = self.table.stats.with_path(start.game, start.path)
        self.table.show()
        said = list(start.messages)
        if replay is not None:
            said.append(self.start_replay(replay, replay_step(query)))
        said.append(notice_text(self.store.save(start.game, start.settings, self.table.stats)))
        self.view.saving(self.store.saving)
        self.bind()
        self.view.say(" ".join(m for m in said if m))
        if start.ask is not None:
            link = start.ask
            moves = start.game.moves
            self.dialogs.confirm(
                lambda: ngettext(
                    "Open deal {code}? The game in progress ({moves} move) will be lost.",
                    "Open deal {code}? The game in progress ({moves} moves) will be lost.",
                    moves,
                    code=str(link.code),
                    moves=moves,
                ),
                lambda: self.open_link(link),
            )
        document.documentElement.setAttribute("data-ready", "")

    def bind(self) -> None:
        """Every listener: the board's pointer, the keys, the buttons and choices, the
        code field, another tab's saves, the window's size."""
        self.unbinds += [
            self.pointer.bind(),
            keys.bind(self.dispatch, self.view.spot_of),
            listen(self.view.board, {"focusin": lambda event: self.view.follow_focus(event.target)}),
            listen(self.view.root, {"click": self.on_click, "change": self.on_change}),
            self.dialogs.bind(),
            local.watch(self.store, self.show_other_tab),
            listen(window, {"resize": lambda _event: self.refit.request()}),
        ]

    def unbind(self) -> None:
        """Every listener removed and the solver's worker stopped: this App is done (the
        browser tests start a new one in the same tab, tests/browser/helpers.py)."""
        while self.unbinds:
            self.unbinds.pop()()
        self.refit.destroy()
        self.worker.stop()

    # -- the one door ------------------------------------------------------------

    def dispatch(self, action: Action | None) -> None:
        """Do what one action asks (``None``: nothing). Any action but a hint clears the
        hint shown."""
        if action is not None and action != Command("hint"):
            self.view.unhint()
        if isinstance(action, Play | PutBack | Feedback):
            self.board_action(action)
        elif isinstance(action, Navigate | Select | Release | Shortcut):
            if not self.blocked():
                self.key_play(action)
        elif isinstance(action, Command):
            if action.name in BOARD_COMMANDS and self.blocked():
                return
            self.command(action.name)
        elif isinstance(action, Close):
            self.dialogs.close(action.dialog)
        elif isinstance(action, Choose):
            self.choose(action)
        self.coach.follow()

    def blocked(self) -> bool:
        """The board takes no input while a dialog is open over it, or a replay is shown."""
        return self.dialogs.any_open() or self.replay is not None

    def board_action(self, action: Play | PutBack | Feedback) -> None:
        """A gesture's result: the carried cards are put down, then fly on to where they
        were played, or back; a card that did not move shows it."""
        first = self.view.put_down()
        if isinstance(action, Play):
            if self.table.play(action.move, first or None):
                if self.game.is_won:
                    self.dialogs.show_win(self.game)
                    self.coach.won(self.game)
                    score, moves = self.game.score, self.game.moves
                    self.view.announce(
                        ngettext(
                            "You won! Score {score} in {moves} move.",
                            "You won! Score {score} in {moves} moves.",
                            moves,
                            score=score,
                            moves=moves,
                        )
                    )
                return
            self.ui.tap_failed()
            self.view.fly_from(first)
            if not first:  # nothing was carried: the touched card says no
                self.view.refuse(action.card)
        elif isinstance(action, PutBack):
            self.view.fly_from(first)
        else:
            self.view.refuse(action.card)
            if action.reason == "double-tap":
                self.view.say(_("The {card} cannot move anywhere now.", card=card_name(action.card)))

    def key_play(self, action: Navigate | Select | Release | Shortcut) -> None:
        """Keyboard play and tap-to-select: move the focus, pick up, put down, put back,
        or a shortcut's move, each asked of the engine through :class:`.board.gestures.UiState`."""
        ui, view, game = self.ui, self.view, self.game
        if isinstance(action, Navigate):
            view.navigate(action.key)
        elif isinstance(action, Select):
            result = ui.select(game, action.pile, action.index)
            if isinstance(result, Play | PutBack):
                self.board_action(result)
                if isinstance(result, PutBack):
                    view.announce(_("Put back."))
                view.focus_pile(action.pile)
            elif result and ui.held is not None:
                view.pick(ui.held.pile, ui.held.count, ui.lit)
                view.announce(speech.picked(game, ui.held.pile, ui.held.index, ui.lit))
            else:
                view.say(speech.refused_pick(game, action.pile))
                if action.index is not None:
                    view.refuse(view.shown[action.pile][action.index])
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
        pile = Pile.from_key(action.pile)
        cards = self.game.position.cards(pile)
        if not cards:
            self.view.say(speech.refused_pick(self.game, action.pile))
            return
        index = len(cards) - 1 if action.index is None else action.index
        card = cards[index]
        if action.name == "tap":
            self.dispatch(Play(Move(pile, Pile.foundation(card.suit), len(cards) - index), str(card)))
            return
        move = self.game.double_tap(pile, index)
        self.dispatch(Play(move, str(card)) if move else Feedback(str(card), "double-tap"))

    def command(self, name: CommandName) -> None:
        dialogs, table = self.dialogs, self.table
        if name == "undo":
            table.undo()
        elif name == "redo":
            table.redo()
        elif name == "new-game":
            dialogs.open_new_game(table.settings)
        elif name == "win-new":
            dialogs.close_all()
            dialogs.open_new_game(table.settings)
        elif name == "settings":
            dialogs.open_settings(table.settings)
        elif name == "copy-link":
            self.copying = asyncio.ensure_future(self.copy_link())
        elif name == "hint":
            self.hint()
        elif name == "go-back":
            self.coach.go_back()
        elif name == "random-deal":
            dialogs.guarded(self.game, self.deal_random)
        elif name == "play-code":
            code = dialogs.check_code()
            if code is not None:
                dialogs.guarded(self.game, lambda: self.deal(code))
        elif name == "restart":
            dialogs.guarded(self.game, lambda: self.deal(self.game.code, restarted))
        elif name == "confirm-yes":
            dialogs.confirmed()
        elif name == "help":
            dialogs.open_help()
        else:
            self.record_command(name)

    # -- the player's record: statistics, daily deal, sharing, backup, replays ---------

    def record_command(self, name: CommandName) -> None:
        if name == "stats":
            self.stats_window.show(self.table.stats)
            self.dialogs.open("stats")
        elif name == "share":
            self.run(self.share())
        elif name == "reset-stats":
            self.dialogs.confirm(lambda: _("Reset all statistics? This cannot be undone."), self.reset_stats)
        elif name == "export":
            self.export_backup()
        elif name == "daily":
            code = daily_code(today())
            self.dialogs.guarded(self.game, lambda: self.deal(code))
        elif name.startswith("replay-"):
            self.replay_command(name)

    def run(self, job: Any) -> None:
        """Run a coroutine, kept until it ends."""
        task = asyncio.ensure_future(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def reset_stats(self) -> None:
        self.table.stats = self.table.stats.reset(self.game)
        self.table.save()
        self.stats_window.show(self.table.stats)
        self.stats_window.say(_("The statistics were reset."))

    async def share(self) -> None:
        """A replay link of the whole game (or of the replay shown) on the clipboard, or
        shown selected to copy by hand."""
        if self.replay is not None:
            link: Link | None = self.replay.link()
        else:
            moves = self.table.stats.whole_game(self.game)
            link = None if moves is None else Link(self.game.code, moves)
        if link is None:
            self.view.say(
                _("The moves of this game from its deal are not all known: it cannot be shared as a replay.")
            )
            return
        if not link.moves:
            self.view.say(_("There is no move to share yet: a replay link needs a move."))
            return
        location = window.location
        url = f"{location.origin}{location.pathname}{link.query(replay=True)}"
        if await copy_text(url):
            self.view.hide_link()
            self.view.say(_("Replay link copied: {url}", url=url))
        else:
            self.view.offer_link(url)

    def export_backup(self) -> None:
        when = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        download(export(self.game, self.table.settings, self.table.stats, when), FILE_NAME, MEDIA_TYPE)
        self.stats_window.say(_("Backup saved as {name}.", name=FILE_NAME))

    async def import_backup(self, node: Any) -> None:
        """Read the chosen file; refuse it with the reason, or say what it holds and ask."""
        try:
            text = await read_file(node)
            if text is None:
                return
            held = read(text)
        except BackupError as error:
            self.stats_window.say(
                _("This file cannot be imported: {reason}", reason=reason_text(error)), bad=True
            )
            return
        self.dialogs.confirm(lambda: describe(held), lambda: self.take_backup(held))

    def take_backup(self, held: Held) -> None:
        """Replace the game, settings and statistics with a backup's (another tab's
        newer record is read first, so this save is not refused as unseen)."""
        self.store.load()
        self.leave_replay()
        self.table.replace(held.game, held.settings, held.stats)
        self.table.save()
        self.stats_window.show(held.stats)
        self.stats_window.say(_("Backup imported."))

    def start_replay(self, link: Link, step: int = 0) -> str:
        """Show ``link`` as a replay at ``step``; the game in progress stays as it is.
        Returns what to say about it (the start-up says it with its other messages)."""
        self.dialogs.close_all()
        self.view.put_down()
        self.ui.reset()
        self.replay = Replay.of(link)
        self.replay.go(step)
        self.view.board.classList.add("replaying")
        self.show_replay()
        return ngettext(
            "Replay of deal {code}, {length} move. Your game is kept.",
            "Replay of deal {code}, {length} moves. Your game is kept.",
            len(link.moves),
            code=str(link.code),
            length=len(link.moves),
        )

    def show_replay(self, first: Any = None) -> None:
        replay = self.replay
        assert replay is not None
        cells = len(replay.position.cells) != self.view.cells
        self.view.position(replay.position)
        if cells:
            self.view.fit()
        if first:
            self.view.fly_from(first)
        shown = Game(replay.code, replay.position, replay.score, replay.step)
        self.view.numbers(shown)
        self.view.name_all(shown)
        self.replay_bar.show(replay)
        window.history.replaceState(None, "", f"{replay.link().query()}&{REPLAY}={replay.step}")

    def replay_step(self, forward: bool) -> None:
        """One move forward or back, the cards flying."""
        replay = self.replay
        assert replay is not None
        if forward and not replay.at_end:
            move = replay.moves[replay.step]
            first = self.view.rects([str(c) for c in replay.position.cards(move.source)[-move.count :]])
            replay.forward()
        elif not forward and replay.step:
            move = replay.moves[replay.step - 1]
            first = self.view.rects([str(c) for c in replay.position.cards(move.target)[-move.count :]])
            replay.back()
        else:
            replay.playing = False
            first = {}
        self.show_replay(first)

    async def play_replay(self, replay: Replay) -> None:
        while self.replay is replay and replay.playing:
            await asyncio.sleep(replay.delay_ms() / 1000)
            if self.replay is not replay or not replay.playing:
                break
            self.replay_step(True)

    def replay_command(self, name: str) -> None:
        replay = self.replay
        if replay is None:
            return
        if name == "replay-play":
            if replay.toggle():
                self.show_replay()
                self.run(self.play_replay(replay))
            else:
                self.replay_bar.show(replay)
        elif name in ("replay-back", "replay-forward"):
            replay.playing = False
            self.replay_step(name == "replay-forward")
        elif name in ("replay-start", "replay-end"):
            replay.playing = False
            replay.go(0 if name == "replay-start" else replay.length)
            self.show_replay()
        elif name == "replay-take-over":
            replay.playing = False
            game = replay.game()
            self.dialogs.guarded(
                self.game, lambda: self.open_link(Link(game.code, tuple(replay.moves[: replay.step])))
            )
        elif name == "replay-exit":
            self.leave_replay()
            self.table.show()

    def leave_replay(self) -> None:
        """Close the replay (the caller shows a game)."""
        if self.replay is not None:
            self.replay.playing = False
            self.replay = None
            self.replay_bar.hide()
            self.view.board.classList.remove("replaying")

    def choose(self, action: Choose) -> None:
        try:
            settings = action.applied_to(self.table.settings)
        except ValueError:  # not one of the choices: the page offers none other
            return
        self.table.choose(settings)
        if settings.language and settings.language != language():
            self.speak(settings.language, self.game)
            window.history.replaceState(None, "", query_for(self.game.code))  # no ?lang= now

    def speak(self, wanted: str, game: Game | None) -> None:
        """Use the language ``wanted`` (when the build has its catalogue): the page's
        ``<html lang dir>`` and title, and, when ``game`` is shown, every word on the page
        again (the game itself is untouched)."""
        code = set_language(wanted)
        root = document.documentElement
        root.setAttribute("lang", code)
        root.setAttribute("dir", direction(code))
        document.title = _("Eight Off")
        self.view.link_pages(code)
        if game is not None or code != "en":
            self.view.relabel(game)
            self.dialogs.relabel()
            if self.replay is not None:
                self.replay_bar.show(self.replay)
            if self.dialogs.is_open("stats"):
                self.stats_window.show(self.table.stats)

    # -- what commands do ----------------------------------------------------------

    def deal(self, code: DealCode, message: Said = new_deal) -> None:
        """Close the dialogs and start ``code`` from its first card."""
        self.dialogs.close_all()
        self.leave_replay()
        self.table.deal(code, message)

    def open_link(self, link: Link) -> None:
        """Close the dialogs and show the deal or position an address asked for."""
        self.dialogs.close_all()
        self.leave_replay()
        self.table.open(link.game(), link_opened if link.moves else new_deal, link.moves)

    def deal_random(self) -> None:
        """A random deal of the chosen cell count; with "only deals that can be won", one
        of the catalogue (4, 2 cells) or one the worker has solved (8 cells)."""
        settings = self.table.settings
        if not settings.winnable:
            self.deal(DealCode.random(settings.cells))
        elif settings.cells in CATALOGUED:
            self.deal(winnable(settings.cells))
        else:
            self.dialogs.close_all()
            self.deal_asked = self.worker.next_serial()
            self.view.say(_("Looking for a deal that can be won…"))
            self.worker.send(deal_request(self.deal_asked, settings.cells))

    # -- hints ---------------------------------------------------------------------

    def hint(self) -> None:
        """Show the next move of a winning line: at once when the position is on the last
        line found, else after the worker's search (a move made meanwhile voids it)."""
        position = self.game.position
        if position.is_won:
            self.view.say(_("The game is won."))
            return
        move = self.line.next_move(position) if self.line is not None else None
        if move is not None:
            self.view.hint(marks(position, move))
            self.table.stats = self.table.stats.hinted()
            return
        if self.asked is not None and self.asked[1] == position:
            return  # the search for this very position is running
        self.asked = (self.worker.next_serial(), position)
        self.view.say(_("Looking for a winning line…"))
        self.worker.send(hint_request(self.asked[0], position))

    def on_reply(self, text: str) -> None:
        reply = read_reply(text)
        if self.coach.reply(reply):
            return
        if reply.verdict == "deal":
            if reply.serial == self.deal_asked and reply.code is not None:
                self.deal_asked = 0
                self.deal(reply.code)
            return
        if self.asked is None or reply.serial != self.asked[0]:
            return
        position = self.asked[1]
        self.asked = None
        if position != self.game.position:
            return  # a move was made meanwhile: the player asks again
        if reply.verdict == "solved":
            self.line = Line.of(position, reply.moves)
            self.hint()
        elif reply.verdict == "unsolvable":
            self.coach.lost(position)
        else:
            self.view.say(verdict_text(reply.verdict))

    def on_worker_error(self, failure: Failure) -> None:
        """The solver's worker failed or did not answer in time (it is given up; the next
        request starts a fresh one): said only to a player who asked it something (a
        failure with nothing asked, e.g. the page left while the worker loads, stays
        unseen). A winnable 8-cell deal asked for is replaced by an ordinary random one,
        said so."""
        hinted, self.asked = self.asked is not None, None
        self.coach.failed()
        if self.deal_asked:
            self.deal_asked = 0
            self.deal(DealCode.random(self.table.settings.cells), unsolved_deal)
        elif hinted:
            self.view.say(
                _("The solver could not start (is the connection down?). Ask for a hint again to retry.")
                if failure == "start"
                else _("The solver did not answer in time. Ask for a hint again to retry.")
            )

    async def copy_link(self) -> None:
        """The deal's address on the clipboard, or shown selected to copy by hand."""
        location = window.location
        url = share_url(f"{location.origin}{location.pathname}", self.game.code)
        if await copy_text(url):
            self.view.hide_link()
            self.view.say(_("Link copied: {url}", url=url))
        else:
            self.view.offer_link(url)

    def show_other_tab(self, loaded: Loaded) -> None:
        """Another tab saved a newer game: show it, and say so. Or a value that is not a
        game was written (another page on this origin, say): save this tab's game at once,
        which sets that value aside and says so, so a reload finds this game."""
        if loaded.game is None:
            self.table.save()
            return
        self.view.unhint()
        if self.replay is not None:  # the replay stays on the board; the game behind it follows
            table = self.table
            table.game, table.settings, table.stats = loaded.game, loaded.settings, loaded.stats
            self.view.say(notice_text(loaded.notice))
            return
        self.dialogs.close_all()
        self.table.replace(loaded.game, loaded.settings, loaded.stats)
        self.view.say(notice_text(loaded.notice))

    # -- reading the buttons and choices ---------------------------------------------

    def on_click(self, event: Any) -> None:
        button = event.target.closest("[data-action]")
        if is_none(button) or button.disabled:
            return
        dialog = button.closest("dialog")
        self.dispatch(from_button(str(button.dataset.action), "" if is_none(dialog) else str(dialog.id)))

    def on_change(self, event: Any) -> None:
        target = event.target
        if str(target.id or "") == "import-file":
            self.run(self.import_backup(target))
            return
        if str(target.name or "") == "replay-speed":
            if self.replay is not None:
                self.replay.set_speed(float(str(target.value)))
            return
        if str(target.type or "") == "checkbox":
            value = "true" if target.checked else "false"
        else:
            value = str(target.value or "")
        self.dispatch(from_choice(str(target.name or ""), value))


def unsolved_deal(game: Game) -> str:
    """What is said of the random deal dealt when the solver could not find a winnable one."""
    return _(
        "New deal {code}: the solver could not find a deal that can be won just now, so this one "
        "is random (almost every deal can be won).",
        code=str(game.code),
    )


def _new_code(winnable_only: bool) -> Callable[[int], DealCode]:
    """How the first visit draws its deal: from the catalogue for 4 and 2 cells when only
    winnable deals are wanted (8 cells: a random deal, which the worker is not yet there
    to solve; about 999 in 1000 can be won)."""

    def draw(cells: int) -> DealCode:
        return winnable(cells) if winnable_only and cells in CATALOGUED else DealCode.random(cells)

    return draw


def start() -> App:
    """Build the page, bind its listeners, mark ``<html data-ready>`` last; returns the
    running :class:`App` (static/main.py keeps it as ``app``)."""
    use_number_format(intl_number)
    app = App(document.getElementById("app"))
    app.start()
    return app


__all__ = ["App", "start"]

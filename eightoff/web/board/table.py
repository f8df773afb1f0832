"""The game on the table: the engine's :class:`Game` and the settings, shown by the
:class:`.board.view.View` and kept by the :class:`.storage.store.Store`.

Every change to the game goes through here: playing a move, undo and redo (each with its
card flight), a new deal, another tab's game. Each ends with :meth:`Table.after` or
:meth:`Table.replace`: one :meth:`Table.redraw`, then one save. :meth:`Table.redraw` is
the board's one render path: the model of what the board shows now
(:func:`.board.model.game_model`, or :func:`.board.model.replay_model` while a replay is
shown) handed to :meth:`.board.view.View.show`. The engine decides every rule; a refused
move's reason comes from its error, in words from :mod:`.words.i18n`.

Its decisions are tested under CPython with a fake view (tests/web/board/test_table.py); only
:meth:`Table.follow_address` touches the browser (the address bar).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from pyscript import window

from ...errors import HistoryError, IllegalMoveError
from ...game import UNDO_LIMIT, Game
from ...moves import Move
from ..links.address import address_for
from ..storage.daily import daily_code, iso, today
from ..storage.notices import notice_text
from ..storage.settings import Settings
from ..storage.stats import Stats
from ..storage.store import Store
from ..words.engine_errors import error_text
from ..words.i18n import ngettext
from ..words.speech import moved, stepped
from .clock import Clock
from .deals import Said, new_deal
from .focus import Spot, spot_of_card
from .input_state import InputState
from .marks import Marks
from .model import BoardModel, Motion, game_model, replay_model
from .replay import Replay


class Screen(Protocol):
    """What the table needs of the page (:class:`.board.view.View`): one render path, the
    status line and the live region, the settings' colours, and the keyboard's focus."""

    spot: Spot

    def show(self, model: BoardModel, motion: Motion = "glide", refused: str | None = None) -> None: ...

    def say(self, text: str) -> None: ...

    def announce(self, text: str) -> None: ...

    def saving(self, works: bool) -> None: ...

    def apply_settings(self, settings: Settings) -> None: ...


class Table:
    """One tab's game and settings, on the page and in storage."""

    def __init__(
        self,
        view: Screen,
        ui: InputState,
        store: Store,
        game: Game,
        settings: Settings,
        stats: Stats | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.view = view
        self.ui = ui
        self.store = store
        self.game = game
        self.settings = settings
        self.hint: Marks | None = None
        """The hint shown (its cards and target marked), until the next action."""
        self.replay: Replay | None = None
        """The replay shown instead of the game (which stays as it was)."""
        self.stats = (stats or Stats()).matched(game)
        """The player's record (:mod:`.storage.stats`), saved with the game."""
        day = today()
        current = self.stats.current
        if not game.moves and game.code == daily_code(day) and current is not None and current.daily is None:
            self.stats = self.stats.begin(game.code, iso(day))  # today's deal opened by its address
        self.clock = clock or Clock.still()  # the game's time, kept in the record by every save
        self.clock.game(game, self.stats)

    def show(self) -> None:
        """Draw the whole game without animation (at start, or back from a replay)."""
        self.replay = None
        self.apply_settings(self.settings)
        self.redraw("still")
        self.follow_address()

    def redraw(self, motion: Motion = "glide", refused: str | None = None) -> None:
        """Show what the board shows now: the game with the cards carried, the targets
        lit, the hint and the focus, or the replay shown; ``refused``: a card that did not
        move says so."""
        view = self.view
        if self.replay is not None:
            model = replay_model(self.replay, view.spot)
        else:
            model = game_model(self.game, self.ui, self.hint, view.spot)
        view.show(model, motion, refused)

    def mark(self, hint: Marks) -> None:
        """Mark a hint's cards and target pile, and say it; the board's tab stop goes to
        the hinted card (and the focus, when it is on the board: Enter picks it up)."""
        self.hint = hint
        self.view.spot = spot_of_card(self.game.position, hint.cards[0])
        self.redraw()
        self.view.say(hint.text)

    def unmark(self) -> None:
        """The hint shown, if any, is cleared."""
        if self.hint is not None:
            self.hint = None
            self.redraw()

    def show_replay(self, replay: Replay, motion: Motion = "still") -> None:
        """Show ``replay`` at its step in place of the game (which stays as it was)."""
        self.replay = replay
        self.redraw(motion)

    # -- moves -----------------------------------------------------------------------

    def play(self, move: Move) -> IllegalMoveError | None:
        """Send one move to the engine: ``None`` when played (the moved cards glide from
        where they were drawn), else the engine's refusal, which the caller shows and says
        (:meth:`.board.hands.Hands.refuse`)."""
        before = self.game.position
        try:
            points = self.game.play(move)
        except IllegalMoveError as error:
            return error
        self.after("win" if self.game.is_won else "glide")
        self.view.announce(moved(before, move, points))
        return None

    def undo(self) -> None:
        stepped = self._step(self.game.undo_stack, self.game.undo, back=True)
        if stepped and not self.game.can_undo and self.game.moves:
            self.view.say(_last_undo())

    def redo(self) -> None:
        self._step(self.game.redo_stack, self.game.redo, back=False)

    def _step(self, stack: list[Move], step: Callable[[], Move], back: bool) -> bool:
        """Undo or redo one action with its flight; when there is none, the engine's
        reason in words. ``back``: the cards return from the move's target."""
        if not stack:
            try:
                step()
            except HistoryError as error:
                self.view.say(error_text(error))
            return False
        last = stack[-1]
        score = self.game.score
        step()
        self.ui.forget_tap()
        self.after()
        self.view.announce(stepped(last, self.game.position, back, self.game.score - score))
        return True

    def after(self, motion: Motion = "glide") -> None:
        """One render (``motion``) and one save after an action; the status line cleared."""
        self.redraw(motion)
        self.view.say("")
        self.stats = self.clock.follow(self.game, self.stats).follow(self.game, iso(today()))
        self.save()

    # -- games and settings ------------------------------------------------------------

    def open(self, game: Game, message: Said = new_deal, path: tuple[Move, ...] = ()) -> None:
        """Show ``game`` in place of the one in play (a new deal, a position link, whose
        moves from the deal are ``path``), save it and say ``message`` about its deal. The
        game replaced counts as lost if it had moves and was not won; the new one is the
        daily deal's when it is today's deal."""
        day = today()
        daily = iso(day) if game.code == daily_code(day) else None
        self.stats = self.clock.stamp(self.stats).leave(self.game, iso(day)).begin(game.code, daily, path)
        self.replace(game, self.settings, motion="deal")
        self.save()
        self.view.say(message(game))

    def apply_settings(self, settings: Settings) -> None:
        """What the settings change at once: tap-to-select, the deck's and the table's
        colours, the motion (the cell count waits for the next deal)."""
        self.ui.tap_to_select = settings.tap_to_select
        self.view.apply_settings(settings)

    def choose(self, settings: Settings) -> None:
        """New settings: the deck is shown at once, the cell count is for the next deal."""
        self.settings = settings
        self.apply_settings(settings)
        self.save()

    def replace(
        self, game: Game, settings: Settings, stats: Stats | None = None, motion: Motion = "still"
    ) -> None:
        """Show another game: a new deal dealt with ``motion``, another tab's (``stats``) still."""
        if stats is not None:
            self.stats = stats
        self.ui.reset()
        self.game, self.settings, self.hint, self.replay = game, settings, None, None
        self.clock.game(game, self.stats)
        self.apply_settings(settings)
        self.redraw(motion)
        self.follow_address()

    def save(self) -> None:
        """Save the game; when another tab saved first, show its game instead; a notice
        (saving stopped or works again, another tab) is said."""
        self.stats = self.clock.stamp(self.stats)
        notice = self.store.save(self.game, self.settings, self.stats)
        self.view.saving(self.store.saving)
        if notice is not None and notice.code == "storage-other-tab":
            loaded = self.store.load()
            if loaded.game is not None:
                self.replace(loaded.game, loaded.settings, loaded.stats)
        if notice is not None:
            self.view.say(notice_text(notice))

    def follow_address(self) -> None:
        """The address bar shows the current deal (``?deal=CODE``), and the language it
        asked for when we speak it (:func:`.links.address.address_for`)."""
        search = str(window.location.search)
        query = address_for(self.game.code, search)
        if search != query:
            window.history.replaceState(None, "", query)

    # -- asked by the controllers (issue 19's door) ---------------------------------------

    def take_path(self, path: tuple[Move, ...]) -> None:
        """The game was opened from a position link: ``path`` is its moves from the deal."""
        self.stats = self.stats.with_path(self.game, path)

    def count_hint(self) -> None:
        """A hint was shown: the record counts it (saved with the game's next save)."""
        self.stats = self.stats.hinted()

    def count_solver_beaten(self) -> None:
        """The game just won took fewer moves than the solver's line: counted, saved."""
        self.stats = self.stats.beat_solver(self.game.code.cells)
        self.save()

    def reset_stats(self) -> None:
        """The player's record emptied (the game in play starts it again), saved."""
        self.stats = self.stats.reset(self.game)
        self.save()

    def keep(self, game: Game, settings: Settings, stats: Stats) -> None:
        """Another tab's game, kept unseen behind a replay (shown when the replay ends)."""
        self.game, self.settings, self.stats = game, settings, stats
        self.clock.game(game, stats)


def _last_undo() -> str:
    """What undo says when it has reached as far back as it keeps."""
    return ngettext(
        "That was the last action undo can reach ({limit} back).",
        "That was the last action undo can reach ({limit} back).",
        UNDO_LIMIT,
        limit=UNDO_LIMIT,
    )


__all__ = ["Screen", "Table"]

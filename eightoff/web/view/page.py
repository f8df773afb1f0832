"""The page's one view: :meth:`PageView.render` brings everything on screen to a
:class:`.state.PageState`, writing only what differs from the state drawn last.

Thin DOM code; nothing else writes to the page. What it draws, from what:

- the board and its bar (:class:`.view.board.BoardView`): the model of the game or of the
  replay shown (:mod:`.board.model`), with the motion of the state's last change, and the
  focus; the carried cards where the pointer is;
- the status line and the live region: the state's words, each time they are said anew;
- the clock, ``#unsaved``, the share field, Go back (the coach's offer), the colours, the
  replay bar, the how-to card, the dialogs (:class:`.view.dialogs.Dialogs`);
- the language: ``<html lang dir>``, the title, every fixed word, the links to the pages;
- the address: the deal (and the address's ``?lang=``), or the replay at its step.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from pyscript import document, window

from ..board.model import BoardModel, game_model, replay_model
from ..dom import Frame
from ..links.address import LANG, address_for, query_for
from ..state import PageState, WinWindow
from ..words.i18n import _, direction, language
from .board import BoardView
from .dialogs import Dialogs
from .how_to import HowToCard
from .replay_bar import ReplayBar


class PageView:
    """Every element of the page, and the state they show."""

    def __init__(self, root: Any) -> None:
        self.board = BoardView(root)
        elements = self.board.elements
        self.elements = elements
        self.dialogs = Dialogs(root)
        self.replay_bar = ReplayBar(elements.texts, elements.board.before)
        self.how_to = HowToCard(elements.texts, self.back_to_board, elements.status.before)
        self.state: PageState | None = None
        """The state drawn (``None`` before the first :meth:`render`)."""
        self.model_key: tuple[object, ...] | None = None
        self.written = ""
        """The address written last."""
        self.words = language()
        """The language the fixed words were written in (as the elements were built)."""
        self.celebration = Frame(self.celebrated)
        """Looks, once a frame, for the end of a win's flights (the win message waits)."""

    def back_to_board(self) -> None:
        """The focus to the board's tab stop (the how-to, hidden while it held the focus)."""
        if self.board.roving is not None:
            self.board.roving.focus()

    def build_next(self) -> bool:
        """Build one part of the page not yet built (a window, the replay bar, the how-to
        card); ``False`` when all are."""
        return self.dialogs.build_next() or self.replay_bar.build() or self.how_to.build()

    def render(self, state: PageState) -> None:
        """Bring the page to ``state``."""
        old, self.state = self.state, state
        relabel = state.language != self.words
        if old is None or relabel:
            self.words = state.language
            self.speak(state.language, relabel)
        if old is None or old.settings is not state.settings:
            self.board.bar.apply_settings(state.settings)
            self.board.flights.chosen = state.settings
            large = state.settings.cards == "large"
            if large != self.board.large:
                self.board.large = large
                self.board.fit()  # the cards of the size chosen
        self.draw_board(old, state)
        self.draw_words(old, state)
        bar = self.board.bar
        if old is None or relabel or old.clock.shown // 1000 != state.clock.shown // 1000:
            bar.clock(state.clock.shown)
        if old is None or old.saving != state.saving:
            bar.saving(state.saving)
        if old is None or old.share != state.share:
            bar.offer_link(state.share)
        offered = state.coach.offered is not None
        if bool(self.elements.go_back.hidden) == offered:
            self.elements.go_back.hidden = not offered
        if old is None or old.replay != state.replay or relabel:
            if (old is None or old.replay is None) != (state.replay is None):
                self.replay_bar.draw(state.replay)
                self.board.fit()  # the replay bar takes its room above the board, or gives it back
            else:
                self.replay_bar.draw(state.replay)
        hand_over = old is not None and old.how_to.focus != state.how_to.focus
        if self.celebrates(old, state):
            self.dialogs.hold(WinWindow.ident)  # the cards' wheel first, in front
            self.celebration.request()
        self.dialogs.draw(state, relabel, hand_over)
        if old is None or old.how_to != state.how_to:
            self.how_to.show(state.how_to)
        self.write_address(state)

    def celebrates(self, old: PageState | None, state: PageState) -> bool:
        """Whether the win message just opened over a win's flights (cards move): it waits
        for them, so that the celebration is seen in front, not behind its backdrop; any
        press or key ends the flights, and so brings it at once."""
        opened = state.window(WinWindow) is not None and (old is None or old.window(WinWindow) is None)
        fresh = old is not None and old.change.serial != state.change.serial
        return opened and fresh and state.change.motion == "win" and self.board.flights.moving

    def celebrated(self) -> None:
        """A frame during the celebration: the win message shows once no card flies."""
        if self.board.flights.flying():
            self.celebration.request()
        else:
            self.dialogs.release()

    def speak(self, language: str, relabel: bool) -> None:
        """``<html lang dir>``, the title and the links to the pages in ``language``; every
        fixed word written again when it changed."""
        root = document.documentElement
        root.setAttribute("lang", language)
        root.setAttribute("dir", direction(language))
        document.title = _("Eight Off")
        self.board.bar.link_pages(language)
        if relabel:
            self.elements.texts.refresh()
            self.board.fit()  # the bar's words may take another line: the board's box changed

    def draw_board(self, old: PageState | None, state: PageState) -> None:
        """The board's model, when what it is made of changed, with the state's last change
        (a new change: its motion and refusal; else a glide); the carried cards where the
        pointer is."""
        key = (
            state.game,
            state.input.held,
            state.input.lit,
            state.hints.shown,
            state.hints.step,
            state.focus,
            state.focus_taken,
            state.replay,
            state.language,
            state.change.serial,
        )
        if key != self.model_key:
            self.model_key = key
            change = state.change
            new = old is None or old.change.serial != change.serial
            motion = change.motion if new else "glide"
            taken = old is not None and old.focus_taken != state.focus_taken
            self.board.show(self.model(state), motion, change.refused if new else None, taken)
        self.board.drawn.mark_drop(state.input.marked)
        press = state.input.press
        if press is not None and press.dragging:
            self.board.drag(press.dx, press.dy, press.kind == "touch")

    @staticmethod
    def model(state: PageState) -> BoardModel:
        if state.replay is not None:
            return replay_model(state.replay, state.focus)
        hints = state.hints
        return game_model(
            state.game, state.input, hints.shown, state.focus, hints.step == "move", state.undo_brings_back
        )

    def draw_words(self, old: PageState | None, state: PageState) -> None:
        """The status line and the live region, when their words were said anew."""
        bar = self.board.bar
        if old is None or old.status.serial != state.status.serial:
            bar.say(state.status.text)
        if old is None or old.announce.serial != state.announce.serial:
            bar.announce(state.announce.text)

    def write_address(self, state: PageState) -> None:
        """The address shows the deal (``?deal=…``, with the address's ``?lang=`` while the
        page speaks it) or the replay at its step (``&replay=12``), not while it plays (a
        write costs the page a frame)."""
        replay = state.replay
        if replay is not None:
            if replay.playing:
                return
            query = f"{replay.link().query(replay=True)}={replay.step}"
            if state.address_lang:  # the language the replay's address asked for stays with it
                query += f"&{LANG}={quote(state.address_lang, safe='')}"
        elif state.address_lang:
            query = address_for(state.game.code, f"?{LANG}={state.address_lang}")
        else:
            query = query_for(state.game.code)
        if query != self.written:
            self.written = query
            if str(window.location.search) != query:
                window.history.replaceState(None, "", query)


__all__ = ["PageView"]

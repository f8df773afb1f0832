"""The page: ties the engine, the headless UI state, the view, storage and the address.

``start()`` (called by static/main.py) loads the saved game or the deal in the address,
draws the board, binds one delegated listener per event type and sets ``<html
data-ready>`` last. Every action goes through :meth:`App.after` (one render, one save).
Thin on purpose: rules come from the engine, gestures are read by :mod:`.state`, words
by :mod:`.i18n`.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Any

from pyodide.ffi import JsException
from pyscript import document, window
from pyscript.ffi import is_none

from ..deal import DealCode
from ..errors import DealCodeError, EightOffError, HistoryError, IllegalMoveError
from ..game import UNDO_LIMIT, Game
from ..moves import Move
from .address import deal_from_query, query_for, share_url
from .i18n import card_name, error_text, set_language, t
from .persist import KEY, Notice, Settings, StorageFull, Store
from .pointer import Frame, bind, listen
from .render import View
from .state import UiState


class LocalStorage:
    """:class:`persist.Storage` over ``window.localStorage``; a full quota becomes
    :class:`StorageFull`."""

    def __init__(self) -> None:
        self.area: Any = None
        try:
            self.area = window.localStorage
        except Exception:  # storage disabled: every call fails and Store says so
            self.area = None

    def get(self, key: str) -> str | None:
        value = self._area().getItem(key)
        return None if is_none(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self._area().setItem(key, value)
        except JsException as error:
            if "quota" in f"{getattr(error, 'name', '')} {error}".lower():
                raise StorageFull(str(error)) from error
            raise

    def remove(self, key: str) -> None:
        self._area().removeItem(key)

    def _area(self) -> Any:
        if self.area is None or is_none(self.area):
            raise OSError("localStorage is not available")
        return self.area


class App:
    """One tab's game and page."""

    def __init__(self, root: Any) -> None:
        self.view = View(root)
        self.ui = UiState()
        self.store = Store(LocalStorage(), tab_id=secrets.token_hex(6))
        self.settings = Settings()
        self.game: Game  # set by start(): the saved game, the address's deal or a new one
        self.pending: Callable[[], None] | None = None
        self.frame = Frame(self.paint)
        self.refit = Frame(self.view.fit)
        """Resizes arrive many times a frame while a window is dragged: fit once a frame."""
        self.unbinds: list[Callable[[], None]] = []

    # -- start -------------------------------------------------------------------

    def start(self) -> None:
        loaded = self.store.load()
        self.settings = loaded.settings
        messages = [self.notice_text(loaded.notice)]
        game = loaded.game
        asked, problem = deal_from_query(str(window.location.search))
        open_later = None
        if problem is not None:
            messages.append(t("message.bad-address", reason=error_text(problem)))
        elif asked is not None and (game is None or game.code != asked):
            if game is None or not game.moves:
                game = Game.new(asked)
            else:
                open_later = asked
        self.game = game or Game.new(DealCode.random(self.settings.cells))
        self.view.deck(self.settings.deck)
        self.view.position(self.game.position)
        self.view.fit()
        self.show_numbers()
        messages.append(self.notice_text(self.store.save(self.game, self.settings)))
        self.follow_address()
        self.bind()
        self.view.say(" ".join(m for m in messages if m))
        if open_later is not None:
            code = open_later
            self.confirm(
                t("confirm.open-link", code=str(code), moves=self.game.moves), lambda: self.deal(code)
            )
        document.documentElement.setAttribute("data-ready", "")

    def bind(self) -> None:
        root, board = self.view.root, self.view.board
        self.unbinds += [
            bind(board, self),
            listen(root, {"click": self.on_click, "input": self.on_input, "change": self.on_change}),
            listen(document, {"keydown": self.on_key}),
            listen(window, {"storage": self.on_storage, "resize": self.on_resize}),
        ]

    def unbind(self) -> None:
        while self.unbinds:
            self.unbinds.pop()()
        self.frame.destroy()
        self.refit.destroy()

    # -- the pointer (pointer.Board) ---------------------------------------------

    def down(self, pile: str, card: str, pointer: int, x: float, y: float, time: float, kind: str) -> bool:
        shown = self.view.shown.get(pile, [])
        if self.ui.press is not None or card not in shown or self.any_dialog():
            return False
        index = shown.index(card)
        self.ui.down(self.game, pile, index, card, pointer=pointer, x=x, y=y, now=time, kind=kind)
        return True

    def move(self, x: float, y: float) -> None:
        step = self.ui.move(self.game, x, y)
        if step == "started":
            press = self.ui.press
            assert press is not None
            self.view.lift(press.pile, press.count)
            self.view.light(self.ui.lit)
        if step:
            self.frame.request()

    def paint(self) -> None:
        press = self.ui.press
        if press is not None and press.dragging:
            self.view.drag(press.dx, press.dy)

    def carried(self) -> Any:
        return self.view.lifted[0] if self.view.lifted else None

    def lifted_rects(self) -> dict[str, tuple[float, float]]:
        """Where the carried cards are drawn now (the start of their flight back or on)."""
        return self.view.rects([str(node.dataset.card) for node in self.view.lifted])

    def up(self, drop: str | None, time: float) -> None:
        press = self.ui.press
        first = self.lifted_rects()
        action = self.ui.up(self.game, drop, time)
        self.view.light(frozenset())
        self.view.drop_lifted()
        if action.kind == "play" and action.move is not None:
            if not self.play(action.move, first or None):
                self.ui.tap_failed()
                self.view.fly_from(first)
                if not first:  # a tap, not a drop: nothing was carried
                    self.view.refuse(action.card)
        elif action.kind == "back":
            self.view.fly_from(first)
        elif action.kind == "feedback":
            self.view.refuse(action.card)
            if press is not None and self.ui.last_tap is None:  # a double tap that found nothing
                self.view.say(t("message.no-move", card=card_name(action.card)))

    def cancel(self) -> None:
        first = self.lifted_rects()
        self.ui.cancel()
        self.view.light(frozenset())
        self.view.drop_lifted()
        self.view.fly_from(first)

    # -- actions -----------------------------------------------------------------

    def play(self, move: Move, first: dict[str, tuple[float, float]] | None = None) -> bool:
        """Send one move to the engine; show its reason in words when it refuses."""
        if first is None:
            first = self.view.rects(self.top_cards(move.source, move.count))
        try:
            self.game.play(move)
        except IllegalMoveError as error:
            self.view.say(error_text(error))
            return False
        self.after(first)
        if self.game.is_won:
            self.view.win_text.textContent = t("win.text", score=self.game.score, moves=self.game.moves)
            self.view.root.querySelector("#win").showModal()
        return True

    def undo(self) -> None:
        stepped = self.step(self.game.undo_stack, self.game.undo, back=True)
        if stepped and not self.game.can_undo and self.game.moves:
            self.view.say(t("message.undo-limit-reached", limit=UNDO_LIMIT))

    def redo(self) -> None:
        self.step(self.game.redo_stack, self.game.redo, back=False)

    def step(self, stack: list[Move], step: Callable[[], Move], back: bool) -> bool:
        """Undo or redo one action with its flight; when there is none, the engine's
        reason in words. ``back``: the cards return from the move's target."""
        if not stack:
            try:
                step()
            except HistoryError as error:
                self.view.say(error_text(error))
            return False
        last = stack[-1]
        first = self.view.rects(self.top_cards(last.target if back else last.source, last.count))
        step()
        self.ui.forget_tap()
        self.after(first)
        return True

    def top_cards(self, pile: Any, count: int) -> list[str]:
        return [str(card) for card in self.game.position.cards(pile)[-count:]]

    def after(self, first: dict[str, tuple[float, float]], message: str = "") -> None:
        """One render and one save after an action."""
        self.view.position(self.game.position)
        self.view.fly_from(first)
        self.show_numbers()
        self.view.say(message)
        self.save()

    def save(self) -> None:
        notice = self.store.save(self.game, self.settings)
        if notice is not None and notice.code == "storage-other-tab":
            loaded = self.store.load()
            if loaded.game is not None:
                self.replace(loaded.game, loaded.settings)
        if notice is not None:
            self.view.say(self.notice_text(notice))

    def show_numbers(self) -> None:
        game = self.game
        self.view.numbers(game.score, game.moves, str(game.code), game.can_undo, game.can_redo)

    def replace(self, game: Game, settings: Settings) -> None:
        """Show another game (a new deal, another tab's game) without animation."""
        self.ui = UiState()
        self.view.light(frozenset())
        self.view.drop_lifted()
        cells_changed = len(game.position.cells) != self.view.cells
        self.game, self.settings = game, settings
        self.view.deck(settings.deck)
        self.view.position(game.position)
        if cells_changed:
            self.view.fit()
        self.show_numbers()
        self.follow_address()

    def deal(self, code: DealCode, message: str = "message.new-deal") -> None:
        """Start ``code`` from its first card (a new deal, or ``restart``)."""
        self.close_dialogs()
        self.replace(Game.new(code), self.settings)
        self.save()
        self.view.say(t(message, code=str(code)))

    def restart(self) -> None:
        self.deal(self.game.code, "message.restarted")

    def follow_address(self) -> None:
        query = query_for(self.game.code)
        if str(window.location.search) != query:
            window.history.replaceState(None, "", query)

    def notice_text(self, notice: Notice | None) -> str:
        return "" if notice is None else t(f"notice.{notice.code}", **notice.params)

    # -- dialogs -------------------------------------------------------------------

    def dialog(self, ident: str) -> Any:
        return document.getElementById(ident)

    def any_dialog(self) -> bool:
        return not is_none(document.querySelector("dialog[open]"))

    def close_dialogs(self) -> None:
        for node in document.querySelectorAll("dialog[open]"):
            node.close()

    def confirm(self, text: str, action: Callable[[], None]) -> None:
        self.pending = action
        self.view.confirm_text.textContent = text
        self.dialog("confirm").showModal()

    def guarded(self, action: Callable[[], None]) -> None:
        """Run ``action`` at once, or after asking when it would replace a game in play."""
        if self.game.moves and not self.game.is_won:
            self.confirm(t("confirm.text", moves=self.game.moves), action)
        else:
            action()

    def open_new_game(self) -> None:
        dialog = self.dialog("new-game-dialog")
        for radio in dialog.querySelectorAll("input[name=cells]"):
            radio.checked = radio.value == str(self.settings.cells)
        self.view.code_input.value = ""
        self.check_code()
        dialog.showModal()

    def open_settings(self) -> None:
        dialog = self.dialog("settings-dialog")
        for radio in dialog.querySelectorAll("input[name=deck]"):
            radio.checked = radio.value == self.settings.deck
        dialog.showModal()

    def check_code(self) -> DealCode | None:
        """Check the typed code as it is typed; the reason in words when it is refused."""
        text = str(self.view.code_input.value)
        code, message = None, ""
        if text.strip():
            try:
                code = DealCode.parse(text)
                message = t("new.code-ok", code=str(code), cells=code.cells)
            except DealCodeError as error:
                message = error_text(error)
        self.view.code_message.textContent = message
        self.view.code_message.classList.toggle("bad", code is None and bool(message))
        self.view.play_code.disabled = code is None
        return code

    async def copy_link(self) -> None:
        location = window.location
        url = share_url(f"{location.origin}{location.pathname}", self.game.code)
        share = document.getElementById("share")
        try:
            clipboard = window.navigator.clipboard
            if is_none(clipboard) or str(clipboard) == "undefined":
                raise OSError("no Clipboard API")
            await clipboard.writeText(url)
        except Exception:
            share.hidden = False
            self.view.share_url.value = url
            self.view.share_url.focus()
            self.view.share_url.select()
            return
        share.hidden = True
        self.view.say(t("message.link-copied", url=url))

    # -- delegated listeners ---------------------------------------------------------

    def on_click(self, event: Any) -> None:
        button = event.target.closest("[data-action]")
        if is_none(button) or button.disabled:
            return
        action = str(button.dataset.action)
        handler = {
            "undo": self.undo,
            "redo": self.redo,
            "new-game": self.open_new_game,
            "settings": self.open_settings,
            "copy-link": lambda: asyncio.ensure_future(self.copy_link()),
            "close": lambda: button.closest("dialog").close(),
            "win-new": lambda: (self.close_dialogs(), self.open_new_game()),
            "random-deal": lambda: self.guarded(lambda: self.deal(DealCode.random(self.settings.cells))),
            "play-code": self.play_typed_code,
            "restart": lambda: self.guarded(self.restart),
            "confirm-yes": self.confirmed,
        }.get(action)
        if handler is not None:
            handler()

    def play_typed_code(self) -> None:
        code = self.check_code()
        if code is not None:
            self.guarded(lambda: self.deal(code))

    def confirmed(self) -> None:
        action, self.pending = self.pending, None
        self.dialog("confirm").close()
        if action is not None:
            action()

    def on_input(self, event: Any) -> None:
        if event.target.id == "code-input":
            self.check_code()

    def on_change(self, event: Any) -> None:
        target = event.target
        try:
            if target.name == "cells":
                self.settings = Settings(int(target.value), self.settings.deck)
            elif target.name == "deck":
                self.settings = Settings(self.settings.cells, str(target.value))
                self.view.deck(self.settings.deck)
            else:
                return
        except (EightOffError, ValueError):
            return
        self.save()

    def on_key(self, event: Any) -> None:
        tag = str(event.target.tagName) if not is_none(event.target) else ""
        if event.key == "Enter" and event.target.id == "code-input":
            event.preventDefault()
            self.play_typed_code()
            return
        if tag in ("INPUT", "TEXTAREA") or not (event.ctrlKey or event.metaKey) or event.altKey:
            return
        key = str(event.key).lower()
        if key == "z" and not event.shiftKey:
            handler = self.undo
        elif key == "z" or (key == "y" and not event.shiftKey):
            handler = self.redo
        else:
            return
        event.preventDefault()
        if not self.any_dialog():
            handler()

    def on_storage(self, event: Any) -> None:
        if is_none(event.key) or str(event.key) != KEY:
            return
        value = event.newValue
        loaded = self.store.on_external_change(None if is_none(value) else str(value))
        if loaded is None or loaded.game is None:
            return
        self.close_dialogs()
        self.replace(loaded.game, loaded.settings)
        self.view.say(self.notice_text(loaded.notice))

    def on_resize(self, _event: Any) -> None:
        self.refit.request()


APP: App | None = None
"""The running page (kept so its listeners live; tests and the bench may inspect it)."""


def start() -> None:
    """Build the page, bind its listeners, mark ``<html data-ready>`` last."""
    global APP
    set_language(str(window.navigator.language or "en"))
    document.title = t("app.title")
    APP = App(document.getElementById("app"))
    APP.start()


__all__ = ["APP", "App", "LocalStorage", "start"]

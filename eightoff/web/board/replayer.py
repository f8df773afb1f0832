"""The replay mode: a replay shown on the board instead of the game, stepped by the replay
bar's controls and played on by itself (pure Python; tested under CPython; docs/replays.md).

:class:`Replayer` handles the ``replay-*`` commands and the speed
(:class:`.actions.ReplaySpeed`); the replay's steps are :class:`.board.replay.Replay`'s.
The game in progress stays as it was, saved, behind the replay.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol

from ...game import Game
from ..actions import ReplaySpeed
from ..door import Routes
from ..links.address import Link
from ..words.i18n import duration, ngettext
from .model import Motion
from .replay import Replay

Run = Callable[[Coroutine[Any, Any, None]], None]
"""Run a coroutine to its end (kept until then)."""


class ReplayView(Protocol):
    """What the replay asks of the board's view (:class:`.board.view.View`): the board
    sized again when the replay's bar takes its room above it, or gives it back."""

    def fit(self) -> None: ...


class Shown(Protocol):
    """The table (:class:`.board.table.Table`): the replay drawn on the one render path."""

    def show_replay(self, replay: Replay, motion: Motion = "still") -> None: ...


class Bar(Protocol):
    """The replay bar (:class:`.windows.replay_bar.ReplayBar`)."""

    def show(self, replay: Replay) -> None: ...
    def hide(self) -> None: ...


class Asking(Protocol):
    """The dialogs (:class:`.windows.dialogs.Dialogs`)."""

    def close_all(self) -> None: ...
    def guarded(self, game: Game, then: Callable[[], None]) -> None: ...


class Replayer:
    """The replay shown, if any. ``game()`` is the game in progress; ``open_link(link)``
    plays on from a link, ``show_game()`` shows the game again, ``forget()`` forgets the
    board's gestures, ``address(query)`` writes the address bar, ``run`` runs a coroutine
    and ``sleep(seconds)`` waits."""

    def __init__(
        self,
        view: ReplayView,
        table: Shown,
        bar: Bar,
        dialogs: Asking,
        game: Callable[[], Game],
        open_link: Callable[[Link], None],
        show_game: Callable[[], None],
        forget: Callable[[], None],
        address: Callable[[str], None],
        run: Run,
        sleep: Callable[[float], Awaitable[None]],
    ) -> None:
        self.view, self.table, self.bar, self.dialogs = view, table, bar, dialogs
        self.game, self.open_link, self.show_game, self.forget = game, open_link, show_game, forget
        self.address, self.run, self.sleep = address, run, sleep
        self.replay: Replay | None = None
        """The replay shown instead of the game (which stays as it was, saved)."""

    def routes(self) -> Routes:
        return Routes(
            actions=((ReplaySpeed, self.set_speed),),
            commands=(
                ("replay-start", lambda: self.go(0)),
                ("replay-back", lambda: self.step_by(forward=False)),
                ("replay-play", self.play),
                ("replay-forward", lambda: self.step_by(forward=True)),
                ("replay-end", lambda: self.go(None)),
                ("replay-take-over", self.take_over),
                ("replay-exit", self.exit),
            ),
        )

    def showing(self) -> bool:
        return self.replay is not None

    def link(self) -> Link | None:
        """The link of the replay shown (``None``: none is)."""
        return None if self.replay is None else self.replay.link()

    def start(self, link: Link, step: int = 0) -> str:
        """Show ``link`` as a replay at ``step``; the game in progress stays as it is.
        Returns what to say about it (the start-up says it with its other messages)."""
        self.dialogs.close_all()
        self.forget()
        self.replay = Replay.of(link)
        self.replay.go(step)
        self.show()
        self.view.fit()  # the replay's bar takes its room above the board
        said: dict[str, object] = {"code": str(link.code), "length": len(link.moves)}
        if link.time is None:
            return ngettext(
                "Replay of deal {code}, {length} move. Your game is kept.",
                "Replay of deal {code}, {length} moves. Your game is kept.",
                len(link.moves),
                **said,
            )
        return ngettext(  # the link says how long the game took
            "Replay of deal {code}, {length} move played in {time}. Your game is kept.",
            "Replay of deal {code}, {length} moves played in {time}. Your game is kept.",
            len(link.moves),
            time=duration(link.time),
            **said,
        )

    def show(self, motion: Motion = "still") -> None:
        replay = self.replay
        assert replay is not None
        self.table.show_replay(replay, motion)
        self.bar.show(replay)
        if not replay.playing:  # while it plays, when it stops: a write costs the page a frame
            self.write_address()

    def write_address(self) -> None:
        """The address shows the replay at its step (``&replay=12``), its time kept too."""
        replay = self.replay
        assert replay is not None
        self.address(f"{replay.link().query(replay=True)}={replay.step}")

    def relabel(self) -> None:
        """The bar's words again (the language changed)."""
        if self.replay is not None:
            self.bar.show(self.replay)

    def step(self, forward: bool) -> None:
        """One move forward or back, the cards flying."""
        replay = self.replay
        assert replay is not None
        if forward and not replay.at_end:
            replay.forward()
        elif not forward and replay.step:
            replay.back()
        else:
            replay.playing = False
        self.show("glide")

    async def play_on(self, replay: Replay) -> None:
        """Step forward every :meth:`.board.replay.Replay.delay_ms` while ``replay`` plays."""
        while self.replay is replay and replay.playing:
            await self.sleep(replay.delay_ms() / 1000)
            if self.replay is not replay or not replay.playing:
                break
            self.step(True)

    # -- the bar's controls ------------------------------------------------------------

    def play(self) -> None:
        replay = self.replay
        if replay is None:
            return
        if replay.toggle():
            self.show()
            self.run(self.play_on(replay))
        else:
            self.bar.show(replay)
            self.write_address()

    def step_by(self, forward: bool) -> None:
        if self.replay is not None:
            self.replay.playing = False
            self.step(forward)

    def go(self, step: int | None) -> None:
        """To ``step`` (``None``: the end)."""
        replay = self.replay
        if replay is not None:
            replay.playing = False
            replay.go(replay.length if step is None else step)
            self.show()

    def take_over(self) -> None:
        """Play on from the step shown: a new game (after asking, when one is in play)."""
        replay = self.replay
        if replay is None:
            return
        replay.playing = False
        link = Link(replay.code, tuple(replay.moves[: replay.step]))
        self.dialogs.guarded(self.game(), lambda: self.open_link(link))

    def exit(self) -> None:
        if self.replay is not None:
            self.leave()
            self.show_game()

    def leave(self) -> None:
        """Close the replay (the caller shows a game)."""
        if self.replay is not None:
            self.replay.playing = False
            self.replay = None
            self.bar.hide()
            self.view.fit()  # the board has the bar's room back

    def set_speed(self, action: ReplaySpeed) -> None:
        if self.replay is not None:
            self.replay.set_speed(action.speed)


__all__ = ["Replayer"]

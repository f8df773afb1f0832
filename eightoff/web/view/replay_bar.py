"""The replay bar (``#replay``) above the board: the deal's level (``#replay-level``, when it
has one), to the deal, back, play or pause, forward, to the end, the speed, where the replay
is, "play from here" and closing the replay (docs/replays.md).

Thin DOM code: the replay's steps come from :mod:`.board.replay`; this module only writes
them into the bar, which is built the first time it is shown (or ahead, by :meth:`ReplayBar.build`,
once the board is playable). Its buttons carry ``data-action`` and reach the page through the one
click listener (the shell's, :mod:`.app`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..board.replay import SPEEDS, Replay
from ..dom import Texts, add, el
from ..words.i18n import gettext as _
from ..words.levels import code_level_words
from .panel import Words, button


def speed_value(speed: float) -> str:
    """A speed as the choice's value (not shown: the number as HTML writes it, ``0.5``,
    ``1``)."""
    return str(speed).removesuffix(".0")


class ReplayBar:
    """The replay's controls above the board: to the deal, back, play or pause, forward,
    to the end, the speed, where it is, "play from here" and closing the replay. Its fixed
    words are kept in ``texts``; :meth:`show` writes the rest. ``place(node)`` puts the bar
    on the page when it is built."""

    def __init__(self, texts: Texts, place: Callable[[Any], None]) -> None:
        self.texts = texts
        self.place = place
        self.replay: Replay | None = None
        self.node: Any = None
        """The bar's element (``None`` until it is built)."""

    def build(self) -> bool:
        """Make the bar and put it on the page, once; ``False`` when it was already built."""
        if self.node is not None:
            return False
        texts, label = self.texts, ("aria-label",)
        self.node = texts.put(
            el("div", "replay", id="replay", role="toolbar", hidden=""), label, lambda: _("Replay")
        )
        self.play = button("\u25b6\ufe0e", "replay-play", "tool", id="replay-play", aria_pressed="false")
        self.speed = texts.put(
            el("select", "replay-speed", id="replay-speed", name="replay-speed"), label, lambda: _("Speed")
        )
        for speed in SPEEDS:

            def speed_words(speed: float = speed) -> str:
                return _("{speed}× speed", speed=speed)

            self.speed.appendChild(texts.text(el("option", "", value=speed_value(speed)), speed_words))
        self.step = el("output", "replay-step", id="replay-step", aria_live="polite")
        self.level = el("span", "replay-level", id="replay-level", hidden="")

        def tool(icon: str, action: str, words: Words) -> Any:
            return texts.put(button(icon, action, "tool", id=action), label, words)

        add(
            self.node,
            texts.text(el("span", "replay-title"), lambda: _("Replay")),
            self.level,
            tool("\u23ee\ufe0e", "replay-start", lambda: _("To the deal")),
            tool("\u25c0\ufe0e", "replay-back", lambda: _("Step back")),
            self.play,
            tool("\u25b6\ufe0e\u2759", "replay-forward", lambda: _("Step forward")),
            tool("\u23ed\ufe0e", "replay-end", lambda: _("To the end")),
            self.speed,
            self.step,
            texts.text(
                button("", "replay-take-over", "tool", id="replay-take-over"), lambda: _("Play from here")
            ),
            texts.text(button("", "replay-exit", "tool", id="replay-exit"), lambda: _("Close the replay")),
        )
        texts.put(self.play, label, self._play_words)
        self.place(self.node)
        return True

    def _play_words(self) -> str:
        return _("Pause") if self.replay is not None and self.replay.playing else _("Play")

    def draw(self, replay: Replay | None) -> None:
        """The bar as ``replay`` is (hidden without one)."""
        if replay is None:
            if self.node is not None:
                self.node.hidden = True
            return
        self.build()
        self.replay = replay
        self.node.hidden = False
        self.step.textContent = _("Move {step} of {length}", step=replay.step, length=replay.length)
        level = code_level_words(replay.code)  # a deal with no certified level: none shown
        self.level.textContent = _("Level: {level}", level=level) if level else ""
        self.level.hidden = not level
        self.play.textContent = "\u23f8\ufe0e" if replay.playing else "\u25b6\ufe0e"
        self.play.setAttribute("aria-label", self._play_words())
        self.play.setAttribute("aria-pressed", "true" if replay.playing else "false")
        self.speed.value = speed_value(replay.speed)


__all__ = ["ReplayBar", "speed_value"]

"""The player's record on the page: the Statistics window (``#stats``) with its chart drawn
as SVG, the backup's download and file reading, and the replay bar (``#replay``).

Thin DOM code: the figures, the bars and their words come from :mod:`.windows.chart`, the
statistics from :mod:`.storage.stats`, the replay's steps from :mod:`.board.replay`; this module only
writes them into elements. Buttons carry ``data-action`` and reach the page through the
one click listener (``App.dispatch``). Nothing here is markup: every word is set as
``textContent``; the chart's colours are classes (the page's CSP allows no inline style).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import to_js

from ..board.replay import SPEEDS, Replay
from ..dom import Texts, add, el
from ..storage.backup import MAX_CHARS, BackupError
from ..storage.stats import Stats
from ..words.i18n import gettext as _
from ..words.i18n import ngettext
from .chart import HEIGHT, WIDTH, bars, figures, summary

SVG = "http://www.w3.org/2000/svg"


def _svg(tag: str, **attrs: str) -> Any:
    node = document.createElementNS(SVG, tag)
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


Words = Callable[[], str]


def _action(text: str, action: str, cls: str = "", **attrs: str) -> Any:
    button = el("button", cls, text, type="button", **attrs)
    button.setAttribute("data-action", action)
    return button


class StatsWindow:
    """The Statistics window: a table of figures (all games, then 8, 4 and 2 cells), the
    daily deal's, the chart of the last games with its summary in words, and the buttons:
    share, export, import (a file input), reset, close. Its fixed words are kept in
    ``texts`` (rewritten on a language change); the figures are written at each
    :meth:`show`."""

    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self.dialog = el("dialog", "panel stats-panel", id="stats", aria_labelledby="stats-title")
        body = el("div", "panel-body")
        self.table = el("table", "stats-table", id="stats-table")
        self.daily = el("p", "stats-daily", id="stats-daily")
        self.chart = _svg(
            "svg",
            id="stats-chart",
            viewBox=f"0 0 {WIDTH} {HEIGHT}",
            role="img",
            aria_labelledby="stats-summary",
            preserveAspectRatio="none",
        )
        self.chart.setAttribute("class", "stats-chart")
        self.summary = el("p", "stats-summary", id="stats-summary")
        self.file = el(
            "input", "visually-hidden", type="file", id="import-file", accept=".json,application/json"
        )
        self.message = el("p", "import-message", id="import-message", aria_live="polite")
        words = texts.text
        chart_title = words(el("h3"), lambda: _("Score of the last 50 games"))
        legend = add(
            el("p", "stats-legend", aria_hidden="true"),
            words(el("span", "key won"), lambda: _("won")),
            words(el("span", "key lost"), lambda: _("not won")),
        )
        add(
            body,
            words(el("h2", "", id="stats-title"), lambda: _("Statistics")),
            self.table,
            words(el("h3"), lambda: _("Today's deal")),
            self.daily,
            chart_title,
            self.chart,
            legend,
            self.summary,
            add(
                el("div", "buttons"),
                words(_action("", "share", id="stats-share"), lambda: _("Share this game")),
                words(_action("", "export", id="export"), lambda: _("Export")),
                add(
                    el("label", "button-like", "", for_="import-file"), words(el("span"), lambda: _("Import"))
                ),
                self.file,
                words(_action("", "reset-stats", id="reset-stats"), lambda: _("Reset statistics")),
            ),
            self.message,
            add(el("div", "buttons"), words(_action("", "close", "primary"), lambda: _("Close"))),
        )
        self.dialog.appendChild(body)

    def show(self, stats: Stats) -> None:
        """Write every figure, the daily deal's line and the chart."""
        self.message.textContent = ""
        self.table.textContent = ""
        columns = [(_("All games"), stats.overall)]
        columns += [
            (ngettext("{n} cell", "{n} cells", n, n=n), stats.by_cells[n])
            for n in sorted(stats.by_cells, reverse=True)
        ]
        head = add(
            el("tr"),
            el("td"),  # the corner: no header (an empty header is a lie)
            *(el("th", "", name, scope="col") for name, _t in columns),
        )
        self.table.appendChild(add(el("thead"), head))
        rows = [figures(tally) for _name, tally in columns]
        tbody = el("tbody")
        for index, (label, _value) in enumerate(rows[0]):
            cells = [el("td", "", column[index][1]) for column in rows]
            tbody.appendChild(add(el("tr"), el("th", "", label, scope="row"), *cells))
        self.table.appendChild(tbody)
        daily = stats.daily
        last = daily.dates_won[-1] if daily.dates_won else "–"
        self.daily.textContent = _(
            "Played {started}, won {won}; last won {last}.",
            started=daily.tally.started,
            won=daily.tally.won,
            last=last,
        )
        self.draw(stats)

    def draw(self, stats: Stats) -> None:
        """The chart: one rectangle a game, won games in another shade, each with its
        words as a ``<title>``."""
        self.chart.textContent = ""
        recent = stats.recent
        for bar in bars(recent):
            rect = _svg("rect", x=str(bar.x), y=str(bar.y), width=str(bar.width), height=str(bar.height))
            rect.setAttribute("class", "bar won" if bar.won else "bar lost")
            title = _svg("title")
            title.textContent = bar.title
            rect.appendChild(title)
            self.chart.appendChild(rect)
        self.summary.textContent = summary(recent)

    def say(self, text: str, bad: bool = False) -> None:
        """A line under the buttons (an import's result or refusal)."""
        self.message.textContent = text
        self.message.classList.toggle("bad", bad)


_urls: list[Any] = []
"""The Blob URL of the last download, revoked at the next (the browser may still be
reading it right after the click)."""


def download(text: str, name: str, media_type: str) -> None:
    """Save ``text`` as the file ``name`` through a Blob URL and a link's ``download``."""
    while _urls:
        window.URL.revokeObjectURL(_urls.pop())
    blob = window.Blob.new(
        to_js([text]), to_js({"type": media_type}, dict_converter=window.Object.fromEntries)
    )
    url = window.URL.createObjectURL(blob)
    link = el("a", "", "", href=str(url), download=name)
    document.body.appendChild(link)
    link.click()
    link.remove()
    _urls.append(url)


async def read_file(input_node: Any) -> str | None:
    """The text of the file chosen in ``input_node`` (``None``: none chosen); the input is
    cleared, so choosing the same file again reads it again. A file of more than
    :data:`.storage.backup.MAX_CHARS` bytes is refused by its size, unread (a backup is ASCII, a
    byte a character): :class:`.storage.backup.BackupError` ``backup-too-big``."""
    files = input_node.files
    if not files or not files.length:
        return None
    file = files.item(0)
    input_node.value = ""
    size = int(file.size)
    if size > MAX_CHARS:
        raise BackupError(
            f"the file has {size} bytes, more than a backup's {MAX_CHARS}", code="backup-too-big"
        )
    return str(await file.text())


def speed_value(speed: float) -> str:
    """A speed as the choice's value (not shown: the number as HTML writes it, ``0.5``,
    ``1``)."""
    return str(speed).removesuffix(".0")


class ReplayBar:
    """The replay's controls above the board: to the deal, back, play or pause, forward,
    to the end, the speed, where it is, "play from here" and closing the replay. Its fixed
    words are kept in ``texts``; :meth:`show` writes the rest."""

    def __init__(self, texts: Texts) -> None:
        label = ("aria-label",)
        self.replay: Replay | None = None
        self.node = texts.put(
            el("div", "replay", id="replay", role="toolbar", hidden=""), label, lambda: _("Replay")
        )
        self.play = _action("\u25b6\ufe0e", "replay-play", "tool", id="replay-play", aria_pressed="false")
        self.speed = texts.put(
            el("select", "replay-speed", id="replay-speed", name="replay-speed"), label, lambda: _("Speed")
        )
        for speed in SPEEDS:

            def speed_words(speed: float = speed) -> str:
                return _("{speed}× speed", speed=speed)

            self.speed.appendChild(texts.text(el("option", "", value=speed_value(speed)), speed_words))
        self.step = el("output", "replay-step", id="replay-step", aria_live="polite")

        def tool(icon: str, action: str, words: Words) -> Any:
            return texts.put(_action(icon, action, "tool", id=action), label, words)

        add(
            self.node,
            texts.text(el("span", "replay-title"), lambda: _("Replay")),
            tool("\u23ee\ufe0e", "replay-start", lambda: _("To the deal")),
            tool("\u25c0\ufe0e", "replay-back", lambda: _("Step back")),
            self.play,
            tool("\u25b6\ufe0e\u2759", "replay-forward", lambda: _("Step forward")),
            tool("\u23ed\ufe0e", "replay-end", lambda: _("To the end")),
            self.speed,
            self.step,
            texts.text(
                _action("", "replay-take-over", "tool", id="replay-take-over"), lambda: _("Play from here")
            ),
            texts.text(_action("", "replay-exit", "tool", id="replay-exit"), lambda: _("Close the replay")),
        )
        texts.put(self.play, label, self._play_words)

    def _play_words(self) -> str:
        return _("Pause") if self.replay is not None and self.replay.playing else _("Play")

    def show(self, replay: Replay) -> None:
        self.replay = replay
        self.node.hidden = False
        self.step.textContent = _("Move {step} of {length}", step=replay.step, length=replay.length)
        self.play.textContent = "\u23f8\ufe0e" if replay.playing else "\u25b6\ufe0e"
        self.play.setAttribute("aria-label", self._play_words())
        self.play.setAttribute("aria-pressed", "true" if replay.playing else "false")
        self.speed.value = speed_value(replay.speed)

    def hide(self) -> None:
        self.node.hidden = True


__all__ = ["ReplayBar", "StatsWindow", "download", "read_file"]

"""The Statistics window (``#stats``): the table of figures, the table by level, the daily
deal's line, the chart of the last games drawn as SVG with its summary in words, and the
buttons (share, export, the history as CSV, import, reset, close).

Thin DOM code: what it shows comes from :mod:`.view.chart` (:func:`.chart.figure_table`,
:func:`.chart.daily_line`, the bars and their words); this module only writes it into
elements. Every word is set as ``textContent``; the chart's colours are classes (the page's
CSP allows no inline style).
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from ..dom import Texts, add, el
from ..state import PageState, StatsWindow
from ..storage.stats import RECENT, Stats
from ..words.i18n import gettext as _
from ..words.i18n import ngettext
from .chart import (
    HEIGHT,
    WIDTH,
    FigureTable,
    bars,
    daily_line,
    figure_table,
    level_table,
    level_tallies,
    summary,
)
from .panel import Panel, buttons

SVG = "http://www.w3.org/2000/svg"


def _svg(tag: str, **attrs: str) -> Any:
    node = document.createElementNS(SVG, tag)
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def _write_table(node: Any, table: FigureTable) -> None:
    """``table`` into the ``<table>`` ``node``: a header a column, a figure a row."""
    node.textContent = ""
    head = add(
        el("tr"),
        el("td"),  # the corner: no header (an empty header is a lie)
        *(el("th", "", name, scope="col") for name in table.columns),
    )
    node.appendChild(add(el("thead"), head))
    tbody = el("tbody")
    for label, values in table.rows:
        cells = [el("td", "", value) for value in values]
        tbody.appendChild(add(el("tr"), el("th", "", label, scope="row"), *cells))
    node.appendChild(tbody)


class StatsDialog(Panel):
    """The Statistics window. Its fixed words are kept in ``texts`` (rewritten on a
    language change); the figures are written at each :meth:`show`."""

    def __init__(self, texts: Texts) -> None:
        super().__init__(texts, "stats", lambda: _("Statistics"), "panel stats-panel", heading_first=True)
        self.drawn: tuple[Stats, str] | None = None
        self.table = el("table", "stats-table", id="stats-table")
        self.levels = el("table", "stats-table by-level", id="stats-levels")
        self.levels_title = el("h3", "", id="stats-levels-title")
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
            self.body,
            self.table,
            self.levels_title,
            self.levels,
            words(el("h3"), lambda: _("Today's deal")),
            self.daily,
            chart_title,
            self.chart,
            legend,
            self.summary,
            add(
                el("div", "buttons"),
                self.action(lambda: _("Share this game"), "share", id="stats-share"),
                self.action(lambda: _("Export"), "export", id="export"),
                self.action(lambda: _("Download the history (CSV)"), "download-history", id="history-csv"),
                add(
                    el("label", "button-like", "", for_="import-file"), words(el("span"), lambda: _("Import"))
                ),
                self.file,
                self.action(lambda: _("Reset statistics"), "reset-stats", id="reset-stats"),
            ),
            self.message,
            buttons(self.action(lambda: _("Close"), "close", "primary")),
        )

    def draw(self, window: object, state: PageState) -> None:
        """The figures (written again only when they or the language changed) and the line
        under the buttons."""
        assert isinstance(window, StatsWindow)
        if (state.stats, state.language) != self.drawn:
            self.drawn = (state.stats, state.language)
            self.show(state.stats)
        self.message.textContent = window.message.text
        self.message.classList.toggle("bad", window.bad)

    def show(self, stats: Stats) -> None:
        """Write every figure, the table by level, the daily deal's line and the chart."""
        _write_table(self.table, figure_table(stats))
        self.levels_title.textContent = ngettext(
            "By level, in the last {n} game", "By level, in the last {n} games", RECENT, n=RECENT
        )
        tallies = level_tallies(stats.recent)
        leveled = any(tally.started for tally in tallies.values())
        self.levels.hidden = self.levels_title.hidden = not leveled  # none played with a level
        if leveled:
            _write_table(self.levels, level_table(tallies))
        else:
            self.levels.textContent = ""
        self.daily.textContent = daily_line(stats.daily)
        self.draw_chart(stats)

    def draw_chart(self, stats: Stats) -> None:
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


__all__ = ["StatsDialog"]

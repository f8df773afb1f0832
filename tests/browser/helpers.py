"""Helpers of the board's browser tests: read the board, play through real pointer input
(mouse, or touch through Chromium's own touch events), and ask the engine for positions.

The board's DOM contract is docs/dom-contract.md.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import CDPSession, Page, expect

from eightoff import DealCode, Game, Move, Pile, Position
from eightoff.web.links.address import Link
from tests.fcsolve import reach as reach  # Freecell Solver's walks, shared with the engine tests

from .harness import SAME_TAB, wait_ready

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1920, "height": 1080}
Board = dict[str, list[str]]

BLANK = "<!doctype html><title>blank</title><link rel=icon href='data:,'>"
"""A same-origin page served by the test itself, to clear storage before the game loads."""
LANDED = (
    "() => !document.getAnimations().some(a => a.effect && a.effect.target && a.effect.target.dataset.card)"
)
"""No card animation is running."""
READ_BOARD = """() => Object.fromEntries([...document.querySelectorAll('[data-pile]')].map(
    p => [p.dataset.pile, [...p.querySelectorAll(':scope > [data-card]')].map(c => c.dataset.card)]))"""


def open_fresh(
    page: Page,
    site_url: str,
    query: str = "",
    viewport: dict[str, int] | None = None,
    motion: bool = False,
    stored: dict[str, str] | None = None,
    theme: str = "light",
) -> Page:
    """Clear this origin's storage (then store ``stored``, key to value), open
    index.html?query and wait for data-ready. Without ``motion`` the page runs with
    prefers-reduced-motion (no card flights), which keeps long sequences of moves quick;
    ``theme`` is the device's colour scheme (light, as Playwright's default, or dark), and
    forced colours are off: every media feature is set, so a tab kept booted starts each
    test as the test asks, whatever the test before it emulated."""
    if viewport or page in SAME_TAB:
        page.set_viewport_size(viewport or SAME_TAB[page])
    page.emulate_media(
        reduced_motion="no-preference" if motion else "reduce", color_scheme=theme, forced_colors="none"
    )
    if page in SAME_TAB and showing_the_game(page, site_url):
        return restart(page, query, stored)
    blank = site_url + "__blank__.html"
    page.route(blank, lambda route: route.fulfill(body=BLANK, content_type="text/html"))
    page.goto(blank)
    page.evaluate(STORE, stored or {})
    page.unroute(blank)
    return open_page(page, site_url, query)


def open_at(page: Page, site_url: str, code: str, moves: list[Move], motion: bool = False) -> Game:
    """A fresh game ``moves`` along deal ``code``, opened by its position link (the app's
    own :class:`~eightoff.web.links.address.Link`) as :func:`open_fresh` opens a game (the
    page replays the moves as played ones, undo stack and score included); returns the
    engine's game there."""
    link = Link(DealCode.parse(code), tuple(moves))
    open_fresh(page, site_url, link.query().removeprefix("?"), motion=motion)
    game = link.game()
    expect(page.locator("#moves")).to_have_text(str(game.moves))
    return game


def reopen(page: Page, site_url: str, query: str = "") -> Page:
    """Open index.html?query again with the storage as it is: in the tab kept booted, the
    game started again from Python on that address (the start reads the address and the
    storage as a boot does); elsewhere, a reload."""
    if page in SAME_TAB and showing_the_game(page, site_url):
        kept: dict[str, str] = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
        return restart(page, query, kept)
    return open_page(page, site_url, query)


STORE = """items => { localStorage.clear();
  for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value); }"""
"""Empty storage, then ``items`` (key to value) in it."""


RESTART = """
import js
from eightoff.web.app import start

app.unbind()
js.localStorage.clear()
for key, value in STORED.items():
    js.localStorage.setItem(key, value)
js.history.replaceState(None, "", "index.html" + QUERY)
js.document.documentElement.removeAttribute("data-ready")
js.document.getElementById("app").replaceChildren()
js.window.scrollTo(0, 0)
app = start()
result = str(app.game.code)
"""
"""A fresh game in a booted tab, as a boot would start it on ``QUERY`` with ``STORED`` alone
in storage:
the running App's listeners removed, its elements dropped, a new App started (static/main.py
keeps it as ``app``)."""


def showing_the_game(page: Page, site_url: str) -> bool:
    """The tab shows our page, booted without error (a test may have left it elsewhere)."""
    return page.url.split("?")[0] == site_url + "index.html" and bool(
        page.evaluate(
            "() => { const html = document.documentElement;"
            " return html.hasAttribute('data-ready') && !html.hasAttribute('data-boot-error'); }"
        )
    )


def restart(page: Page, query: str, stored: dict[str, str] | None = None) -> Page:
    """Start a fresh game on index.html?query in a booted tab (storage emptied, then
    ``stored`` put in it), without a boot."""
    run_python(page, f"QUERY = {('?' + query) if query else ''!r}\nSTORED = {stored or {}!r}\n{RESTART}")
    wait_ready(page)
    return page


def open_page(page: Page, site_url: str, query: str = "") -> Page:
    page.goto(site_url + "index.html" + (f"?{query}" if query else ""))
    wait_ready(page)
    return page


@contextmanager
def clipboard(page: Page, site_url: str) -> Iterator[None]:
    """The page may read and write the clipboard for the block's length (a copy is checked
    by reading it back)."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    try:
        yield
    finally:
        page.context.clear_permissions()


def run_python(page: Page, code: str, timeout: float | None = None) -> Any:
    """Run ``code`` in the page's Python (a ``<script type="py">``, the namespace where
    static/main.py keeps ``app``); the value it leaves in ``result`` comes back through
    JSON. The script and the element PyScript made for it are then removed: the page holds
    the elements it held before, as after a boot."""
    script = "import js as _js, json as _json\n" + code + "\n_js.window.pythonResult = _json.dumps(result)\n"
    page.evaluate(
        """code => { window.pythonResult = undefined;
        const before = new Set(document.querySelectorAll('script-py'));
        const script = document.createElement('script');
        script.type = 'py';
        script.textContent = code;
        window.pythonDone = () => {
          script.remove();
          for (const made of document.querySelectorAll('script-py')) if (!before.has(made)) made.remove();
        };
        document.body.append(script); }""",
        script,
    )
    page.wait_for_function("window.pythonResult !== undefined", timeout=timeout)
    return json.loads(page.evaluate("() => { window.pythonDone(); return window.pythonResult; }"))


WINDOWS = (
    ("#settings", "#settings-dialog"),
    ("#new-game", "#new-game-dialog"),
    ("#stats-button", "#stats"),
    ("?", "#help-dialog"),
)
"""The windows a player opens from the bar or the keyboard: what opens each, and the window."""


def each_window(page: Page) -> Iterator[str]:
    """Open each of :data:`WINDOWS` as a player does (a click, or the key ``?``), wait for
    it, give its selector to the caller, then close it with Escape."""
    for opener, dialog in WINDOWS:
        if opener == "?":
            page.keyboard.press(opener)
        else:
            page.locator(opener).click()
        expect(page.locator(dialog)).to_be_visible()
        yield dialog
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).not_to_be_visible()


def read_board(page: Page) -> Board:
    return page.evaluate(READ_BOARD)  # type: ignore[no-any-return]


def board_of(position: Position) -> Board:
    """The board the page must show for a position (docs/dom-contract.md)."""
    return {pile.key: [str(c) for c in position.cards(pile)] for pile in position.piles()}


def dealt(code: str) -> Position:
    """The deal as the command line prints it, read back with Position.from_fcs."""
    out = subprocess.run(
        [sys.executable, "-m", "eightoff", "deal", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    return Position.from_fcs(out, cells=DealCode.parse(code).cells)


def expect_board(page: Page, position: Position) -> None:
    """Wait until the page shows exactly this position."""
    expected = board_of(position)
    page.wait_for_function(
        f"""expected => {{ const shown = ({READ_BOARD})(), keys = Object.keys(expected);
        return keys.length === Object.keys(shown).length
            && keys.every(k => JSON.stringify(shown[k]) === JSON.stringify(expected[k])); }}""",
        arg=expected,
    )


def expect_numbers(page: Page, score: int, moves: int) -> None:
    expect(page.locator("#score")).to_have_text(str(score))
    expect(page.locator("#moves")).to_have_text(str(moves))


def lit_piles(page: Page) -> set[str]:
    """The piles the page shows as targets (class ``target``)."""
    keys: list[str] = page.evaluate("[...document.querySelectorAll('.pile.target')].map(p => p.dataset.pile)")
    return set(keys)


def expect_carried(page: Page, card: str) -> None:
    """Wait until ``card`` is carried (class ``lifted``): the drag has started, and the
    same handler has lit the targets."""
    expect(page.locator(f'[data-card="{card}"]')).to_have_class(re.compile(r"(^|\s)lifted(\s|$)"))


def no_scrolling(page: Page) -> bool:
    return page.evaluate(  # type: ignore[no-any-return]
        """() => { const s = document.scrollingElement;
        return s.scrollHeight <= innerHeight && s.scrollWidth <= innerWidth; }"""
    )


# -- input -------------------------------------------------------------------------------


@dataclass
class Player:
    """Plays on the page with the mouse or with touch (``touch=True`` needs a context
    with ``has_touch``). Every gesture is real input dispatched by Chromium."""

    page: Page
    touch: bool = False
    cdp: CDPSession | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.flights = not self.page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
        if self.touch:
            self.cdp = self.page.context.new_cdp_session(self.page)

    def card_point(self, card: str) -> tuple[float, float]:
        """A point on the visible corner strip of a card, once no card is in flight (a card
        in flight lets the pointer through)."""
        if self.flights:
            self.page.wait_for_function(LANDED)
        box = self.page.locator(f'[data-card="{card}"]').bounding_box()
        assert box is not None, card
        return box["x"] + box["width"] / 2, box["y"] + min(8.0, box["height"] / 4)

    def pile_point(self, pile: str) -> tuple[float, float]:
        box = self.page.locator(f'[data-pile="{pile}"]').bounding_box()
        assert box is not None, pile
        return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, box["width"])

    def tap(self, card: str) -> None:
        self.tap_at(*self.card_point(card))

    def tap_at(self, x: float, y: float) -> None:
        """One tap (or click) at a point of the page, whatever is drawn there now."""
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def taps_at(self, points: list[tuple[float, float]], gap_ms: float) -> None:
        """A tap (or click) at each point in turn, ``gap_ms`` apart by the events' own
        times: Chromium stamps each event with the time given to the DevTools protocol, so
        the page sees that pace exactly, however long the dispatch itself takes."""
        cdp = self.cdp or self.page.context.new_cdp_session(self.page)
        start = time.time()
        for number, (x, y) in enumerate(points):
            down = start + number * gap_ms / 1000
            if self.touch:
                finger = {"x": x, "y": y}
                cdp.send(
                    "Input.dispatchTouchEvent",
                    {"type": "touchStart", "touchPoints": [finger], "timestamp": down},
                )
                cdp.send(
                    "Input.dispatchTouchEvent",
                    {"type": "touchEnd", "touchPoints": [], "timestamp": down + 0.03},
                )
            else:
                press = {"x": x, "y": y, "button": "left", "clickCount": 1}
                for kind, at in (
                    ("mouseMoved", down - 0.01),
                    ("mousePressed", down),
                    ("mouseReleased", down + 0.03),
                ):
                    cdp.send("Input.dispatchMouseEvent", {**press, "type": kind, "timestamp": at})

    def double_tap(self, card: str) -> None:
        x, y = self.card_point(card)
        if self.touch:
            self.page.touchscreen.tap(x, y)
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)
            self.page.mouse.click(x, y)

    def press_and_move(
        self, card: str, to: tuple[float, float], steps: int = 2, at: tuple[float, float] | None = None
    ) -> None:
        """Start a drag (on ``card``'s strip, or at the point ``at``) and leave the pointer
        down at ``to``."""
        x0, y0 = at or self.card_point(card)
        x1, y1 = to
        if self.touch:
            self._touch("touchStart", x0, y0)
            for i in range(1, steps + 1):
                self._touch("touchMove", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        else:
            self.page.mouse.move(x0, y0)
            self.page.mouse.down()
            self.page.mouse.move(x1, y1, steps=steps)

    def release(self) -> None:
        if self.touch:
            assert self.cdp is not None
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        else:
            self.page.mouse.up()

    def drag(self, card: str, pile: str) -> None:
        self.press_and_move(card, self.pile_point(pile))
        self.release()

    def _touch(self, kind: str, x: float, y: float) -> None:
        assert self.cdp is not None
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}]})

    def play(self, game: Game, move: Move, taps: bool = True) -> None:
        """Make one engine move through the page: a tap when it is the tap's move (and the
        previous gesture was not a tap on the same pile, which would be the second half of
        a double tap), else a drag of its head card; then wait for the move count."""
        head = str(game.position.cards(move.source)[-move.count])
        if taps and game.tap(move.source) == move and self.last_tap != move.source:
            self.tap(head)
            self.last_tap = move.source
        else:
            self.drag(head, move.target.key)
            self.last_tap = None
        game.play(move)
        try:
            expect(self.page.locator("#moves")).to_have_text(str(game.moves))
        except AssertionError as error:
            status = self.page.locator("#status").text_content()
            raise AssertionError(f"the page did not play {move} ({head}): {status!r}") from error

    last_tap: Pile | None = None


def deals(cells: int = 8, start: int = 0) -> Iterator[Game]:
    for number in range(start, start + 5000):
        yield Game.new(DealCode(number, cells))


def find(predicate: Any, cells: int = 8) -> Game:
    """The first deal (by number) whose starting game satisfies ``predicate``."""
    return next(game for game in deals(cells) if predicate(game))


def play_all(player: Player, code: str, moves: list[Move], taps: bool = False) -> Game:
    """Play ``moves`` from the deal through the page (drags; taps where they fit when
    ``taps``); returns the engine's game after them, which the page must show."""
    game = Game.new(DealCode.parse(code))
    for move in moves:
        player.play(game, move, taps=taps)
    return game


FOCUS = """() => { const a = document.activeElement, p = a && a.closest('[data-pile]');
    if (!p) return null;
    const cards = [...p.querySelectorAll(':scope > [data-card]')];
    return [p.dataset.pile, a.dataset.card ? cards.indexOf(a) : -1]; }"""
"""The focused spot: the pile key and the focused card's index (-1: the pile itself)."""


def board_rows(two_rows: bool, cells: int) -> list[list[str]]:
    """The rows of piles as drawn (docs/dom-contract.md): one top row (cells, foundations)
    or, with ``#board[data-rows="2"]``, two (foundations above cells); then the columns."""
    cell_row = [f"cell-{n}" for n in range(1, cells + 1)]
    foundations = [f"foundation-{s}" for s in "SHDC"]
    columns = [f"column-{n}" for n in range(1, 9)]
    return [foundations, cell_row, columns] if two_rows else [cell_row + foundations, columns]


def keys_to(rows: list[list[str]], focus: tuple[str, int], game: Game, pile: Pile, index: int) -> list[str]:
    """Key presses that move the focus from ``focus`` to card ``index`` of ``pile`` (the
    pile itself for a cell, a foundation or an empty column): Up and Down change rows
    (a column's cards first), Home goes to the row's first pile, Right to the next one,
    landing on a column's top card; Up inside a column goes to the card below."""
    at_pile, at_index = focus
    row = next(r for r, piles in enumerate(rows) if at_pile in piles)
    goal = next(r for r, piles in enumerate(rows) if pile.key in piles)
    keys: list[str] = []
    if row > goal:
        keys += ["ArrowUp"] * (max(at_index, 0) + 1 if at_pile.startswith("column-") else 1)
        keys += ["ArrowUp"] * (row - 1 - goal)
    elif row < goal:
        keys += ["ArrowDown"] * (goal - row)
    keys += ["Home"] + ["ArrowRight"] * rows[goal].index(pile.key)
    size = game.position.size(pile)
    if pile.is_column and size:
        keys += ["ArrowUp"] * (size - 1 - index)
    return keys


def move_keys(rows: list[list[str]], focus: tuple[str, int], game: Game, move: Move, drop: str) -> list[str]:
    """Every key press of one move by keyboard from ``focus``: to the moving cards' head,
    Enter to pick them up, to the target pile, ``drop`` (Enter or Space) to put them there."""
    head = game.position.size(move.source) - move.count
    keys = [*keys_to(rows, focus, game, move.source, head), "Enter"]
    picked = (move.source.key, head if move.source.is_column else -1)
    return [*keys, *keys_to(rows, picked, game, move.target, 0), drop]


QUICK_DEAL = "EO1-C4-W5FXTAA"
QUICK_LINE = (
    "3S cH dD 14 5c 7d 87 a2 1a c5 71x2 7S 7c b7 6b 67 67 6D 8D 61 6S aS 78x4 7D 15x4 1D 51x6 56 "
    "5C d5 4a 4d 42 47 c4 3c d3 2d a3 24x2 3a d4 5d 52 54 d2 a3 87x5 c8 6a 45x6 4C 8C 8C 85 8C"
)
"""56 moves of the solver's line of a 4-cell deal, then 60 more: 4 cards of column 1 go home
one after another, each uncovered by the one before (test_touch.py plays them in Chromium,
tests/smoke/test_smoke.py in Firefox and WebKit)."""
QUICK_TAPS = ("6C", "7C", "8C", "9C")

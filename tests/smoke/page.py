"""The smoke scenario's steps, written once for every engine: each goes through a
:class:`~.drivers.Driver` (open a URL, run a script, drag, reload, screenshot) and reads the
page through its DOM contract (docs/dom-contract.md).

A failing step names the engine and the step and leaves a screenshot for a person:
``test-results/smoke-<engine>-<step>.png``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from browser.helpers import FOCUS, READ_BOARD, Board, board_rows, move_keys

from eightoff import Game, Move

from .drivers import Driver, Point

# Bounds a hang only: a cold boot on a busy 2-core machine takes up to a minute.
BOOT_TIMEOUT_MS = 180_000
# A move lands in a few animation frames; this only bounds a refused or lost move.
MOVE_TIMEOUT_MS = 15_000

WAIT_READY = """(timeout) => new Promise((resolve) => {
  const html = document.documentElement;
  const outcome = () => html.hasAttribute("data-boot-error")
    ? {error: (document.querySelector(".loading-error-details") || {}).textContent || "(no details)"}
    : html.hasAttribute("data-ready") ? {ready: true} : null;
  if (outcome()) return resolve(outcome());
  const observer = new MutationObserver(() => {
    if (outcome()) { observer.disconnect(); clearTimeout(timer); resolve(outcome()); }
  });
  observer.observe(html, {attributes: true});
  const timer = setTimeout(() => {
    observer.disconnect();
    resolve({timeout: (document.querySelector(".loading-stage") || {}).textContent || ""});
  }, timeout);
})"""
"""Resolves once <html> has data-ready or data-boot-error (a MutationObserver, no polling)."""

SETTLED = """(moves, timeout, landed) => new Promise((resolve) => {
  const end = performance.now() + timeout;
  const flying = () => document.getAnimations().some(
    (a) => a.effect && a.effect.target && a.effect.target.dataset && a.effect.target.dataset.card);
  const check = () => {
    const shown = document.querySelector("#moves").textContent;
    if (shown === String(moves) && (landed === false || !flying())) return resolve(null);
    if (performance.now() > end) {
      return resolve({moves: shown, status: document.querySelector("#status").textContent});
    }
    requestAnimationFrame(check);
  };
  check();
})"""
"""Checked once an animation frame (as Playwright's wait_for_function does): resolves with
null once #moves shows `moves` and (unless `landed` is false) no card is in flight, else
with what the page shows."""

POINTS = """(card, pile) => {
  const c = document.querySelector(`[data-card="${card}"]`).getBoundingClientRect();
  const p = document.querySelector(`[data-pile="${pile}"]`).getBoundingClientRect();
  return {card: [c.left + c.width / 2, c.top + Math.min(8, c.height / 4)],
          pile: [p.left + p.width / 2, p.top + Math.min(p.height / 2, p.width)]};
}"""
"""Where to press a card (its visible top strip) and where to drop on a pile."""

PREPARE = f"""async (moves, card, pile, timeout) => {{
  const unsettled = await ({SETTLED})(moves, timeout);
  return unsettled ? {{unsettled}} : ({POINTS})(card, pile);
}}"""
"""One call before each drag: the previous move has landed, and the next drag's points."""

STATE = f"""() => {{
  const text = (selector) => {{
    const node = document.querySelector(selector);
    return node && node.textContent;
  }};
  const win = document.querySelector("#win");
  return {{
    ready: document.documentElement.hasAttribute("data-ready"),
    bootError: document.documentElement.hasAttribute("data-boot-error"),
    pyErrors: [...document.querySelectorAll(".py-error")].map((node) => node.textContent),
    code: text("#deal-code"), score: text("#score"), moves: text("#moves"), status: text("#status"),
    win: Boolean(win && win.open), winText: text("#win-text"),
    board: ({READ_BOARD})(),
    location: location.pathname + location.search,
  }};
}}"""
"""Everything a step compares, read in one call."""

RECORD_PROBLEMS = """() => {
  if (window.smokeProblems) return;
  const seen = window.smokeProblems = [];
  addEventListener("error", (event) => seen.push(`page error: ${event.message}`));
  addEventListener("unhandledrejection", (event) => seen.push(`unhandled rejection: ${event.reason}`));
  const error = console.error;
  console.error = (...args) => { seen.push(`console error: ${args.join(" ")}`); error.apply(console, args); };
}"""
"""For a driver that cannot read the console: record errors from data-ready on."""

HIDE_THEN_FORGET = """() => {
  Object.defineProperty(document, "hidden", { value: true, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
  localStorage.clear();
}"""
"""The page told it is hidden (the game saves, its clock stops), then its storage emptied."""

MOTION_BOX = """(want) => new Promise((resolve) => {
  const end = performance.now() + 10000;
  const check = () => {
    const dialog = document.querySelector("#settings-dialog");
    const box = document.querySelector("#motion");
    const r = box.getBoundingClientRect();
    const shown = dialog.open && r.width > 0 && (want === null || box.checked === want);
    if (shown || performance.now() > end) {
      const point = [r.left + r.width / 2, r.top + r.height / 2];
      return resolve({open: dialog.open, checked: box.checked, point});
    }
    requestAnimationFrame(check);
  };
  check();
})"""
"""The Motion setting's checkbox once the Settings window shows it (and, unless ``want`` is
null, once it is ticked or not as wanted; checked once an animation frame): ticked or not,
and where it is."""
SETTINGS_BUTTON = """() => {
  const r = document.querySelector("#settings").getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}"""
COUNT_FLIGHTS = """() => {
  window.smokeMostFlying = 0;
  const tick = () => {
    const flying = document.getAnimations().filter(
      (a) => a.effect && a.effect.target && a.effect.target.dataset && a.effect.target.dataset.card).length;
    window.smokeMostFlying = Math.max(window.smokeMostFlying, flying);
    requestAnimationFrame(tick);
  };
  tick();
}"""
"""From now on, the most cards in flight at once in any animation frame
(``window.smokeMostFlying``)."""

HARVEST = "() => (window.smokeProblems || []).splice(0)"
STDLIB_IN = """(timeout) => new Promise((resolve) => {
  const html = document.documentElement;
  const waiting = () => html.dataset.stdlib === "waiting";
  if (!waiting()) return resolve(true);
  const observer = new MutationObserver(() => {
    if (!waiting()) { observer.disconnect(); clearTimeout(timer); resolve(true); }
  });
  observer.observe(html, {attributes: true, attributeFilter: ["data-stdlib"]});
  const timer = setTimeout(() => { observer.disconnect(); resolve(false); }, timeout);
})"""
"""Until a page booted from the snapshot has its standard library in place (``<html
data-stdlib>``, static/late-stdlib.mjs), at most ``timeout`` ms: a page left while the
service worker still sends it gets, in Firefox, an error of its own for the download cut
short (as a favicon's did once)."""
STDLIB_TIMEOUT_MS = 30_000
BANNERS = "() => [...document.querySelectorAll('.py-error')].map((node) => node.textContent)"


class StepFailed(AssertionError):
    """A step of the scenario failed in one engine."""


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class GamePage:
    """The game's page in one engine, with the scenario's steps."""

    def __init__(self, driver: Driver, base_url: str, results: Path) -> None:
        self.driver = driver
        self.base_url = base_url
        self.results = results
        self.seen: list[str] = []  # problems harvested from pages since left

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        """Run a step; on failure write a screenshot and fail naming the engine and step."""
        try:
            yield
        except Exception as error:
            self.results.mkdir(parents=True, exist_ok=True)
            shot = self.results / f"smoke-{self.driver.engine}-{slug(name)}.png"
            try:
                self.driver.screenshot(shot)
                where = f"screenshot: {shot}"
            except Exception as failure:  # the browser itself may be gone
                where = f"no screenshot ({failure})"
            said = self.driver.log_tail()
            log = f"\nthe end of {self.driver.log}:\n{said}" if said else ""
            raise StepFailed(f"{self.driver.version}, step {name!r}: {error}\n{where}{log}") from error

    # -- navigation ---------------------------------------------------------------------

    def on_site(self) -> bool:
        return bool(self.driver.run("() => location.origin + '/'") == self.base_url)

    def open(self, query: str = "", fresh: bool = False) -> dict[str, Any]:
        """Open index.html?query (with no saved game when ``fresh``) until data-ready. A
        game whose clock runs saves itself as its tab is hidden, which would write it back
        over storage emptied under it: a fresh open first tells the page it is hidden (it
        saves, its clock stops; leaving it then writes nothing), then empties the storage."""
        if self.on_site():
            self.harvest()
            if fresh:
                self.driver.run(HIDE_THEN_FORGET)
        self.driver.goto(self.base_url + "index.html" + (f"?{query}" if query else ""))
        return self.wait_ready()

    def reload(self) -> dict[str, Any]:
        self.harvest()
        self.driver.reload()
        return self.wait_ready()

    def wait_ready(self) -> dict[str, Any]:
        outcome = self.driver.run(WAIT_READY, BOOT_TIMEOUT_MS)
        if "error" in outcome:
            raise AssertionError(f"the game failed to start: {outcome['error']}")
        if "timeout" in outcome:
            raise AssertionError(f"no data-ready after {BOOT_TIMEOUT_MS} ms; loading: {outcome['timeout']!r}")
        if not self.driver.reads_console:
            self.driver.run(RECORD_PROBLEMS)
        return self.state()

    def state(self) -> dict[str, Any]:
        found: dict[str, Any] = self.driver.run(STATE)
        return found

    def board(self) -> Board:
        found: Board = self.driver.run(f"() => ({READ_BOARD})()")
        return found

    # -- play -----------------------------------------------------------------------------

    def play(self, game: Game, moves: list[Move]) -> None:
        """Play each move with a mouse drag of its head card onto the target pile: two
        driver calls a move (wait for the previous move and measure, then the gesture)."""
        last = ""
        for move in moves:
            head = str(game.position.cards(move.source)[-move.count])
            points = self.driver.run(PREPARE, game.moves, head, move.target.key, MOVE_TIMEOUT_MS)
            if "unsettled" in points:
                raise AssertionError(f"the page did not play {last}: it shows {points['unsettled']}")
            self.driver.drag(drag_path(points["card"], points["pile"]))
            game.play(move)
            last = f"move {game.moves} ({move}: a drag of {head} onto {move.target.key})"
        self.settle(game.moves, last)

    def card_point(self, card: str) -> Point:
        """Where :meth:`play` presses ``card`` (its visible top strip), once the page rests."""
        points = self.driver.run(POINTS, card, "column-1")
        return (points["card"][0], points["card"][1])

    def play_by_keys(self, game: Game, moves: list[Move]) -> None:
        """Play each move with the keyboard alone (docs/dom-contract.md, "Keys"): Tab to the
        board, arrow keys and Home to the moving cards' head, Enter to pick them up, to the
        target pile, Enter or Space to put them there; one driver call for a move's keys."""
        for _ in range(20):
            if self.driver.run(FOCUS) is not None:
                break
            self.driver.press(["Tab"])
        else:
            raise AssertionError("Tab never reached the board")
        two_rows = self.driver.run("() => document.querySelector('#board').dataset.rows") == "2"
        rows = board_rows(two_rows, len(game.position.cells))
        for number, move in enumerate(moves, 1):
            pile, index = self.driver.run(FOCUS)
            keys = move_keys(rows, (pile, index), game, move, "Space" if number % 2 else "Enter")
            self.driver.press(keys)
            game.play(move)
            # The next keys need no card at rest (they end its glide): only the last waits.
            what = f"move {game.moves} ({move}: the keys {' '.join(keys)})"
            self.settle(game.moves, what, landed=number == len(moves))

    def turn_motion_on(self) -> None:
        """Settings (a click): "Animate the cards" is ticked when the cards move as the
        device asks (Firefox here); else (WebKit, which asks for reduced motion) Tab to it
        and Space. Escape."""
        button = self.driver.run(SETTINGS_BUTTON)
        self.driver.drag([button, button])
        box = self.driver.run(MOTION_BOX, None)
        assert box["open"], "the Settings window did not open"
        if not box["checked"]:
            for _ in range(12):
                if self.driver.run("() => document.activeElement && document.activeElement.id") == "motion":
                    break
                self.driver.press(["Tab"])
            else:
                raise AssertionError("Tab never reached the Motion setting")
            self.driver.press(["Space"])
            assert self.driver.run(MOTION_BOX, True)["checked"], "Space did not tick the Motion setting"
        self.driver.press(["Escape"])

    def count_flying(self) -> None:
        """From now on, count the most cards in flight at once (:meth:`most_flying`)."""
        self.driver.run(COUNT_FLIGHTS)

    def most_flying(self) -> int:
        """The most cards in flight at once since :meth:`count_flying`."""
        return int(self.driver.run("() => window.smokeMostFlying"))

    def settle(self, moves: int, what: str, landed: bool = True) -> None:
        """Wait until the page shows `moves` moves and (``landed``) no card is in flight."""
        unsettled = self.driver.run(SETTLED, moves, MOVE_TIMEOUT_MS, landed)
        if unsettled is not None:
            raise AssertionError(f"the page did not play {what}: it shows {unsettled}")

    # -- what must never happen -------------------------------------------------------------

    def harvest(self) -> None:
        """Keep what the page recorded before it is left, once its standard library is in
        place (a download the leaving would cut short)."""
        self.driver.run(STDLIB_IN, STDLIB_TIMEOUT_MS)
        if not self.driver.reads_console:
            self.seen += self.driver.run(HARVEST) or []

    def problems(self) -> list[str]:
        """Everything wrong seen since the last call: console and page errors (from the
        driver, or from data-ready on where it cannot see them), foreign requests, and
        PyScript's .py-error banners on the page now."""
        self.harvest()
        found, self.seen = self.seen + self.driver.problems(), []
        banners = self.driver.run(BANNERS)
        return found + [f".py-error banner: {text}" for text in banners]


def drag_path(card: Point, pile: Point) -> list[Point]:
    """Press on the card, pass halfway (well past the 5 px drag threshold), drop on the pile."""
    (x0, y0), (x1, y1) = card, pile
    return [card, ((x0 + x1) / 2, (y0 + y1) / 2), pile]

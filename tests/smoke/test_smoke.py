"""The smoke suite: the built site (dist/) in Firefox ESR and in WebKitGTK, each test once per
engine on that engine's one page (conftest.py), every gesture real pointer input.

The page boots with no error; a whole game is won by drags from Freecell Solver's solution
with the exact score, reloaded midway; a ?deal= link opens its deal (in Hebrew, right to
left, column 1 still at the left); the service worker
takes over and a reload with the server stopped still plays (and the Hebrew Rules page
opens right to left); a game is won by the keyboard alone, the cards' motion on; a hint comes from the
solver's worker and is played; four taps 150 ms apart, by mouse and by touch, send four
cards home. The drags' win plays the whole game; the keyboard's starts
from a position link near the end.
"""

from __future__ import annotations

import socket
from typing import Any

import pytest
from browser.harness import build_once
from browser.helpers import QUICK_DEAL, QUICK_LINE, QUICK_TAPS, board_of

from eightoff import DealCode, Game, Move, Pile, is_legal
from eightoff.web.links.address import Link
from eightoff.winnable import catalogue
from tests.fcsolve import NEAR_THE_END, Solution, solution

from .page import GamePage
from .server import Site

CODE = "EO1-C8-AAAAAFA"
LINK = "EO1-C4-AAAAB7K"
MIDWAY = 70  # the reload comes after this many moves of the winning line
SW_TIMEOUT_MS = 120_000  # installing precaches the whole site (36 MB on disk)
HINT_TIMEOUT_MS = 120_000  # the first hint waits for the worker to load Pyodide


@pytest.fixture(scope="module")
def winning_line() -> Solution:
    """Freecell Solver's solution of CODE, its lines and our moves (tests/fcsolve.py)."""
    return solution(CODE)


def expect_game(shown: dict[str, Any], game: Game) -> None:
    """The page shows exactly this game: deal, score, moves and every pile."""
    assert shown["code"] == str(game.code)
    assert (shown["score"], shown["moves"]) == (str(game.score), str(game.moves))
    assert shown["board"] == board_of(game.position)


def test_the_page_boots_with_no_error(game_page: GamePage) -> None:
    with game_page.step("boot"):
        shown = game_page.open(fresh=True)
        assert shown["ready"] and not shown["bootError"] and shown["pyErrors"] == []
        code = DealCode.parse(shown["code"])  # a new random deal, 8 cells by default
        assert code.cells == 8
        assert shown["board"] == board_of(code.deal())
        assert (shown["score"], shown["moves"], shown["win"]) == ("0", "0", False)


def test_a_game_is_won_by_drags_and_survives_a_reload_midway(
    game_page: GamePage, winning_line: Solution
) -> None:
    # From the solver's own lines, not the engine: 10 × 52 + 5 a cell-to-column line.
    solver_score, moves = winning_line.score, winning_line.moves
    assert (solver_score, len(moves)) == (715, 143)  # as in tests/browser/test_win.py
    game = Game.new(DealCode.parse(CODE))
    with game_page.step("open the deal"):
        expect_game(game_page.open(f"deal={CODE}", fresh=True), game)
    with game_page.step(f"drag moves 1 to {MIDWAY}"):
        game_page.play(game, moves[:MIDWAY])
        before = game_page.state()
        expect_game(before, game)
    with game_page.step("reload midway"):
        after = game_page.reload()
        expect_game(after, game)
        assert after["board"] == before["board"] and after["location"] == f"/index.html?deal={CODE}"
    with game_page.step(f"drag moves {MIDWAY + 1} to {len(moves)}"):
        game_page.play(game, moves[MIDWAY:])
    with game_page.step("win"):
        shown = game_page.state()
        assert game.is_won
        assert shown["win"], "the win dialog #win is not open"
        assert (shown["score"], shown["moves"]) == (str(solver_score), "143")
        assert shown["winText"] == f"Score {solver_score} in 143 moves."
        assert shown["board"] == board_of(game.position)


def test_a_game_is_won_by_the_keyboard(game_page: GamePage, winning_line: Solution) -> None:
    """From a position link near the end (the drags' win plays the whole game), with the
    cards' motion on in both engines: each move glides, the win sends every card round."""
    game = winning_line.game(NEAR_THE_END)
    with game_page.step(f"open the deal {NEAR_THE_END} moves in"):
        expect_game(game_page.open(winning_line.link(NEAR_THE_END), fresh=True), game)
    with game_page.step("the cards' motion on (WebKit here asks for reduced motion)"):
        game_page.turn_motion_on()
    left = winning_line.moves[NEAR_THE_END:]
    with game_page.step(f"play the last {len(left)} moves by keyboard"):
        game_page.play_by_keys(game, left[:-1])
        game_page.count_flying()  # the win's flights (counting every frame costs WebKit time)
        game_page.play_by_keys(game, left[-1:])
    with game_page.step("the win, by keyboard"):
        shown = game_page.state()
        assert shown["win"], "the win message did not open"
        assert shown["winText"] == f"Score {winning_line.score} in {len(winning_line.lines)} moves."
        expect_game(shown, game)
        assert game_page.most_flying() >= 52, "no win to watch: the 52 cards never flew"


def test_a_deal_link_opens_its_deal_in_hebrew_right_to_left(game_page: GamePage) -> None:
    with game_page.step("deal link, in Hebrew"):
        shown = game_page.open(f"deal={LINK}&lang=he", fresh=True)
        expect_game(shown, Game.new(DealCode.parse(LINK)))
        # WebKitWebDriver does not keep the order of an object's keys: compare them sorted.
        assert sorted(key for key in shown["board"] if key.startswith("cell-")) == [
            f"cell-{i}" for i in range(1, 5)
        ]
        drawn = game_page.driver.run(
            "() => [...document.querySelectorAll('[data-pile^=\"cell-\"]')]"
            ".filter((cell) => cell.getBoundingClientRect().width > 0).length"
        )
        assert drawn == 4
        assert shown["location"] == f"/index.html?deal={LINK}&lang=he"
        # Right to left, the words in Hebrew, the board's columns still numbered from the left.
        laid_out = game_page.driver.run(
            "() => ({lang: document.documentElement.lang, dir: document.documentElement.dir,"
            " bar: getComputedStyle(document.querySelector('.bar')).direction,"
            " settings: document.querySelector('#settings').getAttribute('aria-label'),"
            " first: document.querySelector('[data-pile=\"column-1\"]').getBoundingClientRect().left,"
            " last: document.querySelector('[data-pile=\"column-8\"]').getBoundingClientRect().left})"
        )
        assert (laid_out["lang"], laid_out["dir"], laid_out["bar"]) == ("he", "rtl", "rtl")
        assert laid_out["settings"] == "הגדרות"
        assert laid_out["first"] < laid_out["last"]


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_four_quick_taps_send_four_cards_home(game_page: GamePage, touch: bool) -> None:
    """Issue 36, as tests/browser/test_touch.py in Chromium: four taps 150 ms apart, each on
    the card the one before uncovered, send four cards home. Where each card is drawn as the
    top card is read going back by Undo (a shorter column may fan out wider)."""
    line = [Move.parse(m) for m in QUICK_LINE.split()] + [Move.parse("1C")] * len(QUICK_TAPS)
    game = Game.after(DealCode.parse(QUICK_DEAL), line)
    with game_page.step("open the position with the four cards home"):
        link = Link(DealCode.parse(QUICK_DEAL), tuple(line))
        expect_game(game_page.open(link.query().removeprefix("?"), fresh=True), game)
    points = []
    going_back = game.copy()
    with game_page.step("Undo four times, reading where each card is drawn on top"):
        for card in reversed(QUICK_TAPS):
            game_page.driver.press(["u"])
            going_back.undo()
            game_page.settle(going_back.moves, f"the undo of {card}")
            assert str(going_back.position.top(Pile.column(1))) == card
            points.insert(0, game_page.card_point(card))
    with game_page.step(f"four {'touch' if touch else 'mouse'} taps 150 ms apart"):
        game_page.driver.taps(points, gap_ms=150, touch=touch)
        game_page.settle(game.moves, "the four taps")
        expect_game(game_page.state(), game)


CENTRE = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
}"""
HINTED = """(timeout) => new Promise((resolve) => {
  const end = performance.now() + timeout;
  const check = () => {
    const card = document.querySelector("[data-card].hint");
    const pile = document.querySelector("[data-pile].hint-target");
    if (card && pile) {
      return resolve({card: card.dataset.card, pile: pile.dataset.pile,
                      status: document.querySelector("#status").textContent});
    }
    if (performance.now() > end) return resolve(null);
    requestAnimationFrame(check);
  };
  check();
})"""
"""Checked once an animation frame: the head card marked ``hint`` and the pile marked
``hint-target``, with what the status line says; null when none came in time."""
CARD_HINTED = """(timeout) => new Promise((resolve) => {
  const end = performance.now() + timeout;
  const check = () => {
    const card = document.querySelector("[data-card].hint");
    if (card && !document.querySelector("[data-pile].hint-target")) {
      return resolve({card: card.dataset.card, status: document.querySelector("#status").textContent});
    }
    if (performance.now() > end) return resolve(null);
    requestAnimationFrame(check);
  };
  check();
})"""
"""The first step of a hint: the card marked ``hint``, no pile yet (null when none came)."""


def ask_hint(game_page: GamePage) -> dict[str, str] | None:
    """Hint pressed twice, as a player asks for a move: first the card alone (the worker's
    answer), then its target; what :data:`HINTED` finds, or null."""
    button = game_page.driver.run(CENTRE, "#hint")
    game_page.driver.drag([button, button])  # a click: press and release in place
    first = game_page.driver.run(CARD_HINTED, HINT_TIMEOUT_MS)
    assert first is not None, f"no hint after {HINT_TIMEOUT_MS} ms"
    assert first["status"].endswith("can go somewhere that keeps the game winnable."), first
    game_page.driver.drag([button, button])
    hinted: dict[str, str] | None = game_page.driver.run(HINTED, HINT_TIMEOUT_MS)
    return hinted


def test_a_hint_comes_from_the_worker_and_is_played(game_page: GamePage) -> None:
    code = DealCode(catalogue(4)[0], 4)
    game = Game.new(code)
    with game_page.step("open a deal that can be won"):
        game_page.open(f"deal={code}", fresh=True)
    with game_page.step("hint from the worker"):
        hinted = ask_hint(game_page)
        assert hinted is not None, f"no target after {HINT_TIMEOUT_MS} ms"
        assert hinted["status"].startswith("Hint: the ")
        position = game.position
        source = next(p for p in position.piles() if hinted["card"] in map(str, position.cards(p)))
        index = [str(card) for card in position.cards(source)].index(hinted["card"])
        move = Move(source, Pile.from_key(hinted["pile"]), position.size(source) - index)
        assert is_legal(game.position, move), f"the hint {move} is not a legal move"
        assert game_page.state()["moves"] == "0"  # a hint costs nothing
    with game_page.step("play the hint"):
        game_page.play(game, [move])


SERVICE_WORKER = """async (timeout) => {
  const late = new Promise((resolve) => setTimeout(() => resolve(null), timeout));
  const registration = await Promise.race([navigator.serviceWorker.ready, late]);
  return registration && {script: registration.active.scriptURL, caches: await caches.keys()};
}"""
CONTROLLER = "() => navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL"
PAGE_SHAPE = """() => ({
  lang: document.documentElement.lang,
  dir: document.documentElement.dir,
  direction: getComputedStyle(document.querySelector("h1")).direction,
  headings: document.querySelectorAll("h1").length,
  stylesheets: [...document.styleSheets].filter((sheet) => sheet.cssRules.length > 0).length,
})"""
"""What a page beside the game shows of its language: the direction its text is laid out in,
one heading, and its two stylesheets loaded (from the service worker's cache offline)."""


def refused(url: str) -> bool:
    host, port = url.split("/")[2].split(":")
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except ConnectionRefusedError:
        return True
    return False


def test_the_service_worker_takes_over_and_an_offline_reload_plays(
    game_page: GamePage, site: Site, winning_line: Solution
) -> None:
    """Both drivers allow it: service workers run in Firefox under puppeteer-core and in
    WebKitGTK's MiniBrowser under WebKitWebDriver. Neither driver can switch the browser
    offline (no network emulation in WebKitWebDriver; puppeteer's offline mode needs
    Chromium's DevTools protocol), so offline is made by stopping the HTTP server process,
    which closes every connection to it: the reload then gets every file from the service
    worker's cache or fails. The solver's worker then starts from that cache and gives a
    hint, and the Hebrew Rules page, precached with the game, opens right to left."""
    game = Game.new(DealCode.parse(CODE))
    with game_page.step("open a game"):
        game_page.open(f"deal={CODE}", fresh=True)
        game_page.play(game, winning_line.moves[:5])
    with game_page.step("service worker installed"):
        worker = game_page.driver.run(SERVICE_WORKER, SW_TIMEOUT_MS)
        assert worker is not None, f"no active service worker after {SW_TIMEOUT_MS} ms"
        assert worker["script"] == site.url + "sw.js"
        assert f"eightoff-{build_once()}" in worker["caches"]  # the cache of this build
    with game_page.step("service worker controls the reloaded page"):
        expect_game(game_page.reload(), game)
        assert game_page.driver.run(CONTROLLER) == site.url + "sw.js"
    try:
        with game_page.step("offline reload"):
            site.stop()
            assert refused(site.url), "the server still answers"
            shown = game_page.reload()
            expect_game(shown, game)
            assert game_page.driver.run(CONTROLLER) == site.url + "sw.js"
        with game_page.step("a hint offline: the worker from the service worker's cache"):
            hinted = ask_hint(game_page)
            assert hinted is not None and hinted["status"].startswith("Hint: the "), hinted
        with game_page.step("Hebrew rules page offline, right to left"):
            game_page.harvest()
            game_page.driver.goto(site.url + "he/rules.html")
            assert game_page.driver.run(PAGE_SHAPE) == {
                "lang": "he",
                "dir": "rtl",
                "direction": "rtl",
                "headings": 1,
                "stylesheets": 2,
            }
    finally:
        site.start()

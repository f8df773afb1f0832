"""Contrast, measured on the page as drawn (issue 21 §3), in the light and the dark theme:
every visible text at least 4.5:1 and every placeholder and control outline at least 3:1
against what is really behind it, the felt's gradient included (axe-core in both themes, in
English and in Hebrew: tests/browser/test_axe.py).

The backgrounds are read from a screenshot taken with every glyph made transparent
(tests/browser/contrast.js): under each text, each of its pixels is a background, and the
worst ratio counts. The text's own colour is the computed one, its alpha and its
ancestors' opacity composited over each pixel."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from eightoff import DealCode, Game
from eightoff.web.links.address import encode_moves
from eightoff.winnable import catalogue
from tests.fcsolve import solution
from tests.players import lost_line

from .helpers import PHONE, open_fresh
from .test_targets import WORKER_MS, finishable

MEASURE = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")
CODE = "EO1-C8-AAAAAFA"
LAPTOP = {"width": 1280, "height": 800}
LANDSCAPE = {"width": 844, "height": 390}
THRESHOLD = {"text": 4.5, "mark": 3.0, "line": 3.0}
"""WCAG 1.4.3 for text (AA, normal size), 1.4.11 for placeholders and control outlines."""
THEMES = ("light", "dark")


def emptied() -> str:
    """The first moves of Freecell Solver's line up to an empty column: the position then
    has empty cells, empty foundations and a foundation with cards, and the K placeholder."""
    game = Game.new(DealCode.parse(CODE))
    moves = []
    for move in solution(CODE).moves:
        game.play(move)
        moves.append(str(move))
        columns = [pile for pile in game.position.piles() if pile.key.startswith("column")]
        if any(not game.position.cards(pile) for pile in columns):
            return ".".join(moves)
    raise AssertionError("no empty column in the line")


def measure(page: Page) -> list[dict[str, Any]]:
    """Every text, placeholder and outline in the viewport with its worst contrast (the
    focus taken away first: its ring is measured by nothing here and would stand beside an
    outline)."""
    page.evaluate("() => document.activeElement?.blur()")
    shown = page.screenshot(animations="disabled")
    page.evaluate(MEASURE, {"hidden": True})
    try:
        png = page.screenshot(animations="disabled")
    finally:
        page.evaluate(MEASURE, {"hidden": False})
    shots = {"png": base64.b64encode(png).decode("ascii"), "shown": base64.b64encode(shown).decode("ascii")}
    found: list[dict[str, Any]] = page.evaluate(MEASURE, shots)
    return found


def too_low(page: Page, measured: str = "") -> list[str]:
    """What is below the contrast asked; ``measured``: a control that must be among what
    was measured."""
    found = measure(page)
    kinds = {item["kind"] for item in found}
    assert "text" in kinds, "nothing measured"
    if measured:
        assert any(item["what"].startswith(measured) for item in found), f"{measured} not measured"
    return [
        f"{item['kind']} {item['what']}: {item['ratio']:.2f}:1"
        for item in found
        if item["ratio"] < THRESHOLD[item["kind"]]
    ]


@contextmanager
def held_back(page: Page) -> Iterator[None]:
    """The game's scripts answer empty for the block's length: the loading screen stays, as
    static/lang.js and the stylesheets drew it, before any Python runs."""
    held = ["**/static/loader.js", "**/static/pyodide-loader.mjs", "**/static/vendor/pyscript-*/core.js"]
    for pattern in held:
        page.route(pattern, lambda route: route.fulfill(body="", content_type="text/javascript"))
    try:
        yield
    finally:
        for pattern in held:
            page.unroute(pattern)


def open_themed(page: Page, site_url: str, theme: str, query: str, viewport: dict[str, int]) -> None:
    open_fresh(page, site_url, query, viewport, theme=theme)
    expect(page.locator("#app")).to_have_attribute("data-deck", "four")


@pytest.mark.same_tab
@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(
    ("viewport", "lang"), [(LAPTOP, "en"), (PHONE, "en"), (PHONE, "he")], ids=["laptop", "phone", "phone-he"]
)
def test_the_board_and_its_dialogs_reach_the_contrast_asked(
    page: Page, site_url: str, theme: str, viewport: dict[str, int], lang: str
) -> None:
    """Both decks, the empty piles' outlines and placeholders, the settings, the keys, the
    statistics and the New Game window (a refused code's message too)."""
    open_themed(page, site_url, theme, f"deal={CODE}&moves={emptied()}&lang={lang}", viewport)
    expect(page.locator('[data-pile="column-2"] [data-card]')).to_have_count(0)
    low = too_low(page)
    page.locator("#settings").click()
    expect(page.locator("#settings-dialog")).to_be_visible()
    low += too_low(page)
    page.locator("#settings-dialog input[name=deck][value=two]").check()
    page.locator("#settings-dialog [data-action=close]").click()  # no focus ring comes back
    expect(page.locator("#app")).to_have_attribute("data-deck", "two")
    expect(page.locator("#settings")).to_be_focused()
    low += too_low(page)
    for opener, dialog in (("#stats-button", "#stats"), ("?", "#help-dialog")):
        if opener == "?":
            page.keyboard.press(opener)
        else:
            page.locator(opener).click()
        expect(page.locator(dialog)).to_be_visible()
        low += too_low(page)
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).not_to_be_visible()
    page.locator("#new-game").click()
    expect(page.locator("#new-game-dialog")).to_be_visible()
    low += too_low(page)  # the code field's example
    page.locator("#code-input").fill("EO1-C8-XX")
    expect(page.locator("#code-message.bad")).not_to_be_empty()
    low += too_low(page)
    assert not low, "\n".join(low)


@pytest.mark.same_tab
@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("viewport", [LAPTOP, PHONE, LANDSCAPE], ids=["laptop", "phone", "landscape"])
def test_finish_and_go_back_stand_out_from_the_felt(
    page: Page, site_url: str, theme: str, viewport: dict[str, int]
) -> None:
    """Issue 36 item 5: Finish and Go back were the felt's own green in the light theme
    (1.01:1): their face, outline and words now reach 3:1 and 4.5:1 against the felt."""
    open_themed(page, site_url, theme, f"{finishable()}&lang=en", viewport)
    expect(page.locator("#finish")).to_be_visible()
    low = too_low(page, "button#finish")
    code = DealCode(catalogue(4)[0], 4)
    lost = encode_moves(tuple(lost_line(code, 0)))
    open_themed(page, site_url, theme, f"deal={code}&moves={lost}", viewport)
    page.keyboard.press("h")
    expect(page.locator("#go-back")).to_be_visible(timeout=WORKER_MS)
    low += too_low(page, "button#go-back")
    assert not low, "\n".join(low)


@pytest.mark.parametrize("theme", THEMES)
def test_the_loading_screen_reaches_the_contrast_asked(page: Page, site_url: str, theme: str) -> None:
    page.emulate_media(color_scheme=theme)
    page.set_viewport_size(PHONE)
    with held_back(page):
        page.goto(site_url + "index.html", wait_until="domcontentloaded")
        expect(page.locator(".loading-title")).not_to_be_empty()
        assert too_low(page) == []


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("name", ["rules", "examples", "faq"])
def test_the_pages_reach_the_contrast_asked(page: Page, site_url: str, theme: str, name: str) -> None:
    page.emulate_media(color_scheme=theme)
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}en/{name}.html")
    expect(page.locator("h1")).to_have_count(1)
    low = []
    for screen in range(3):  # the page's top, and two screens further down
        page.evaluate("top => scrollTo(0, top)", screen * (PHONE["height"] - 80))
        low += too_low(page)
    assert not low, "\n".join(low)

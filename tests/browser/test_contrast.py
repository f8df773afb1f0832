"""Contrast, measured on the page as drawn (issue 21 §3), in the light and the dark theme:
every visible text at least 4.5:1 and every placeholder and control outline at least 3:1
against what is really behind it, the felt's gradient included; axe-core clean in both
themes, in English and in Hebrew.

The backgrounds are read from a screenshot taken with every glyph made transparent
(tests/browser/contrast.js): under each text, each of its pixels is a background, and the
worst ratio counts. The text's own colour is the computed one, its alpha and its
ancestors' opacity composited over each pixel."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from eightoff import DealCode, Game
from tests.fcsolve import solution

from .helpers import PHONE, open_fresh
from .test_axe import violations

MEASURE = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")
CODE = "EO1-C8-AAAAAFA"
LAPTOP = {"width": 1280, "height": 800}
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


def too_low(page: Page) -> list[str]:
    found = measure(page)
    kinds = {item["kind"] for item in found}
    assert "text" in kinds, "nothing measured"
    return [
        f"{item['kind']} {item['what']}: {item['ratio']:.2f}:1"
        for item in found
        if item["ratio"] < THRESHOLD[item["kind"]]
    ]


def open_themed(page: Page, site_url: str, theme: str, query: str, viewport: dict[str, int]) -> None:
    page.emulate_media(color_scheme=theme)
    open_fresh(page, site_url, query, viewport)
    expect(page.locator("#app")).to_have_attribute("data-deck", "four")


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_board_and_its_dialogs_reach_the_contrast_asked(
    page: Page, site_url: str, theme: str, viewport: dict[str, int]
) -> None:
    """Both decks, the empty piles' outlines and placeholders, the settings and the New
    Game window (a refused code's message too)."""
    open_themed(page, site_url, theme, f"deal={CODE}&moves={emptied()}", viewport)
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
    page.locator("#new-game").click()
    page.locator("#code-input").fill("EO1-C8-XX")
    expect(page.locator("#code-message.bad")).not_to_be_empty()
    low += too_low(page)
    assert not low, "\n".join(low)


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("name", ["rules", "examples"])
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


@pytest.mark.parametrize("lang", ["en", "he"])
def test_the_dark_board_dialogs_and_pages_have_no_axe_violation(page: Page, site_url: str, lang: str) -> None:
    """test_axe.py checks the light theme; the same checks in the dark one."""
    open_themed(page, site_url, "dark", f"deal={CODE}&moves={emptied()}&lang={lang}", PHONE)
    assert violations(page) == []
    for opener, dialog in (
        ("#settings", "#settings-dialog"),
        ("#new-game", "#new-game-dialog"),
        ("#stats-button", "#stats"),
    ):
        page.locator(opener).click()
        expect(page.locator(dialog)).to_be_visible()
        assert violations(page) == [], dialog
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).not_to_be_visible()
    for name in ("rules", "examples", "faq"):
        page.goto(f"{site_url}{lang}/{name}.html")
        expect(page.locator("h1")).to_have_count(1)
        assert violations(page) == [], name

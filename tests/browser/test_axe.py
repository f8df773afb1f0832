"""axe-core finds no violation on the board, on every dialog (the win message: in
tests/browser/test_access.py, at the end of the keyboard's won game), and on the Rules, Examples
and FAQ pages in English and Hebrew (issue 11 §4); the board and every dialog in Hebrew too;
the board, the dialogs and the pages in the dark theme as in the light one (issue 21 §3).

axe-core is a pinned npm dev dependency (package.json ``devDependencies``), never shipped
in dist/. It is evaluated into the page through the DevTools protocol (``page.evaluate``):
the page's Content-Security-Policy, rightly, refuses an injected ``<script>`` tag."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from eightoff import DealCode, Game
from tests.fcsolve import solution

from .helpers import DESKTOP, PHONE, ROOT, Player, open_fresh

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
CODE = "EO1-C8-AAAAAFA"


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now: rule id, impact and the first
    elements (for the message)."""
    if not page.evaluate("() => 'axe' in window"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    found: list[dict[str, Any]] = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations.map(v => ({
            id: v.id, impact: v.impact, nodes: v.nodes.length,
            targets: v.nodes.slice(0, 3).map(n => n.target.join(' ')) }))"""
    )
    return found


def test_axe_is_a_pinned_dev_dependency_and_not_shipped(site_url: str) -> None:
    import json

    package = json.loads((ROOT / "package.json").read_text())
    assert package["devDependencies"]["axe-core"].split(".")[0].isdigit()  # an exact version
    assert "axe-core" not in package.get("dependencies", {})
    dist = ROOT / "dist"
    assert not [path for path in dist.rglob("*") if "axe" in path.name.lower()]


@pytest.mark.same_tab
@pytest.mark.parametrize(
    ("viewport", "lang", "theme"),
    [
        (DESKTOP, "en", "light"),
        (PHONE, "en", "light"),
        (PHONE, "he", "light"),
        (PHONE, "en", "dark"),
        (PHONE, "he", "dark"),
    ],
    ids=["desktop", "phone", "phone-he", "phone-dark", "phone-he-dark"],
)
def test_the_board_and_every_dialog_have_no_violation(
    page: Page, site_url: str, viewport: dict[str, int], lang: str, theme: str
) -> None:
    """In English and in Hebrew (right to left: issue 11's last check), light and dark."""
    open_fresh(page, site_url, f"deal={CODE}&lang={lang}", viewport, theme=theme)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert violations(page) == []
    page.locator("#board [tabindex='0']").focus()
    page.keyboard.press("Enter")  # cards picked up, targets lit
    expect(page.locator(".lifted")).not_to_have_count(0)
    assert violations(page) == []
    page.keyboard.press("Escape")
    ids = page.evaluate("() => [...document.querySelectorAll('[id]')].map(node => node.id)")
    assert sorted(ids) == sorted(set(ids)), "an id used twice"
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
    page.keyboard.press("?")
    expect(page.locator("#help-dialog")).to_be_visible()
    assert violations(page) == []
    page.keyboard.press("Escape")
    Player(page).drag("5S", "cell-5")
    expect(page.locator("#moves")).to_have_text("1")
    assert violations(page) == []  # after a move: the names and the live region
    page.locator("#new-game").click()
    page.locator("#random-deal").click()  # over a game in progress: Undo brings it back
    page.locator("#new-game").click()
    expect(page.locator("#back-to-last")).to_be_visible()
    assert violations(page) == []
    page.keyboard.press("Escape")
    page.locator("#stats-button").click()
    page.locator("#reset-stats").click()
    expect(page.locator("#confirm")).to_be_visible()
    assert violations(page) == []


@pytest.mark.same_tab
def test_the_win_message_in_hebrew_has_no_violation(page: Page, site_url: str) -> None:
    """The position one move before the end of Freecell Solver's line, opened by its link."""
    *before, last = solution(CODE).moves
    game = Game.new(DealCode.parse(CODE))
    for move in before:
        game.play(move)
    open_fresh(page, site_url, f"deal={CODE}&moves={'.'.join(map(str, before))}&lang=he", PHONE)
    Player(page).play(game, last)
    expect(page.locator("#win")).to_be_visible()
    assert violations(page) == []


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["en", "he"])
@pytest.mark.parametrize("name", ["rules", "examples", "faq"])
def test_the_pages_have_no_violation(page: Page, site_url: str, lang: str, name: str, theme: str) -> None:
    page.emulate_media(color_scheme=theme)
    page.goto(f"{site_url}{lang}/{name}.html")
    expect(page.locator("h1")).to_have_count(1)
    assert violations(page) == []

"""The table's colours (issue 21 §1, §2): Windows' high contrast (forced colours) keeps the
cards opaque and draws the hint, the picked cards and the lit targets with outlines; the
theme setting (as the device, light, dark) applies at once, is kept with the settings and
is on the loading screen of the next visit before Python runs.

The screenshots of the forced-colours test are written to its tmp_path (forced-*.png)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .helpers import PHONE, open_fresh, open_page
from .test_contrast import CODE, LAPTOP, emptied, held_back

FELT = {"light": "rgb(11, 110, 58)", "dark": "rgb(14, 50, 33)"}
"""--felt in eightoff.css, light and dark: the page's background."""
TRANSPARENT = "rgba(0, 0, 0, 0)"


def assert_outlined(page: Page, *selectors: str) -> None:
    """The first element matching each selector has an outline of 3 px or more."""
    for selector in selectors:
        style, width = page.eval_on_selector(
            selector, "node => [getComputedStyle(node).outlineStyle, getComputedStyle(node).outlineWidth]"
        )
        assert style != "none" and float(width.removesuffix("px")) >= 3, (selector, style, width)


def felt(page: Page) -> str:
    return str(page.evaluate("() => getComputedStyle(document.body).backgroundColor"))


@pytest.mark.same_tab
def test_forced_colours_keep_the_cards_opaque_and_outline_the_marks(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    open_fresh(page, site_url, f"deal={CODE}&moves={emptied()}", LAPTOP)
    page.emulate_media(forced_colors="active")
    try:
        backgrounds = page.eval_on_selector_all(
            ".board .card", "cards => cards.map(card => getComputedStyle(card).backgroundColor)"
        )
        assert len(backgrounds) == 52
        assert TRANSPARENT not in backgrounds and all(not b.endswith(", 0)") for b in backgrounds)
        page.screenshot(path=tmp_path / "forced-board.png")

        page.locator("#hint").click()
        expect(page.locator(".card.hint")).not_to_have_count(0)
        expect(page.locator(".pile.hint-target")).to_have_count(0)  # the card first
        page.locator("#hint").click()
        expect(page.locator(".pile.hint-target")).to_have_count(1)
        assert_outlined(page, ".card.hint", ".pile.hint-target")
        page.screenshot(path=tmp_path / "forced-hint.png")

        page.locator("#board [tabindex='0']").focus()
        page.keyboard.press("Enter")  # the focused card picked up, its places lit
        expect(page.locator(".card.lifted")).not_to_have_count(0)
        expect(page.locator(".pile.target")).not_to_have_count(0)
        assert_outlined(page, ".card.lifted", ".pile.target")
        page.screenshot(path=tmp_path / "forced-picked.png")
    finally:
        page.emulate_media(forced_colors="none")


def test_the_theme_setting_applies_at_once_and_is_kept(page: Page, site_url: str) -> None:
    page.emulate_media(color_scheme="light")
    open_fresh(page, site_url, f"deal={CODE}", PHONE)
    assert felt(page) == FELT["light"]
    page.locator("#settings").click()
    expect(page.locator("input[name=theme][value=auto]")).to_be_checked()
    page.locator("input[name=theme][value=dark]").check()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert felt(page) == FELT["dark"]  # at once, the dialog still open
    assert (
        page.evaluate("() => getComputedStyle(document.querySelector('#settings-dialog')).colorScheme")
        == "dark"
    )
    page.keyboard.press("Escape")

    # The next visit: the loading screen is dark before any Python runs (the game's
    # scripts are held back here, so only static/lang.js and the stylesheets act).
    with held_back(page):
        page.goto(site_url + "index.html", wait_until="domcontentloaded")
        expect(page.locator("#loading")).to_be_visible()
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
        loading = "() => getComputedStyle(document.querySelector('#loading')).backgroundColor"
        assert page.evaluate(loading) == FELT["dark"]

    open_page(page, site_url)
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.locator("#settings").click()
    expect(page.locator("input[name=theme][value=dark]")).to_be_checked()
    page.locator("input[name=theme][value=auto]").check()  # back to the device's: light here
    expect(page.locator("html")).not_to_have_attribute("data-theme", "dark")
    assert felt(page) == FELT["light"]
    page.emulate_media(color_scheme="dark")  # the device turns dark: the table follows
    assert felt(page) == FELT["dark"]
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('eightoff:v1:state')).settings")
    assert "theme" not in stored  # "auto" is not written

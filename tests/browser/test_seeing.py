"""Seeing and zoom (issue 11 §3): a 320 px wide window and 200 % zoom (a 1280 × 720 screen
at 200 % is a 640 × 360 CSS-pixel window) cut nothing off and keep every control within
reach; in forced-colours mode the focus ring and the lit targets stay drawn."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import open_fresh

CODE = "EO1-C8-AAAAAFA"
OUTSIDE = """() => [...document.querySelectorAll('.tool, [data-pile], [data-card]')].filter(e => {
    const r = e.getBoundingClientRect();
    const page = document.scrollingElement;
    return r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > page.scrollHeight + 0.5;
}).map(e => { const r = e.getBoundingClientRect();
    return `${e.id || e.dataset.pile || e.dataset.card} ${r.left} ${r.top} ${r.right} ${r.bottom}`; })"""
"""The controls, piles and cards drawn (partly) outside the page (the window, or the
page's scrolled height when even the smallest cards cannot fit the window)."""


@pytest.mark.same_tab
@pytest.mark.parametrize(
    "viewport",
    [{"width": 320, "height": 568}, {"width": 640, "height": 360}, {"width": 960, "height": 540}],
    ids=["320px", "200%-of-1280x720", "200%-of-1920x1080"],
)
def test_nothing_is_cut_off(page: Page, site_url: str, viewport: dict[str, int]) -> None:
    open_fresh(page, site_url, f"deal={CODE}", viewport)
    assert page.evaluate(OUTSIDE) == []
    # no sideways scrolling
    assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
    for button in ("#undo", "#redo", "#new-game", "#copy-link", "#settings"):
        expect(page.locator(button)).to_be_in_viewport()
    page.locator("#settings").click()
    expect(page.locator("#tap-to-select")).to_be_in_viewport()
    expect(page.locator("#settings-dialog [data-action=close]")).to_be_in_viewport()


def test_forced_colours_keep_the_focus_and_the_targets_drawn(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}")
    page.emulate_media(forced_colors="active", reduced_motion="reduce")
    page.locator("#board [tabindex='0']").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowDown")  # a key: the ring is :focus-visible
    ring = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, s.outlineWidth]; }"
    )
    assert ring == ["solid", "4px"]
    page.keyboard.press("Enter")
    lit = page.evaluate(
        """() => [...document.querySelectorAll('.pile.target')].map(p => getComputedStyle(p).outlineStyle)"""
    )
    assert lit and set(lit) == {"dashed"}

"""Our own start in pieces (eightoff/web/app.py, ``App.pieces``; docs/performance.md, "Our
own start"): static/main.py awaits ``start_in_pieces``, whose pieces are tasks of their own.
The windows are built one a task after the listeners are bound, before ``<html
data-ready>``; one wanted before (a key pressed between the pieces) is built when it is
wanted and opens as it always does."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .helpers import open_fresh

KEY_BETWEEN_PIECES = """
new MutationObserver((_, observer) => {
  if (!document.getElementById("how-to")) return;
  observer.disconnect();
  window.__atKey = [document.querySelectorAll("dialog").length,
                    document.documentElement.hasAttribute("data-ready")];
  document.body.dispatchEvent(new KeyboardEvent("keydown", {key: "?", bubbles: true}));
}).observe(document, {childList: true, subtree: true});
"""
"""A first visit's how-to card comes with the piece that binds the listeners; right after
that task (a mutation observer's microtask), "?" is pressed."""


def test_a_window_wanted_before_the_windows_are_built_opens_at_once(page: Page, site_url: str) -> None:
    page.add_init_script(KEY_BETWEEN_PIECES)
    open_fresh(page, site_url)
    assert page.evaluate("window.__atKey") == [0, False]  # no window built yet, not ready
    expect(page.locator("#help-dialog")).to_be_visible()
    expect(page.locator("#help-dialog-title")).to_be_focused()
    expect(page.locator("dialog")).to_have_count(7)  # the others built after it, one a task
    expect(page.locator("#how-to")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)

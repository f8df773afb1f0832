"""Sound and vibration (issue 37 item 5) in Chromium: both off until turned on in the
Settings window; then a card placed is one oscillator started on the page's real
``AudioContext`` (a subclass that records each oscillator started, so the Web Audio calls
the page makes run as they are) and one ``navigator.vibrate`` of 10 ms; with the page
hidden, nothing. The recorders are put in after the page is open (a tab kept booted runs no
init script again), before the first sound makes the page's one context."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .helpers import expect_numbers, open_fresh

RECORD = """() => {
  const heard = window.__cues = {started: [], vibrated: []};
  window.AudioContext = class extends AudioContext {
    createOscillator() {
      const oscillator = super.createOscillator();
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (at) => { start(at); heard.started.push(oscillator.frequency.value); };
      return oscillator;
    }
  };
  navigator.vibrate = (pattern) => { heard.vibrated.push(Array.from(pattern)); return true; };
}"""
"""Record the oscillators started (their frequencies) and the vibrations asked."""

HIDDEN = """() => {
  Object.defineProperty(document, 'hidden', {get: () => true, configurable: true});
  Object.defineProperty(document, 'visibilityState', {get: () => 'hidden', configurable: true});
}"""


def heard(page: Page) -> Any:
    return page.evaluate("() => window.__cues")


def test_a_card_placed_is_heard_and_felt_once_turned_on_and_never_while_hidden(
    page: Page, site_url: str
) -> None:
    open_fresh(page, site_url, "deal=EO1-C8-AAAAAFA")
    page.evaluate(RECORD)
    board = page.locator("#board")
    board.focus()
    page.keyboard.press("Digit1")
    page.keyboard.press("Shift+Digit5")  # the 5 of spades to cell 5
    expect_numbers(page, 0, 1)
    assert heard(page) == {"started": [], "vibrated": []}  # both off until turned on
    page.locator("#settings").click()
    for name in ("sound", "haptics"):
        switch = page.locator(f"#{name}")
        expect(switch).not_to_be_checked()
        switch.focus()
        page.keyboard.press("Space")  # reachable and ticked by the keyboard
        expect(switch).to_be_checked()
    page.keyboard.press("Escape")
    expect(page.locator("#settings-dialog")).not_to_be_visible()
    board.focus()
    page.keyboard.press("Digit1")
    page.keyboard.press("Shift+Digit6")  # the 6 of spades to cell 6
    expect_numbers(page, 0, 2)
    assert heard(page) == {"started": [1200], "vibrated": [[10]]}
    page.evaluate(HIDDEN)
    page.keyboard.press("Digit2")
    page.keyboard.press("Shift+Digit7")  # the 5 of hearts to cell 7, the page hidden
    expect_numbers(page, 0, 3)
    assert heard(page) == {"started": [1200], "vibrated": [[10]]}

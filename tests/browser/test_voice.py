"""Screen reader and voice control in Chromium (issue 21 §6), and the first visit's
how-to-play (§11):

- every control the player sees is named by the words it shows, first (WCAG 2.5.3, so that
  voice control's "click Hint" finds it): the bar, the how-to and each window, in English
  and Hebrew, names computed by Chromium's accessibility tree (DevTools protocol);
- the score and the move count are labelled figures, not live regions; a held card is a
  pressed button named "held", the piles it may go to say they can take it;
- each window opens focused on its first control or its heading, scrolled to its top;
- the how-to shows on a first visit without the focus or the pointer, goes at the first
  move or at "Got it" for good, comes back from the keys' window, and axe-core finds
  nothing in it, in English and Hebrew.

The unit tests of the same decisions: tests/web/view/test_page.py, test_board.py,
test_dialogs.py, test_speech.py."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from eightoff.web.facts import HOW_TO_KEY

from .helpers import PHONE, Player, each_window, open_fresh
from .test_axe import violations

pytestmark = pytest.mark.same_tab  # a fresh game each, in one booted tab (conftest.py)

CODE = "EO1-C8-AAAAAFA"
SEEN = {HOW_TO_KEY: "seen"}

PROBE = """(scope) => {
  const root = scope ? document.querySelector(scope) : document;
  const CONTROLS = 'button, a[href], input:not([type=hidden]), select, [role=button]';
  const seen = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const words = (el) => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('[aria-hidden=true], input, select').forEach((n) => n.remove());
    return copy.textContent;
  };
  document.querySelectorAll('[data-probe]').forEach((el) => el.removeAttribute('data-probe'));
  const found = [];
  for (const el of root.querySelectorAll(CONTROLS)) {
    if (!seen(el) || el.closest('#board') || (!scope && el.closest('dialog'))) continue;
    const input = el.matches('input, select');
    const text = (input ? [...(el.labels || [])].map(words).join(' ') : words(el))
      .replace(/\\s+/g, ' ').trim();
    if (!/\\p{L}/u.test(text)) continue;  // an icon alone (the replay's buttons): no words shown
    el.setAttribute('data-probe', String(found.length));
    found.push({probe: found.length, id: el.id || el.dataset.action || el.value || '', text});
  }
  return found;
}"""
"""Marks each visible control with words of its own (outside the board, whose cards show
only their corner, ``5♠``) and returns what it shows: a button's or link's text, a
field's label."""


def names(page: Page, scope: str = "") -> list[dict[str, Any]]:
    """Every control of ``scope`` (a window, or the page outside the windows) with the
    words it shows and the accessible name Chromium computes for it (two DevTools calls:
    the document, to find the marked elements, and the accessibility tree)."""
    controls: list[dict[str, Any]] = page.evaluate(PROBE, scope or None)
    cdp = page.context.new_cdp_session(page)
    try:
        probes: dict[int, str] = {}
        stack = [cdp.send("DOM.getDocument", {"depth": -1})["root"]]
        while stack:
            node = stack.pop()
            attributes = node.get("attributes", [])
            marks = dict(zip(attributes[::2], attributes[1::2], strict=True))
            if "data-probe" in marks:
                probes[node["backendNodeId"]] = marks["data-probe"]
            stack += node.get("children", [])
        named = {
            probes[ax["backendDOMNodeId"]]: ax.get("name", {}).get("value", "")
            for ax in cdp.send("Accessibility.getFullAXTree")["nodes"]
            if ax.get("backendDOMNodeId") in probes
        }
    finally:
        cdp.detach()
    for control in controls:
        control["name"] = named.get(str(control["probe"]), "")
    return controls


def misnamed(controls: list[dict[str, Any]]) -> list[str]:
    def plain(text: str) -> str:
        return " ".join(text.split()).casefold()

    return [
        f"{c['id']}: shows «{c['text']}», named «{c['name']}»"
        for c in controls
        if not plain(c["name"]).startswith(plain(c["text"]))
    ]


@pytest.mark.parametrize("lang", ["en", "he"])
def test_every_control_is_named_first_by_the_words_it_shows(page: Page, site_url: str, lang: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}&lang={lang}")
    expect(page.locator("#how-to")).to_be_visible()
    bar = names(page)
    assert {"hint", "stats-button", "how-to-close"} <= {c["id"] for c in bar}
    found = misnamed(bar)
    for dialog in each_window(page):
        found += misnamed(names(page, dialog))
    assert not found, "\n".join(found)


def test_figures_are_labelled_and_held_cards_and_targets_say_their_state(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}", stored=SEEN)
    figures = page.evaluate(
        """() => ['score', 'moves'].map((id) => { const el = document.getElementById(id);
             return [el.tagName, el.closest('dl').querySelector('dt').textContent,
                     el.closest('[aria-live], [role=status], output') !== null]; })"""
    )
    assert figures == [["DD", "Score", False], ["DD", "Moves", False]]
    five, cell = page.locator('[data-card="5S"]'), page.locator('[data-pile="cell-5"]')
    page.locator("#board [tabindex='0']").focus()
    page.keyboard.press("Enter")  # 5♠ picked up: cells 5 to 8 lit
    expect(five).to_have_attribute("aria-pressed", "true")
    expect(five).to_have_accessible_name("5 of spades, held")
    expect(cell).to_have_accessible_name("Cell 5, empty; can take the card")
    expect(page.locator('[data-card="6S"]')).not_to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")  # put back
    expect(five).not_to_have_attribute("aria-pressed", "true")
    expect(five).to_have_accessible_name("5 of spades, can move")
    expect(cell).to_have_accessible_name("Cell 5, empty")


FOCUS = """(dialog) => {
  const box = document.querySelector(dialog), active = document.activeElement;
  const first = [...box.querySelectorAll('button, input, select, a[href], label[for]')]
    .find((el) => el.getClientRects().length > 0 && !el.disabled);
  return {inside: box.contains(active), heading: active.tagName === 'H2',
          first: active === first || (first?.tagName === 'LABEL' && active === first.control),
          top: box.scrollTop, scrolls: box.scrollHeight > box.clientHeight};
}"""


def test_each_window_opens_focused_on_its_first_control_or_heading_at_its_top(
    page: Page, site_url: str
) -> None:
    """On a phone, where the Statistics window is taller than the screen."""
    open_fresh(page, site_url, f"deal={CODE}&moves=1e", PHONE)
    scrolled = False
    for opener, dialog, heading in (
        ("#stats-button", "#stats", True),
        ("#settings", "#settings-dialog", False),
        ("#new-game", "#new-game-dialog", False),
        ("?", "#help-dialog", True),
        ("#reset-stats", "#confirm", False),  # the question, from the Statistics window
    ):
        if opener == "?":
            page.keyboard.press("?")
        else:
            if opener == "#reset-stats":
                page.locator("#stats-button").click()
            page.locator(opener).click()
        expect(page.locator(dialog)).to_be_visible()
        shown = page.evaluate(FOCUS, dialog)
        assert shown["inside"] and shown["top"] == 0, (dialog, shown)
        assert shown["heading"] if heading else shown["first"], (dialog, shown)
        scrolled |= shown["scrolls"]
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).not_to_be_visible()
    assert scrolled  # one window at least is taller than the phone: its top is what shows


def test_a_first_visit_shows_the_how_to_beside_a_playable_deal_until_the_first_move(
    page: Page, site_url: str
) -> None:
    open_fresh(page, site_url, f"deal={CODE}")
    how_to = page.locator("#how-to")
    expect(how_to).to_be_visible()
    expect(how_to.locator("li")).to_have_count(5)
    assert page.evaluate("() => document.activeElement.closest('#how-to') === null")
    assert page.evaluate("() => getComputedStyle(document.querySelector('#how-to')).pointerEvents") == "none"
    Player(page).drag("5S", "cell-5")  # the deal plays at once
    expect(page.locator("#moves")).to_have_text("1")
    expect(how_to).to_be_hidden()
    assert page.evaluate(f"() => localStorage.getItem('{HOW_TO_KEY}')") == "seen"
    open_fresh(page, site_url, f"deal={CODE}", stored={HOW_TO_KEY: "{not json"})
    expect(page.locator("#board")).to_be_visible()
    expect(how_to).to_be_hidden()  # any value stored: seen


@pytest.mark.parametrize("lang", ["en", "he"])
def test_got_it_dismisses_the_how_to_the_keys_bring_it_back_and_axe_finds_nothing(
    page: Page, site_url: str, lang: str
) -> None:
    open_fresh(page, site_url, f"deal={CODE}&lang={lang}", PHONE)
    how_to = page.locator("#how-to")
    expect(how_to).to_be_visible()
    assert violations(page) == []
    page.locator("#how-to-close").click()
    expect(how_to).to_be_hidden()
    assert page.evaluate(f"() => localStorage.getItem('{HOW_TO_KEY}')") == "seen"
    page.keyboard.press("?")
    page.locator("#how-to-open").click()
    expect(page.locator("#help-dialog")).not_to_be_visible()
    expect(how_to).to_be_visible()
    expect(page.locator("#how-to-title")).to_be_focused()
    assert violations(page) == []
    page.keyboard.press("Tab")
    expect(page.locator("#how-to-close")).to_be_focused()
    page.keyboard.press("Enter")
    expect(how_to).to_be_hidden()
    expect(page.locator("#board [tabindex='0']")).to_be_focused()  # the focus back on the board

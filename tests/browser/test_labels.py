"""No two controls of one screen share a label, in any language (issue 23): the bar (with
the replay's toolbar and the page links) and each dialog over it. Two labels clash when
they are the same words, or when both are one word and one is the start of the other
(Indonesian "Batal" and "Batalkan", Ukrainian "Повтор" and "Повторити" read as one word).
Two buttons with the same effect are one control (:data:`SAME_ACTION`).

The labels are read from the page itself, in each language chosen in the settings; the
replay's speeds there show the language's decimal sign, written by the browser's ``Intl``
through Python and equal to what Babel writes from the same CLDR data."""

from __future__ import annotations

from itertools import combinations

from playwright.sync_api import Page, expect

from eightoff.web.words import i18n

from .helpers import open_fresh
from .test_languages import words

SCREENS = """() => {
  const label = (el) => {
    const shown = el.querySelector(":scope > .label");
    const text = shown ? shown.textContent
      : el.getAttribute("aria-label") || (el.labels && el.labels[0] ? el.labels[0].textContent : "")
        || el.textContent;
    return text.trim().replace(/\\s+/g, " ");
  };
  const CONTROLS = "button, a[href], select, input:not([type=hidden]), [role=toolbar]";
  const bar = [...document.querySelectorAll(CONTROLS)]
    .filter((el) => !el.closest("dialog") && !el.closest("#board"))
    .map((el) => ({ id: el.id || el.dataset.action || el.getAttribute("href") || "", label: label(el) }));
  const screens = { bar };
  for (const dialog of document.querySelectorAll("dialog")) {
    const own = [...dialog.querySelectorAll(CONTROLS)]
      .filter((el) => !(el.type === "radio" || el.type === "checkbox") || el.labels.length)
      .map((el) => ({ id: el.id || el.dataset.action || el.value || "", label: label(el) }));
    screens[dialog.id] = [...bar, ...own];
  }
  return screens;
}"""


def clash(one: str, other: str) -> bool:
    a, b = one.casefold(), other.casefold()
    if a == b:
        return True
    if " " in a or " " in b:
        return False
    return a.startswith(b) or b.startswith(a)


SAME_ACTION = ({"new-game", "win-new"},)
"""Controls that do the same thing (both open the New Game window): one control twice."""


def clashes(screens: dict[str, list[dict[str, str]]]) -> list[str]:
    found = []
    for screen, controls in screens.items():
        named = [c for c in controls if c["label"]]
        for first, second in combinations(named, 2):
            if {first["id"], second["id"]} in SAME_ACTION:
                continue
            if clash(first["label"], second["label"]):
                found.append(
                    f"{screen}: {first['id']} «{first['label']}» and {second['id']} «{second['label']}»"
                )
    return found


def test_the_clash_rule() -> None:
    assert clash("ביטול", "ביטול")
    assert clash("Batal", "Batalkan") and clash("Повтор", "Повторити")
    assert not clash("Batal", "Batalkan langkah")
    assert not clash("Play", "Play from here")


def test_no_two_controls_of_a_screen_share_a_label(page: Page, site_url: str) -> None:
    open_fresh(page, site_url)
    found = []
    for lang in i18n.LANGUAGES:
        page.locator("#settings").click()
        page.locator("select#language").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.keyboard.press("Escape")
        # numbers the language's way, by the browser's Intl through Python (0,5 in uk ca id nl)
        expect(page.locator("#replay-speed option").first).to_have_text(
            words(lang, lambda: i18n.gettext("{speed}× speed", speed=0.5))
        )
        screens = page.evaluate(SCREENS)
        assert len(screens) > 4 and len(screens["bar"]) > 8
        found += [f"{lang}: {problem}" for problem in clashes(screens)]
    assert not found, "\n".join(found)

"""Every tap counts (issue 36, items 2, 5, 6, 8 and 9's focus ring and forced colours),
measured in Chromium at the seven window sizes of tests/browser/test_fit.py and at the
review's phone both ways (390×844, 844×390):

- every control is a 44 × 44 CSS px target: the bar's buttons, the links to the pages,
  "Got it", Finish and Go back, every window's buttons, fields and choices (a radio's or a
  box's whole label);
- a covered card shows a 44-px strip where its column has the room (the deal's columns on
  a phone upright) and otherwise the strip eightoff/web/board/layout.py gives it, the same
  all down the column and never less than its corner (the deal's columns on a phone on its
  side: the rule that applies there, issue 36's note);
- Finish, Go back, the how-to, the bar's buttons and the links never cover a card, a pile
  or the status line, and the status line covers none of them;
- the bar keeps its lines in every language at 360 px, and nothing moves when a figure
  grows a digit; the buttons beside the columns of a phone on its side show their words;
- every window fits a 360-px window in every language;
- forced colours keep the eight cells on a phone and the status line's box; the focus ring
  is neither the lit targets' yellow nor the hint's cyan.

Contrast (Finish and Go back against the felt) is measured in test_contrast.py."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from eightoff import DealCode, Game
from eightoff.solver import solve
from eightoff.web.board.layout import TARGET, board_layout
from eightoff.web.facts import HOW_TO_KEY
from eightoff.web.links.address import encode_moves
from eightoff.web.words import i18n
from eightoff.winnable import catalogue
from tests.players import lost_line

from .helpers import Player, dealt, each_window, expect_board, expect_carried, open_fresh, restart
from .test_fit import DEAL, FITTED, LONG
from .test_fit import SIZES as SEVEN

pytestmark = pytest.mark.same_tab  # a fresh game each, in one booted tab (conftest.py)

PHONES = ((390, 844), (844, 390))
"""The review's phone, upright and on its side."""
SIZES = (*SEVEN, *PHONES)
SEEN = {HOW_TO_KEY: "seen"}
WORKER_MS = 60_000
"""The coach's first answer waits for the solver's worker to load Pyodide."""

SURVEY = """() => {
  const rect = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const name = (el) => el.id || el.dataset.action || el.getAttribute('href') || el.getAttribute('for')
    || el.className || el.tagName;
  const modal = document.querySelector('dialog:modal');
  const shown = (el) => el.checkVisibility({visibilityProperty: true})
    && !el.closest('.visually-hidden') && el.getClientRects().length > 0;
  const CONTROLS = 'button, a[href], select, input:not([type=hidden])';
  const controls = [];
  for (const el of document.querySelectorAll(CONTROLS)) {
    if (el.closest('#board') || (modal ? !modal.contains(el) : el.closest('dialog'))) continue;
    // a radio or a box is chosen through its label: the label is the target
    const target = el.matches('[type=radio], [type=checkbox]') ? el.closest('label') || el
      : el.matches('input[type=file]') && el.labels.length ? el.labels[0] : el;
    if (!shown(target)) continue;
    controls.push({what: name(el), ...rect(target)});
  }
  const columns = [...document.querySelectorAll('.column')].map(
    (c) => [...c.querySelectorAll(':scope > [data-card]')].map(rect));
  const cards = [...document.querySelectorAll('#board [data-card]')].map(
    (c) => ({what: c.dataset.card, ...rect(c)}));
  const piles = [...document.querySelectorAll('#board [data-pile]')].map(
    (p) => ({what: p.dataset.pile, ...rect(p)}));
  const one = (selector) => { const el = document.querySelector(selector);
    return el && shown(el) ? {what: selector, ...rect(el)} : null; };
  const status = document.getElementById('status'), board = document.getElementById('board');
  const page = document.scrollingElement;
  return {
    controls, columns, cards, piles,
    status: status.textContent ? {what: '#status', ...rect(status)} : null,
    finish: one('#finish'), goBack: one('#go-back'), howTo: one('#how-to'),
    tools: [...document.querySelectorAll('.tools .tool')].map((t) => ({what: t.id, ...rect(t)})),
    links: [...document.querySelectorAll('.guide a')].map((a) => ({what: a.dataset.page, ...rect(a)})),
    board: {w: board.clientWidth, h: board.clientHeight},
    side: parseFloat(getComputedStyle(document.getElementById('app')).getPropertyValue('--side')) || 0,
    scroll: [page.scrollWidth, page.scrollHeight],
  };
}"""
"""Where everything is: the controls outside the windows (or in the window open), each
column's cards, every card and pile, the status line (when it says something), Finish,
Go back, the how-to, the bar's buttons, the links to the pages, the board's box and the
room the stylesheet asks beside the columns."""


def at(page: Page, size: tuple[int, int]) -> dict[str, Any]:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate(FITTED)
    found: dict[str, Any] = page.evaluate(SURVEY)
    return found


def small(items: list[dict[str, Any]], least: float = TARGET) -> list[str]:
    """The items smaller than ``least`` either way."""
    return [
        f"{item['what']} {item['w']:.1f}×{item['h']:.1f}"
        for item in items
        if item["w"] < least - 0.01 or item["h"] < least - 0.01
    ]


def overlap(one: dict[str, Any], other: dict[str, Any]) -> float:
    """The area two rectangles share (CSS px²)."""
    width = min(one["x"] + one["w"], other["x"] + other["w"]) - max(one["x"], other["x"])
    height = min(one["y"] + one["h"], other["y"] + other["h"]) - max(one["y"], other["y"])
    return max(0.0, width) * max(0.0, height)


def covered(over: list[dict[str, Any] | None], under: list[dict[str, Any] | None]) -> list[str]:
    """Each pair of ``over`` and ``under`` that share more than half a pixel's area."""
    return [f"{a['what']} over {b['what']}" for a in over if a for b in under if b and overlap(a, b) > 0.5]


def strips(found: dict[str, Any], cells: int = 8) -> Iterator[tuple[int, float, float, float]]:
    """Each column's length, its covered cards' strip heights, the card width, and the strip
    the layout gives a column that long in this box."""
    box = board_layout(found["board"]["w"], found["board"]["h"], cells, longest(found), found["side"])
    for cards in found["columns"]:
        for card, below in pairwise(cards):
            yield len(cards), below["y"] - card["y"], card["w"], box.fan(len(cards))


def longest(found: dict[str, Any]) -> int:
    return max(len(cards) for cards in found["columns"])


# -- item 2: targets -----------------------------------------------------------------------


def test_every_control_and_covered_card_is_a_touch_target(page: Page, site_url: str) -> None:
    """At the deal (the first visit: the how-to and its "Got it" shown) and with a 15-card
    column, at nine sizes: the controls are 44 × 44; each covered card's strip is the
    layout's, 44 px wherever the column has that room, evenly tighter only where it has
    not (never under the corner's height); on the review's phone upright every card of
    the deal, covered or not, is a 44 × 44 target."""
    problems: list[str] = []
    for query, how_to in ((f"deal={DEAL}", True), (LONG, False)):
        open_fresh(page, site_url, query, {"width": 1280, "height": 800}, stored=None if how_to else SEEN)
        if how_to:
            expect(page.locator("#how-to")).to_be_visible()
        for size in SIZES:
            found = at(page, size)
            problems += [f"{size}: {item}" for item in small(found["controls"])]
            if how_to:
                assert "how-to-close" in {c["what"] for c in found["controls"]}, size
            box = board_layout(found["board"]["w"], found["board"]["h"], 8, longest(found), found["side"])
            for length, strip, _width, fan in strips(found):
                if abs(strip - fan) > 0.6 or fan < box.fan_min:
                    problems.append(f"{size}: a column of {length}: strip {strip:.1f}, not {fan}")
                room = box.card_h + (length - 1) * TARGET <= box.column_h
                if room and strip < TARGET - 0.6:
                    problems.append(f"{size}: a column of {length} has room for 44-px strips: {strip:.1f}")
            if how_to and size == (390, 844):
                every = [
                    {"what": f"strip {length}", "w": width, "h": strip}
                    for length, strip, width, _fan in strips(found)
                ]
                problems += [f"{size}: {item}" for item in small(every + found["cards"])]
    assert not problems, "\n".join(problems)


def test_the_windows_controls_are_touch_targets(page: Page, site_url: str) -> None:
    """Settings, New Game, Statistics and the keys, on the review's phone both ways and
    at 360 × 640: every button, field and choice 44 × 44."""
    open_fresh(page, site_url, f"deal={DEAL}", stored=SEEN)
    problems: list[str] = []
    for size in (*PHONES, (360, 640)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for dialog in each_window(page):
            found = page.evaluate(SURVEY)
            assert len(found["controls"]) >= 2, dialog
            problems += [f"{size} {dialog}: {item}" for item in small(found["controls"])]
    assert not problems, "\n".join(problems)


# -- item 5: buttons in their place ---------------------------------------------------------


def finishable() -> str:
    """A position 16 foundation moves from the end of the solver's line: Finish offered."""
    code = DealCode.parse("EO1-C8-XDJVQE7")
    line = solve(code.deal()).moves[:-16]
    game = Game.new(code)
    for move in line:
        game.play(move)
    assert game.finish() is not None
    return f"deal={code}&moves={encode_moves(tuple(line))}"


def in_the_way(found: dict[str, Any], button: str) -> list[str]:
    """What ``button`` (Finish or Go back) covers, what covers the status line, and what
    the bar's buttons and the links cover."""
    shown = found[button]
    assert shown is not None, f"{button} not shown"
    return (
        covered(
            [shown], [found["status"], *found["cards"], *found["piles"], *found["tools"], *found["links"]]
        )
        + covered([*found["tools"], *found["links"]], [found["status"], *found["cards"], *found["piles"]])
        + covered([found["status"]], [*found["tools"], *found["links"], shown])
    )


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_finish_covers_no_card_no_pile_and_not_the_status_line(page: Page, site_url: str, theme: str) -> None:
    open_fresh(page, site_url, finishable(), {"width": 1280, "height": 800}, stored=SEEN, theme=theme)
    expect(page.locator("#finish")).to_be_visible()
    page.keyboard.press("Control+y")  # nothing to redo: said in the status line
    expect(page.locator("#status")).not_to_be_empty()
    problems = []
    for size in SIZES:
        found = at(page, size)
        problems += [f"{size}: {problem}" for problem in in_the_way(found, "finish")]
        problems += [f"{size}: {item}" for item in small([found["finish"]])]
    assert not problems, "\n".join(problems)


def test_go_back_covers_no_card_no_pile_and_not_the_coachs_message(page: Page, site_url: str) -> None:
    code = DealCode(catalogue(4)[0], 4)
    open_fresh(page, site_url, f"deal={code}&moves={encode_moves(tuple(lost_line(code, 0)))}", stored=SEEN)
    page.keyboard.press("h")
    expect(page.locator("#go-back")).to_be_visible(timeout=WORKER_MS)
    expect(page.locator("#status")).to_contain_text("could still be won")
    problems = []
    for size in SIZES:
        found = at(page, size)
        problems += [f"{size}: {problem}" for problem in in_the_way(found, "goBack")]
        problems += [f"{size}: {item}" for item in small([found["goBack"]])]
    assert not problems, "\n".join(problems)


HOW_TO_FITS = """() => { const card = document.getElementById('how-to');
  return card.scrollHeight <= card.clientHeight + 1 && card.scrollWidth <= card.clientWidth + 1; }"""
"""The how-to's words and button all fit its card (nothing cut off)."""


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_first_visits_how_to_covers_no_card_and_fits(page: Page, site_url: str, lang: str) -> None:
    """A first visit's deal of 8, 4 and 2 cells at the nine sizes: the how-to covers no
    card and not the status line (a refused tap's reason shown), and shows all its
    words."""
    problems = []
    for code in ("EO1-C8-X54MCOG", "EO1-C4-KX2Q5RA", "EO1-C2-AAAAAAB"):
        open_fresh(page, site_url, f"deal={code}&lang={lang}", {"width": 1280, "height": 800})
        expect(page.locator("#how-to")).to_be_visible()
        page.keyboard.press("Control+y")  # nothing to redo: said in the status line
        expect(page.locator("#status")).not_to_be_empty()
        for size in SIZES:
            found = at(page, size)
            problems += [f"{code} {size}: {p}" for p in covered([found["howTo"]], found["cards"])]
            problems += [f"{code} {size}: {p}" for p in covered([found["howTo"]], [found["status"]])]
            if not page.evaluate(HOW_TO_FITS):
                problems.append(f"{code} {size}: the how-to's words do not fit")
    assert not problems, "\n".join(problems)


# -- item 6: a steady board ------------------------------------------------------------------


LABELS = """() => [...document.querySelectorAll('.tools .tool')].map((button) => {
  const label = button.querySelector('.label'), b = button.getBoundingClientRect();
  const r = label.getBoundingClientRect();
  const inside = r.width > 0 && r.left >= b.left - 0.5 && r.right <= b.right + 0.5
    && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
  return {what: button.id, text: label.textContent, inside,
          icon: button.querySelector('.icon').innerHTML}; })"""
"""Each of the bar's buttons: its word, whether the word is inside the button, its icon."""


STEADY = """() => { const top = (el) => el.getBoundingClientRect().top;
  const stats = [...document.querySelectorAll('.info > .stat:not([hidden])')];
  return {board: top(document.getElementById('board')),
          bar: document.querySelector('.bar').getBoundingClientRect().height,
          lines: new Set(stats.map((s) => Math.round(top(s)))).size,
          tools: [...document.querySelectorAll('.tools .tool')].map(
            (t) => { const r = t.getBoundingClientRect();
              return [r.left, r.top, r.width, r.height].map(Math.round); }),
          scroll: document.scrollingElement.scrollWidth}; }"""
GROW = """() => { document.getElementById('score').textContent = '1000';
  document.getElementById('moves').textContent = '1000';
  document.getElementById('clock').textContent = '1:02:05'; }"""
"""The widest figures a game may show: four-digit score and move count, an hour's time."""


def test_the_bar_keeps_its_lines_and_the_board_its_place_in_every_language(page: Page, site_url: str) -> None:
    """At 360 px (and the other phone sizes) in the six languages: the figures on one line,
    each button's word inside it, the bar as high as in English, the board where it is in
    English; and nothing moves when the figures grow to their widest (it jumped 21 px when
    the score reached 100)."""
    sizes = ((360, 640), (320, 568), (390, 844), (640, 360), (844, 390))
    english: dict[tuple[int, int], dict[str, Any]] = {}
    problems = []
    for lang in i18n.LANGUAGES:
        open_fresh(page, site_url, f"deal={DEAL}&lang={lang}", {"width": 360, "height": 640}, stored=SEEN)
        for size in sizes:
            at(page, size)
            steady = page.evaluate(STEADY)
            if steady["lines"] != 1:
                problems.append(f"{lang} {size}: the figures take {steady['lines']} lines")
            if steady["scroll"] > size[0]:
                problems.append(f"{lang} {size}: the page is {steady['scroll']} px wide")
            labels = page.evaluate(LABELS)
            problems += [f"{lang} {size}: {b['what']} «{b['text']}» cut" for b in labels if not b["inside"]]
            first = english.setdefault(size, steady)
            if (steady["bar"], steady["board"]) != (first["bar"], first["board"]):
                problems.append(
                    f"{lang} {size}: bar {steady['bar']}, board at {steady['board']} (en: {first})"
                )
            page.evaluate(GROW)
            grown = page.evaluate(STEADY)
            if grown != steady:
                problems.append(f"{lang} {size}: the widest figures move the page: {steady} -> {grown}")
            restart(page, f"deal={DEAL}&lang={lang}", SEEN)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", ["EO1-C8-X54MCOG", "EO1-C4-KX2Q5RA", "EO1-C2-AAAAAAB"])
def test_a_phone_on_its_side_shows_every_buttons_words_beside_the_columns(
    page: Page, site_url: str, code: str
) -> None:
    """On a phone on its side, in the six languages, with 8, 4 and 2 cells: each of the
    bar's buttons shows its word inside it, covers no card, pile or link; Link and Share
    do not look alike (they were ↗ and ↪)."""
    problems = []
    for lang in i18n.LANGUAGES:
        open_fresh(page, site_url, f"deal={code}&lang={lang}", {"width": 640, "height": 360}, stored=SEEN)
        for size in ((640, 360), (844, 390), (568, 320)):
            found = at(page, size)
            labels = page.evaluate(LABELS)
            problems += [f"{lang} {size}: {b['what']} «{b['text']}» cut" for b in labels if not b["inside"]]
            problems += [
                f"{lang} {size}: {p}"
                for p in covered([*found["tools"], *found["links"]], [*found["cards"], *found["piles"]])
            ]
            problems += [f"{lang} {size}: {p}" for p in covered(found["tools"], found["links"])]
            problems += [f"{lang} {size}: {item}" for item in small([*found["tools"], *found["links"]])]
            if found["scroll"] != [size[0], size[1]]:
                problems.append(f"{lang} {size}: the page scrolls: {found['scroll']}")
            icons = {b["what"]: b["icon"] for b in labels}
            assert icons["copy-link"] != icons["share-button"]
    assert not problems, "\n".join(problems)


# -- item 8: long languages fit ----------------------------------------------------------------


INSIDE = """(selector) => { const dialog = document.querySelector(selector);
  const box = dialog.getBoundingClientRect(), out = [];
  if (dialog.scrollWidth > dialog.clientWidth + 1)
    out.push(`scrolls sideways: ${dialog.scrollWidth} > ${dialog.clientWidth}`);
  if (box.left < -0.5 || box.right > innerWidth + 0.5)
    out.push(`${box.left}–${box.right} outside the window`);
  for (const el of dialog.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.left < box.left - 0.5 || r.right > box.right + 0.5))
      out.push(`${el.tagName.toLowerCase()}.${el.className} «${el.textContent.trim().slice(0, 20)}» `
        + `${r.left.toFixed(1)}–${r.right.toFixed(1)}`);
  }
  return out; }"""


@pytest.mark.parametrize("width", [360, 320])
def test_every_window_fits_a_narrow_phone_in_every_language(page: Page, site_url: str, width: int) -> None:
    """Statistics (its table was 440, 419 and 403 px wide in Ukrainian, Dutch and Catalan in
    a 359-px window), Settings, New Game and the keys: nothing past the window's edges."""
    problems = []
    for lang in i18n.LANGUAGES:
        open_fresh(page, site_url, f"deal={DEAL}&lang={lang}", {"width": width, "height": 640}, stored=SEEN)
        for dialog in each_window(page):
            problems += [f"{lang} {dialog}: {p}" for p in page.evaluate(INSIDE, dialog)]
    assert not problems, "\n".join(problems)


# -- item 9: the focus ring, forced colours ------------------------------------------------------


RING = """() => { const el = document.activeElement, s = getComputedStyle(el);
  const lit = document.querySelector('.pile.target:not(:focus)');
  return {outline: s.outlineColor, style: s.outlineStyle,
          lit: lit ? getComputedStyle(lit).boxShadow : null}; }"""


def test_the_focus_ring_is_neither_the_lit_targets_yellow_nor_the_hints_cyan(
    page: Page, site_url: str
) -> None:
    open_fresh(page, site_url, "deal=EO1-C8-AAAAAFA", stored=SEEN)
    page.locator("#board [tabindex='0']").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowDown")  # a key: the ring is :focus-visible
    page.keyboard.press("Enter")  # 5♠ picked up: cells 5 to 8 lit
    ring = page.evaluate(RING)
    assert ring["style"] == "solid" and ring["outline"] == "rgb(255, 255, 255)"
    assert ring["lit"] and "rgb(255, 211, 77)" in ring["lit"]
    page.keyboard.press("Escape")
    for colour in ("rgb(255, 211, 77)", "rgb(77, 195, 255)"):
        assert colour != ring["outline"]


FORCED = """() => { const r = (k) => document.querySelector(`[data-pile="${k}"]`).getBoundingClientRect();
  const status = getComputedStyle(document.getElementById('status'));
  return {scroll: document.scrollingElement.scrollWidth, cell8: r('cell-8').right,
          aligned: [1, 2, 3, 4, 5, 6, 7, 8].every(
            (n) => Math.abs(r(`cell-${n}`).left - r(`column-${n}`).left) < 0.6),
          toast: [status.borderTopStyle, status.borderTopWidth]}; }"""


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (320, 568)])
def test_forced_colours_keep_the_cells_on_a_phone_and_the_toast_its_box(
    page: Page, site_url: str, size: tuple[int, int]
) -> None:
    """The cells row was 12 px too wide (cell 8 cut off, the page 402 px wide) and the toast
    drew its words straight over Finish."""
    open_fresh(page, site_url, finishable(), {"width": size[0], "height": size[1]}, stored=SEEN)
    page.emulate_media(forced_colors="active", reduced_motion="reduce")
    page.evaluate(FITTED)
    found = page.evaluate(FORCED)
    assert found["scroll"] <= size[0] and found["cell8"] <= size[0] and found["aligned"], found
    assert found["toast"] == ["solid", "1px"]


@pytest.mark.parametrize("touch_page", [{"width": 844, "height": 390}], indirect=True)
def test_a_press_beside_a_narrow_strip_takes_the_card_that_moves(touch_page: Page, site_url: str) -> None:
    """Issue 36 item 2: on a phone on its side a covered card's strip is under 44 px (the
    deal's columns get 33.7 to 35.1); a press on the king of hearts within 5 px of the 6 of
    spades' strip (widened to 44 px about its middle) lifts the 6 and the 5, the card that
    moves; a press on the king further away is the king's, which cannot be lifted."""
    code = "EO1-C8-AAAAAFA"  # column 1: 3S AD 8H KH 6S 5S
    open_fresh(touch_page, site_url, f"deal={code}", stored=SEEN)
    six = touch_page.locator('[data-card="6S"]').bounding_box()
    five = touch_page.locator('[data-card="5S"]').bounding_box()
    assert six is not None and five is not None
    strip = five["y"] - six["y"]
    assert strip < TARGET - 1, strip  # the case the rule is for
    x = six["x"] + six["width"] / 2
    reach = (TARGET - strip) / 2
    player = Player(touch_page, touch=True)
    player.press_and_move("KH", (x + 60, six["y"] + 80), steps=4, at=(x, six["y"] - reach + 1))
    expect_carried(touch_page, "6S")
    expect_carried(touch_page, "5S")
    player.release()
    expect_board(touch_page, dealt(code))  # put back: nothing played
    player.press_and_move("KH", (x + 60, six["y"] + 80), steps=4, at=(x, six["y"] - reach - 3))
    player.release()
    expect(touch_page.locator("#status")).to_have_text(
        "The king of hearts does not head a run of one suit in sequence."
    )
    expect_board(touch_page, dealt(code))

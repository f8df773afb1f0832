"""Hebrew reads right (issue 23): every message of the Hebrew catalogue, filled with sample
arguments the way the game fills it (eightoff/web/words/i18n.py; the loading screen's progress line
as static/loader.js composes it), and every paragraph of the Hebrew Rules, Examples and FAQ
pages, laid out by Chromium in the real page's fonts with ``dir="rtl"``. From each glyph's
position (``Range.getClientRects``) the test checks that

* every left-to-right *atom* — a deal code or its prefix, a cell count (``C8``), a card face
  (``K♥``), a move in our notation (``3a``, ``26x3``), a number with its sign or unit
  (``+10``, ``12.3 MB``, ``30%``, ``0.5×``), a balanced
  numeric formula (``(2 + 1) × 2 = 6``), a Latin word or key name (``Ctrl+Z``, ``Eight Off``),
  a date or an address — reads in its own order, left to right;
* the atoms and Hebrew words sit where the sentence puts them: each one right of the next
  (the reader meets them in the order the sentence has them).

Each text is laid out on one line (``white-space: nowrap``), so "right of" is plain x.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Page

from eightoff.web.words import card_names, i18n

from .helpers import ROOT

COMPILED = ROOT / "build" / "locale"  # tools/sitebuild/catalogues.py
CATALOGUE = ROOT / "eightoff" / "locale" / "he" / "LC_MESSAGES" / "eightoff.po"

HEBREW = "\u05b0-\u05c7\u05d0-\u05ea\u05f0-\u05f4"
ATOM = re.compile(
    r"https?://\S+[\w/]"  # an address
    r"|EO1-(?:C\d-[A-Z2-7]*)?"  # a deal code, or its prefix
    r"|\d{4}-\d{2}-\d{2}|\d+-\d+"  # a date, a range
    r"|\(?\d+\)?(?:\s?[+−×=]\s?\(?\d+\)?)+"  # a numeric formula (kept only if balanced)
    r"|(?:10|[2-9AJQK])[♠♥♦♣]"  # a card face
    r"|(?<![A-Za-z0-9])(?:[1-8]{2}x\d+|[1-8][a-h]|[a-h][1-8]|[1-8a-h][SHDC])(?![A-Za-z0-9])"  # a move
    r"|[+−-]?[×]?\d+(?:[.,\u00a0\u202f]\d+)*(?:\s?(?:MB|%|×))?"  # a number, its sign and unit
    r"|[A-Za-z][A-Za-z0-9]*(?:[ +/.-][A-Za-z0-9]+)*"  # Latin words, a key name, a MIME type
)
WORD = re.compile(f"[{HEBREW}]+")
INVISIBLE = re.compile(r"[\s\u200e\u200f\u2066-\u2069\u202a-\u202e\u00a0\u202f]")

SAMPLE_NUMBERS = {
    "n": 3, "moves": 12, "count": 4, "score": 250, "limit": 100, "won": 7, "length": 58,
    "started": 21, "size": 2, "free_cells": 2, "empty_columns": 1, "cells": 4, "step": 5,
    "status": 404, "speed": 0.5, "seconds": 30, "points": 10, "number": 3, "low": 150,
    "high": 600, "average": 375, "cell": 2,
}  # fmt: skip
SAMPLE_TEXT = {
    "code": "EO1-C8-AAAAAFA",
    "url": "https://example.org/?deal=EO1-C8-AAAAAFA",
    "type": "text/plain",
    "error": "TypeError",
    "reason": "JSON",
    "date": "2026-12-01",
    "exported": "2026-12-01",
    "last": "2026-11-30",
    "character": "!",
}


def hebrew_samples() -> dict[str, Any]:
    """Every placeholder's sample value, its words in Hebrew (the catalogue's own)."""
    card, needed = card_names.card_name("KH"), card_names.card_name("7S")
    column = i18n.gettext("Column {n}", n=3)
    return {
        **SAMPLE_NUMBERS,
        **SAMPLE_TEXT,
        "card": card,
        "needed": needed,
        "onto": needed,
        "card_suit": card_names.foundation_suit("H"),
        "suit": i18n.pgettext("suit in a card's name", "hearts"),
        "rank": card_names.rank_name(12),
        "pile": column,
        "where": column,
        "piles": column,
        "name": column,
        "move": column,
        "free_cells": 2,
        "empty_columns": 1,
    }


def hebrew_messages() -> Iterator[tuple[str, str]]:
    """(msgid, Hebrew text) of every catalogue entry, filled as the game fills it; plural
    entries once per plural class (1, 2, 5)."""
    with COMPILED.joinpath("he", "LC_MESSAGES", "eightoff.mo").open("rb"):
        pass  # built by the session's build_once (site_url)
    with CATALOGUE.open("rb") as file:
        catalogue = read_po(file)
    saved = i18n.LOCALE_DIR
    i18n.LOCALE_DIR = COMPILED
    try:
        assert i18n.set_language("he") == "he"
        samples = hebrew_samples()
        loader = {
            message.id: str(message.string)
            for message in catalogue
            if message.id and message.context == "loader"
        }
        for message in catalogue:
            if not message.id or message.context == "loader":
                continue
            if message.pluralizable:
                singular, plural = message.id
                for n in (1, 2, 5):
                    params = {**samples, "n": n, "count": n, "moves": n, "length": n, "limit": n, "size": n}
                    yield singular, i18n.ngettext(singular, plural, n, **params)
            elif message.context:
                yield message.id, i18n.pgettext(message.context, message.id, **samples)
            else:
                yield message.id, i18n.gettext(message.id, **samples)
    finally:
        i18n.LOCALE_DIR = saved
        i18n.set_language("en")
    yield from loader_messages(loader)


def loader_messages(loader: dict[str, str]) -> Iterator[tuple[str, str]]:
    """The loading screen's words, filled as static/loader.js's ``text()`` fills them (plain
    replacement) with numbers as its ``Intl.NumberFormat`` writes them in Hebrew."""

    def fill(template: str, **params: str) -> str:
        for name, value in params.items():
            template = template.replace("{" + name + "}", value)
        return template

    for msgid, text in loader.items():
        if "{done}" in msgid:
            unit = loader["{n} MB"]
            text = fill(text, done=fill(unit, n="12.3"), total=fill(unit, n="40.0"), percent=PERCENT_30)
        yield msgid, fill(text, n="12.3", seconds="30", type="text/plain", status="404")


PERCENT_30 = "30%"  # Intl.NumberFormat("he", {style: "percent"}).format(0.3), checked below


@dataclass(frozen=True)
class Segment:
    text: str
    start: int
    atom: bool


def segments(text: str, marked: list[bool] | None = None) -> list[Segment]:
    """The atoms and Hebrew words of ``text``, in logical order. ``marked``: the characters
    inside an element the page marks ``dir="ltr"`` (``<bdi>``, ``<code>``); each such span
    is one atom, as the page means it, unless its brackets do not pair (a piece cut out of
    a formula in words, like ``1) × 2``: its numbers are then atoms of the sentence)."""
    found: list[Segment] = []
    if marked:
        kept = list(marked)
        for span in re.finditer(r"1+", "".join("1" if m else "0" for m in marked)):
            piece = text[span.start() : span.end()]
            if piece.count("(") != piece.count(")"):
                kept[span.start() : span.end()] = [False] * len(piece)
            elif piece.strip():
                start = span.start() + len(piece) - len(piece.lstrip())
                found.append(Segment(piece.strip(), start, True))
        text = "".join(" " if m else char for char, m in zip(text, kept, strict=True))
    for match in re.finditer(f"{ATOM.pattern}|{WORD.pattern}", text):
        piece = match.group()
        if piece.count("(") != piece.count(")") and re.search(r"[+−×=]", piece):
            # an unbalanced formula: its numbers are atoms of the sentence, one by one
            found += [Segment(m.group(), match.start() + m.start(), True) for m in re.finditer(r"\d+", piece)]
            continue
        found.append(Segment(piece, match.start(), not WORD.fullmatch(piece)))
    return sorted(found, key=lambda segment: segment.start)


def disorder(text: str, xs: list[float | None], marked: list[bool] | None = None) -> list[str]:
    """What reads in the wrong order in ``text`` laid out right to left (``xs``: each
    character's centre, None for one not drawn; ``marked``: see :func:`segments`)."""
    problems = []
    placed: list[tuple[Segment, float, float]] = []
    for segment in segments(text, marked):
        points = [
            (i, xs[segment.start + i])
            for i, char in enumerate(segment.text)
            if not INVISIBLE.match(char) and xs[segment.start + i] is not None
        ]
        if not points:
            continue
        if segment.atom:
            shown = [x for _, x in points]
            if shown != sorted(shown):
                drawn = "".join(segment.text[i] for i, _ in sorted(points, key=lambda p: p[1]))
                problems.append(f"«{segment.text}» is drawn «{drawn}»")
        xs_of = [x for _, x in points]
        placed.append((segment, min(xs_of), max(xs_of)))
    for (first, left, _), (second, _, right) in pairwise(placed):
        if right > left + 0.5:
            problems.append(f"«{second.text}» is drawn right of «{first.text}», which comes before it")
    return problems


MEASURE = """(element) => {
  const xs = [];
  const marked = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const ltr = node.parentElement.closest("[dir]")?.dir === "ltr";
    for (let i = 0; i < node.data.length; i++) {
      marked.push(ltr);
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = [...range.getClientRects()].find((r) => r.width > 0);
      xs.push(rect ? rect.left + rect.width / 2 : null);
    }
  }
  return { xs, marked };
}"""

LAY_OUT = (
    """(texts) => {
  const measure = """
    + MEASURE
    + """;
  const host = document.createElement("div");
  host.style.cssText = "position: absolute; top: 0; right: 0; white-space: nowrap; width: max-content";
  document.body.append(host);
  const out = texts.map((text) => {
    const line = document.createElement("p");
    line.dir = "rtl";
    line.textContent = text;
    host.append(line);
    const { xs } = measure(line);
    line.remove();
    return xs;
  });
  host.remove();
  return out;
}"""
)

BLOCKS = "h1, h2, h3, h4, p, li, th, td, dt, dd, figcaption, summary, caption"
PAGE_BLOCKS = (
    """() => {
  const measure = """
    + MEASURE
    + """;
  // (through the CSSOM: the pages' Content-Security-Policy refuses a <style> element)
  for (const el of document.querySelectorAll("*")) el.style.setProperty("white-space", "nowrap", "important");
  for (const details of document.querySelectorAll("details")) details.open = true;
  const blocks = [...document.querySelectorAll("main :is(BLOCKS)")]
    .filter((el) => !el.querySelector(":is(BLOCKS)"));
  return blocks.map((el) => ({ text: el.textContent, ...measure(el) }));
}"""
).replace("BLOCKS", BLOCKS)


def loading_page(page: Page, site_url: str) -> None:
    """The game's page in Hebrew, its fonts and direction, Python held back."""
    page.route("**/static/main.*.py", lambda route: None)
    page.goto(f"{site_url}index.html?lang=he", wait_until="domcontentloaded")
    assert page.evaluate("document.documentElement.dir") == "rtl"


def test_hebrew_messages_read_right_to_left(page: Page, site_url: str) -> None:
    loading_page(page, site_url)
    assert page.evaluate("new Intl.NumberFormat('he', {style: 'percent'}).format(0.3)") == PERCENT_30
    messages = list(hebrew_messages())
    assert len(messages) > 200
    laid_out = page.evaluate(LAY_OUT, [text for _, text in messages])
    problems = [
        f"{msgid!r}: {problem}"
        for (msgid, text), xs in zip(messages, laid_out, strict=True)
        for problem in disorder(text, xs)
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", i18n.PAGES)
def test_hebrew_pages_read_right_to_left(page: Page, site_url: str, name: str) -> None:
    page.goto(f"{site_url}he/{name}.html")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    blocks = page.evaluate(PAGE_BLOCKS)
    assert len(blocks) > 10
    problems = [
        f"{block['text'].strip()[:60]!r}…: {problem}"
        for block in blocks
        for problem in disorder(block["text"], block["xs"], block["marked"])
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("קוד משחק מתחיל ב־EO1-.", ["«EO1-» is drawn «-EO1»"]),
        ("קוד משחק מתחיל ב־\u2066EO1-\u2069.", []),
        (
            "החלוקה EO1-C8-AAAAAFA, 12 מהלכים",
            ["«12» is drawn right of «EO1-C8-AAAAAFA», which comes before it"],
        ),
        ("החלוקה \u2066EO1-C8-AAAAAFA\u2069, \u206612\u2069 מהלכים", []),
        (
            "הקלף \u2068\u2068מלך\u2069 \u2068לב\u2069\u2069",
            ["«לב» is drawn right of «מלך», which comes before it"],
        ),
        ("מהירות 0.5×", ["«0.5×» is drawn «×0.5»"]),
    ],
)
def test_the_check_sees_a_misread(page: Page, site_url: str, text: str, expected: list[str]) -> None:
    """The check itself: today's defects, each seen, and each fixed by isolating."""
    loading_page(page, site_url)
    (xs,) = page.evaluate(LAY_OUT, [text])
    assert disorder(text, xs) == expected


LAY_OUT_HTML = (
    """(html) => {
  const measure = """
    + MEASURE
    + """;
  const line = document.createElement("p");
  line.dir = "rtl";
  line.style.whiteSpace = "nowrap";
  line.innerHTML = html;
  document.body.append(line);
  const laid = { text: line.textContent, ...measure(line) };
  line.remove();
  return laid;
}"""
)


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        (
            '(תאים פנויים + <bdi dir="ltr">1) × 2</bdi> בחזקת (טורים ריקים)',
            ["«2» is drawn right of «1», which comes before it"],
        ),
        ("(תאים פנויים + 1) × 2 בחזקת (טורים ריקים)", []),
        ('לוח <code dir="ltr">index.html?deal=EO1-C8-AAAAAFA</code> כאן', []),
    ],
)
def test_the_check_reads_the_page_s_isolates(
    page: Page, site_url: str, html: str, expected: list[str]
) -> None:
    """An isolate the page put around a piece cut out of a formula is no excuse (the Hebrew
    capacity formula before issue 23); a whole address in ``<code dir="ltr">`` is one atom."""
    loading_page(page, site_url)
    laid = page.evaluate(LAY_OUT_HTML, html)
    assert disorder(laid["text"], laid["xs"], laid["marked"]) == expected

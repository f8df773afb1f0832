"""Write the Rules, Examples and FAQ pages: plain static HTML, in every language.

Sources: ``pages/<lang>/{rules,examples,faq}.md`` (Markdown, one file per page and
language), ``pages/<lang>/site.toml`` (the words around the text: page names, the link back
to the game, the labels of the pictures) and ``pages/examples.toml`` (the positions of the
Examples page, the same in every language). Output: ``<dist>/<lang>/<page>.html``, e.g.
``dist/he/rules.html``, beside the game's ``index.html``; they use its stylesheets
``../static/eightoff.css`` and ``../static/pages.css`` and link back to
``../index.html?lang=<lang>``.

In the Markdown:

- ``{{example ID}}`` alone on a line draws the position ``ID`` of ``pages/examples.toml``
  (a small board of HTML elements, computed by the engine from the deal code and the
  moves) with a link that opens it in the game:
  ``../index.html?lang=<lang>&deal=CODE&moves=M1.M2`` (moves in the engine's notation,
  ``docs/notation.md``, joined with dots: a dot needs no escaping in a URL);
- a link to ``../index.html…`` gets the page's language added (``?lang=<lang>&…``);
- deal codes, cell counts (``C8``), cards (``K♥``, each card of a run alone, so a run or
  a list reads in the page's direction), signed numbers (``+10``), percentages and small
  sums with balanced brackets (``(2 + 1) × 2 = 6``) are wrapped in ``<bdi dir="ltr">``, and
  ``<code>`` gets ``dir="ltr"``, so they read left to right inside Hebrew text
  (tests/browser/test_rtl.py checks the glyphs' order).

Pages carry no script, no style attribute and no address of another host.

    python tools/pages.py OUT               # write OUT/<lang>/<page>.html, list the files
    python tools/pages.py OUT --with-static # and copy the stylesheets, to open them from disk
"""

from __future__ import annotations

import argparse
import html
import re
import shutil
import sys
import tomllib
import xml.etree.ElementTree as etree
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

ROOT: Final = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eightoff import Card, DealCode, Game, Move, Pile, Position  # noqa: E402
from eightoff.web.facts import RIGHT_TO_LEFT  # noqa: E402
from eightoff.web.links.address import MOVE_SEPARATOR  # noqa: E402  (the game reads the links so)
from eightoff.web.words.i18n import LANGUAGES, NAMES, PAGES  # noqa: E402  (English first: the x-default)

SOURCES: Final = ROOT / "pages"
"""Each language named in its own words, as the language links show it."""
GAME: Final = "../index.html"
STYLESHEETS: Final = ("../static/eightoff.css", "../static/pages.css")
STATIC_FILES: Final = ("eightoff.css", "pages.css", "icon.svg")
"""What the pages use from static/ (copied by ``--with-static`` for a preview from disk)."""
CSP: Final = (
    "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'none'"
)
SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_FACES: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
CARD: Final = r"(?:10|[2-9AJQK])[♠♥♦♣]"
ISOLATED: Final = re.compile(
    r"EO1-C[842]-[A-Z2-7]{7}"  # a deal code
    r"|C[842](?![\w-])"  # a cell count: C8
    rf"|{CARD}"  # a card, K♥ (each card of a run K♥ Q♥ J♥ alone: the list reads the page's way)
    r"|(?:\(\d+ ?[+−×] ?\d+\)|\d+)(?: ?[+−×=] ?(?:\(\d+ ?[+−×] ?\d+\)|\d+))+"  # a small sum,
    # (2 + 1) × 2 = 6, its brackets balanced (never the "1) × 2" of a formula in words)
    r"|[+−]\d+"  # a signed number: +10
    r"|\d+(?:[.,]\d+)? ?%"  # a percentage
)
EXAMPLE_LINE: Final = re.compile(r"^\{\{example ([a-z0-9-]+)\}\}$")


# --- sources -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    """A position of the Examples page: a deal code, the moves that lead there, and the
    moves the text is about (``marks``: their cards and targets are highlighted)."""

    name: str
    code: DealCode
    moves: tuple[Move, ...]
    marks: tuple[Move, ...]

    def game(self) -> Game:
        """The game after the moves (each one checked by the engine)."""
        game = Game.new(self.code)
        for move in self.moves:
            game.play(move)
        return game

    def link(self, lang: str) -> str:
        return position_link(self.code, self.moves, lang)


def position_link(code: DealCode, moves: Sequence[Move], lang: str | None = None) -> str:
    """The game's address of a position: ``../index.html?lang=he&deal=CODE&moves=3a.26x3``."""
    query = [f"lang={lang}"] if lang else []
    query.append(f"deal={code}")
    if moves:
        query.append("moves=" + MOVE_SEPARATOR.join(str(m) for m in moves))
    return f"{GAME}?{'&'.join(query)}"


def load_examples(path: Path = SOURCES / "examples.toml") -> dict[str, Example]:
    """Read ``pages/examples.toml``; every position is played through the engine."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    examples = {}
    for name, entry in data.items():
        moves = entry.get("moves", "")
        example = Example(
            name,
            DealCode.parse(entry["deal"]),
            tuple(Move.parse(m) for m in moves.split(MOVE_SEPARATOR)) if moves else (),
            tuple(Move.parse(m) for m in entry.get("marks", [])),
        )
        example.game()
        examples[name] = example
    return examples


def load_site(lang: str) -> dict[str, str]:
    """The words around a page's text (``pages/<lang>/site.toml``)."""
    return tomllib.loads((SOURCES / lang / "site.toml").read_text(encoding="utf-8"))


def source(lang: str, page: str) -> str:
    return (SOURCES / lang / f"{page}.md").read_text(encoding="utf-8")


# --- the pictures of positions --------------------------------------------------------------------


def card_face(card: Card) -> str:
    """``K♥``, ``10♠``: what the picture and the text show for a card."""
    return RANK_FACES[card.rank] + SUIT_SYMBOLS[card.suit]


def _card(card: Card, marked: bool) -> str:
    classes = "pc mark" if marked else "pc"
    return f'<span class="{classes}" data-suit="{card.suit}">{card_face(card)}</span>'


def _marked(position: Position, marks: Iterable[Move]) -> tuple[set[tuple[Pile, int]], set[Pile]]:
    """The cards the marks move (pile, index from the bottom) and their target piles."""
    cards: set[tuple[Pile, int]] = set()
    targets: set[Pile] = set()
    for move in marks:
        size = position.size(move.source)
        cards.update((move.source, i) for i in range(size - move.count, size))
        targets.add(move.target)
    return cards, targets


def picture(example: Example, site: dict[str, str]) -> str:
    """A small board of the example's position: cells and foundations, then the eight
    columns (column 1 at the left in every language, as in the game)."""
    position = example.game().position
    cards, targets = _marked(position, example.marks)

    def slot(pile: Pile, label: str) -> str:
        top = position.top(pile)
        size = position.size(pile)
        inner = _card(top, (pile, size - 1) in cards) if top else ""
        classes = "slot to" if pile in targets else "slot"
        suit = f' data-suit="{pile.suit}"' if pile.is_foundation else ""
        return f'<span class="{classes}"{suit} title="{html.escape(label)}">{inner}</span>'

    cells = "".join(slot(Pile.cell(i), f"{site['cell']} {i}") for i in range(1, len(position.cells) + 1))
    found = "".join(slot(Pile.foundation(s), SUIT_SYMBOLS[s]) for s in "SHDC")
    columns = []
    for index, column in enumerate(position.columns, start=1):
        pile = Pile.column(index)
        classes = "mini-column to" if pile in targets else "mini-column"
        faces = "".join(_card(card, (pile, i) in cards) for i, card in enumerate(column))
        columns.append(f'<div class="{classes}"><span class="mini-label">{index}</span>{faces}</div>')
    label = html.escape(describe(position, example.marks, site), quote=True)
    return (
        f'<div class="mini" dir="ltr" role="img" aria-label="{label}">'
        f'<div class="mini-top"><div class="mini-cells">{cells}</div>'
        f'<div class="mini-foundations">{found}</div></div>'
        f'<div class="mini-columns">{"".join(columns)}</div></div>'
    )


def describe(position: Position, marks: Iterable[Move], site: dict[str, str]) -> str:
    """The picture in words, for screen readers: free cells, empty columns, and the
    piles the marks are about."""
    parts = [
        f"{site['free_cells']}: {position.free_cells}",
        f"{site['empty_columns']}: {position.empty_columns}",
    ]
    seen: list[Pile] = []
    for move in marks:
        seen += [p for p in (move.source, move.target) if p not in seen]
    for pile in seen:
        cards = " ".join(card_face(c) for c in position.cards(pile)[-8:]) or site["empty"]
        if pile.is_column:
            name = f"{site['column']} {pile.index}"
        elif pile.is_cell:
            name = f"{site['cell']} {pile.index}"
        else:
            name = f"{site['foundation']} {SUIT_SYMBOLS[pile.suit]}"
        parts.append(f"{name}: {cards}")
    return "; ".join(parts)


def figure(example: Example, lang: str, site: dict[str, str]) -> str:
    href = html.escape(example.link(lang), quote=True)
    return (
        f'<figure class="example">{picture(example, site)}'
        f'<figcaption><a class="open" href="{href}">{html.escape(site["open"])}</a> '
        f'<bdi class="deal" dir="ltr">{example.code}</bdi></figcaption></figure>'
    )


# --- Markdown ----------------------------------------------------------------------------------


class _Examples(Preprocessor):
    """``{{example ID}}`` lines become the picture and link of the position."""

    def __init__(self, md: markdown.Markdown, lang: str, examples: dict[str, Example]) -> None:
        super().__init__(md)
        self.lang, self.examples, self.site = lang, examples, load_site(lang)

    def run(self, lines: list[str]) -> list[str]:
        out = []
        for number, line in enumerate(lines, start=1):
            match = EXAMPLE_LINE.match(line.strip())
            if not match:
                out.append(line)
                continue
            name = match.group(1)
            if name not in self.examples:
                raise PagesError(f"{self.lang}: line {number}: no example {name!r} in pages/examples.toml")
            block = self.md.htmlStash.store(figure(self.examples[name], self.lang, self.site))
            out += ["", block, ""]
        return out


class _Isolate(InlineProcessor):
    """Codes, cards and numbers that must read left to right go into ``<bdi>``."""

    def handleMatch(self, m: re.Match[str], data: str) -> tuple[etree.Element, int, int]:
        element = etree.Element("bdi", dir="ltr")  # "auto" would make 10♥ or (2 + 1) read right to left
        element.text = m.group(0)
        return element, m.start(0), m.end(0)


class _Links(Treeprocessor):
    """Links to the game keep the page's language; code reads left to right; a table, which
    scrolls sideways on a narrow screen, takes the focus so that keys can scroll it."""

    def __init__(self, md: markdown.Markdown, lang: str) -> None:
        super().__init__(md)
        self.lang = lang

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            href = element.get("href")
            if element.tag == "a" and href is not None and href.split("?")[0] == GAME:
                query = href.partition("?")[2]
                element.set("href", f"{GAME}?lang={self.lang}" + (f"&{query}" if query else ""))
            if element.tag == "code":
                element.set("dir", "ltr")
            if element.tag == "table":
                element.set("tabindex", "0")


class _PagesExtension(Extension):
    def __init__(self, lang: str, examples: dict[str, Example]) -> None:
        super().__init__()
        self.lang, self.examples = lang, examples

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.preprocessors.register(_Examples(md, self.lang, self.examples), "eightoff-examples", 25)
        md.inlinePatterns.register(_Isolate(ISOLATED.pattern, md), "eightoff-isolate", 5)
        md.treeprocessors.register(_Links(md, self.lang), "eightoff-links", 5)


def body_html(lang: str, page: str, examples: dict[str, Example]) -> str:
    """A page's text as HTML."""
    converter = markdown.Markdown(
        extensions=["tables", "attr_list", "sane_lists", _PagesExtension(lang, examples)],
        output_format="html",
    )
    return str(converter.convert(source(lang, page)))


# --- the page -----------------------------------------------------------------------------------


class PagesError(Exception):
    """A source that cannot make a correct page."""


def render(lang: str, page: str, examples: dict[str, Example] | None = None) -> str:
    """The whole HTML document of one page in one language."""
    examples = load_examples() if examples is None else examples
    site = {key: html.escape(value) for key, value in load_site(lang).items()}
    body = body_html(lang, page, examples)
    titles = re.findall(r"<h1[^>]*>(.*?)</h1>", body, re.DOTALL)
    if len(titles) != 1:
        raise PagesError(f"pages/{lang}/{page}.md must have exactly one '# title', not {len(titles)}")
    title = re.sub(r"<[^>]+>", "", titles[0])
    direction = "rtl" if lang in RIGHT_TO_LEFT else "ltr"
    back = "→" if direction == "rtl" else "←"
    alternates = [
        f'<link rel="alternate" hreflang="{other}" href="../{other}/{page}.html">' for other in LANGUAGES
    ]
    alternates.append(f'<link rel="alternate" hreflang="x-default" href="../{LANGUAGES[0]}/{page}.html">')
    pages_nav = "".join(
        f'<a href="{other}.html"' + (' aria-current="page"' if other == page else "") + f">{site[other]}</a>"
        for other in PAGES
    )
    languages_nav = "".join(
        f'<li><a href="../{other}/{page}.html" hreflang="{other}" lang="{other}"'
        + (' aria-current="page"' if other == lang else "")
        + f">{NAMES[other]}</a></li>"
        for other in LANGUAGES
    )
    head = [
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        f"<title>{title} · Eight Off</title>",
        '<meta name="theme-color" content="#0b6e3a">',
        '<link rel="icon" href="../static/icon.svg" type="image/svg+xml">',
        *(f'<link rel="stylesheet" href="{sheet}">' for sheet in STYLESHEETS),
        *alternates,
    ]
    return "\n".join(
        [
            "<!doctype html>",
            f'<html lang="{lang}" dir="{direction}">',
            "<head>",
            *head,
            "</head>",
            '<body class="page">',
            '<header class="page-bar">',
            f'<a class="tool back" href="{GAME}?lang={lang}">'
            f'<span aria-hidden="true">{back}</span> {site["back"]}</a>',
            f'<nav class="page-nav" aria-label="{site["pages"]}">{pages_nav}</nav>',
            "</header>",
            '<main class="page-text">',
            body,
            "</main>",
            '<footer class="page-foot">',
            f'<nav aria-label="{site["languages"]}"><ul class="languages">{languages_nav}</ul></nav>',
            "</footer>",
            "</body>",
            "</html>",
            "",
        ]
    )


def write_pages(dist: Path) -> list[Path]:
    """Write every page of every language into ``dist/<lang>/<page>.html``; return the
    files written (for the service worker's list)."""
    examples = load_examples()
    written = []
    for lang in LANGUAGES:
        (dist / lang).mkdir(parents=True, exist_ok=True)
        for page in PAGES:
            path = dist / lang / f"{page}.html"
            path.write_text(render(lang, page, examples), encoding="utf-8")
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("out", type=Path, help="the site's folder (the one that holds index.html)")
    parser.add_argument(
        "--with-static", action="store_true", help="also copy the stylesheets and icon into OUT/static/"
    )
    args = parser.parse_args(argv)
    try:
        written = write_pages(args.out)
    except PagesError as error:
        print(f"pages: {error}", file=sys.stderr)
        return 1
    if args.with_static:
        (args.out / "static").mkdir(parents=True, exist_ok=True)
        for name in STATIC_FILES:
            shutil.copyfile(ROOT / "static" / name, args.out / "static" / name)
    for path in written:
        print(path.relative_to(args.out).as_posix())
    return 0


if __name__ == "__main__":
    sys.exit(main())

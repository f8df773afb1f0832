"""The Rules, Examples and FAQ pages (tools/pages.py, sources in pages/): every language
has the three pages; each page is well-formed static HTML that needs no script and no
other host, with its language, direction, alternates and links; the six sources have the
same structure; and every example link of every language, replayed through the engine,
shows what the text says about it."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

import pytest

from eightoff import DealCode, Game, IllegalMoveError, Move, Pile, capacity, check, is_legal
from eightoff.rules import run_length
from eightoff.web.words.i18n import NAMES

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import pages  # noqa: E402  (tools/pages.py)

LANGUAGES = ("en", "he", "uk", "ca", "id", "nl")
PAGES = ("rules", "examples", "faq")
EXAMPLES = ("worked", "worked-refused", "group", "tap", "double-tap", "take-back", "undo-group")
"""The examples of the Examples page, in their order on every language's page."""
GAME = "../index.html"
DEAL_CODE = re.compile(r"EO1-C[842]-[A-Z2-7]{7}")
CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")


# --- reading a generated page ---------------------------------------------------------------------


@dataclass
class Figure:
    """An example's picture: its columns (card faces, bottom to top), the highlighted
    cards, and the link that opens it."""

    columns: list[list[str]] = field(default_factory=list)
    marked: list[str] = field(default_factory=list)
    link: str | None = None


@dataclass
class Page(HTMLParser):
    """What the tests look at in one page, read with the standard library's parser."""

    root: dict[str, str | None] = field(default_factory=dict)
    tags: list[tuple[str, dict[str, str | None]]] = field(default_factory=list)
    h1: int = 0
    ids: list[str] = field(default_factory=list)
    heading_ids: list[str] = field(default_factory=list)
    bare_text: list[str] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    _isolated: list[str] = field(default_factory=list)
    _in_column: bool = False
    _card: str | None = None

    def __post_init__(self) -> None:
        HTMLParser.__init__(self, convert_charrefs=True)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append((tag, a))
        classes = (a.get("class") or "").split()
        if tag == "html":
            self.root = a
        if tag == "h1":
            self.h1 += 1
        if a.get("id"):
            self.ids.append(a["id"] or "")
            if tag in ("h2", "h3"):
                self.heading_ids.append(a["id"] or "")
        if a.get("dir") == "ltr" and tag != "html":
            self._isolated.append(tag)
        if tag == "figure":
            self.figures.append(Figure())
        if "mini-column" in classes:
            self.figures[-1].columns.append([])
            self._in_column = True
        if "pc" in classes:
            self._card = "mark" if "mark" in classes else ""
        if tag == "a" and "open" in classes:
            self.figures[-1].link = a.get("href")

    def handle_endtag(self, tag: str) -> None:
        if self._isolated and self._isolated[-1] == tag:
            self._isolated.pop()
        if tag == "div" and self._in_column and self._card is None:
            self._in_column = False

    def handle_data(self, data: str) -> None:
        if self._card is not None:
            if self._card == "mark":
                self.figures[-1].marked.append(data)
            if self._in_column:
                self.figures[-1].columns[-1].append(data)
            self._card = None
        elif not self._isolated:
            self.bare_text.append(data)

    def links(self) -> list[tuple[str, dict[str, str | None]]]:
        return [(a.get("href") or "", a) for tag, a in self.tags if tag == "a"]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    out = tmp_path_factory.mktemp("site")
    return out, pages.write_pages(out)


@pytest.fixture(scope="module")
def read(site: tuple[Path, list[Path]]) -> Callable[[str, str], Page]:
    out, _ = site
    cache: dict[tuple[str, str], Page] = {}

    def read(lang: str, page: str) -> Page:
        if (lang, page) not in cache:
            parsed = Page()
            parsed.feed((out / lang / f"{page}.html").read_text(encoding="utf-8"))
            parsed.close()
            cache[lang, page] = parsed
        return cache[lang, page]

    return read


def every_page() -> Iterator[tuple[str, str]]:
    for lang in LANGUAGES:
        for page in PAGES:
            yield lang, page


# --- the files ----------------------------------------------------------------------------------


def test_every_language_has_the_three_pages(site: tuple[Path, list[Path]]) -> None:
    out, written = site
    assert [p.relative_to(out).as_posix() for p in written] == [
        f"{lang}/{page}.html" for lang in LANGUAGES for page in PAGES
    ]
    assert all(p.is_file() for p in written)
    assert pages.LANGUAGES == LANGUAGES


def test_the_command_writes_the_pages_and_lists_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert pages.main([str(tmp_path), "--with-static"]) == 0
    assert capsys.readouterr().out.split() == [f"{lang}/{page}.html" for lang, page in every_page()]
    assert sorted(p.name for p in (tmp_path / "static").iterdir()) == [
        "eightoff.css",
        "icon.svg",
        "pages.css",
    ]


# --- each page ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "page"), list(every_page()))
def test_page_language_direction_and_one_title(
    read: Callable[[str, str], Page], lang: str, page: str
) -> None:
    parsed = read(lang, page)
    assert parsed.root == {"lang": lang, "dir": "rtl" if lang == "he" else "ltr"}
    assert parsed.h1 == 1


@pytest.mark.parametrize(("lang", "page"), list(every_page()))
def test_page_alternates_and_links(read: Callable[[str, str], Page], lang: str, page: str) -> None:
    parsed = read(lang, page)
    alternates = {
        a["hreflang"]: a["href"] for tag, a in parsed.tags if tag == "link" and a.get("rel") == "alternate"
    }
    assert alternates == {
        **{other: f"../{other}/{page}.html" for other in LANGUAGES},
        "x-default": f"../en/{page}.html",
    }
    links = parsed.links()
    hrefs = [href for href, _ in links]
    assert f"{GAME}?lang={lang}" in hrefs, "a link back to the game in the page's language"
    for other in LANGUAGES:
        named = [a for href, a in links if href == f"../{other}/{page}.html"]
        assert len(named) == 1 and named[0].get("lang") == other and named[0].get("hreflang") == other
    language_names = [data for data in parsed.bare_text if data.strip() in NAMES.values()]
    assert language_names == list(NAMES.values()), "each language named in its own words, in order"
    for other in PAGES:
        if other != page:
            assert f"{other}.html" in hrefs
    assert [a.get("aria-current") for href, a in links if href == f"{page}.html"] == ["page"]
    sheets = [a["href"] for tag, a in parsed.tags if tag == "link" and a.get("rel") == "stylesheet"]
    assert sheets == ["../static/eightoff.css", "../static/pages.css"]


@pytest.mark.parametrize(("lang", "page"), list(every_page()))
def test_page_has_no_script_no_inline_style_no_other_host(
    site: tuple[Path, list[Path]], lang: str, page: str
) -> None:
    text = (site[0] / lang / f"{page}.html").read_text(encoding="utf-8")
    parsed = Page()
    parsed.feed(text)
    assert not [
        tag for tag, _ in parsed.tags if tag in ("script", "style", "iframe", "object", "embed", "base")
    ]
    attributes = [(name, value or "") for _, a in parsed.tags for name, value in a.items()]
    assert not [name for name, _ in attributes if name == "style" or name.startswith("on")]
    assert not re.search(r"https?:|//", " ".join(v for n, v in attributes if n in ("href", "src", "action")))
    assert not re.search(r"https?://", text)
    csp = next(a["content"] for tag, a in parsed.tags if tag == "meta" and a.get("http-equiv"))
    assert csp is not None and "script-src 'none'" in csp and "style-src 'self'" in csp


@pytest.mark.parametrize(("lang", "page"), list(every_page()))
def test_every_link_inside_the_site_leads_somewhere(
    site: tuple[Path, list[Path]], read: Callable[[str, str], Page], lang: str, page: str
) -> None:
    out, _ = site
    parsed = read(lang, page)
    targets = [href for href, _ in parsed.links()] + [
        a["href"] or "" for tag, a in parsed.tags if tag == "link" and a.get("href")
    ]
    for href in targets:
        path, _, fragment = href.partition("#")
        path = path.partition("?")[0]
        if path.startswith("../static/"):
            assert (ROOT / "static" / path.removeprefix("../static/")).is_file(), href
        elif path == GAME:
            assert href.startswith(f"{GAME}?lang={lang}"), f"a link to the game keeps the language: {href}"
        else:
            target = (out / lang / path).resolve() if path else out / lang / f"{page}.html"
            assert target.is_file(), href
            if fragment:
                other_lang, other_page = target.parent.name, target.stem
                assert fragment in read(other_lang, other_page).ids, href


def test_heading_ids_are_not_ids_of_the_game_page(read: Callable[[str, str], Page]) -> None:
    """The pages share eightoff.css with the game: a heading id that the game's page uses
    (#app, #score, #undo …) would take the game's styles."""
    contract = (ROOT / "docs" / "dom-contract.md").read_text(encoding="utf-8")
    styles = "".join(
        (ROOT / "static" / name).read_text(encoding="utf-8") for name in ("eightoff.css", "loading.css")
    )
    game_ids = set(re.findall(r"#([a-z][a-z0-9-]*)", contract + styles))
    assert {"app", "score", "moves", "undo", "share", "deal-code"} <= game_ids
    for lang, page in every_page():
        assert not set(read(lang, page).heading_ids) & game_ids, (lang, page)


@pytest.mark.parametrize(("lang", "page"), list(every_page()))
def test_codes_and_cards_read_left_to_right(read: Callable[[str, str], Page], lang: str, page: str) -> None:
    """Deal codes and cards sit in <bdi dir="ltr"> or <code dir="ltr"> on every page, so
    they keep their order inside Hebrew text (a bare <bdi> would take the direction of
    the text around a card like 10♥, which has no letter)."""
    bare = "".join(read(lang, page).bare_text)
    assert not DEAL_CODE.findall(bare)
    assert not CARD.findall(bare)


def test_hebrew_isolates_numbers_and_sums() -> None:
    html = pages.body_html("he", "examples", pages.load_examples())
    assert '<bdi dir="ltr">(2 + 1) × 1 = 3</bdi>' in html
    # each card of a run alone: the run reads in the page's direction, king first
    assert (
        '<bdi dir="ltr">K♥</bdi> <bdi dir="ltr">Q♥</bdi> <bdi dir="ltr">J♥</bdi> <bdi dir="ltr">10♥</bdi>'
        in html
    )
    rules = pages.body_html("he", "rules", pages.load_examples())
    # the capacity formula in words: its brackets are not cut by an isolate (issue 23)
    assert "(תאים פנויים + 1) × 2 בחזקת (טורים ריקים)" in rules and "1) × 2</bdi>" not in rules
    assert '<bdi dir="ltr">+10</bdi>' in rules and '<bdi dir="ltr">EO1-C8-AAAAAFA</bdi>' in rules
    faq = pages.body_html("he", "faq", pages.load_examples())
    assert '<bdi dir="ltr">12%</bdi>' in faq
    assert '<code dir="ltr">index.html?deal=EO1-C8-AAAAAFA</code>' in faq


# --- the sources ----------------------------------------------------------------------------------


def outline(lang: str, page: str) -> list[str]:
    """A source's skeleton: its headings' levels and ids; in each section, its examples
    and its links to other pages and to the game in order, then the cards it names."""
    skeleton: list[str] = []
    cards: list[str] = []
    for line in [*pages.source(lang, page).splitlines(), "# end"]:
        heading = re.match(r"^(#+) .*?(?:\{#([a-z0-9-]+)\})?$", line)
        if heading:
            skeleton += sorted(cards)
            cards = []
            skeleton.append(f"{heading.group(1)} {heading.group(2)}")
        skeleton += re.findall(r"\{\{example [a-z0-9-]+\}\}|\]\([^)]+\)", line)
        cards += CARD.findall(line)
    return skeleton


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_sources_have_the_same_structure_in_every_language(lang: str, page: str) -> None:
    """Same sections with the same ids, the same examples, links and cards in the same
    order as the English page."""
    assert outline(lang, page) == outline("en", page)


@pytest.mark.parametrize("page", PAGES)
def test_every_section_has_an_id(page: str) -> None:
    headings = [s for s in outline("en", page) if s.startswith("#")][:-1]  # the last closes the outline
    assert headings[0] == "# None" and all(not h.endswith("None") for h in headings[1:])
    assert len(headings) >= 7


def test_the_examples_page_shows_each_example_once_in_order() -> None:
    assert [s.split()[1].rstrip("}") for s in outline("en", "examples") if s.startswith("{{")] == list(
        EXAMPLES
    )
    assert tuple(pages.load_examples()) == EXAMPLES


def test_a_bad_source_is_refused_with_a_clear_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pages, "source", lambda lang, page: "# Title\n\n{{example nowhere}}\n")
    with pytest.raises(pages.PagesError, match=r"no example 'nowhere' in pages/examples\.toml"):
        pages.render("en", "examples")
    monkeypatch.setattr(pages, "source", lambda lang, page: "# One\n\n# Two\n")
    with pytest.raises(pages.PagesError, match=r"exactly one '# title', not 2"):
        pages.render("en", "rules")


# --- the examples ---------------------------------------------------------------------------------


def test_position_links_need_no_escaping() -> None:
    link = pages.position_link(DealCode.parse("eo1-c4-aaaaafa"), [Move.parse("3a"), Move.parse("26x3")], "he")
    assert link == "../index.html?lang=he&deal=EO1-C4-AAAAAFA&moves=3a.26x3"
    moves = parse_qs(urlsplit(link).query)["moves"][0]
    assert quote(moves, safe="") == moves
    assert pages.position_link(DealCode.parse("EO1-C8-AAAAAFA"), []) == "../index.html?deal=EO1-C8-AAAAAFA"


def replay(link: str) -> Game:
    """Open a position link as the game will: the deal, then each move, checked."""
    query = parse_qs(urlsplit(link).query)
    game = Game.new(DealCode.parse(query["deal"][0]))
    for move in query["moves"][0].split(".") if "moves" in query else []:
        game.play(Move.parse(move))
    return game


def column(game: Game, index: int) -> list[str]:
    return [str(card) for card in game.position.columns[index - 1]]


def free_cells(game: Game) -> list[int]:
    return [i for i, card in enumerate(game.position.cells, start=1) if card is None]


def empty_columns(game: Game) -> list[int]:
    return [i for i, cards in enumerate(game.position.columns, start=1) if not cards]


def worked(game: Game) -> None:
    """2 free cells (6 and 8), column 7 empty; K♥ Q♥ J♥ end column 3 and go there in one move."""
    assert free_cells(game) == [6, 8] and empty_columns(game) == [7]
    assert column(game, 3)[-3:] == ["KH", "QH", "JH"] and len(column(game, 3)) > 3
    assert run_length(game.position.columns[2]) == 3
    position = game.position
    assert capacity(position.free_cells, position.empty_columns, to_empty_column=True) == 3
    assert capacity(2, 1, to_empty_column=True) == 3
    move = Move.parse("37x3")
    assert game.double_tap(Pile.column(3), len(column(game, 3)) - 3) == move
    moves = game.moves
    game.play(move)
    assert column(game, 7) == ["KH", "QH", "JH"] and game.moves == moves + 1


def worked_refused(game: Game) -> None:
    """2 free cells (5 and 8), column 2 empty; K♥ Q♥ J♥ 10♥ end column 1: refused, capacity 3."""
    assert free_cells(game) == [5, 8] and empty_columns(game) == [2]
    assert column(game, 1)[-4:] == ["KH", "QH", "JH", "TH"] and len(column(game, 1)) > 4
    with pytest.raises(IllegalMoveError) as refused:
        check(game.position, Move.parse("12x4"))
    assert refused.value.code == "capacity"
    assert refused.value.params == {"count": 4, "limit": 3, "free_cells": 2, "empty_columns": 1}
    assert capacity(3, 1, to_empty_column=True) == 4 and capacity(2, 2, to_empty_column=True) == 6


def group(game: Game) -> None:
    """Cells 2 and 5 free, column 5 empty: capacity 6; 10♥ 9♥ 8♥ 7♥ onto the J♥ of column 3."""
    assert free_cells(game) == [2, 5] and empty_columns(game) == [5]
    position = game.position
    assert capacity(position.free_cells, position.empty_columns) == 6 and capacity(2, 0) == 3
    assert column(game, 7) == ["TH", "9H", "8H", "7H"] and column(game, 3)[-1] == "JH"
    assert is_legal(game.position, Move.parse("73x4"))
    game.play(Move.parse("73x4"))
    assert empty_columns(game) == [5, 7]


def tap(game: Game) -> None:
    """A♣ on its foundation; a tap on the 2♣ (column 5) sends it there for +10; a tap on
    the 7♥ (column 1) moves nothing, the hearts foundation being empty."""
    assert game.position.foundations == (0, 0, 0, 1)
    assert column(game, 5)[-1] == "2C" and column(game, 1)[-1] == "7H"
    assert game.tap(Pile.column(5)) == Move.parse("5C")
    assert game.tap(Pile.column(1)) is None
    score = game.score
    assert game.play(Move.parse("5C")) == 10 and game.score == score + 10


def double_tap(game: Game) -> None:
    """A fresh deal: the A♥ (column 2) to its foundation though the 2♥ (column 4) takes it;
    the 2♣ (column 6) onto the 3♣ (column 8); the Q♠ (column 1) to cell 5."""
    assert game.moves == 0 and game.position == game.code.deal()
    assert column(game, 2)[-1] == "AH" and column(game, 4)[-1] == "2H"
    assert is_legal(game.position, Move.parse("24"))
    assert column(game, 6)[-1] == "2C" and column(game, 8)[-1] == "3C"
    assert column(game, 1)[-1] == "QS" and free_cells(game)[0] == 5
    tops = {i: len(column(game, i)) - 1 for i in (1, 2, 6)}
    assert game.double_tap(Pile.column(2), tops[2]) == Move.parse("2H")
    assert game.double_tap(Pile.column(6), tops[6]) == Move.parse("68")
    assert game.double_tap(Pile.column(1), tops[1]) == Move.parse("1e")


def take_back(game: Game) -> None:
    """A♠ 2♠ on their foundation; the 2♠ may go back onto the 3♠ (column 8) or into a
    free cell, for no points; a tap or double tap on the foundation moves nothing."""
    assert game.position.foundations[0] == 2 and column(game, 8)[-1] == "3S"
    move = Move.parse("S8")
    assert is_legal(game.position, move) and move.points == 0
    assert is_legal(game.position, Move(Pile.foundation("S"), Pile.cell(free_cells(game)[0])))
    assert game.tap(Pile.foundation("S")) is None
    assert game.double_tap(Pile.foundation("S"), 1) is None
    score = game.score
    game.play(move)
    assert game.score == score


def undo_group(game: Game) -> None:
    """The group example one move later: one undo puts the 4 hearts back on column 7, one
    move fewer, the same score, the group example's position."""
    assert game.undo_stack[-1] == Move.parse("73x4")
    assert column(game, 3)[-4:] == ["TH", "9H", "8H", "7H"] and 7 in empty_columns(game)
    moves, score = game.moves, game.score
    assert game.undo() == Move.parse("73x4")
    assert column(game, 7) == ["TH", "9H", "8H", "7H"]
    assert (game.moves, game.score) == (moves - 1, score)
    assert game.position == replay(pages.load_examples()["group"].link("en")).position


CLAIMS: dict[str, tuple[Callable[[Game], None], list[str]]] = {
    "worked": (worked, ["K♥", "Q♥", "J♥"]),
    "worked-refused": (worked_refused, ["K♥", "Q♥", "J♥", "10♥"]),
    "group": (group, ["10♥", "9♥", "8♥", "7♥"]),
    "tap": (tap, ["2♣"]),
    "double-tap": (double_tap, ["Q♠", "A♥", "2♣"]),
    "take-back": (take_back, ["2♠"]),
    "undo-group": (undo_group, ["10♥", "9♥", "8♥", "7♥"]),
}
"""What each example's text says, checked on the position its link opens, and the cards
its picture highlights (columns left to right, then the foundations)."""


def test_every_example_has_its_claims_checked() -> None:
    assert tuple(CLAIMS) == EXAMPLES


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_example_link_shows_what_the_text_says(
    read: Callable[[str, str], Page], lang: str, name: str
) -> None:
    figures = read(lang, "examples").figures
    assert len(figures) == len(EXAMPLES)
    figure = figures[EXAMPLES.index(name)]
    assert figure.link is not None
    assert figure.link.startswith(f"{GAME}?lang={lang}&deal=")
    game = replay(figure.link)
    claims, marked = CLAIMS[name]
    assert figure.marked == marked
    assert figure.columns == [[pages.card_face(c) for c in cards] for cards in game.position.columns]
    claims(game)

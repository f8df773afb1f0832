"""The game in our players' languages (issue 10, docs/i18n.md): Hebrew right to left from
the loading screen on, Ukrainian chosen in the settings without a reload and without
touching the game, a refused move's reason and the win message (plural forms) in that
language, the page links to the pages in that language; and the pseudo-language, where
any text that is not pseudo-localised escaped the catalogue, with nothing overflowing at
360×640.

Expected words come from the catalogues the build compiled (build/locale), read by the
page's own eightoff/web/words/i18n.py in this process."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from eightoff import DealCode, Game, IllegalMoveError, Move, Pile
from eightoff.rules import check
from eightoff.web.words import engine_errors, i18n
from eightoff.web.words.speech import pile_label
from tests.fcsolve import Solution, solution

from .helpers import PHONE, ROOT, Player, expect_board, expect_numbers, open_fresh, open_page

CODE = "EO1-C8-AAAAAFA"
COMPILED = ROOT / "build" / "locale"  # tools/sitebuild/catalogues.py


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """The page's words in ``lang`` for the test's expectations."""
    saved = i18n.LOCALE_DIR
    i18n.LOCALE_DIR = COMPILED
    try:
        assert i18n.set_language(lang) == lang
        yield
    finally:
        i18n.LOCALE_DIR = saved
        i18n.set_language("en")


def words(lang: str, make: Callable[[], str]) -> str:
    with speaking(lang):
        return make()


def hold_python(page: Page) -> None:
    """Keep the game from ever starting: its main.py never arrives, so the loading
    screen stays."""
    page.route("**/static/main.*.py", lambda route: None)


def loading_screen(page: Page, site_url: str, query: str) -> None:
    hold_python(page)
    page.goto(f"{site_url}index.html?{query}", wait_until="domcontentloaded")
    expect(page.locator("#loading .loading-title")).not_to_be_empty()


def test_hebrew_is_right_to_left_from_the_loading_screen_on(page: Page, site_url: str) -> None:
    loading_screen(page, site_url, "lang=he")
    root = page.locator("html")
    expect(root).to_have_attribute("lang", "he")
    expect(root).to_have_attribute("dir", "rtl")
    expect(page.locator(".loading-title")).to_have_text(
        words("he", lambda: i18n.pgettext("loader", "Eight Off"))
    )
    assert page.evaluate("getComputedStyle(document.querySelector('#loading')).direction") == "rtl"
    page.unroute_all(behavior="ignoreErrors")

    open_fresh(page, site_url, f"deal={CODE}&lang=he", PHONE)
    expect(root).to_have_attribute("dir", "rtl")
    expect(page.locator("#undo .label")).to_have_text(words("he", lambda: i18n._("Undo")))
    # The board keeps its column order: column 1 at the left, as the deal code numbers them.
    lefts = [page.locator(f'[data-pile="column-{n}"]').bounding_box()["x"] for n in range(1, 9)]  # type: ignore[index]
    assert lefts == sorted(lefts)
    assert page.evaluate("getComputedStyle(document.querySelector('#board')).direction") == "ltr"
    assert page.evaluate("getComputedStyle(document.querySelector('.bar')).direction") == "rtl"
    expect(page.locator("#deal-code")).to_have_attribute("dir", "ltr")
    expect(page.locator("#deal-code")).to_have_text(CODE)
    expect(page.locator('a[data-page="faq"]')).to_have_attribute("href", "he/faq.html")


def test_the_browser_language_is_the_first_visit_s_language(page: Page, site_url: str) -> None:
    page.add_init_script("Object.defineProperty(navigator, 'languages', {get: () => ['fr-FR', 'nl-BE']})")
    open_fresh(page, site_url, f"deal={CODE}", PHONE)
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.locator("#new-game .label")).to_have_text(words("nl", lambda: i18n._("New")))


@pytest.mark.same_tab
def test_ukrainian_chosen_in_the_settings_leaves_the_game_alone(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}", PHONE)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    game = Game.new(DealCode.parse(CODE))
    player = Player(page)
    for move in ("1e", "1f"):
        player.play(game, Move.parse(move))
    page.evaluate("window.loads = (window.loads || 0) + 1")

    page.locator("#settings").click()
    picker = page.locator("select#language")
    assert picker.locator("option").all_inner_texts() == [i18n.NAMES[lang] for lang in i18n.LANGUAGES]
    picker.select_option("uk")
    with speaking("uk"):
        expect(page.locator("html")).to_have_attribute("lang", "uk")
        expect(page.locator("html")).to_have_attribute("dir", "ltr")
        expect(page.locator("#settings-dialog h2")).to_have_text(i18n._("Settings"))  # the open dialog
        page.keyboard.press("Escape")
        assert page.evaluate("window.loads") == 1  # no reload
        expect(page.locator("#undo .label")).to_have_text(i18n._("Undo"))
        expect(page.locator("#board")).to_have_attribute(
            "aria-label", i18n._("The board: 8 columns, the cells and the 4 foundations")
        )
        expect(page.locator('[data-pile="column-1"]')).to_have_attribute(
            "aria-label", pile_label(game.position, "column-1")
        )
        for page_name, text in (("rules", "Rules"), ("examples", "Examples"), ("faq", "FAQ")):
            link = page.locator(f'a[data-page="{page_name}"]')
            expect(link).to_have_text(i18n._(text))
            expect(link).to_have_attribute("href", f"uk/{page_name}.html")
        # The game is the same: deal, moves, score; undo still works.
        expect(page.locator("#deal-code")).to_have_text(CODE)
        expect_numbers(page, game.score, game.moves)
        expect_board(page, game.position)
        page.locator("#undo").click()
        game.undo()
        expect_board(page, game.position)
        expect_numbers(page, game.score, game.moves)
        # A refused move's reason, in Ukrainian.
        refused = Move(Pile.column(1), Pile.column(2))
        with pytest.raises(IllegalMoveError) as error:
            check(game.position, refused)
        reason = engine_errors.error_text(error.value)
        assert reason != words("en", lambda: engine_errors.error_text(error.value))
        player.drag(str(game.position.cards(Pile.column(1))[-1]), "column-2")
        expect(page.locator("#status")).to_have_text(reason)
    # Kept with the settings: the next visit speaks Ukrainian.
    open_page(page, site_url, f"deal={CODE}")
    expect(page.locator("html")).to_have_attribute("lang", "uk")
    page.evaluate("localStorage.clear()")  # the profile is shared: the next tests start in English


@pytest.fixture(scope="module")
def winning_line() -> Solution:
    return solution(CODE)


@pytest.mark.same_tab
def test_the_win_message_counts_in_ukrainian(page: Page, site_url: str, winning_line: Solution) -> None:
    """The position one move before the end, opened by its link; the last move wins."""
    *before, last = winning_line.moves
    game = Game.new(DealCode.parse(CODE))
    for move in before:
        game.play(move)
    link = ".".join(str(move) for move in before)
    open_fresh(page, site_url, f"deal={CODE}&moves={link}&lang=uk", PHONE)
    expect_board(page, game.position)
    Player(page).play(game, last)
    assert game.is_won
    with speaking("uk"):
        text = i18n.ngettext(
            "Score {score} in {moves} move.",
            "Score {score} in {moves} moves.",
            game.moves,
            score=game.score,
            moves=game.moves,
        )
        expect(page.locator("#win h2")).to_have_text(i18n._("You won!"))
    expect(page.locator("#win-text")).to_have_text(text)
    # The form of the count is Ukrainian's: 2, 3, 4 (not 12–14) take "ходи", others "ходів".
    form = "ходи" if game.moves % 10 in (2, 3, 4) and game.moves % 100 not in (12, 13, 14) else "ходів"
    assert form in text, text


# -- the pseudo-language -----------------------------------------------------------

UNTRANSLATED = """(root) => {
    // Every visible text and every accessible name or title under root that does not come
    // from the pseudo-language: numbers, the deal code, card faces and icons aside.
    const exempt = (el) => el.closest(
        '#score, #moves, #deal-code, .card .corner, .card .pip, .icon, option, select');
    const visible = (el) => el.checkVisibility ? el.checkVisibility() : !!el.offsetParent;
    const bad = [];
    const pseudo = (text) => /^\\[.*\\]$/s.test(text.trim());
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement, text = node.textContent.trim();
        if (!/\\p{L}/u.test(text) || exempt(el) || !visible(el)) continue;  // no letter: a number, an icon
        if (!pseudo(el.textContent)) bad.push(text);
    }
    for (const el of root.querySelectorAll('[aria-label], [title]')) {
        if (!visible(el) && !el.closest('[data-pile]')) continue;
        for (const name of ['aria-label', 'title']) {
            const value = el.getAttribute(name);
            if (value && !pseudo(value)) bad.push(name + ': ' + value);
        }
    }
    return bad;
}"""

OVERFLOWING = """(root) => {
    // Elements under root that stick out of the window or whose text overflows its box,
    // and buttons, links and stats of one row that overlap.
    const bad = [];
    const width = document.documentElement.clientWidth;
    const boxes = root.querySelectorAll('button, a, label, legend, h1, h2, p, li, select, .stat, output');
    for (const el of boxes) {
        const shown = el.checkVisibility ? el.checkVisibility() : el.offsetParent;
        if (!shown || el.closest('.visually-hidden')) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.left < -0.5 || r.right > width + 0.5) bad.push('outside: ' + el.outerHTML.slice(0, 80));
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
            bad.push('clipped: ' + el.outerHTML.slice(0, 80));
    }
    for (const group of root.querySelectorAll('.tools, .info, .guide, .buttons')) {
        const items = [...group.children].filter((c) => c.getBoundingClientRect().width > 0);
        for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
            const a = items[i].getBoundingClientRect(), b = items[j].getBoundingClientRect();
            const apart = a.right <= b.left + 0.5 || b.right <= a.left + 0.5
                || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
            if (!apart) bad.push('overlap: ' + items[i].outerHTML.slice(0, 60));
        }
    }
    return bad;
}"""


def check_pseudo(page: Page, selector: str) -> None:
    root = page.locator(selector)
    assert root.evaluate(UNTRANSLATED) == [], selector
    assert root.evaluate(OVERFLOWING) == [], selector


def test_every_text_comes_from_the_catalogue_and_fits(page: Page, site_url: str) -> None:
    page.set_viewport_size(PHONE)
    loading_screen(page, site_url, "lang=qps")
    check_pseudo(page, "#loading")
    page.unroute_all(behavior="ignoreErrors")

    open_fresh(page, site_url, f"deal={CODE}&lang=qps", PHONE)
    expect(page.locator("html")).to_have_attribute("lang", "qps")
    assert page.title().startswith("[")
    check_pseudo(page, "#app")
    # A refused move's reason.
    game = Game.new(DealCode.parse(CODE))
    Player(page).drag(str(game.position.cards(Pile.column(1))[-1]), "column-2")
    expect(page.locator("#status")).to_have_text(_any_pseudo())
    check_pseudo(page, "#status")
    # Every dialog: New Game (with a code typed, good then bad), settings, keys, the question.
    page.locator("#new-game").click()
    page.locator("#code-input").fill("EO1-C4-AAAAAFA")
    expect(page.locator("#code-message")).to_have_text(_any_pseudo())
    check_pseudo(page, "#new-game-dialog")
    page.locator("#code-input").fill("EO1-C4-AAAA")
    expect(page.locator("#code-message")).to_have_text(_any_pseudo())
    check_pseudo(page, "#new-game-dialog")
    page.keyboard.press("Escape")
    page.locator("#settings").click()
    check_pseudo(page, "#settings-dialog")
    page.keyboard.press("Escape")
    page.keyboard.press("?")
    expect(page.locator("#help-dialog")).to_be_visible()
    check_pseudo(page, "#help-dialog")
    page.keyboard.press("Escape")
    Player(page).play(game, Move.parse("1e"))
    page.locator("#stats-button").click()
    expect(page.locator("#stats")).to_be_visible()
    check_pseudo(page, "#stats")
    page.keyboard.press("Escape")
    page.locator("#new-game").click()
    page.locator("#random-deal").click()  # over a game in progress: kept as the last game
    page.locator("#new-game").click()
    expect(page.locator("#back-to-last")).to_be_visible()
    check_pseudo(page, "#new-game-dialog")
    page.keyboard.press("Escape")
    page.locator("#stats-button").click()
    page.locator("#reset-stats").click()
    expect(page.locator("#confirm")).to_be_visible()
    check_pseudo(page, "#confirm")
    # The replay bar, opened by a replay link.
    open_fresh(page, site_url, f"deal={CODE}&moves=1e&replay=1&lang=qps", PHONE)
    expect(page.locator("#replay")).to_be_visible()
    check_pseudo(page, "#replay")


def _any_pseudo() -> Any:
    import re

    return re.compile(r"^\[.*\]$", re.DOTALL)

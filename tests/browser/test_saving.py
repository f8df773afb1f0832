"""Nothing is lost: saving after every action, the deal in the address, bad addresses,
damaged storage, two tabs and a full quota (issue 4, browser half; docs/storage.md)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Dialog, Page, expect

from eightoff import DealCode, Game, Move
from eightoff.web.storage.store import BACKUP_KEY, KEY

from .harness import watched_tab
from .helpers import (
    BLANK,
    Player,
    board_of,
    dealt,
    expect_board,
    expect_numbers,
    open_fresh,
    open_page,
    read_board,
    reopen,
)

CODE = "EO1-C8-AAAAAFA"
COUNT_ELEMENTS = "document.getElementsByTagName('*').length"


def started(page: Page, site_url: str) -> Game:
    """CODE with two moves played (one of them home-free): a game in progress."""
    open_fresh(page, site_url, f"deal={CODE}")
    game = Game.new(DealCode.parse(CODE))
    player = Player(page)
    for move in (Move.parse("1e"), Move.parse("af")):
        player.play(game, move)
    return game


def test_a_reload_keeps_the_position_the_score_and_undo(page: Page, site_url: str) -> None:
    game = find_scoring_start(page, site_url)
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    expect_board(page, game.position)
    expect_numbers(page, game.score, game.moves)
    expect(page.locator("#deal-code")).to_have_text(str(game.code))
    page.locator("#undo").click()
    game.undo()
    expect_board(page, game.position)
    expect_numbers(page, game.score, game.moves)
    page.locator("#redo").click()
    game.redo()
    expect_numbers(page, game.score, game.moves)


def find_scoring_start(page: Page, site_url: str, query: str = "") -> Game:
    """A deal with a tap home at the start (the address also holds ``query``): tap it, then
    one more move."""
    from .helpers import find

    game = find(lambda g: any(g.tap(p) for p in g.position.piles()))
    open_fresh(page, site_url, f"deal={game.code}" + (f"&{query}" if query else ""))
    player = Player(page)
    pile = next(p for p in game.position.piles() if game.tap(p))
    player.play(game, game.tap(pile))  # type: ignore[arg-type]
    free = next(p for p in game.position.piles() if p.is_cell and not game.position.size(p))
    column = next(p for p in game.position.piles() if p.is_column and game.position.size(p))
    player.play(game, Move(column, free))
    assert game.score == 10
    return game


@pytest.fixture
def fresh_page(browser: Browser, site_url: str) -> Iterator[Page]:
    """A page in a brand-new browser context (empty storage), watched strictly."""
    with watched_tab(browser, site_url) as tab:
        yield tab


def test_the_address_deals_exactly_its_code_in_a_fresh_context(fresh_page: Page, site_url: str) -> None:
    code = "EO1-C4-HELLO23"
    open_page(fresh_page, site_url, f"deal={code.lower()}")
    assert read_board(fresh_page) == board_of(dealt(code))
    expect(fresh_page.locator("#deal-code")).to_have_text(code)
    assert fresh_page.url.endswith(f"index.html?deal={code}")


BAD = {
    "wrong prefix": ("XX1-C8-AAAAAFA", "A deal code starts with EO1- (like EO1-C8-AAAAAFA)."),
    "C9": ("EO1-C9-AAAAAFA", "The cell count must be C8, C4 or C2."),
    "6 characters": ("EO1-C8-AAAAAF", "The deal number has 7 characters, not 6."),
    "8 characters": ("EO1-C8-AAAAAFAA", "The deal number has 7 characters, not 8."),
    "outside the alphabet": ("EO1-C8-AAAAA9A", "“9” is not allowed in a deal code"),
    "a one for I or L": ("EO1-C8-AAAAA1A", "“1” (one) is not in deal codes: type the letter I or L."),
    "markup": ("EO1-C8-<b>ABCD", "“<” is not allowed in a deal code"),
    "script": ("<script>window.injected=1</script>", "A deal code starts with EO1-"),
    "attribute": ('EO1-C8-"><img src=x onerror=window.injected=1>', "The deal number has 7 characters"),
}


@pytest.mark.same_tab
@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_code_in_the_address_loses_nothing_and_injects_nothing(
    page: Page, site_url: str, case: str
) -> None:
    """Each address given to a start of the game in the booted tab (the start reads the
    address as a boot does: helpers.restart); one of them through a real boot below."""
    bad, reason = BAD[case]
    game = started(page, site_url)
    reopen(page, site_url)  # the same game, started without a code: the reference
    normal = page.evaluate(COUNT_ELEMENTS)
    with dialogs_opened(page) as dialogs:
        reopen(page, site_url, "deal=" + quote(bad, safe=""))
        expect_refused(page, game, reason, normal, dialogs)


@contextmanager
def dialogs_opened(page: Page) -> Iterator[list[str]]:
    """The messages of the alerts, confirms and prompts the page opens in the block, each
    dismissed (the tab may be kept booted for the next test: nothing is left listening)."""
    dialogs: list[str] = []

    def seen(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", seen)
    try:
        yield dialogs
    finally:
        page.remove_listener("dialog", seen)


def expect_refused(page: Page, game: Game, reason: str, elements: int, dialogs: list[str]) -> None:
    """The page says why the address's code was refused, keeps ``game`` and the address of
    its deal, shows ``elements`` elements (no markup of the address's made it in) and
    opened no ``dialogs``."""
    status = page.locator("#status")
    expect(status).to_contain_text("The address holds a deal code that cannot be used:")
    expect(status).to_contain_text(reason)
    expect(status).to_contain_text("Your game is unchanged.")
    expect_board(page, game.position)
    expect_numbers(page, game.score, game.moves)
    assert page.evaluate(COUNT_ELEMENTS) == elements
    assert page.locator("#status *").count() == 0
    expect(page.locator("dialog[open]")).to_have_count(0)
    assert page.evaluate("window.injected") is None
    assert dialogs == []
    assert page.url.endswith(f"?deal={CODE}")


@pytest.mark.same_tab
def test_a_link_to_another_deal_opens_it_and_undo_brings_back_the_game_in_progress(
    page: Page, site_url: str
) -> None:
    game = started(page, site_url)
    other = "EO1-C4-AAAAAFA"
    reopen(page, site_url, f"deal={other}")
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect_board(page, dealt(other))
    expect_numbers(page, 0, 0)
    assert page.url.endswith(f"?deal={other}")
    expect(page.locator("#status")).to_contain_text(f"Undo brings back the last game ({game.moves} move")
    page.keyboard.press("Control+z")
    expect_board(page, game.position)
    expect(page.locator("#deal-code")).to_have_text(CODE)
    assert page.url.endswith(f"?deal={CODE}")


def test_a_bad_code_in_the_address_of_a_boot_injects_nothing(page: Page, site_url: str) -> None:
    bad, reason = BAD["script"]
    game = started(page, site_url)
    open_page(page, site_url)  # the same game, reloaded without a code: the reference page
    normal = page.evaluate(COUNT_ELEMENTS)
    with dialogs_opened(page) as dialogs:
        open_page(page, site_url, "deal=" + quote(bad, safe=""))
        expect_refused(page, game, reason, normal, dialogs)


def test_damaged_storage_gives_a_notice_and_keeps_a_backup(page: Page, site_url: str) -> None:
    blank = site_url + "__blank__.html"
    page.route(blank, lambda route: route.fulfill(body=BLANK, content_type="text/html"))
    page.goto(blank)
    damaged = '{"schema": 1, "revision": 3, "game": {"code": "EO1-C8-AAAAAFA"'
    page.evaluate(
        "([key, value]) => { localStorage.clear(); localStorage.setItem(key, value); }", [KEY, damaged]
    )
    open_page(page, site_url)
    expect(page.locator("#status")).to_have_text(
        "The saved game could not be read: it was set aside and a new game started."
    )
    assert page.evaluate("key => localStorage.getItem(key)", BACKUP_KEY) == damaged
    expect_numbers(page, 0, 0)


def test_two_tabs_never_silently_overwrite_each_other(page: Page, site_url: str) -> None:
    game = started(page, site_url)
    other = page.context.new_page()
    try:
        open_page(other, site_url)
        expect_board(other, game.position)
        Player(page).play(game, Move.parse("bg"))
        expect_board(other, game.position)
        expect_numbers(other, game.score, game.moves)
        expect(other.locator("#status")).to_have_text(
            "The game was played on in another tab: this tab now shows that game."
        )
        Player(other).play(game, Move.parse("ch"))
        expect_board(page, game.position)
        expect_numbers(page, game.score, game.moves)
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached")
        expect_board(page, game.position)
    finally:
        other.close()


FILL = """() => { let i = 0, size = 1 << 20;
  while (size >= 1) {
    try { localStorage.setItem('fill-' + i++, 'x'.repeat(size)); } catch (e) { size >>= 1; }
  } }"""


EMPTY = """() => Object.keys(localStorage).filter(k => k.startsWith('fill-'))
  .forEach(k => localStorage.removeItem(k))"""


def test_a_full_quota_stops_saving_but_not_play(page: Page, site_url: str) -> None:
    game = started(page, site_url)
    page.evaluate(FILL)
    player = Player(page)
    player.play(game, Move.parse("bg"))
    expect(page.locator("#status")).to_have_text(
        "The browser's storage is full: your moves are no longer saved. Play goes on."
    )
    player.play(game, Move.parse("ch"))
    expect_board(page, game.position)
    page.evaluate(EMPTY)
    player.play(game, Move.parse("ha"))
    expect(page.locator("#status")).to_have_text("Saving works again.")
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    expect_board(page, game.position)

"""Hostile input in the real page (issue 20, ../shared/reviews/reliability.md): garbage in
``localStorage`` at boot and from another tab (the review's 10,000-level nesting included,
which overflowed Pyodide's C stack and bricked the game), nested and oversized backups
through the Import button, a solver worker that fails to start or never answers, look-alike
deal codes in the address and in the code field, long bad links. Each case asserts the
exact words the player gets and that nothing saved was lost."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from eightoff import DealCode, Game, Move
from eightoff.web.links.address import decode_moves, encode_moves
from eightoff.web.storage.json_text import MAX_CHARS
from eightoff.web.storage.store import ASIDE_CHARS, BACKUP_KEY, KEY
from eightoff.winnable import is_catalogued, level_of
from tests.players import long_game

from .harness import StrictPage, watched_tab
from .helpers import BLANK, Player, clipboard, expect_board, expect_numbers, open_page
from .test_record import almost_won, open_with, record_of, stored
from .test_saving import EMPTY, FILL, started

CODE = DealCode.parse("EO1-C8-AAAAAFA")
FIRST_HINT_MS = 60_000
CORRUPT = "The saved game could not be read: it was set aside and a new game started."
SET_ASIDE = (
    "Something that was not a saved game of Eight Off was found in the browser's storage: it was "
    "set aside and your game was saved in its place."
)
REVIEW_DEEP = "'['.repeat(10000) + ']'.repeat(10000)"
"""The review's exact value (D1): 20 KB of nested arrays."""

GARBAGE_JS = {
    "the review's 10,000 nested arrays": REVIEW_DEEP,
    "100,000 nested objects": "'{\"a\":'.repeat(100000) + '1' + '}'.repeat(100000)",
    "200,000 opening brackets": "'['.repeat(200000)",
    "a deep record inside a good one": (
        "'{\"schema\":3,\"revision\":1,\"x\":' + '['.repeat(400000) + ']'.repeat(400000) + '}'"
    ),
    "more than a million characters": f"'\"' + 'x'.repeat({MAX_CHARS}) + '\"'",
    "a NUL and a lone surrogate": "'\\u0000\\ud800'",
    "an empty string": "''",
    "another app's object": '\'{"theme":"dark","user":{"id":42}}\'',
}
"""Values for the state key, as JavaScript expressions (built in the page: no 800 KB
argument through the driver)."""


def put_in_storage(page: Page, site_url: str, expression: str) -> str:
    """Clear storage, put ``expression``'s value under the state key; returns the value."""
    blank = site_url + "__blank__.html"
    page.route(blank, lambda route: route.fulfill(body=BLANK, content_type="text/html"))
    page.goto(blank)
    value = page.evaluate(
        f"key => {{ const v = {expression}; localStorage.clear(); localStorage.setItem(key, v); return v; }}",
        KEY,
    )
    page.unroute(blank)
    return str(value)


def backup_of(page: Page) -> str | None:
    value = page.evaluate("key => localStorage.getItem(key)", BACKUP_KEY)
    return None if value is None else str(value)


@pytest.mark.parametrize("case", GARBAGE_JS)
def test_garbage_in_storage_at_boot_is_set_aside_and_a_fresh_game_starts(
    page: Page, site_url: str, case: str
) -> None:
    value = put_in_storage(page, site_url, GARBAGE_JS[case])
    page.emulate_media(reduced_motion="reduce")
    open_page(page, site_url)
    expect(page.locator("#status")).to_have_text(CORRUPT)
    expect_numbers(page, 0, 0)
    assert backup_of(page) == value[:ASIDE_CHARS]  # kept, exactly, up to the slot's bound (issue 38)
    record = json.loads(stored(page))  # the fresh game is saved over it
    assert record["game"]["moves"] == 0
    page.reload()  # and the next start is an ordinary one
    page.wait_for_selector("html[data-ready]", state="attached")
    expect(page.locator("#status")).to_have_text("")
    assert backup_of(page) == value[:ASIDE_CHARS]


WRITES_JS = {
    "the review's 10,000 nested arrays": REVIEW_DEEP,
    "10,000 nested objects": "'{\"a\":'.repeat(10000) + '1' + '}'.repeat(10000)",
    "not JSON": "'hello'",
}


@pytest.mark.parametrize("case", WRITES_JS)
def test_garbage_written_by_another_tab_is_set_aside_and_the_game_saved_over_it(
    page: Page, site_url: str, case: str
) -> None:
    """D1, written while the game is open: the tab says so, saves its game at once (a
    reload finds it), and saving goes on."""
    game = long_game(5)
    open_with(page, site_url, record_of(game), "")
    other = page.context.new_page()  # another page of the origin
    try:
        other.route(
            site_url + "__other__.html", lambda route: route.fulfill(body=BLANK, content_type="text/html")
        )
        other.goto(site_url + "__other__.html")
        write = f"key => {{ const v = {WRITES_JS[case]}; localStorage.setItem(key, v); return v; }}"
        value = str(other.evaluate(write, KEY))
    finally:
        other.close()
    expect(page.locator("#status")).to_have_text(SET_ASIDE)
    assert backup_of(page) == value
    assert json.loads(stored(page))["game"]["moves"] == game.moves
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    expect_board(page, game.position)
    expect_numbers(page, game.score, game.moves)


# -- backups through the Import button --------------------------------------------------

DEEP_FILES = {
    "10,000 nested arrays": b"[" * 10_000 + b"]" * 10_000,
    "10,000 nested objects": b'{"a":' * 10_000 + b"1" + b"}" * 10_000,
    "400,000 levels inside a backup": b'{"format":"eightoff-backup","version":1,"record":'
    + b"[" * 400_000
    + b"]" * 400_000
    + b"}",
}
DEEP = "This file cannot be imported: It nests far deeper than a backup (it is not a backup file)."
TOO_BIG = "This file cannot be imported: It is far bigger than a backup."


def choose(page: Page, folder: Path, name: str, data: bytes) -> None:
    """The player picks the file ``name`` holding ``data`` (written into ``folder``: a file
    on disk goes to the page by its path, where a 20 MB buffer sent through the driver took
    40 s on a loaded machine)."""
    path = folder / name
    path.write_bytes(data)
    page.locator("#import-file").set_input_files(path)


@pytest.mark.same_tab
def test_nested_and_oversized_backups_are_refused_and_nothing_goes_dead(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    """D2, D12: each refused in words, storage byte-identical; then a good file is still
    read, Share and Copy link still work (one asyncio loop serves them all)."""
    game, stats = almost_won()
    open_with(page, site_url, record_of(game, stats))
    before = stored(page)
    page.locator("#stats-button").click()
    with page.expect_download() as caught:
        page.locator("#export").click()
    good = Path(caught.value.path()).read_bytes()
    before = stored(page)  # the record now says when its last backup was made (issue 38)
    for name, data in DEEP_FILES.items():
        choose(page, tmp_path, f"{name}.json", data)
        expect(page.locator("#import-message")).to_have_text(DEEP)
        page.locator("#import-message").evaluate("node => node.textContent = ''")
    choose(page, tmp_path, "big.json", b" " * (MAX_CHARS + 1))
    expect(page.locator("#import-message")).to_have_text(TOO_BIG)
    choose(page, tmp_path, "huge.json", b"[" * (20 * MAX_CHARS))  # refused by its size, unread
    expect(page.locator("#import-message")).to_have_text(TOO_BIG)
    assert stored(page) == before
    spoiled = json.loads(good)
    spoiled["record"]["stats"]["overall"]["won"] = "3"
    choose(page, tmp_path, "spoiled.json", json.dumps(spoiled).encode())
    expect(page.locator("#import-message")).to_have_text(
        "This file cannot be imported: Its statistics are damaged: “overall.won” is not a whole number."
    )
    choose(page, tmp_path, "good.json", good)
    expect(page.locator("#confirm-text")).to_contain_text(f"holds deal {game.code} after {game.moves} moves")
    page.locator("#confirm-no").click()
    assert stored(page) == before
    page.locator("dialog#stats [data-action=close]").click()
    with clipboard(page, site_url):
        page.locator("#stats-button").click()
        page.locator("#stats-share").click()
        seconds = json.loads(before)["stats"]["current"]["time"] // 1000  # the game's clock
        moves = encode_moves(game.undo_stack)
        url = f"{site_url}index.html?deal={game.code}&moves={moves}&time={seconds}&replay"
        expect(page.locator("#status")).to_have_text("Replay link copied.")
        assert page.evaluate("navigator.clipboard.readText()") == url
        page.locator("dialog#stats [data-action=close]").click()
        page.locator("#copy-link").click()
        expect(page.locator("#status")).to_have_text("Link copied.")
        assert page.evaluate("navigator.clipboard.readText()") == f"{site_url}index.html?deal={game.code}"
    assert stored(page) == before


# -- the solver's worker ------------------------------------------------------------------

WORKER = "**/hint-worker*.mjs"
FAILING_WORKER = (
    "self.onmessage = () => self.postMessage(JSON.stringify({error: 'TypeError: Failed to fetch'}));"
)
"""What the real worker answers when its Pyodide could not load (offline, nothing cached)."""
SILENT_WORKER = "self.onmessage = () => {};"


def serve_worker(body: str) -> object:
    def handler(route: Route) -> None:
        route.fulfill(body=body, content_type="text/javascript")

    return handler


@pytest.fixture
def eight_cells(page: Page, site_url: str) -> Iterator[Page]:
    """A new game of an 8-cell deal that can be won; each test routes the worker's address
    (in the shared tab, unrouted after it)."""
    open_with(page, site_url, record_of(Game.new(CODE)))
    yield page
    page.unroute(WORKER)


@pytest.fixture
def clocked(browser: Browser, site_url: str) -> Iterator[Page]:
    """``eight_cells`` in a browser context of its own, for Playwright's fake clock: it is
    installed for a whole context, and the shared one must keep real time for every later
    test (its timers would otherwise wait on a clock nobody runs)."""
    with watched_tab(browser, site_url, service_workers="block") as tab:
        open_with(tab, site_url, record_of(Game.new(CODE)))
        yield tab


@pytest.mark.same_tab
def test_a_failed_worker_start_is_said_and_the_next_hint_starts_a_fresh_one(eight_cells: Page) -> None:
    page = eight_cells
    page.route(WORKER, serve_worker(FAILING_WORKER))
    page.locator("#hint").click()
    expect(page.locator("#status")).to_have_text(
        "The solver could not start (is the connection down?). Ask for a hint again to retry.",
        timeout=FIRST_HINT_MS,
    )
    page.unroute(WORKER)  # back online
    page.locator("#hint").click()
    expect(page.locator("[data-card].hint").first).to_be_visible(timeout=FIRST_HINT_MS)
    expect(page.locator("#status")).to_contain_text("can go somewhere that keeps the game winnable.")


@pytest.mark.same_tab
def test_a_worker_that_cannot_load_its_script_is_said_too(eight_cells: Page, strict_page: StrictPage) -> None:
    page = eight_cells
    strict_page.expect_errors()  # the browser logs the failed load of the worker's script
    page.route(WORKER, lambda route: route.fulfill(status=503, body="down"))
    page.keyboard.press("h")
    expect(page.locator("#status")).to_have_text(
        "The solver could not start (is the connection down?). Ask for a hint again to retry.",
        timeout=FIRST_HINT_MS,
    )


@pytest.mark.same_tab
def test_a_winnable_8_cell_deal_needs_no_worker(eight_cells: Page) -> None:
    """Drawn from the certified catalogue on the page: a worker that fails is never asked."""
    page = eight_cells
    page.route(WORKER, serve_worker(FAILING_WORKER))
    for _ in range(2):
        page.locator("#new-game").click()
        page.locator("#new-game-dialog input[name=cells][value='8']").check()
        expect(page.locator("#winnable")).to_be_checked()
        page.locator("#random-deal").click()
        expect(page.locator("dialog[open]")).to_have_count(0)
        code = DealCode.parse(page.locator("#deal-code").text_content() or "")
        level = level_of(code)
        assert code.cells == 8 and is_catalogued(code) and level is not None
        expect(page.locator("#status")).to_have_text(f"New deal {code}. Level: {level.capitalize()}.")
        expect_numbers(page, 0, 0)


def test_a_worker_that_never_answers_is_given_up_in_time(clocked: Page) -> None:
    page = clocked
    page.route(WORKER, serve_worker(SILENT_WORKER))
    page.clock.install()
    page.locator("#hint").click()
    expect(page.locator("#status")).to_have_text("Looking for a winning line…")
    page.clock.run_for(59_000)
    expect(page.locator("#status")).to_have_text("Looking for a winning line…")
    page.clock.run_for(2_000)
    expect(page.locator("#status")).to_have_text(
        "The solver did not answer in time. Ask for a hint again to retry."
    )


# -- deal codes and links -------------------------------------------------------------------

LOOK_ALIKES = {
    "long s": ("eo1-c8-aaaaa\u017fa", "“\u017f (U+017F)” is not allowed in a deal code"),
    "ff ligature": ("eo1-c8-aaaa\ufb00a", "“\ufb00 (U+FB00)” is not allowed in a deal code"),
    "dotless i": ("eo1-c8-aaaaaf\u0131", "“\u0131 (U+0131)” is not allowed in a deal code"),
    "Kelvin sign": ("EO1-C8-AAAAAF\u212a", "“\u212a (U+212A)” is not allowed in a deal code"),
    "separators": ("\x1fEO1-C8-AAAAAFA\x1c", "“U+001F” is not allowed in a deal code"),
    "sharp s": ("EO1-C8-AAAAAF\u00df", "“\u00df (U+00DF)” is not allowed in a deal code"),
    "zero-width space": ("EO1-C8-AAA\u200bAAF", "“U+200B” is not allowed in a deal code"),
    "blanks for dashes": (
        "EO1 C8 AAAAAFA",
        "A deal code has three parts joined by dashes, like EO1-C8-AAAAAFA.",
    ),
}


@pytest.mark.same_tab
@pytest.mark.parametrize("case", LOOK_ALIKES)
def test_a_look_alike_code_in_the_address_is_refused_and_the_game_kept(
    page: Page, site_url: str, case: str
) -> None:
    text, reason = LOOK_ALIKES[case]
    game = long_game(5)
    open_with(page, site_url, record_of(game), "deal=" + quote(text, safe=""))
    status = page.locator("#status")
    expect(status).to_contain_text("The address holds a deal code that cannot be used: ")
    expect(status).to_contain_text(reason)
    expect(status).to_contain_text("Your game is unchanged.")
    expect(page.locator("#confirm")).to_be_hidden()
    expect_board(page, game.position)
    assert json.loads(stored(page))["game"]["moves"] == game.moves


@pytest.mark.same_tab
@pytest.mark.parametrize("case", LOOK_ALIKES)
def test_a_look_alike_code_typed_is_refused_and_play_stays_off(page: Page, site_url: str, case: str) -> None:
    text, reason = LOOK_ALIKES[case]
    open_with(page, site_url, record_of(long_game(3)))
    page.locator("#new-game").click()
    page.locator("#code-input").fill(text)
    expect(page.locator("#code-message")).to_contain_text(reason)
    expect(page.locator("#play-code")).to_be_disabled()


@pytest.mark.same_tab
def test_a_long_bad_move_token_is_said_once_and_cut(page: Page, site_url: str) -> None:
    game = long_game(5)
    open_with(page, site_url, record_of(game), "deal=EO1-C8-AAAAAFA&moves=" + "x" * 5000)
    text = (
        "Move 1 of the address (xxxxxxxxxxxx…) cannot be played: That is not a move "
        "(write it like 3a, a5, 3H or 26x3). Your game is unchanged."
    )
    expect(page.locator("#status")).to_have_text(text)
    assert len(page.locator("#announce").text_content() or "") < 400
    expect_board(page, game.position)


@pytest.mark.same_tab
def test_a_link_with_more_moves_than_a_share_link_holds_is_refused(page: Page, site_url: str) -> None:
    """D14: cycling 1e/e1 scores 5 a cycle (SPEC); a link is bounded to what Share writes."""
    game = long_game(5)
    open_with(page, site_url, record_of(game), "deal=EO1-C8-AAAAAFA&moves=" + "1ee1" * 1001)
    expect(page.locator("#status")).to_have_text(
        "Move 2,001 of the address (1e) cannot be played: A link holds at most 2,000 moves. "
        "Your game is unchanged."
    )
    expect(page.locator("#confirm")).to_be_hidden()
    expect_numbers(page, game.score, game.moves)


@pytest.mark.same_tab
def test_the_replay_message_stays(page: Page, site_url: str) -> None:
    open_with(page, site_url, record_of(long_game(5)), "deal=EO1-C8-AAAAAFA&moves=1e.ef&replay")
    expect(page.locator("#status")).to_have_text("Replay of deal EO1-C8-AAAAAFA, 2 moves. Your game is kept.")


POSITION = "EO1-C4-IH7TNZI"
POSITION_MOVES = "5H83bDab7a1C"


@pytest.mark.same_tab
def test_share_after_a_position_link_copies_its_moves(page: Page, site_url: str) -> None:
    """D7: the game opened from a link (over a game in progress, kept as the last game)
    shares the link's moves, and after "Play from here" the replay's."""
    moves = decode_moves(DealCode.parse(POSITION), POSITION_MOVES)
    assert isinstance(moves, tuple) and len(moves) == 6
    open_with(page, site_url, record_of(long_game(5)), f"deal={POSITION}&moves={POSITION_MOVES}")
    expect(page.locator("#moves")).to_have_text("6")
    assert json.loads(stored(page))["stats"]["current"]["path"] == ".".join(str(m) for m in moves)
    with clipboard(page, site_url):
        share(page, f"{site_url}index.html?deal={POSITION}&moves={encode_moves(moves)}&replay")
        # Replay -> three moves -> Play from here: Share copies those three.
        page.goto(f"{site_url}index.html?deal={POSITION}&moves={POSITION_MOVES}&replay=3")
        page.wait_for_selector("html[data-ready]", state="attached")
        expect(page.locator("#replay-step")).to_have_text("Move 3 of 6")
        page.locator("#replay-take-over").click()
        expect(page.locator("#moves")).to_have_text("3")
        share(page, f"{site_url}index.html?deal={POSITION}&moves={encode_moves(moves[:3])}&replay")


def share(page: Page, url: str) -> None:
    """Share from the Statistics window; the status and the clipboard hold ``url``."""
    page.locator("#stats-button").click()
    page.locator("#stats-share").click()
    expect(page.locator("#status")).to_have_text("Replay link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == url
    page.locator("dialog#stats [data-action=close]").click()


@pytest.mark.same_tab
def test_share_with_no_move_says_so_and_copies_nothing(page: Page, site_url: str) -> None:
    open_with(page, site_url, record_of(Game.new(DealCode.parse("EO1-C8-AAAAAFA"))))
    with clipboard(page, site_url):
        page.evaluate("navigator.clipboard.writeText('before')")
        page.locator("#stats-button").click()
        page.locator("#stats-share").click()
        expect(page.locator("#status")).to_have_text(
            "There is no move to share yet: a replay link needs a move."
        )
        assert page.evaluate("navigator.clipboard.readText()") == "before"


@pytest.mark.same_tab
def test_a_lasting_word_while_storage_is_full(page: Page, site_url: str) -> None:
    """The review's I-7: the "storage is full" toast fades; "Not saved" stays in the bar
    until a save works again."""
    game = started(page, site_url)
    unsaved = page.locator("#unsaved")
    expect(unsaved).to_be_hidden()
    page.evaluate(FILL)
    try:
        player = Player(page)
        player.play(game, Move.parse("bg"))
        expect(page.locator("#status")).to_have_text(
            "The browser's storage is full: your moves are no longer saved. Play goes on."
        )
        expect(unsaved).to_be_visible()
        expect(unsaved).to_have_text("Not saved")
        page.locator("#undo").click()
        game.undo()
        expect_numbers(page, game.score, game.moves)
        expect(unsaved).to_be_visible()  # still, with no new toast
    finally:
        page.evaluate(EMPTY)
    page.locator("#redo").click()
    expect(page.locator("#status")).to_have_text("Saving works again.")
    expect(unsaved).to_be_hidden()

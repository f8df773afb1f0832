"""The player's record in the page (issue 13): statistics after a win and a loss with the
chart, today's deal, a replay link (steps, a reload in the middle, "play from here"),
export then import, a bad import file, two tabs, and a short soak in the page's Pyodide."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from eightoff import DealCode, Game, Move, legal_moves
from eightoff.solver import solve
from eightoff.web.links.address import Link, encode_moves
from eightoff.web.storage import record as stored_record
from eightoff.web.storage.daily import daily_code
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Result, Stats, Tally
from eightoff.web.storage.store import KEY
from tests.players import long_game

from .helpers import (
    Player,
    clipboard,
    dealt,
    expect_board,
    expect_numbers,
    open_fresh,
    open_page,
    run_python,
)

CODE = DealCode.parse("EO1-C8-AAAAAFA")
LINE = tuple(solve(CODE.deal()).moves)
DAY = datetime.now(UTC).date().isoformat()


def open_with(page: Page, site_url: str, text: str, query: str = "") -> Page:
    """Open the page with ``text`` stored as the record (and nothing else stored); in the
    shared tab of a test marked ``same_tab``, the game started again from Python on it."""
    return open_fresh(page, site_url, query, stored={KEY: text})


def record_of(game: Game, stats: Stats | None = None) -> str:
    return stored_record.dump(1, "test", game, Settings(), stats)


def almost_won() -> tuple[Game, Stats]:
    """The solver's win of CODE but its last move, followed by the statistics."""
    game, stats = Game.new(CODE), Stats().begin(CODE)
    for move in LINE[:-1]:
        game.play(move)
        stats = stats.follow(game, DAY)
    return game, stats


def stored(page: Page) -> str:
    return str(page.evaluate("key => localStorage.getItem(key)", KEY))


def kept(page: Page) -> tuple[object, object]:
    """The stored game and statistics (a tab that starts saves them again, unchanged)."""
    record = json.loads(stored(page))
    return record["game"], record["stats"]


def stats_rows(page: Page) -> list[list[str]]:
    return page.locator("#stats-table tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.textContent))"
    )


@pytest.mark.same_tab
def test_statistics_after_a_win_and_a_loss_with_the_chart(page: Page, site_url: str) -> None:
    game, stats = almost_won()
    open_with(page, site_url, record_of(game, stats))
    Player(page).play(game, LINE[-1])
    expect(page.locator("#win")).to_be_visible()
    with clipboard(page, site_url):
        page.locator("#win-share").click()
        record = json.loads(page.evaluate(f"localStorage.getItem({KEY!r})"))
        seconds = record["stats"]["current"]["time"] // 1000  # the win's time, frozen on its clock
        url = f"{site_url}index.html?deal={CODE}&moves={encode_moves(LINE)}&time={seconds}&replay"
        expect(page.locator("#status")).to_have_text("Replay link copied.")
        assert page.evaluate("navigator.clipboard.readText()") == url
    page.locator("#win [data-action=win-new]").click()
    page.locator("#random-deal").click()  # a won game is replaced without asking
    expect(page.locator("#deal-code")).not_to_have_text(str(CODE))  # the worker's winnable deal
    code = DealCode.parse(page.locator("#deal-code").inner_text())
    fresh = Game.new(code)
    Player(page).play(fresh, next(m for m in legal_moves(fresh.position) if m.target.is_cell))
    page.locator("#new-game").click()
    page.locator("#random-deal").click()  # the game with a move is kept as the last game
    expect(page.locator("#deal-code")).not_to_have_text(str(code))  # once the worker's deal is there
    third = DealCode.parse(page.locator("#deal-code").inner_text())
    fresh = Game.new(third)
    Player(page).play(fresh, next(m for m in legal_moves(fresh.position) if m.target.is_cell))
    page.locator("#new-game").click()
    page.locator("#random-deal").click()  # the last game is dropped for good: a loss
    expect(page.locator("#deal-code")).not_to_have_text(str(third))
    page.locator("#stats-button").click()
    dialog = page.locator("dialog#stats")
    expect(dialog).to_be_visible()
    rows = stats_rows(page)
    assert rows[0] == ["", "All games", "8 cells", "4 cells", "2 cells"]
    assert rows[1:4] == [
        ["Games played", "3", "3", "0", "0"],
        ["Games won", "1", "1", "0", "0"],
        ["Win rate", "33%", "33%", "0%", "0%"],
    ]
    assert rows[6] == ["Best score", str(game.score), str(game.score), "0", "0"]
    assert rows[7] == ["Fewest moves to win", str(len(LINE)), str(len(LINE)), "–", "–"]
    bars = page.locator("#stats-chart rect")
    expect(bars).to_have_count(2)
    assert bars.evaluate_all("rs => rs.map(r => r.getAttribute('class'))") == ["bar won", "bar lost"]
    assert page.locator("#stats-chart").get_attribute("aria-labelledby") == "stats-summary"
    expect(page.locator("#stats-summary")).to_have_text(
        f"2 finished games, 1 won. Scores from 0 to {game.score}, {round(game.score / 2)} on average."
    )
    page.locator("#reset-stats").click()
    expect(page.locator("#confirm-text")).to_have_text("Reset all statistics? This cannot be undone.")
    page.locator("#confirm-yes").click()
    expect(page.locator("#stats-chart rect")).to_have_count(0)
    assert stats_rows(page)[1] == ["Games played", "0", "0", "0", "0"]


HISTORY_CSV = (
    "date,code,cells,level,result,hinted,score,moves,seconds\r\n"
    "2026-11-29,EO1-C4-V6B5AGZ,4,hard,won,yes,612,97,754.999\r\n"
    "2026-11-30,EO1-C8-AAAAAFA,8,,lost,no,25,3,\r\n"
)


@pytest.mark.same_tab
def test_the_averages_of_wins_and_the_history_as_csv(page: Page, site_url: str) -> None:
    won, lost = (
        Result("EO1-C4-V6B5AGZ", True, 612, 97, "2026-11-29", hinted=True, time=754_999),
        Result("EO1-C8-AAAAAFA", False, 25, 3, "2026-11-30"),
    )
    four, eight = Tally(started=1).end(True, 612, 97, 754_999), Tally(started=1).end(False, 25, 3, None)
    overall = Tally(started=2).end(True, 612, 97, 754_999).end(False, 25, 3, None)
    stats = Stats(by_cells={8: eight, 4: four, 2: Tally()}, overall=overall, recent=(won, lost))
    open_with(page, site_url, record_of(Game.new(CODE), stats))
    page.locator("#stats-button").click()
    expect(page.locator("dialog#stats")).to_be_visible()
    assert stats_rows(page)[10:] == [
        ["Average time of a win", "12:34", "–", "12:34", "–"],
        ["Average moves of a win", "97", "–", "97", "–"],
    ]
    levels = page.locator("#stats-levels tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.textContent))"
    )
    assert levels == [  # EO1-C4-V6B5AGZ is a hard deal; EO1-C8-AAAAAFA is in no catalogue
        ["", "Easy", "Medium", "Hard"],
        ["Games played", "0", "0", "1"],
        ["Games won", "0", "0", "1"],
        ["Average time of a win", "–", "–", "12:34"],
        ["Average moves of a win", "–", "–", "97"],
    ]
    with page.expect_download() as caught:
        page.locator("#history-csv").click()
    download = caught.value
    assert download.suggested_filename == "eightoff-history.csv"
    assert Path(download.path()).read_bytes() == HISTORY_CSV.encode("ascii")
    expect(page.locator("#import-message")).to_have_text("History saved as eightoff-history.csv.")


@pytest.mark.same_tab
def test_todays_deal_by_address_and_in_the_new_game_window(page: Page, site_url: str) -> None:
    """Today is the page's UTC day: the test's clock, read before and after, brackets it (a
    run crossed midnight once, between collecting this module and this test)."""
    before = datetime.now(UTC).date()
    open_fresh(page, site_url, "daily")
    day = json.loads(stored(page))["stats"]["current"]["daily"]
    assert day in {before.isoformat(), datetime.now(UTC).date().isoformat()}
    expect(page.locator("#deal-code")).to_have_text(str(daily_code(date.fromisoformat(day))))
    open_fresh(page, site_url, "deal=EO1-C8-AAAAAFA")
    page.locator("#new-game").click()
    before = datetime.now(UTC).date()
    page.locator("#daily-deal").click()
    expect(page.locator("#deal-code")).not_to_have_text("EO1-C8-AAAAAFA")
    days = {before, datetime.now(UTC).date()}
    assert page.locator("#deal-code").text_content() in {str(daily_code(d)) for d in days}


@pytest.mark.same_tab
def test_a_bad_replay_link_names_the_move_and_keeps_the_game(page: Page, site_url: str) -> None:
    saved = long_game(5)
    open_with(page, site_url, record_of(saved), f"deal={CODE}&moves=1eeS&replay")
    expect(page.locator("#replay")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text("Move 2 of the address (eS) cannot be played")
    expect_board(page, saved.position)


@pytest.mark.same_tab
def test_export_then_import_and_a_bad_file(page: Page, site_url: str) -> None:
    game, stats = almost_won()
    open_with(page, site_url, record_of(game, stats))
    page.locator("#stats-button").click()
    with page.expect_download() as caught:
        page.locator("#export").click()
    download = caught.value
    assert download.suggested_filename == "eightoff-backup.json"
    text = Path(download.path()).read_text(encoding="utf-8")
    data = json.loads(text)
    assert (data["format"], data["version"], data["record"]["game"]["moves"]) == (
        "eightoff-backup",
        1,
        game.moves,
    )
    before = stored(page)
    page.locator("#import-file").set_input_files(
        files=[{"name": "x.json", "mimeType": "application/json", "buffer": b'{"format": "other"}'}]
    )
    expect(page.locator("#import-message")).to_have_text(
        "This file cannot be imported: It is not an Eight Off backup."
    )
    assert stored(page) == before
    page.locator("dialog#stats [data-action=close]").click()
    page.locator("#new-game").click()
    page.locator("#random-deal").click()
    expect(page.locator("#deal-code")).not_to_have_text(str(CODE))
    page.locator("#stats-button").click()
    page.locator("#import-file").set_input_files(
        files=[{"name": "b.json", "mimeType": "application/json", "buffer": text.encode()}]
    )
    expect(page.locator("#confirm-text")).to_contain_text(f"holds deal {CODE} after {game.moves} moves")
    page.locator("#confirm-yes").click()
    expect(page.locator("#import-message")).to_have_text("Backup imported.")
    expect_board(page, game.position)
    saved = json.loads(stored(page))
    assert (
        saved["game"] == data["record"]["game"]
        and saved["stats"]["overall"] == data["record"]["stats"]["overall"]
    )


SOAK = """
import json, random
from eightoff import DealCode, Game
from eightoff.rules import legal_moves
from eightoff.web.storage import record as stored_record
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Result, Stats, Tally
rng, done = random.Random(5), 0
for number in range(200):
    code = DealCode(rng.randrange(1 << 35), rng.choice((8, 4, 2)))
    game, stats = Game.new(code), Stats().begin(code)
    for _ in range(rng.randrange(30)):
        roll = rng.random()
        if roll < 0.15 and game.can_undo:
            game.undo()
        elif roll < 0.25 and game.can_redo:
            game.redo()
        else:
            moves = list(legal_moves(game.position))
            if not moves:
                break
            game.play(rng.choice(moves))
        stats = stats.follow(game, "2026-11-30")
    read = stored_record.parse_record(stored_record.dump(number, "soak", game, Settings(), stats))
    back = read.game
    same = back == game and back.undo_stack == game.undo_stack and back.redo_stack == game.redo_stack
    done += same and read.stats == stats
result = done
"""


@pytest.mark.same_tab
def test_200_random_games_round_trip_in_the_pages_pyodide(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}")
    assert run_python(page, SOAK, timeout=120_000) == 200


# -- in tabs of their own: a reload, a second tab --------------------------------------


def test_a_replay_link_steps_survives_a_reload_and_plays_on_from_a_copy(page: Page, site_url: str) -> None:
    saved = long_game(5, code=DealCode.parse("EO1-C4-AAAAAFA"))
    open_with(page, site_url, record_of(saved))
    before = kept(page)
    page.goto(site_url + "index.html" + Link(CODE, LINE[:10]).query(replay=True))
    page.wait_for_selector("html[data-ready]", state="attached")
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#replay-step")).to_have_text("Move 0 of 10")
    expect_board(page, dealt(str(CODE)))
    for _ in range(3):
        page.locator("#replay-forward").click()
    expect(page.locator("#replay-step")).to_have_text("Move 3 of 10")
    expect_board(page, Link(CODE, LINE[:3]).game().position)
    assert kept(page) == before  # the saved game is untouched
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    expect(page.locator("#replay-step")).to_have_text("Move 3 of 10")
    expect_board(page, Link(CODE, LINE[:3]).game().position)
    page.locator("#replay-back").click()
    expect(page.locator("#replay-step")).to_have_text("Move 2 of 10")
    page.locator("#replay-speed").select_option("4")
    page.locator("#replay-play").click()
    expect(page.locator("#replay-step")).to_have_text("Move 10 of 10")
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")
    page.locator("#replay-start").click()
    page.locator("#replay-forward").click()
    page.locator("#replay-forward").click()
    assert kept(page) == before
    page.locator("#replay-take-over").click()  # the saved game, with moves, kept as the last game
    expect(page.locator("#replay")).to_be_hidden()
    copy = Link(CODE, LINE[:2]).game()
    expect_board(page, copy.position)
    expect_numbers(page, copy.score, 2)
    assert json.loads(stored(page))["game"]["undo"] == [str(m) for m in LINE[:2]]


def test_two_tabs_share_the_statistics(page: Page, site_url: str) -> None:
    open_fresh(page, site_url, f"deal={CODE}")
    other = page.context.new_page()
    try:
        open_page(other, site_url)
        Player(page).play(Game.new(CODE), Move.parse("1e"))
        expect_numbers(other, 0, 1)
        other.locator("#stats-button").click()
        assert stats_rows(other)[1] == ["Games played", "1", "1", "0", "0"]
    finally:
        other.close()

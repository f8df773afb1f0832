"""The windows (eightoff/web/windows/) and the backup's file in the browser
(eightoff/web/storage/files.py) under CPython with the fake browser's document
(tests/web/fakes/browser.py): the New Game window's code check, "guarded" before a game in
progress is replaced, the confirm flow, the focus given back, the settings shown, which
figures the Statistics window shows, the replay bar, the download and the file read.

The same modules run in the page in tests/browser/test_dialogs.py, test_record.py and
test_saving.py; here each decision is checked exactly, without a browser.
"""

from __future__ import annotations

import asyncio
import types
from typing import Any

import pytest

from eightoff import DealCode, Game, Move
from eightoff.rules import legal_moves
from eightoff.web.board.replay import Replay
from eightoff.web.storage.backup_file import MAX_CHARS, BackupError
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Stats
from tests.web.fakes import browser as fakebrowser
from tests.web.fakes.browser import Window
from tests.web.fakes.dom import Document, Element

MODULES = (
    "eightoff.web.dom",
    "eightoff.web.windows.panel",
    "eightoff.web.windows.win",
    "eightoff.web.windows.confirm",
    "eightoff.web.windows.new_game",
    "eightoff.web.windows.settings_window",
    "eightoff.web.windows.keys_window",
    "eightoff.web.windows.dialogs",
    "eightoff.web.windows.stats_window",
    "eightoff.web.windows.replay_bar",
    "eightoff.web.storage.files",
)
CODE = DealCode.parse("EO1-C8-AAAAAFA")


class Page:
    """The fake browser with the windows' modules imported over it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.window = Window()
        self.document = Document()
        self.modules = fakebrowser.install(monkeypatch, self.window, MODULES, self.document)
        self.body = self.document.body

    def dialogs(self, built: bool = True) -> Any:
        """The dialogs, bound, then (``built``) every window built, as before the page is
        ready (App.pieces)."""
        dialogs = self.modules.dialogs.Dialogs(self.body)
        self.unbind = dialogs.bind()
        while built and dialogs.build_next():
            pass
        return dialogs


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Page:
    return Page(monkeypatch)


def played(*moves: str) -> Game:
    game = Game.new(CODE)
    for move in moves:
        game.play(Move.parse(move))
    return game


def node(root: Element, selector: str) -> Element:
    found = root.querySelector(selector)
    assert found is not None, selector
    return found


def test_the_five_dialogs_are_built_at_the_end_of_the_page_with_their_words(page: Page) -> None:
    dialogs = page.dialogs()
    ids = [child.id for child in page.body.children]
    assert ids == ["win", "new-game-dialog", "confirm", "settings-dialog", "help-dialog"]
    assert node(page.body, "#confirm-title").textContent == "Replace the game in progress?"
    assert node(page.body, "#confirm-yes").getAttribute("data-action") == "confirm-yes"
    assert (
        len(node(page.body, "#help-dialog").querySelectorAll("li")) == 15
    )  # the keys, jumps included (windows/keys_window.py: HELP)
    assert [o.value for o in node(page.body, "#language").querySelectorAll("option")] == [
        "en", "he", "uk", "ca", "id", "nl"
    ]  # fmt: skip
    assert node(page.body, "#language").querySelectorAll("option")[1].getAttribute("dir") == "rtl"
    assert not dialogs.any_open()


def test_each_window_is_built_when_first_wanted_and_what_others_put_in_it_then(page: Page) -> None:
    dialogs = page.dialogs(built=False)
    assert page.body.children == [] and not dialogs.is_open("win") and not dialogs.any_open()
    dialogs.close("win")
    dialogs.close_all()  # nothing built: nothing to close, and nothing built by asking
    assert page.body.children == []
    dialogs.fit("win", lambda window: window.text.after(page.document.createElement("aside")))
    dialogs.relabel()
    assert page.body.children == []
    told: list[Any] = []
    dialogs.on_code = told.append
    dialogs.open_help()  # a key right after the page is ready: built, then opened
    assert [child.id for child in page.body.children] == ["help-dialog"] and dialogs.is_open("help-dialog")
    node(page.body, "#help-dialog").querySelector("button").focus()  # type: ignore[union-attr]
    dialogs.close("help-dialog")  # its close listener was bound when it was built
    assert dialogs.openers == {}
    dialogs.show_win(types.SimpleNamespace(score=5, moves=2))
    win_text = node(page.body, "#win-text")
    assert win_text.parent is not None
    after = win_text.parent.children
    assert after[after.index(win_text) + 1].tag == "aside"
    dialogs.close_all()
    assert dialogs.build_next() and [child.id for child in page.body.children] == [
        "help-dialog", "win", "new-game-dialog"
    ]  # fmt: skip
    code_input = node(page.body, "#code-input")
    code_input.value = str(CODE)
    code_input.fire("input")  # checked as it is typed, and the code told
    assert told == [CODE] and not node(page.body, "#play-code").disabled
    dialogs.fit("win", lambda window: window.text.after(page.document.createElement("hr")))
    assert after[after.index(win_text) + 1].tag == "hr"  # built: fitted at once
    while dialogs.build_next():
        pass
    assert len(page.body.children) == 5 and not dialogs.build_next()


def test_the_statistics_on_demand_is_built_by_its_first_show_and_a_window_built_unbound_listens_to_nothing(
    page: Page,
) -> None:
    dialogs = page.dialogs(built=False)
    page.unbind()
    made = page.modules.stats_window.StatsWindow
    dialogs.adopt("stats", made)
    window = page.modules.stats_window.OnDemand(lambda: dialogs.made("stats", made))
    assert page.body.children == []
    window.say("Imported.")
    assert [child.id for child in page.body.children] == ["stats"]
    assert node(page.body, "#import-message").textContent == "Imported."
    window.show(Stats())
    assert node(page.body, "#import-message").textContent == "" and len(page.body.children) == 1
    dialogs.open_new_game(Settings())  # built after the unbind: no listener added
    assert all(not listeners for listeners in node(page.body, "#code-input").listeners.values())
    assert all(not listeners for listeners in node(page.body, "#new-game-dialog").listeners.values())


def test_guarded_runs_at_once_when_nothing_would_be_lost(page: Page) -> None:
    dialogs = page.dialogs()
    runs: list[str] = []
    dialogs.guarded(Game.new(CODE), lambda: runs.append("fresh"))
    stand_in = types.SimpleNamespace(moves=80, is_won=True)
    dialogs.guarded(stand_in, lambda: runs.append("won"))
    assert runs == ["fresh", "won"] and not dialogs.any_open()


def test_guarded_asks_before_a_game_in_progress_is_replaced_and_yes_runs_once(page: Page) -> None:
    dialogs = page.dialogs()
    runs: list[str] = []
    dialogs.guarded(played("1e"), lambda: runs.append("replaced"))
    assert dialogs.is_open("confirm") and dialogs.any_open() and runs == []
    assert node(page.body, "#confirm-text").textContent == "The game in progress (1 move) will be lost."
    dialogs.confirmed()
    assert runs == ["replaced"] and not dialogs.is_open("confirm")
    dialogs.confirmed()  # a second "yes" (a double click) runs nothing
    assert runs == ["replaced"]
    dialogs.guarded(played("1e", "1f"), lambda: runs.append("again"))
    assert node(page.body, "#confirm-text").textContent == "The game in progress (2 moves) will be lost."


def test_no_closes_the_question_without_running_it(page: Page) -> None:
    dialogs = page.dialogs()
    runs: list[str] = []
    dialogs.confirm(lambda: "Reset?", lambda: runs.append("reset"))
    assert node(page.body, "#confirm-text").textContent == "Reset?"
    dialogs.close("confirm")
    dialogs.close("no-such-dialog")
    assert runs == [] and not dialogs.any_open()


def test_the_new_game_window_shows_the_settings_and_an_empty_code_field(page: Page) -> None:
    dialogs = page.dialogs()
    code_input = node(page.body, "#code-input")
    code_input.value = "left over"
    dialogs.open_new_game(Settings(cells=4, winnable=False))
    cells = {radio.value: radio.checked for radio in page.body.querySelectorAll("input[name=cells]")}
    assert cells == {"8": False, "4": True, "2": False}
    assert not node(page.body, "#winnable").checked and code_input.value == ""
    assert node(page.body, "#play-code").disabled and node(page.body, "#code-message").textContent == ""
    assert dialogs.is_open("new-game-dialog")
    dialogs.open_new_game(Settings())  # already open: set again, not opened twice
    assert node(page.body, "#winnable").checked


@pytest.mark.parametrize(
    ("typed", "message", "code"),
    [
        (" eo1-c4-aaaaafa", "Deal EO1-C4-AAAAAFA, 4 cells.", "EO1-C4-AAAAAFA"),
        ("EO1-C8-AAAA", "The deal number has 7 characters, not 4.", None),
        ("XX", "A deal code starts with EO1- (like EO1-C8-AAAAAFA).", None),
        ("   ", "", None),
    ],
)
def test_the_code_is_checked_as_it_is_typed(page: Page, typed: str, message: str, code: str | None) -> None:
    dialogs = page.dialogs()
    dialogs.open_new_game(Settings())
    code_input = node(page.body, "#code-input")
    code_input.value = typed
    code_input.fire("input")
    line = node(page.body, "#code-message")
    assert line.textContent == message
    assert line.classList.contains("bad") == (code is None and bool(message))
    assert node(page.body, "#play-code").disabled == (code is None)
    checked = dialogs.check_code()
    assert (None if checked is None else str(checked)) == code
    assert page.modules.new_game.check_code(typed) == (checked, message)


def test_the_settings_window_shows_the_settings_and_the_language_in_use(page: Page) -> None:
    dialogs = page.dialogs()
    dialogs.open_settings(Settings(deck="two", tap_to_select=True, theme="dark"))
    checked = [r.value for r in page.body.querySelectorAll("input[type=radio]") if r.checked]
    assert checked == ["two", "dark"]
    assert node(page.body, "#tap-to-select").checked and node(page.body, "#language").value == "en"
    assert node(page.body, "#motion").checked  # as the device, which does not ask for less


@pytest.mark.parametrize(
    ("motion", "reduced", "checked"),
    [("auto", False, True), ("auto", True, False), ("on", True, True), ("off", False, False)],
)
def test_the_motion_box_shows_whether_cards_move(
    page: Page, motion: str, reduced: bool, checked: bool
) -> None:
    """Ticked when the cards move: as chosen, or as the device asks until the player chooses."""
    page.window.reduced_motion = reduced
    page.dialogs().open_settings(Settings(motion=motion))
    assert node(page.body, "#motion").checked is checked


def test_the_win_message_keeps_its_numbers_through_a_relabel(page: Page) -> None:
    dialogs = page.dialogs()
    dialogs.relabel()  # before any win: nothing to say
    assert node(page.body, "#win-text").textContent == ""
    dialogs.show_win(types.SimpleNamespace(score=1250, moves=1))
    assert node(page.body, "#win-text").textContent == "Score 1,250 in 1 move."
    dialogs.confirm(lambda: "Replace?", lambda: None)
    node(page.body, "#win-text").textContent = "stale"
    node(page.body, "#win-title").textContent = "stale"
    dialogs.relabel()
    assert node(page.body, "#win-text").textContent == "Score 1,250 in 1 move."
    assert node(page.body, "#win-title").textContent == "You won!"
    assert node(page.body, "#confirm-text").textContent == "Replace?"


def test_the_focus_goes_back_to_where_it_was_when_the_last_dialog_closes(page: Page) -> None:
    dialogs = page.dialogs()
    button = page.body.appendChild(page.document.createElement("button"))
    button.focus()
    dialogs.open_help()
    node(page.body, "#help-dialog").querySelector("button").focus()  # type: ignore[union-attr]
    dialogs.confirm(lambda: "?", lambda: None)  # opened from inside a dialog: no opener kept
    assert dialogs.openers == {"help-dialog": button}
    dialogs.close("help-dialog")  # the question is still open: the focus stays there
    assert page.document.activeElement is not button
    dialogs.close_all()
    assert page.document.activeElement is not button  # its opener was given up with help
    button.focus()
    dialogs.open_help()
    node(page.body, "#help-dialog").querySelector("button").focus()  # type: ignore[union-attr]
    dialogs.close_all()
    assert page.document.activeElement is button


def test_an_opener_no_longer_on_the_page_gets_no_focus(page: Page) -> None:
    dialogs = page.dialogs()
    button = page.body.appendChild(page.document.createElement("button"))
    button.focus()
    dialogs.open_help()
    button.remove()
    elsewhere = page.document.createElement("p")
    elsewhere.focus()
    dialogs.close("help-dialog")
    assert page.document.activeElement is elsewhere


def test_nothing_focused_keeps_no_opener_and_unbind_stops_listening(page: Page) -> None:
    dialogs = page.dialogs()
    page.document.activeElement = None
    dialogs.open_help()
    assert dialogs.openers == {}
    dialogs.close_all()
    page.unbind()
    code_input = node(page.body, "#code-input")
    assert all(not listeners for listeners in code_input.listeners.values())


def test_an_adopted_dialog_opens_closes_and_gives_the_focus_back(page: Page) -> None:
    dialogs = page.dialogs()
    made = page.modules.stats_window.StatsWindow
    dialogs.adopt("stats", made)
    page.unbind()
    page.unbind = dialogs.bind()
    stats = dialogs.made("stats", made)
    assert dialogs.made("stats", made) is stats  # built once
    button = page.body.appendChild(page.document.createElement("button"))
    button.focus()
    dialogs.open("stats")
    assert dialogs.is_open("stats") and page.body.children[-2] is stats.dialog
    dialogs.close_all()
    assert not dialogs.is_open("stats") and page.document.activeElement is button


def stats_of_two_games() -> Stats:
    stats = Stats()
    for code, count in (("EO1-C8-AAAAAFA", 1), ("EO1-C4-AAAAAFA", 2)):
        game = Game.new(DealCode.parse(code))
        stats = stats.begin(game.code, daily="2026-11-29" if count == 2 else None)
        for _ in range(count):
            game.play(next(iter(legal_moves(game.position))))
            stats = stats.follow(game, "2026-11-30")
        stats = stats.leave(game, "2026-11-30")
    return stats


def test_the_statistics_window_shows_every_figure_the_daily_line_and_the_chart(page: Page) -> None:
    window = page.modules.stats_window.StatsWindow(page.modules.dom.Texts())
    window.say("old", bad=True)
    window.show(stats_of_two_games())
    heads = [cell.textContent for cell in window.table.querySelectorAll("th")]
    assert heads[:5] == ["All games", "8 cells", "4 cells", "2 cells", "Games played"]
    rows = window.table.querySelectorAll("tr")
    assert [cell.textContent for cell in rows[1].children] == ["Games played", "2", "1", "1", "0"]
    assert [cell.textContent for cell in rows[3].children] == ["Win rate", "0%", "0%", "0%", "0%"]
    assert [cell.textContent for cell in rows[7].children] == ["Fewest moves to win", "–", "–", "–", "–"]
    assert [cell.textContent for cell in rows[8].children][:2] == ["Wins in fewer moves than the solver", "0"]
    assert [cell.textContent for cell in rows[9].children] == ["Fastest win", "–", "–", "–", "–"]
    assert len(rows) == 10 and rows[0].children[0].tag == "td"
    assert window.daily.textContent == "Played 1, won 0; last won –."
    rects = window.chart.querySelectorAll("rect")
    assert [r.getAttribute("class") for r in rects] == ["bar lost", "bar lost"]
    assert rects[0].children[0].textContent == "2026-11-30: not won, score 0"
    assert window.summary.textContent.startswith("2 finished games, 0 won.")
    assert window.message.textContent == "" and window.chart.namespace == page.modules.stats_window.SVG
    window.say("Backup imported.")
    assert window.message.textContent == "Backup imported." and not window.message.classList.contains("bad")
    window.say("Refused.", bad=True)
    assert window.message.classList.contains("bad")


def test_the_daily_line_names_the_last_date_won() -> None:
    from eightoff.web.storage.stats import Daily, Tally
    from eightoff.web.windows.chart import daily_line

    won = Daily(Tally(started=3, won=2, streak=1, best_streak=1, best_score=600, fewest_moves=90))
    assert daily_line(won) == "Played 3, won 2; last won –."
    dated = Daily(won.tally, ("2026-11-28", "2026-11-30"))
    assert daily_line(dated) == "Played 3, won 2; last won 2026-11-30."


def test_the_replay_bar_shows_where_the_replay_is_and_its_speed(page: Page) -> None:
    texts = page.modules.dom.Texts()
    bar = page.modules.replay_bar.ReplayBar(texts, page.body.appendChild)
    bar.hide()  # not built: nothing to hide
    assert bar.node is None and page.body.children == []
    assert bar.build() and not bar.build() and page.body.children == [bar.node]
    assert bar.node.hidden and bar.node.getAttribute("aria-label") == "Replay"
    assert bar.play.getAttribute("aria-label") == "Play"
    replay = Replay(CODE, (Move.parse("1e"), Move.parse("1f")))
    bar.show(replay)
    assert not bar.node.hidden and bar.step.textContent == f"Move {replay.step} of {replay.length}"
    assert bar.play.textContent == "\u25b6\ufe0e" and bar.play.getAttribute("aria-pressed") == "false"
    assert bar.speed.value == page.modules.replay_bar.speed_value(replay.speed)
    playing = types.SimpleNamespace(step=1, length=2, playing=True, speed=0.5)
    bar.show(playing)
    assert bar.play.textContent == "\u23f8\ufe0e" and bar.play.getAttribute("aria-label") == "Pause"
    assert bar.play.getAttribute("aria-pressed") == "true" and bar.speed.value == "0.5"
    texts.refresh()
    assert bar.play.getAttribute("aria-label") == "Pause"
    assert [o.value for o in bar.speed.querySelectorAll("option")][:2] == ["0.5", "1"]
    bar.hide()
    assert bar.node.hidden


def test_a_download_is_a_clicked_link_to_a_blob_and_the_last_url_is_revoked(page: Page) -> None:
    files = page.modules.files
    files.download("{}", "eightoff-backup.json", "application/json")
    files.download("[]", "eightoff-backup.json", "application/json")
    urls = page.window.URL
    assert list(urls.made) == ["blob:0", "blob:1"] and urls.revoked == ["blob:0"]
    assert urls.made["blob:1"].parts == ["[]"] and urls.made["blob:1"].options == {"type": "application/json"}
    links = page.document.clicked
    assert [link.getAttribute("download") for link in links] == ["eightoff-backup.json"] * 2
    assert links[1].getAttribute("href") == "blob:1" and not page.body.children


class ChosenFile:
    def __init__(self, text: str, size: int | None = None) -> None:
        self.contents, self.size = text, len(text) if size is None else size

    async def text(self) -> str:
        return self.contents


def file_input(*chosen: ChosenFile) -> Any:
    files = types.SimpleNamespace(length=len(chosen), item=lambda index: chosen[index])
    return types.SimpleNamespace(files=files if chosen else None, value="C:\\fakepath\\x.json")


def test_a_chosen_file_is_read_and_the_input_cleared(page: Page) -> None:
    read_file = page.modules.files.read_file
    field = file_input(ChosenFile('{"format":"eightoff-backup"}'))
    assert asyncio.run(read_file(field)) == '{"format":"eightoff-backup"}' and field.value == ""
    assert asyncio.run(read_file(file_input())) is None
    empty = file_input()
    empty.files = types.SimpleNamespace(length=0)
    assert asyncio.run(read_file(empty)) is None


def test_a_file_too_big_is_refused_by_its_size_unread(page: Page) -> None:
    field = file_input(ChosenFile("{}", size=MAX_CHARS + 1))
    with pytest.raises(BackupError) as refused:
        asyncio.run(page.modules.files.read_file(field))
    assert refused.value.code == "backup-too-big" and field.value == ""


def test_a_window_opens_at_its_top_on_its_first_control_or_its_heading(page: Page) -> None:
    """Showing a window (showModal) focuses its ``autofocus`` element, else its first
    control: the Statistics and the keys, whose first control follows their content, open
    on their heading; every window opens scrolled to its top (tests/browser/test_voice.py
    checks it in Chromium)."""
    dialogs = page.dialogs()
    dialogs.adopt("stats", page.modules.stats_window.StatsWindow)
    assert dialogs.build_next() and not dialogs.build_next()
    heading_first = {
        str(h2.id) for h2 in page.body.querySelectorAll("h2") if h2.getAttribute("autofocus") is not None
    }
    assert heading_first == {"stats-title", "help-dialog-title"}
    focusable = {str(h2.id) for h2 in page.body.querySelectorAll("h2") if h2.getAttribute("tabindex") == "-1"}
    assert focusable == heading_first  # the others open on their first control
    for ident in ("stats", "help-dialog"):
        dialog = node(page.body, f"#{ident}")
        dialog.scrollTop = 278  # where a window scrolled to its last control was left
        dialogs.open(ident)
        assert dialog.open and dialog.scrollTop == 0
        dialogs.close_all()


def test_a_window_handed_over_gives_no_focus_back(page: Page) -> None:
    """The keys' "How to play" closes the window and the how-to takes the focus."""
    dialogs = page.dialogs()
    button = page.body.appendChild(page.document.createElement("button"))
    button.focus()
    dialogs.open_help()
    elsewhere = page.document.createElement("h2")
    elsewhere.focus()
    dialogs.hand_over("help-dialog")
    assert not dialogs.is_open("help-dialog") and page.document.activeElement is elsewhere
    assert dialogs.openers == {}
    assert node(page.body, "#how-to-open").getAttribute("data-action") == "how-to"

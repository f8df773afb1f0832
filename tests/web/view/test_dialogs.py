"""The dialogs drawn from the state (eightoff/web/view/dialogs.py and the windows' modules) and
the backup's file in the browser (eightoff/web/storage/files.py), under CPython with the fake
browser's document: which windows are open, in which order, what each shows of the state,
the focus given back when one closes, a dialog the browser closed told to the update.

The same modules run in the page in tests/browser/test_dialogs.py, test_record.py and
test_saving.py; here each decision is checked exactly, without a browser.
"""

from __future__ import annotations

import asyncio
import types
from dataclasses import replace
from typing import Any

import pytest

from eightoff import DealCode, Game, Move
from eightoff.rules import legal_moves
from eightoff.web.actions import Action, CodeTyped, DialogClosed
from eightoff.web.board.replay import Replay
from eightoff.web.state import (
    Coach,
    Confirm,
    KeysWindow,
    NewGameWindow,
    PageState,
    ResetStats,
    Said,
    SavingWindow,
    SettingsWindow,
    StatsWindow,
    TakeAside,
    TakeBackup,
    WinWindow,
)
from eightoff.web.storage.backup_file import MAX_CHARS, Backup, BackupError
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Daily, Result, Stats, Tally
from eightoff.web.storage.store import Aside as Kept
from eightoff.web.storage.store import Loaded
from eightoff.web.view.chart import daily_line
from tests.web.fakes import browser as fakebrowser
from tests.web.fakes.browser import Window
from tests.web.fakes.dom import Document, Element

MODULES = (
    "eightoff.web.dom",
    "eightoff.web.view.dialogs",
    "eightoff.web.view.stats_window",
    "eightoff.web.view.replay_bar",
    "eightoff.web.view.new_game",
    "eightoff.web.storage.files",
)
CODE = DealCode.parse("EO1-C8-AAAAAFA")
IDS = ["win", "new-game-dialog", "confirm", "settings-dialog", "help-dialog", "stats", "saving-dialog"]


class Page:
    """The fake browser with the dialogs' modules imported over it; ``told``: what the
    dialogs dispatched."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.window = Window()
        self.document = Document()
        self.modules = fakebrowser.install(monkeypatch, self.window, MODULES, self.document)
        self.body = self.document.body
        self.told: list[Action] = []
        self.state = PageState(Game.new(CODE))

    def dialogs(self, built: bool = True) -> Any:
        """The dialogs, bound, then (``built``) every window built, as before the page is
        ready (App.pieces)."""
        dialogs = self.modules.dialogs.Dialogs(self.body)
        self.unbind = dialogs.bind(self.told.append)
        while built and dialogs.build_next():
            pass
        return dialogs

    def draw(self, dialogs: Any, *windows: Any, relabel: bool = False, **changes: Any) -> PageState:
        self.state = replace(self.state, windows=windows, **changes)
        dialogs.draw(self.state, relabel)
        return self.state


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Page:
    return Page(monkeypatch)


def node(root: Element, selector: str) -> Element:
    found = root.querySelector(selector)
    assert found is not None, selector
    return found


def opened(page: Page) -> list[str]:
    return [child.id for child in page.body.children if child.open]


def test_the_seven_dialogs_are_built_at_the_end_of_the_page_with_their_words(page: Page) -> None:
    dialogs = page.dialogs()
    assert [child.id for child in page.body.children] == IDS and not dialogs.build_next()
    assert node(page.body, "#confirm-title").textContent == "Replace the game in progress?"
    assert node(page.body, "#confirm-yes").getAttribute("data-action") == "confirm-yes"
    assert len(node(page.body, "#help-dialog").querySelectorAll("li")) == 15  # view/keys_window.py: HELP
    assert [o.value for o in node(page.body, "#language").querySelectorAll("option")] == [
        "en", "he", "uk", "ca", "id", "nl"
    ]  # fmt: skip
    assert node(page.body, "#language").querySelectorAll("option")[1].getAttribute("dir") == "rtl"
    assert node(page.body, "#how-to-open").getAttribute("data-action") == "how-to"
    assert not dialogs.any_open()


def test_a_window_is_built_when_first_wanted_and_the_state_opens_them_in_order(page: Page) -> None:
    dialogs = page.dialogs(built=False)
    page.draw(dialogs)
    assert page.body.children == []
    page.draw(dialogs, NewGameWindow(), Confirm(TakeAside(), 3))
    assert [child.id for child in page.body.children] == ["new-game-dialog", "confirm"]
    assert opened(page) == ["new-game-dialog", "confirm"]  # the question over the window
    page.draw(dialogs, NewGameWindow())  # "Keep playing"
    assert opened(page) == ["new-game-dialog"] and page.told == []  # closed by the page: nothing told
    page.draw(dialogs)
    assert opened(page) == []
    while dialogs.build_next():
        pass
    assert [child.id for child in page.body.children] == ["new-game-dialog", "confirm", *IDS[:1], *IDS[3:]]


@pytest.mark.parametrize(
    ("window", "words"),
    [
        (Confirm(ResetStats()), "Reset all statistics? This cannot be undone."),
        (
            Confirm(TakeBackup(Backup(Game.new(CODE), Settings(), Stats(), "2026-12-04T10:00:00Z"))),
            "This backup (2026-12-04T10:00:00Z) holds deal EO1-C8-AAAAAFA after 0 moves, score 0, and the "
            "statistics (games played: 0, won: 0). Replace the game, settings and statistics here with it?",
        ),
    ],
)
def test_the_question_says_what_would_be_lost(page: Page, window: Confirm, words: str) -> None:
    dialogs = page.dialogs()
    page.draw(dialogs, window)
    assert node(page.body, "#confirm-text").textContent == words and opened(page) == ["confirm"]


def test_the_new_game_window_opens_with_the_settings_and_checks_the_code_typed(page: Page) -> None:
    dialogs = page.dialogs()
    code_input = node(page.body, "#code-input")
    code_input.value = "left over"
    page.draw(dialogs, NewGameWindow(), settings=Settings(cells=4, winnable=False))
    cells = {radio.value: radio.checked for radio in page.body.querySelectorAll("input[name=cells]")}
    assert cells == {"8": False, "4": True, "2": False}
    assert not node(page.body, "#winnable").checked and code_input.value == ""
    assert node(page.body, "#play-code").disabled and node(page.body, "#code-message").textContent == ""
    code_input.value = " eo1-c4-aaaaafa"
    code_input.fire("input")  # the update is told; the state it makes is drawn
    assert page.told == [CodeTyped(" eo1-c4-aaaaafa")]
    page.draw(dialogs, NewGameWindow(" eo1-c4-aaaaafa"), coach=Coach(verdict="asking"))
    assert node(page.body, "#code-message").textContent == "Deal EO1-C4-AAAAAFA, 4 cells."
    assert not node(page.body, "#play-code").disabled and code_input.value == " eo1-c4-aaaaafa"
    assert node(page.body, "#code-verdict").textContent == "Asking the solver whether this deal can be won…"
    page.draw(dialogs, NewGameWindow(" eo1-c4-aaaaafa"), coach=Coach(verdict="solved"))
    assert node(page.body, "#code-verdict").textContent == "This deal can be won."
    page.draw(dialogs, NewGameWindow("XX"), coach=Coach())
    line = node(page.body, "#code-message")
    assert (
        line.textContent == "A deal code starts with EO1- (like EO1-C8-AAAAAFA)."
        and line.classList.contains("bad")
    )
    assert node(page.body, "#play-code").disabled and node(page.body, "#code-verdict").textContent == ""


def test_the_new_game_window_offers_the_levels_only_with_deals_that_can_be_won(page: Page) -> None:
    dialogs = page.dialogs()
    page.draw(dialogs, NewGameWindow(), settings=Settings(cells=4, level="hard"))
    group = node(page.body, "#level-choice")
    assert group.tagName.lower() == "fieldset" and group.querySelector("legend").textContent == "Level"
    radios = page.body.querySelectorAll("input[name=level]")
    assert [(radio.value, radio.checked) for radio in radios] == [
        ("any", False),
        ("easy", False),
        ("medium", False),
        ("hard", True),
    ]
    assert [radio.parentNode.textContent for radio in radios] == ["Any level", "Easy", "Medium", "Hard"]
    assert not group.disabled
    page.draw(dialogs, NewGameWindow(), settings=Settings(cells=4, winnable=False, level="hard"))
    assert group.disabled  # idle while "only deals that can be won" is off
    radios[1].checked = True  # the player's click (the shell's change listener tells the update)
    page.draw(dialogs, NewGameWindow(), settings=Settings(cells=4, level="easy"))
    assert not group.disabled and radios[1].checked
    page.draw(dialogs)
    page.draw(dialogs, NewGameWindow(), settings=Settings())
    assert [radio.checked for radio in radios] == [True, False, False, False]


@pytest.mark.parametrize(
    ("verdict", "words"),
    [
        ("unsolvable", "This deal cannot be won."),
        ("gave-up", "Not known: the solver's search budget ran out before an answer."),
        (None, ""),
    ],
)
def test_the_verdicts_in_words(page: Page, verdict: Any, words: str) -> None:
    assert page.modules.new_game.verdict_words(verdict) == words


@pytest.mark.parametrize(
    ("typed", "message", "code"),
    [
        (" eo1-c4-aaaaafa", "Deal EO1-C4-AAAAAFA, 4 cells.", "EO1-C4-AAAAAFA"),
        ("EO1-C8-AAAA", "The deal number has 7 characters, not 4.", None),
        ("   ", "", None),
    ],
)
def test_the_code_check(page: Page, typed: str, message: str, code: str | None) -> None:
    checked, said = page.modules.new_game.check_code(typed)
    assert ((None if checked is None else str(checked)), said) == (code, message)


def test_the_settings_window_shows_the_settings_and_the_language_in_use(page: Page) -> None:
    dialogs = page.dialogs()
    chosen = Settings(deck="two", tap_to_select=True, theme="dark", pace="slow", cards="large")
    page.draw(dialogs, SettingsWindow(), settings=chosen)
    checked = [r.value for r in page.body.querySelectorAll("input[type=radio]") if r.checked]
    assert checked == ["two", "large", "dark", "slow"]
    assert node(page.body, "#tap-to-select").checked and node(page.body, "#language").value == "en"
    assert node(page.body, "#motion").checked  # as the device, which does not ask for less
    assert not node(page.body, "#hint-at-once").checked  # off: a hint in two steps
    page.draw(dialogs, SettingsWindow(), settings=Settings(deck="four", hint_at_once=True), language="nl")
    assert node(page.body, "#hint-at-once").checked
    checked = [r.value for r in page.body.querySelectorAll("input[type=radio]") if r.checked]
    assert checked == ["four", "standard", "auto", "normal"]
    assert node(page.body, "#language").value == "nl"


@pytest.mark.parametrize(
    ("motion", "reduced", "checked"),
    [("auto", False, True), ("auto", True, False), ("on", True, True), ("off", False, False)],
)
def test_the_motion_box_shows_whether_cards_move(
    page: Page, motion: str, reduced: bool, checked: bool
) -> None:
    """Ticked when the cards move: as chosen, or as the device asks until the player chooses."""
    page.window.reduced_motion = reduced
    page.draw(page.dialogs(), SettingsWindow(), settings=Settings(motion=motion))
    assert node(page.body, "#motion").checked is checked


def test_the_win_message_and_the_solvers_line_keep_their_numbers_through_a_relabel(page: Page) -> None:
    dialogs = page.dialogs()
    page.draw(dialogs, WinWindow(1250, 1))
    assert node(page.body, "#win-text").textContent == "Score 1,250 in 1 move."
    assert node(page.body, "#win-solver").textContent == ""
    page.draw(dialogs, WinWindow(1250, 1, line=40))
    assert node(page.body, "#win-solver").textContent == "The solver's line: 40 moves."
    node(page.body, "#win-text").textContent = "stale"
    node(page.body, "#win-title").textContent = "stale"
    page.draw(dialogs, WinWindow(1250, 1, line=40), relabel=True)
    assert node(page.body, "#win-text").textContent == "Score 1,250 in 1 move."
    assert node(page.body, "#win-title").textContent == "You won!"


def test_the_win_message_says_the_time_the_streak_and_each_record(page: Page) -> None:
    dialogs = page.dialogs()
    page.draw(dialogs, WinWindow(1250, 80, time=3_725_000, streak=3, best=("score", "time")))
    figures = node(page.body, "#win-figures")
    assert [item.textContent for item in figures.children] == [
        "Time 1:02:05.",
        "3 wins in a row.",
        "Your best score yet.",
        "Your fastest win yet.",
    ]
    page.draw(dialogs, WinWindow(1250, 80, streak=1))  # untimed, a first win in a row: nothing
    assert figures.children == []


def test_the_focus_goes_back_to_where_it_was_when_the_last_dialog_closes(page: Page) -> None:
    dialogs = page.dialogs()
    button = page.body.appendChild(page.document.createElement("button"))
    button.focus()
    page.draw(dialogs, KeysWindow())
    node(page.body, "#help-dialog").querySelector("button").focus()  # type: ignore[union-attr]
    page.draw(dialogs, KeysWindow(), Confirm(ResetStats()))  # opened from inside a dialog: no opener kept
    assert dialogs.openers == {"help-dialog": button}
    page.draw(dialogs, Confirm(ResetStats()))  # the question is still open: the focus stays there
    assert page.document.activeElement is not button
    page.draw(dialogs)
    assert page.document.activeElement is not button  # its opener was given up with the keys
    button.focus()
    page.draw(dialogs, KeysWindow())
    node(page.body, "#help-dialog").querySelector("button").focus()  # type: ignore[union-attr]
    page.draw(dialogs)
    assert page.document.activeElement is button


def test_an_opener_no_longer_on_the_page_gets_no_focus(page: Page) -> None:
    dialogs = page.dialogs()
    button = page.body.appendChild(page.document.createElement("button"))
    button.focus()
    page.draw(dialogs, KeysWindow())
    button.remove()
    elsewhere = page.document.createElement("p")
    elsewhere.focus()
    page.draw(dialogs)
    assert page.document.activeElement is elsewhere


def test_a_window_handed_over_gives_no_focus_back(page: Page) -> None:
    """The keys' "How to play" closes the window and the how-to takes the focus."""
    dialogs = page.dialogs()
    button = page.body.appendChild(page.document.createElement("button"))
    button.focus()
    page.draw(dialogs, KeysWindow())
    elsewhere = page.document.createElement("h2")
    elsewhere.focus()
    page.state = replace(page.state, windows=())
    dialogs.draw(page.state, False, hand_over=True)
    assert opened(page) == [] and page.document.activeElement is elsewhere and dialogs.openers == {}


def test_a_dialog_the_browser_closes_is_told_and_never_opened_again(page: Page) -> None:
    """Escape: ``cancel`` at once (told), ``close`` a task later; a draw meanwhile, of a state
    that still holds the window, leaves it closed and tells the update."""
    dialogs = page.dialogs()
    page.draw(dialogs, KeysWindow())
    keys = node(page.body, "#help-dialog")
    keys.fire("cancel")
    keys.open = False  # the browser closed it; its close event is still to come
    assert page.told == [DialogClosed("help-dialog")]
    page.draw(dialogs, KeysWindow(), NewGameWindow())  # a key pressed before the state was told
    assert opened(page) == ["new-game-dialog"] and page.told == [DialogClosed("help-dialog")]
    keys.fire("close")
    assert page.told == [DialogClosed("help-dialog")]  # told once
    page.draw(dialogs, SettingsWindow())
    settings = node(page.body, "#settings-dialog")
    settings.open = False  # closed by the browser with no cancel (a second Escape)
    page.draw(dialogs, SettingsWindow())
    assert not settings.open and page.told[-1] == DialogClosed("settings-dialog")


def test_nothing_focused_keeps_no_opener_and_unbind_stops_listening(page: Page) -> None:
    dialogs = page.dialogs()
    page.document.activeElement = None
    page.draw(dialogs, KeysWindow())
    assert dialogs.openers == {}
    page.draw(dialogs)
    page.unbind()
    code_input = node(page.body, "#code-input")
    assert all(not listeners for listeners in code_input.listeners.values())
    code_input.fire("input")
    assert page.told == []


def test_a_window_built_before_the_binding_listens_once_bound(page: Page) -> None:
    dialogs = page.modules.dialogs.Dialogs(page.body)
    assert dialogs.build_next()  # the win message, unbound
    dialogs._send(DialogClosed("win"))  # nothing bound: nowhere to tell
    unbind = dialogs.bind(page.told.append)
    page.draw(dialogs, WinWindow(5, 2))
    node(page.body, "#win").fire("cancel")
    assert page.told == [DialogClosed("win")]
    unbind()


def stats_of_two_games() -> Stats:
    """Two games lost, and a third of 2 cells in progress, kept as the last game."""
    stats = Stats()
    for code, count in (("EO1-C8-AAAAAFA", 1), ("EO1-C4-AAAAAFA", 2), ("EO1-C2-AAAAAFA", 1)):
        game = Game.new(DealCode.parse(code))
        stats = stats.begin(game.code, daily="2026-11-29" if count == 2 else None)
        for _ in range(count):
            game.play(next(iter(legal_moves(game.position))))
            stats = stats.follow(game, "2026-11-30")
        stats = stats.leave(game, "2026-11-30")
    return stats


def test_the_statistics_window_shows_every_figure_the_daily_line_and_the_chart(page: Page) -> None:
    dialogs = page.dialogs()
    page.draw(dialogs, StatsWindow(Said("old", 1), bad=True), stats=stats_of_two_games())
    window = dialogs.panels["stats"]
    heads = [cell.textContent for cell in window.table.querySelectorAll("th")]
    assert heads[:5] == ["All games", "8 cells", "4 cells", "2 cells", "Games played"]
    rows = window.table.querySelectorAll("tr")
    assert [cell.textContent for cell in rows[1].children] == ["Games played", "3", "1", "1", "1"]
    assert [cell.textContent for cell in rows[3].children] == ["Win rate", "0%", "0%", "0%", "0%"]
    assert [cell.textContent for cell in rows[7].children] == ["Fewest moves to win", "–", "–", "–", "–"]
    assert [cell.textContent for cell in rows[8].children][:2] == ["Wins in fewer moves than the solver", "0"]
    assert [cell.textContent for cell in rows[9].children] == ["Fastest win", "–", "–", "–", "–"]
    assert [cell.textContent for cell in rows[10].children][:2] == ["Average time of a win", "–"]
    assert [cell.textContent for cell in rows[11].children] == ["Average moves of a win", "–", "–", "–", "–"]
    assert len(rows) == 12 and rows[0].children[0].tag == "td"
    assert window.daily.textContent == "Played 1, won 0; last won –."
    assert window.levels.hidden and window.levels_title.hidden and window.levels.children == []  # no level
    rects = window.chart.querySelectorAll("rect")
    assert [r.getAttribute("class") for r in rects] == ["bar lost", "bar lost"]
    assert rects[0].children[0].textContent == "2026-11-30: not won, score 0"
    assert window.summary.textContent.startswith("2 finished games, 0 won.")
    assert window.message.textContent == "old" and window.message.classList.contains("bad")
    assert window.chart.namespace == page.modules.stats_window.SVG
    table = window.table.children[1]
    page.draw(dialogs, StatsWindow(Said("Backup imported.", 2)))  # the same record: not written again
    assert window.table.children[1] is table
    assert window.message.textContent == "Backup imported." and not window.message.classList.contains("bad")
    page.draw(dialogs, StatsWindow(Said("Backup imported.", 2)), stats=Stats())
    assert window.table.children[1] is not table  # another record: the figures written again


def test_the_statistics_window_shows_the_averages_of_wins_per_cell_count(page: Page) -> None:
    eight = Tally(started=3).end(True, 600, 90, 61_000).end(True, 650, 101, 64_999)
    four = Tally(started=1).end(True, 500, 120, 3_725_000)
    overall = Tally(started=4).end(True, 600, 90, 61_000).end(True, 650, 101, 64_999)
    overall = overall.end(True, 500, 120, 3_725_000)
    stats = Stats(by_cells={8: eight, 4: four, 2: Tally()}, overall=overall)
    dialogs = page.dialogs()
    page.draw(dialogs, StatsWindow(), stats=stats)
    rows = dialogs.panels["stats"].table.querySelectorAll("tr")
    texts = [[cell.textContent for cell in row.children] for row in rows[10:]]
    assert texts == [
        ["Average time of a win", "21:23", "01:03", "1:02:05", "–"],  # 3_850_999 / 3 ms: 1283.7 s
        ["Average moves of a win", "103.7", "95.5", "120", "–"],  # 311 / 3
    ]
    window = dialogs.panels["stats"]
    assert window.levels_title.textContent == "By level, in the last 100 games"
    levels = [[cell.textContent for cell in row.children] for row in window.levels.querySelectorAll("tr")]
    assert levels == [] and window.levels.hidden and window.levels_title.hidden  # no game by level
    hard = Result("EO1-C4-V6B5AGZ", True, 500, 120, "2026-11-30", time=3_725_000)
    page.draw(dialogs, StatsWindow(), stats=replace(stats, recent=(hard,)))
    levels = [[cell.textContent for cell in row.children] for row in window.levels.querySelectorAll("tr")]
    assert not window.levels.hidden and not window.levels_title.hidden
    assert levels == [
        ["", "Easy", "Medium", "Hard"],
        ["Games played", "0", "0", "1"],
        ["Games won", "0", "0", "1"],
        ["Average time of a win", "–", "–", "1:02:05"],
        ["Average moves of a win", "–", "–", "120"],
    ]


def test_the_daily_line_names_the_last_date_won() -> None:
    won = Daily(Tally(started=3, won=2, streak=1, best_streak=1, best_score=600, fewest_moves=90))
    assert daily_line(won) == "Played 3, won 2; last won –."
    dated = Daily(won.tally, ("2026-11-28", "2026-11-30"))
    assert daily_line(dated) == "Played 3, won 2; last won 2026-11-30."


def test_the_replay_bar_shows_where_the_replay_is_and_its_speed(page: Page) -> None:
    texts = page.modules.dom.Texts()
    bar = page.modules.replay_bar.ReplayBar(texts, page.body.appendChild)
    bar.draw(None)  # not built: nothing to hide
    assert bar.node is None and page.body.children == []
    assert bar.build() and not bar.build() and page.body.children == [bar.node]
    assert bar.node.hidden and bar.node.getAttribute("aria-label") == "Replay"
    assert bar.play.getAttribute("aria-label") == "Play"
    replay = Replay(CODE, (Move.parse("1e"), Move.parse("1f")))
    bar.draw(replay)
    assert not bar.node.hidden and bar.step.textContent == f"Move {replay.step} of {replay.length}"
    assert bar.play.textContent == "\u25b6\ufe0e" and bar.play.getAttribute("aria-pressed") == "false"
    assert bar.speed.value == page.modules.replay_bar.speed_value(replay.speed)
    bar.draw(replace(replay.forward(), playing=True, speed=0.5))
    assert bar.play.textContent == "\u23f8\ufe0e" and bar.play.getAttribute("aria-label") == "Pause"
    assert bar.play.getAttribute("aria-pressed") == "true" and bar.speed.value == "0.5"
    texts.refresh()
    assert bar.play.getAttribute("aria-label") == "Pause"
    assert [o.value for o in bar.speed.querySelectorAll("option")][:2] == ["0.5", "1"]
    bar.draw(None)
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
    heading_first = {
        str(h2.id) for h2 in page.body.querySelectorAll("h2") if h2.getAttribute("autofocus") is not None
    }
    assert heading_first == {"stats-title", "help-dialog-title"}
    focusable = {str(h2.id) for h2 in page.body.querySelectorAll("h2") if h2.getAttribute("tabindex") == "-1"}
    assert focusable == heading_first  # the others open on their first control
    for window in (StatsWindow(), KeysWindow()):
        dialog = node(page.body, f"#{window.ident}")
        dialog.scrollTop = 278  # where a window scrolled to its last control was left
        page.draw(dialogs, window)
        assert dialog.open and dialog.scrollTop == 0
        page.draw(dialogs)


@pytest.mark.parametrize(
    ("unsaved", "visits", "starts", "keep", "wait"),
    [
        ("storage-newer", 1, "A newer version of Eight Off saved a game here", False, "after 2 more visits"),
        ("storage-newer", 2, "A newer version of Eight Off saved a game here", False, "after 1 more visit,"),
        ("storage-newer", 3, "A newer version of Eight Off saved a game here", True, ""),
        ("storage-full", 0, "The browser's storage is full", False, ""),
        ("storage-unavailable", 0, "This browser does not let the game save here", False, ""),
    ],
)
def test_the_not_saved_window_says_why_and_offers_what_helps(
    page: Page, unsaved: str, visits: int, starts: str, keep: bool, wait: str
) -> None:
    dialogs = page.dialogs()
    page.draw(dialogs, SavingWindow(), unsaved=unsaved, newer_visits=visits)
    assert node(page.body, "#saving-text").textContent.startswith(starts)
    assert node(page.body, "#keep-newer").hidden is not keep
    assert (
        (wait in node(page.body, "#saving-wait").textContent)
        if wait
        else not node(page.body, "#saving-wait").textContent
    )
    assert node(page.body, "#saving-export").getAttribute("data-action") == "export"


def test_the_settings_say_whether_the_storage_is_kept_and_offer_what_was_set_aside(page: Page) -> None:
    dialogs = page.dialogs()
    page.draw(dialogs, SettingsWindow(), kept=True)
    assert node(page.body, "#storage-kept").textContent.startswith("This browser keeps the game's storage")
    assert node(page.body, "#storage-aside").hidden
    game = Game.new(CODE)
    game.play(next(iter(legal_moves(game.position))))
    readable = Kept(Loaded(game, Settings(), None, 3), 300)
    page.draw(dialogs, SettingsWindow(), kept=False, aside=readable)
    assert node(page.body, "#storage-kept").textContent.startswith("This browser may delete")
    assert (
        node(page.body, "#storage-aside").textContent
        == "Set aside: a saved game of deal EO1-C8-AAAAAFA after 1 move."
    )
    assert not node(page.body, "#restore-aside").hidden and node(page.body, "#download-aside").hidden
    page.draw(dialogs, SettingsWindow(), aside=Kept(None, 1200))
    assert "1,200 characters this version cannot read" in node(page.body, "#storage-aside").textContent
    assert node(page.body, "#restore-aside").hidden and not node(page.body, "#download-aside").hidden


def test_the_question_of_the_set_aside_game(page: Page) -> None:
    dialogs = page.dialogs()
    page.draw(dialogs, Confirm(TakeAside(), 4))
    assert node(page.body, "#confirm-text").textContent == (
        "The game that was set aside comes back in place of the game in progress (4 moves), "
        "which will be lost."
    )

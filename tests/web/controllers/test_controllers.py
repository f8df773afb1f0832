"""The page's smaller controllers, each with Python fakes (tests/web/fakes/page.py): the
Statistics window's commands (windows/statistics.py), backup files (controllers/backups.py),
sharing (controllers/sharing.py), another tab's saves (controllers/tabs.py) and the language switch
with the settings chosen (controllers/settings.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from eightoff import Game, Move
from eightoff.web.actions import Choose, ImportFile, OtherTab
from eightoff.web.board.replay import Replay
from eightoff.web.controllers.backups import Backups
from eightoff.web.controllers.settings import SettingsChoices
from eightoff.web.controllers.sharing import Sharing
from eightoff.web.controllers.tabs import Tabs
from eightoff.web.links.address import Link, link_from_query
from eightoff.web.storage.backup_file import MEDIA_TYPE, BackupError, export
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Stats
from eightoff.web.storage.store import Loaded, Notice
from eightoff.web.windows.statistics import Statistics
from eightoff.web.words.i18n import language
from tests.web.fakes.dom import Document
from tests.web.fakes.page import Browser, Calls, FakeDialogs, FakeTable, FakeView, new_game

# -- the Statistics window ------------------------------------------------------------


def test_the_statistics_window_opens_with_the_record_and_resets_after_asking() -> None:
    window, dialogs, table = Calls(), FakeDialogs(), FakeTable()
    statistics = Statistics(window, dialogs, table)  # type: ignore[arg-type]
    commands = dict(statistics.routes().commands)
    statistics.relabel()
    assert window.calls == []  # closed: nothing to write again
    commands["stats"]()
    assert window.calls == [("show", table.stats)] and dialogs.is_open("stats")
    statistics.relabel()
    assert window.names() == ["show", "show"]
    commands["reset-stats"]()
    assert dialogs.question == "Reset all statistics? This cannot be undone." and table.calls == []
    dialogs.confirmed()
    assert table.names() == ["reset_stats"]
    assert window.calls[-2:] == [("show", table.stats), ("say", "The statistics were reset.")]


# -- backup files ---------------------------------------------------------------------


class Backing:
    def __init__(self) -> None:
        self.table, self.window, self.dialogs = FakeTable(), Calls(), FakeDialogs()
        self.browser, self.store, self.left = Browser(), Calls(), Calls()
        self.backups = Backups(
            self.table,
            self.window,  # type: ignore[arg-type]
            self.dialogs.confirm,
            self.browser.download,
            self.browser.now,
            self.store.load,
            self.left.leave,
            self.browser.run,
        )

    def choose(self, text: str | None = None, error: BackupError | None = None) -> None:
        async def read() -> str | None:
            if error is not None:
                raise error
            return text

        ((kind, handler),) = self.backups.routes().actions
        assert kind is ImportFile
        handler(ImportFile(read))
        self.browser.finish()


def test_export_saves_the_backup_file_and_says_so() -> None:
    b = Backing()
    dict(b.backups.routes().commands)["export"]()
    t = b.table
    assert b.browser.files == [
        (export(t.game, t.settings, t.stats, "2026-12-01T12:00:00Z"), "eightoff-backup.json", MEDIA_TYPE)
    ]
    assert b.window.calls == [("say", "Backup saved as eightoff-backup.json.")]


def test_an_import_says_what_the_file_holds_and_replaces_only_when_asked() -> None:
    b = Backing()
    game = new_game("EO1-C8-AAAAAFA")
    game.play(Move.parse("1e"))
    text = export(game, Settings(cells=4), Stats().begin(game.code), "2026-11-30T10:00:00Z")
    b.choose(text)
    assert b.dialogs.question.startswith(
        "This backup (2026-11-30T10:00:00Z) holds deal EO1-C8-AAAAAFA after 1 move, score 0"
    )
    assert b.table.calls == []
    b.dialogs.confirmed()
    assert b.store.names() == ["load"] and b.left.names() == ["leave"]
    assert b.table.names() == ["replace", "save"] and b.table.game.moves == 1
    assert b.table.settings == Settings(cells=4)
    assert b.window.calls[-1] == ("say", "Backup imported.")


def test_an_import_that_is_no_backup_is_refused_with_its_reason() -> None:
    b = Backing()
    b.choose(None)  # no file chosen
    assert b.window.calls == [] and b.dialogs.calls == []
    b.choose("{}")
    ((name, text, bad),) = b.window.calls
    assert (name, bad) == ("say", True) and text.startswith("This file cannot be imported: ")
    b.choose(error=BackupError("too big", code="backup-too-big"))
    assert b.window.calls[-1][1].startswith("This file cannot be imported: ") and b.dialogs.calls == []


# -- sharing --------------------------------------------------------------------------


class Sharer:
    def __init__(self, clipboard: bool = True, replay: Link | None = None) -> None:
        self.view, self.table, self.browser = FakeView(), FakeTable(), Browser(clipboard=clipboard)
        self.sharing = Sharing(
            self.view, self.table, self.browser.page, self.browser.copy, lambda: replay, self.browser.run
        )
        self.commands = dict(self.sharing.routes().commands)

    def do(self, name: str) -> None:
        self.commands[name]()  # type: ignore[index]
        self.browser.finish()


def test_the_deals_link_is_copied_or_offered_to_copy_by_hand() -> None:
    s = Sharer()
    s.do("copy-link")
    url = "https://example.org/eightoff/?deal=EO1-C8-AAAAAFA"
    assert s.browser.copied == [url]
    assert s.view.calls == [("hide_link",), ("say", f"Link copied: {url}")]
    s = Sharer(clipboard=False)
    s.do("copy-link")
    assert s.view.calls == [("offer_link", url)]


def test_a_replay_link_of_the_whole_game() -> None:
    s = Sharer()
    s.do("share")
    assert s.view.said() == ["There is no move to share yet: a replay link needs a move."]
    s.table.game.play(Move.parse("1e"))
    s.table.stats = s.table.stats.follow(s.table.game, "2026-12-01").timed(754_999)
    s.do("share")
    url = "https://example.org/eightoff/?deal=EO1-C8-AAAAAFA&moves=1e&time=754&replay"  # whole seconds
    assert s.browser.copied == [url] and s.view.said()[-1] == f"Replay link copied: {url}"
    current = s.table.stats.current
    assert current is not None
    s.table.stats = replace(s.table.stats, current=replace(current, untimed=True))  # begun before its clock
    s.do("share")
    assert s.browser.copied[-1] == "https://example.org/eightoff/?deal=EO1-C8-AAAAAFA&moves=1e&replay"
    game = s.table.game  # more moves than the undo stack holds, and no path kept
    s.table.game = Game(game.code, game.position, game.score, moves=150)
    s.table.stats = Stats().begin(game.code, path=None)
    s.do("share")
    assert s.view.said()[-1] == (
        "The moves of this game from its deal are not all known: it cannot be shared as a replay."
    )


def test_the_replay_shown_is_what_is_shared() -> None:
    link, _problem = link_from_query("?deal=EO1-C8-AAAAAFA&moves=1eef&replay")
    assert link is not None
    s = Sharer(replay=Replay.of(link).link())
    s.do("share")
    assert s.browser.copied == ["https://example.org/eightoff/?deal=EO1-C8-AAAAAFA&moves=1eef&replay"]


# -- another tab ----------------------------------------------------------------------


class Syncing:
    def __init__(self, replaying: bool = False) -> None:
        self.view, self.table, self.dialogs = FakeView(), FakeTable(), FakeDialogs()
        self.tabs = Tabs(self.view, self.table, lambda: replaying, self.dialogs.close_all)
        ((_kind, self.handle),) = self.tabs.routes().actions


def test_another_tabs_game_is_shown_and_said() -> None:
    s = Syncing()
    game, stats = new_game("EO1-C4-AAAAAFA"), Stats()
    s.handle(OtherTab(Loaded(game, Settings(cells=4), Notice("storage-other-tab"), 3, stats)))
    assert s.table.calls == [("unmark",), ("replace", game, Settings(cells=4), stats)]
    assert s.dialogs.names() == ["close_all"] and s.view.names() == ["say"]
    assert s.view.said()[0]


def test_behind_a_replay_the_game_follows_unseen() -> None:
    s = Syncing(replaying=True)
    game, stats = new_game("EO1-C4-AAAAAFA"), Stats()
    s.handle(OtherTab(Loaded(game, Settings(cells=4), None, 3, stats)))
    assert s.table.calls == [("unmark",), ("keep", game, Settings(cells=4), stats)]
    assert s.dialogs.calls == [] and s.view.calls == [("say", "")]


def test_a_value_that_is_no_game_is_saved_over() -> None:
    s = Syncing()
    s.handle(OtherTab(Loaded(None, Settings(), Notice("storage-other-tab"), 0)))
    assert s.table.names() == ["save"] and s.view.calls == []


# -- the language and the settings ----------------------------------------------------


@pytest.fixture
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The catalogues are compiled by the build only: here every language "has" one (the
    language module is told the code it asked for), and English stays in use."""
    asked: list[str] = []

    def use(code: str) -> str:
        asked.append(code)
        return code

    monkeypatch.setattr("eightoff.web.controllers.settings.set_language", use)
    yield asked
    assert language() == "en"


class Speaking:
    def __init__(self) -> None:
        self.document, self.view, self.table = Document(), FakeView(), FakeTable()
        self.relabelled: list[str] = []
        self.browser = Browser()
        self.language = SettingsChoices(
            self.document,
            self.view,
            self.table,
            (lambda: self.relabelled.append("dialogs"), lambda: self.relabelled.append("bar")),
            self.browser.address,
        )
        ((_kind, self.choose),) = self.language.routes().actions


def test_a_setting_chosen_is_kept_by_the_table(english: list[str]) -> None:
    s = Speaking()
    s.choose(Choose("deck", "two"))
    assert s.table.calls == [("choose", Settings(deck="two"))]
    s.choose(Choose("cells", "7"))  # not one of the choices: nothing
    s.choose(Choose("language", "en"))  # the language in use: nothing more
    assert s.table.names() == ["choose", "choose"] and s.view.calls == [] and s.browser.addresses == []


def test_a_language_chosen_is_spoken_at_once(english: list[str]) -> None:
    s = Speaking()
    s.choose(Choose("language", "nl"))
    assert english == ["nl"] and s.table.settings.language == "nl"
    assert s.document.documentElement.attributes == {"lang": "nl", "dir": "ltr"}
    assert s.document.title == "Eight Off"
    assert s.view.calls == [("link_pages", "nl")]
    assert s.table.calls[-1] == ("redraw",)  # every word of the board, from the model
    assert s.relabelled == ["dialogs", "bar"]
    assert s.browser.addresses == ["?deal=EO1-C8-AAAAAFA"]


def test_the_start_up_speaks_english_without_rewriting_the_page(english: list[str]) -> None:
    s = Speaking()
    s.language.speak("en", None)
    assert s.view.calls == [("link_pages", "en")] and s.relabelled == []
    s.language.speak("he", None)
    assert s.document.documentElement.attributes == {"lang": "he", "dir": "rtl"}
    assert s.view.calls[-1] == ("link_pages", "he") and s.relabelled == ["dialogs", "bar"]
    assert "redraw" not in s.table.names()  # no game shown yet: the start-up draws it

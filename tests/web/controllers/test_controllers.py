"""The page's smaller controllers, through the page's own controllers and door
(eightoff/web/rooms.py) with the Python fakes of tests/web/fakes/page.py: the Statistics
window's commands (windows/statistics.py), backup files (controllers/backups.py), sharing
(controllers/sharing.py), another tab's saves (controllers/tabs.py) and the language switch
with the settings chosen (controllers/settings.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from eightoff import Game, Move
from eightoff.web.actions import Action, Choose, Command, CommandName, ImportFile, OtherTab
from eightoff.web.links.address import Link, link_from_query
from eightoff.web.rooms import Rooms
from eightoff.web.storage.backup_file import MEDIA_TYPE, BackupError, export
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Stats
from eightoff.web.storage.store import Loaded, Notice
from eightoff.web.words.i18n import language
from tests.web.fakes.page import Page, new_game

REPLAY = "?deal=EO1-C8-AAAAAFA&moves=1eef&replay"


def replay_link() -> Link:
    link, _problem = link_from_query(REPLAY)
    assert link is not None
    return link


class Controlled:
    """A page of fakes and its controllers, each action through the door; ``calls`` are the
    table's without the hint's clearing (eightoff/web/door.py does it first)."""

    def __init__(self) -> None:
        self.page = Page()
        self.rooms = Rooms(self.page.parts())
        self.table, self.view, self.dialogs = self.page.table, self.page.view, self.page.dialogs
        self.browser, self.window = self.page.browser, self.page.stats_window

    def do(self, action: Action | CommandName) -> None:
        self.rooms.dispatch(Command(action) if isinstance(action, str) else action)
        self.browser.finish()

    @property
    def calls(self) -> list[tuple[object, ...]]:
        return [call for call in self.table.calls if call[0] != "unmark"]

    def replaying(self) -> None:
        """A replay shown over the game (what the page has done so far forgotten)."""
        self.rooms.replayer.start(replay_link())
        for part in (self.table, self.view, self.dialogs, self.page.replay_bar):
            part.calls.clear()
        self.browser.addresses.clear()


# -- the Statistics window ------------------------------------------------------------


def test_the_statistics_window_opens_with_the_record_and_resets_after_asking() -> None:
    c = Controlled()
    c.rooms.statistics.relabel()
    assert c.window.calls == []  # closed: nothing to write again
    c.do("stats")
    assert c.window.calls == [("show", c.table.stats)] and c.dialogs.is_open("stats")
    c.rooms.statistics.relabel()
    assert c.window.names() == ["show", "show"]
    c.do("reset-stats")
    assert c.dialogs.question == "Reset all statistics? This cannot be undone." and c.calls == []
    c.do("confirm-yes")
    assert c.calls == [("reset_stats",)]
    assert c.window.calls[-2:] == [("show", c.table.stats), ("say", "The statistics were reset.")]


# -- backup files ---------------------------------------------------------------------


def choose(c: Controlled, text: str | None = None, error: BackupError | None = None) -> None:
    async def read() -> str | None:
        if error is not None:
            raise error
        return text

    c.do(ImportFile(read))


def test_export_saves_the_backup_file_and_says_so() -> None:
    c = Controlled()
    c.do("export")
    t = c.table
    assert c.browser.files == [
        (export(t.game, t.settings, t.stats, "2026-12-01T12:00:00Z"), "eightoff-backup.json", MEDIA_TYPE)
    ]
    assert c.window.calls == [("say", "Backup saved as eightoff-backup.json.")]


def test_an_import_says_what_the_file_holds_and_replaces_only_when_asked() -> None:
    c = Controlled()
    c.replaying()
    game = new_game("EO1-C8-AAAAAFA")
    game.play(Move.parse("1e"))
    text = export(game, Settings(cells=4), Stats().begin(game.code), "2026-11-30T10:00:00Z")
    choose(c, text)
    assert c.dialogs.question.startswith(
        "This backup (2026-11-30T10:00:00Z) holds deal EO1-C8-AAAAAFA after 1 move, score 0"
    )
    assert c.calls == []
    c.do("confirm-yes")
    assert c.page.store.names() == ["load"] and c.rooms.replayer.replay is None  # the replay closed
    assert [call[0] for call in c.calls] == ["replace", "save"] and c.table.game.moves == 1
    assert c.table.settings == Settings(cells=4)
    assert c.window.calls[-1] == ("say", "Backup imported.")


def test_an_import_that_is_no_backup_is_refused_with_its_reason() -> None:
    c = Controlled()
    choose(c, None)  # no file chosen
    assert c.window.calls == [] and c.dialogs.calls == []
    choose(c, "{}")
    ((name, text, bad),) = c.window.calls
    assert (name, bad) == ("say", True) and text.startswith("This file cannot be imported: ")
    choose(c, error=BackupError("too big", code="backup-too-big"))
    assert c.window.calls[-1][1].startswith("This file cannot be imported: ") and c.dialogs.calls == []


# -- sharing --------------------------------------------------------------------------


def test_the_deals_link_is_copied_or_offered_to_copy_by_hand() -> None:
    c = Controlled()
    c.do("copy-link")
    url = "https://example.org/eightoff/?deal=EO1-C8-AAAAAFA"
    assert c.browser.copied == [url]
    assert c.view.calls == [("hide_link",), ("say", f"Link copied: {url}")]
    c = Controlled()
    c.browser.clipboard = False
    c.do("copy-link")
    assert c.view.calls == [("offer_link", url)]


def test_a_replay_link_of_the_whole_game() -> None:
    c = Controlled()
    c.do("share")
    assert c.view.said() == ["There is no move to share yet: a replay link needs a move."]
    c.table.game.play(Move.parse("1e"))
    c.table.stats = c.table.stats.follow(c.table.game, "2026-12-01").timed(754_999)
    c.do("share")
    url = "https://example.org/eightoff/?deal=EO1-C8-AAAAAFA&moves=1e&time=754&replay"  # whole seconds
    assert c.browser.copied == [url] and c.view.said()[-1] == f"Replay link copied: {url}"
    current = c.table.stats.current
    assert current is not None
    c.table.stats = replace(c.table.stats, current=replace(current, untimed=True))  # begun before its clock
    c.do("share")
    assert c.browser.copied[-1] == "https://example.org/eightoff/?deal=EO1-C8-AAAAAFA&moves=1e&replay"
    game = c.table.game  # more moves than the undo stack holds, and no path kept
    c.table.game = Game(game.code, game.position, game.score, moves=150)
    c.table.stats = Stats().begin(game.code, path=None)
    c.do("share")
    assert c.view.said()[-1] == (
        "The moves of this game from its deal are not all known: it cannot be shared as a replay."
    )


def test_the_replay_shown_is_what_is_shared() -> None:
    c = Controlled()
    c.replaying()
    c.do("share")
    assert c.browser.copied == ["https://example.org/eightoff/?deal=EO1-C8-AAAAAFA&moves=1eef&replay"]


# -- another tab ----------------------------------------------------------------------


def test_another_tabs_game_is_shown_and_said() -> None:
    c = Controlled()
    game, stats = new_game("EO1-C4-AAAAAFA"), Stats()
    c.do(OtherTab(Loaded(game, Settings(cells=4), Notice("storage-other-tab"), 3, stats)))
    assert c.table.calls == [("unmark",), ("replace", game, Settings(cells=4), stats)]
    assert c.dialogs.names() == ["close_all"] and c.view.names() == ["say"]
    assert c.view.said()[0]


def test_behind_a_replay_the_game_follows_unseen() -> None:
    c = Controlled()
    c.replaying()
    game, stats = new_game("EO1-C4-AAAAAFA"), Stats()
    c.do(OtherTab(Loaded(game, Settings(cells=4), None, 3, stats)))
    assert c.table.calls == [("unmark",), ("keep", game, Settings(cells=4), stats)]
    assert c.dialogs.calls == [] and c.view.calls == [("say", "")]
    assert c.rooms.replayer.replay is not None  # the replay stays on the board


def test_a_value_that_is_no_game_is_saved_over() -> None:
    c = Controlled()
    c.do(OtherTab(Loaded(None, Settings(), Notice("storage-other-tab"), 0)))
    assert c.table.names() == ["save"] and c.view.calls == []


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


def test_a_setting_chosen_is_kept_by_the_table(english: list[str]) -> None:
    c = Controlled()
    c.do(Choose("deck", "two"))
    assert c.calls == [("choose", Settings(deck="two"))]
    c.do(Choose("cells", "7"))  # not one of the choices: nothing
    c.do(Choose("language", "en"))  # the language in use: nothing more
    assert [call[0] for call in c.calls] == ["choose", "choose"]
    assert c.view.calls == [] and c.browser.addresses == []


def test_a_language_chosen_is_spoken_at_once(english: list[str]) -> None:
    c = Controlled()
    c.do(Choose("language", "nl"))
    assert english == ["nl"] and c.table.settings.language == "nl"
    html = c.page.document.documentElement
    assert (html.getAttribute("lang"), html.getAttribute("dir")) == ("nl", "ltr")
    assert c.page.document.title == "Eight Off"
    assert c.view.calls == [("link_pages", "nl")]
    assert c.calls[-1] == ("redraw",)  # every word of the board, from the model
    assert c.dialogs.names() == ["relabel"] and c.page.replay_bar.calls == []  # no replay shown
    assert c.browser.addresses == ["?deal=EO1-C8-AAAAAFA"]


def test_the_start_up_speaks_english_without_rewriting_the_page(english: list[str]) -> None:
    c = Controlled()
    c.rooms.settings.speak("en", None)
    assert c.view.calls == [("link_pages", "en")] and c.dialogs.calls == []
    c.rooms.settings.speak("he", None)
    html = c.page.document.documentElement
    assert (html.getAttribute("lang"), html.getAttribute("dir")) == ("he", "rtl")
    assert c.view.calls[-1] == ("link_pages", "he") and c.dialogs.names() == ["relabel"]
    assert "redraw" not in c.table.names()  # no game shown yet: the start-up draws it

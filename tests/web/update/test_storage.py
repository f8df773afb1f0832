"""What storage keeps, through the real update (issue 38, review N4, N5, N6, N7, N10, N11):
why saves stop and what to do, a newer version's record set aside to play on after a few
visits, the set-aside slot offered back, the browser asked to keep the storage after the
first move, the backup reminder and the Safari word once, the solver's file gone after a
deploy, an old refusal cleared when the next file is chosen."""

from __future__ import annotations

from eightoff.web.actions import (
    AsideRead,
    Command,
    FileRead,
    ImportFile,
    Persisted,
    Saved,
    Shortcut,
    WorkerFailed,
)
from eightoff.web.effects import Aside, Download, Persist, Remember, Save
from eightoff.web.state import Confirm, SavingWindow, StatsWindow, TakeAside
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Result, Stats
from eightoff.web.storage.store import Aside as Kept
from eightoff.web.storage.store import Loaded, Notice
from eightoff.web.update import backup_reminder
from tests.web.update.helpers import CODE, Page, new_game, state_of

NEWER = "storage-newer"


async def nothing() -> str | None:
    return None


def test_the_not_saved_badge_says_why_and_a_newer_record_can_be_kept_aside_after_visits() -> None:
    page = Page(state_of(unsaved=NEWER, newer_visits=3))
    page.do(Command("unsaved"))
    assert page.state.windows == (SavingWindow(),)
    effects = page.do(Command("keep-newer"))
    assert effects == (Aside("keep-newer"), Save())
    assert (page.state.windows, page.state.newer_visits) == ((), 0)
    assert page.said[-1] == "The newer version's game is set aside: this game is saved from now on."
    page.do(Saved(None, ""))
    assert page.state.saving


def test_keeping_a_newer_record_aside_is_only_for_a_newer_record() -> None:
    page = Page(state_of(unsaved="storage-full"))
    assert page.do(Command("keep-newer")) == () and page.said == []


def test_a_set_aside_notice_reads_the_slot_again_and_the_answer_is_the_states() -> None:
    page = Page()
    assert page.do(Saved(Notice("storage-set-aside", {"backup": True}), "")) == (Aside("read"),)
    assert page.do(Saved(Notice("storage-resumed"), "")) == ()
    kept = Kept(None, 120)
    page.do(AsideRead(kept))
    assert page.state.aside == kept


def test_what_was_set_aside_comes_back_after_asking_or_is_downloaded_or_deleted() -> None:
    old = new_game("EO1-C4-AAAAAFA", "42")
    kept = Kept(Loaded(old, Settings(cells=4), None, 9, Stats().begin(old.code)), 400)
    page = Page(state_of(new_game(CODE, "1e"), aside=kept))
    page.do(Command("restore-aside"))
    assert page.state.windows == (Confirm(TakeAside(), 1),)
    effects = page.do(Command("confirm-yes"))
    assert page.game == old and page.state.settings == Settings(cells=4) and page.state.aside is None
    assert effects[-2:] == (Save(take_over=True), Aside("discard"))
    assert page.said[-1] == "The game that was set aside is back."
    unreadable = Page(state_of(aside=Kept(None, 5)))
    assert unreadable.do(Command("restore-aside")) == ()  # nothing to bring back: it is downloaded
    assert unreadable.do(Command("download-aside")) == (Aside("download"),)
    assert unreadable.do(Command("discard-aside")) == (Aside("discard"),)
    assert unreadable.state.aside is None and unreadable.said[-1] == "What was set aside is deleted."
    assert unreadable.do(Command("discard-aside")) == ()  # nothing set aside: nothing to do


def test_the_browser_is_asked_to_keep_the_storage_after_the_first_move_and_its_answer_kept() -> None:
    page = Page()
    assert Persist() in page.do(Shortcut("double-tap", "column-1"))
    page.do(Persisted(True))
    assert page.state.kept is True
    kept = Page(state_of(kept=True))
    assert Persist() not in kept.do(Shortcut("double-tap", "column-1"))  # kept already


def test_an_export_is_noted_in_the_record_and_said_where_it_was_asked() -> None:
    page = Page()
    effects = page.do(Command("export"))  # from the Not saved window: said in the status line
    assert page.state.stats.exported == "2026-12-01" and effects[0] == Save()
    assert isinstance(effects[1], Download) and page.said[-1] == "Backup saved as eightoff-backup.json."


def test_a_file_chosen_clears_the_last_files_refusal() -> None:
    page = Page()
    page.do(Command("stats"), FileRead("not json"))
    window = page.state.windows[-1]
    assert isinstance(window, StatsWindow) and window.bad and window.message.text
    page.do(ImportFile(nothing))
    window = page.state.windows[-1]
    assert isinstance(window, StatsWindow) and window.message.text == ""
    serial = window.message.serial
    page.do(ImportFile(nothing))  # nothing said: nothing to clear
    window = page.state.windows[-1]
    assert isinstance(window, StatsWindow) and window.message.serial == serial


def test_a_solver_gone_after_a_deploy_says_to_reload() -> None:
    page = Page()
    page.do(Command("hint"), WorkerFailed("outdated"))
    assert (
        page.said[-1] == "A new version of Eight Off is on the site: reload the page to use the solver again."
    )


def played(day: str) -> Result:
    return Result("EO1-C8-AAAAAFA", True, 100, 90, day)


def test_a_backup_reminder_comes_once_a_day_when_games_a_week_old_are_in_no_backup() -> None:
    stats = Stats(recent=(played("2026-11-20"),))
    page = Page.started(stats=stats)
    words = backup_reminder(11, exported=False)
    assert page.said == [words] and Remember("reminded", "2026-12-01") in page.effects
    assert words.startswith("The games of the last 11 days are in no backup")
    again = Page.started(stats=stats, device={"reminded": "2026-12-01"})
    assert again.said == []  # said today already
    backed = Stats(recent=(played("2026-11-25"),), exported="2026-11-21")
    assert Page.started(stats=backed).said == [backup_reminder(10, exported=True)]
    assert backup_reminder(10, exported=True).startswith("Your last backup is 10 days old")
    fresh = Stats(recent=(played("2026-11-29"),))
    assert Page.started(stats=fresh).said == []  # less than a week: nothing to remind


def test_safari_outside_the_home_screen_is_told_once_how_long_it_keeps_the_game() -> None:
    page = Page.started(safari=True)
    assert page.said and page.said[0].startswith("This browser keeps the game only while you visit it")
    assert Remember("told", ["safari"]) in page.effects
    assert Page.started(safari=True, device={"told": ["safari"]}).said == []
    assert Page.started(safari=True, kept=True).said == []  # its storage is kept: nothing to say
    assert Page.started(safari=True, device={"told": "garbage"}).said  # unreadable: told


def test_the_start_knows_why_saves_stop_and_what_is_set_aside() -> None:
    kept = Kept(None, 10)
    page = Page.started(unsaved=NEWER, newer_visits=2, aside=kept, kept=False)
    state = page.state
    assert (state.unsaved, state.newer_visits, state.aside, state.kept) == (NEWER, 2, kept, False)
    assert not state.saving

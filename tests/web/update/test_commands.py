"""The page's commands off the board (eightoff/web/update/commands.py) through the page's one
update: the windows and the question asked first, the deals they start, the settings
chosen, the player's record, backup files, shared links and the first visit's how-to; each
checked on the exact state, words and effects."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

import pytest

from eightoff import DealCode, Game, Move
from eightoff.web.actions import (
    Choose,
    Close,
    CodeTyped,
    Copied,
    DialogClosed,
    FileRead,
    ImportFile,
    Shared,
    Shortcut,
)
from eightoff.web.effects import Copy, Download, ReadFile, RememberHowTo, Save, Share
from eightoff.web.links.address import Link
from eightoff.web.state import (
    Confirm,
    HowTo,
    KeysWindow,
    NewGameWindow,
    ResetStats,
    Said,
    SettingsWindow,
    StatsWindow,
    TakeBackup,
)
from eightoff.web.storage.backup_file import FILE_NAME, MEDIA_TYPE, BackupError, export, read
from eightoff.web.storage.daily import daily_code
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Result, Stats
from eightoff.web.update.commands import typed_code
from eightoff.winnable import is_catalogued, level_of, winnable
from tests.web.update.helpers import CODE, DAY, PAGE, WORLD, Page, new_game, state_of

REPLAY = Link(CODE, (Move.parse("1e"), Move.parse("ef")))


def file(text: str | None) -> Callable[[], Awaitable[str | None]]:
    async def read_it() -> str | None:
        return text

    return read_it


# -- the windows --------------------------------------------------------------------------------


def test_the_windows_open_in_front_and_close() -> None:
    page = Page(state_of(settings=Settings(cells=4)))
    page.do("settings", "help", "new-game")
    assert page.state.windows == (SettingsWindow(), KeysWindow(), NewGameWindow())
    page.do("settings")  # open already: brought to the front, once
    assert page.windows == ["help-dialog", "new-game-dialog", "settings-dialog"]
    page.do(Close("settings-dialog"), DialogClosed("help-dialog"), Close("win"))
    assert page.windows == ["new-game-dialog"]
    page.do("stats", "win-new")  # from the win message: everything closes but New Game
    assert page.state.windows == (NewGameWindow(),)
    assert page.saves == [] and page.state.settings == Settings(cells=4)


def test_the_new_game_window_opens_with_an_empty_code_and_no_verdict() -> None:
    page = Page()
    page.do("new-game", CodeTyped("EO1-C4-AAAAAFA"), Close("new-game-dialog"), "new-game")
    assert page.state.windows == (NewGameWindow(),) and page.state.coach.verdict is None


def test_a_random_deal_of_the_chosen_cells() -> None:
    page = Page(state_of(settings=Settings(cells=2, winnable=False)), world=replace(WORLD, chance=99))
    page.do("settings", "random-deal")
    code = DealCode(99, 2)
    assert page.game == Game.new(code) and page.said == [f"New deal {code}."] and page.windows == []
    assert page.effects == [Save()] and page.state.change.motion == "deal"


def test_a_winnable_deal_comes_from_the_catalogue_of_every_cell_count() -> None:
    for cells in (4, 8):
        page = Page(state_of(settings=Settings(cells=cells)), world=replace(WORLD, chance=123_456))
        page.do("random-deal")
        code = winnable(cells, lambda n: 123_456 % n)
        assert page.game.code == code and is_catalogued(code) and page.requests == []
        level = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}[str(level_of(code))]
        assert page.said == [f"New deal {code}. Level: {level}."]


@pytest.mark.parametrize("cells", [8, 4, 2])
def test_the_level_chosen_in_new_game_deals_a_deal_of_that_level(cells: int) -> None:
    page = Page(state_of(settings=Settings(cells=cells)), world=replace(WORLD, chance=987_654))
    page.do("new-game", Choose("level", "hard"))
    assert page.state.settings.level == "hard" and page.effects == [Save()]
    page.do("random-deal")
    code = winnable(cells, lambda n: 987_654 % n, level="hard")
    assert page.game.code == code and level_of(code) == "hard" and page.requests == []
    assert page.said == [f"New deal {code}. Level: Hard."] and page.windows == []
    page.do("new-game", Choose("level", "easy"), "random-deal")
    assert level_of(page.game.code) == "easy" and page.said[-1] == f"New deal {page.game.code}. Level: Easy."
    page.do("new-game", Choose("level", "any"), Choose("level", "impossible"))
    assert page.state.settings.level is None  # the last choice is none the window offers: ignored


def test_no_level_is_said_of_a_deal_outside_the_catalogues() -> None:
    page = Page(
        state_of(settings=Settings(cells=8, winnable=False, level="hard")), world=replace(WORLD, chance=5)
    )
    page.do("random-deal")
    assert page.game.code == DealCode(5, 8) and level_of(page.game.code) is None
    assert page.said == [f"New deal {DealCode(5, 8)}."]


def test_a_new_deal_over_a_game_in_progress_asks_nothing_and_keeps_that_game() -> None:
    page = Page(
        state_of(new_game(CODE, "1e"), settings=Settings(winnable=False)), world=replace(WORLD, chance=7)
    )
    page.do("random-deal", "confirm-yes")  # a yes without a question: nothing
    assert page.game == Game.new(DealCode(7, 8)) and page.windows == []
    assert page.said == [f"New deal {DealCode(7, 8)}. Undo brings back the last game (1 move)."]
    last = page.state.stats.previous
    assert last is not None and last.game == new_game(CODE, "1e")


def test_the_code_typed_and_todays_deal() -> None:
    page = Page()
    assert page.do("play-code") == ()  # no New Game window: nothing
    page.do("new-game", CodeTyped("EO1-C8-AAAA"), "play-code")  # no valid code: nothing
    assert page.game.code == CODE and page.windows == ["new-game-dialog"]
    page.do(CodeTyped(" eo1-c4-aaaaafa"), "play-code")
    assert str(page.game.code) == "EO1-C4-AAAAAFA" and page.windows == []
    page = Page(state_of(new_game(CODE, "1e")))
    page.do("daily")
    assert page.game.code == daily_code(DAY) and page.windows == []


@pytest.mark.parametrize(
    ("text", "code"),
    [("", None), ("   ", None), ("EO1-C8-AAAA", None), ("xx", None), (" eo1-c4-aaaaafa ", "EO1-C4-AAAAAFA")],
)
def test_the_code_typed_is_read_as_a_deal_code_or_none(text: str, code: str | None) -> None:
    assert typed_code(text) == (None if code is None else DealCode.parse(code))


# -- settings ---------------------------------------------------------------------------------


def test_a_setting_chosen_is_kept_and_saved_and_the_board_left_as_it_is() -> None:
    page = Page()
    change = page.state.change
    assert page.do(Choose("deck", "two")) == (Save(),)
    assert page.state.settings == Settings(deck="two") and page.state.change == change
    page.do(Choose("cells", "7"), Choose("clock", "maybe"))  # not one of the choices: nothing
    assert page.effects == [Save()] and page.state.settings == Settings(deck="two")
    chosen = [Choose("tap-to-select", "true"), Choose("clock", "false"), Choose("motion", "false")]
    page.do(*chosen, Choose("theme", "dark"), Choose("cells", "4"), Choose("winnable", "false"))
    assert page.state.settings == Settings(4, "two", False, True, theme="dark", clock=False, motion="off")
    assert page.game.code == CODE and page.said == [] and len(page.saves) == 7


def test_a_language_chosen_is_spoken_at_once_and_the_address_loses_its_lang() -> None:
    page = Page(state_of(language="en", address_lang="en"))
    page.do(Choose("language", "en"))  # the language in use: kept, nothing more
    assert page.state.settings.language == "en" and page.state.address_lang == "en"
    page.do(Choose("language", "nl"))
    assert (page.state.settings.language, page.state.language, page.state.address_lang) == ("nl", "nl", "")
    assert page.state.status.text == "" and page.saves == [Save(), Save()]


# -- the record ----------------------------------------------------------------------------------


def test_the_statistics_window_opens_and_resets_after_asking() -> None:
    game = new_game(CODE, "1e")
    page = Page(state_of(game))
    assert page.state.stats.overall.started == 1
    page.do("stats", "reset-stats")
    assert page.state.windows == (StatsWindow(), Confirm(ResetStats()))
    page.do("confirm-yes")
    assert page.state.stats == state_of(game).stats.reset(game) and page.saves == [Save()]
    assert page.state.stats.overall.started == 0
    window = page.state.window(StatsWindow)
    assert window == StatsWindow(Said("The statistics were reset.", page.state.serial))


def test_export_saves_the_backup_file_and_says_so() -> None:
    page = Page()
    page.do("export")  # the window closed: the file all the same, nothing said
    state = page.state
    text = export(state.game, state.settings, state.stats, "2026-12-01T12:00:00Z")
    assert page.downloads == [Download(text, FILE_NAME, MEDIA_TYPE)]
    page.do("stats", "export")
    assert page.state.window(StatsWindow) == StatsWindow(
        Said("Backup saved as eightoff-backup.json.", page.state.serial)
    )


HISTORY_CSV = (
    "date,code,cells,level,result,hinted,score,moves,seconds\r\n"
    "2026-11-29,EO1-C4-V6B5AGZ,4,hard,won,yes,612,97,754.999\r\n"
    "2026-11-30,EO1-C8-AAAAAFA,8,,lost,no,25,3,\r\n"
)


def test_the_history_downloads_as_csv_one_game_a_row_and_says_so() -> None:
    recent = (
        Result("EO1-C4-V6B5AGZ", True, 612, 97, "2026-11-29", hinted=True, time=754_999),
        Result("EO1-C8-AAAAAFA", False, 25, 3, "2026-11-30"),
    )
    page = Page(state_of(stats=Stats(recent=recent)))
    page.do("stats")
    assert page.do("download-history") == (Download(HISTORY_CSV, "eightoff-history.csv", "text/csv"),)
    assert page.state.window(StatsWindow) == StatsWindow(
        Said("History saved as eightoff-history.csv.", page.state.serial)
    )


def test_no_history_downloads_nothing_and_says_why() -> None:
    page = Page()
    page.do("stats")
    assert page.do("download-history") == ()
    assert page.state.window(StatsWindow) == StatsWindow(Said("No finished games yet.", page.state.serial))


def test_an_import_asks_first_then_replaces_the_game_settings_and_record() -> None:
    page = Page.started(replay_of=(REPLAY, 1))
    game = new_game(CODE, "1e")
    text = export(game, Settings(cells=4), Stats().begin(game.code), "2026-11-30T10:00:00Z")
    reader = file(text)
    page.do("stats")
    assert page.do(ImportFile(reader)) == (ReadFile(reader),)
    page.do(FileRead(text))
    assert page.state.windows == (StatsWindow(), Confirm(TakeBackup(read(text))))
    assert page.game.moves == 0 and page.state.replay is not None
    page.do("confirm-yes")
    assert page.game == game and page.state.settings == Settings(cells=4) and page.state.replay is None
    assert page.effects[-1] == Save(take_over=True)
    assert page.state.windows == (StatsWindow(Said("Backup imported.", page.state.serial)),)


def test_an_import_that_is_no_backup_is_refused_with_its_reason() -> None:
    page = Page()
    page.do("stats", FileRead(None))  # no file chosen
    assert page.state.windows == (StatsWindow(),)
    page.do(FileRead("{}"))
    window = page.state.window(StatsWindow)
    assert isinstance(window, StatsWindow) and window.bad
    assert window.message.text.startswith("This file cannot be imported: ")
    page.do(FileRead(None, BackupError("too big", code="backup-too-big")))
    again = page.state.window(StatsWindow)
    assert isinstance(again, StatsWindow) and again.bad and again.message.serial > window.message.serial
    assert again.message.text.startswith("This file cannot be imported: ") and len(page.windows) == 1


# -- links ------------------------------------------------------------------------------------------


def test_the_deals_link_is_copied_or_offered_to_copy_by_hand() -> None:
    page = Page()
    url = f"{PAGE}?deal=EO1-C8-AAAAAFA"
    assert page.do("copy-link") == (Copy(url, "Link copied."),)  # the address on the clipboard, not in words
    page.do(Copied(url, "Link copied.", done=False))
    assert page.state.share == url and page.said == []
    page.do(Copied(url, "Link copied.", done=True))
    assert page.state.share is None and page.said == ["Link copied."]


def test_a_replay_link_of_the_whole_game() -> None:
    page = Page()
    page.do("share")
    assert page.said == ["There is no move to share yet: a replay link needs a move."]
    game = new_game(CODE, "1e")
    page = Page(state_of(game, stats=Stats().begin(CODE).follow(game, "2026-12-01").timed(754_999)))
    url = f"{PAGE}?deal=EO1-C8-AAAAAFA&moves=1e&time=754&replay"  # whole seconds
    assert page.do("share") == (
        Share(url, "Eight Off: a replay", "A game of Eight Off, deal EO1-C8-AAAAAFA, move by move."),
    )
    current = page.state.stats.current
    assert current is not None
    untimed = replace(page.state.stats, current=replace(current, untimed=True))  # begun before its clock
    page = Page(state_of(game, stats=untimed))
    assert [effect.url for effect in page.do("share") if isinstance(effect, Share)] == [
        f"{PAGE}?deal=EO1-C8-AAAAAFA&moves=1e&replay"
    ]
    long = Game(game.code, game.position, game.score, moves=150)  # more moves than undo holds, no path
    page = Page(state_of(long, stats=Stats().begin(CODE, path=None)))
    assert page.do("share") == ()
    assert page.said == [
        "The moves of this game from its deal are not all known: it cannot be shared as a replay."
    ]


def test_the_replay_shown_is_what_is_shared() -> None:
    page = Page.started(replay_of=(REPLAY, 0))
    url = f"{PAGE}?deal=EO1-C8-AAAAAFA&moves=1eef&replay"
    assert [effect.url for effect in page.do("share") if isinstance(effect, Share)] == [url]


def test_a_replay_link_goes_to_the_share_sheet_else_to_the_clipboard_in_a_short_sentence() -> None:
    """Issue 36 item 7: shared, said in a few words; the sheet closed, nothing said; no
    sheet, the link copied, "Replay link copied." (the address is never in the words)."""
    page = Page()
    url = f"{PAGE}?deal=EO1-C8-AAAAAFA&moves=1e&replay"
    assert page.do(Shared(url, "shared")) == () and page.said == ["Replay link shared."]
    assert page.do(Shared(url, "cancelled")) == () and page.said == ["Replay link shared."]
    assert page.do(Shared(url, "unavailable")) == (Copy(url, "Replay link copied."),)
    page.do(Copied(url, "Replay link copied.", done=True))
    assert page.said[-1] == "Replay link copied." and page.announced[-1] == "Replay link copied."


# -- the how-to ---------------------------------------------------------------------------------------


def test_a_first_visit_shows_the_how_to_without_the_focus() -> None:
    page = Page.started(how_to_seen=False)
    assert page.state.how_to == HowTo(shown=True, focus=0)


@pytest.mark.parametrize(("moves", "seen"), [(0, True), (1, False), (2, True)])
def test_not_shown_once_seen_or_on_a_game_with_moves(moves: int, seen: bool) -> None:
    page = Page.started(new_game(CODE, *("1e", "1f")[:moves]), how_to_seen=seen)
    assert not page.state.how_to.shown and page.state.how_to.seen == seen


def test_got_it_hides_it_for_good() -> None:
    page = Page.started(how_to_seen=False)
    assert page.do("how-to-close") == (RememberHowTo(),)
    assert page.state.how_to == HowTo(seen=True)


def test_the_first_move_hides_it_for_good_and_other_actions_do_not() -> None:
    page = Page.started(how_to_seen=False)
    page.do("hint", "settings", Close("settings-dialog"), "undo")  # no move
    assert page.state.how_to.shown
    effects = page.do(Shortcut("double-tap", "column-1"))
    assert page.state.how_to == HowTo(seen=True) and RememberHowTo() in effects
    assert RememberHowTo() not in page.do("undo")  # hidden: nothing more


def test_the_keys_window_shows_it_again_focused_until_the_next_move() -> None:
    page = Page.started(new_game(CODE, "1e"), how_to_seen=True)
    page.do("help")
    assert page.windows == ["help-dialog"]
    page.do("how-to")
    how_to = page.state.how_to
    assert page.windows == [] and how_to == HowTo(seen=True, shown=True, moves=1, focus=how_to.focus)
    assert how_to.focus > 0
    page.do("hint")  # the game it was asked in, one move already: it stays
    assert page.state.how_to.shown
    page.do("undo")
    assert not page.state.how_to.shown and page.effects[-1] == RememberHowTo()

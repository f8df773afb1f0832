"""The stored game and settings (eightoff/web/storage/store.py, docs/storage.md): exact round
trips, every kind of bad data set aside, a full quota, and two tabs on one storage."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff import UNDO_LIMIT, DealCode, Game, HistoryError, Move, saved
from eightoff.rules import apply, legal_moves
from eightoff.web.actions import Choose
from eightoff.web.facts import DEVICE_KEY
from eightoff.web.storage import record as stored_record
from eightoff.web.storage.record import SCHEMA
from eightoff.web.storage.settings import Settings, SettingsError
from eightoff.web.storage.stats import Stats
from eightoff.web.storage.store import (
    ASIDE_CHARS,
    BACKUP_KEY,
    KEY,
    Aside,
    Loaded,
    MemoryStorage,
    Notice,
    StorageFull,
    Store,
)
from tests.players import long_game

CODE = DealCode.parse("EO1-C8-AAAAAFA")


def record(played: Game | None = None, **changes: Any) -> dict[str, Any]:
    """A good record as stored (of ``played``), with some fields changed."""
    data = {
        "schema": SCHEMA,
        "revision": 3,
        "tab": "tab-a",
        "game": saved.to_dict(played or long_game(5)),
        "settings": {"cells": 4, "deck": "two"},
    }
    data.update(changes)
    return data


def expected(game: Game | None, options: Settings, notice: Notice | None, revision: int) -> Loaded:
    """What a load gives: with a game, the statistics that follow it (empty when the
    record held none)."""
    return Loaded(game, options, notice, revision, Stats() if game is None else Stats().matched(game))


UNREADABLE = Loaded(None, Settings(), Notice("storage-unreadable"), 0, Stats())
"""What another tab's unreadable write gives a tab with nothing loaded: save over it."""


def stored(data: Any) -> MemoryStorage:
    storage = MemoryStorage()
    storage.set(KEY, data if isinstance(data, str) else json.dumps(data))
    return storage


# -- round trips ----------------------------------------------------------------


@pytest.mark.parametrize("options", [Settings(), Settings(4, "two"), Settings(2, "four"), Settings(8, "two")])
@pytest.mark.parametrize("code", ["EO1-C8-AAAAAFA", "EO1-C4-ZZZZZZZ", "EO1-C2-BBBBBBB"])
def test_save_then_load_gives_the_same_game_and_settings(code: str, options: Settings) -> None:
    game = long_game(40, code=DealCode.parse(code))
    assert game.moves >= 10
    for _ in range(3):
        game.undo()
    storage = MemoryStorage()
    assert Store(storage, "a").save(game, options) is None
    loaded = Store(storage, "b").load()
    assert loaded == expected(game, options, None, 1)
    assert loaded.game is not game


def test_the_record_is_the_documented_json() -> None:
    game = long_game(3)
    storage = MemoryStorage()
    store = Store(storage, "tab-7")
    store.save(game, Settings(2, "two"))
    store.save(game, Settings(2, "two"))
    text = storage.get(KEY) or ""
    assert text.startswith('{"schema":4,"revision":2,"tab":"tab-7","game":{"code":"EO1-C8-')
    tally = {"started": 0, "won": 0, "streak": 0, "best_streak": 0, "best_score": 0}
    assert json.loads(text) == {
        "schema": 4,
        "revision": 2,
        "tab": "tab-7",
        "game": saved.to_dict(game),
        "settings": {"cells": 2, "deck": "two", "winnable": True},
        "stats": {
            "by_cells": {"8": tally, "4": tally, "2": tally},
            "overall": tally,
            "recent": [],
            "daily": {"tally": tally, "dates_won": []},
            "current": {
                "code": "EO1-C8-AAAAAFA",
                "counted": False,
                "finished": False,
                "time": 0,
                "untimed": True,
                "path": "7g.86.87",
            },
        },
    }
    assert [str(m) for m in game.undo_stack] == ["7g", "86", "87"]
    assert list(json.loads(text)) == ["schema", "revision", "tab", "game", "settings", "stats"]
    assert store.revision == 2 and storage.get(BACKUP_KEY) is None


SCHEMA_1 = (
    '{"schema":1,"revision":1,"tab":"tab-1","game":{"schema":1,"code":"EO1-C8-AAAAAFA",'
    '"position":"Foundations: S-0 H-0 D-0 C-0\\nFreecells: QS 7S TH KS - - 6D -\\n'
    ": 3S AD 8H KH 6S 5S\\n: JH 8C 6C AC 3H 5H 4H\\n: 6H 2H KD 7H 5D 8D\\n: 4S JC 7D 9C QH\\n"
    ': AS QC 2S 7C 4C 5C\\n: 3C 9S 2D TC TD JS TS\\n: AH 9D 9H KC QD JD\\n: 8S 2C 4D 3D",'
    '"score":5,"moves":5,"undo":["7g","86","87","4h","h2"],"redo":["6f"]},'
    '"settings":{"cells":4,"deck":"two"}}'
)
"""A schema-1 record as the first version wrote it (the game with a version of its own):
every later version must keep reading it."""
SCHEMA_2 = SCHEMA_1.replace('{"schema":1,', '{"schema":2,', 1).replace('"game":{"schema":1,', '"game":{', 1)
"""The same record as this version writes it: later versions must keep reading it."""


SCHEMA_3 = (
    '{"schema":3,"revision":1,"tab":"tab-1","game":{"code":"EO1-C8-AAAAAFA",'
    '"position":"Foundations: S-0 H-0 D-0 C-0\\nFreecells: QS 7S TH KS - - 6D -\\n'
    ": 3S AD 8H KH 6S 5S\\n: JH 8C 6C AC 3H 5H 4H\\n: 6H 2H KD 7H 5D 8D\\n: 4S JC 7D 9C QH\\n"
    ': AS QC 2S 7C 4C 5C\\n: 3C 9S 2D TC TD JS TS\\n: AH 9D 9H KC QD JD\\n: 8S 2C 4D 3D",'
    '"score":5,"moves":5,"undo":["7g","86","87","4h","h2"],"redo":["6f"]},'
    '"settings":{"cells":4,"deck":"two","winnable":true},"stats":{"by_cells":'
    '{"8":{"started":0,"won":0,"streak":0,"best_streak":0,"best_score":0},'
    '"4":{"started":0,"won":0,"streak":0,"best_streak":0,"best_score":0},'
    '"2":{"started":0,"won":0,"streak":0,"best_streak":0,"best_score":0}},'
    '"overall":{"started":0,"won":0,"streak":0,"best_streak":0,"best_score":0},"recent":[],'
    '"daily":{"tally":{"started":0,"won":0,"streak":0,"best_streak":0,"best_score":0},"dates_won":[]},'
    '"current":{"code":"EO1-C8-AAAAAFA","counted":false,"finished":false,"path":"7g.86.87.4h.h2"}}}'
)
"""The same record as schema 3 wrote it before the clock, with its statistics (none yet):
later versions must keep reading it."""
CLOCKED = SCHEMA_3.replace('"finished":false,', '"finished":false,"time":0,', 1)
"""The same record as schema 3 wrote it with the clock: the game in play's time on the clock
(0: its clock has not run) is always written (docs/storage.md)."""
UNTIMED = CLOCKED.replace('"time":0,', '"time":0,"untimed":true,', 1).replace(
    '{"schema":3,', '{"schema":4,', 1
)
"""The same record as this version writes it, for a record older than the statistics: its
game had moves before any clock ran, so its time is not the whole game's (never recorded
as a win's time)."""
SCHEMA_4 = CLOCKED.replace('{"schema":3,', '{"schema":4,', 1)[:-2] + (
    ',"previous":{"game":{"code":"EO1-C4-AAAAAAB","position":"Foundations: S-0 H-0 D-0 C-0\\n'
    "Freecells: 3D 2C 9D 7C\\n: 7H 9C 7D TC AC 9H\\n: 9S JS 4D JC 5S 3H\\n: 4H 5H 2S TH AD 3C"
    "\\n: 8D KH AH 8C KC AS\\n: 8H 3S 6C QS 6D 4S\\n: 5C 2H KS 4C QC 2D\\n: JH JD KD 6S QD 8S"
    '\\n: 6H 5D TD 7S QH TS","score":0,"moves":0,"undo":[],"redo":[]},'
    '"entry":{"code":"EO1-C4-AAAAAAB","counted":true,"finished":false,"time":4200}}}}'
)
"""A record of schema 4 with the last game kept to go back to (a deal of 4 cells, played
to a move and undone, 4.2 seconds on its clock): later versions must keep reading it."""


@pytest.mark.parametrize(
    "text", [SCHEMA_1, SCHEMA_2, SCHEMA_3, CLOCKED], ids=["schema-1", "schema-2", "schema-3", "clock"]
)
def test_a_record_this_or_an_earlier_version_wrote_reads_and_writes_back_as_schema_4(text: str) -> None:
    assert SCHEMA == 4 and SCHEMA_2.startswith('{"schema":2,"revision":1,"tab":"tab-1","game":{"code":')
    loaded = Store(stored(text), "tab-1").load()
    assert loaded.notice is None and loaded.game is not None
    assert (loaded.game.score, loaded.game.moves, loaded.settings) == (5, 5, Settings(4, "two"))
    assert [str(m) for m in loaded.game.undo_stack] == ["7g", "86", "87", "4h", "h2"]
    assert str(loaded.game.redo()) == "6f"
    loaded.game.undo()
    fresh = MemoryStorage()
    assert Store(fresh, "tab-1").save(loaded.game, loaded.settings) is None
    # Written back as schema 4, with the setting added since (a missing "winnable" reads as
    # true) and the statistics of schema 3 (none for an older record or for a fresh store, so its
    # game's moves were made before its clock: untimed).
    assert fresh.get(KEY) == UNTIMED


def test_a_schema_2_page_leaves_a_schema_3_record_alone() -> None:
    """A tab of the previous version cannot read schema 3: it keeps a copy aside and never
    writes over it (its migrate refuses a newer schema)."""
    storage = stored(SCHEMA_3)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stored_record, "SCHEMA", 2)
        patch.setattr(stored_record, "MIGRATIONS", {1: stored_record.MIGRATIONS[1]})
        store = Store(storage, "old")
        loaded = store.load()
        assert loaded.game is None and loaded.notice == Notice("storage-newer", {"backup": True})
        assert store.save(long_game(2), Settings()) is None
    assert storage.get(KEY) == SCHEMA_3 and storage.get(BACKUP_KEY) == SCHEMA_3


def test_the_last_game_of_a_schema_4_record_reads_and_writes_back_as_it_was() -> None:
    loaded = Store(stored(SCHEMA_4), "tab-1").load()
    assert loaded.notice is None and loaded.game is not None and loaded.stats.previous is not None
    last = loaded.stats.previous
    assert (str(last.game.code), last.game.moves, last.entry.counted, last.entry.time) == (
        "EO1-C4-AAAAAAB",
        0,
        True,
        4200,
    )
    fresh = MemoryStorage()
    assert Store(fresh, "tab-1").save(loaded.game, loaded.settings, loaded.stats) is None
    assert json.loads(fresh.get(KEY) or "")["stats"]["previous"] == json.loads(SCHEMA_4)["stats"]["previous"]


def test_a_bad_last_game_alone_resets_the_statistics_keeps_the_game_and_sets_the_record_aside() -> None:
    text = SCHEMA_4.replace('"time":4200', '"time":-5')
    storage = stored(text)
    loaded = Store(storage, "tab-1").load()
    assert loaded.game is not None and loaded.game.moves == 5 and loaded.stats.previous is None
    assert loaded.notice == Notice("storage-stats-reset", {"reason": "stats-previous", "backup": True})
    assert storage.get(BACKUP_KEY) == text


def test_a_schema_3_page_leaves_a_schema_4_record_alone() -> None:
    """A tab of the previous version would drop the last game unread, its loss never
    counted: it keeps a copy aside and never writes over the record."""
    storage = stored(SCHEMA_4)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stored_record, "SCHEMA", 3)
        patch.setattr(stored_record, "MIGRATIONS", {n: stored_record.MIGRATIONS[n] for n in (1, 2)})
        store = Store(storage, "old")
        loaded = store.load()
        assert loaded.game is None and loaded.notice == Notice("storage-newer", {"backup": True})
        assert store.save(long_game(2), Settings()) is None
    assert storage.get(KEY) == SCHEMA_4 and storage.get(BACKUP_KEY) == SCHEMA_4


def test_the_winnable_setting_is_kept_and_checked() -> None:
    assert Settings.from_dict({"cells": 4, "deck": "two", "winnable": False}) == Settings(4, "two", False)
    assert Settings.from_dict({"cells": 4, "deck": "two"}).winnable is True
    assert Settings(2, "four", False).to_dict() == {"cells": 2, "deck": "four", "winnable": False}
    with pytest.raises(SettingsError, match="winnable is true or false, not 1"):
        Settings.from_dict({"cells": 4, "deck": "two", "winnable": 1})


def test_nothing_stored_gives_a_fresh_start_without_notice() -> None:
    assert Store(MemoryStorage(), "a").load() == expected(None, Settings(8, "four"), None, 0)


def test_reload_keeps_undo_reaching_100_actions_back() -> None:
    game = long_game(130)
    # The figures counted from the moves, not read from the engine: the seeded player's
    # first 30 moves are long_game(30)'s (same seed), the last 100 the undo stack; replayed
    # from the deal they lead to the game's position. None goes to a foundation ("3H"),
    # 4 go from a cell onto a column ("a5"): the score is 10 × 0 + 5 × 4 = 20.
    played = [str(move) for move in long_game(30).undo_stack + game.undo_stack]
    position = CODE.deal()
    for move in played:
        position = apply(position, Move.parse(move))
    home = sum(move[1] in "SHDC" for move in played)
    from_cell = sum(move[0] in "abcdefgh" and move[1] in "12345678" for move in played)
    assert (len(played), position, len(game.undo_stack)) == (130, game.position, UNDO_LIMIT)
    assert (game.moves, home, from_cell) == (130, 0, 4)
    assert game.score == 10 * home + 5 * from_cell == 20
    storage = MemoryStorage()
    Store(storage, "a").save(game, Settings())
    loaded = Store(storage, "b").load().game
    assert loaded == game and loaded is not None
    for _ in range(100):
        game.undo()
        loaded.undo()
    assert loaded == game
    assert (loaded.moves, loaded.score, len(loaded.redo_stack)) == (30, game.score, 100)
    with pytest.raises(HistoryError) as refused:
        loaded.undo()
    assert refused.value.code == "undo-limit"


def test_reload_keeps_redo() -> None:
    game = long_game(20)
    undone = [game.undo() for _ in range(7)]
    storage = MemoryStorage()
    Store(storage, "a").save(game, Settings())
    loaded = Store(storage, "a").load().game
    assert loaded is not None
    assert [loaded.redo() for _ in range(7)] == undone[::-1]


# -- bad data -------------------------------------------------------------------


def _doubled_card() -> dict[str, Any]:
    game = saved.to_dict(Game.new(CODE))
    first, second = "3S", "JH"  # the bottoms of columns 1 and 2: 3S now twice, JH missing
    assert game["position"].count(second) == 1
    game["position"] = game["position"].replace(second, first)
    return record(game=game)


def _wrong_type() -> dict[str, Any]:
    data = record()
    data["game"]["score"] = "10"
    return data


def _illegal_history() -> dict[str, Any]:
    game = Game.new(CODE)
    game.play(Move.parse("1e"))  # 5S into cell e
    data = saved.to_dict(game)
    data["undo"] = ["2e"]  # 5H was never in cell e
    return record(game=data)


def _schema_1(**changes: Any) -> dict[str, Any]:
    """A schema-1 record, its game (with its own ``"schema": 1``) changed (``...`` removes)."""
    game = {"schema": 1, **saved.to_dict(Game.new(CODE))}
    for name, value in changes.items():
        if value is ...:
            del game[name]
        else:
            game[name] = value
    return record(schema=1, game=game)


BARE_GAME = json.dumps({"schema": 1, **saved.to_dict(long_game(3))})
"""A saved game (schema 1, with its own version) stored alone, not inside a record."""

BAD = {
    "not JSON": ("{'schema': 1}", "record-not-json"),
    "truncated": (json.dumps(record())[:-9], "record-not-json"),
    "plain text": ("hello", "record-not-json"),
    "empty string": ("", "record-not-json"),
    "blanks": ("  \n ", "record-not-json"),
    "JSON array": ("[1, 2, 3]", "record-shape"),
    "JSON string": ('"eightoff"', "record-shape"),
    "JSON number": ("42", "record-shape"),
    "JSON null": ("null", "record-shape"),
    "schema 0": (record(schema=0), "record-schema"),
    "schema as text": (record(schema="1"), "record-schema"),
    "schema true": (record(schema=True), "record-schema"),
    "no schema": ({k: v for k, v in record().items() if k != "schema"}, "record-schema"),
    "revision as text": (record(revision="3"), "record-revision"),
    "negative revision": (record(revision=-1), "record-revision"),
    "revision 1.5": (record(revision=1.5), "record-revision"),
    "position with a doubled card": (_doubled_card(), "saved-invalid"),
    "wrong-typed field": (_wrong_type(), "saved-shape"),
    "illegal history": (_illegal_history(), "saved-history"),
    "game missing": (record(game=None), "saved-shape"),
    "schema 1, its game of another schema": (_schema_1(schema=2), "saved-schema"),
    "schema 1, its game without schema": (_schema_1(schema=...), "saved-schema"),
    "schema 1, its game's schema true": (_schema_1(schema=True), "saved-schema"),
    "schema 1, its game's schema as text": (_schema_1(schema="1"), "saved-schema"),
    "schema 1, no game": (record(schema=1, game=None), "saved-shape"),
    "foreign app": ('{"theme":"dark","user":{"id":42}}', "record-schema"),
    "older version: a bare saved game": (
        json.dumps({"schema": 1, **saved.to_dict(long_game(3))}),
        "record-revision",
    ),
    "deep nesting": ("[" * 100_000 + "]" * 100_000, "record-too-deep"),
}


@pytest.mark.parametrize("case", BAD.keys())
def test_bad_data_is_set_aside_and_a_fresh_game_starts(case: str) -> None:
    data, reason = BAD[case]
    text = data if isinstance(data, str) else json.dumps(data)
    storage = stored(text)
    loaded = Store(storage, "a").load()
    assert loaded.game is None
    assert loaded.settings == Settings()
    assert loaded.notice == Notice("storage-corrupt", {"reason": reason, "backup": True})
    assert storage.get(BACKUP_KEY) == text[:ASIDE_CHARS]
    assert storage.get(KEY) is None


def test_a_newer_versions_record_is_copied_aside_and_never_overwritten() -> None:
    """An unknown, newer schema (99): this tab starts a fresh game and says so, keeps a
    copy under the backup key, and never writes over the newer version's game."""
    text = json.dumps(record(schema=99, revision=7))
    storage = stored(text)
    store = Store(storage, "old-tab")
    loaded = store.load()
    assert loaded.game is None
    assert loaded.settings == Settings()
    assert loaded.notice == Notice("storage-newer", {"backup": True})
    assert storage.get(BACKUP_KEY) == text[:ASIDE_CHARS]
    assert store.save(long_game(2), Settings()) is None
    assert storage.get(KEY) == text


def test_a_newer_version_writing_while_this_tab_plays_stops_its_saves() -> None:
    storage = MemoryStorage()
    store = Store(storage, "old-tab")
    store.load()
    assert store.save(long_game(1), Settings()) is None
    newer = json.dumps(record(schema=SCHEMA + 1, revision=9))
    storage.set(KEY, newer)
    assert store.save(long_game(2), Settings()) == Notice("storage-newer", {"backup": True})
    assert store.save(long_game(3), Settings()) is None
    assert storage.get(KEY) == newer


def test_after_bad_data_the_fresh_game_saves_above_the_old_revision() -> None:
    storage = stored(record(revision=41, game={"schema": 1}))
    store = Store(storage, "a")
    assert store.load().revision == 41
    game = long_game(2)
    assert store.save(game, Settings()) is None
    assert Store(storage, "b").load() == expected(game, Settings(), None, 42)
    assert json.loads(storage.get(BACKUP_KEY) or "")["game"] == {"schema": 1}


def test_the_backup_holds_only_the_newest_bad_value() -> None:
    storage = stored("first")
    Store(storage, "a").load()
    storage.set(KEY, "second")
    Store(storage, "a").load()
    assert storage.items == {BACKUP_KEY: "second"}


def test_a_bad_value_that_fills_the_quota_is_still_set_aside() -> None:
    text = "x" * 900
    storage = MemoryStorage(quota=1000)
    storage.set(KEY, text)
    loaded = Store(storage, "a").load()
    assert loaded.notice == Notice("storage-corrupt", {"reason": "record-not-json", "backup": True})
    assert storage.items == {BACKUP_KEY: text}


def test_a_bad_value_too_big_to_keep_is_dropped_and_said_so() -> None:
    storage = MemoryStorage()
    storage.set(KEY, "x" * 900)
    storage.quota = 100
    loaded = Store(storage, "a").load()
    assert loaded.notice == Notice("storage-corrupt", {"reason": "record-not-json", "backup": False})
    assert storage.items == {}


@pytest.mark.parametrize(
    ("settings", "reason"),
    [
        ({"cells": 3, "deck": "four"}, "settings-cells"),
        ({"cells": "8", "deck": "four"}, "settings-cells"),
        ({"cells": 8.0, "deck": "four"}, "settings-cells"),
        ({"cells": True, "deck": "four"}, "settings-cells"),
        ({"cells": 8, "deck": "red"}, "settings-deck"),
        ({"cells": 8, "deck": ["four"]}, "settings-deck"),
        ({"cells": 8}, "settings-shape"),
        ([8, "four"], "settings-shape"),
        (None, "settings-shape"),
    ],
)
def test_bad_settings_alone_reset_the_settings_and_keep_the_game(settings: Any, reason: str) -> None:
    game = long_game(12)
    text = json.dumps(record(game, settings=settings, revision=5))
    storage = stored(text)
    store = Store(storage, "a")
    loaded = store.load()
    assert loaded == expected(
        game, Settings(), Notice("storage-settings-reset", {"reason": reason, "backup": True}), 5
    )
    assert storage.get(BACKUP_KEY) == text[:ASIDE_CHARS] and storage.get(KEY) == text
    assert store.save(game, Settings(2)) is None
    assert Store(storage, "a").load() == expected(game, Settings(2), None, 6)


def test_settings_are_checked() -> None:
    with pytest.raises(SettingsError) as cells:
        Settings(6)
    with pytest.raises(SettingsError) as deck:
        Settings(deck="<b>red</b>")
    assert (cells.value.code, deck.value.code) == ("settings-cells", "settings-deck")
    assert str(deck.value) == "the deck is 'four' or 'two', not '<b>red</b>'"
    assert Settings.from_dict({"cells": 2, "deck": "two", "later": 1}) == Settings(2, "two")
    tapping = Settings(2, "two", tap_to_select=True)
    assert Settings.from_dict({"cells": 2, "deck": "two", "tap_to_select": True}) == tapping
    assert tapping.to_dict() == {"cells": 2, "deck": "two", "winnable": True, "tap_to_select": True}
    # tap_to_select off is not written: as the versions before it wrote
    assert Settings(2, "two").to_dict() == {"cells": 2, "deck": "two", "winnable": True}
    with pytest.raises(SettingsError) as tap:
        Settings.from_dict({"cells": 8, "deck": "four", "tap_to_select": "yes"})
    assert (tap.value.code, str(tap.value)) == ("settings-tap", "tap_to_select is true or false, not 'yes'")


def test_hints_at_once_are_kept_without_a_new_schema() -> None:
    at_once = Settings(2, "two", hint_at_once=True)
    assert at_once.to_dict() == {"cells": 2, "deck": "two", "winnable": True, "hint_at_once": True}
    assert Settings.from_dict(at_once.to_dict()) == at_once
    # off (two steps) is not written, and a record written before it reads as off
    assert "hint_at_once" not in Settings().to_dict()
    assert not Settings.from_dict({"cells": 2, "deck": "two"}).hint_at_once
    with pytest.raises(SettingsError) as bad:
        Settings.from_dict({"cells": 8, "deck": "four", "hint_at_once": 1})
    assert (bad.value.code, str(bad.value)) == ("settings-hint", "hint_at_once is true or false, not 1")


def test_the_chosen_language_is_kept_without_a_new_schema() -> None:
    speaking = Settings(2, "two", language="uk")
    assert speaking.to_dict() == {"cells": 2, "deck": "two", "winnable": True, "language": "uk"}
    assert Settings.from_dict(speaking.to_dict()) == speaking
    assert Settings.from_dict({"cells": 2, "deck": "two"}).language == ""  # none chosen: the browser's
    for bad in ("qps", "fr", 3):
        with pytest.raises(SettingsError) as error:
            Settings.from_dict({"cells": 8, "deck": "four", "language": bad})
        assert error.value.code == "settings-language"


def test_the_theme_is_kept_without_a_new_schema() -> None:
    """Records written before the theme existed read as "auto" (the device's colours); "auto"
    is not written, so such records stay as they were."""
    dark = Settings(2, "two", theme="dark")
    assert dark.to_dict() == {"cells": 2, "deck": "two", "winnable": True, "theme": "dark"}
    assert Settings.from_dict(dark.to_dict()) == dark
    assert Settings.from_dict({"cells": 2, "deck": "two"}).theme == "auto"
    assert Settings(2, "two", theme="auto").to_dict() == {"cells": 2, "deck": "two", "winnable": True}
    for bad in ("auto ", "Dark", "", None, 1):
        with pytest.raises(SettingsError) as error:
            Settings.from_dict({"cells": 8, "deck": "four", "theme": bad})
        assert error.value.code == "settings-theme"


def test_the_motion_is_kept_without_a_new_schema() -> None:
    """As the theme: "auto" (the device's prefers-reduced-motion) is not written; a record
    written before the setting existed reads as "auto"."""
    still = Settings(2, "two", motion="off")
    assert still.to_dict() == {"cells": 2, "deck": "two", "winnable": True, "motion": "off"}
    assert Settings.from_dict(still.to_dict()) == still
    assert Settings.from_dict({"cells": 2, "deck": "two"}).motion == "auto"
    assert Settings(motion="auto").to_dict() == Settings().to_dict()
    assert [
        Settings(motion=m).moving(reduced) for m in ("auto", "on", "off") for reduced in (False, True)
    ] == [
        True,
        False,
        True,
        True,
        False,
        False,
    ]
    for bad in ("On", "", None, True):
        with pytest.raises(SettingsError) as error:
            Settings.from_dict({"cells": 8, "deck": "four", "motion": bad})
        assert error.value.code == "settings-motion"


def test_the_pace_is_kept_without_a_new_schema() -> None:
    """Issue 37 item 7: "normal" is not written; a record written before the setting existed
    reads as "normal"; the pace is a share of the normal times."""
    slow = Settings(2, "two", pace="slow")
    assert slow.to_dict() == {"cells": 2, "deck": "two", "winnable": True, "pace": "slow"}
    assert Settings.from_dict(slow.to_dict()) == slow
    assert Settings.from_dict({"cells": 2, "deck": "two"}).pace == "normal"
    assert [Settings(pace=p).times for p in ("fast", "normal", "slow")] == [0.5, 1.0, 1.75]
    for bad in ("Slow", "", None, 1):
        with pytest.raises(SettingsError) as error:
            Settings.from_dict({"cells": 8, "deck": "four", "pace": bad})
        assert error.value.code == "settings-pace"


def test_the_card_size_is_kept_without_a_new_schema() -> None:
    """Issue 37 item 3: "standard" is not written; a record written before the setting
    existed reads as "standard"; a choice reaches the settings through the window's radios."""
    large = Settings(4, "two", cards="large")
    assert large.to_dict() == {"cells": 4, "deck": "two", "winnable": True, "cards": "large"}
    assert Settings.from_dict(large.to_dict()) == large
    assert Settings.from_dict({"cells": 4, "deck": "two"}).cards == "standard"
    assert Choose("cards", "large").applied_to(Settings()).cards == "large"
    for bad in ("Large", "", None, 2):
        with pytest.raises(SettingsError) as error:
            Settings.from_dict({"cells": 8, "deck": "four", "cards": bad})
        assert error.value.code == "settings-cards"


def test_the_level_is_kept_without_a_new_schema() -> None:
    """The level of the deals that can be won: written only when one is chosen; a record
    written before it existed reads as any level."""
    hard = Settings(4, "two", level="hard")
    assert hard.to_dict() == {"cells": 4, "deck": "two", "winnable": True, "level": "hard"}
    assert Settings.from_dict(hard.to_dict()) == hard and Settings.from_dict(hard.to_dict()).level == "hard"
    assert Settings.from_dict({"cells": 2, "deck": "two"}).level is None
    assert Settings(level=None).to_dict() == Settings().to_dict()
    for bad in ("Hard", "", "any", 1, True):
        with pytest.raises(SettingsError) as error:
            Settings.from_dict({"cells": 8, "deck": "four", "level": bad})
        assert (error.value.code, str(error.value)) == (
            "settings-level",
            f"the level is 'easy', 'medium' or 'hard', not {bad!r:.20}",
        )


def test_sound_and_haptics_are_kept_and_off_in_older_records() -> None:
    """Issue 37 item 5: both off until the player turns them on; written only when on, read
    back exactly through the store; a record written before them reads them off; a value
    not true or false resets the settings with its reason."""
    assert not Settings().sound and not Settings().haptics
    older = Settings.from_dict({"cells": 8, "deck": "four"})
    assert (older.sound, older.haptics) == (False, False) and older == Settings()
    both = Settings(4, "two", sound=True, haptics=True)
    assert both.to_dict() == {"cells": 4, "deck": "two", "winnable": True, "sound": True, "haptics": True}
    assert Settings(haptics=True).to_dict() == {"cells": 8, "deck": "four", "winnable": True, "haptics": True}
    storage = MemoryStorage()
    Store(storage, "a").save(long_game(5), both)
    assert Store(storage, "b").load().settings == both
    for name in ("sound", "haptics"):
        for bad in ("true", 1, None):
            with pytest.raises(SettingsError) as error:
                Settings.from_dict({"cells": 8, "deck": "four", name: bad})
            assert error.value.code == f"settings-{name}"
        loaded = Store(stored(record(settings={"cells": 4, "deck": "two", name: "on"})), "a").load()
        assert loaded.settings == Settings() and loaded.notice is not None
        assert (loaded.notice.code, loaded.notice.params["reason"]) == (
            "storage-settings-reset",
            f"settings-{name}",
        )


def test_a_registered_migration_reads_an_older_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    """The procedure of docs/storage.md: MIGRATIONS[n] turns schema n into schema n + 1."""
    game = long_game(4)
    old = {"schema": 0, "rev": 9, "state": {"schema": 1, **saved.to_dict(game)}, "cells": 4, "deck": "two"}

    def from_0(data: dict[str, Any]) -> dict[str, Any]:
        return {
            "schema": 1,
            "revision": data["rev"],
            "tab": "",
            "game": data["state"],
            "settings": {"cells": data["cells"], "deck": data["deck"]},
        }

    monkeypatch.setitem(stored_record.MIGRATIONS, 0, from_0)
    assert Store(stored(old), "a").load() == expected(game, Settings(4, "two"), None, 9)
    broken = Store(stored({"schema": 0}), "a").load()
    assert broken.game is None and broken.notice == Notice(
        "storage-corrupt", {"reason": "KeyError", "backup": True}
    )


# -- a full quota and a refused storage ----------------------------------------------


def test_a_full_quota_stops_saving_once_and_says_when_saving_resumes() -> None:
    storage = MemoryStorage()
    store = Store(storage, "a")
    game = long_game(10)
    assert store.save(game, Settings()) is None
    first = storage.get(KEY)
    storage.quota = len(KEY) + 100
    game.play(next(iter(legal_moves(game.position))))
    assert store.save(game, Settings()) == Notice("storage-full")
    assert not store.saving
    for _ in range(5):
        game.undo()
        assert store.save(game, Settings()) is None
    assert storage.get(KEY) == first and store.revision == 1
    storage.quota = None
    assert store.save(game, Settings()) == Notice("storage-resumed")
    assert store.saving
    assert store.save(game, Settings()) is None
    assert Store(storage, "b").load() == expected(game, Settings(), None, 3)
    storage.quota = 10
    assert store.save(game, Settings()) == Notice("storage-full")


def test_a_full_quota_at_the_first_save() -> None:
    storage = MemoryStorage(quota=50)
    store = Store(storage, "a")
    assert store.load().notice is None
    assert store.save(Game.new(CODE), Settings()) == Notice("storage-full")
    assert store.save(Game.new(CODE), Settings()) is None
    assert storage.items == {}


class Refusing(MemoryStorage):
    """A storage whose reads and writes raise what a browser might (privacy modes)."""

    def __init__(self, reads: bool = False) -> None:
        super().__init__()
        self.reads, self.writes = reads, True

    def get(self, key: str) -> str | None:
        if self.reads:
            raise RuntimeError("SecurityError")
        return super().get(key)

    def set(self, key: str, value: str) -> None:
        if self.writes:
            raise RuntimeError("SecurityError")
        super().set(key, value)


def test_a_refused_write_stops_saving_once() -> None:
    storage = Refusing()
    store = Store(storage, "a")
    assert store.save(Game.new(CODE), Settings()) == Notice("storage-failed", {"error": "RuntimeError"})
    assert store.save(Game.new(CODE), Settings()) is None
    storage.writes = False
    assert store.save(Game.new(CODE), Settings()) == Notice("storage-resumed")


def test_unreadable_storage_gives_a_fresh_start_and_a_notice() -> None:
    storage = Refusing(reads=True)
    store = Store(storage, "a")
    assert store.load() == expected(
        None, Settings(), Notice("storage-unavailable", {"error": "RuntimeError"}), 0
    )
    assert store.save(Game.new(CODE), Settings()) is None  # already told
    assert store.on_external_change("junk") == UNREADABLE
    storage.reads = storage.writes = False
    assert store.save(Game.new(CODE), Settings()) == Notice("storage-resumed")


def test_memory_storage_counts_keys_and_values() -> None:
    storage = MemoryStorage(quota=20)
    storage.set("ab", "12345678")
    storage.set("cd", "12345678")
    with pytest.raises(StorageFull):
        storage.set("e", "")
    storage.set("ab", "1234567")
    storage.set("e", "")
    storage.remove("cd")
    storage.remove("cd")
    assert storage.items == {"ab": "1234567", "e": ""}


# -- two tabs ---------------------------------------------------------------------


def test_a_tab_behind_never_overwrites_and_follows_the_other_tab() -> None:
    storage = MemoryStorage()
    tab_a, tab_b = Store(storage, "a"), Store(storage, "b")
    game_a = long_game(6)
    assert tab_a.save(game_a, Settings()) is None
    game_b = tab_b.load().game
    assert game_b == game_a and game_b is not None

    game_a.play(next(iter(legal_moves(game_a.position))))
    assert tab_a.save(game_a, Settings(4)) is None
    written = storage.get(KEY)
    game_b.undo()  # B has not heard of A's move yet
    assert tab_b.save(game_b, Settings()) == Notice("storage-other-tab", {"revision": 2})
    assert storage.get(KEY) == written

    followed = tab_b.on_external_change(written)
    assert followed == expected(game_a, Settings(4), Notice("storage-other-tab", {"revision": 2}), 2)
    assert tab_b.on_external_change(written) is None
    assert followed.game is not None
    followed.game.undo()
    assert tab_b.save(followed.game, Settings(4)) is None
    assert tab_a.save(game_a, Settings(4)) == Notice("storage-other-tab", {"revision": 3})
    assert tab_a.on_external_change(storage.get(KEY)) == expected(
        followed.game, Settings(4), Notice("storage-other-tab", {"revision": 3}), 3
    )


def test_a_tab_behind_reloads_instead_of_overwriting() -> None:
    storage = MemoryStorage()
    tab_a, tab_b = Store(storage, "a"), Store(storage, "b")
    assert tab_a.load().game is None and tab_b.load().game is None
    game_a, game_b = Game.new(CODE), Game.new(DealCode.parse("EO1-C4-BBBBBBB"))
    assert tab_a.save(game_a, Settings()) is None
    assert tab_b.save(game_b, Settings()) == Notice("storage-other-tab", {"revision": 1})
    assert tab_b.load() == expected(game_a, Settings(), None, 1)
    assert tab_b.save(game_a, Settings(2)) is None
    assert tab_a.save(game_a, Settings()) == Notice("storage-other-tab", {"revision": 2})


def test_storage_events_with_nothing_to_do() -> None:
    storage = MemoryStorage()
    tab_a, tab_b = Store(storage, "a"), Store(storage, "b")
    tab_a.save(long_game(3), Settings())
    old = storage.get(KEY)
    tab_a.save(long_game(4), Settings())
    assert tab_b.on_external_change(storage.get(KEY)) is not None
    assert tab_b.on_external_change(old) is None  # an older write arriving late
    assert tab_b.on_external_change(None) is None  # removed
    assert tab_b.on_external_change(json.dumps(record(schema=99, revision=50))) is None
    assert tab_b.revision == 2


def test_bad_data_written_between_saves_is_set_aside_and_replaced() -> None:
    storage = MemoryStorage()
    store = Store(storage, "a")
    game = long_game(3)
    store.save(game, Settings())
    storage.set(KEY, '{"schema":1,"revision":70,"game":"gone"}')
    assert store.save(game, Settings()) == Notice("storage-set-aside", {"backup": True})
    assert storage.get(BACKUP_KEY) == '{"schema":1,"revision":70,"game":"gone"}'
    assert Store(storage, "b").load() == expected(game, Settings(), None, 71)


def test_a_removed_record_is_written_again() -> None:
    storage = MemoryStorage()
    store = Store(storage, "a")
    game = long_game(3)
    store.save(game, Settings())
    storage.remove(KEY)
    assert store.on_external_change(None) is None
    assert store.save(game, Settings()) is None
    assert Store(storage, "b").load().revision == 2


# -- fuzzing ---------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(), children, max_size=4),
    max_leaves=20,
)
GAME = saved.to_dict(long_game(8))
GOOD = {"schema": SCHEMA, "revision": 5, "tab": "a", "game": GAME, "settings": {"cells": 4, "deck": "two"}}
RECORDS = st.one_of(
    # any field present or not, each good or anything
    st.fixed_dictionaries(
        {},
        optional={
            "schema": st.just(SCHEMA) | st.just(1) | JSON,
            "revision": st.integers(min_value=-2, max_value=1 << 54) | JSON,
            "tab": JSON,
            "game": st.just(GAME) | JSON,
            "settings": st.fixed_dictionaries({"cells": st.sampled_from([8, 4, 2, 3]) | JSON, "deck": JSON})
            | JSON,
        },
    ),
    # a good record with one field, one field of its game or one setting replaced
    st.sampled_from(list(GOOD)).flatmap(lambda k: JSON.map(lambda v: {**GOOD, k: v})),
    st.sampled_from(list(GAME)).flatmap(lambda k: JSON.map(lambda v: {**GOOD, "game": {**GAME, k: v}})),
    st.sampled_from(["cells", "deck"]).flatmap(
        lambda k: JSON.map(lambda v: {**GOOD, "settings": {"cells": 8, "deck": "four", k: v}})
    ),
)


def check_consistent(storage: MemoryStorage, text: str, loaded: Loaded) -> None:
    assert isinstance(loaded.settings, Settings)
    assert isinstance(loaded.revision, int) and loaded.revision >= 0
    if loaded.game is None and loaded.notice == Notice("storage-newer", {"backup": True}):
        assert storage.get(BACKUP_KEY) == text[:ASIDE_CHARS] and storage.get(KEY) == text
        return  # a newer version's record: this tab never writes over it
    if loaded.game is None:
        assert loaded.notice is not None and loaded.notice.code == "storage-corrupt"
        assert loaded.settings == Settings()
        assert storage.get(BACKUP_KEY) == text[:ASIDE_CHARS] and storage.get(KEY) is None
    else:
        assert isinstance(loaded.game, Game)
        assert loaded.notice is None or loaded.notice.code == "storage-settings-reset"
        assert storage.get(KEY) == text
    store = Store(storage, "fuzz")
    revision = store.load().revision
    game = loaded.game or Game.new(CODE)
    assert store.save(game, loaded.settings) is None
    assert Store(storage, "again").load() == expected(game, loaded.settings, None, revision + 1)


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
@settings(max_examples=300, deadline=None)
@given(st.text())
def test_fuzz_any_text_loads_without_raising(text: str) -> None:
    storage = stored(text)
    check_consistent(storage, text, Store(storage, "a").load())
    assert Store(MemoryStorage(), "b").on_external_change(text) in (None, UNREADABLE)


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
@settings(max_examples=300, deadline=None)
@given(JSON | RECORDS)
def test_fuzz_any_json_loads_without_raising(value: Any) -> None:
    text = json.dumps(value)
    storage = stored(text)
    loaded = Store(storage, "a").load()
    check_consistent(storage, text, loaded)
    other = Store(MemoryStorage(), "b").on_external_change(text)
    assert other is None or (other.game == loaded.game and other.settings == loaded.settings)


def test_bad_statistics_alone_reset_the_statistics_and_keep_the_game() -> None:
    game = long_game(5)
    storage = stored(record(game, stats={"overall": "lots"}))
    loaded = Store(storage, "b").load()
    assert loaded.game == game and loaded.settings == Settings(4, "two")
    assert loaded.notice == Notice("storage-stats-reset", {"reason": "stats-shape", "backup": True})
    assert loaded.stats == Stats().matched(game)
    assert storage.get(BACKUP_KEY) == json.dumps(record(game, stats={"overall": "lots"}))


def test_the_statistics_are_saved_with_the_game_and_follow_another_tab() -> None:
    game = long_game(5)
    stats = Stats().begin(game.code).follow(game, "2026-11-30")
    storage = MemoryStorage()
    tab_a, tab_b = Store(storage, "a"), Store(storage, "b")
    tab_b.load()
    assert tab_a.save(game, Settings(), stats) is None
    assert tab_a.stats == stats and Store(storage, "c").load().stats == stats
    followed = tab_b.on_external_change(storage.get(KEY))
    assert followed is not None and followed.stats == stats
    assert tab_b.save(game, Settings()) is None  # without statistics: those it last saw
    assert Store(storage, "d").load().stats.overall.started == 1


# -- what the store keeps besides the record (issue 38, review N4, N5) ---------------------------


def test_a_newer_record_stops_saving_lastingly_and_its_visits_are_counted() -> None:
    """``saving`` is false while a newer version's record holds the key (``#unsaved``
    shows), and each visit that finds the same record counts one more."""
    text = json.dumps(record(schema=99, revision=7))
    storage = stored(text)
    for visit in (1, 2, 3):
        store = Store(storage, f"visit-{visit}")
        store.load()
        assert (store.saving, store.unsaved, store.newer, store.newer_visits) == (
            False,
            "storage-newer",
            True,
            visit,
        )
    other = json.dumps(record(schema=99, revision=8))
    storage.set(KEY, other)
    store = Store(storage, "visit-4")
    store.load()
    assert store.newer_visits == 1  # another newer record: counted afresh


def test_a_newer_record_kept_aside_lets_this_tab_save_over_the_key() -> None:
    text = json.dumps(record(schema=99, revision=7))
    storage = stored(text)
    store = Store(storage, "a")
    store.load()
    store.keep_newer_aside()
    assert (store.saving, store.newer_visits, storage.get(BACKUP_KEY)) == (True, 0, text)
    game = long_game(2)
    assert store.save(game, Settings()) is None
    assert Store(storage, "b").load().game == game and storage.get(BACKUP_KEY) == text


def test_the_set_aside_slot_is_read_offered_and_emptied() -> None:
    storage = MemoryStorage()
    store = Store(storage, "a")
    assert store.aside() is None and store.aside_text() == ""
    game = long_game(3)
    good = stored_record.dump(4, "x", game, Settings(cells=game.code.cells))
    storage.set(BACKUP_KEY, good)
    aside = store.aside()
    assert aside is not None and aside.loaded is not None and aside.loaded.game == game
    assert aside.chars == len(good) and store.aside_text() == good
    storage.set(BACKUP_KEY, "{not json")
    assert store.aside() == Aside(None, 9)
    store.discard_aside()
    assert storage.get(BACKUP_KEY) is None


class RefusingAll(MemoryStorage):
    def get(self, key: str) -> str | None:
        raise OSError("refused")

    def set(self, key: str, value: str) -> None:
        raise OSError("refused")


def test_a_refusing_storage_keeps_nothing_and_raises_nothing() -> None:
    store = Store(RefusingAll(), "a")
    assert store.aside() is None and store.aside_text() == "" and store.device() == {}
    store.remember("told", ["safari"])
    store.keep_newer_aside()
    assert store.saving


def test_the_device_remembers_apart_from_the_record_and_a_bad_value_is_nothing() -> None:
    storage = MemoryStorage()
    store = Store(storage, "a")
    store.remember("told", ["safari"])
    store.remember("reminded", "2026-12-01")
    assert store.device() == {"told": ["safari"], "reminded": "2026-12-01"}
    storage.set(DEVICE_KEY, "[1, 2]")
    assert store.device() == {}
    storage.set(DEVICE_KEY, "{" * 100)
    assert store.device() == {}


def test_why_saves_stop_is_kept_until_they_work_again() -> None:
    storage = MemoryStorage(quota=50)
    store = Store(storage, "a")
    assert store.save(long_game(2), Settings()) == Notice("storage-full")
    assert (store.saving, store.unsaved) == (False, "storage-full")
    storage.quota = None
    assert store.save(long_game(2), Settings()) == Notice("storage-resumed")
    assert store.unsaved == ""

"""Backup (eightoff/web/storage/backup_file.py; docs/replays.md, "Backup files"): everything in
one versioned JSON file, read back exactly; a bad or foreign file refused with its reason."""

from __future__ import annotations

import json
from typing import Any

import pytest

from eightoff import DealCode
from eightoff.web.storage import backup_file as backup
from eightoff.web.storage import record as stored_record
from eightoff.web.storage.backup_file import MAX_CHARS, Backup, BackupError, export, read
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Stats
from tests.players import long_game

WHEN = "2026-11-30T12:00:00Z"


def exported() -> tuple[str, Backup]:
    game = long_game(30)
    game.undo()
    stats = Stats().begin(game.code)
    stats = stats.follow(game, "2026-11-30")
    settings = Settings(cells=2, deck="two", winnable=False, tap_to_select=True, hint_at_once=True)
    return export(game, settings, stats, WHEN), Backup(game, settings, stats, WHEN)


def test_export_then_read_gives_everything_back_exactly() -> None:
    text, held = exported()
    back = read(text)
    assert back == held
    assert back.game.redo_stack == held.game.redo_stack and back.game.undo_stack == held.game.undo_stack
    data = json.loads(text)
    assert list(data) == ["format", "version", "exported", "record"]
    assert data["record"]["schema"] == stored_record.SCHEMA


def test_an_older_record_inside_is_migrated() -> None:
    text, held = exported()
    data = json.loads(text)
    record = data["record"]
    del record["stats"]
    record["schema"] = 2
    back = read(json.dumps(data))
    assert back.game == held.game and back.stats == Stats().matched(held.game)


def mangled(change: Any) -> str:
    data = json.loads(exported()[0])
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "backup-not-json"),
        ("[1, 2]", "backup-foreign"),
        ('{"schema": 3}', "backup-foreign"),
        (mangled(lambda d: d.update(version=2)), "backup-newer"),
        (mangled(lambda d: d.update(version="1")), "backup-version"),
        (mangled(lambda d: d.update(version=0)), "backup-version"),
        (mangled(lambda d: d["record"].update(schema=99)), "backup-newer"),
        (mangled(lambda d: d["record"].update(schema=0)), "backup-record"),
        (mangled(lambda d: d["record"]["game"].update(score=3)), "backup-record"),
        (mangled(lambda d: d["record"].update(settings={"cells": 9})), "backup-record"),
        (mangled(lambda d: d["record"].update(stats={"overall": 1})), "backup-record"),
        (mangled(lambda d: d.update(record=None)), "backup-record"),
        (" " * (MAX_CHARS + 1), "backup-too-big"),
    ],
)
def test_a_bad_or_foreign_file_is_refused_with_its_reason(text: str, code: str) -> None:
    with pytest.raises(BackupError) as caught:
        read(text)
    assert caught.value.code == code


def test_the_reason_of_a_bad_record_is_kept() -> None:
    with pytest.raises(BackupError) as caught:
        read(mangled(lambda d: d["record"]["game"].update(score=3)))
    assert caught.value.params == {"reason": "saved-score"}
    with pytest.raises(BackupError) as caught:
        read(mangled(lambda d: d["record"].update(settings={"cells": 9})))
    assert caught.value.params == {"reason": "settings-shape"}


def test_the_level_goes_through_a_backup_and_a_bad_one_is_refused_with_its_reason() -> None:
    game = long_game(3)
    settings = Settings(cells=4, deck="two", level="medium")
    held = read(export(game, settings, Stats().begin(game.code), WHEN))
    assert held.settings == settings and held.settings.level == "medium"
    with pytest.raises(BackupError) as caught:
        read(mangled(lambda d: d["record"]["settings"].update(level="impossible")))
    assert caught.value.params == {"reason": "settings-level"}
    assert backup.reason_text(caught.value) == (
        "Its settings are damaged: the level is not “easy”, “medium” or “hard”."
    )


def test_sound_and_haptics_go_into_the_backup_and_come_back() -> None:
    game = long_game(12)
    settings = Settings(cells=4, deck="two", sound=True, haptics=True)
    text = export(game, settings, Stats().begin(game.code).follow(game, "2026-11-30"), WHEN)
    assert json.loads(text)["record"]["settings"] == settings.to_dict()
    assert read(text).settings == settings
    for name in ("sound", "haptics"):
        with pytest.raises(BackupError) as caught:
            read(mangled(lambda d, n=name: d["record"]["settings"].update({n: "yes"})))
        assert caught.value.params == {"reason": f"settings-{name}"}
        assert backup.reason_text(caught.value) == f"Its settings are damaged: “{name}” is not true or false."


def test_a_missing_export_time_reads_as_empty() -> None:
    assert read(mangled(lambda d: d.update(exported=5))).exported == ""


def test_the_file_name_and_type() -> None:
    assert (backup.FILE_NAME, backup.MEDIA_TYPE) == ("eightoff-backup.json", "application/json")
    assert DealCode.parse("EO1-C8-AAAAAFA")


@pytest.mark.parametrize(
    ("code", "params", "text"),
    [
        ("backup-too-big", {}, "It is far bigger than a backup."),
        ("backup-not-json", {}, "It is not a backup file (not JSON)."),
        ("backup-newer", {}, "A newer version of the game made it: reload the page to get it."),
        ("backup-version", {}, "Its version is unknown."),
        (
            "backup-record",
            {"reason": "saved-score"},
            "Its game is damaged: its score does not match its moves.",
        ),
    ],
)
def test_the_reasons_in_words(code: str, params: dict[str, str], text: str) -> None:
    assert backup.reason_text(BackupError("x", code=code, **params)) == text


def test_what_a_backup_holds_in_words() -> None:
    text, held = exported()
    assert backup.describe(read(text)) == (
        f"This backup (2026-11-30T12:00:00Z) holds deal EO1-C8-AAAAAFA after {held.game.moves} moves, "
        f"score {held.game.score}, and the statistics (games played: 1, won: 0). Replace the game, "
        "settings and statistics here with it?"
    )

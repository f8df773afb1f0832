"""Backup: everything the page keeps (the game with its undo history, the settings, the
statistics) as one JSON file to carry to another device, and reading it back (pure
Python, no browser import; tested under CPython; docs/replays.md, "Backup files").

The file is versioned and holds the stored record as it is (docs/storage.md), so reading
it runs every check a load runs, and an older record in it is migrated. A file that is
not ours, damaged, too big or from a newer version is refused with a reason (a
:class:`BackupError` ``code``); nothing changes then.

>>> from eightoff import DealCode, Game, Move
>>> from .settings import Settings
>>> from .stats import Stats
>>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
>>> _ = game.play(Move.parse("1e"))
>>> text = export(game, Settings(cells=4), Stats(), exported="2026-11-30T12:00:00Z")
>>> text[:60]
'{"format":"eightoff-backup","version":1,"exported":"2026-11-'
>>> held = read(text)
>>> held.game == game, held.settings.cells, held.exported
(True, 4, '2026-11-30T12:00:00Z')
>>> read('{"format":"something-else"}')
Traceback (most recent call last):
...
eightoff.web.storage.backup_file.BackupError: this is not an Eight Off backup
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ...errors import EightOffError
from ...game import Game
from ..words.i18n import gettext as _
from ..words.i18n import ngettext
from .json_text import MAX_CHARS as RECORD_MAX_CHARS
from .json_text import JsonTextError, read_json
from .record import NewerRecordError, parse_record, to_record
from .settings import Settings
from .stats import Stats

FORMAT: Final = "eightoff-backup"
VERSION: Final = 1
"""The file's version; the record inside has its own schema (:data:`.record.SCHEMA`)."""
MAX_CHARS: Final = RECORD_MAX_CHARS
"""A backup is a few kilobytes: anything bigger is refused unread (the page checks the
file's size before reading it, :func:`.storage.files.read_file`)."""
FILE_NAME: Final = "eightoff-backup.json"
MEDIA_TYPE: Final = "application/json"


class BackupError(EightOffError):
    """A file that cannot be imported; ``code`` says why: ``backup-too-big``,
    ``backup-too-deep``, ``backup-not-json``, ``backup-foreign`` (not a backup of ours), ``backup-newer`` (a
    newer version wrote it), ``backup-version``, ``backup-record`` (the record inside is
    bad; ``params['reason']`` is its error code, ``params['field']`` the JSON key at fault
    when known)."""

    code = "backup"


@dataclass(frozen=True)
class Backup:
    """What a backup holds: the game, the settings, the statistics, and when it was
    exported (as the file says)."""

    game: Game
    settings: Settings
    stats: Stats
    exported: str


def reason_text(error: BackupError) -> str:
    """Why a file is refused, in words: one sentence per kind of problem, naming the field
    when one is at fault (a field's name is its JSON key, as in the file).

    >>> reason_text(BackupError("x", code="backup-foreign"))
    'It is not an Eight Off backup.'
    >>> reason_text(BackupError("x", code="backup-record", reason="stats-number", field="won"))
    'Its statistics are damaged: “won” is not a whole number.'
    """
    texts = {
        "backup-too-big": lambda: _("It is far bigger than a backup."),
        "backup-too-deep": lambda: _("It nests far deeper than a backup (it is not a backup file)."),
        "backup-not-json": lambda: _("It is not a backup file (not JSON)."),
        "backup-foreign": lambda: _("It is not an Eight Off backup."),
        "backup-newer": lambda: _("A newer version of the game made it: reload the page to get it."),
        "backup-version": lambda: _("Its version is unknown."),
    }
    words = texts.get(error.code)
    if words is not None:
        return words()
    return record_problem(str(error.params.get("reason", "")), str(error.params.get("field", ""))[:40])


SWITCH_FIELDS: Final = {
    "settings-winnable": "winnable",
    "settings-tap": "tap_to_select",
    "settings-clock": "clock",
    "settings-hint": "hint_at_once",
    "settings-sound": "sound",
    "settings-haptics": "haptics",
}
"""The settings that are true or false, by the code of the error their bad value raises."""


def _not_a_switch(name: str) -> Callable[[], str]:
    """The words for a setting ``name`` that is not true or false (said when asked: in the
    language then)."""
    return lambda: _("Its settings are damaged: “{field}” is not true or false.", field=name)


def record_problem(reason: str, field: str) -> str:
    """What is wrong with the record inside a backup, in words (``reason``: the error code
    of :mod:`.storage.record`, :mod:`eightoff.saved` or :mod:`.storage.stats`; ``field``: the JSON key at
    fault, when known)."""
    problems: dict[str, Callable[[], str]] = {
        "record-shape": lambda: _("Its saved record is not an object."),
        "record-schema": lambda: _("Its saved record has an unknown version."),
        "record-revision": lambda: _("Its saved record has no valid revision number."),
        "saved-shape": lambda: _(
            "Its game is damaged: “{field}” is missing or of the wrong kind.", field=field
        ),
        "saved-invalid": lambda: _("Its game is damaged: its deal code, cards or moves cannot be read."),
        "saved-history": lambda: _("Its game is damaged: its undo and redo moves are not legal play."),
        "saved-score": lambda: _("Its game is damaged: its score does not match its moves."),
        "settings-shape": lambda: _("Its settings are damaged: they hold no cell count or deck."),
        "settings-cells": lambda: _("Its settings are damaged: the number of cells is not 8, 4 or 2."),
        "settings-deck": lambda: _("Its settings are damaged: the deck is neither “four” nor “two”."),
        **{code: _not_a_switch(name) for code, name in SWITCH_FIELDS.items()},
        "settings-language": lambda: _("Its settings are damaged: the language is not one of the game's."),
        "settings-level": lambda: _("Its settings are damaged: the level is not “easy”, “medium” or “hard”."),
        "settings-theme": lambda: _(
            "Its settings are damaged: the table colours are not “auto”, “light” or “dark”."
        ),
        "settings-motion": lambda: _("Its settings are damaged: the motion is not “auto”, “on” or “off”."),
        "settings-pace": lambda: _(
            "Its settings are damaged: the card speed is not “fast”, “normal” or “slow”."
        ),
        "settings-cards": lambda: _(
            "Its settings are damaged: the card size is neither “standard” nor “large”."
        ),
        "stats-number": lambda: _(
            "Its statistics are damaged: “{field}” is not a whole number.", field=field
        ),
        "stats-flag": lambda: _("Its statistics are damaged: “{field}” is not true or false.", field=field),
        "stats-date": lambda: _("Its statistics are damaged: “{field}” is not a date.", field=field),
        "stats-shape": lambda: _(
            "Its statistics are damaged: “{field}” is missing or of the wrong kind.", field=field
        ),
        "stats-length": lambda: _(
            "Its statistics are damaged: “{field}” holds more entries than a record keeps.", field=field
        ),
        "stats-count": lambda: _(
            "Its statistics are damaged: “{field}” is larger than any real count.", field=field
        ),
        "stats-code": lambda: _("Its statistics are damaged: a game has no valid deal code."),
        "stats-figures": lambda: _("Its statistics are damaged: the figures do not add up."),
        "stats-time": lambda: _("Its statistics are damaged: “{field}” is not a time of play.", field=field),
        "stats-path": lambda: _("Its statistics are damaged: the moves of the game in play cannot be read."),
        "stats-previous": lambda: _(
            "Its statistics are damaged: the last game, kept to go back to, cannot be read."
        ),
    }
    words = problems.get(reason)
    return words() if words is not None else _("Its game is damaged.")


def describe(held: Backup) -> str:
    """What a backup holds, in words, for the question asked before it replaces anything."""
    tally = held.stats.overall
    return ngettext(
        "This backup ({exported}) holds deal {code} after {moves} move, score {score}, and the "
        "statistics (games played: {started}, won: {won}). Replace the game, settings and "
        "statistics here with it?",
        "This backup ({exported}) holds deal {code} after {moves} moves, score {score}, and the "
        "statistics (games played: {started}, won: {won}). Replace the game, settings and "
        "statistics here with it?",
        held.game.moves,
        exported=held.exported or "?",
        code=str(held.game.code),
        moves=held.game.moves,
        score=held.game.score,
        started=tally.started,
        won=tally.won,
    )


def export(game: Game, settings: Settings, stats: Stats, exported: str) -> str:
    """The backup file's text (``exported``: the time, ISO 8601 UTC)."""
    record = to_record(0, "backup", game, settings, stats)
    data = {"format": FORMAT, "version": VERSION, "exported": exported, "record": record}
    return json.dumps(data, separators=(",", ":"))


def _record_error(error: Exception) -> BackupError:
    """The refusal of a backup whose record is bad: the record's error code as ``reason``,
    and the ``field`` at fault when the error names one."""
    if not isinstance(error, EightOffError):
        return BackupError(
            f"the backup's record cannot be read: {error!r:.80}", code="backup-record", reason=""
        )
    field = error.params.get("field")
    params = {"reason": error.code} | ({} if field is None else {"field": str(field)})
    return BackupError(f"the backup's record cannot be read: {error}", code="backup-record", **params)


def read(text: str) -> Backup:
    """Check a backup file completely; raises :class:`BackupError` with the reason."""
    try:
        data = read_json(text)
    except JsonTextError as error:
        raise BackupError(f"the file: {error}", code=f"backup-{error.kind}") from error
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError("this is not an Eight Off backup", code="backup-foreign")
    version = data.get("version")
    if type(version) is int and version > VERSION:
        raise BackupError(f"a newer version of the game wrote this backup ({version})", code="backup-newer")
    if version != VERSION or type(version) is not int:
        raise BackupError(f"the backup has no known version ({version!r:.20})", code="backup-version")
    exported = data.get("exported")
    exported = exported[:40] if isinstance(exported, str) else ""
    try:
        read = parse_record(json.dumps(data.get("record")))
    except NewerRecordError as error:
        raise BackupError("a newer version of the game wrote this backup", code="backup-newer") from error
    except Exception as error:
        raise _record_error(error) from error
    bad = read.settings_error or read.stats_error
    if bad is not None:
        raise _record_error(bad)
    return Backup(read.game, read.settings, read.stats, exported)


__all__ = [
    "FILE_NAME",
    "FORMAT",
    "MAX_CHARS",
    "MEDIA_TYPE",
    "VERSION",
    "Backup",
    "BackupError",
    "export",
    "read",
]

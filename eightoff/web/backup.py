"""Backup: everything the page keeps (the game with its undo history, the settings, the
statistics) as one JSON file to carry to another device, and reading it back (pure
Python, no browser import; tested under CPython; docs/backup.md).

The file is versioned and holds the stored record as it is (docs/storage.md), so reading
it runs every check a load runs, and an older record in it is migrated. A file that is
not ours, damaged, too big or from a newer version is refused with a reason (a
:class:`BackupError` ``code``); nothing changes then.

>>> from eightoff import DealCode, Game, Move
>>> from .persist import Settings
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
eightoff.web.backup.BackupError: this is not an Eight Off backup
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Final

from ..errors import EightOffError
from ..game import Game
from . import persist
from .i18n import gettext as _
from .i18n import ngettext
from .persist import Settings
from .stats import Stats

FORMAT: Final = "eightoff-backup"
VERSION: Final = 1
"""The file's version; the record inside has its own schema (:data:`.persist.SCHEMA`)."""
MAX_CHARS: Final = 1_000_000
"""A backup is a few kilobytes: anything bigger is refused unread."""
FILE_NAME: Final = "eightoff-backup.json"
MEDIA_TYPE: Final = "application/json"


class BackupError(EightOffError):
    """A file that cannot be imported; ``code`` says why: ``backup-too-big``,
    ``backup-not-json``, ``backup-foreign`` (not a backup of ours), ``backup-newer`` (a
    newer version wrote it), ``backup-version``, ``backup-record`` (the record inside is
    bad; ``params['reason']`` is its error code)."""

    code = "backup"


@dataclass(frozen=True)
class Held:
    """What a backup holds: the game, the settings, the statistics, and when it was
    exported (as the file says)."""

    game: Game
    settings: Settings
    stats: Stats
    exported: str


def reason_text(error: BackupError) -> str:
    """Why a file is refused, in words.

    >>> reason_text(BackupError("x", code="backup-foreign"))
    'It is not an Eight Off backup.'
    """
    texts = {
        "backup-too-big": _("It is far bigger than a backup."),
        "backup-not-json": _("It is not a backup file (not JSON)."),
        "backup-foreign": _("It is not an Eight Off backup."),
        "backup-newer": _("A newer version of the game made it: reload the page to get it."),
        "backup-version": _("Its version is unknown."),
    }
    return texts.get(error.code, _("Its game is damaged ({reason}).", reason=error.params.get("reason", "")))


def describe(held: Held) -> str:
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
    record = persist.to_record(0, "backup", game, settings, stats)
    data = {"format": FORMAT, "version": VERSION, "exported": exported, "record": record}
    return json.dumps(data, separators=(",", ":"))


def read(text: str) -> Held:
    """Check a backup file completely; raises :class:`BackupError` with the reason."""
    if len(text) > MAX_CHARS:
        raise BackupError(
            f"the file has {len(text)} characters, more than a backup's {MAX_CHARS}", code="backup-too-big"
        )
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise BackupError("the file is not JSON", code="backup-not-json") from error
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
        read = persist.parse_record(json.dumps(data.get("record")))
    except persist.NewerRecordError as error:
        raise BackupError("a newer version of the game wrote this backup", code="backup-newer") from error
    except Exception as error:
        reason = error.code if isinstance(error, EightOffError) else type(error).__name__
        raise BackupError(
            f"the backup's game cannot be read: {error}", code="backup-record", reason=reason
        ) from error
    bad = read.settings_error or read.stats_error
    if bad is not None:
        raise BackupError(f"the backup's record cannot be read: {bad}", code="backup-record", reason=bad.code)
    return Held(read.game, read.settings, read.stats, exported)


__all__ = [
    "FILE_NAME",
    "FORMAT",
    "MAX_CHARS",
    "MEDIA_TYPE",
    "VERSION",
    "BackupError",
    "Held",
    "export",
    "read",
]

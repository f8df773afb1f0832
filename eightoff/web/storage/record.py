"""The stored record: its schema and the migrations from older ones, its JSON text written
(:func:`dump`) and read back completely checked (:func:`parse_record`) (pure Python, no
browser import; docs/storage.md, "The record" and "Migrating").
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from ... import saved
from ...errors import EightOffError, SavedGameError
from ...game import Game
from .json_text import JsonTextError, read_json
from .settings import Settings, SettingsError
from .stats import Stats, StatsError

SCHEMA: Final = 4
"""The one version of the record, the game inside it included (:mod:`eightoff.saved`).
Bump it for any change to the record's fields, the game's or their meaning, and register
how to read the previous version in :data:`MIGRATIONS`."""
MAX_REVISION: Final = (1 << 53) - 1
"""Revisions stay exact as JavaScript numbers too."""

Record = dict[str, Any]


def _from_1(record: Record) -> Record:
    """Schema 1 -> 2: the game carried a version of its own, ``"schema": 1``; the record's
    version now covers the game."""
    game = record.get("game")
    if isinstance(game, dict):
        schema = game.get("schema")
        if type(schema) is not int or schema != 1:
            raise SavedGameError(
                f"the saved game has an unknown schema version {schema!r:.20}", code="saved-schema"
            )
        game = {name: value for name, value in game.items() if name != "schema"}
    return {**record, "schema": 2, "game": game}


def _from_2(record: Record) -> Record:
    """Schema 2 -> 3: the record gains ``stats``, the player's statistics (:mod:`.storage.stats`);
    a schema-2 record has none, so they start empty, its game counted when it has a move."""
    return {**record, "schema": 3, "stats": None}


def _from_3(record: Record) -> Record:
    """Schema 3 -> 4: the statistics may hold the last game, the one a new deal replaced in
    progress (:class:`.storage.stats.Previous`); a schema-3 record has none. (A version that
    reads schema 3 would drop it unread, its loss never counted: so it is a new version.)"""
    return {**record, "schema": 4}


MIGRATIONS: dict[int, Callable[[Record], Record]] = {1: _from_1, 2: _from_2, 3: _from_3}
"""``MIGRATIONS[n]`` turns a schema-``n`` record into a schema ``n + 1`` record; it may
raise anything on bad old data, which then counts as bad data (docs/storage.md,
"Migrating"). Never change or remove one: every record an earlier version wrote stays
readable."""


class RecordError(EightOffError):
    """A stored record that is not one this version can read."""

    code = "record"


class NewerRecordError(RecordError):
    """A record written by a newer version of the game: this tab must neither read nor
    overwrite it (the player reloads to get the newer version)."""

    code = "record-newer"


def dump(revision: int, tab_id: str, game: Game, settings: Settings, stats: Stats | None = None) -> str:
    """The record as compact JSON text (``stats`` ``None``: empty statistics for
    ``game``)."""
    return json.dumps(to_record(revision, tab_id, game, settings, stats), separators=(",", ":"))


def to_record(
    revision: int, tab_id: str, game: Game, settings: Settings, stats: Stats | None = None
) -> Record:
    """The record as plain JSON-ready data (docs/storage.md)."""
    return {
        "schema": SCHEMA,
        "revision": revision,
        "tab": tab_id,
        "game": saved.to_dict(game),
        "settings": settings.to_dict(),
        "stats": (Stats().matched(game) if stats is None else stats).to_dict(),
    }


@dataclass(frozen=True)
class Parsed:
    """A record checked by :func:`parse_record`: bad settings or statistics alone give the
    defaults (empty statistics) and their error, the game being good."""

    revision: int
    game: Game
    settings: Settings
    stats: Stats
    settings_error: SettingsError | None = None
    stats_error: StatsError | None = None


def parse_record(text: str) -> Parsed:
    """Check a record completely: its revision, the exact game, the settings and the
    statistics. Raises :class:`RecordError` or :class:`~eightoff.errors.SavedGameError`."""
    record, revision = _decode(text)
    game = saved.from_dict(record.get("game"))
    settings, settings_error = Settings(), None
    try:
        settings = Settings.from_dict(record.get("settings"))
    except SettingsError as error:
        settings_error = error
    stats, stats_error = Stats().matched(game), None
    if record.get("stats") is not None:
        try:
            stats = Stats.from_dict(record.get("stats"), game)
        except StatsError as error:
            stats_error = error
    return Parsed(revision, game, settings, stats, settings_error, stats_error)


def parse(text: str) -> tuple[int, Game, Settings, SettingsError | None]:
    """Check a record completely (:func:`parse_record`): its revision, the exact game, and
    the settings (bad settings alone give the default settings and the error). Raises
    :class:`RecordError` or :class:`~eightoff.errors.SavedGameError`."""
    read = parse_record(text)
    return read.revision, read.game, read.settings, read.settings_error


def peek_revision(text: str) -> int:
    """The revision of a record that may be bad otherwise (0 when unreadable)."""
    try:
        return _decode(text)[1]
    except Exception:
        return 0


def _decode(text: str) -> tuple[Record, int]:
    try:
        record = read_json(text)
    except JsonTextError as error:
        raise RecordError(f"the stored record: {error}", code=f"record-{error.kind}") from error
    if not isinstance(record, dict):
        raise RecordError("the stored record is not a JSON object", code="record-shape")
    record = migrate(record)
    revision = record.get("revision")
    if type(revision) is not int or not 0 <= revision <= MAX_REVISION:
        raise RecordError("the stored record has no valid revision", code="record-revision")
    return record, revision


def migrate(record: Record) -> Record:
    """Bring a record of an older schema up to :data:`SCHEMA` through :data:`MIGRATIONS`;
    raise :class:`RecordError` for a schema this version cannot read."""
    schema = record.get("schema")
    if type(schema) is int and schema > SCHEMA:
        raise NewerRecordError(
            f"the stored record has schema {schema}, newer than this version's {SCHEMA}",
            code="record-newer",
        )
    for _ in range(SCHEMA):
        if type(schema) is not int or schema not in MIGRATIONS:
            break
        record = MIGRATIONS[schema](record)
        schema = record.get("schema")
    if type(schema) is not int or schema != SCHEMA:
        raise RecordError(
            f"the stored record has schema {schema!r:.20}; this version reads schema {SCHEMA}",
            code="record-schema",
        )
    return record


__all__ = [
    "MAX_REVISION",
    "MIGRATIONS",
    "SCHEMA",
    "NewerRecordError",
    "Parsed",
    "Record",
    "RecordError",
    "dump",
    "migrate",
    "parse",
    "parse_record",
    "peek_revision",
    "to_record",
]

"""Never lose a game: the game and the settings in ``localStorage`` (docs/storage.md).

After every action the page calls :meth:`Store.save`; on start it calls :meth:`Store.load`,
and on the window's ``storage`` event :meth:`Store.on_external_change`. None of them
raises: bad stored data is set aside under :data:`BACKUP_KEY` and a fresh game starts, a
full quota stops saving (and says so once) while play goes on, and a tab that is behind
never overwrites what another tab wrote.

Pure Python, tested under CPython: the page passes a thin adapter over
``window.localStorage`` that follows :class:`Storage` (and turns ``QuotaExceededError``
into :class:`StorageFull`). Notices carry a translatable ``code`` and ``params``; the page
shows them as plain text.

>>> from eightoff import DealCode, Game, Move
>>> storage = MemoryStorage()
>>> store = Store(storage, tab_id="tab-1")
>>> loaded = store.load()
>>> loaded.game, loaded.settings == Settings(), loaded.notice, loaded.revision
(None, True, None, 0)
>>> game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
>>> _ = game.play(Move.parse("1e"))
>>> store.save(game, Settings(cells=4)) is None
True
>>> loaded = Store(storage, tab_id="tab-2").load()
>>> loaded.game == game, loaded.settings, loaded.revision
(True, Settings(cells=4, deck='four', winnable=True, tap_to_select=False), 1)
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from ... import saved
from ...errors import EightOffError, SavedGameError
from ...game import Game
from ...position import CELL_COUNTS, check_cells
from ..facts import BACKUP_KEY as BACKUP_KEY
from ..facts import LANGUAGES, THEMES
from ..facts import RECORD_KEY as KEY
from .stats import Stats, StatsError

SCHEMA: Final = 3
"""The one version of the record, the game inside it included (:mod:`eightoff.saved`).
Bump it for any change to the record's fields, the game's or their meaning, and register
how to read the previous version in :data:`MIGRATIONS`."""
DECK_CHOICES: Final = ("four", "two")
THEME_CHOICES: Final = THEMES
"""The table's colours: as the device asks (``prefers-color-scheme``), or always light or dark."""
MAX_REVISION: Final = (1 << 53) - 1
"""Revisions stay exact as JavaScript numbers too."""
MAX_CHARS: Final = 1_000_000
"""The longest JSON text read, stored or imported: a record is a few kilobytes (about 40 with
the longest path a record keeps), so anything longer is refused unread."""
MAX_DEPTH: Final = 16
"""The deepest nesting of ``[]``/``{}`` read: a record nests 4 levels, a backup file 5, so
anything deeper is refused before it is parsed. Parsing deep JSON recurses, and under
Pyodide the C stack overflows (a fatal error Python cannot catch) before Python's
``RecursionError``; so the depth is counted first, by a loop that parses nothing."""

Record = dict[str, Any]

_TOKENS: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)
"""A JSON string (its brackets are not nesting; unterminated: to the end) or a bracket."""


class JsonTextError(ValueError):
    """JSON text refused before or while parsing; ``kind`` says why: ``too-big`` (more than
    :data:`MAX_CHARS` characters), ``too-deep`` (nested deeper than :data:`MAX_DEPTH`),
    ``not-json``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def nesting(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep the brackets of ``text`` nest, brackets inside strings not counted, without
    parsing it; counting stops once past ``limit`` (any value above it means too deep).

    >>> nesting('{"a": [1, {"b": "[[[["}]}'), nesting("[" * 10_000 + "]" * 10_000)
    (3, 17)
    """
    depth = deepest = 0
    for token in _TOKENS.finditer(text):
        first = token.group()[0]
        if first in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        elif first in "]}":
            depth -= 1
    return deepest


def read_json(text: str) -> Any:
    """Parse JSON text that is at most :data:`MAX_CHARS` long and nests at most
    :data:`MAX_DEPTH` levels, both checked before parsing; raise :class:`JsonTextError`.

    >>> read_json('{"a": [1]}')
    {'a': [1]}
    >>> read_json("[" * 10_000 + "]" * 10_000)
    Traceback (most recent call last):
    ...
    eightoff.web.storage.store.JsonTextError: the JSON text nests deeper than 16 levels
    """
    if type(text) is not str:
        raise JsonTextError("not-json", "the value is not text")
    if len(text) > MAX_CHARS:
        raise JsonTextError("too-big", f"the JSON text has {len(text)} characters, more than {MAX_CHARS}")
    if nesting(text) > MAX_DEPTH:
        raise JsonTextError("too-deep", f"the JSON text nests deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise JsonTextError("not-json", f"the text is not JSON: {error}"[:200]) from error


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


MIGRATIONS: dict[int, Callable[[Record], Record]] = {1: _from_1, 2: _from_2}
"""``MIGRATIONS[n]`` turns a schema-``n`` record into a schema ``n + 1`` record; it may
raise anything on bad old data, which then counts as bad data (docs/storage.md,
"Migrating"). Never change or remove one: every record an earlier version wrote stays
readable."""


class StorageFull(Exception):
    """The storage quota is exceeded; nothing was written."""


class Storage(Protocol):
    """What :class:`Store` needs of ``window.localStorage``."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None:
        """Store ``value``; raise :class:`StorageFull` when the quota is exceeded."""

    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """A dict-backed :class:`Storage` for tests. ``quota`` counts the characters of every
    key and value, as browsers do (about 5 million for ``localStorage``); ``None`` means
    no limit. A refused write leaves the old value in place.

    >>> storage = MemoryStorage(quota=10)
    >>> storage.set("key", "1234567")
    >>> storage.set("key", "12345678")
    Traceback (most recent call last):
    ...
    eightoff.web.storage.store.StorageFull: 11 characters do not fit in a quota of 10
    >>> storage.get("key")
    '1234567'
    """

    def __init__(self, quota: int | None = None) -> None:
        self.quota = quota
        self.items: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull(
                    f"{used + len(key) + len(value)} characters do not fit in a quota of {self.quota}"
                )
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)


class RecordError(EightOffError):
    """A stored record that is not one this version can read."""

    code = "record"


class NewerRecordError(RecordError):
    """A record written by a newer version of the game: this tab must neither read nor
    overwrite it (the player reloads to get the newer version)."""

    code = "record-newer"


class SettingsError(EightOffError):
    """Settings outside the choices the New Game window offers."""

    code = "settings"


@dataclass(frozen=True, slots=True)
class Settings:
    """The choices kept between visits: the cell count of the next new game, the deck
    colours ("four" colours or the classic "two"), whether new deals are only deals that
    can be won (``winnable``; records written before it existed read as ``True``) and
    tap-to-select (a tap picks cards up, a second tap puts them down; off: a tap sends a
    card to its foundation) and the ``language`` chosen in the settings (``""``: none
    chosen, the browser's languages decide; records written before it existed read so)
    and the ``theme`` (``"auto"``: as the device asks; records written before it existed
    read so)."""

    cells: int = CELL_COUNTS[0]
    deck: str = "four"
    winnable: bool = True
    tap_to_select: bool = False
    language: str = field(default="", repr=False)
    theme: str = field(default="auto", repr=False)

    def __post_init__(self) -> None:
        check_cells(self.cells, SettingsError, code="settings-cells")
        if type(self.deck) is not str or self.deck not in DECK_CHOICES:
            raise SettingsError(f"the deck is 'four' or 'two', not {self.deck!r:.20}", code="settings-deck")
        if type(self.winnable) is not bool:
            raise SettingsError(
                f"winnable is true or false, not {self.winnable!r:.20}", code="settings-winnable"
            )
        if type(self.tap_to_select) is not bool:
            raise SettingsError(
                f"tap_to_select is true or false, not {self.tap_to_select!r:.20}", code="settings-tap"
            )
        if type(self.language) is not str or self.language not in ("", *LANGUAGES):
            raise SettingsError(f"no such language {self.language!r:.20}", code="settings-language")
        if type(self.theme) is not str or self.theme not in THEME_CHOICES:
            raise SettingsError(
                f"the theme is 'auto', 'light' or 'dark', not {self.theme!r:.20}", code="settings-theme"
            )

    def to_dict(self) -> dict[str, Any]:
        """The settings as stored; ``tap_to_select`` only when on, ``language`` only when
        chosen, ``theme`` only when not ``"auto"``."""
        data: dict[str, Any] = {"cells": self.cells, "deck": self.deck, "winnable": self.winnable}
        if self.tap_to_select:
            data["tap_to_select"] = True
        if self.language:
            data["language"] = self.language
        if self.theme != "auto":
            data["theme"] = self.theme
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Check and build settings from :meth:`to_dict`'s data (``cells`` and ``deck``
        required; ``winnable``, added later, is ``True`` when absent, ``tap_to_select``
        off, ``language`` none, ``theme`` ``"auto"``)."""
        if not isinstance(data, dict) or "cells" not in data or "deck" not in data:
            raise SettingsError("the settings are not an object with cells and deck", code="settings-shape")
        return cls(
            data["cells"],
            data["deck"],
            data.get("winnable", True),
            data.get("tap_to_select", False),
            data.get("language", ""),
            data.get("theme", "auto"),
        )


@dataclass(frozen=True)
class Notice:
    """Something to tell the player: a translatable ``code`` and its ``params``.

    ``storage-corrupt`` (the saved game was set aside, a fresh game starts),
    ``storage-settings-reset`` (the settings were set aside, the game is kept),
    ``storage-stats-reset`` (the statistics were set aside, the game is kept),
    ``storage-full`` and ``storage-failed`` (saving stopped), ``storage-resumed``,
    ``storage-unavailable`` (storage cannot even be read), ``storage-unreadable`` (a value
    that is not a record was written while this tab is open: save now),
    ``storage-set-aside`` (such a value was set aside, this tab's game saved in its place),
    ``storage-other-tab`` (another
    tab played on: its game is shown), ``storage-newer`` (a newer version of the game
    saved here: this tab leaves it alone; reloading gets the newer version). See
    docs/storage.md.
    """

    code: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class Loaded:
    """What :meth:`Store.load` found: the game to show (``None``: start a new one), the
    settings, a notice for the player if any, the record's revision, and the statistics
    (:mod:`.storage.stats`; empty when none were stored)."""

    game: Game | None
    settings: Settings
    notice: Notice | None
    revision: int
    stats: Stats = field(default_factory=Stats)


class Store:
    """One tab's view of the stored record.

    ``revision`` and the text last loaded or saved tell whether another tab wrote since:
    a record this tab has not seen is never overwritten (:meth:`save` returns a
    ``storage-other-tab`` notice instead and the page calls :meth:`load`).
    """

    def __init__(self, storage: Storage, tab_id: str) -> None:
        self.storage = storage
        self.tab_id = tab_id
        self.revision = 0
        """The revision this tab last loaded or saved."""
        self._seen: str | None = None
        """The record text this tab last loaded or saved."""
        self._stopped = False
        """Saving failed and the player was told; the next success says so."""
        self._newer = False
        """A newer version of the game saved here: this tab never writes over it."""
        self.stats = Stats()
        """The statistics this tab last loaded or saved (what :meth:`save` writes when it
        is given none)."""

    @property
    def saving(self) -> bool:
        """False while saves fail (a full quota, storage refused)."""
        return not self._stopped

    def load(self) -> Loaded:
        """The stored game and settings. Never raises: bad data is set aside under
        :data:`BACKUP_KEY` and removed, and a fresh game (``game=None``) starts."""
        try:
            text = self.storage.get(KEY)
        except Exception as error:
            self._stopped = True
            unavailable = Notice("storage-unavailable", {"error": type(error).__name__})
            return Loaded(None, Settings(), unavailable, self.revision)
        if text is None:
            self._seen = None
            return Loaded(None, Settings(), None, self.revision)
        try:
            read = parse_record(text)
        except NewerRecordError:
            self._newer = True
            backup = self._set_aside(text)
            return Loaded(None, Settings(), Notice("storage-newer", {"backup": backup}), self.revision)
        except Exception as error:  # every kind of bad data, foreseen (EightOffError) or not
            return self._discard(text, error)
        notice: Notice | None = None
        if read.settings_error is not None:
            notice = Notice(
                "storage-settings-reset",
                {"reason": read.settings_error.code, "backup": self._set_aside(text)},
            )
        elif read.stats_error is not None:
            notice = Notice(
                "storage-stats-reset", {"reason": read.stats_error.code, "backup": self._set_aside(text)}
            )
        self.revision, self._seen, self.stats = read.revision, text, read.stats
        return Loaded(read.game, read.settings, notice, read.revision, read.stats)

    def save(self, game: Game, settings: Settings, stats: Stats | None = None) -> Notice | None:
        """Write the game, the settings and the statistics (``None``: those last loaded or
        saved, made to agree with ``game``). Returns a notice only when something changes
        for the player: saving stopped (``storage-full``, ``storage-failed``; once), works
        again (``storage-resumed``), or another tab wrote a record this tab has not seen
        (``storage-other-tab``: nothing is written; call :meth:`load` and show its game).
        Nothing is ever written over a record of a newer version (``storage-newer``)."""
        if self._newer:
            return None
        try:
            stored = self.storage.get(KEY)
        except Exception as error:
            return self._failed(error)
        set_aside: Notice | None = None
        if stored is not None and stored != self._seen:
            notice = self._check_other(stored)
            if notice is not None and notice.code != "storage-set-aside":
                return notice
            set_aside = notice
        revision = min(self.revision + 1, MAX_REVISION)
        stats = self.stats.matched(game) if stats is None else stats
        text = dump(revision, self.tab_id, game, settings, stats)
        try:
            self.storage.set(KEY, text)
        except Exception as error:
            return self._failed(error)
        self.revision, self._seen, self.stats = revision, text, stats
        if self._stopped:
            self._stopped = False
            return Notice("storage-resumed")
        return set_aside

    def on_external_change(self, new_value: str | None) -> Loaded | None:
        """For the ``storage`` event on :data:`KEY` (``event.newValue``): another tab's
        newer game and settings to show, with a ``storage-other-tab`` notice; for a value
        that cannot be read (another page's, say; checked for size and nesting before it is
        parsed) no game and a ``storage-unreadable`` notice: the page saves its game at
        once, which sets that value aside (``storage-set-aside``); else ``None``, nothing to
        do (removed, already seen, older, or a newer version's record, which the next save
        leaves alone). At the last revision, :data:`MAX_REVISION` (reached only by editing
        storage), revisions no longer grow, so any write this tab has not seen is newer."""
        if new_value is None or new_value == self._seen:
            return None
        try:
            read = parse_record(new_value)
        except NewerRecordError:
            return None
        except Exception:
            return Loaded(None, Settings(), Notice("storage-unreadable"), self.revision, self.stats)
        if read.revision < self.revision or (read.revision == self.revision < MAX_REVISION):
            return None  # older, or written at the same time as this tab's (its save decides)
        self.revision, self._seen, self.stats = read.revision, new_value, read.stats
        notice = Notice("storage-other-tab", {"revision": read.revision})
        return Loaded(read.game, read.settings, notice, read.revision, read.stats)

    # -- helpers ---------------------------------------------------------------

    def _check_other(self, stored: str) -> Notice | None:
        """A record this tab has not seen is under :data:`KEY`: if it is readable another
        tab wrote it, so say so; if not, set it aside and let the save replace it
        (``storage-set-aside``)."""
        try:
            revision = parse(stored)[0]
        except NewerRecordError:
            self._newer = True
            return Notice("storage-newer", {"backup": self._set_aside(stored)})
        except Exception:
            self.revision = max(self.revision, peek_revision(stored))
            return Notice("storage-set-aside", {"backup": self._set_aside(stored)})
        return Notice("storage-other-tab", {"revision": revision})

    def _discard(self, text: str, error: Exception) -> Loaded:
        """Set bad data aside and remove it, so the fresh game's saves start clean."""
        self.revision = max(self.revision, peek_revision(text))
        backup = self._set_aside(text)
        self._remove(KEY)
        if not backup:  # perhaps the bad value itself filled the quota
            backup = self._set_aside(text)
        self._seen = None
        reason = error.code if isinstance(error, EightOffError) else type(error).__name__
        notice = Notice("storage-corrupt", {"reason": reason, "backup": backup})
        return Loaded(None, Settings(), notice, self.revision)

    def _set_aside(self, text: str) -> bool:
        """Keep ``text`` under :data:`BACKUP_KEY` (replacing the previous one)."""
        try:
            self.storage.remove(BACKUP_KEY)
            self.storage.set(BACKUP_KEY, text)
        except Exception:
            return False
        return True

    def _remove(self, key: str) -> None:
        with contextlib.suppress(Exception):
            self.storage.remove(key)

    def _failed(self, error: Exception) -> Notice | None:
        if self._stopped:
            return None
        self._stopped = True
        if isinstance(error, StorageFull):
            return Notice("storage-full")
        return Notice("storage-failed", {"error": type(error).__name__})


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

"""One tab's store of the record: :class:`Store` (load, save, another tab's writes), its
notices (:class:`Notice`), and :class:`MemoryStorage` for tests. Never lose a game (docs/storage.md).

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
>>> from .settings import Settings
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
import zlib
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from ...errors import EightOffError
from ...game import Game
from ..facts import BACKUP_KEY as BACKUP_KEY
from ..facts import DEVICE_KEY
from ..facts import RECORD_KEY as KEY
from .json_text import read_json
from .record import MAX_REVISION, NewerRecordError, dump, parse, parse_record, peek_revision
from .settings import Settings
from .stats import Stats


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


ASIDE_CHARS: Final = 100_000
"""The most of a bad value the set-aside slot keeps: a record is at most about 40,000
characters, so a longer value cannot be one (it is refused unread) and only its first
characters are kept; a value that filled the quota never fills it twice."""


@dataclass(frozen=True)
class Aside:
    """What the set-aside slot (:data:`BACKUP_KEY`) holds: the record as this version reads
    it (``loaded``; ``None``: it cannot be read), and its length in characters."""

    loaded: Loaded | None
    chars: int


class Store:
    """One tab's view of the stored record.

    ``revision`` and the text last loaded or saved tell whether another tab wrote since:
    a record this tab has not seen is never overwritten (:meth:`save` returns a
    ``storage-other-tab`` notice instead and the page calls :meth:`load`).
    """

    def __init__(self, storage: Storage, tab_id: str) -> None:
        self.storage = storage
        self.newer_visits = 0
        """The visits, this one included, that found the same newer version's record (0:
        none found)."""
        self.tab_id = tab_id
        self.revision = 0
        """The revision this tab last loaded or saved."""
        self._seen: str | None = None
        """The record text this tab last loaded or saved."""
        self._stopped = False
        """Saving failed and the player was told; the next success says so."""
        self._why = ""
        """The notice code of the failure that stopped saving (``storage-full`` …)."""
        self._newer = False
        """A newer version of the game saved here: this tab never writes over it."""
        self.stats = Stats()
        """The statistics this tab last loaded or saved (what :meth:`save` writes when it
        is given none)."""

    @property
    def saving(self) -> bool:
        """False while saves fail (a full quota, storage refused) or are held back (a newer
        version's record holds the key)."""
        return not self._stopped and not self._newer

    @property
    def unsaved(self) -> str:
        """Why saves do not work (a notice code: ``storage-newer``, ``storage-full``,
        ``storage-failed``, ``storage-unavailable``); ``""`` while they do."""
        if self._newer:
            return "storage-newer"
        return self._why if self._stopped else ""

    @property
    def newer(self) -> bool:
        """A newer version's record holds the key: nothing is written over it."""
        return self._newer

    def load(self) -> Loaded:
        """The stored game and settings. Never raises: bad data is set aside under
        :data:`BACKUP_KEY` and removed, and a fresh game (``game=None``) starts."""
        try:
            text = self.storage.get(KEY)
        except Exception as error:
            self._stopped, self._why = True, "storage-unavailable"
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
            self.newer_visits = self._count_newer(text)
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
        """Keep ``text`` under :data:`BACKUP_KEY` (replacing the previous one; at most its
        first :data:`ASIDE_CHARS` characters)."""
        try:
            self.storage.remove(BACKUP_KEY)
            self.storage.set(BACKUP_KEY, text[:ASIDE_CHARS])
        except Exception:
            return False
        return True

    # -- the set-aside slot and the device's memory -------------------------------------

    def aside(self) -> Aside | None:
        """What the set-aside slot holds (``None``: nothing, or storage refused)."""
        try:
            text = self.storage.get(BACKUP_KEY)
        except Exception:
            return None
        if text is None:
            return None
        try:
            read = parse_record(text)
        except Exception:  # bad data, a newer version's: not readable here
            return Aside(None, len(text))
        loaded = Loaded(read.game, read.settings, None, read.revision, read.stats)
        return Aside(loaded, len(text))

    def aside_text(self) -> str:
        """The set-aside slot's text as it is (``""``: nothing there)."""
        try:
            return self.storage.get(BACKUP_KEY) or ""
        except Exception:
            return ""

    def discard_aside(self) -> None:
        """Empty the set-aside slot."""
        self._remove(BACKUP_KEY)

    def keep_newer_aside(self) -> None:
        """A newer version's record stays in the set-aside slot (it is there since the
        load), and this tab's saves go on over the key: the player chose to play on."""
        self._newer = False
        self.newer_visits = 0
        try:
            stored = self.storage.get(KEY)
        except Exception:
            stored = None
        if stored is not None:
            self._set_aside(stored)
            self._seen = stored
            self.revision = max(self.revision, peek_revision(stored))

    def device(self) -> dict[str, Any]:
        """What this device remembers (:data:`.facts.DEVICE_KEY`); nothing when it cannot
        be read."""
        try:
            data = read_json(self.storage.get(DEVICE_KEY) or "{}")
        except Exception:
            return {}
        return data if isinstance(data, dict) else {}

    def remember(self, name: str, value: Any) -> None:
        """Remember ``value`` under ``name`` on this device (a refusal loses only that)."""
        data = {**self.device(), name: value}
        with contextlib.suppress(Exception):
            self.storage.set(DEVICE_KEY, json.dumps(data, separators=(",", ":")))

    def _count_newer(self, text: str) -> int:
        """The visits that found this newer record, this one counted."""
        # Which newer record this is: its length and CRC-32 (zlib, built into the runtime,
        # fetches nothing at a start), enough to tell one record from the next.
        mark = f"{len(text)}:{zlib.crc32(text.encode('utf-8', 'surrogatepass')):08x}"
        seen = self.device().get("newer")
        visits = 1
        if isinstance(seen, list) and len(seen) == 2 and seen[0] == mark and type(seen[1]) is int:
            visits = min(seen[1], 1000) + 1
        self.remember("newer", [mark, visits])
        return visits

    def _remove(self, key: str) -> None:
        with contextlib.suppress(Exception):
            self.storage.remove(key)

    def _failed(self, error: Exception) -> Notice | None:
        if self._stopped:
            return None
        self._stopped = True
        if isinstance(error, StorageFull):
            self._why = "storage-full"
            return Notice("storage-full")
        self._why = "storage-failed"
        return Notice("storage-failed", {"error": type(error).__name__})

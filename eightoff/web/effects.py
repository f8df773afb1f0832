"""What the update asks the world to do, as data (pure Python, no browser import): the page's
shell (:mod:`.app`) runs each :data:`Effect` and hands back what it came to as an action
(:data:`.actions.EffectResult`), so the update itself never waits, writes or asks.

>>> from eightoff.web.actions import Tick
>>> Later("clock", 400, Tick())
Later(key='clock', ms=400, action=Tick())
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal

from .actions import Action


@dataclass(frozen=True)
class Save:
    """Save the state's game, settings and record (:meth:`.storage.store.Store.save`);
    ``take_over``: read the stored record first, so a record another tab wrote is replaced
    (a backup taken); ``first``: the start's save. Comes back as :class:`.actions.Saved`."""

    take_over: bool = False
    first: bool = False


@dataclass(frozen=True)
class Solve:
    """Send the solver's worker a request (:mod:`.solver.messages`); it answers with
    :class:`.actions.WorkerReply`, or :class:`.actions.WorkerFailed`."""

    request: str


@dataclass(frozen=True)
class Later:
    """Dispatch ``action`` after ``ms`` milliseconds; a later one of the same ``key``
    replaces it (a timer is never kept twice)."""

    key: str
    ms: float
    action: Action


@dataclass(frozen=True)
class Copy:
    """Put ``url`` on the clipboard; comes back as :class:`.actions.Copied` with ``said``."""

    url: str
    said: str


@dataclass(frozen=True)
class Share:
    """Offer ``url`` to the device's share sheet (the Web Share API) with a ``title`` and a
    sentence (``text``); comes back as :class:`.actions.Shared`."""

    url: str
    title: str
    text: str


@dataclass(frozen=True)
class Download:
    """Save ``text`` as a file ``name`` of ``media_type``."""

    text: str
    name: str
    media_type: str


@dataclass(frozen=True)
class ReadFile:
    """Read the chosen file (``read()``); comes back as :class:`.actions.FileRead`."""

    read: Callable[[], Awaitable[str | None]]


@dataclass(frozen=True)
class RememberHowTo:
    """Remember, apart from the record, that the how-to was dismissed (:mod:`.view.how_to`)."""


@dataclass(frozen=True)
class Remember:
    """Remember ``value`` under ``name`` on this device (:data:`.facts.DEVICE_KEY`)."""

    name: str
    value: object


@dataclass(frozen=True)
class Persist:
    """Ask the browser to keep the page's storage (``navigator.storage.persist``); comes back
    as :class:`.actions.Persisted`."""


CueKind = Literal["place", "refuse", "win"]
"""What a cue marks: a card put on a pile, a move refused, a win."""


@dataclass(frozen=True)
class Cue:
    """Mark a moment (``kind``) by a short synthesized sound when ``sound`` is on and a short
    vibration when ``haptics`` is on (:mod:`.view.cues`: nothing while the page is hidden);
    asked only when one of the two settings is on. Comes back as nothing."""

    kind: CueKind
    sound: bool
    haptics: bool


AsideAct = Literal["read", "discard", "download", "keep-newer"]


@dataclass(frozen=True)
class Aside:
    """The set-aside slot: read it, empty it, download it as it is, or (``keep-newer``) keep
    a newer version's record there and save this tab's game from now on; comes back as
    :class:`.actions.AsideRead` (and :class:`.actions.Saved` for ``keep-newer``)."""

    act: AsideAct


Effect = (
    Save
    | Solve
    | Later
    | Copy
    | Share
    | Download
    | ReadFile
    | RememberHowTo
    | Remember
    | Persist
    | Aside
    | Cue
)

__all__ = [
    "Aside",
    "AsideAct",
    "Copy",
    "Cue",
    "CueKind",
    "Download",
    "Effect",
    "Later",
    "Persist",
    "ReadFile",
    "Remember",
    "RememberHowTo",
    "Save",
    "Share",
    "Solve",
]

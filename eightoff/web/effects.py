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


Effect = Save | Solve | Later | Copy | Download | ReadFile | RememberHowTo

__all__ = ["Copy", "Download", "Effect", "Later", "ReadFile", "RememberHowTo", "Save", "Solve"]

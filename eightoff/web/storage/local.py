"""The browser's ``localStorage`` for :mod:`.storage.store`, and the ``storage`` event that
tells a tab another tab saved (docs/storage.md).

Thin DOM code: :class:`LocalStorage` follows :class:`.storage.store.Storage` (a full quota
becomes :class:`.storage.store.StorageFull`); :func:`watch` hands another tab's newer game to
the page. What is saved, and when a record may be overwritten, is :mod:`.storage.store`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import JsException
from pyscript import window
from pyscript.ffi import is_none

from ..dom import listen
from ..facts import RECORD_KEY
from .store import Loaded, StorageFull, Store


class LocalStorage:
    """:class:`.storage.store.Storage` over ``window.localStorage``; a full quota becomes
    :class:`.storage.store.StorageFull`."""

    def __init__(self) -> None:
        self.area: Any = None
        try:
            self.area = window.localStorage
        except Exception:  # storage disabled: every call fails and Store says so
            self.area = None

    def get(self, key: str) -> str | None:
        value = self._area().getItem(key)
        return None if is_none(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self._area().setItem(key, value)
        except JsException as error:
            if "quota" in f"{getattr(error, 'name', '')} {error}".lower():
                raise StorageFull(str(error)) from error
            raise

    def remove(self, key: str) -> None:
        self._area().removeItem(key)

    def _area(self) -> Any:
        if self.area is None or is_none(self.area):
            raise OSError("localStorage is not available")
        return self.area


def watch(store: Store, show: Callable[[Loaded], None]) -> Callable[[], None]:
    """Listen to the window's ``storage`` event: when another tab saved a newer game, or
    wrote a value that is not a record (no game: save over it), call ``show`` with it (its
    notice says which). Returns the unbind."""

    def on_storage(event: Any) -> None:
        if is_none(event.key) or str(event.key) != RECORD_KEY:
            return
        value = event.newValue
        loaded = store.on_external_change(None if is_none(value) else str(value))
        if loaded is not None:
            show(loaded)

    return listen(window, {"storage": on_storage})


__all__ = ["LocalStorage", "watch"]

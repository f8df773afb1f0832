"""A fake browser for the thin modules under CPython: the few names typings/ declares
(pyscript's ``window`` and ``document``, ``pyscript.ffi``, ``pyodide.ffi``'s
``JsException``) and what our modules call on them. :func:`install` puts it in
``sys.modules`` and imports the named modules afresh over it, for one test.

Grow it only by what a module under test really calls; the real page runs the same modules
in tests/browser, and tests/browser/test_stubs.py keeps typings/ true to the runtime.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Iterable
from typing import Any

import pytest


class JsException(Exception):
    """pyodide.ffi.JsException: a JavaScript error, with its ``name``."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


class Proxy:
    """pyscript.ffi.create_proxy's kept proxy."""

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function = function
        self.destroyed = False

    def __call__(self, *args: Any) -> Any:
        return self.function(*args)

    def destroy(self) -> None:
        self.destroyed = True


class Area:
    """window.localStorage holding at most ``quota`` characters."""

    def __init__(
        self,
        quota: int = 10_000,
        error: str = "QuotaExceededError",
        message: str = "The quota has been exceeded.",
    ) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota
        self.error = error
        self.message = message or "The quota has been exceeded."

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if sum(map(len, self.items.values())) - len(self.items.get(key, "")) + len(value) > self.quota:
            raise JsException(self.error, self.message)
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


class Clipboard:
    def __init__(self, refuse: bool = False) -> None:
        self.text: str | None = None
        self.refuse = refuse

    async def writeText(self, text: str) -> None:
        if self.refuse:
            raise JsException("NotAllowedError", "Write permission denied.")
        self.text = text


class Window:
    def __init__(self) -> None:
        self.localStorage: Any = Area()
        self.navigator = types.SimpleNamespace(clipboard=None)
        self.listeners: dict[str, list[Proxy]] = {}

    def addEventListener(self, name: str, proxy: Proxy) -> None:
        self.listeners.setdefault(name, []).append(proxy)

    def removeEventListener(self, name: str, proxy: Proxy) -> None:
        self.listeners[name].remove(proxy)

    def fire(self, name: str, **event: Any) -> None:
        for proxy in list(self.listeners.get(name, [])):
            proxy(types.SimpleNamespace(**event))


class NoStorage(Window):
    """A browser with storage disabled: reading ``localStorage`` throws."""

    @property
    def localStorage(self) -> Any:
        raise JsException("SecurityError", "The operation is insecure.")

    @localStorage.setter
    def localStorage(self, value: Any) -> None:
        pass


def install(
    monkeypatch: pytest.MonkeyPatch, window: Any, modules: Iterable[str], document: Any = None
) -> types.SimpleNamespace:
    """The fake browser around ``window`` (and ``document``) in ``sys.modules``, and
    ``modules`` (dotted names) imported afresh over it; returns a namespace of them by
    their last name. Nothing imported over the fake browser outlives the test."""
    pyscript = types.ModuleType("pyscript")
    ffi = types.ModuleType("pyscript.ffi")
    pyodide = types.ModuleType("pyodide")
    pyodide_ffi = types.ModuleType("pyodide.ffi")
    pyscript.window, pyscript.document = window, document  # type: ignore[attr-defined]
    ffi.is_none = lambda value: value is None  # type: ignore[attr-defined]
    ffi.create_proxy = Proxy  # type: ignore[attr-defined]
    ffi.to_js = lambda value, **_options: value  # type: ignore[attr-defined]
    pyodide_ffi.JsException = JsException  # type: ignore[attr-defined]
    fakes = {"pyscript": pyscript, "pyscript.ffi": ffi, "pyodide": pyodide, "pyodide.ffi": pyodide_ffi}
    for name, module in fakes.items():
        monkeypatch.setitem(sys.modules, name, module)
    names = list(modules)
    for name in names:
        monkeypatch.delitem(sys.modules, name, raising=False)
    imported = {name.rsplit(".", 1)[1]: importlib.import_module(name) for name in names}
    for name in names:
        monkeypatch.setitem(sys.modules, name, sys.modules[name])
    return types.SimpleNamespace(**imported)

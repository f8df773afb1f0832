"""A fake browser for the thin modules under CPython: the few names typings/ declares
(pyscript's ``window`` and ``document``, ``pyscript.ffi``, ``pyodide.ffi``'s
``JsException``) and what our modules call on them. :func:`install` puts it in
``sys.modules`` and imports the named modules afresh over it, for one test.

Grow it only by what a module under test really calls; the real page runs the same modules
in tests/browser, and tests/browser/test_stubs.py keeps typings/ true to the runtime.
"""

from __future__ import annotations

import functools
import importlib
import sys
import types
from collections.abc import Callable, Iterable
from typing import Any

import grimp
import pytest

from tests.engine.helpers import THIN, module_name
from tests.web.fakes.dom import EventTarget


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


class Blob:
    """``new Blob(parts, options)``."""

    def __init__(self, parts: list[str], options: dict[str, str]) -> None:
        self.parts, self.options = parts, options

    @classmethod
    def new(cls, parts: list[str], options: dict[str, str]) -> Blob:
        return cls(parts, options)


class URLs:
    """``URL.createObjectURL`` and ``revokeObjectURL``: the Blob URLs made and revoked."""

    def __init__(self) -> None:
        self.made: dict[str, Blob] = {}
        self.revoked: list[str] = []

    def createObjectURL(self, blob: Blob) -> str:
        url = f"blob:{len(self.made)}"
        self.made[url] = blob
        return url

    def revokeObjectURL(self, url: str) -> None:
        self.revoked.append(url)


class AudioParam:
    """An ``AudioParam``: its ``value`` and the changes scheduled (``setValueAtTime``,
    ``exponentialRampToValueAtTime``), as (kind, value, time)."""

    def __init__(self, value: float) -> None:
        self.value = value
        self.events: list[tuple[str, float, float]] = []

    def setValueAtTime(self, value: float, at: float) -> None:
        self.events.append(("set", value, at))

    def exponentialRampToValueAtTime(self, value: float, at: float) -> None:
        self.events.append(("ramp", value, at))


class AudioNode:
    """An ``AudioNode``: the nodes it was connected to."""

    def __init__(self) -> None:
        self.outputs: list[AudioNode] = []

    def connect(self, node: AudioNode) -> AudioNode:
        self.outputs.append(node)
        return node


class Oscillator(AudioNode):
    """An ``OscillatorNode``: its wave, its frequency, when it was started and stopped."""

    def __init__(self) -> None:
        super().__init__()
        self.type = "sine"
        self.frequency = AudioParam(440.0)
        self.started: float | None = None
        self.stopped: float | None = None

    def start(self, at: float = 0.0) -> None:
        self.started = at

    def stop(self, at: float = 0.0) -> None:
        self.stopped = at


class Gain(AudioNode):
    """A ``GainNode``."""

    def __init__(self) -> None:
        super().__init__()
        self.gain = AudioParam(1.0)


class AudioContext:
    """An ``AudioContext`` at ``currentTime`` 2 s: its oscillators made, its gains, how many
    times it was resumed (a context made before a gesture starts ``suspended``)."""

    def __init__(self, state: str) -> None:
        self.state = state
        self.currentTime = 2.0
        self.destination = AudioNode()
        self.oscillators: list[Oscillator] = []
        self.gains: list[Gain] = []
        self.resumed = 0

    def createOscillator(self) -> Oscillator:
        self.oscillators.append(Oscillator())
        return self.oscillators[-1]

    def createGain(self) -> Gain:
        self.gains.append(Gain())
        return self.gains[-1]

    def resume(self) -> None:
        self.resumed += 1
        self.state = "running"


class AudioContexts:
    """``window.AudioContext``, the constructor (``new AudioContext()``): the contexts made,
    each first in ``state``; ``refuse``: the constructor throws (a browser that forbids it)."""

    def __init__(self, state: str = "running", refuse: bool = False) -> None:
        self.made: list[AudioContext] = []
        self.state = state
        self.refuse = refuse

    def new(self) -> AudioContext:
        if self.refuse:
            raise JsException("NotSupportedError", "The AudioContext cannot be made.")
        self.made.append(AudioContext(self.state))
        return self.made[-1]


class Vibrator:
    """``navigator.vibrate``: the patterns asked, in order; ``refuse``: it throws."""

    def __init__(self, refuse: bool = False) -> None:
        self.patterns: list[list[int]] = []
        self.refuse = refuse

    def __call__(self, pattern: list[int]) -> bool:
        if self.refuse:
            raise JsException("TypeError", "vibrate failed")
        self.patterns.append(list(pattern))
        return True


class Window(EventTarget):
    """``window``: ``localStorage``, the clipboard, Blob URLs, ``matchMedia``
    (``prefers-reduced-motion``, ``reduced_motion``), ``Object.fromEntries`` for ``js_object``,
    and its listeners."""

    def __init__(self, reduced_motion: bool = False) -> None:
        self.localStorage: Any = Area()
        self.navigator = types.SimpleNamespace(clipboard=None)
        self.listeners = {}
        self.URL = URLs()
        self.Blob = Blob
        self.Object = types.SimpleNamespace(fromEntries=dict)
        self.reduced_motion = reduced_motion
        self.frames: dict[int, Callable[..., Any]] = {}
        """The animation frames requested and not yet run, by their id."""
        self.frame_ids = 0

    def requestAnimationFrame(self, callback: Callable[..., Any]) -> int:
        self.frame_ids += 1
        self.frames[self.frame_ids] = callback
        return self.frame_ids

    def cancelAnimationFrame(self, number: int) -> None:
        self.frames.pop(number, None)

    def run_frame(self) -> int:
        """Run the frames requested so far (those they request wait for the next); how many."""
        frames, self.frames = self.frames, {}
        for callback in frames.values():
            callback(0.0)
        return len(frames)

    def matchMedia(self, query: str) -> Any:
        assert query == "(prefers-reduced-motion: reduce)"
        return types.SimpleNamespace(matches=self.reduced_motion)


class NoStorage(Window):
    """A browser with storage disabled: reading ``localStorage`` throws."""

    @property
    def localStorage(self) -> Any:
        raise JsException("SecurityError", "The operation is insecure.")

    @localStorage.setter
    def localStorage(self, value: Any) -> None:
        pass


@functools.cache
def over_the_browser() -> frozenset[str]:
    """The modules of the package that import the browser (tests/engine/helpers.py: THIN),
    and every module that imports one of them, directly or not (grimp's import graph)."""
    graph = grimp.build_graph("eightoff")
    thin = {module_name(path) for path in THIN}
    return frozenset(thin.union(*(graph.find_downstream_modules(name) for name in thin)))


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
    bound: tuple[tuple[types.ModuleType, str, Any], ...] = (
        (pyscript, "window", window),
        (pyscript, "document", document),
        (ffi, "is_none", lambda value: value is None),
        (ffi, "create_proxy", Proxy),
        (ffi, "to_js", lambda value, **_options: value),
        (pyodide_ffi, "JsException", JsException),
    )
    for module, name, value in bound:
        setattr(module, name, value)
    fakes = {"pyscript": pyscript, "pyscript.ffi": ffi, "pyodide": pyodide, "pyodide.ffi": pyodide_ffi}
    for name, module in fakes.items():
        monkeypatch.setitem(sys.modules, name, module)
    names = list(modules)
    # Every thin module is imported afresh, and every module that imports one: a module
    # imported over another test's fake browser would keep that test's document.
    for name in {*names, *over_the_browser()}:
        monkeypatch.delitem(sys.modules, name, raising=False)
    imported = {name.rsplit(".", 1)[1]: importlib.import_module(name) for name in names}
    for name in names:
        monkeypatch.setitem(sys.modules, name, sys.modules[name])
    return types.SimpleNamespace(**imported)

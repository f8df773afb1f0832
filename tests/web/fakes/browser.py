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
import re
import sys
import types
from collections.abc import Callable, Iterable
from typing import Any

import grimp
import pytest

from tests.engine.helpers import THIN, module_name


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


class EventTarget:
    """Listeners added and removed by event type; :meth:`fire` calls them with an event,
    those of the capture phase first."""

    listeners: dict[str, list[Proxy]]

    def addEventListener(self, name: str, proxy: Proxy, capture: bool = False) -> None:
        found = self.listeners.setdefault(name, [])
        found.insert(0 if capture else len(found), proxy)

    def removeEventListener(self, name: str, proxy: Proxy, capture: bool = False) -> None:
        self.listeners[name].remove(proxy)

    def fire(self, name: str, **event: Any) -> None:
        for proxy in list(self.listeners.get(name, [])):
            proxy(types.SimpleNamespace(**event))


class Window(EventTarget):
    def __init__(self) -> None:
        self.localStorage: Any = Area()
        self.navigator = types.SimpleNamespace(clipboard=None)
        self.listeners = {}
        self.URL = URLs()
        self.Blob = Blob
        self.Object = types.SimpleNamespace(fromEntries=dict)

    reduced_motion = False
    """``prefers-reduced-motion: reduce``, as :meth:`matchMedia` answers it."""

    def matchMedia(self, query: str) -> Any:
        assert query == "(prefers-reduced-motion: reduce)"
        return types.SimpleNamespace(matches=self.reduced_motion)


class ClassList:
    """An element's ``classList``: what the modules call (``toggle``, ``contains``)."""

    def __init__(self, node: Element) -> None:
        self.node = node

    def _names(self) -> list[str]:
        return self.node.className.split()

    def contains(self, name: str) -> bool:
        return name in self._names()

    def toggle(self, name: str, force: bool | None = None) -> bool:
        names = [n for n in self._names() if n != name]
        on = not self.contains(name) if force is None else force
        self.node.className = " ".join([*names, name] if on else names)
        return on


_SELECTOR = re.compile(
    r"^(?P<tag>[a-z0-9]*)(?:#(?P<id>[\w-]+))?(?:\[(?P<attr>[\w-]+)(?:=(?P<value>[\w-]+))?\])?$"
)
"""The selectors the modules use: ``tag``, ``#id``, ``tag[attr]``, ``tag[attr=value]``."""


class Flag:
    """A true-or-false property that reflects its attribute until it is set (``disabled``,
    ``hidden``)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, node: Element, owner: type | None = None) -> bool:
        return bool(node._properties.get(self.name, self.name in node.attributes))

    def __set__(self, node: Element, value: bool) -> None:
        node._properties[self.name] = value


class Element(EventTarget):
    """A DOM element as far as the windows use one: attributes, children, text, the form
    properties (``value``, ``checked``, ``disabled``, ``hidden``), a ``<dialog>``'s
    ``open``/``showModal``/``close`` (which fires ``close``), focus, ``closest`` and the two
    one-level selectors of :data:`_SELECTOR`."""

    def __init__(self, document: Document, tag: str) -> None:
        self.document = document
        self.tagName = tag.upper()
        self.tag = tag
        self.className = ""
        self.attributes: dict[str, str] = {}
        self.children: list[Element] = []
        self.parent: Element | None = None
        self._text = ""
        self.checked = False
        self.open = False
        self.listeners = {}
        self.classList = ClassList(self)
        self._properties: dict[str, Any] = {}

    # -- attributes and reflected properties
    def setAttribute(self, name: str, value: str) -> None:
        self.attributes[name] = str(value)

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    @property
    def id(self) -> str:
        return self.attributes.get("id", "")

    @property
    def value(self) -> str:
        return str(self._properties.get("value", self.attributes.get("value", "")))

    @value.setter
    def value(self, value: str) -> None:
        self._properties["value"] = value

    disabled = Flag()
    hidden = Flag()

    # -- the tree
    @property
    def textContent(self) -> str:
        return self._text + "".join(child.textContent for child in self.children)

    @textContent.setter
    def textContent(self, text: str) -> None:
        for child in self.children:
            child.parent = None
        self.children, self._text = [], str(text)

    def appendChild(self, child: Element) -> Element:
        if child.parent is not None:
            child.parent.children.remove(child)
        child.parent = self
        self.children.append(child)
        return child

    def after(self, node: Element) -> None:
        """``node`` placed just after this element, in its parent."""
        assert self.parent is not None
        if node.parent is not None:
            node.parent.children.remove(node)
        siblings = self.parent.children
        siblings.insert(siblings.index(self) + 1, node)
        node.parent = self.parent

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None

    @property
    def isConnected(self) -> bool:
        node: Element | None = self
        while node is not None and node is not self.document.body:
            node = node.parent
        return node is self.document.body

    def walk(self) -> Iterable[Element]:
        """The descendants in document order."""
        for child in self.children:
            yield child
            yield from child.walk()

    def matches(self, selector: str) -> bool:
        match = _SELECTOR.match(selector)
        assert match, f"the fake browser reads no selector {selector!r}"
        tag, ident, attr, value = match.group("tag", "id", "attr", "value")
        if (tag and self.tag != tag) or (ident and self.id != ident):
            return False
        if attr == "open":
            return self.open
        if attr is not None:
            return attr in self.attributes and (value is None or self.attributes[attr] == value)
        return True

    def querySelectorAll(self, selector: str) -> list[Element]:
        return [node for node in self.walk() if node.matches(selector)]

    def querySelector(self, selector: str) -> Element | None:
        found = self.querySelectorAll(selector)
        return found[0] if found else None

    def closest(self, selector: str) -> Element | None:
        node: Element | None = self
        while node is not None and not node.matches(selector):
            node = node.parent
        return node

    # -- dialogs, focus, events
    def showModal(self) -> None:
        assert not self.open, "showModal on an open dialog throws"
        self.open = True

    def close(self) -> None:
        if self.open:
            self.open = False
            self.fire("close")

    def focus(self) -> None:
        self.document.activeElement = self

    def click(self) -> None:
        self.document.clicked.append(self)

    def fire(self, name: str, **event: Any) -> None:
        super().fire(name, target=self, **event)


class Document:
    """``document``: elements made, the ``body``, the focused element, and the links
    clicked (a download)."""

    def __init__(self) -> None:
        self.body = Element(self, "body")
        self.activeElement: Element | None = self.body
        self.clicked: list[Element] = []

    def createElement(self, tag: str) -> Element:
        return Element(self, tag)

    def createElementNS(self, namespace: str, tag: str) -> Element:
        node = Element(self, tag)
        node.namespace = namespace  # type: ignore[attr-defined]
        return node


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
    pyscript.window, pyscript.document = window, document  # type: ignore[attr-defined]
    ffi.is_none = lambda value: value is None  # type: ignore[attr-defined]
    ffi.create_proxy = Proxy  # type: ignore[attr-defined]
    ffi.to_js = lambda value, **_options: value  # type: ignore[attr-defined]
    pyodide_ffi.JsException = JsException  # type: ignore[attr-defined]
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

"""One fake document for every test of the thin modules under CPython: elements with
attributes, the reflected properties (``value``, ``checked``, ``disabled``, ``hidden``,
``tabIndex``), classes, styles, children, text, listeners, focus, a ``<dialog>``'s
``open``/``showModal``/``close``, the selectors the modules use, a box each (a pile's cards
stacked down the page, a dragged pile's cards shifted by its ``--drag``) and the animations
asked of them. Only what those modules call, in the DOM's own names; the real page runs
them in tests/browser. The browser around it (window, storage, clipboard, files) is
:mod:`tests.web.fakes.browser`.
"""

from __future__ import annotations

import re
import types
from collections.abc import Callable, Iterable
from typing import Any


class EventTarget:
    """Listeners added and removed by event type; :meth:`fire` calls them with an event,
    those of the capture phase first."""

    listeners: dict[str, list[Callable[[Any], Any]]]

    def addEventListener(self, name: str, proxy: Callable[[Any], Any], capture: bool = False) -> None:
        found = self.listeners.setdefault(name, [])
        found.insert(0 if capture else len(found), proxy)

    def removeEventListener(self, name: str, proxy: Callable[[Any], Any], capture: bool = False) -> None:
        self.listeners[name].remove(proxy)

    def fire(self, name: str, **event: Any) -> None:
        for proxy in list(self.listeners.get(name, [])):
            proxy(types.SimpleNamespace(**event))


class ClassList:
    """An element's ``classList``, which its ``className`` reads and writes."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def add(self, *names: str) -> None:
        self.names += [name for name in names if name not in self.names]

    def remove(self, *names: str) -> None:
        self.names = [name for name in self.names if name not in names]

    def toggle(self, name: str, force: bool | None = None) -> bool:
        on = name not in self.names if force is None else force
        self.add(name) if on else self.remove(name)
        return on

    def contains(self, name: str) -> bool:
        return name in self.names


class Style:
    """An element's ``style``: the custom properties set (``props``)."""

    def __init__(self) -> None:
        self.props: dict[str, str] = {}
        self.cssText = ""

    def setProperty(self, name: str, value: str) -> None:
        self.props[name] = value

    def removeProperty(self, name: str) -> None:
        self.props.pop(name, None)


class Reflected:
    """A true-or-false property that reflects its attribute (``disabled``, ``hidden``):
    setting it sets or removes the attribute, as the DOM does."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, node: Element, owner: type | None = None) -> bool:
        return self.name in node.attributes

    def __set__(self, node: Element, value: bool) -> None:
        if value:
            node.attributes[self.name] = ""
        else:
            node.attributes.pop(self.name, None)


SELECTOR = re.compile(
    r'^(?P<tag>[a-z0-9]*)(?:#(?P<id>[\w-]+))?(?:\[(?P<attr>[\w-]+)(?:=(?P<value>[\w-]+|"[^"]*"))?\])?$'
)
"""The selectors the modules use: ``tag``, ``#id``, ``[attr]``, ``tag[attr=value]``
(``value`` bare or in double quotes)."""


class Element(EventTarget):
    """An element of the :class:`Document` (or a fragment, ``tag`` ``#fragment``)."""

    def __init__(self, document: Document, tag: str) -> None:
        self.document = document
        self.tag = tag
        self.tagName = tag.upper()
        self.attributes: dict[str, str] = {}
        self.classList = ClassList()
        self.style = Style()
        self.children: list[Element] = []
        self.parentNode: Element | None = None
        self.text = ""
        self.listeners = {}
        self.animations: list[tuple[Any, Any]] = []
        self.played: list[Animation] = []
        self.checked = False
        self.open = False
        self.selected = False
        self.clientWidth = 0.0
        self.clientHeight = 0.0
        self.offsetWidth = 0
        self._value: str | None = None
        self.namespace = "http://www.w3.org/1999/xhtml"

    # -- attributes and reflected properties -----------------------------------------

    def setAttribute(self, name: str, value: str) -> None:
        if name == "class":
            self.className = value
        else:
            self.attributes[name] = str(value)

    def getAttribute(self, name: str) -> str | None:
        if name == "class":
            return self.className or None
        return self.attributes.get(name)

    def removeAttribute(self, name: str) -> None:
        self.attributes.pop(name, None)

    @property
    def className(self) -> str:
        return " ".join(self.classList.names)

    @className.setter
    def className(self, value: str) -> None:
        self.classList.names = value.split()

    @property
    def id(self) -> str:
        return self.attributes.get("id", "")

    @property
    def dataset(self) -> Any:
        return types.SimpleNamespace(
            **{k[5:].replace("-", "_"): v for k, v in self.attributes.items() if k.startswith("data-")}
        )

    @property
    def value(self) -> str:
        return self.attributes.get("value", "") if self._value is None else self._value

    @value.setter
    def value(self, value: str) -> None:
        self._value = value

    disabled = Reflected()
    hidden = Reflected()

    @property
    def tabIndex(self) -> int:
        return int(self.attributes.get("tabindex", "-1"))

    @tabIndex.setter
    def tabIndex(self, value: int) -> None:
        self.attributes["tabindex"] = str(value)

    # -- the tree ---------------------------------------------------------------------

    @property
    def parent(self) -> Element | None:
        return self.parentNode

    @property
    def textContent(self) -> str:
        return self.text + "".join(child.textContent for child in self.children)

    @textContent.setter
    def textContent(self, value: str) -> None:
        for child in list(self.children):
            child.remove()
        self.text = str(value)
        self.document.writes += 1

    def appendChild(self, child: Element) -> Element:
        moved = list(child.children) if child.tag == "#fragment" else [child]
        for node in moved:
            node.remove()
            node.parentNode = self
            self.children.append(node)
        self.document.writes += 1
        return child

    def before(self, node: Element) -> None:
        """``node`` placed just before this element, in its parent."""
        parent = self.parentNode
        assert parent is not None
        node.remove()
        node.parentNode = parent
        parent.children.insert(parent.children.index(self), node)

    def after(self, node: Element) -> None:
        """``node`` placed just after this element, in its parent."""
        parent = self.parentNode
        assert parent is not None
        node.remove()
        node.parentNode = parent
        parent.children.insert(parent.children.index(self) + 1, node)

    def remove(self) -> None:
        if self.parentNode is not None:
            self.parentNode.children.remove(self)
            self.parentNode = None

    def replaceChildren(self) -> None:
        for child in list(self.children):
            child.remove()

    @property
    def firstChild(self) -> Element:
        return self.children[0]

    @property
    def lastChild(self) -> Element:
        return self.children[-1]

    def cloneNode(self, deep: bool) -> Element:
        copy = Element(self.document, self.tag)
        copy.attributes = dict(self.attributes)
        copy.classList.names = list(self.classList.names)
        copy.text = self.text
        if deep:
            for child in self.children:
                copy.appendChild(child.cloneNode(True))
        return copy

    def contains(self, node: Any) -> bool:
        while node is not None:
            if node is self:
                return True
            node = node.parentNode
        return False

    @property
    def isConnected(self) -> bool:
        return self.document.body.contains(self)

    def walk(self) -> Iterable[Element]:
        """The descendants in document order."""
        for child in self.children:
            yield child
            yield from child.walk()

    def find(self, **attributes: str) -> list[Element]:
        """This element and every one under it (depth first) with these attributes (``_``
        for ``-``)."""
        wanted = {name.replace("_", "-"): value for name, value in attributes.items()}
        return [
            node
            for node in (self, *self.walk())
            if all(node.attributes.get(k) == v for k, v in wanted.items())
        ]

    def matches(self, selector: str) -> bool:
        match = SELECTOR.match(selector)
        assert match, f"the fake document reads no selector {selector!r}"
        tag, ident, attr, value = match.group("tag", "id", "attr", "value")
        if (tag and self.tag != tag) or (ident and self.id != ident):
            return False
        if attr == "open":
            return self.open
        if attr is not None:
            return attr in self.attributes and (value is None or self.attributes[attr] == value.strip('"'))
        return True

    def querySelectorAll(self, selector: str) -> list[Element]:
        return [node for node in self.walk() if node.matches(selector)]

    def querySelector(self, selector: str) -> Element | None:
        found = self.querySelectorAll(selector)
        return found[0] if found else None

    def closest(self, selector: str) -> Element | None:
        node: Element | None = self
        while node is not None and not node.matches(selector):
            node = node.parentNode
        return node

    # -- boxes, focus, dialogs, animation --------------------------------------------

    def getBoundingClientRect(self) -> Any:
        """A card's box: its pile's place across (by pile key), down by its index; a
        carried card is shifted by its pile's ``--drag``."""
        pile = self.parentNode
        left = top = 0.0
        if pile is not None and "data-pile" in pile.attributes:
            left = float(sorted(self.document.pile_keys()).index(pile.attributes["data-pile"]) * 100)
            top = float(pile.children.index(self) * 20)
            drag = pile.style.props.get("--drag")
            if drag and self.classList.contains("lifted"):
                dx, dy = (float(part.removesuffix("px")) for part in drag.split())
                left, top = left + dx, top + dy
        return types.SimpleNamespace(left=left, top=top, width=80.0, height=120.0)

    def focus(self) -> None:
        self.document.activeElement = self

    def select(self) -> None:
        self.selected = True

    def click(self) -> None:
        self.document.clicked.append(self)

    def showModal(self) -> None:
        assert not self.open, "showModal on an open dialog throws"
        self.open = True

    def close(self) -> None:
        if self.open:
            self.open = False
            self.fire("close")

    def fire(self, name: str, **event: Any) -> None:
        super().fire(name, target=self, **event)

    def animate(self, frames: Any, timing: Any) -> Animation:
        self.animations.append((frames, timing))
        animation = Animation()
        self.played.append(animation)
        return animation

    def getAnimations(self, options: Any = None) -> list[Animation]:
        """The animations of this element (``{"subtree": True}``: and of those under it)
        not finished yet."""
        nodes = self.find() if options and options.get("subtree") else [self]
        return [a for node in nodes for a in node.played if a.playState != "finished"]


class Animation:
    """What ``animate`` returns: running until :meth:`finish`."""

    playState = "running"

    def finish(self) -> None:
        self.playState = "finished"


class Document(EventTarget):
    """``document``: elements made, ``<html>`` and its ``body``, the focused element, the
    links clicked (a download) and how many DOM writes were made (``appendChild``,
    ``textContent``: what one change costs)."""

    def __init__(self) -> None:
        self.listeners = {}
        self.writes = 0
        self.documentElement = Element(self, "html")
        self.body = Element(self, "body")
        self.documentElement.appendChild(self.body)
        self.activeElement: Element | None = self.body
        self.clicked: list[Element] = []
        self.title = ""
        self.hidden = False

    def createElement(self, tag: str) -> Element:
        return Element(self, tag)

    def createElementNS(self, namespace: str, tag: str) -> Element:
        node = Element(self, tag)
        node.namespace = namespace
        return node

    def createDocumentFragment(self) -> Element:
        return Element(self, "#fragment")

    def getElementById(self, ident: str) -> Element | None:
        return next((node for node in self.documentElement.walk() if node.id == ident), None)

    def querySelector(self, selector: str) -> Element | None:
        return self.documentElement.querySelector(selector)

    def elementFromPoint(self, x: float, y: float) -> Element | None:
        """No layout here: no element is under any point."""
        return None

    def pile_keys(self) -> list[str]:
        return [node.attributes["data-pile"] for node in self.body.find() if "data-pile" in node.attributes]


__all__ = ["Animation", "ClassList", "Document", "Element", "EventTarget", "Style"]

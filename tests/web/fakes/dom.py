"""A fake document for the board's glue under CPython (eightoff/web/board/build.py, bar.py,
cards.py, view.py): elements with attributes, classes, styles, children, text, focus, a
box each (a pile's cards stacked down the page, a dragged pile's cards shifted by its
``--drag``) and the animations asked of them. Only what those modules call; the real page
runs them in tests/browser.
"""

from __future__ import annotations

import re
import types
from typing import Any


class ClassList:
    def __init__(self) -> None:
        self.names: list[str] = []

    def add(self, *names: str) -> None:
        self.names += [name for name in names if name not in self.names]

    def remove(self, *names: str) -> None:
        self.names = [name for name in self.names if name not in names]

    def toggle(self, name: str, force: bool | None = None) -> None:
        on = name not in self.names if force is None else force
        self.add(name) if on else self.remove(name)

    def contains(self, name: str) -> bool:
        return name in self.names


class Style:
    def __init__(self) -> None:
        self.props: dict[str, str] = {}
        self.cssText = ""

    def setProperty(self, name: str, value: str) -> None:
        self.props[name] = value

    def removeProperty(self, name: str) -> None:
        self.props.pop(name, None)


class Element:
    """An element of the :class:`Document` (or a fragment, ``tag`` ``#fragment``)."""

    def __init__(self, document: Document, tag: str) -> None:
        self.document = document
        self.tagName = tag
        self.attributes: dict[str, str] = {}
        self.classList = ClassList()
        self.style = Style()
        self.children: list[Element] = []
        self.parentNode: Element | None = None
        self.text = ""
        self.animations: list[tuple[Any, Any]] = []
        self.played: list[Animation] = []
        self.disabled = False
        self.value = ""
        self.selected = False
        self.clientWidth = 0.0
        self.clientHeight = 0.0
        self.offsetWidth = 0

    # -- attributes -------------------------------------------------------------------

    def setAttribute(self, name: str, value: str) -> None:
        if name == "class":
            self.className = value
        else:
            self.attributes[name] = str(value)

    def getAttribute(self, name: str) -> str | None:
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
    def dataset(self) -> Any:
        return types.SimpleNamespace(
            **{k[5:].replace("-", "_"): v for k, v in self.attributes.items() if k.startswith("data-")}
        )

    @property
    def hidden(self) -> bool:
        return "hidden" in self.attributes

    @hidden.setter
    def hidden(self, value: bool) -> None:
        if value:
            self.attributes["hidden"] = ""
        else:
            self.attributes.pop("hidden", None)

    @property
    def tabIndex(self) -> int:
        return int(self.attributes.get("tabindex", "-1"))

    @tabIndex.setter
    def tabIndex(self, value: int) -> None:
        self.attributes["tabindex"] = str(value)

    # -- the tree ---------------------------------------------------------------------

    @property
    def textContent(self) -> str:
        return self.text + "".join(child.textContent for child in self.children)

    @textContent.setter
    def textContent(self, value: str) -> None:
        for child in list(self.children):
            child.remove()
        self.text = value
        self.document.writes += 1

    def appendChild(self, child: Element) -> Element:
        moved = list(child.children) if child.tagName == "#fragment" else [child]
        for node in moved:
            node.remove()
            node.parentNode = self
            self.children.append(node)
        self.document.writes += 1
        return child

    def before(self, node: Element) -> None:
        assert self.parentNode is not None
        parent = self.parentNode
        node.remove()
        node.parentNode = parent
        parent.children.insert(parent.children.index(self), node)

    def remove(self) -> None:
        if self.parentNode is not None:
            self.parentNode.children.remove(self)
            self.parentNode = None

    @property
    def firstChild(self) -> Element:
        return self.children[0]

    @property
    def lastChild(self) -> Element:
        return self.children[-1]

    def cloneNode(self, deep: bool) -> Element:
        copy = Element(self.document, self.tagName)
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

    def closest(self, selector: str) -> Element | None:
        match = re.fullmatch(r"\[([a-z-]+)\]", selector)
        assert match, selector
        node: Element | None = self
        while node is not None and match.group(1) not in node.attributes:
            node = node.parentNode
        return node

    def find(self, **attributes: str) -> list[Element]:
        """Every element under this one (depth first) with these attributes (``_`` for ``-``)."""
        wanted = {name.replace("_", "-"): value for name, value in attributes.items()}
        found = [self] if all(self.attributes.get(k) == v for k, v in wanted.items()) else []
        for child in self.children:
            found += child.find(**attributes)
        return found

    @property
    def isConnected(self) -> bool:
        return self.document.body.contains(self)

    # -- boxes, focus, animation ------------------------------------------------------

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


class Document:
    def __init__(self) -> None:
        self.writes = 0
        """DOM writes (``appendChild``, ``textContent``): what one change costs."""
        self.body = Element(self, "body")
        self.documentElement = Element(self, "html")
        self.documentElement.appendChild(self.body)
        self.activeElement: Element | None = self.body

    def createElement(self, tag: str) -> Element:
        return Element(self, tag)

    def createDocumentFragment(self) -> Element:
        return Element(self, "#fragment")

    def pile_keys(self) -> list[str]:
        return [node.attributes["data-pile"] for node in self.body.find() if "data-pile" in node.attributes]


class Window:
    """``matchMedia`` (``prefers-reduced-motion``), ``Object.fromEntries`` for ``js_object``."""

    def __init__(self, reduced_motion: bool = False) -> None:
        self.reduced_motion = reduced_motion
        self.Object = types.SimpleNamespace(fromEntries=dict)

    def matchMedia(self, query: str) -> Any:
        assert query == "(prefers-reduced-motion: reduce)"
        return types.SimpleNamespace(matches=self.reduced_motion)


__all__ = ["Animation", "ClassList", "Document", "Element", "Style", "Window"]

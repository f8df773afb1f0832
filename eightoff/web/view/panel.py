"""What every window of the page is built from: :class:`Panel` (a ``<dialog>`` with its
title, its words kept for a language change) and its buttons, which carry ``data-action``
and reach the page through the one click listener (the shell's, :mod:`.app`).

Thin DOM code: it only makes elements (every word as ``textContent``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..dom import Texts, add, el
from ..state import PageState

Words = Callable[[], str]
"""Words made in the language in use at each call (kept to be written again)."""


def button(text: str, action: str, cls: str = "", **attrs: str) -> Any:
    """A button whose click is the action ``action`` (its ``data-action``)."""
    node = el("button", cls, text, type="button", **attrs)
    node.setAttribute("data-action", action)
    return node


def buttons(*nodes: Any) -> Any:
    """A row of buttons."""
    return add(el("div", "buttons"), *nodes)


class Panel:
    """One ``<dialog>`` of the page (``id`` ``ident``), titled by its ``<h2>``; ``body``
    holds the rest. Its words are kept in ``texts``, so a language change rewrites them.

    A window opens focused on its first control, or, with ``heading_first`` (a window
    whose first control comes after its content: the Statistics, the keys), on its
    heading, so that it opens at its top and is read from there (``autofocus``, which
    ``showModal`` honours)."""

    def __init__(
        self, texts: Texts, ident: str, title: Words, cls: str = "panel", heading_first: bool = False
    ) -> None:
        self.texts = texts
        self.dialog = el("dialog", cls, id=ident, aria_labelledby=f"{ident}-title")
        self.body = el("div", "panel-body")
        heading = el("h2", "", id=f"{ident}-title")
        if heading_first:  # focusable by script only, and the first focused
            heading.setAttribute("tabindex", "-1")
            heading.setAttribute("autofocus", "")
        add(self.dialog, add(self.body, texts.text(heading, title)))

    def action(self, words: Words, action: str, cls: str = "", **attrs: str) -> Any:
        """A button of ``action`` labelled ``words()``."""
        return self.texts.text(button("", action, cls, **attrs), words)

    def switch(self, name: str, words: Words, id: str | None = None) -> tuple[Any, Any]:
        """A labelled checkbox of the setting ``name`` (its id ``id``, else ``name``): the
        box, and its label holding it."""
        box = el("input", "", type="checkbox", id=id or name, name=name)
        return box, add(el("label", "choice"), box, self.texts.text(el("span"), words))

    def radio(self, name: str, value: str, words: Words) -> Any:
        """A labelled radio button of the choice ``name``."""
        return add(
            el("label", "choice"),
            el("input", "", type="radio", name=name, value=value),
            self.texts.text(el("span"), words),
        )

    def choices(self, name: str, legend: Words, options: Iterable[tuple[str, Words]], **attrs: str) -> Any:
        """A fieldset of the radio buttons of the choice ``name`` under ``legend``: one per
        ``(value, words)`` of ``options``."""
        fieldset = add(el("fieldset", f"{name}-choice", **attrs), self.texts.text(el("legend"), legend))
        for value, words in options:
            fieldset.appendChild(self.radio(name, value, words))
        return fieldset

    def check(self, name: str, value: str) -> None:
        """The radio button of the choice ``name`` holding ``value`` checked, the others not."""
        for radio in self.dialog.querySelectorAll(f"input[name={name}]"):
            radio.checked = radio.value == value

    def draw(self, window: object, state: PageState) -> None:
        """Write what ``window`` (a :data:`.state.Window`) shows of ``state`` (the fixed
        words are written by ``texts``)."""

    def opened(self, window: object, state: PageState) -> None:
        """Set the window's fields as it opens (the player changes them afterwards)."""


__all__ = ["Panel", "Words", "button", "buttons"]

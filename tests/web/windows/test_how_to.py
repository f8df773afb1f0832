"""The first visit's how-to-play card (eightoff/web/windows/how_to.py, how_to_card.py) under
CPython: that "seen" survives any stored value and a storage that refuses, and the card in a
fake browser. When it shows and goes (the state's :class:`eightoff.web.state.HowTo`, through
the update): tests/web/update/test_commands.py. In the page: tests/browser/test_voice.py."""

from __future__ import annotations

from typing import Any

import pytest

from eightoff.web.facts import HOW_TO_KEY
from eightoff.web.storage.store import MemoryStorage, StorageFull
from eightoff.web.windows.how_to import LINES, Seen
from tests.web.fakes import browser as fakebrowser
from tests.web.fakes.browser import Window
from tests.web.fakes.dom import Document


class Refusing(MemoryStorage):
    """A storage that can be neither read nor written (storage disabled, a full quota)."""

    def get(self, key: str) -> str | None:
        raise OSError("localStorage is not available")

    def set(self, key: str, value: str) -> None:
        raise StorageFull("quota")


@pytest.mark.parametrize("value", ["seen", "", "{", "x" * 10_000, "null", "\u0000"])
def test_any_value_stored_means_seen_and_nothing_of_it_is_read(value: str) -> None:
    storage = MemoryStorage()
    storage.set(HOW_TO_KEY, value)
    assert Seen(storage).seen()


def test_seen_is_remembered_under_its_own_key() -> None:
    storage = MemoryStorage()
    seen = Seen(storage)
    assert not seen.seen()
    seen.remember()
    assert seen.seen() and storage.get(HOW_TO_KEY) == "seen"


def test_a_storage_that_refuses_shows_it_and_raises_nothing() -> None:
    seen = Seen(Refusing())
    assert not seen.seen()
    seen.remember()  # nothing raised: shown again next visit
    assert not seen.seen()


# -- the card in a fake browser ------------------------------------------------------------

MODULES = ("eightoff.web.dom", "eightoff.web.windows.panel", "eightoff.web.windows.how_to_card")


@pytest.fixture
def card(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Document, list[str]]:
    document = Document()
    modules = fakebrowser.install(monkeypatch, Window(), MODULES, document)
    backs: list[str] = []
    texts = modules.dom.Texts()
    made = modules.how_to_card.HowToCard(
        texts, MemoryStorage(), lambda: backs.append("board"), document.body.appendChild
    )
    assert made.build() and not made.build()  # built once, put on the page by its place
    assert document.body.children == [made.node]
    return made, document, backs


def test_the_card_is_built_when_first_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    document = Document()
    modules = fakebrowser.install(monkeypatch, Window(), MODULES, document)
    made = modules.how_to_card.HowToCard(
        modules.dom.Texts(), MemoryStorage(), list, document.body.appendChild
    )
    made.hide()  # nothing built yet: nothing to hide, and no focus moved
    assert made.node is None and not made.shown and document.body.children == []
    made.show(True)
    assert document.body.children == [made.node] and made.shown
    assert document.activeElement is made.heading


def test_the_card_is_a_titled_section_of_lines_and_one_button(card: tuple[Any, Document, list[str]]) -> None:
    made, _document, _backs = card
    node = made.node
    assert (node.tag, node.id, node.attributes["aria-labelledby"]) == ("section", "how-to", "how-to-title")
    assert node.hidden and not made.shown
    assert made.heading.textContent == "How to play" and made.heading.attributes["tabindex"] == "-1"
    assert [li.textContent for li in node.querySelectorAll("li")] == [words() for words in LINES]
    (button,) = node.querySelectorAll("button")
    assert (button.id, button.attributes["data-action"], button.textContent) == (
        "how-to-close",
        "how-to-close",
        "Got it",
    )


def test_the_card_takes_the_focus_only_when_asked_and_gives_it_back(
    card: tuple[Any, Document, list[str]],
) -> None:
    made, document, backs = card
    elsewhere = document.body.appendChild(document.createElement("button"))
    elsewhere.focus()
    made.show(False)
    assert made.shown and document.activeElement is elsewhere
    made.hide()
    assert not made.shown and backs == []  # the focus was not in it: left where it is
    made.show(True)
    assert document.activeElement is made.heading
    made.hide()
    assert backs == ["board"]


def test_the_card_remembers_in_its_storage(card: tuple[Any, Document, list[str]]) -> None:
    made, _document, _backs = card
    assert not made.seen()
    made.remember()
    assert made.seen()

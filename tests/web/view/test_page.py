"""The page's one view (eightoff/web/view/page.py) and the how-to card (view/how_to.py) under
CPython with the fake browser: everything on screen drawn from a state, touching only what
changed: the board with its motion, the words said, the clock, the badges, the coach's
button, the replay bar, the how-to, the language and the address."""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from eightoff import DealCode, Game, Move
from eightoff.web.board.clock import Clock
from eightoff.web.board.focus import Spot
from eightoff.web.board.input_state import InputState, Press
from eightoff.web.board.layout import board_layout
from eightoff.web.board.replay import Replay
from eightoff.web.solver.messages import marks
from eightoff.web.state import Asked, Change, Coach, HowTo, KeysWindow, PageState, Said, WinWindow
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.store import MemoryStorage
from eightoff.web.words.i18n import set_language
from eightoff.winnable import winnable
from tests.engine.helpers import board
from tests.web.fakes import browser as fakebrowser
from tests.web.fakes.browser import Window
from tests.web.fakes.dom import Document

MODULES = ("eightoff.web.dom", "eightoff.web.view.how_to", "eightoff.web.view.page")
CODE = DealCode.parse("EO1-C8-AAAAAFA")


class Browser(Window):
    """A window with an address and its history."""

    def __init__(self) -> None:
        super().__init__()
        self.location = types.SimpleNamespace(search="?deal=EO1-C8-AAAAAFA&seed=1")
        self.history = types.SimpleNamespace(replaceState=self.replace_state)
        self.addresses: list[str] = []

    def replace_state(self, _state: Any, _title: str, query: str) -> None:
        self.addresses.append(query)
        self.location.search = query


class Page:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.window = Browser()
        self.document = Document()
        self.modules = fakebrowser.install(monkeypatch, self.window, MODULES, self.document)
        root = self.document.body.appendChild(self.document.createElement("div"))
        self.view = self.modules.page.PageView(root)
        board = self.view.board.board
        board.clientWidth, board.clientHeight = 1000.0, 700.0
        self.state = PageState(Game.new(CODE))

    def show(self, **changes: Any) -> PageState:
        self.state = replace(self.state, **changes)
        self.view.render(self.state)
        return self.state

    def text(self, ident: str) -> str:
        node = self.document.getElementById(ident)
        assert node is not None, ident
        return str(node.textContent)


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Page:
    set_language("en")
    return Page(monkeypatch)


def test_the_first_render_draws_the_game_and_speaks_the_language(page: Page) -> None:
    page.show()
    html = page.document.documentElement.attributes
    assert (html["lang"], html["dir"], page.document.title) == ("en", "ltr", "Eight Off")
    assert page.view.board.shown["column-1"][-1] == "5S" and page.text("moves") == "0"
    assert page.text("clock") == "00:00" and page.document.getElementById("unsaved").hidden
    assert page.window.addresses == ["?deal=EO1-C8-AAAAAFA"]  # the deal, nothing else of the address
    assert page.document.getElementById("go-back").hidden


def test_the_card_size_chosen_sizes_the_board_again_at_once(page: Page) -> None:
    page.show()
    style = page.view.board.board.style.props
    standard = board_layout(1000.0, 700.0, 8, 6)
    assert (style["--card-w"], style["--font"]) == (f"{standard.card_w:.1f}px", f"{standard.font:.1f}px")
    page.show(settings=Settings(cards="large"))
    large = board_layout(1000.0, 700.0, 8, 6, large=True)
    assert (style["--card-w"], style["--font"]) == (f"{large.card_w:.1f}px", f"{large.font:.1f}px")
    assert large.card_w > standard.card_w and large.font > standard.font
    page.show(settings=Settings())
    assert style["--card-w"] == f"{standard.card_w:.1f}px"


def test_a_move_is_one_render_with_its_glide_and_words(page: Page) -> None:
    page.show()
    game = page.state.game.copy()
    game.play(Move.parse("1e"))
    page.show(game=game, change=Change("glide", None, 1), status=Said("", 2), announce=Said("Moved.", 3))
    assert page.view.board.shown["cell-5"] == ["5S"] and page.text("moves") == "1"
    assert page.view.board.elements.cards["5S"].animations and page.text("announce") == "Moved."
    page.show(announce=Said("Moved.", 4))  # said again: said again
    assert page.text("announce") == "Moved.\u00a0"
    writes = page.document.writes
    page.show(status=Said("", 2))  # the same words, not said anew: nothing written
    assert page.document.writes == writes


def test_a_refusal_shakes_once_and_a_later_redraw_glides(page: Page) -> None:
    page.show()
    page.show(change=Change("glide", "KH", 1), status=Said("No.", 2))
    king = page.view.board.elements.cards["KH"]
    assert len(king.animations) == 1 and page.text("status") == "No."
    page.show(hints=replace(page.state.hints, shown=marks(page.state.game.position, Move.parse("1e"))))
    assert len(king.animations) == 1  # the same change: no second shake
    assert page.view.board.elements.cards["5S"].classList.contains("hint")
    assert page.view.board.elements.piles["cell-5"].classList.contains("hint-target")


def test_a_hints_first_step_marks_its_card_alone(page: Page) -> None:
    page.show()
    shown = marks(page.state.game.position, Move.parse("1e"))
    page.show(hints=replace(page.state.hints, shown=shown, step="card"))
    elements = page.view.board.elements

    def targets() -> list[str]:
        return [key for key, pile in elements.piles.items() if pile.classList.contains("hint-target")]

    assert elements.cards["5S"].classList.contains("hint") and targets() == []
    page.show(hints=replace(page.state.hints, shown=shown, step="move"))  # the second H: its target too
    assert elements.cards["5S"].classList.contains("hint") and targets() == ["cell-5"]


def test_carried_cards_follow_the_pointer(page: Page) -> None:
    page.show()
    game = page.state.game
    press = Press(1, "column-1", 5, "5S", 0, 0, 0, dragging=True, dx=30, dy=-12)
    ui = replace(InputState().pick(game, "column-1", 5, "5S"), press=press)
    page.show(input=ui)
    assert page.view.board.piles["column-1"].style.props["--drag"] == "30px -12px"
    page.show(input=replace(ui, press=replace(press, dx=40)))
    assert page.view.board.piles["column-1"].style.props["--drag"] == "40px -12px"


def test_the_focus_goes_to_a_pile_a_key_named(page: Page) -> None:
    page.show()
    page.show(focus=Spot("cell-3"))
    assert page.document.activeElement is not page.view.board.piles["cell-3"]  # the board had no focus
    assert page.view.board.piles["cell-3"].tabIndex == 0
    page.show(focus=Spot("cell-4"), focus_taken=1)
    assert page.document.activeElement is page.view.board.piles["cell-4"]


def test_the_clock_badges_link_and_offer_are_the_states(page: Page) -> None:
    page.show()
    page.show(clock=Clock(banked=61_500, shown=61_500))
    assert page.text("clock") == "01:01"
    page.show(unsaved="storage-full", share="https://example.org/?deal=EO1-C8-AAAAAFA")
    assert not page.document.getElementById("unsaved").hidden
    assert page.document.getElementById("share-url").value.endswith("AAAAAFA")
    assert page.document.activeElement is page.document.getElementById("share-url")
    offer = Coach(offered=(Asked(1, page.state.game), 3))
    page.show(coach=offer, share=None)
    assert not page.document.getElementById("go-back").hidden and page.document.getElementById("share").hidden
    page.show(coach=Coach(), settings=Settings(deck="two", clock=False, theme="dark"))
    assert page.document.getElementById("go-back").hidden
    assert page.document.getElementById("clock-stat").hidden
    assert page.document.documentElement.attributes["data-theme"] == "dark"


def test_a_replay_shows_its_bar_and_its_address_when_it_stops(page: Page) -> None:
    page.show()
    replay = Replay(CODE, (Move.parse("1e"), Move.parse("ef"))).go(1)
    page.show(replay=replay)
    bar = page.document.getElementById("replay")
    assert bar is not None and not bar.hidden and page.text("replay-step") == "Move 1 of 2"
    level = page.document.getElementById("replay-level")
    assert level.hidden and page.text("replay-level") == ""  # EO1-C8-AAAAAFA has no certified level
    assert page.window.addresses[-1] == "?deal=EO1-C8-AAAAAFA&moves=1eef&replay=1"
    assert page.view.board.board.classList.contains("replaying")
    page.show(replay=replace(replay.forward(), playing=True))
    assert page.window.addresses[-1].endswith("&replay=1")  # playing: not written
    page.show(replay=None)
    assert bar.hidden and page.window.addresses[-1] == "?deal=EO1-C8-AAAAAFA"


def test_a_replay_of_a_deal_of_a_level_says_its_level(page: Page) -> None:
    page.show()
    code = winnable(4, lambda n: 3, level="medium")
    page.show(replay=Replay(code, ()))
    level = page.document.getElementById("replay-level")
    assert not level.hidden and page.text("replay-level") == "Level: Medium"


def test_the_address_keeps_its_language_while_it_is_spoken(page: Page) -> None:
    page.show(address_lang="nl-BE")
    assert page.window.addresses == ["?deal=EO1-C8-AAAAAFA&lang=nl-BE"]
    page.show(address_lang="nl-BE")  # already there: not written again
    assert page.window.addresses == ["?deal=EO1-C8-AAAAAFA&lang=nl-BE"]
    replay = Replay(CODE, (Move.parse("1e"),))  # a replay's address keeps it too (review N10)
    page.show(replay=replay)
    assert page.window.addresses[-1] == "?deal=EO1-C8-AAAAAFA&moves=1e&replay=0&lang=nl-BE"


def test_a_language_switch_rewrites_every_word(page: Page, speak: Callable[[str], None]) -> None:
    page.show(status=Said("Something", 1))
    speak("nl")  # the shell follows the state's language before the render
    page.show(language="nl", status=Said("", 2))
    html = page.document.documentElement.attributes
    assert html["lang"] == "nl" and page.document.title == "Eight Off"
    links = [node for node in page.view.board.root.find() if "data-page" in node.attributes]
    assert links[0].attributes["href"] == "nl/rules.html" and page.text("status") == ""
    assert (
        page.view.board.elements.cards["5S"].attributes["aria-label"] == "schoppen 5, kan worden verplaatst"
    )
    speak("he")
    page.show(language="he")
    assert html["dir"] == "rtl"


def test_the_how_to_shows_takes_the_focus_when_asked_and_gives_it_back(page: Page) -> None:
    page.show(how_to=HowTo(shown=True))
    card = page.document.getElementById("how-to")
    assert card is not None and not card.hidden
    assert page.document.activeElement is not page.view.how_to.heading  # never by itself
    page.show(how_to=HowTo(shown=True, focus=1), windows=(KeysWindow(),))
    page.show(how_to=HowTo(shown=True, focus=2))  # from the keys' window: focused, no focus back
    assert page.document.activeElement is page.view.how_to.heading
    page.show(how_to=HowTo(seen=True))  # gone while it held the focus: the board has it
    assert card.hidden and page.document.activeElement is page.view.board.roving


def test_the_how_to_card_is_a_titled_section_of_lines_and_one_button(page: Page) -> None:
    assert page.view.build_next()  # the windows, the replay bar and the card, one a call
    while page.view.build_next():
        pass
    card = page.view.how_to
    node = card.node
    assert (node.tag, node.id, node.attributes["aria-labelledby"]) == ("section", "how-to", "how-to-title")
    assert node.hidden and card.heading.textContent == "How to play"
    lines = page.modules.how_to.LINES
    assert [li.textContent for li in node.querySelectorAll("li")] == [words() for words in lines]
    (button,) = node.querySelectorAll("button")
    assert (button.id, button.attributes["data-action"], button.textContent) == (
        "how-to-close",
        "how-to-close",
        "Got it",
    )


class Refusing(MemoryStorage):
    """A storage that throws at every call (a browser's storage disabled, a full quota)."""

    def get(self, key: str) -> str | None:
        raise OSError("no")

    def set(self, key: str, value: str) -> None:
        raise OSError("no")


@pytest.mark.parametrize("value", ["seen", "", "{", "x" * 10_000, "null", "\u0000"])
def test_any_value_stored_means_seen_and_nothing_of_it_is_read(page: Page, value: str) -> None:
    storage = MemoryStorage()
    storage.set("eightoff:how-to", value)
    assert page.modules.how_to.seen(storage)


def test_seen_is_remembered_under_its_own_key_and_a_refusing_storage_raises_nothing(page: Page) -> None:
    how_to, storage = page.modules.how_to, MemoryStorage()
    assert not how_to.seen(storage)
    how_to.remember(storage)
    assert storage.items == {"eightoff:how-to": "seen"} and how_to.seen(storage)
    how_to.remember(Refusing())
    assert not how_to.seen(Refusing())


@pytest.mark.parametrize("reduced", [False, True], ids=["cards move", "motion off"])
def test_the_win_message_waits_for_the_celebration_in_front(page: Page, reduced: bool) -> None:
    """Issue 36 item 9: the winning move's wheel of cards plays first, the win message shows
    once no card flies (a press or a key ends the flights at once); with no motion, at once."""
    page.show(settings=Settings(motion="off" if reduced else "on"))
    game = Game(CODE, board("KS", found="S-Q H-K D-K C-K"), 640, 51)
    page.show(game=game)
    won = game.copy()
    won.play(Move.parse("1S"))
    page.show(game=won, change=Change("win", None, 1), windows=(WinWindow(650, 52, time=61_000, streak=2),))
    dialog = page.document.getElementById("win")
    assert dialog is not None and page.text("win-text") == "Score 650 in 52 moves."
    if reduced:
        assert dialog.open and not page.view.board.flights.flying()
        return
    assert not dialog.open and page.view.board.flights.flying()  # 52 cards on the wheel, in front
    page.show(clock=replace(page.state.clock, shown=1000))  # another render meanwhile: still held
    assert page.state.windows and not dialog.open
    assert page.window.run_frame() == 1 and not dialog.open  # still flying: it looks again
    page.view.board.flights.settle()  # a press or a key: every flight ends
    assert page.window.run_frame() == 1 and dialog.open
    assert page.window.run_frame() == 0  # it stops looking

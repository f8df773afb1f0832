"""The board drawn, under CPython with a fake document (tests/web/fakes/dom.py):
eightoff/web/view/build.py builds the page once, BoardView.show (board.py, cards.py, bar.py)
brings it to a model touching only what differs, and plays the motion the model planned.
The real page runs the same code in tests/browser (test_play, test_board, test_touch…)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from eightoff import DealCode, Game, Move, Position
from eightoff.web.board.focus import Spot
from eightoff.web.board.input_state import InputState
from eightoff.web.board.model import (
    DEAL_FLIGHT_MS,
    GLIDE_MS,
    PLANNERS,
    WIN_FLIGHT_MS,
    BoardModel,
    Flight,
    Plan,
    game_model,
    moved,
    replay_model,
)
from eightoff.web.board.replay import Replay
from eightoff.web.solver.messages import marks
from eightoff.web.storage.settings import Settings
from tests.engine.test_game import FINISHABLE
from tests.web.fakes import browser as fakebrowser
from tests.web.fakes.browser import Window
from tests.web.fakes.dom import Document, Element

CODE = DealCode.parse("EO1-C8-AAAAAFA")
MODULES = (
    "eightoff.web.dom",
    "eightoff.web.view.build",
    "eightoff.web.view.bar",
    "eightoff.web.view.cards",
    "eightoff.web.view.flights",
    "eightoff.web.view.board",
)
TOP = Spot("column-1")

Made = tuple[Any, Document, Element]


@pytest.fixture
def make(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Made]:
    """``make(reduced_motion=False)``: a BoardView on a fake document's ``#app``, its board
    1000 by 700 pixels."""

    def build(reduced_motion: bool = False) -> Made:
        document = Document()
        modules = fakebrowser.install(monkeypatch, Window(reduced_motion), MODULES, document)
        root = document.createElement("div")
        document.body.appendChild(root)
        view = modules.board.BoardView(root)
        view.board.clientWidth, view.board.clientHeight = 1000.0, 700.0
        return view, document, root

    return build


def model_of(game: Game, view: Any, ui: InputState | None = None, hint: Any = None) -> BoardModel:
    """The model of ``game``, its focus where the view has it (the top of column 1 first)."""
    return game_model(game, ui or InputState(), hint, view.model.focus if view.model else TOP)


def cards_of(pile: Element) -> list[str]:
    return [child.attributes["data-card"] for child in pile.children if "data-card" in child.attributes]


def test_the_page_is_built_once_with_every_named_element(make: Callable[..., Made]) -> None:
    view, _document, root = make()
    ids = {node.attributes.get("id") for node in root.find()} - {None}
    assert ids >= {"score", "moves", "deal-code", "unsaved", "undo", "redo", "hint", "new-game", "copy-link"}
    assert ids >= {"settings", "stats-button", "share-button", "board", "share", "share-url", "status"}
    assert ids >= {"announce", "board-keys"}
    assert len(view.elements.cards) == 52
    ten = view.elements.cards["TH"]
    assert (ten.attributes["data-card"], ten.attributes["data-suit"], ten.attributes["role"]) == (
        "TH",
        "H",
        "button",
    )
    assert ten.children[0].children[0].textContent == "10" and ten.children[1].textContent == "\u2665\ufe0e"
    assert [node.attributes["data-page"] for node in root.find() if "data-page" in node.attributes] == [
        "rules",
        "examples",
        "faq",
    ]
    assert root.attributes["data-deck"] == "four"
    # named by the label seen (voice control's "click Hint"), described by the title
    (hint,) = root.find(id="hint")
    assert hint.attributes["aria-label"] == "Hint"
    assert hint.attributes["title"] == "Show a move of a winning line (H)"
    # the figures: a term and its value each, no live region
    assert (view.elements.score.tagName, view.elements.moves.tagName) == ("DD", "DD")
    assert "aria-live" not in view.elements.score.attributes
    assert sorted(view.piles) == sorted(
        [f"column-{n}" for n in range(1, 9)] + [f"foundation-{s}" for s in "SHDC"]
    )


def test_the_first_show_draws_the_whole_game_still(make: Callable[..., Made]) -> None:
    view, _document, _root = make()
    game = Game.new(CODE)
    view.show(model_of(game, view), "still")
    assert cards_of(view.piles["column-1"]) == ["3S", "AD", "8H", "KH", "6S", "5S"]
    assert cards_of(view.piles["cell-1"]) == ["QS"] and cards_of(view.piles["cell-8"]) == []
    assert view.board.attributes["data-cells"] == "8" and view.cells == 8
    assert view.elements.cards["5S"].style.props["--i"] == "5"
    assert view.elements.cards["5S"].attributes["aria-label"] == "5 of spades, can move"
    assert view.piles["cell-5"].attributes["aria-label"] == "Cell 5, empty"
    assert view.board.style.props["--card-w"].endswith("px") and view.piles["column-1"].style.props["--fan"]
    assert (view.elements.score.textContent, view.elements.moves.textContent) == ("0", "0")
    assert view.elements.code.textContent == "EO1-C8-AAAAAFA"
    assert view.elements.undo.disabled and view.elements.redo.disabled
    assert view.elements.cards["5S"].tabIndex == 0 and view.model.focus == Spot("column-1", 5)
    assert not any(card.animations for card in view.elements.cards.values())


def test_a_move_touches_only_what_changed_and_glides_its_card(make: Callable[..., Made]) -> None:
    view, document, _root = make()
    game = Game.new(CODE)
    view.show(model_of(game, view), "still")
    game.play(Move.parse("1e"))
    writes = document.writes
    view.show(model_of(game, view))
    assert document.writes - writes == 2  # the card into its cell, the move count (the score stays 0)
    assert cards_of(view.piles["cell-5"]) == ["5S"] and cards_of(view.piles["column-1"])[-1] == "6S"
    ((frames, timing),) = view.elements.cards["5S"].animations
    assert frames[0]["transform"] == "translate(400.0px, 100.0px)" and frames[1]["transform"] == "none"
    assert frames[0]["pointerEvents"] == "none" and timing == {
        "duration": 160,
        "delay": 0,
        "easing": "ease-out",
    }
    assert view.elements.moves.textContent == "1" and not view.elements.undo.disabled
    assert view.model.focus == Spot("column-1", 4) and view.elements.cards["6S"].tabIndex == 0
    assert view.elements.cards["5S"].tabIndex == -1
    writes = document.writes
    view.show(model_of(game, view))
    assert document.writes == writes  # the same model: nothing written


def test_with_reduced_motion_nothing_flies_and_a_refusal_flashes(make: Callable[..., Made]) -> None:
    view, _document, _root = make(reduced_motion=True)
    game = Game.new(CODE)
    view.show(model_of(game, view), "still")
    game.play(Move.parse("1e"))
    view.show(model_of(game, view))
    assert view.elements.cards["5S"].animations == []
    view.show(model_of(game, view), refused="KH")
    ((frames, timing),) = view.elements.cards["KH"].animations
    assert frames == [{"outlineColor": "#d22"}, {"outlineColor": "transparent"}] and timing["duration"] == 220
    assert view.elements.cards["KH"].classList.contains("refused")


def test_a_refusal_shakes(make: Callable[..., Made]) -> None:
    view, _document, _root = make()
    game = Game.new(CODE)
    view.show(model_of(game, view), "still", refused="KH")
    ((frames, _timing),) = view.elements.cards["KH"].animations
    assert [frame["transform"] for frame in frames] == [
        f"translateX({x})" for x in ("0", "-4px", "4px", "-2px", "0")
    ]


def test_carried_cards_are_lifted_dragged_and_fly_back_when_put_down(make: Callable[..., Made]) -> None:
    view, _document, _root = make()
    game, ui = Game.new(CODE), InputState()
    view.show(model_of(game, view), "still")
    assert view.carried_centre(0, 0, touch=False) is None
    view.drag(5, 5)  # nothing carried: nothing moves
    assert "--drag" not in view.piles["column-1"].style.props
    ui = ui.pick(game, "column-1", 5, "5S")
    view.show(model_of(game, view, ui))
    five = view.elements.cards["5S"]
    assert five.classList.contains("lifted") and view.carried_centre(0, 0, touch=False) == (840.0, 160.0)
    # held: a pressed button, and its name says so; the piles it may go to say so too
    assert (five.attributes["aria-pressed"], five.attributes["aria-label"]) == ("true", "5 of spades, held")
    assert view.piles["cell-5"].attributes["aria-label"] == "Cell 5, empty; can take the card"
    assert "aria-pressed" not in view.elements.cards["6S"].attributes
    assert [key for key in view.piles if view.piles[key].classList.contains("target")] == [
        f"cell-{n}" for n in range(5, 9)
    ]
    view.drag(30, -12.4)
    assert view.piles["column-1"].style.props["--drag"] == "30px -12px"
    ui, _put = ui.put_back()
    view.show(model_of(game, view, ui))
    assert not five.classList.contains("lifted") and "--drag" not in view.piles["column-1"].style.props
    assert not any(view.piles[key].classList.contains("target") for key in view.piles)
    assert "aria-pressed" not in five.attributes and five.attributes["aria-label"] == "5 of spades, can move"
    assert view.piles["cell-5"].attributes["aria-label"] == "Cell 5, empty"
    ((frames, _timing),) = five.animations
    assert frames[0]["transform"] == "translate(30.0px, -12.0px)"


def test_a_hint_marks_and_unmarks(make: Callable[..., Made]) -> None:
    view, _document, _root = make()
    game = Game.new(CODE)
    view.show(model_of(game, view, hint=marks(game.position, Move.parse("1e"))), "still")
    assert view.elements.cards["5S"].classList.contains("hint")
    assert view.piles["cell-5"].classList.contains("hint-target")
    view.show(model_of(game, view))
    assert not view.elements.cards["5S"].classList.contains("hint")
    assert not view.piles["cell-5"].classList.contains("hint-target")


def test_a_replay_is_marked_and_fewer_cells_remove_theirs(make: Callable[..., Made]) -> None:
    view, _document, _root = make()
    view.show(model_of(Game.new(CODE), view), "still")
    small = Replay(DealCode.parse("EO1-C4-AAAAAFA"), ())
    view.show(replay_model(small, TOP), "still")
    assert view.board.classList.contains("replaying") and view.board.attributes["data-cells"] == "4"
    assert sorted(key for key in view.piles if key.startswith("cell-")) == [f"cell-{n}" for n in range(1, 5)]
    view.show(model_of(Game.new(CODE), view), "still")
    assert not view.board.classList.contains("replaying")
    assert view.piles["cell-8"].attributes["aria-label"] == "Cell 8, empty"  # a new element, named again


def test_a_foundations_covered_cards_are_hidden_from_screen_readers(make: Callable[..., Made]) -> None:
    view, _document, _root = make()
    model = model_of(Game.new(CODE), view)
    view.show(model, "still")
    home = tuple((key, tuple(c for c in cards if c not in ("AS", "2S"))) for key, cards in model.piles)
    home = tuple((key, ("AS", "2S") if key == "foundation-S" else cards) for key, cards in home)
    view.show(replace(model, piles=home))
    assert cards_of(view.piles["foundation-S"]) == ["AS", "2S"]
    assert view.elements.cards["AS"].attributes["aria-hidden"] == "true"
    assert "aria-hidden" not in view.elements.cards["2S"].attributes
    view.show(model)
    assert "aria-hidden" not in view.elements.cards["AS"].attributes


def test_the_keyboard_focus_moves_and_follows(make: Callable[..., Made]) -> None:
    """The model's spot holds the one tab stop; the focus goes there when the board had it
    or when it is taken (a key named the pile)."""
    view, document, _root = make()
    game = Game.new(CODE)
    view.show(model_of(game, view), "still")
    assert not view.has_focus()  # the focus is elsewhere (the fake document's body)
    view.show(game_model(game, InputState(), None, Spot("column-2", 5)), take=True)
    assert document.activeElement is view.elements.cards["5H"] and view.elements.cards["5H"].tabIndex == 0
    assert view.elements.cards["5S"].tabIndex == -1
    view.show(model_of(game, view))  # the board had the focus: it keeps it
    assert document.activeElement is view.elements.cards["5H"]
    view.show(game_model(game, InputState(), None, Spot("cell-3")))
    assert document.activeElement is view.piles["cell-3"]
    assert view.spot_of(view.elements.cards["KH"]) == Spot("column-1", 3)
    assert view.spot_of(view.elements.cards["QS"]) == Spot("cell-1")
    assert view.spot_of(view.elements.status) is None and view.spot_of(None) is None
    assert view.index_of("column-1", "ZZ") is None
    # the fake lays a column's cards 20 px apart, the top one 120 high: a strip of 20 px
    # reaches 12 px further each way, the top card none
    assert view.near("column-1", 3, 75) == ((4, "6S"),)
    assert view.near("column-1", 3, 62) == ((2, "8H"),)
    assert view.near("column-1", 3, 70) == ((2, "8H"), (4, "6S"))  # as near: the lower index first
    assert view.near("column-1", 4, 95) == () and view.near("column-1", 0, 5) == ()
    assert view.near("cell-1", 0, 5) == ()


def test_the_bar_says_announces_and_offers_the_link(make: Callable[..., Made]) -> None:
    view, document, _root = make()
    parts, bar = view.elements, view.bar
    bar.say("Hello")
    assert parts.status.textContent == "Hello" and parts.status.classList.contains("show")
    bar.announce("Hello")
    assert parts.announcer.textContent == "Hello"
    bar.announce("Hello")
    assert parts.announcer.textContent == "Hello\u00a0"  # a repeat is said again
    bar.say("")
    assert parts.status.textContent == "" and not parts.status.classList.contains("show")
    bar.saving(False)
    assert not parts.unsaved.hidden
    bar.saving(True)
    assert parts.unsaved.hidden
    bar.offer_link("https://x/?deal=1")
    assert (
        not parts.share.hidden and parts.share_url.value == "https://x/?deal=1" and parts.share_url.selected
    )
    assert document.activeElement is parts.share_url
    bar.offer_link(None)
    assert parts.share.hidden
    bar.apply_settings(Settings(deck="two", theme="dark"))
    assert view.root.attributes["data-deck"] == "two"
    assert document.documentElement.attributes["data-theme"] == "dark"
    bar.apply_settings(Settings(motion="off"))
    assert "data-theme" not in document.documentElement.attributes
    bar.link_pages("nl")
    links = [node for node in view.root.find() if "data-page" in node.attributes]
    assert [(a.attributes["href"], a.attributes["hreflang"]) for a in links] == [
        ("nl/rules.html", "nl"),
        ("nl/examples.html", "nl"),
        ("nl/faq.html", "nl"),
    ]


def test_a_board_not_laid_out_yet_is_not_sized(make: Callable[..., Made]) -> None:
    view, _document, _root = make()
    view.board.clientWidth = 0.0
    view.show(model_of(Game.new(CODE), view), "still")
    assert "--card-w" not in view.board.style.props and view.layout is None
    view.fit_columns()
    assert "--fan" not in view.piles["column-1"].style.props


def test_the_board_keeps_the_side_the_stylesheet_asks_and_tells_the_page_its_places(
    make: Callable[..., Made], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The room --side asks beside the columns is kept (the bar's buttons of a phone on its
    side stand there); #app gets where the board starts, that felt, and the part of the
    first top row a deal leaves empty (the how-to's place); without styles to read, none."""
    view, _document, root = make()
    view.board.clientWidth, view.board.clientHeight = 640.0, 310.0
    view.board.offsetTop = 50.0
    view.show(model_of(Game.new(CODE), view), "still")
    assert view.layout is not None and view.layout.side == 0.0
    asked = {"--side": " 200px"}

    class Computed:
        def __init__(self, node: Element) -> None:
            assert node is root

        def getPropertyValue(self, name: str) -> str:
            return asked.get(name, "")

    window = sys.modules[type(view).__module__].window  # the fake window the view was given
    monkeypatch.setattr(window, "getComputedStyle", Computed, raising=False)
    view.fit()
    layout = view.layout
    assert layout is not None and layout.side == 200.0 and layout.side_w >= 200.0
    props = root.style.props
    assert props["--board-top"] == "50.0px" and props["--side-w"] == f"{layout.side_w:.1f}px"
    assert [props[f"--free-{name}"] for name in "xywh"] == [f"{value:.1f}px" for value in layout.free_top]
    assert root.attributes["data-rows"] == str(layout.rows)
    asked["--side"] = "none"  # not a length: no room asked
    view.fit()
    assert view.layout is not None and view.layout.side == 0.0


def test_a_later_transition_plugs_in_as_one_planner(
    make: Callable[..., Made], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21's deal cascade, Finish or win: one more entry of PLANNERS, whose flights
    carry their delays; the view plays them through the same show."""
    view, _document, _root = make()
    old = model_of(Game.new(CODE), view)
    view.show(old, "still")

    def cascade(before: BoardModel, after: BoardModel) -> tuple[Flight, ...]:
        return tuple(
            Flight(card, delay_ms=30 * n, duration_ms=200) for n, card in enumerate(moved(before, after))
        )

    monkeypatch.setitem(PLANNERS, "cascade", cascade)
    game = Game.new(CODE)
    game.play(Move.parse("1e"))
    game.play(Move.parse("2f"))
    view.show(model_of(game, view), "cascade")
    timings = [view.elements.cards[card].animations[0][1] for card in ("5S", "5H")]
    assert timings == [
        {"duration": 200, "delay": 0, "easing": "ease-out"},
        {"duration": 200, "delay": 30, "easing": "ease-out"},
    ]


def test_a_deal_flies_every_card_in_from_the_deck_at_the_foot_of_the_board(
    make: Callable[..., Made],
) -> None:
    """Its place at its turn: faded in from the deck, held there until its delay (``fill``)."""
    view, document, _root = make()
    old = model_of(Game.new(CODE), view)
    view.show(old, "still")
    new = model_of(Game.new(DealCode.parse("EO1-C8-AAAAAFB")), view)
    view.show(new, "deal")
    flights = {flight.card: flight for flight in PLANNERS["deal"](old, new)}
    assert len(flights) == 52
    for card, node in view.elements.cards.items():
        ((frames, timing),) = node.animations
        assert timing == {
            "duration": DEAL_FLIGHT_MS,
            "delay": flights[card].delay_ms,
            "easing": "ease-out",
            "fill": "backwards",
        }
        assert [frame.get("opacity") for frame in frames] == [0, 1, 1] and frames[-1]["transform"] == "none"
    # The board's box (the fake's) is 80 by 120 at (0, 0), like a card: the deck's card,
    # at its foot, is drawn at (0, 0).
    rect = view.elements.cards["5S"].getBoundingClientRect()
    start = view.elements.cards["5S"].animations[0][0][0]["transform"]
    assert (rect.left, rect.top) == (1200.0, 60.0)  # column 5, the fourth card
    assert start == "translate(-1200.0px, -60.0px) scale(0.6)"
    assert len(view.board.getAnimations({"subtree": True})) == 52
    view.flights.settle()  # input came: every flight at its end
    assert view.board.getAnimations({"subtree": True}) == []
    assert document.body.contains(view.elements.cards["5S"])


def test_a_win_sends_every_card_round_a_wheel_and_home(make: Callable[..., Made]) -> None:
    view, _document, _root = make()
    game = Game(DealCode.parse("EO1-C8-XDJVQE7"), Position.from_fcs(FINISHABLE, cells=8))
    line = game.finish()
    assert line is not None
    for move in line[:-1]:
        game.play(move)
    view.show(model_of(game, view), "still")
    game.play(line[-1])
    view.show(model_of(game, view), "win")
    king = view.elements.cards["KS"]  # the first to leap, at the top of the wheel
    (*_glide, (frames, timing)) = king.animations
    assert timing == {"duration": WIN_FLIGHT_MS, "delay": GLIDE_MS, "easing": "ease-in-out"}
    out = "translate(-1900.0px, -268.8px) rotate(0.0deg)"  # middle (40, 60), radius 0.36 × 80
    assert [(f["transform"], f.get("offset")) for f in frames] == [
        ("none", None),
        (out, 0.4),
        (out, 0.6),
        ("none", None),
    ]
    queen = view.elements.cards["QH"].animations[-1][0][1]["transform"]  # 5/52 of a turn round
    assert queen.endswith("rotate(34.6deg)")
    assert sum(len(node.animations) for node in view.elements.cards.values()) == 53  # one glide, 52 leaps


def test_a_glide_needs_a_card_drawn_elsewhere_before(make: Callable[..., Made]) -> None:
    """Not on the page yet (no place to start from), or drawn where it lands: no glide."""
    view, _document, _root = make()
    glide = Plan((Flight("5S"),))
    assert view.flights.where(glide) == {}  # before the first show no card is on the page
    view.show(model_of(Game.new(CODE), view), "still")
    rect = view.elements.cards["5S"].getBoundingClientRect()
    view.flights.fly(glide, {})
    view.flights.fly(glide, {"5S": (rect.left + 0.5, rect.top)})
    assert view.elements.cards["5S"].animations == []


@pytest.mark.parametrize(("motion", "reduced", "flies"), [("off", False, False), ("on", True, True)])
def test_the_motion_setting_decides_over_the_device(
    make: Callable[..., Made], motion: str, reduced: bool, flies: bool
) -> None:
    view, _document, _root = make(reduced_motion=reduced)
    view.flights.chosen = Settings(motion=motion)
    view.show(model_of(Game.new(CODE), view), "still")
    view.show(model_of(Game.new(DealCode.parse("EO1-C8-AAAAAFB")), view), "deal")
    assert any(node.animations for node in view.elements.cards.values()) is flies


@pytest.mark.parametrize(("pace", "duration"), [("fast", 80), ("normal", 160), ("slow", 280)])
def test_a_glide_takes_the_pace_chosen(make: Callable[..., Made], pace: str, duration: int) -> None:
    view, _document, _root = make()
    view.flights.chosen = Settings(motion="on", pace=pace)
    game = Game.new(CODE)
    view.show(model_of(game, view), "still")
    game.play(Move.parse("1h"))  # the 5 of spades to cell 8: the fake draws it elsewhere
    view.show(model_of(game, view), "glide")
    timings = [timing for _frames, timing in view.elements.cards["5S"].animations]
    assert [(t["duration"], t["delay"]) for t in timings] == [(duration, 0)]


@pytest.mark.parametrize(
    ("motion", "touch", "lift"), [("auto", True, True), ("auto", False, False), ("off", True, False)]
)
def test_a_finger_carries_its_cards_a_card_above_it(
    make: Callable[..., Made], motion: str, touch: bool, lift: bool
) -> None:
    view, _document, _root = make()
    view.flights.chosen = Settings(motion=motion)
    game, ui = Game.new(CODE), InputState()
    view.show(model_of(game, view), "still")
    ui = ui.pick(game, "column-1", 5, "5S")
    view.show(model_of(game, view, ui))
    assert view.layout is not None
    assert view.carried_centre(0, 0, touch=False) == (840.0, 160.0)  # its place, read before any drag
    view.drag(10, 200, touch)
    up = view.layout.card_h if lift else 0.0
    assert view.piles["column-1"].style.props["--drag"] == f"10px {round(200 - up)}px"
    assert view.lift(touch) == up and view.carried_centre(10, 200, touch) == (850.0, 360.0 - up)
    view.elements.cards["5S"].getBoundingClientRect()  # drawn dragged: its place is the one read before
    view.rest = None
    assert view.carried_centre(10, 200, touch) == (850.0, 360.0 - up)  # read again while dragged: the same


def test_the_finish_button_shows_exactly_when_the_model_offers_it(make: Callable[..., Made]) -> None:
    view, _document, _root = make()
    button = view.elements.finish
    assert button.attributes["data-action"] == "finish" and button.hidden
    model = model_of(Game.new(CODE), view)
    view.show(replace(model, can_finish=True), "still")
    assert not button.hidden
    view.show(model, "still")
    assert button.hidden

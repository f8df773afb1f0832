"""The table's decisions under CPython (eightoff/web/board/table.py), with a fake view that
records what it is asked to show: each change of the game is one model shown with its
motion, then one save; the words said; a hint, a replay, a new deal, another tab's game.
The page's own View runs the same calls in tests/browser."""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import pytest

from eightoff import DealCode, Game, Move, Position
from eightoff.game import UNDO_LIMIT
from eightoff.web.board import deals
from eightoff.web.board.focus import Spot
from eightoff.web.board.input_state import InputState
from eightoff.web.board.model import BoardModel, Motion
from eightoff.web.board.replay import Replay
from eightoff.web.solver.messages import marks
from eightoff.web.storage.daily import daily_code, iso, today
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.store import MemoryStorage, Store
from tests.engine.test_game import FINISHABLE
from tests.web.fakes import browser as fakebrowser

CODE = DealCode.parse("EO1-C8-AAAAAFA")


class FakeView:
    """The table's :class:`Screen`: what it shows and says, in order."""

    def __init__(self) -> None:
        self.spot = Spot("column-1")
        self.shown: list[tuple[BoardModel, Motion, str | None]] = []
        self.said: list[str] = []
        self.announced: list[str] = []
        self.saved: list[bool] = []
        self.dressed: list[tuple[str, str, str, bool]] = []

    def show(self, model: BoardModel, motion: Motion = "glide", refused: str | None = None) -> None:
        self.shown.append((model, motion, refused))
        self.spot = model.focus

    def say(self, text: str) -> None:
        self.said.append(text)

    def announce(self, text: str) -> None:
        self.announced.append(text)

    def saving(self, works: bool) -> None:
        self.saved.append(works)

    def apply_settings(self, settings: Settings) -> None:
        self.dressed.append((settings.deck, settings.theme, settings.motion, settings.clock))

    @property
    def model(self) -> BoardModel:
        return self.shown[-1][0]


class History:
    def __init__(self, location: Any) -> None:
        self.location = location
        self.written: list[str] = []

    def replaceState(self, _state: Any, _title: str, query: str) -> None:
        self.written.append(query)
        self.location.search = query


class Window:
    def __init__(self, search: str = "") -> None:
        self.location = types.SimpleNamespace(search=search)
        self.history = History(self.location)


Made = tuple[Any, FakeView, Window, Store]


@pytest.fixture
def make(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Made]:
    """``make(game=…, search=…)``: a Table over a fake view, a fresh store and a fake
    window (the table module imported over the fake browser)."""

    def build(game: Game | None = None, search: str = "", storage: MemoryStorage | None = None) -> Made:
        window = Window(search)
        module = fakebrowser.install(monkeypatch, window, ["eightoff.web.board.table"]).table
        view, store = FakeView(), Store(storage or MemoryStorage(), tab_id="a")
        table = module.Table(view, InputState(), store, game or Game.new(CODE), Settings())
        return table, view, window, store

    return build


def test_show_draws_the_game_still_dresses_it_and_writes_the_address(make: Callable[..., Made]) -> None:
    table, view, window, _store = make(search="?lang=nl&seed=3")
    table.show()
    assert [(motion, refused) for _, motion, refused in view.shown] == [("still", None)]
    assert view.model.code == "EO1-C8-AAAAAFA" and not view.model.replaying
    assert view.dressed == [("four", "auto", "auto", True)]
    assert window.history.written == ["?deal=EO1-C8-AAAAAFA&lang=nl"]
    table.show()
    assert window.history.written == ["?deal=EO1-C8-AAAAAFA&lang=nl"]  # already there: not written again


def test_a_move_is_one_glide_one_save_and_its_words(make: Callable[..., Made]) -> None:
    table, view, _window, store = make()
    assert table.play(Move.parse("1e")) is None
    ((model, motion, refused),) = view.shown
    assert (motion, refused, model.pile("cell-5"), model.moves, model.can_undo) == (
        "glide",
        None,
        ("5S",),
        1,
        True,
    )
    assert view.said == [""] and view.announced == ["5 of spades to cell 5, uncovers 6 of spades."]
    assert view.saved == [True] and store.load().game == table.game


def test_a_refused_move_gives_back_the_engines_reason_and_shows_nothing(make: Callable[..., Made]) -> None:
    """The caller (the hands) shows and says the refusal, the same way for every input."""
    table, view, _window, store = make()
    refusal = table.play(Move.parse("12"))
    assert refusal is not None
    assert (refusal.code, refusal.params) == ("column-build", {"card": "5S", "onto": "5H", "needed": "6S"})
    assert view.shown == [] and view.announced == [] and view.said == [] and store.load().game is None


def test_undo_and_redo_glide_back_and_forth_and_say_so(make: Callable[..., Made]) -> None:
    table, view, _window, _store = make()
    table.ui.last_tap = object()  # type: ignore[assignment]
    table.undo()
    assert view.shown == [] and view.said == ["There is nothing to undo."]
    table.play(Move.parse("1e"))
    table.undo()
    model, motion, _ = view.shown[-1]
    assert (motion, model.pile("column-1")[-1], model.can_redo, model.can_undo) == (
        "glide",
        "5S",
        True,
        False,
    )
    assert view.announced[-1] == "Undone: 5 of spades back to column 1."
    assert table.ui.last_tap is None
    table.redo()
    assert view.model.pile("cell-5") == ("5S",) and view.announced[-1].startswith("Redone: ")


def test_the_last_undo_it_can_reach_is_said(make: Callable[..., Made]) -> None:
    table, view, _window, _store = make()
    for _ in range(UNDO_LIMIT + 1):  # 5S to a cell and back, 101 moves: one falls off the stack
        table.play(
            Move.parse("1e") if table.game.position.size(Move.parse("1e").source) == 6 else Move.parse("e1")
        )
    for _ in range(UNDO_LIMIT):
        table.undo()
    assert view.said[-1] == f"That was the last action undo can reach ({UNDO_LIMIT} back)."


def test_a_hint_is_marked_and_said_and_cleared_once(make: Callable[..., Made]) -> None:
    table, view, _window, _store = make()
    table.mark(marks(table.game.position, Move.parse("1e")))
    assert (view.model.hinted, view.model.hint_target) == (("5S",), "cell-5")
    assert view.said == ["Hint: the 5 of spades to cell 5."]
    table.unmark()
    table.unmark()  # nothing shown: nothing drawn
    assert len(view.shown) == 2 and view.model.hinted == ()


def test_the_carried_cards_and_a_refusal_are_drawn(make: Callable[..., Made]) -> None:
    table, view, _window, _store = make()
    table.ui.pick(table.game, "column-1", 5, "5S")
    table.redraw()
    assert view.model.lifted == ("5S",) and view.model.lit
    table.ui.put_back()
    table.redraw(refused="5S")
    assert view.shown[-1][1:] == ("glide", "5S") and view.model.lifted == ()


def test_a_replay_is_shown_in_place_of_the_game_until_the_game_is_shown(make: Callable[..., Made]) -> None:
    table, view, _window, _store = make()
    replay = Replay(CODE, (Move.parse("1e"),))
    replay.go(1)
    table.show_replay(replay)
    assert (
        view.shown[-1][1] == "still" and view.model.replay_step == 1 and view.model.pile("cell-5") == ("5S",)
    )
    table.redraw()  # a language switch: the replay again
    assert view.model.replaying
    table.show()
    assert not view.model.replaying and view.model.pile("cell-5") == () and table.replay is None


def test_a_new_deal_is_dealt_saved_and_said(make: Callable[..., Made]) -> None:
    table, view, window, store = make()
    table.play(Move.parse("1e"))
    table.mark(marks(table.game.position, Move.parse("1f")))
    other = DealCode.parse("EO1-C4-AAAAAFA")
    table.open(Game.new(other))
    model, motion, _ = view.shown[-1]
    assert (motion, model.code, model.cells, model.moves, model.hinted) == ("deal", str(other), 4, 0, ())
    assert view.said[-1] == f"New deal {other}."
    assert store.load().game == table.game and window.history.written[-1] == f"?deal={other}"
    assert table.stats.current is not None and table.stats.current.code == str(other)
    assert table.stats.by_cells[8].started == 1  # the game left, with a move, counts


def test_the_winning_move_is_shown_with_the_win(make: Callable[..., Made]) -> None:
    """Every move glides; the one that wins is shown with the win's motion."""
    game = Game(DealCode.parse("EO1-C8-XDJVQE7"), Position.from_fcs(FINISHABLE, cells=8))
    table, view, _window, _store = make(game=game)
    line = game.finish()
    assert line is not None
    for move in line:
        assert table.play(move) is None  # played
    assert [motion for _, motion, _ in view.shown] == ["glide"] * (len(line) - 1) + ["win"]
    assert table.game.is_won


def test_restarted_and_link_messages(make: Callable[..., Made]) -> None:
    table, view, _window, _store = make()
    words = deals  # the deals' words (eightoff/web/board/deals.py), which the table says
    game = Game.new(CODE)
    assert words.restarted(game) == "Deal EO1-C8-AAAAAFA started again."
    game.play(Move.parse("1e"))
    assert words.link_opened(game) == "Deal EO1-C8-AAAAAFA, after the 1 move of the link."
    table.open(game, words.link_opened, (Move.parse("1e"),))
    assert view.said[-1] == "Deal EO1-C8-AAAAAFA, after the 1 move of the link."


def test_settings_dress_at_once_and_are_saved(make: Callable[..., Made]) -> None:
    table, view, _window, store = make()
    chosen = Settings(deck="two", theme="dark", tap_to_select=True, clock=False, motion="off")
    table.choose(chosen)
    assert view.dressed == [("two", "dark", "off", False)] and table.ui.tap_to_select
    assert store.load().settings == chosen and view.shown == []


def test_another_tabs_save_first_shows_its_game_instead(make: Callable[..., Made]) -> None:
    storage = MemoryStorage()
    table, view, _window, _store = make(storage=storage)
    table.save()
    theirs = Game.new(CODE)
    theirs.play(Move.parse("1e"))
    other = Store(storage, tab_id="b")
    other.load()
    other.save(theirs, Settings())
    table.ui.pick(table.game, "column-2", 5, "5H")
    assert table.play(Move.parse("2e")) is None
    model, motion, _ = view.shown[-1]
    assert (motion, model.pile("cell-5"), model.lifted, table.ui.held) == ("still", ("5S",), (), None)
    assert table.game == theirs
    assert view.said[-1] == "The game was played on in another tab: this tab now shows that game."


def test_todays_deal_opened_by_its_address_counts_as_the_daily_deal(make: Callable[..., Made]) -> None:
    day = today()
    table, _view, _window, _store = make(game=Game.new(daily_code(day)))
    assert table.stats.current is not None and table.stats.current.daily == iso(day)
    other, _view, _window, _store = make()
    assert other.stats.current is not None and other.stats.current.daily is None

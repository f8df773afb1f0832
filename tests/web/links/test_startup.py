"""The start-up decision (eightoff/web/links/startup.py): the saved game, the address's deal or
a new random deal, what the status line says, and when the page asks first
(docs/dom-contract.md, "Address"; docs/storage.md)."""

from __future__ import annotations

import pytest

from eightoff import DealCode, Game, Move
from eightoff.web.links.address import Link
from eightoff.web.links.startup import Start, decide
from eightoff.web.storage.notices import notice_text
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.store import Loaded, Notice

SAVED = DealCode.parse("EO1-C8-AAAAAFA")
OTHER = DealCode.parse("EO1-C4-HELLO23")
DRAWN: list[int] = []


def draw(cells: int) -> DealCode:
    """A stand-in for the random draw that records the cell count it was asked for."""
    DRAWN.append(cells)
    return DealCode(12345, cells)


@pytest.fixture(autouse=True)
def forget_draws() -> None:
    DRAWN.clear()


def loaded(moves: int = 0, notice: Notice | None = None, settings: Settings | None = None) -> Loaded:
    game = Game.new(SAVED)
    for move in ["1e", "ef"][:moves]:
        game.play(Move.parse(move))
    return Loaded(game, settings or Settings(), notice, 3)


def nothing(settings: Settings | None = None, notice: Notice | None = None) -> Loaded:
    return Loaded(None, settings or Settings(), notice, 0)


def test_nothing_saved_and_no_address_deals_a_random_game_with_the_chosen_cells() -> None:
    start = decide(nothing(Settings(2, "two")), "", new_code=draw)
    assert start == Start(Game.new(DealCode(12345, 2)), Settings(2, "two"), (), None)
    assert DRAWN == [2]


def test_the_default_draw_is_the_engines_random_deal() -> None:
    start = decide(nothing(Settings(4)), "")
    assert start.game.code.cells == 4 and start.game.moves == 0


def test_nothing_saved_opens_the_address_deal() -> None:
    start = decide(nothing(), "?deal=eo1-c4-hello23", new_code=draw)
    assert start == Start(Game.new(OTHER), Settings(), (), None)
    assert DRAWN == []


def test_a_saved_game_opens_as_it_was() -> None:
    saved = loaded(moves=2)
    start = decide(saved, "", new_code=draw)
    assert start.game is saved.game and start.messages == () and start.ask is None


def test_the_address_of_the_saved_deal_opens_the_saved_game() -> None:
    saved = loaded(moves=1)
    assert decide(saved, f"?deal={SAVED}", new_code=draw).game is saved.game


def test_another_deal_replaces_a_saved_game_without_moves() -> None:
    start = decide(loaded(moves=0), f"?deal={OTHER}", new_code=draw)
    assert start.game == Game.new(OTHER) and start.ask is None


def test_another_deal_asks_before_replacing_a_game_in_progress() -> None:
    saved = loaded(moves=1)
    start = decide(saved, f"?deal={OTHER}", new_code=draw)
    assert start.game is saved.game
    assert start.ask == Link(OTHER)
    assert start.messages == ()


def test_a_bad_code_in_the_address_keeps_the_game_and_says_why() -> None:
    saved = loaded(moves=1)
    start = decide(saved, "?deal=EO1-C9-AAAAAFA", new_code=draw)
    assert start.game is saved.game and start.ask is None
    assert start.messages == (
        "The address holds a deal code that cannot be used: The cell count must be C8, C4 or C2."
        " Your game is unchanged.",
    )


def test_a_bad_code_with_nothing_saved_deals_a_random_game() -> None:
    start = decide(nothing(), "?deal=nonsense", new_code=draw)
    assert start.game.code == DealCode(12345, 8)
    assert len(start.messages) == 1 and start.messages[0].startswith("The address holds a deal code")


def test_the_stores_notice_comes_first() -> None:
    corrupt = Notice("storage-corrupt", {"reason": "json", "backup": True})
    start = decide(nothing(notice=corrupt), "?deal=EO1-C8-AAAAAF", new_code=draw)
    assert start.messages == (
        "The saved game could not be read: it was set aside and a new game started.",
        "The address holds a deal code that cannot be used: The deal number has 7 characters, not 6."
        " Your game is unchanged.",
    )


def test_notice_text() -> None:
    assert notice_text(None) == ""
    assert notice_text(Notice("storage-full")) == (
        "The browser's storage is full: your moves are no longer saved. Play goes on."
    )


def test_a_position_link_opens_its_position_when_nothing_is_in_play() -> None:
    start = decide(loaded(moves=0), f"?deal={SAVED}&moves=1e.ef", new_code=draw)
    assert start.game.undo_stack == [Move.parse("1e"), Move.parse("ef")] and start.ask is None
    assert start.game.position == Link(SAVED, (Move.parse("1e"), Move.parse("ef"))).game().position


def test_a_position_link_of_the_saved_games_own_position_keeps_the_game() -> None:
    saved = loaded(moves=2)
    start = decide(saved, f"?deal={SAVED}&moves=1e.ef", new_code=draw)
    assert start.game is saved.game and start.ask is None and start.messages == ()


def test_another_position_of_the_same_deal_asks_before_replacing_a_game_in_progress() -> None:
    saved = loaded(moves=1)
    start = decide(saved, f"?deal={SAVED}&moves=2e", new_code=draw)
    assert start.game is saved.game
    assert start.ask == Link(SAVED, (Move.parse("2e"),))


def test_a_link_with_a_bad_move_keeps_the_game_and_names_the_move() -> None:
    saved = loaded(moves=1)
    start = decide(saved, f"?deal={SAVED}&moves=1e.1e", new_code=draw)
    assert start.game is saved.game and start.ask is None
    assert start.messages == (
        "Move 2 of the address (1e) cannot be played: Cell 5 already holds the 5 of spades."
        " Your game is unchanged.",
    )


def test_bad_statistics_are_said_in_words() -> None:
    from eightoff.web.storage.notices import notice_text
    from eightoff.web.storage.store import Notice

    assert notice_text(Notice("storage-stats-reset", {"reason": "stats-figures", "backup": True})) == (
        "Your statistics could not be read and start again from here; your game is kept."
    )

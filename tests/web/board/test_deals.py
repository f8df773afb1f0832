"""The game's commands (eightoff/web/board/deals.py): undo and redo, the New Game window and
what it deals (asking first when a game in progress would be lost), the settings and keys
windows, the question's "yes" and the close buttons. Through the page's own controllers
and door (eightoff/web/rooms.py), with the fakes of tests/web/fakes/page.py."""

from __future__ import annotations

import json

from eightoff import DealCode, Move
from eightoff.web.actions import Close, Command, CommandName
from eightoff.web.links.address import Link
from eightoff.web.rooms import Rooms
from eightoff.web.storage.daily import daily_code, today
from eightoff.web.storage.settings import Settings
from tests.web.fakes.page import Page


class Dealing:
    """A page of fakes and its controllers; ``calls`` are the table's, the hint's clearing
    left out (every command clears it first: eightoff/web/door.py)."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.page = Page()
        self.page.table.settings = settings or Settings()
        self.rooms = Rooms(self.page.parts())
        self.table, self.dialogs = self.page.table, self.page.dialogs

    def command(self, name: CommandName) -> None:
        self.rooms.dispatch(Command(name))

    @property
    def calls(self) -> list[tuple[object, ...]]:
        return [call for call in self.table.calls if call[0] != "unmark"]

    def asked(self) -> list[int]:
        """The cell counts of the winnable deals asked of the solver's worker."""
        sent = [json.loads(call[1]) for call in self.page.solver.calls if call[0] == "send"]
        return [request["cells"] for request in sent if request["kind"] == "deal"]


def test_undo_redo_and_the_windows() -> None:
    d = Dealing(Settings(cells=4))
    for name in ("undo", "redo", "settings", "help", "new-game"):
        d.command(name)
    assert [call[0] for call in d.calls] == ["undo", "redo"]
    assert d.dialogs.calls == [
        ("open_settings", Settings(cells=4)),
        ("open_help",),
        ("open_new_game", Settings(cells=4)),
    ]
    d.command("win-new")
    assert d.dialogs.calls[-2:] == [("close_all",), ("open_new_game", Settings(cells=4))]
    d.rooms.dispatch(Close("win"))
    assert d.dialogs.calls[-1] == ("close", "win")


def test_a_random_deal_of_the_chosen_cells() -> None:
    d = Dealing(Settings(cells=2, winnable=False))
    d.command("random-deal")
    ((name, code, said, path),) = d.calls
    assert name == "open" and code.startswith("EO1-C2-") and said == f"New deal {code}." and path == ()
    assert d.dialogs.names() == ["close_all"]


def test_a_winnable_deal_comes_from_the_catalogue_or_the_solver() -> None:
    d = Dealing(Settings(cells=4, winnable=True))
    d.command("random-deal")
    assert d.calls[0][1].startswith("EO1-C4-") and d.asked() == []
    d = Dealing(Settings(cells=8, winnable=True))
    d.command("random-deal")
    assert d.calls == [] and d.asked() == [8] and d.dialogs.names() == ["close_all"]


def test_a_game_in_progress_is_asked_about_first() -> None:
    d = Dealing(Settings(cells=8, winnable=False))
    d.table.game.play(Move.parse("1e"))
    d.command("restart")
    assert d.dialogs.calls == [("confirm", "lose 1")] and d.calls == []
    d.command("confirm-yes")
    assert d.calls == [("open", "EO1-C8-AAAAAFA", "Deal EO1-C8-AAAAAFA started again.", ())]


def test_the_code_typed_and_todays_deal() -> None:
    d = Dealing()
    d.command("play-code")  # no valid code: nothing
    assert d.calls == []
    d.dialogs.code = DealCode.parse("EO1-C4-AAAAAFA")
    d.command("play-code")
    d.command("daily")
    code = str(daily_code(today()))
    assert [call[1] for call in d.calls] == ["EO1-C4-AAAAAFA", code]


def test_a_link_opens_its_position_with_its_path() -> None:
    d = Dealing()
    moves = (Move.parse("1e"), Move.parse("ef"))
    d.rooms.deals.open_link(Link(DealCode.parse("EO1-C8-AAAAAFA"), moves))
    assert d.calls == [
        ("open", "EO1-C8-AAAAAFA", "Deal EO1-C8-AAAAAFA, after the 2 moves of the link.", moves)
    ]
    assert d.table.game.moves == 2
    d.rooms.deals.open_link(Link(DealCode.parse("EO1-C8-AAAAAFA"), ()))
    assert d.calls[-1][2] == "New deal EO1-C8-AAAAAFA."


def test_every_command_of_the_game_is_routed_here() -> None:
    d = Dealing()
    assert set(dict(d.rooms.deals.routes().commands)) == {
        "undo",
        "redo",
        "new-game",
        "win-new",
        "settings",
        "random-deal",
        "play-code",
        "restart",
        "confirm-yes",
        "help",
        "daily",
    }

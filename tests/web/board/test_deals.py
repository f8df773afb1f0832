"""The game's commands (eightoff/web/board/deals.py): undo and redo, the New Game window and
what it deals (asking first when a game in progress would be lost), the settings and keys
windows, the question's "yes" and the close buttons. Fakes from tests/web/fakes/page.py."""

from __future__ import annotations

from eightoff import DealCode, Move
from eightoff.web.actions import Close
from eightoff.web.board.deals import Deals
from eightoff.web.links.address import Link
from eightoff.web.storage.daily import daily_code, today
from eightoff.web.storage.settings import Settings
from tests.web.fakes.page import FakeDialogs, FakeTable


class Dealing:
    def __init__(self, settings: Settings | None = None) -> None:
        self.dialogs = FakeDialogs()
        self.table = FakeTable(settings=settings)
        self.left: list[str] = []
        self.asked: list[int] = []
        self.deals = Deals(self.dialogs, self.table, lambda: self.left.append("replay"), self.asked.append)
        self.commands = dict(self.deals.routes().commands)

    def command(self, name: str) -> None:
        self.commands[name]()  # type: ignore[index]


def test_undo_redo_and_the_windows() -> None:
    d = Dealing(Settings(cells=4))
    for name in ("undo", "redo", "settings", "help", "new-game"):
        d.command(name)
    assert d.table.names() == ["undo", "redo"]
    assert d.dialogs.calls == [
        ("open_settings", Settings(cells=4)),
        ("open_help",),
        ("open_new_game", Settings(cells=4)),
    ]
    d.command("win-new")
    assert d.dialogs.calls[-2:] == [("close_all",), ("open_new_game", Settings(cells=4))]
    ((kind, close),) = d.deals.routes().actions
    assert kind is Close
    close(Close("win"))
    assert d.dialogs.calls[-1] == ("close", "win")


def test_a_random_deal_of_the_chosen_cells() -> None:
    d = Dealing(Settings(cells=2, winnable=False))
    d.command("random-deal")
    ((name, code, said, path),) = d.table.calls
    assert name == "open" and code.startswith("EO1-C2-") and said == f"New deal {code}." and path == ()
    assert d.dialogs.names() == ["close_all"] and d.left == ["replay"]


def test_a_winnable_deal_comes_from_the_catalogue_or_the_solver() -> None:
    d = Dealing(Settings(cells=4, winnable=True))
    d.command("random-deal")
    assert d.table.calls[0][1].startswith("EO1-C4-") and d.asked == []
    d = Dealing(Settings(cells=8, winnable=True))
    d.command("random-deal")
    assert d.table.calls == [] and d.asked == [8] and d.dialogs.names() == ["close_all"]


def test_a_game_in_progress_is_asked_about_first() -> None:
    d = Dealing(Settings(cells=8, winnable=False))
    d.table.game.play(Move.parse("1e"))
    d.command("restart")
    assert d.dialogs.calls == [("confirm", "lose 1")] and d.table.calls == []
    d.command("confirm-yes")
    assert d.table.calls == [("open", "EO1-C8-AAAAAFA", "Deal EO1-C8-AAAAAFA started again.", ())]


def test_the_code_typed_and_todays_deal() -> None:
    d = Dealing()
    d.command("play-code")  # no valid code: nothing
    assert d.table.calls == []
    d.dialogs.code = DealCode.parse("EO1-C4-AAAAAFA")
    d.command("play-code")
    d.command("daily")
    code = str(daily_code(today()))
    assert [call[1] for call in d.table.calls] == ["EO1-C4-AAAAAFA", code]


def test_a_link_opens_its_position_with_its_path() -> None:
    d = Dealing()
    moves = (Move.parse("1e"), Move.parse("ef"))
    d.deals.open_link(Link(DealCode.parse("EO1-C8-AAAAAFA"), moves))
    assert d.table.calls == [
        ("open", "EO1-C8-AAAAAFA", "Deal EO1-C8-AAAAAFA, after the 2 moves of the link.", moves)
    ]
    assert d.table.game.moves == 2
    d.deals.open_link(Link(DealCode.parse("EO1-C8-AAAAAFA"), ()))
    assert d.table.calls[-1][2] == "New deal EO1-C8-AAAAAFA."


def test_every_command_of_the_game_is_routed_here() -> None:
    d = Dealing()
    assert set(d.commands) == {
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

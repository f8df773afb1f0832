"""The deal in the address (eightoff/web/links/address.py): reading ``?deal=`` (and a position,
``&moves=``) and writing the address that shares a deal. A bad code or move is refused
with its reason, never dealt."""

from __future__ import annotations

import ast
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff import DealCode, Game, IllegalMoveError, Move, NotationError, legal_moves
from eightoff.deal import NUMBERS
from eightoff.web.links import address
from eightoff.web.links.address import BadMove, Link, deal_from_query, link_from_query, query_for, share_url

BASE = "https://cards.example/eightoff/"


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("?deal=EO1-C8-AAAAAFA", "EO1-C8-AAAAAFA"),
        ("?deal=eo1-c8-aaaaafa&x=1", "EO1-C8-AAAAAFA"),
        ("?x=1&deal=Eo1-C4-zZzZzZz", "EO1-C4-ZZZZZZZ"),
        ("deal=EO1-C2-A2B3C4D", "EO1-C2-A2B3C4D"),
        ("?deal=%20%20eo1-c8-aaaaafa%20", "EO1-C8-AAAAAFA"),
        ("?deal=+EO1-C8-AAAAAFA+", "EO1-C8-AAAAAFA"),
        ("?deal=%09EO1-C8-AAAAAFA%0A", "EO1-C8-AAAAAFA"),
        ("?deal=%45%4F1%2Dc8%2Daaaaafa", "EO1-C8-AAAAAFA"),
        ("?deal=EO1-C8-AAAAAFA&deal=EO1-C8-BBBBBBB", "EO1-C8-AAAAAFA"),
    ],
)
def test_a_good_code_in_any_case_with_blanks_and_percent_encoding(query: str, code: str) -> None:
    assert deal_from_query(query) == (DealCode.parse(code), None)
    assert str(deal_from_query(query)[0]) == code


@pytest.mark.parametrize("query", ["", "?", "?x=1", "?Deal=EO1-C8-AAAAAFA", "?deals=EO1-C8-AAAAAFA", "?&&"])
def test_no_deal_parameter(query: str) -> None:
    assert deal_from_query(query) == (None, None)


@pytest.mark.parametrize(
    ("query", "error_code", "message"),
    [
        ("?deal=", "deal-empty", "the deal code is empty"),
        ("?deal", "deal-empty", "the deal code is empty"),
        ("?deal=%20+", "deal-empty", "the deal code is empty"),
        ("?deal=EO2-C8-AAAAAFA", "deal-prefix", "a deal code starts with EO1- (like EO1-C8-AAAAAFA)"),
        ("?deal=FC1-C8-AAAAAFA", "deal-prefix", "a deal code starts with EO1- (like EO1-C8-AAAAAFA)"),
        (
            "?deal=EO1-C8AAAAAFA",
            "deal-parts",
            "a deal code has three parts joined by dashes, like EO1-C8-AAAAAFA",
        ),
        ("?deal=EO1-C9-AAAAAFA", "deal-cells", "the cell count must be C8, C4 or C2, not 'C9'"),
        ("?deal=EO1-C8-AAAAAF", "deal-length", "the deal number has 7 characters, not 6"),
        ("?deal=EO1-C8-AAAAAFAA", "deal-length", "the deal number has 7 characters, not 8"),
        ("?deal=EO1-C8-AAAAAF1", "deal-one", "'1' is not in deal codes: type the letter I or L"),
        ("?deal=eo1-c8-aaaa0fa", "deal-zero", "'0' is not in deal codes: type the letter O"),
        (
            "?deal=EO1-C8-<B>AAAA",
            "deal-character",
            "'<' is not allowed in a deal code: use letters A-Z and digits 2-7",
        ),
        (
            "?deal=EO1-C8-%C3%89AAAAAA",
            "deal-character",
            "'É (U+00C9)' is not allowed in a deal code: use letters A-Z and digits 2-7",
        ),
        (
            "?deal=<script>alert(1)</script>",
            "deal-prefix",
            "a deal code starts with EO1- (like EO1-C8-AAAAAFA)",
        ),
        (
            "?deal=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
            "deal-prefix",
            "a deal code starts with EO1- (like EO1-C8-AAAAAFA)",
        ),
        (
            '?deal="><img src=x onerror=alert(1)>',
            "deal-prefix",
            "a deal code starts with EO1- (like EO1-C8-AAAAAFA)",
        ),
        (
            "?deal=EO1-%3Cimg%20src%3Dx%3E-AAAAAFA",
            "deal-cells",
            "the cell count must be C8, C4 or C2, not '<IMG SRC=X>'",
        ),
    ],
)
def test_a_bad_code_is_refused_with_its_reason(query: str, error_code: str, message: str) -> None:
    code, error = deal_from_query(query)
    assert code is None and error is not None
    assert (error.code, str(error)) == (error_code, message)


def test_a_bad_percent_escape_is_refused_not_raised() -> None:
    code, error = deal_from_query("?deal=EO1-C8-%FFAAAAAA")
    assert code is None and error is not None and error.code == "deal-character"
    assert error.params == {"character": "\N{REPLACEMENT CHARACTER} (U+FFFD)"}


def test_share_url_and_query_for_are_exact() -> None:
    code = DealCode.parse("eo1-c4-aaaaafa")
    assert query_for(code) == "?deal=EO1-C4-AAAAAFA"
    assert share_url(BASE, code) == "https://cards.example/eightoff/?deal=EO1-C4-AAAAAFA"
    assert share_url("http://localhost:8000/index.html", DealCode(0, 2)) == (
        "http://localhost:8000/index.html?deal=EO1-C2-AAAAAAA"
    )


@given(st.integers(0, NUMBERS - 1), st.sampled_from([8, 4, 2]))
def test_share_url_and_query_for_round_trip(number: int, cells: int) -> None:
    code = DealCode(number, cells)
    assert deal_from_query(query_for(code)) == (code, None)
    query = share_url(BASE, code).removeprefix(BASE)
    assert deal_from_query(query) == (code, None)
    assert deal_from_query(query.lower() + "&lang=fr") == (code, None)


@given(st.text())
def test_any_query_gives_a_code_or_a_refusal_or_nothing(query: str) -> None:
    code, error = deal_from_query(query)
    assert code is None or error is None
    if code is not None:
        assert deal_from_query(query_for(code)) == (code, None)


CODE = DealCode.parse("EO1-C8-AAAAAFA")


def test_a_position_link_holds_the_deal_and_its_moves() -> None:
    link, problem = link_from_query("?lang=he&deal=EO1-C8-AAAAAFA&moves=1e.ef.1e")
    assert problem is None and link is not None
    assert link == Link(CODE, (Move.parse("1e"), Move.parse("ef"), Move.parse("1e")))
    game = link.game()
    assert (game.moves, game.undo_stack, game.score) == (3, list(link.moves), 0)
    assert link.shows(game) and not Link(CODE).shows(Game.new(DealCode(1, 8)))
    assert Link(CODE).shows(game)  # a deal link shows that deal at any point of its play
    game.undo()
    assert not link.shows(game)


@pytest.mark.parametrize(
    "query", ["?deal=EO1-C8-AAAAAFA", "?deal=EO1-C8-AAAAAFA&moves=", "?deal=EO1-C8-AAAAAFA&moves=+"]
)
def test_a_deal_link_without_moves_is_the_deal(query: str) -> None:
    assert link_from_query(query) == (Link(CODE), None)


def test_the_first_move_that_cannot_be_played_is_named_and_nothing_is_used() -> None:
    link, problem = link_from_query("?deal=EO1-C8-AAAAAFA&moves=1e.1e.zz.1e")
    assert link is None and isinstance(problem, BadMove)
    assert (problem.number, problem.text) == (2, "1e")
    assert isinstance(problem.error, IllegalMoveError)
    link, problem = link_from_query("?deal=EO1-C8-AAAAAFA&moves=1e.zz")
    assert link is None and isinstance(problem, BadMove) and (problem.number, problem.text) == (2, "zz")
    assert isinstance(problem.error, NotationError)


def test_moves_without_a_deal_are_nothing_and_a_bad_code_wins_over_moves() -> None:
    assert link_from_query("?moves=1e") == (None, None)
    link, problem = link_from_query("?deal=EO1-C9-AAAAAFA&moves=1e")
    assert link is None and problem is not None and problem.code == "deal-cells"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, NUMBERS - 1), st.sampled_from([8, 4, 2]), st.lists(st.integers(0, 200), max_size=12))
def test_links_of_legal_play_round_trip(number: int, cells: int, picks: list[int]) -> None:
    game = Game.new(DealCode(number, cells))
    for pick in picks:
        moves = list(legal_moves(game.position))
        if not moves:
            break
        game.play(moves[pick % len(moves)])
    text = ".".join(str(move) for move in game.undo_stack)
    link, problem = link_from_query(f"{query_for(game.code)}&moves={text}")
    assert problem is None and link is not None and link.shows(game)
    assert link.game().position == game.position


def test_pure_python_without_browser_modules() -> None:
    tree = ast.parse(Path(address.__file__).read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {name.split(".")[0] for name in imported} & {"js", "pyscript", "pyodide"}


def test_the_step_of_a_replay_link() -> None:
    from eightoff.web.links.address import replay_step

    assert replay_step("?deal=EO1-C8-AAAAAFA&moves=1e&replay=1") == 1
    assert [replay_step(q) for q in ("?replay", "?replay=x", "?replay=1234567", "?replay=%D9%A3", "")] == [
        0
    ] * 5


@pytest.mark.parametrize(
    ("query", "written"),
    [
        ("?deal=EO1-C8-AAAAAFA&lang=%26moves%3D1e", "?deal=EO1-C8-AAAAAFA"),  # D6: no injected moves
        ("?lang=%26replay", "?deal=EO1-C8-AAAAAFA"),
        ("?lang=%26deal%3DEO1-C4-AAAAAAF", "?deal=EO1-C8-AAAAAFA"),
        ("?lang=he%23frag", "?deal=EO1-C8-AAAAAFA"),
        ("?lang=%20he", "?deal=EO1-C8-AAAAAFA"),  # D13: not a language tag
        ("?lang=he", "?deal=EO1-C8-AAAAAFA&lang=he"),
        ("?lang=nl-BE&seed=4", "?deal=EO1-C8-AAAAAFA&lang=nl-BE"),
        ("?lang=qps", "?deal=EO1-C8-AAAAAFA&lang=qps"),
        ("?lang=xx", "?deal=EO1-C8-AAAAAFA"),
        ("?lang=he&lang=%26moves%3D1e", "?deal=EO1-C8-AAAAAFA&lang=he"),  # the first counts
        ("?lang=%26moves%3D1e&lang=he", "?deal=EO1-C8-AAAAAFA"),
        ("?no_sw&boot_timeout=5&lang=uk", "?deal=EO1-C8-AAAAAFA&lang=uk"),  # test flags dropped
    ],
)
def test_the_address_written_back_carries_only_a_recognised_language(query: str, written: str) -> None:
    """D6, D13: ``&lang=`` is written back only for a tag the page took, encoded; nothing
    else of the address survives the rewrite."""
    assert address.address_for(DealCode.parse("EO1-C8-AAAAAFA"), query) == written
    assert address.parameters(written).keys() <= {"deal", "lang"}


@given(st.text(max_size=12))
def test_no_lang_value_adds_a_parameter(value: str) -> None:
    """Whatever ``lang=`` holds (encoded as a browser would), the address written back has
    one deal and at most one language, and reads back to the same language."""
    query = f"?lang={quote(value, safe='')}"
    written = address.address_for(DealCode.parse("EO1-C8-AAAAAFA"), query)
    pairs = [pair.split("=")[0] for pair in written.removeprefix("?").split("&")]
    assert pairs in (["deal"], ["deal", "lang"])
    assert address.language_from_query(written) == address.language_from_query(query)


@pytest.mark.parametrize(
    ("query", "time"),
    [
        ("time=754", 754_000),
        ("time=0", 0),
        ("time=359999", 359_999_000),
        ("time=360000", None),  # past the clock's longest
        ("time=-5", None),
        ("time=1e3", None),
        ("time=%EF%BC%95", None),  # a full-width digit
        ("time=%D9%A3", None),  # an Arabic-Indic digit
        ("time=99999999999999999999", None),
        ("time=", None),
        ("time=+5", None),
        ("", None),
    ],
)
def test_a_replay_links_time_is_whole_seconds_or_none(query: str, time: int | None) -> None:
    link, problem = link_from_query(f"?deal=EO1-C8-AAAAAFA&moves=1e&{query}&replay")
    assert problem is None and link is not None and link.time == time
    if time is not None:
        assert link.query(replay=True) == f"?deal=EO1-C8-AAAAAFA&moves=1e&time={time // 1000}&replay"
    assert link.query() == "?deal=EO1-C8-AAAAAFA&moves=1e"  # a position link carries no time

"""The deal in the address (eightoff/web/address.py): reading ``?deal=`` and writing the
address that shares a deal. A bad code is refused with its reason, never dealt."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eightoff import DealCode
from eightoff.deal import NUMBERS
from eightoff.web import address
from eightoff.web.address import deal_from_query, query_for, share_url

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
        (
            "?deal=EO1-C8-AAAAAF1",
            "deal-character",
            "'1' is not allowed in a deal code: use letters A-Z and digits 2-7",
        ),
        (
            "?deal=eo1-c8-aaaa0fa",
            "deal-character",
            "'0' is not allowed in a deal code: use letters A-Z and digits 2-7",
        ),
        (
            "?deal=EO1-C8-<B>AAAA",
            "deal-character",
            "'<' is not allowed in a deal code: use letters A-Z and digits 2-7",
        ),
        (
            "?deal=EO1-C8-%C3%89AAAAAA",
            "deal-character",
            "'É' is not allowed in a deal code: use letters A-Z and digits 2-7",
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
    assert error.params == {"character": "\N{REPLACEMENT CHARACTER}"}


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


def test_pure_python_without_browser_modules() -> None:
    tree = ast.parse(Path(address.__file__).read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {name.split(".")[0] for name in imported} & {"js", "pyscript", "pyodide"}

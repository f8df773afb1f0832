"""The deal in the page's address: ``?deal=EO1-C8-AAAAAFA`` (SPEC §6).

Reading a code from ``location.search`` and writing the address that shares a deal. Pure
Python, tested under CPython.

Nothing taken from the address is ever markup: a refused code's message (which may quote
what was typed, e.g. ``'<SCRIPT>ALER…'``) is plain text, and the page shows it with
``textContent``, never ``innerHTML``.

>>> code, error = deal_from_query("?deal=eo1-c8-aaaaafa&x=1")
>>> code, error
(DealCode.parse('EO1-C8-AAAAAFA'), None)
>>> share_url("https://example.org/eightoff/", code)
'https://example.org/eightoff/?deal=EO1-C8-AAAAAFA'
>>> deal_from_query("?deal=EO1-C9-AAAAAFA")[1].code
'deal-cells'
"""

from __future__ import annotations

from typing import Final
from urllib.parse import parse_qsl

from ..deal import DealCode
from ..errors import DealCodeError

PARAM: Final = "deal"


def deal_from_query(query: str) -> tuple[DealCode | None, DealCodeError | None]:
    """The deal asked for by ``location.search``: ``(code, None)``, ``(None, error)`` for a
    bad code (its ``.code`` and message say what is wrong), ``(None, None)`` without a
    ``deal`` parameter. Percent-encoding and ``+`` are decoded; case and surrounding
    blanks do not matter; the first ``deal`` parameter counts."""
    pairs = parse_qsl(query.removeprefix("?"), keep_blank_values=True)
    value = next((v for k, v in pairs if k == PARAM), None)
    if value is None:
        return None, None
    try:
        return DealCode.parse(value), None
    except DealCodeError as error:
        return None, error


def query_for(code: DealCode) -> str:
    """The query string for ``history.replaceState``.

    >>> query_for(DealCode.parse("eo1-c4-aaaaafa"))
    '?deal=EO1-C4-AAAAAFA'
    """
    return f"?{PARAM}={code}"


def share_url(base: str, code: DealCode) -> str:
    """The address that opens this deal; ``base`` is ``location.origin + location.pathname``
    (a code holds only ``A–Z``, ``2–7`` and dashes, so it needs no escaping)."""
    return f"{base}{query_for(code)}"

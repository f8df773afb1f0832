"""JSON text read with its size and nesting checked before it is parsed: the stored record,
another tab's write and a backup file all go through :func:`read_json` (pure Python, no
browser import; docs/storage.md, "Size and nesting are checked before anything is parsed").
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

MAX_CHARS: Final = 1_000_000
"""The longest JSON text read, stored or imported: a record is a few kilobytes (about 40 with
the longest path a record keeps), so anything longer is refused unread."""
MAX_DEPTH: Final = 16
"""The deepest nesting of ``[]``/``{}`` read: a record nests 4 levels, a backup file 5, so
anything deeper is refused before it is parsed. Parsing deep JSON recurses, and under
Pyodide the C stack overflows (a fatal error Python cannot catch) before Python's
``RecursionError``; so the depth is counted first, by a loop that parses nothing."""

_TOKENS: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)
"""A JSON string (its brackets are not nesting; unterminated: to the end) or a bracket."""


class JsonTextError(ValueError):
    """JSON text refused before or while parsing; ``kind`` says why: ``too-big`` (more than
    :data:`MAX_CHARS` characters), ``too-deep`` (nested deeper than :data:`MAX_DEPTH`),
    ``not-json``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def nesting(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep the brackets of ``text`` nest, brackets inside strings not counted, without
    parsing it; counting stops once past ``limit`` (any value above it means too deep).

    >>> nesting('{"a": [1, {"b": "[[[["}]}'), nesting("[" * 10_000 + "]" * 10_000)
    (3, 17)
    """
    depth = deepest = 0
    for token in _TOKENS.finditer(text):
        first = token.group()[0]
        if first in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        elif first in "]}":
            depth -= 1
    return deepest


def read_json(text: str) -> Any:
    """Parse JSON text that is at most :data:`MAX_CHARS` long and nests at most
    :data:`MAX_DEPTH` levels, both checked before parsing; raise :class:`JsonTextError`.

    >>> read_json('{"a": [1]}')
    {'a': [1]}
    >>> read_json("[" * 10_000 + "]" * 10_000)
    Traceback (most recent call last):
    ...
    eightoff.web.storage.json_text.JsonTextError: the JSON text nests deeper than 16 levels
    """
    if type(text) is not str:
        raise JsonTextError("not-json", "the value is not text")
    if len(text) > MAX_CHARS:
        raise JsonTextError("too-big", f"the JSON text has {len(text)} characters, more than {MAX_CHARS}")
    if nesting(text) > MAX_DEPTH:
        raise JsonTextError("too-deep", f"the JSON text nests deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text, parse_int=_integer)
    except (TypeError, ValueError, RecursionError) as error:
        raise JsonTextError("not-json", f"the text is not JSON: {error}"[:200]) from error


def _integer(digits: str) -> int | float:
    """A JSON integer: as it is, or past :data:`LONGEST_INTEGER` digits a float (``inf`` for
    thousands of digits), which no field of ours takes for a whole number, so the field at
    fault is named, where ``int()`` would refuse the whole text as not JSON.

    >>> read_json('{"version": 1' + "0" * 5000 + "}")
    {'version': inf}
    >>> read_json("[-10000000000000000001, 100000000000000000000]")  # 20 digits, 21
    [-10000000000000000001, 1e+20]
    """
    return int(digits) if len(digits.lstrip("-")) <= LONGEST_INTEGER else float(digits)


LONGEST_INTEGER: Final = 20
"""The most digits of an integer read as one: every count, time and revision we store has
fewer (2^53 has 16)."""

__all__ = ["LONGEST_INTEGER", "MAX_CHARS", "MAX_DEPTH", "JsonTextError", "nesting", "read_json"]

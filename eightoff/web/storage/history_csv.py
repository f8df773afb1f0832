"""The history of finished games as a CSV file (``text/csv``, RFC 4180): a header row, then
one game a row, oldest first: the last :data:`.stats.RECENT` games the record keeps
(:attr:`.stats.Stats.recent`), downloaded from the Statistics window (docs/storage.md, "The
history as CSV"; pure Python, no browser import; tested under CPython).

The file is data for a spreadsheet or a script, the same in every language: the header
words and the values are fixed English tokens (``won``, ``lost``, ``easy``), numbers plain
(no grouping, ``.`` before the decimals), dates ``YYYY-MM-DD``; so every byte is ASCII and a
file from one language reads like one from another.

>>> from .stats import Result
>>> won = Result("EO1-C4-V6B5AGZ", True, 600, 98, "2026-11-30", time=61_005)
>>> for line in history_csv([won]).splitlines():
...     print(line)
date,code,cells,level,result,hinted,score,moves,seconds
2026-11-30,EO1-C4-V6B5AGZ,4,hard,won,no,600,98,61.005
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Final

from ...deal import DealCode
from ...winnable import level_of
from .stats import Result

FILE_NAME: Final = "eightoff-history.csv"
MEDIA_TYPE: Final = "text/csv"
COLUMNS: Final = ("date", "code", "cells", "level", "result", "hinted", "score", "moves", "seconds")
"""The header row: the day the game ended (UTC), its deal code, its cell count, its level
(``easy``, ``medium``, ``hard``; empty for a deal outside the catalogues), ``won`` or
``lost``, ``yes`` for a win with a hint taken, its score, its moves, and its time on the
clock in seconds to the millisecond (empty when unknown)."""


def seconds(ms: int) -> str:
    """A time in milliseconds as seconds with three decimals, exactly (no float).

    >>> seconds(61_005), seconds(0)
    ('61.005', '0.000')
    """
    return f"{ms // 1000}.{ms % 1000:03d}"


def row(result: Result) -> list[str]:
    """One game's row, in the order of :data:`COLUMNS`."""
    code = DealCode.parse(result.code)
    return [
        result.date,
        result.code,
        str(code.cells),
        level_of(code) or "",
        "won" if result.won else "lost",
        "yes" if result.hinted else "no",
        str(result.score),
        str(result.moves),
        "" if result.time is None else seconds(result.time),
    ]


def history_csv(results: Sequence[Result]) -> str:
    """The CSV text of ``results`` (oldest first), lines ended by CR LF as RFC 4180 has it."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    writer.writerows(row(result) for result in results)
    return out.getvalue()


__all__ = ["COLUMNS", "FILE_NAME", "MEDIA_TYPE", "history_csv", "row", "seconds"]

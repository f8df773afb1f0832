"""The history as a CSV file (eightoff/web/storage/history_csv.py): a header row, one game a
row, plain numbers and English tokens, every byte ASCII."""

from __future__ import annotations

import csv
import io

from eightoff.web.storage.history_csv import COLUMNS, history_csv, seconds
from eightoff.web.storage.stats import MAX_TIME, Result


def test_an_empty_history_is_its_header_row() -> None:
    assert history_csv([]) == "date,code,cells,level,result,hinted,score,moves,seconds\r\n"


def test_each_game_is_a_row_that_reads_back_in_order() -> None:
    games = [
        Result("EO1-C2-ZKDYA2A", True, 1234, 1000, "2026-01-02", time=MAX_TIME),
        Result("EO1-C8-35QGQPW", False, 0, 1, "2026-01-03", time=5),
    ]
    text = history_csv(games)
    assert text.isascii()
    rows = list(csv.reader(io.StringIO(text)))
    assert rows == [
        list(COLUMNS),
        ["2026-01-02", "EO1-C2-ZKDYA2A", "2", "easy", "won", "no", "1234", "1000", "359999.999"],
        ["2026-01-03", "EO1-C8-35QGQPW", "8", "medium", "lost", "no", "0", "1", "0.005"],
    ]
    assert seconds(1_000) == "1.000"

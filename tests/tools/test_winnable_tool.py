"""tools/winnable.py, which builds the catalogues: the same scan gives the same deals and
measures whatever the number of processes, a short scan is the catalogue's beginning, and
the module it writes is the one eightoff.winnable reads."""

from __future__ import annotations

import base64
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import winnable as tool  # noqa: E402  (tools/winnable.py)
from eightoff import DealCode  # noqa: E402
from eightoff.levels import Measure, cut  # noqa: E402
from eightoff.winnable import catalogue, measure_of  # noqa: E402


def test_a_short_scan_is_the_catalogue_s_beginning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert tool.main(["--cells", "2", "--count", "2=8", "--jobs", "2", "--out", str(tmp_path)]) == 0
    assert "2 cells: 8 kept of " in capsys.readouterr().out
    spec = importlib.util.spec_from_file_location("short", tmp_path / "winnable_deals_2.py")
    assert spec is not None and spec.loader is not None
    short = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(short)
    first = catalogue(2)[:8]
    measures = [measure_of(DealCode(number, 2)) for number in first]
    packed = "".join(tool.pack([(n, m) for n, m in zip(first, measures, strict=True) if m is not None]))
    assert packed == short.DEALS and short.CELLS == 2 and short.UNCERTIFIED == 0
    assert tuple(map(Measure._make, short.CUTS)) == cut(m for m in measures if m is not None)
    assert next(i for i, n in enumerate(tool.numbers(2), 1) if n == first[-1]) == short.SCANNED


def test_a_deal_is_kept_with_its_certified_measure_or_left_out() -> None:
    number = catalogue(8)[0]
    assert tool.scan_block((8, [number], tool.BUDGET, tool.CERTIFY)) == [
        (number, measure_of(DealCode(number, 8)))
    ]
    assert tool.scan_block((8, [number], tool.BUDGET, 1000)) == [(number, None)]  # a search gave up
    assert tool.scan_block((4, [0], tool.BUDGET, tool.CERTIFY)) == []  # lost with 4 cells


def test_a_word_holds_a_deal_and_its_measure() -> None:
    """The fills in the first byte, the cap in the top 5 bits of the next, the number in the
    35 bits after."""
    (word,) = tool.pack([(2**35 - 1, Measure(8, 255))])
    assert base64.b64decode(word) == bytes([0b1111_1111, 0b0100_0111, 255, 255, 255, 255])
    assert base64.b64decode(tool.pack([(5, Measure(3, 7))])[0]) == bytes([7, 3 << 3, 0, 0, 0, 5])
    with pytest.raises(ValueError, match="does not fit a word"):
        tool.pack([(1, Measure(2, 256))])


def test_bad_counts_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        tool.main(["--count", "3=5"])
    assert "--count takes 8=N, 4=N or 2=N, not '3=5'" in capsys.readouterr().err

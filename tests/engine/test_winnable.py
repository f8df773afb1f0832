"""The catalogues of winnable deals and their levels: certified codes and measures, re-checked
here on a sample; the cuts; the draws; each catalogue imported only when asked for."""

from __future__ import annotations

import hashlib
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from eightoff import DealCode, Game, winnable_deals_2, winnable_deals_4, winnable_deals_8
from eightoff.errors import DealCodeError
from eightoff.levels import LEVELS, certify, cut, level
from eightoff.solver import solve, within
from eightoff.winnable import (
    CATALOGUED,
    WORD,
    catalogue,
    cuts,
    is_catalogued,
    level_of,
    measure_of,
    winnable,
)

SAMPLE = 8
SIZES = {8: 3000, 4: 2050, 2: 310}
BEFORE_LEVELS = {
    # sha256 of the catalogue's numbers as 5-byte words, as they were before the levels
    4: "df7331471023ca507519e8770dad73c36683f485139df7236e71463b0479502e",
    2: "7303bb86ea9c95f79b2ef862377bd6b361aa8357d917a3c4e46d21665f274ad3",
}
ROOT = Path(__file__).resolve().parents[2]


def module(cells: int) -> ModuleType:
    return {8: winnable_deals_8, 4: winnable_deals_4, 2: winnable_deals_2}[cells]


@pytest.mark.parametrize("cells", SIZES)
def test_catalogue_sizes(cells: int) -> None:
    """3,000 deals for 8 cells, 2,050 for 4 and 310 for 2, all distinct, of the deals the
    tool scanned, each in 6 bytes (8 characters of base64)."""
    numbers = catalogue(cells)
    data = module(cells)
    assert len(set(numbers)) == len(numbers) == SIZES[cells]
    assert cells == data.CELLS and len(numbers) + data.UNCERTIFIED <= data.SCANNED
    assert len(data.DEALS) == len(numbers) * WORD * 4 // 3


@pytest.mark.parametrize("cells", [4, 2])
def test_the_four_and_two_cell_catalogues_kept_their_deals_and_order(cells: int) -> None:
    """The daily deal draws from the 4-cell catalogue by place (docs/deal-codes.md §9):
    certifying the levels left every deal in, in its place."""
    words = b"".join(number.to_bytes(5, "big") for number in catalogue(cells))
    assert hashlib.sha256(words).hexdigest() == BEFORE_LEVELS[cells]
    assert module(cells).UNCERTIFIED == 0


LEVELLED = {
    # cells: the last measure of Easy and of Medium, the deals of each level
    8: ((5, 6), (6, 6), {"easy": 1023, "medium": 921, "hard": 1056}),
    4: ((4, 3), (4, 5), {"easy": 626, "medium": 751, "hard": 673}),
    2: ((2, 3), (2, 4), {"easy": 146, "medium": 73, "hard": 91}),
}


@pytest.mark.parametrize("cells", SIZES)
def test_the_stored_cuts_and_counts_are_the_catalogue_s(cells: int) -> None:
    """The cuts stored with a catalogue are :func:`cut`'s over its measures, and the
    level and cap counts it states are its own."""
    measures = [measure_of(DealCode(number, cells)) for number in catalogue(cells)]
    known = [m for m in measures if m is not None]
    assert len(known) == len(measures)
    data = module(cells)
    easy, medium, sizes = LEVELLED[cells]
    assert cuts(cells) == cut(known) == (easy, medium) == tuple(map(tuple, data.CUTS))
    counted = {name: sum(level(m, cuts(cells)) == name for m in known) for name in LEVELS}
    assert sizes == data.LEVELS == counted
    assert {cap: sum(m.cap == cap for m in known) for cap in sorted({m.cap for m in known})} == data.CAPS


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
@pytest.mark.parametrize("cells", SIZES)
def test_a_sample_is_certified_again(cells: int) -> None:
    """8 deals of each catalogue, drawn afresh each run: won within the tool's budget, and
    their measure certified again, its win kept to the cap and won through Game."""
    data = module(cells)
    for number in random.Random().sample(catalogue(cells), SAMPLE):
        code = DealCode(number, cells)
        result = solve(code.deal(), data.BUDGET)
        assert result.verdict == "solved" and Game.after(code, result.moves).is_won, code
        found = certify(code.deal(), data.CERTIFY)
        assert found is not None and found.measure == measure_of(code), code
        assert within(code.deal(), found.moves, found.measure.cap), code
        assert Game.after(code, found.moves).is_won, code


@pytest.mark.parametrize("cells", SIZES)
def test_winnable_draws_a_deal_of_the_level_asked(cells: int) -> None:
    for name in LEVELS:
        first = winnable(cells, lambda n: 0, level=name)
        last = winnable(cells, lambda n: n - 1, level=name)
        assert level_of(first) == level_of(last) == name and first != last
        assert catalogue(cells).index(first.number) < catalogue(cells).index(last.number)
    assert level_of(winnable(cells, level="hard")) == "hard"


def test_winnable_with_no_level_draws_from_the_whole_catalogue() -> None:
    numbers = catalogue(2)
    assert winnable(2, below=lambda n: n - 1) == DealCode(numbers[-1], 2)
    assert winnable(8, lambda n: 0) == DealCode(catalogue(8)[0], 8)
    assert is_catalogued(winnable(4)) and is_catalogued(winnable(8, budget=1))
    assert CATALOGUED == (2, 4, 8)


def test_a_deal_outside_the_catalogue_has_no_level() -> None:
    number = catalogue(2)[0]
    outside = DealCode(number, 8)
    assert not is_catalogued(outside) and level_of(outside) is None and measure_of(outside) is None
    assert level_of(DealCode(number, 2)) in LEVELS


def test_bad_cell_counts_and_levels() -> None:
    with pytest.raises(DealCodeError, match="a game has 8, 4 or 2 cells, not 3"):
        winnable(3)
    with pytest.raises(DealCodeError, match="a game has 8, 4 or 2 cells, not 3"):
        catalogue(3)
    with pytest.raises(DealCodeError, match="a game has 8, 4 or 2 cells, not 5"):
        cuts(5)
    with pytest.raises(ValueError, match="a level is one of easy, medium, hard, not 'expert'"):
        winnable(4, level="expert")  # type: ignore[arg-type]


def test_each_catalogue_is_imported_when_its_cell_count_is_asked_for() -> None:
    """``eightoff.winnable`` imports no catalogue; asking for one cell count imports its
    own (the page's first board needs only that one: issue 35)."""
    script = (
        "import sys\n"
        "from eightoff import DealCode\n"
        "from eightoff.winnable import level_of, winnable\n"
        "loaded = lambda: sorted(m for m in sys.modules if m.startswith('eightoff.winnable_deals'))\n"
        "print(loaded())\n"
        "winnable(2)\n"
        "print(loaded())\n"
        "level_of(DealCode(1, 8))\n"
        "print(loaded())\n"
    )
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.splitlines() == [
        "[]",
        "['eightoff.winnable_deals_2']",
        "['eightoff.winnable_deals_2', 'eightoff.winnable_deals_8']",
    ]

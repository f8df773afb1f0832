"""A deal's measure and level (eightoff/levels.py): exact certified measures, the proofs
behind them, and the cuts into three levels with ties kept together."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eightoff import DealCode
from eightoff.levels import LEVELS, Measure, certify, cut, level
from eightoff.solver import fills, solve, within

from .test_solver import wins

MEASURED = {
    # code: measure, positions all its searches took
    "EO1-C2-AAAAAFI": (Measure(1, 2), 119),
    "EO1-C4-AAAAAAF": (Measure(4, 7), 7778),
    "EO1-C4-AAAAABB": (Measure(4, 6), 1353),
    "EO1-C8-AAAAAAA": (Measure(6, 7), 7025),
    "EO1-C8-AAAAAAB": (Measure(5, 5), 2139),
    "EO1-C8-AAAAAFA": (Measure(8, 6), 15925),
}


@pytest.mark.parametrize(("text", "expected"), MEASURED.items())
def test_exact_measures(text: str, expected: tuple[Measure, int]) -> None:
    """The measure, and what certifies it: the win under the cap keeps to it, wins
    through ``Game`` and puts that many cards into cells; one card less is proved lost."""
    position = DealCode.parse(text).deal()
    found = certify(position)
    assert found is not None and (found.measure, found.positions) == expected
    cap = found.measure.cap
    assert within(position, found.moves, cap) and wins(position, found.moves)
    assert fills(found.moves) == found.measure.fills
    assert cap == 0 or solve(position, cap=cap - 1).verdict == "unsolvable"


def test_a_lost_deal_and_a_search_that_gives_up_have_no_measure() -> None:
    assert certify(DealCode.parse("EO1-C4-AAAAAAA").deal()) is None
    assert certify(DealCode.parse("EO1-C8-AAAAAFA").deal(), budget=1000) is None


def test_measures_order_by_the_cap_then_the_fills() -> None:
    assert Measure(3, 9) < Measure(4, 1) < Measure(4, 2)
    assert sorted([Measure(5, 5), Measure(4, 9), Measure(5, 2)]) == [
        Measure(4, 9),
        Measure(5, 2),
        Measure(5, 5),
    ]


def test_thirds_when_the_measures_allow() -> None:
    measures = [Measure(cap, fill) for cap in (4, 5, 6) for fill in range(1, 4)]
    assert cut(measures) == (Measure(4, 3), Measure(5, 3))
    assert [level(m, cut(measures)) for m in measures] == ["easy"] * 3 + ["medium"] * 3 + ["hard"] * 3


def test_deals_of_one_measure_share_a_level() -> None:
    """Ten deals: 1 of (2, 1), 5 of (3, 1), 1 of (3, 2), 3 of (4, 1). Kept whole, the
    measures can make 1, 5, 4 deals (squared distances from a third, in thirds of a deal:
    49 + 25 + 4 = 78), 1, 6, 3 (114) or 6, 1, 3 (114): the first is chosen."""
    measures = [Measure(2, 1)] + [Measure(3, 1)] * 5 + [Measure(3, 2)] + [Measure(4, 1)] * 3
    assert cut(measures) == (Measure(2, 1), Measure(3, 1))
    sizes = [sum(level(m, cut(measures)) == name for m in measures) for name in LEVELS]
    assert sizes == [1, 5, 4]


def test_a_tie_between_cuts_puts_the_fewest_deals_in_easy_then_medium() -> None:
    """Four measures, one deal each: 1, 1, 2 and 1, 2, 1 and 2, 1, 1 are as near thirds."""
    measures = [Measure(1, 0), Measure(2, 0), Measure(3, 0), Measure(4, 0)]
    assert cut(measures) == (Measure(1, 0), Measure(2, 0))


def test_fewer_than_three_measures_cannot_be_cut() -> None:
    with pytest.raises(ValueError, match="three levels need three distinct measures, not 2"):
        cut([Measure(1, 2), Measure(1, 3), Measure(1, 2)])


@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 12)), min_size=3))
def test_the_cut_is_the_best_of_all_cuts(pairs: list[tuple[int, int]]) -> None:
    """Against every way to cut the sorted distinct measures in three non-empty runs: none
    is nearer thirds, and the levels go up with the measure."""
    measures = [Measure(*pair) for pair in pairs]
    distinct = sorted(set(measures))
    if len(distinct) < 3:
        return
    cuts = cut(measures)
    named = [level(m, cuts) for m in measures]

    def spread(sizes: list[int]) -> int:
        return sum((3 * size - len(measures)) ** 2 for size in sizes)

    chosen = spread([named.count(name) for name in LEVELS])
    assert all(named.count(name) > 0 for name in LEVELS)
    for i in range(1, len(distinct) - 1):
        for j in range(i + 1, len(distinct)):
            sizes = [
                sum(m <= distinct[i - 1] for m in measures),
                0,
                sum(m > distinct[j - 1] for m in measures),
            ]
            sizes[1] = len(measures) - sizes[0] - sizes[2]
            assert chosen <= spread(sizes)
    order = sorted(zip(measures, named, strict=True))
    assert [LEVELS.index(name) for _, name in order] == sorted(LEVELS.index(name) for name in named)

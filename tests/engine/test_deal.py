"""Deal codes and the shuffle (SPEC §2 and §6; docs/deal-codes.md)."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eightoff import DealCode, DealCodeError, Position, deal
from eightoff.deal import NUMBERS, SplitMix64, shuffled_deck

VECTORS = Path(__file__).parent / "vectors" / "deal-codes.txt"


def read_vectors() -> dict[str, str]:
    blocks = VECTORS.read_text(encoding="utf-8").split("\n\n")
    pairs = [block.strip().split("\n", 1) for block in blocks if not block.startswith("#")]
    return {code: layout for code, layout in pairs}


VECTOR_CODES = list(read_vectors())


def test_the_vectors_cover_what_they_must() -> None:
    codes = read_vectors()
    assert len(codes) >= 24
    assert {"EO1-C8-AAAAAFA", "EO1-C8-AAAAAAA", "EO1-C8-7777777"} <= set(codes)
    assert {code[4:6] for code in codes} == {"C8", "C4", "C2"}


@pytest.mark.parametrize("code", VECTOR_CODES)
def test_golden_vector(code: str) -> None:
    """The engine deals exactly the stored layout; the file is never regenerated here."""
    layout = read_vectors()[code]
    position = DealCode.parse(code).deal()
    assert position.fcs() == layout
    assert Position.from_fcs(layout) == position


# -- the code -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number", "cells", "printed"),
    [
        ("EO1-C8-AAAAAFA", 160, 8, "EO1-C8-AAAAAFA"),
        ("EO1-C8-AAAAAAA", 0, 8, "EO1-C8-AAAAAAA"),
        ("EO1-C8-7777777", (1 << 35) - 1, 8, "EO1-C8-7777777"),
        ("EO1-C4-AAAAAAF", 5, 4, "EO1-C4-AAAAAAF"),
        ("EO1-C2-AAAAABA", 32, 2, "EO1-C2-AAAAABA"),
        ("eo1-c2-aaaaafi", 168, 2, "EO1-C2-AAAAAFI"),
        ("  Eo1-C4-aAaAaFa\t\n", 160, 4, "EO1-C4-AAAAAFA"),
        ("EO1-C8-BAAAAAA", 1 << 30, 8, "EO1-C8-BAAAAAA"),
    ],
)
def test_parse_and_print(text: str, number: int, cells: int, printed: str) -> None:
    code = DealCode.parse(text)
    assert (code.number, code.cells) == (number, cells)
    assert str(code) == printed
    assert repr(code) == f"DealCode.parse({printed!r})"
    assert DealCode.parse(str(code)) == code


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("", "deal-empty", "the deal code is empty"),
        ("   ", "deal-empty", "the deal code is empty"),
        ("EO2-C8-AAAAAFA", "deal-prefix", "a deal code starts with EO1- (like EO1-C8-AAAAAFA)"),
        ("FC1-C8-AAAAAFA", "deal-prefix", "a deal code starts with EO1- (like EO1-C8-AAAAAFA)"),
        ("AAAAAFA", "deal-prefix", "a deal code starts with EO1- (like EO1-C8-AAAAAFA)"),
        ("EO1", "deal-parts", "a deal code has three parts joined by dashes, like EO1-C8-AAAAAFA"),
        ("EO1-C8-AAA-AFA", "deal-parts", "a deal code has three parts joined by dashes, like EO1-C8-AAAAAFA"),
        ("EO1-C9-AAAAAFA", "deal-cells", "the cell count must be C8, C4 or C2, not 'C9'"),
        ("EO1-C3-AAAAAFA", "deal-cells", "the cell count must be C8, C4 or C2, not 'C3'"),
        ("EO1-8-AAAAAFA", "deal-cells", "the cell count must be C8, C4 or C2, not '8'"),
        ("EO1-C8-AAAAAF", "deal-length", "the deal number has 7 characters, not 6"),
        ("EO1-C8-AAAAAFAA", "deal-length", "the deal number has 7 characters, not 8"),
        ("EO1-C8-", "deal-length", "the deal number has 7 characters, not 0"),
        ("EO1-C8-AAAAAF0", "deal-zero", "'0' is not in deal codes: type the letter O"),
        ("EO1-C8-AAAAAF1", "deal-one", "'1' is not in deal codes: type the letter I or L"),
        (
            "EO1-C8-8AAAAFA",
            "deal-character",
            "'8' is not allowed in a deal code: use letters A-Z and digits 2-7",
        ),
        (
            "EO1-C8-AAA9AFA",
            "deal-character",
            "'9' is not allowed in a deal code: use letters A-Z and digits 2-7",
        ),
        (
            "EO1-C8-AAAAAF!",
            "deal-character",
            "'!' is not allowed in a deal code: use letters A-Z and digits 2-7",
        ),
        (
            "EO1-C8-AAA AFA",
            "deal-character",
            "' ' is not allowed in a deal code: use letters A-Z and digits 2-7",
        ),
    ],
)
def test_parse_errors(text: str, code: str, message: str) -> None:
    with pytest.raises(DealCodeError) as info:
        DealCode.parse(text)
    assert (info.value.code, str(info.value)) == (code, message)


def test_error_details() -> None:
    with pytest.raises(DealCodeError) as info:
        DealCode.parse("EO1-C8-AAAAAF\x00")
    assert info.value.params == {"character": "U+0000"}  # named: the player cannot see a NUL
    assert str(info.value) == "'U+0000' is not allowed in a deal code: use letters A-Z and digits 2-7"
    with pytest.raises(DealCodeError) as info:
        DealCode.parse("EO1-C8-ABC")
    assert info.value.params == {"length": 3}
    with pytest.raises(DealCodeError, match=r"not 'C12345678901…'"):
        DealCode.parse("EO1-C1234567890123-AAAAAFA")
    with pytest.raises(DealCodeError) as info:
        DealCode.parse(None)  # type: ignore[arg-type]
    assert (info.value.code, str(info.value)) == ("deal-empty", "a deal code must be text")


def test_constructor_checks() -> None:
    with pytest.raises(DealCodeError) as info:
        DealCode(NUMBERS)
    assert (info.value.code, str(info.value)) == ("deal-number", "a deal number is 0 to 34359738367")
    with pytest.raises(DealCodeError, match="a deal number is 0 to 34359738367"):
        DealCode(-1)
    with pytest.raises(DealCodeError) as info:
        DealCode(0, 6)
    assert (info.value.code, str(info.value)) == ("deal-cells", "a game has 8, 4 or 2 cells, not 6")


def test_random_codes_are_valid() -> None:
    for cells in (8, 4, 2):
        codes = {DealCode.random(cells) for _ in range(50)}
        assert len(codes) > 45  # 2^35 numbers: repeats are vanishingly rare
        for code in codes:
            assert code.cells == cells
            assert 0 <= code.number < NUMBERS
            assert DealCode.parse(str(code)) == code
    assert DealCode.random().cells == 8


def test_random_deals_are_drawn_from_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """SPEC §6: the number comes from the operating system's cryptographically strong
    source (``secrets``), over every deal number."""
    drawn: list[int] = []

    def randbelow(bound: int) -> int:
        drawn.append(bound)
        return 160

    monkeypatch.setattr(secrets, "randbelow", randbelow)
    assert DealCode.random(4) == DealCode.parse("EO1-C4-AAAAAFA")
    assert str(DealCode.random()) == "EO1-C8-AAAAAFA"
    assert drawn == [NUMBERS, NUMBERS] == [1 << 35] * 2


# -- the shuffle --------------------------------------------------------------------------------


def test_splitmix64_reference_outputs_for_seed_0() -> None:
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_splitmix64_wraps_its_state() -> None:
    rng = SplitMix64((1 << 64) + 5)
    assert rng.state == 5


def test_bounded_integers_reject_the_biased_low_values() -> None:
    class Scripted(SplitMix64):
        def __init__(self, outputs: list[int]) -> None:
            super().__init__(0)
            self.outputs = outputs

        def next(self) -> int:
            return self.outputs.pop(0)

    # 2^64 mod 3 = 1: the output 0 is rejected, the next (7) gives 7 mod 3 = 1.
    assert Scripted([0, 7]).below(3) == 1
    # 2^64 mod 52 = 16: outputs below 16 are rejected.
    assert Scripted([15, 16]).below(52) == 16
    assert Scripted([2**64 - 1]).below(52) == (2**64 - 1) % 52
    assert Scripted([0]).below(2) == 0  # a power of two rejects nothing


def test_first_draws_of_deal_160() -> None:
    """The worked example of docs/deal-codes.md."""
    rng = SplitMix64(160)
    outputs = [rng.next() for _ in range(3)]
    assert outputs == [0x911B6C48E11C7F00, 0xBB4C4E486EEB2BF1, 0x8AAAD5101BA6EC78]
    rng = SplitMix64(160)
    assert [rng.below(n) for n in (52, 51, 50)] == [o % n for o, n in zip(outputs, (52, 51, 50), strict=True)]


def test_shuffled_deck_of_deal_160() -> None:
    deck = [str(c) for c in shuffled_deck(160)]
    assert " ".join(deck[:8]) == "3S JH 6H 4S AS 3C AH 8S"
    assert " ".join(deck[48:]) == "QS 7S TH KS"
    assert len(set(deck)) == 52


# -- the layouts (SPEC §2) ----------------------------------------------------------------------


@pytest.mark.parametrize("number", [0, 160, 12345])
def test_layouts_for_8_4_and_2_cells(number: int) -> None:
    deck = shuffled_deck(number)
    eight, four, two = (deal(DealCode(number, cells)) for cells in (8, 4, 2))
    for position in (eight, four, two):
        assert position.foundations == (0, 0, 0, 0)
    for c in range(8):
        assert eight.columns[c] == four.columns[c] == tuple(deck[c:48:8])  # card i to column i mod 8
    assert eight.cells == (*deck[48:52], None, None, None, None)
    assert four.cells == tuple(deck[48:52])
    assert two.cells == tuple(deck[48:50])
    assert two.columns[2] == (*deck[2:48:8], deck[50])  # on top of column 3: 7 cards
    assert two.columns[3] == (*deck[3:48:8], deck[51])
    assert [len(c) for c in two.columns] == [6, 6, 7, 7, 6, 6, 6, 6]
    assert [two.columns[c] for c in (0, 1, 4, 5, 6, 7)] == [eight.columns[c] for c in (0, 1, 4, 5, 6, 7)]


def test_layout_of_the_seeds_example() -> None:
    assert DealCode.parse("EO1-C2-AAAAAFA").deal().fcs() == (
        "Foundations: S-0 H-0 D-0 C-0\n"
        "Freecells: QS 7S\n"
        ": 3S AD 8H KH 6S 5S\n"
        ": JH 8C 6C AC 3H 5H\n"
        ": 6H 2H KD 7H 5D 8D TH\n"
        ": 4S JC 7D 9C QH 4H KS\n"
        ": AS QC 2S 7C 4C 5C\n"
        ": 3C 9S 2D TC TD JS\n"
        ": AH 9D 9H KC QD 6D\n"
        ": 8S 2C 4D 3D JD TS"
    )


def test_the_same_code_deals_the_same_cards() -> None:
    code = DealCode.parse("EO1-C8-EIGHTOF")
    assert code.deal() == deal(code) == DealCode.parse("eo1-c8-eightof").deal()
    assert DealCode(1).deal() != DealCode(0).deal()


LOOK_ALIKES = {
    "long s": ("eo1-c8-aaaaa\u017fa", "\u017f (U+017F)"),
    "ff ligature": ("eo1-c8-aaaa\ufb00a", "\ufb00 (U+FB00)"),
    "dotless i": ("eo1-c8-aaaaaf\u0131", "\u0131 (U+0131)"),
    "st ligature": ("eo1-c8-aaaaa\ufb06", "\ufb06 (U+FB06)"),
    "Kelvin sign": ("EO1-C8-AAAAAF\u212a", "\u212a (U+212A)"),
    "sharp s": ("EO1-C8-AAAAAF\u00df", "\u00df (U+00DF)"),
    "fullwidth A": ("EO1-C8-AAAAAF\uff21", "\uff21 (U+FF21)"),
    "information separators": ("\x1fEO1-C8-AAAAAFA\x1c", "U+001F"),
    "a trailing NUL": ("EO1-C8-AAAAAF\x00", "U+0000"),
    "a zero-width space": ("EO1-C8-AAA\u200bAAF", "U+200B"),
    "a combining accent": ("EO1-C8-AAAAAE\u0301", "U+0301"),
    "a no-break space around": ("\u00a0EO1-C8-AAAAAFA", "U+00A0"),
}


@pytest.mark.parametrize("case", LOOK_ALIKES)
def test_only_ascii_is_read_a_look_alike_or_invisible_character_is_named(case: str) -> None:
    """docs/deal-codes.md: surrounding ASCII blanks and ASCII case are ignored, nothing else
    (Unicode case folding would turn ſ into S, ﬀ into FF, ı into I, the Kelvin sign into K)."""
    text, shown = LOOK_ALIKES[case]
    with pytest.raises(DealCodeError) as info:
        DealCode.parse(text)
    assert (info.value.code, info.value.params) == ("deal-character", {"character": shown})
    assert str(info.value) == f"{shown!r} is not allowed in a deal code: use letters A-Z and digits 2-7"


@pytest.mark.parametrize("text", ["EO1 C8 AAAAAFA", "EO1_C8_AAAAAFA", "EO1C8AAAAAFA", "eo1.c8.aaaaafa"])
def test_a_code_that_starts_with_eo1_is_not_told_to_start_with_it(text: str) -> None:
    with pytest.raises(DealCodeError) as info:
        DealCode.parse(text)
    assert info.value.code == "deal-parts"


def test_ascii_blanks_and_case_are_ignored() -> None:
    assert str(DealCode.parse("\t eo1-C8-aaaaafa \r\n\f\v")) == "EO1-C8-AAAAAFA"


def test_a_long_input_is_quoted_cut() -> None:
    with pytest.raises(DealCodeError) as info:
        DealCode.parse("EO1-" + "X" * 200_000 + "-AAAAAFA")
    assert str(info.value) == "the cell count must be C8, C4 or C2, not 'XXXXXXXXXXXX…'"


@given(st.text(max_size=30))
def test_any_text_is_a_code_only_when_its_ascii_form_is(text: str) -> None:
    """Whatever is typed, a code read is exactly the text without its ASCII blanks, in ASCII
    capitals; anything else is refused with a DealCodeError."""
    try:
        code = DealCode.parse(text)
    except DealCodeError:
        return
    assert str(code) == text.strip(" \t\n\r\f\v").upper()
    assert text.strip(" \t\n\r\f\v").isascii()


@given(st.integers(0, 14), st.text(min_size=1, max_size=3).filter(lambda t: not t.isascii()))
def test_a_code_with_any_non_ascii_character_is_refused(at: int, extra: str) -> None:
    text = "EO1-C8-AAAAAFA"
    spoiled = text[:at] + extra + text[at:]
    with pytest.raises(DealCodeError):
        DealCode.parse(spoiled)

"""Deal codes and the shuffle (SPEC §2 and §6; the algorithm in docs/deal-codes.md).

A code is ``EO1-C{8|4|2}-XXXXXXX``: code format 1 of Eight Off, the number of cells, and a
35-bit deal number in 7 characters of the RFC 4648 base32 alphabet, most significant first.

>>> code = DealCode.parse(" eo1-c8-aaaaafa ")
>>> code.number, code.cells, str(code)
(160, 8, 'EO1-C8-AAAAAFA')
"""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass
from typing import Final

from .cards import DECK, Card
from .errors import DealCodeError, clipped
from .piles import COLUMNS
from .position import CELL_COUNTS, Position, cell_choices, check_cells

PREFIX: Final = "EO1"
ALPHABET: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
"""RFC 4648 base32: each character holds 5 bits."""
LOOKALIKES: Final = {"0": "O", "1": "I or L"}
"""The digits base32 leaves out for the letters they look like: a code typed with one is
told which letter it means."""
BLANKS: Final = " \t\n\r\f\v"
"""The ASCII blanks a code may be surrounded by (copied from a message, say)."""
DIGITS: Final = 7
NUMBERS: Final = 1 << (5 * DIGITS)
"""Deal numbers are 0 to 2^35 - 1."""
MASK64: Final = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class DealCode:
    """A deal: its 35-bit ``number`` and its number of ``cells`` (one of :data:`CELL_COUNTS`)."""

    number: int
    cells: int = CELL_COUNTS[0]

    def __post_init__(self) -> None:
        if not (isinstance(self.number, int) and 0 <= self.number < NUMBERS):
            raise DealCodeError(f"a deal number is 0 to {NUMBERS - 1}", code="deal-number")
        check_cells(self.cells, DealCodeError, code="deal-cells")

    @classmethod
    def parse(cls, text: str) -> DealCode:
        """Read a code; ASCII case and surrounding ASCII blanks (space, tab, line breaks) do
        not matter. Anything else raises :class:`DealCodeError` with a message that says
        what is wrong: any other character, a look-alike letter (``ſ``, ``ı``, the Kelvin
        sign) or an invisible one included, is refused, not folded into a letter.

        >>> DealCode.parse("eo1-c8-aaaaafk")
        DealCode.parse('EO1-C8-AAAAAFK')
        >>> DealCode.parse("eo1-c8-aaaaaf\u212a")
        Traceback (most recent call last):
        ...
        eightoff.errors.DealCodeError: '\u212a (U+212A)' is not allowed in a deal code: use letters ...
        """
        if not isinstance(text, str):
            raise DealCodeError("a deal code must be text", code="deal-empty")
        code = text.strip(BLANKS)
        if not code:
            raise DealCodeError("the deal code is empty", code="deal-empty")
        odd = next((c for c in code if not (c.isascii() and c.isprintable())), None)
        if odd is not None:
            _refuse(odd)
        code = code.upper()
        parts = code.split("-")
        if not code.startswith(PREFIX):
            raise DealCodeError(
                f"a deal code starts with {PREFIX}- (like EO1-C8-AAAAAFA)", code="deal-prefix"
            )
        if len(parts) != 3 or parts[0] != PREFIX:
            raise DealCodeError(
                "a deal code has three parts joined by dashes, like EO1-C8-AAAAAFA", code="deal-parts"
            )
        cells, digits = parts[1], parts[2]
        if cells not in [f"C{count}" for count in CELL_COUNTS]:
            raise DealCodeError(
                f"the cell count must be {cell_choices('C')}, not {_shown(cells)}", code="deal-cells"
            )
        if len(digits) != DIGITS:
            raise DealCodeError(
                f"the deal number has 7 characters, not {len(digits)}",
                code="deal-length",
                length=len(digits),
            )
        bad = [c for c in digits if c not in ALPHABET]
        if bad:
            _refuse(bad[0])
        number = 0
        for c in digits:
            number = number * 32 + ALPHABET.index(c)
        return cls(number, int(cells[1:]))

    def __str__(self) -> str:
        digits = "".join(ALPHABET[(self.number >> (5 * i)) & 31] for i in reversed(range(DIGITS)))
        return f"{PREFIX}-C{self.cells}-{digits}"

    def __repr__(self) -> str:
        return f"DealCode.parse({str(self)!r})"

    @classmethod
    def random(cls, cells: int = CELL_COUNTS[0]) -> DealCode:
        """A deal drawn from the operating system's cryptographically strong source."""
        return cls(secrets.randbelow(NUMBERS), cells)

    def deal(self) -> Position:
        """The starting position of this deal."""
        return deal(self)


def _refuse(character: str) -> None:
    """Refuse a character of a deal code, named so it can be recognised: itself when it
    is a visible ASCII character, with its code point when it is another visible one, the
    code point alone when it is invisible or combines with its neighbour (a control or
    format character, a blank, an accent)."""
    if character in LOOKALIKES:  # a digit the alphabet leaves out, for the letter it looks like
        raise DealCodeError(
            f"{character!r} is not in deal codes: type the letter {LOOKALIKES[character]}",
            code="deal-zero" if character == "0" else "deal-one",
        )
    if character.isascii() and character.isprintable():
        shown = character
    elif unicodedata.category(character)[0] in "LNPS":  # a letter, digit, mark of punctuation, symbol
        shown = f"{character} (U+{ord(character):04X})"
    else:
        shown = f"U+{ord(character):04X}"
    raise DealCodeError(
        f"{shown!r} is not allowed in a deal code: use letters A-Z and digits 2-7",
        code="deal-character",
        character=shown,
    )


def _shown(text: str) -> str:
    """Quote a piece of user input for a message, kept short and printable."""
    return repr(clipped(text))  # repr escapes what cannot be printed: a NUL shows as \x00


class SplitMix64:
    """SplitMix64 (Steele, Lea and Flood 2014), seeded with the deal number."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """An unbiased integer in ``[0, bound)``: reject outputs under ``2^64 mod bound``,
        then take the remainder."""
        threshold = (1 << 64) % bound
        while True:
            value = self.next()
            if value >= threshold:
                return value % bound


def shuffled_deck(number: int) -> list[Card]:
    """The deck (AS … KS, AH … KH, AD … KD, AC … KC) shuffled by Durstenfeld's
    Fisher–Yates: for i from 51 down to 1, swap card i with card ``below(i + 1)``."""
    rng = SplitMix64(number)
    deck = list(DECK)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(code: DealCode) -> Position:
    """Lay out a deal (SPEC §2): cards 0–47 in rows, card i to column (i mod 8) + 1; with
    8 or 4 cells cards 48–51 go to cells 1–4; with 2 cells cards 48 and 49 go to cells 1
    and 2 and cards 50 and 51 on top of columns 3 and 4."""
    deck = shuffled_deck(code.number)
    columns = [deck[c:48:COLUMNS] for c in range(COLUMNS)]
    cells: list[Card | None] = [None] * code.cells
    if code.cells == 2:
        cells[:] = deck[48:50]
        columns[2].append(deck[50])
        columns[3].append(deck[51])
    else:
        cells[:4] = deck[48:52]
    return Position(tuple(tuple(column) for column in columns), tuple(cells), (0, 0, 0, 0))

"""Write the deal-code test vectors: tests/engine/vectors/deal-codes.txt.

Run ONCE (``python tools/make_vectors.py``) when the file is first made. The file is then
the fixed reference: tests check the engine against it and never regenerate it, because
a deal code must deal the same cards forever (docs/deal-codes.md). Rerunning must give an
identical file; ``--check`` says whether it does.

This script is a second implementation of docs/deal-codes.md written from the document
alone: it imports nothing from ``eightoff``, so the vectors test the engine against the
documentation, not against itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "engine" / "vectors" / "deal-codes.txt"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
MASK = (1 << 64) - 1
NUMBERS = [0, 1, 5, 31, 32, 33, 160, 168, 1_000_000, 12_345_678_901, (1 << 35) - 1]
EXTRA = ["EO1-C8-EIGHTOF", "EO1-C4-SOLVE22", "EO1-C2-ZZZZ234"]


def code(number: int, cells: int) -> str:
    digits = "".join(ALPHABET[(number >> (5 * i)) & 31] for i in range(6, -1, -1))
    return f"EO1-C{cells}-{digits}"


def number_of(text: str) -> int:
    value = 0
    for character in text[-7:]:
        value = value * 32 + ALPHABET.index(character)
    return value


def shuffled(number: int) -> list[str]:
    state = number

    def next64() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(n: int) -> int:
        threshold = (1 << 64) % n
        while (value := next64()) < threshold:
            pass
        return value % n

    deck = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]
    for i in range(51, 0, -1):
        j = below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def layout(number: int, cells: int) -> str:
    deck = shuffled(number)
    columns = [deck[c:48:8] for c in range(8)]
    free = ["-"] * cells
    if cells == 2:
        free = deck[48:50]
        columns[2].append(deck[50])
        columns[3].append(deck[51])
    else:
        free[:4] = deck[48:52]
    lines = ["Foundations: S-0 H-0 D-0 C-0", "Freecells: " + " ".join(free)]
    lines += [": " + " ".join(column) for column in columns]
    return "\n".join(lines)


def text() -> str:
    codes = [code(n, cells) for n in NUMBERS for cells in (8, 4, 2)] + EXTRA
    blocks = [f"{c}\n{layout(number_of(c), int(c[5]))}" for c in codes]
    head = (
        "# Eight Off deal-code test vectors (docs/deal-codes.md): a code, then its starting\n"
        "# layout in Freecell Solver's board format; blocks are separated by blank lines.\n"
        "# Made once by tools/make_vectors.py. Never edit or regenerate to make a test pass:\n"
        "# a code deals the same cards forever, and a change of algorithm means EO2.\n"
    )
    return head + "\n" + "\n\n".join(blocks) + "\n"


def main(argv: list[str]) -> int:
    if argv[1:] == ["--check"]:
        same = OUT.read_text(encoding="utf-8") == text()
        print("the vectors match" if same else "the vectors DIFFER from this script's output")
        return 0 if same else 1
    if OUT.exists():
        print(f"{OUT} exists; it is the fixed reference. Use --check to compare.", file=sys.stderr)
        return 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text(), encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

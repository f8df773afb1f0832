"""Cards: the two-character notation of Freecell Solver and PySol (SPEC §1)."""

from __future__ import annotations

import pytest

from eightoff import DECK, RANKS, SUITS, Card, NotationError


def test_ranks_and_suits_in_spec_order() -> None:
    assert RANKS == "A23456789TJQK"
    assert SUITS == "SHDC"


@pytest.mark.parametrize(
    ("text", "rank", "suit", "printed"),
    [
        ("AS", 1, "S", "AS"),
        ("TH", 10, "H", "TH"),
        ("10H", 10, "H", "TH"),
        ("10h", 10, "H", "TH"),
        ("  kc ", 13, "C", "KC"),
        ("9d", 9, "D", "9D"),
        ("jS", 11, "S", "JS"),
        ("Qh", 12, "H", "QH"),
    ],
)
def test_parse_and_print(text: str, rank: int, suit: str, printed: str) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert str(card) == printed
    assert repr(card) == f"Card.parse('{printed}')"


def test_every_card_round_trips() -> None:
    assert [str(Card.parse(str(card))) for card in DECK] == [str(card) for card in DECK]
    assert all(Card.parse(str(card)) is card for card in DECK)


def test_deck_order() -> None:
    assert " ".join(map(str, DECK[:14])) == "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH"
    assert str(DECK[-1]) == "KC"
    assert len(set(DECK)) == 52


@pytest.mark.parametrize("text", ["", "A", "1S", "11H", "10", "ZS", "AX", "ASS", "T H", "0H", "10HH"])
def test_parse_errors(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert info.value.code == "notation"
    assert str(info.value) == f"{text.strip()!r} is not a card (write it like AS, TH or KC)"


@pytest.mark.parametrize(("rank", "suit"), [(0, "S"), (14, "H"), (5, "X"), (5, ""), (5, "SH")])
def test_constructor_refuses_impossible_cards(rank: int, suit: str) -> None:
    with pytest.raises(NotationError, match="no such card"):
        Card(rank, suit)


@pytest.mark.parametrize(
    ("text", "name"),
    [("AS", "ace of spades"), ("7H", "7 of hearts"), ("TD", "10 of diamonds"), ("QC", "queen of clubs")],
)
def test_names(text: str, name: str) -> None:
    assert Card.parse(text).name == name


def test_king_and_jack_names() -> None:
    assert Card.parse("KH").name == "king of hearts"
    assert Card.parse("JS").name == "jack of spades"

"""Words on the page (eightoff/web/words/i18n.py), in English (the msgids): gettext, ngettext,
pgettext; engine errors translated by their code and params, never a placeholder left
unfilled. The catalogues of the other languages: tests/tools/test_catalogues.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from eightoff import DealCode, DealCodeError, Game, HistoryError, IllegalMoveError, Move, Pile
from eightoff.rules import check
from eightoff.web.words import i18n
from eightoff.web.words.card_names import card_name, corner
from eightoff.web.words.engine_errors import ERRORS, error_text, sentence
from eightoff.web.words.i18n import _, ngettext, set_language
from tests.engine.helpers import board

ENGINE = Path(i18n.__file__).resolve().parents[2]


def engine_codes() -> set[str]:
    """Every ``code="..."`` the engine's illegal-move, history and deal-code errors use."""
    codes = set()
    for name in ("rules.py", "game.py", "deal.py"):
        codes |= set(re.findall(r'code="([a-z-]+)"', (ENGINE / name).read_text()))
    return codes | {"undo-limit"}  # game.py picks it in a conditional


def test_every_engine_error_code_has_a_sentence() -> None:
    assert engine_codes() - set(ERRORS) == set()
    assert {"column-build-king", "undo-limit", "capacity"} <= engine_codes()


def test_gettext_fills_params_and_shows_a_missing_one_as_itself() -> None:
    assert _("Score {score}", score=35) == "Score 35"
    assert _("Score {score}") == "Score {score}"
    assert ngettext("{n} cell", "{n} cells", 1, n=1) == "1 cell"


def test_an_unknown_language_falls_back_to_english() -> None:
    assert set_language("xx-YY") == "en"
    assert _("Undo") == "Undo"


def test_card_names_and_corners() -> None:
    assert card_name("TH") == "10 of hearts"
    assert card_name("KS") == "king of spades"
    assert [corner(c) for c in ("AS", "7D", "TC", "JH", "QS", "KD")] == ["A", "7", "10", "J", "Q", "K"]
    assert (card_name(""), card_name("1H"), card_name("TH ")) == ("", "1H", "TH ")


@pytest.mark.parametrize(
    ("columns", "cells", "move", "expected"),
    [
        (
            ("* KS QS JS TS", ""),
            "2C 3C - -",
            "12x4",
            "4 cards is more than the 3 that 2 free cells and 1 empty column allow.",
        ),
        (
            ("* KS QS JS TS 9S", "", ""),
            "2C 3C 4C -",
            "12x5",
            "5 cards is more than the 4 that 1 free cell and 2 empty columns allow.",
        ),
    ],
)
def test_the_capacity_refusal_counts_in_words(
    columns: tuple[str, ...], cells: str, move: str, expected: str
) -> None:
    """The seeds' worked example and its singular forms (tests/engine/test_rules.py)."""
    fillers = ["4C", "5C", "6C", "7C", "8C", "9C"][len(columns) - 2 :]
    position = board(*columns, *fillers, cells=cells, n=4)
    with pytest.raises(IllegalMoveError) as refused:
        check(position, Move.parse(move))
    assert refused.value.code == "capacity"
    assert error_text(refused.value) == expected


def every_refusal(game: Game) -> list[IllegalMoveError]:
    """The engine's reason for every illegal single and group move in a position."""
    errors = []
    piles = list(game.position.piles())
    for source in piles:
        for target in piles:
            for count in (1, 2, 3, 14):
                try:
                    check(game.position, Move(source, target, count))
                except IllegalMoveError as error:
                    errors.append(error)
    return errors


@pytest.mark.parametrize("code", ["EO1-C8-AAAAAFA", "EO1-C2-AAAAAFA", "EO1-C4-ZZZZZZZ"])
def test_every_refusal_reads_as_a_full_sentence_without_placeholders(code: str) -> None:
    errors = every_refusal(Game.new(DealCode.parse(code)))
    assert {e.code for e in errors} >= {"same-pile", "cell-occupied", "foundation-order", "column-build"}
    for error in errors:
        text = error_text(error)
        assert text[0].isupper() and text.endswith(".")
        assert "{" not in text and "}" not in text, text


def test_engine_reasons_keep_their_meaning() -> None:
    game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
    with pytest.raises(IllegalMoveError) as refused:
        game.play(Move(Pile.column(1), Pile.column(2)))
    assert error_text(refused.value) == "The 5 of spades goes only on the 6 of spades."
    with pytest.raises(IllegalMoveError) as refused:
        game.play(Move(Pile.cell(1), Pile.foundation("S")))
    assert error_text(refused.value) == (
        "The queen of spades cannot go on its foundation yet: the ace of spades goes there next."
    )


def test_history_errors() -> None:
    game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
    with pytest.raises(HistoryError) as refused:
        game.undo()
    assert error_text(refused.value) == "There is nothing to undo."
    game.moves = 101  # as after 101 actions, the stack emptied by 100 undos
    with pytest.raises(HistoryError) as refused:
        game.undo()
    assert error_text(refused.value) == "Undo reaches only 100 actions back."


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("XX1-C8-AAAAAFA", "A deal code starts with EO1- (like EO1-C8-AAAAAFA)."),
        ("EO1-C9-AAAAAFA", "The cell count must be C8, C4 or C2."),
        ("EO1-C8-AAAAAF", "The deal number has 7 characters, not 6."),
        ("EO1-C8-AAAAAFAA", "The deal number has 7 characters, not 8."),
        ("EO1-C8-AAAAA1A", "“1” (one) is not in deal codes: type the letter I or L."),
        ("EO1-C8-AAAA0AA", "“0” (zero) is not in deal codes: type the letter O."),
        ("EO1-C8-AAAAA9A", "“9” is not allowed in a deal code: use letters A-Z and digits 2-7."),
        ("", "The deal code is empty."),
    ],
)
def test_deal_code_reasons(text: str, expected: str) -> None:
    with pytest.raises(DealCodeError) as refused:
        DealCode.parse(text)
    assert error_text(refused.value) == expected


def test_an_unknown_code_shows_the_engine_sentence() -> None:
    error = IllegalMoveError("the moon is in the way", code="moon")
    assert error_text(error) == "The moon is in the way."
    assert sentence("done!") == "Done!"
    assert sentence("") == ""

"""The gettext catalogues (eightoff/locale, tools/i18n.py, docs/i18n.md): the template up to
date with the code, every message of every language translated with the English source's
placeholders and its language's CLDR Plural-Forms; every engine error and store notice a
translated sentence in every language; the pseudo-language's rules; numbers written the
language's way (CLDR through Babel, as ``Intl`` does on the page), Ukrainian counts in their
CLDR forms and Hebrew values isolated (issue 23)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural

from eightoff import DealCode, Game, HistoryError, IllegalMoveError, Move, Pile
from eightoff.errors import EightOffError
from eightoff.rules import check
from eightoff.web.links.address import BadMove, decode_moves
from eightoff.web.storage import notices
from eightoff.web.storage.backup_file import BackupError, reason_text
from eightoff.web.storage.notices import notice_text
from eightoff.web.storage.stats import Tally
from eightoff.web.storage.store import Notice
from eightoff.web.view.chart import figures
from eightoff.web.words import card_names, engine_errors, i18n
from tests.engine.helpers import board

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import i18n as catalogues  # noqa: E402  (tools/i18n.py)

LANGUAGES = [lang for lang in i18n.LANGUAGES if lang != "en"]


def test_the_languages_agree() -> None:
    assert tuple(LANGUAGES) == catalogues.LANGUAGES
    assert catalogues.PSEUDO == i18n.PSEUDO
    assert set(i18n.NAMES) == set(i18n.LANGUAGES)


def test_the_template_holds_exactly_the_code_s_messages(tmp_path: Path) -> None:
    current = catalogues.extract(tmp_path / "current.pot")
    template = catalogues.read(catalogues.TEMPLATE)
    assert {(m.id, m.context) for m in template if m.id} == {(m.id, m.context) for m in current if m.id}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_with_the_source_s_placeholders(lang: str) -> None:
    catalog = catalogues.read(catalogues.po_path(lang), lang)
    template = catalogues.read(catalogues.TEMPLATE)
    assert list(catalogues.catalogue_problems(catalog, lang, template)) == []
    assert {(m.id, m.context) for m in catalog if m.id} == {(m.id, m.context) for m in template if m.id}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_are_the_cldr_ones(lang: str) -> None:
    catalog = catalogues.read(catalogues.po_path(lang), lang)
    assert catalog.plural_forms == get_plural(lang).plural_forms
    assert catalog.num_plurals == {"he": 3, "uk": 3, "ca": 3, "id": 1, "nl": 2}[lang]


def test_a_placeholder_mistake_is_found() -> None:
    template = catalogues.read(catalogues.TEMPLATE)
    catalog = catalogues.fresh("nl", template, catalogues.read(catalogues.po_path("nl"), "nl"))
    catalog.get("Cell {n}").string = "Vak {m}"  # type: ignore[union-attr]
    catalog.get("Undo").string = ""  # type: ignore[union-attr]
    problems = list(catalogues.catalogue_problems(catalog, "nl", template))
    assert any("'Cell {n}'" in problem and "placeholders" in problem for problem in problems)
    assert any("untranslated or fuzzy: 'Undo'" in problem for problem in problems)


@pytest.mark.parametrize(
    ("lang", "singular", "allowed"),
    [
        ("he", "ניקוד {score} במהלך אחד.", True),  # the count in words, for 1 alone
        ("he", "ניקוד במהלך אחד.", False),  # the score dropped too
        ("uk", "Рахунок {score} за один хід.", False),  # uk's first form also serves 21, 31, ...
    ],
)
def test_a_form_for_one_count_alone_may_say_it_in_words(lang: str, singular: str, allowed: bool) -> None:
    """Review X5: a Hebrew native writes «מהלך אחד», not «1 מהלך»; the check lets a plural
    form that serves one count only leave out that count's placeholder, and nothing else."""
    template = catalogues.read(catalogues.TEMPLATE)
    catalog = catalogues.fresh(lang, template, catalogues.read(catalogues.po_path(lang), lang))
    ids = ("Score {score} in {moves} move.", "Score {score} in {moves} moves.")
    message = catalog.get(ids)
    assert message is not None
    message.string = (singular, *message.string[1:])
    problems = [p for p in catalogues.catalogue_problems(catalog, lang, template) if repr(ids[0]) in p]
    assert (problems == []) is allowed


# -- every engine error in every language ----------------------------------------------


def refusals() -> list[EightOffError]:
    """An error of every code the engine raises for a move, an undo or redo, a deal code."""
    errors: list[EightOffError] = []

    def refused(position: object, move: Move) -> None:
        with pytest.raises(EightOffError) as error:
            check(position, move)  # type: ignore[arg-type]
        errors.append(error.value)

    start = Game.new(DealCode.parse("EO1-C4-AAAAAFA")).position
    kings = board("* 5S", "KH", "QD", "", "TC", cells="KS QH - -", found="D-J", n=4)
    for position, move in (
        (start, Move(Pile.column(1), Pile.column(1))),
        (start, Move(Pile.column(1), Pile.column(2), 0)),
        (start, Move(Pile.column(1), Pile.cell(7))),
        (kings, Move(Pile.cell(3), Pile.column(1))),
        (start, Move(Pile.column(1), Pile.column(2), 14)),
        (start, Move(Pile.column(1), Pile.cell(3), 2)),
        (start, Move(Pile.column(1), Pile.column(2), 3)),
        (kings, Move(Pile.column(1), Pile.cell(1))),
        (kings, Move(Pile.column(1), Pile.foundation("H"))),
        (kings, Move(Pile.column(5), Pile.foundation("C"))),
        (kings, Move(Pile.column(1), Pile.column(4))),
        (kings, Move(Pile.column(2), Pile.column(3))),
        (kings, Move(Pile.column(1), Pile.column(2))),
        (
            board("* KS QS JS TS", "", "4C", "5C", "6C", "7C", "8C", "9C", cells="2C 3C - -", n=4),
            Move.parse("12x4"),
        ),
    ):
        refused(position, move)
    game = Game.new(DealCode.parse("EO1-C8-AAAAAFA"))
    for step in (game.undo, game.redo):
        with pytest.raises(HistoryError) as error:
            step()
        errors.append(error.value)
    game.moves = 101
    with pytest.raises(HistoryError) as error:
        game.undo()
    errors.append(error.value)
    with pytest.raises(EightOffError) as error:
        Move.parse("x" * 100)
    errors.append(error.value)
    too_long = decode_moves(DealCode.parse("EO1-C8-AAAAAFA"), "1ee1" * 1001)
    assert isinstance(too_long, BadMove)
    errors.append(too_long.error)
    for text in (
        "",
        "XX1-C8-AAAAAFA",
        "EO1-C8",
        "EO1-C9-AAAAAFA",
        "EO1-C8-AAAA",
        "EO1-C8-AAAAA8A",
        "EO1-C8-AAAAA0A",
        "EO1-C8-AAAAA1A",
    ):
        with pytest.raises(EightOffError) as error:
            DealCode.parse(text)
        errors.append(error.value)
    with pytest.raises(EightOffError) as error:
        DealCode(1 << 40, 8)
    errors.append(error.value)
    return errors


def test_the_refusals_cover_every_error_code() -> None:
    assert {error.code for error in refusals()} == set(engine_errors.ERRORS)
    assert all(
        isinstance(e, IllegalMoveError | HistoryError) or e.code.startswith(("deal", "no-", "link-", "bad-"))
        for e in refusals()
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_engine_error_is_a_translated_sentence(lang: str, speak: Callable[[str], None]) -> None:
    errors = refusals()
    english = [engine_errors.error_text(error) for error in errors]
    speak(lang)
    for error, source in zip(errors, english, strict=True):
        text = engine_errors.error_text(error)
        assert "{" not in text and "}" not in text, (error.code, text)
        assert text != source, (error.code, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_store_notice_is_translated(lang: str, speak: Callable[[str], None]) -> None:
    english = {code: notice_text(Notice(code)) for code in notices.NOTICES}
    speak(lang)
    for code, source in english.items():
        assert notice_text(Notice(code)) not in ("", source, code)


def test_card_names_and_plurals_in_ukrainian_and_hebrew(speak: Callable[[str], None]) -> None:
    speak("uk")
    assert card_names.card_name("KH") != "king of hearts"
    forms = {n: i18n.ngettext("{n} cell", "{n} cells", n, n=n) for n in (1, 2, 5, 21)}
    assert len({text.split()[1] for text in forms.values()}) == 3  # one, few, many
    assert forms[1].split()[1] == forms[21].split()[1]
    speak("he")
    assert i18n.direction(i18n.language()) == "rtl"


# -- the pseudo-language -----------------------------------------------------------------


@pytest.mark.parametrize("text", ["Score {score}", "FAQ", "Deal", "Hint: the {card} to {where}.", "{n} MB"])
def test_the_pseudo_language_is_accented_longer_and_keeps_placeholders(text: str) -> None:
    pseudo = catalogues.pseudo(text)
    assert len(pseudo) >= 1.4 * len(text)
    assert catalogues.placeholders(pseudo) == catalogues.placeholders(text)
    assert catalogues.is_pseudo(pseudo)


def test_the_pseudo_language_translates_everything(speak: Callable[[str], None]) -> None:
    speak(i18n.PSEUDO)
    for error in refusals():
        assert catalogues.is_pseudo(engine_errors.error_text(error)), error.code
    assert catalogues.loader_strings()[i18n.PSEUDO]["Eight Off"] == catalogues.pseudo("Eight Off")


# -- numbers the language's way (CLDR through Babel, as Intl does on the page) ----------------


@pytest.mark.parametrize(
    ("lang", "half", "rate", "thousands"),
    [
        ("en", "0.5", "25%", "1,234"),
        ("he", "0.5", "25%", "1,234"),
        ("uk", "0,5", "25%", "1\u00a0234"),
        ("ca", "0,5", "25\u00a0%", "1.234"),
        ("id", "0,5", "25%", "1.234"),
        ("nl", "0,5", "25%", "1.234"),
    ],
)
def test_numbers_are_written_the_language_s_way(
    speak: Callable[[str], None], lang: str, half: str, rate: str, thousands: str
) -> None:
    speak(lang)
    assert i18n.number(0.5) == half
    assert i18n.number(1234) == thousands
    assert dict(
        figures(Tally(started=1234, won=1, streak=1, best_streak=1, best_score=520, fewest_moves=97))
    )[i18n.gettext("Win rate")] == i18n.percent(1 / 1234)
    assert i18n.percent(0.25) == rate
    speed = i18n.gettext("{speed}× speed", speed=0.5)
    assert (half in speed) and ("0.5" not in speed or half == "0.5")


def test_ukrainian_counts_take_their_cldr_forms(speak: Callable[[str], None]) -> None:
    speak("uk")
    words = [
        i18n.ngettext("{n} finished game, {won} won.", "{n} finished games, {won} won.", n, n=n, won=1)
        for n in (1, 21, 3, 5, 11)
    ]
    assert words == [
        "1 завершена партія, перемог: 1.",
        "21 завершена партія, перемог: 1.",
        "3 завершені партії, перемог: 1.",
        "5 завершених партій, перемог: 1.",
        "11 завершених партій, перемог: 1.",
    ]


def test_hebrew_values_keep_their_order_and_place(speak: Callable[[str], None]) -> None:
    """A value without a Hebrew letter is isolated left to right; one in Hebrew letters
    (a card's name, itself filled) flows with the sentence (tests/browser/test_rtl.py lays
    them out)."""
    speak("he")
    replay = i18n.ngettext(
        "Replay of deal {code}, {length} move. Your game is kept.",
        "Replay of deal {code}, {length} moves. Your game is kept.",
        12,
        code="EO1-C8-AAAAAFA",
        length=12,
    )
    assert (
        replay == "הילוך חוזר של החלוקה \u2066EO1-C8-AAAAAFA\u2069, \u206612\u2069 מהלכים. המשחק שלכם נשמר."
    )
    assert card_names.card_name("KH") == "מלך לב"
    assert (
        i18n.gettext("{pile}: {card}", pile="טור 3", card=card_names.card_name("7H"))
        == "טור 3: \u20667\u2069 לב"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_backup_refusal_is_a_translated_sentence_without_a_code(
    lang: str, speak: Callable[[str], None]
) -> None:
    """One sentence per kind of bad backup (issue 20, D11), each translated, the field named."""
    codes = ["backup-too-big", "backup-too-deep", "backup-not-json", "backup-foreign", "backup-newer"]
    reasons = [
        *(f"record-{kind}" for kind in ("shape", "schema", "revision")),
        *(f"saved-{kind}" for kind in ("shape", "invalid", "history", "score")),
        *(f"settings-{kind}" for kind in ("shape", "cells", "deck", "winnable", "tap", "language")),
        *(f"stats-{kind}" for kind in ("number", "flag", "date", "shape", "code", "figures", "path")),
        "",
    ]
    errors = [BackupError("x", code=code) for code in codes]
    errors += [BackupError("x", code="backup-record", reason=r, field="won") for r in reasons]
    english = [reason_text(error) for error in errors]
    assert len(set(english)) == len(english)  # one sentence per kind
    speak(lang)
    for error, source in zip(errors, english, strict=True):
        text = reason_text(error)
        assert (
            text != source
            and "{" not in text
            and not re.search(r"\b(?:record|saved|settings|stats|backup)-[a-z]+\b", text)
        ), (error.params, text)
        if "“won”" in source:
            assert "won" in text

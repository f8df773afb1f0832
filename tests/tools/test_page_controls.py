"""The controls the Rules, Examples and FAQ pages name (pages/TERMS.md, "Controls"; issue 34):
the table of labels is the catalogues' own; the pages call the page links what the game
calls them; and every section of every page names, in bold or in quotation marks, the
labels of exactly the controls that the same section of the English page names. (The
Hebrew and Ukrainian Examples pages sent players to the old Undo label, which had become
Cancel's; the Catalan and Indonesian ones named labels that no longer existed.)"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import i18n as catalogues  # noqa: E402  (tools/i18n.py)

import pages  # noqa: E402  (tools/pages.py)

TERMS = ROOT / "pages" / "TERMS.md"
PAGES = ("rules", "examples", "faq")
NAMED = re.compile(
    r"\*\*(?P<bold>[^*]+?)\*\*"  # **Undo**
    r"|«(?P<guillemets>[^«»]+)»"  # «Скасувати хід» (uk, ca)
    r"|„(?P<low>[^„“”]+)[“”]"  # „…” (he), „…“
    r"|“(?P<curly>[^“”]+)”"
    r'|"(?P<straight>[^"\n]+)"'
)
"""A name on a page: bold, or in quotation marks."""
CODE_SPAN = re.compile(r"`[^`\n]*`")


def cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


@cache
def controls() -> dict[str, dict[str, str]]:
    """TERMS.md's Controls table: English msgid -> language -> label (English: the msgid)."""
    text = TERMS.read_text(encoding="utf-8")
    assert "\n## Controls\n" in text, "pages/TERMS.md has no Controls section"
    section = text.split("\n## Controls\n", 1)[1].split("\n## ", 1)[0]
    rows = [cells(line) for line in section.splitlines() if line.startswith("|")]
    header, body = rows[0], rows[2:]
    assert tuple(header[2:]) == catalogues.LANGUAGES, f"the Controls table's columns: {header}"
    return {row[0]: {"en": row[0], **dict(zip(header[2:], row[2:], strict=True))} for row in body}


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The catalogue's text of every one-form message without context, by English msgid."""
    if lang == "en":
        template = catalogues.read(catalogues.TEMPLATE)
        return {m.id: m.id for m in template if isinstance(m.id, str) and m.id and not m.context}
    found = catalogues.read(catalogues.po_path(lang), lang)
    return {m.id: m.string for m in found if isinstance(m.id, str) and m.id and not m.context}


def names(text: str) -> Iterator[tuple[str, int]]:
    """Each bold or quoted name in ``text`` (code spans left out), with its line (from 0)."""
    text = CODE_SPAN.sub(lambda code: " " * len(code.group(0)), text)
    for match in NAMED.finditer(text):
        name = next(group for group in match.groups() if group is not None)
        yield " ".join(name.split()), text.count("\n", 0, match.start())


def sections(lang: str, page: str) -> list[tuple[int, str]]:
    """A page's source cut at its headings: (first line number, text) of each part."""
    parts: list[tuple[int, str]] = []
    for number, line in enumerate(pages.source(lang, page).splitlines(), start=1):
        if line.startswith("#") or not parts:
            parts.append((number, ""))
        start, text = parts[-1]
        parts[-1] = (start, text + line + "\n")
    return parts


# --- the table -------------------------------------------------------------------------------


def test_the_table_lists_controls_of_the_game() -> None:
    table = controls()
    assert {"Undo", "Redo", "Link", "New game", "Statistics", "Cancel"} <= set(table)
    unknown = sorted(set(table) - set(catalogue("en")))
    assert not unknown, f"pages/TERMS.md names controls the code does not have: {unknown}"


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_the_table_gives_the_catalogue_s_labels(lang: str) -> None:
    words = catalogue(lang)
    wrong = {
        msgid: (labels[lang], words.get(msgid))
        for msgid, labels in controls().items()
        if labels[lang] != words.get(msgid)
    }
    assert not wrong, f"pages/TERMS.md (table, catalogue) for {lang}: {wrong}"


@pytest.mark.parametrize("lang", ("en", *catalogues.LANGUAGES))
def test_the_pages_call_themselves_what_the_game_calls_them(lang: str) -> None:
    """The page links of the game and the pages' own navigation (site.toml) agree."""
    site = pages.load_site(lang)
    assert {page: site[page] for page in PAGES} == {
        page: catalogue(lang)[msgid] for page, msgid in zip(PAGES, ("Rules", "Examples", "FAQ"), strict=True)
    }


# --- the pages -------------------------------------------------------------------------------


def owners(lang: str) -> dict[str, list[str]]:
    """Label -> the controls that have it (Ukrainian New and New game are both «Нова гра»)."""
    found: dict[str, list[str]] = {}
    for msgid, labels in controls().items():
        found.setdefault(labels[lang], []).append(msgid)
    return found


def named_labels(lang: str, page: str) -> list[list[tuple[str, int]]]:
    """For each section of a page: the control labels it names, with their lines."""
    labels = owners(lang)
    return [
        [(name, start + line) for name, line in names(text) if name in labels]
        for start, text in sections(lang, page)
    ]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_each_section_names_the_controls_the_english_page_names(lang: str, page: str) -> None:
    """Section by section (the pages have the same sections: tests/web/test_pages.py), the
    labels named on the page are the catalogue's labels of the controls the English page
    names there, no more and no fewer."""
    table, labels = controls(), owners(lang)
    english = named_labels("en", page)
    translated = named_labels(lang, page)
    assert len(translated) == len(english), "the page has other sections than the English one"
    problems = []
    for (start, _), wanted, got in zip(sections(lang, page), english, translated, strict=True):
        expected = Counter(table[msgid][lang] for msgid, _ in wanted)
        missing = expected - Counter(label for label, _ in got)
        extra = Counter(label for label, _ in got) - expected
        problems += [
            f"pages/{lang}/{page}.md:{start}: the section does not name "
            f"{' or '.join(labels[label])} as «{label}» (the English section does)"
            for label in sorted(missing)
        ]
        problems += [
            f"pages/{lang}/{page}.md:{line}: «{label}» is the label of {' and '.join(labels[label])}, "
            "which the English section does not name"
            for label, line in got
            if extra[label] > 0
        ]
    assert not problems, "\n".join(problems)


def test_a_wrong_label_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check sees the defects of issue 34 (pages/<lang>/examples.md at 7af6ff9): Cancel's
    label where the English says Undo («ביטול», «Скасувати»), and a label that no control has
    any more, marked («Desfer») or not («Batalkan»)."""
    english = "# T\n\n## A {#a}\n\nTap **Undo** once, then **Redo**.\n"
    sources = {
        "en": english,
        "he": "# T\n\n## A {#a}\n\nהקישו על **ביטול** פעם אחת, ואחר כך על **ביצוע חוזר**.\n",
        "uk": "# T\n\n## A {#a}\n\nТоркніться «Скасувати» один раз, потім «Повторити».\n",
        "ca": "# T\n\n## A {#a}\n\nToqueu **Desfer** una vegada i després **Refés**.\n",
        "id": "# T\n\n## A {#a}\n\nKetuk Batalkan sekali, lalu **Ulangi**.\n",
    }
    monkeypatch.setattr(pages, "source", lambda lang, page: sources[lang])
    for lang, label in (
        ("he", "ביטול מהלך"),
        ("uk", "Скасувати хід"),
        ("ca", "Desfés"),
        ("id", "Batalkan langkah"),
    ):
        with pytest.raises(AssertionError, match=f"does not name Undo as «{label}»"):
            test_each_section_names_the_controls_the_english_page_names(lang, "examples")
    for lang, label in (("he", "ביטול"), ("uk", "Скасувати")):
        with pytest.raises(AssertionError, match=f"«{label}» is the label of Cancel"):
            test_each_section_names_the_controls_the_english_page_names(lang, "examples")


def unmarked(text: str) -> str:
    """A page's prose: without its headings, pictures, links, code spans and marked names."""
    text = CODE_SPAN.sub(" ", text)
    text = re.sub(r"\[[^\]]*\]\([^)]*\)", " ", text)
    text = NAMED.sub(" ", text)
    return "\n".join(line for line in text.splitlines() if not line.startswith(("#", "{{")))


@pytest.mark.parametrize("page", PAGES)
def test_the_english_pages_mark_every_control_they_name(page: str) -> None:
    """The English page is the measure of the others, so every control it names is marked
    (in bold): "Tap Undo once" unmarked would let a translation name any button there. A
    label is found as a whole word, the longer first ("New game" before "New")."""
    prose = unmarked(pages.source("en", page))
    found = []
    for label in sorted(controls(), key=len, reverse=True):
        pattern = re.compile(rf"(?<![\w-]){re.escape(label)}(?![\w-])")
        found += [label for _ in pattern.finditer(prose)]
        prose = pattern.sub(" ", prose)
    assert not found, f"pages/en/{page}.md names {sorted(set(found))} without marking them"


def test_an_unmarked_english_control_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        pages, "source", lambda lang, page: "# T\n\nTap Undo once, in the **New game** window.\n"
    )
    with pytest.raises(AssertionError, match=r"names \['Undo'\] without marking them"):
        test_the_english_pages_mark_every_control_they_name("examples")

"""The game's gettext catalogues, kept with Babel (docs/i18n.md).

    python tools/i18n.py extract          # the code's msgids -> eightoff/locale/eightoff.pot
    python tools/i18n.py update           # every .po brought in line with the .pot
    python tools/i18n.py import DIR       # translators' DIR/<lang>.po merged into ours
    python tools/i18n.py check            # untranslated, fuzzy, placeholders, Plural-Forms, stale .pot
    python tools/i18n.py compile OUT      # OUT/<lang>/LC_MESSAGES/eightoff.mo (+ the pseudo-language)

The template is extracted by Babel from the page's Python (``_``, ``gettext``,
``ngettext``, ``pgettext``) and from static/loader.js (``pgettext("loader", …)``), as
babel.cfg maps them. One catalogue per language, ``eightoff/locale/<lang>/LC_MESSAGES/
eightoff.po``, each with the CLDR ``Plural-Forms`` Babel gives for its language; English
is the msgids themselves (no catalogue). The build (tools/sitebuild/catalogues.py) compiles
the ``.mo`` files and the loading screen's words.
"""

from __future__ import annotations

import argparse
import gettext
import io
import re
import sys
import tempfile
import unicodedata
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from eightoff.web import facts  # noqa: E402  (the languages, written once)

LOCALE = ROOT / "eightoff" / "locale"
TEMPLATE = LOCALE / "eightoff.pot"
DOMAIN = "eightoff"
LANGUAGES = tuple(lang for lang in facts.LANGUAGES if lang != "en")
"""The translated languages (English is the msgids: eightoff/web/facts.py LANGUAGES)."""
PSEUDO = facts.PSEUDO
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale, domain=DOMAIN)


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, omit_header=False, sort_output=False, ignore_obsolete=True)
    text = re.sub(rb'^"POT-Creation-Date: .*\\n"\n', b"", buffer.getvalue(), flags=re.MULTILINE)
    text = re.sub(rb'^"PO-Revision-Date: .*\\n"\n', b"", text, flags=re.MULTILINE)
    path.write_bytes(text)


def extract(target: Path = TEMPLATE) -> Catalog:
    """Extract the msgids of the code into ``target`` (pybabel extract, babel.cfg)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    CommandLineInterface().run(
        [
            "pybabel",
            "-q",
            "extract",
            "-F",
            str(ROOT / "babel.cfg"),
            "--no-location",
            "--no-wrap",
            "--project=Eight Off",
            "--add-comments=TRANSLATORS:",
            "-o",
            str(target),
            str(ROOT),
        ]
    )
    catalog = read(target)
    write(target, catalog)  # without its creation date: the file changes only with its msgids
    return catalog


def fresh(lang: str, template: Catalog, source: Catalog | None) -> Catalog:
    """A catalogue of ``lang`` holding exactly the template's messages, translated from
    ``source`` where it has them, with Babel's CLDR Plural-Forms for ``lang``."""
    catalog = Catalog(locale=lang, domain=DOMAIN, project="Eight Off", fuzzy=False)
    catalog.header_comment = f"# The Eight Off game's words in {lang} (docs/i18n.md: python tools/i18n.py)."
    catalog.language_team = lang
    catalog.last_translator = "Eight Off"
    for message in template:
        if not message.id:
            continue
        old = source.get(message.id, message.context) if source is not None else None
        string = _fit(old.string if old is not None else None, message, catalog.num_plurals)
        catalog.add(
            message.id,
            string,
            context=message.context,
            auto_comments=message.auto_comments,
            flags=[f for f in message.flags if f != "fuzzy"] + (["fuzzy"] if old and old.fuzzy else []),
        )
    return catalog


def _fit(
    string: str | tuple[str, ...] | list[str] | None, message: Message, forms: int
) -> str | tuple[str, ...]:
    """A translation in the template message's shape: one string, or ``forms`` plural forms."""
    if not message.pluralizable:
        return string if isinstance(string, str) else (string[0] if string else "")
    if isinstance(string, str):
        string = (string,)
    strings = list(string or ())
    if strings and len(strings) < forms:
        strings += [strings[-1]] * (forms - len(strings))
    return tuple(strings[:forms]) if strings else ("",) * forms


def update(source_dir: Path | None = None) -> None:
    """Bring every catalogue in line with the template (from ``source_dir/<lang>.po``
    when given: the translators' files)."""
    template = read(TEMPLATE)
    for lang in LANGUAGES:
        path = source_dir / f"{lang}.po" if source_dir else po_path(lang)
        source = read(path, lang) if path.is_file() else None
        write(po_path(lang), fresh(lang, template, source))


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def problems() -> Iterator[str]:
    """Everything wrong with the catalogues: a stale template, a message untranslated or
    fuzzy, placeholders other than the English source's, a Plural-Forms other than CLDR's."""
    with tempfile.TemporaryDirectory() as tmp:
        current = extract(Path(tmp) / "current.pot")
    template = read(TEMPLATE)
    keys = {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in template if m.id}
    wanted = {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in current if m.id}
    if keys != wanted:
        yield f"{TEMPLATE.relative_to(ROOT)} is stale: run python tools/i18n.py extract, then update"
    for lang in LANGUAGES:
        path = po_path(lang)
        if not path.is_file():
            yield f"{lang}: no catalogue {path.relative_to(ROOT)}"
            continue
        catalog = read(path, lang)
        yield from (f"{lang}: {problem}" for problem in catalogue_problems(catalog, lang, template))


def catalogue_problems(catalog: Catalog, lang: str, template: Catalog) -> Iterator[str]:
    expected = get_plural(lang).plural_forms
    if catalog.plural_forms != expected:
        yield f"Plural-Forms {catalog.plural_forms!r}, CLDR says {expected!r}"
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        if found is None:
            yield f"missing {message.id!r}"
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [found.string] if isinstance(found.string, str) else list(found.string or ())
        if found.fuzzy or not all(strings):
            yield f"untranslated or fuzzy: {ids[0]!r}"
            continue
        if message.pluralizable and len(strings) != catalog.num_plurals:
            yield f"{len(strings)} plural forms, not {catalog.num_plurals}: {ids[0]!r}"
        source = placeholders(ids[-1])
        lone = lone_forms(catalog) if message.pluralizable else frozenset()
        counted = counted_placeholders(ids[0], ids[-1]) if message.pluralizable else frozenset()
        for form, string in enumerate(strings):
            found = placeholders(string)
            if found == source:
                continue
            # A form for one count alone may say it in words ("מהלך אחד", not "1 מהלך").
            if form in lone and found == [name for name in source if name not in counted]:
                continue
            yield f"placeholders {found} not {source}: {ids[0]!r} -> {string!r}"


def lone_forms(catalog: Catalog) -> frozenset[int]:
    """The plural forms ``catalog``'s Plural-Forms uses for one count alone (Hebrew's first
    two, for 1 and 2; not Ukrainian's first, which also serves 21, 31, ...), checked up to
    1,000: such a form may say its count in words.

    >>> sorted(lone_forms(Catalog(locale="he"))), sorted(lone_forms(Catalog(locale="uk")))
    ([0, 1], [])
    """
    rule = gettext.c2py(catalog.plural_expr)
    counts: dict[int, set[int]] = {}
    for n in range(1001):
        counts.setdefault(rule(n), set()).add(n)
    return frozenset(form for form, ns in counts.items() if len(ns) == 1)


def counted_placeholders(singular: str, plural: str) -> frozenset[str]:
    """The placeholder of ``singular`` that holds the count: the one placeholder a message
    has, or the one before the first words the plural changes ("{moves} move" / "{moves}
    moves"); none when neither tells.

    >>> sorted(counted_placeholders("{n} finished game, {won} won.", "{n} finished games, {won} won."))
    ['{n}']
    >>> sorted(counted_placeholders("{count} card from {card}; it goes", "{count} cards; they go"))
    ['{count}']
    >>> sorted(counted_placeholders("Undo reaches {limit} back.", "Undo reaches {limit} back."))
    ['{limit}']
    """

    def following(text: str) -> list[tuple[str, str]]:
        parts = re.split(f"({PLACEHOLDER.pattern})", text)
        return list(zip(parts[1::2], parts[2::2], strict=True))

    after_singular, after_plural = following(singular), following(plural)
    if len(after_singular) == 1:
        return frozenset(name for name, _ in after_singular)
    for (name, words), (_, plural_words) in zip(after_singular, after_plural, strict=False):
        if words != plural_words:
            return frozenset({name})
    return frozenset()


# -- the pseudo-language -------------------------------------------------------------

ACCENTS = dict(
    zip("abcdeghiklnorstuwyzABCDEGHIKLNORSTUWYZ", "åƀçðéĝĥîķļñøŕšţûŵýžÅƁÇÐÉĜĤÎĶĻÑØŔŠŢÛŴÝŽ", strict=True)
)


def pseudo(text: str) -> str:
    """``text`` accented and at least 40 % longer, its ``{placeholders}`` intact.

    >>> pseudo("Score {score}")
    '[Šçøŕé {score} ···]'
    >>> pseudo("FAQ")
    '[FÅQ]'
    """
    parts = re.split(r"(\{[a-z_]*\})", text)
    out = "".join(p if PLACEHOLDER.fullmatch(p) else "".join(ACCENTS.get(c, c) for c in p) for p in parts)
    extra = -(-len(text) * 2 // 5)  # 40 %, rounded up: the brackets, a space and dots
    return f"[{out} {'·' * (extra - 3)}]" if extra > 2 else f"[{out}]"


def pseudo_catalogue(template: Catalog) -> Catalog:
    catalog = Catalog(locale="en", domain=DOMAIN, project="Eight Off", fuzzy=False)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, str):
            string: str | tuple[str, ...] = pseudo(message.id)
        else:
            string = (pseudo(message.id[0]), pseudo(message.id[1]))
        catalog.add(message.id, string, context=message.context)
    return catalog


def is_pseudo(text: str) -> bool:
    """Whether ``text`` came from the pseudo-language (bracketed, accented)."""
    text = unicodedata.normalize("NFC", text.strip())
    return text.startswith("[") and text.endswith("]")


# -- compiled ------------------------------------------------------------------------


def catalogues() -> dict[str, Catalog]:
    """Every language's catalogue, the pseudo-language's included, by language code."""
    found = {lang: read(po_path(lang), lang) for lang in LANGUAGES if po_path(lang).is_file()}
    found[PSEUDO] = pseudo_catalogue(read(TEMPLATE))
    return found


BUILD_DATE = datetime(1980, 1, 1, tzinfo=UTC)
"""The date every compiled catalogue carries: the ``.po`` files keep none, and Babel would
stamp the build's moment into each ``.mo`` (and so into the package zip and the snapshot),
so two builds of one commit would differ."""


def compile_all(out: Path) -> list[Path]:
    """Write ``out/<lang>/LC_MESSAGES/eightoff.mo`` for every catalogue; returns the files.
    The same catalogues always give the same bytes (:data:`BUILD_DATE`)."""
    written = []
    for lang, catalog in catalogues().items():
        catalog.creation_date = catalog.revision_date = BUILD_DATE
        target = out / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as file:
            write_mo(file, catalog, use_fuzzy=False)
        written.append(target)
    return written


def loader_strings() -> dict[str, dict[str, str]]:
    """The loading screen's words (context ``loader``) of every language: msgid -> text."""
    strings: dict[str, dict[str, str]] = {}
    for lang, catalog in catalogues().items():
        strings[lang] = {
            str(m.id): str(m.string) for m in catalog if m.context == "loader" and m.id and m.string
        }
    return strings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("extract", help="extract the msgids into eightoff/locale/eightoff.pot")
    commands.add_parser("update", help="bring every .po in line with the .pot")
    imported = commands.add_parser("import", help="merge translators' <lang>.po files from a directory")
    imported.add_argument("directory", type=Path)
    commands.add_parser("check", help="fail on any gap in the catalogues")
    compiled = commands.add_parser("compile", help="write the .mo files")
    compiled.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    if args.command == "extract":
        print(f"{len(extract())} msgids in {TEMPLATE.relative_to(ROOT)}")
    elif args.command == "update":
        update()
    elif args.command == "import":
        update(args.directory)
    elif args.command == "check":
        found = list(problems())
        for problem in found:
            print(problem, file=sys.stderr)
        if found:
            return 1
        print("catalogues complete")
    else:
        for path in compile_all(args.out):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The game page's words that no catalogue holds: index.html's description and its
<noscript> text, in every language, from ``pages/<lang>/site.toml`` (docs/i18n.md).

HTML allows one description per document, and the page is one document for every
language: index.html keeps the English description (English is the x-default, as on the
Rules, Examples and FAQ pages), followed by one ``<meta name="eightoff-description"
lang="xx">`` per other language, which static/lang.js copies into it once it has chosen
the language (before the first paint). A <noscript> needs no choice: it holds one
paragraph per language, each with its ``lang`` and ``dir``, English first.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pages  # tools/pages.py: each language's site.toml

from .common import facts

DESCRIPTION = re.compile(r'<meta name="description" content="[^"]*">')
NOSCRIPT = re.compile(r"<noscript><p[ >].*?</noscript>", re.DOTALL)
"""The <noscript> of the loading screen (the one in <head> links the English manifest)."""
OTHER_DESCRIPTION = "eightoff-description"
"""The name of the other languages' descriptions (static/lang.js reads it)."""
OTHERS = re.compile(rf'\n *<meta name="{OTHER_DESCRIPTION}"[^>]*>')


def words(lang: str) -> tuple[str, str]:
    """The description and the <noscript> text of ``lang`` (``pages/<lang>/site.toml``)."""
    site = pages.load_site(lang)
    return site["description"], site["noscript"]


def direction(lang: str) -> str:
    return "rtl" if lang in facts.RIGHT_TO_LEFT else "ltr"


def localised(source: str) -> str:
    """index.html with the description and the <noscript> of every language."""
    english, *others = facts.LANGUAGES
    source = OTHERS.sub("", source)  # written by an earlier pass
    if len(DESCRIPTION.findall(source)) != 1 or len(NOSCRIPT.findall(source)) != 1:
        raise SystemExit('build: index.html needs one <meta name="description" …> and one <noscript>')
    indent = re.search(r"\n( *)<meta name=\"description\"", source)
    margin = indent.group(1) if indent else ""
    metas = [f'<meta name="description" content="{html.escape(words(english)[0])}">']
    metas += [
        f'<meta name="{OTHER_DESCRIPTION}" lang="{lang}" content="{html.escape(words(lang)[0])}">'
        for lang in others
    ]
    paragraphs = "".join(
        f'<p lang="{lang}" dir="{direction(lang)}">{html.escape(words(lang)[1], quote=False)}</p>'
        for lang in facts.LANGUAGES
    )
    text = DESCRIPTION.sub(lambda _: f"\n{margin}".join(metas), source)
    return NOSCRIPT.sub(lambda _: f"<noscript>{paragraphs}</noscript>", text)


def write_head(dist: Path) -> None:
    """Give dist/index.html its description and <noscript> in every language."""
    index = dist / "index.html"
    index.write_text(localised(index.read_text(encoding="utf-8")), encoding="utf-8")

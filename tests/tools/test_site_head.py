"""The game page's words outside the catalogues, in every language (issue 34; docs/i18n.md):
index.html's description and <noscript> (tools/sitebuild/head.py) and the manifests
(tools/sitebuild/manifest.py) come from pages/<lang>/site.toml; every manifest's icons get
their hashed names and every manifest is precached; static/lang.js asks for the names the
build writes. tests/browser/test_manifests.py checks the page choosing them in Chromium."""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import pages  # noqa: E402  (tools/pages.py)
from sitebuild import head, manifest, names, service_worker, stdlib  # noqa: E402
from sitebuild.common import PYODIDE_DIR, SNAPSHOT, facts  # noqa: E402

LANGUAGES = facts.LANGUAGES
SOURCE = (ROOT / "index.html").read_text(encoding="utf-8")


class Head(HTMLParser):
    """The descriptions and the <noscript> paragraphs of a page."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.descriptions: list[dict[str, str | None]] = []
        self.paragraphs: list[tuple[dict[str, str | None], str]] = []
        self._in_noscript = self._in_paragraph = False
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "meta" and a.get("name") in ("description", head.OTHER_DESCRIPTION):
            self.descriptions.append(a)
        if tag == "noscript":
            self._in_noscript = True
        if tag == "p" and self._in_noscript:
            self.paragraphs.append((a, ""))
            self._in_paragraph = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "noscript":
            self._in_noscript = False
        if tag == "p":
            self._in_paragraph = False

    def handle_data(self, data: str) -> None:
        if self._in_paragraph:
            attrs, text = self.paragraphs[-1]
            self.paragraphs[-1] = (attrs, text + data)


def test_the_page_s_own_english_is_the_english_site_toml_s() -> None:
    """index.html, as it is before a build, says what the build would write in English."""
    found = Head(SOURCE)
    description, noscript = head.words("en")
    assert [d["content"] for d in found.descriptions] == [description]
    assert [text for _, text in found.paragraphs] == [noscript]


def test_the_built_page_describes_itself_in_every_language() -> None:
    built = head.localised(SOURCE)
    found = Head(built)
    english, *others = found.descriptions
    assert english == {"name": "description", "content": head.words("en")[0]}
    assert others == [
        {"name": head.OTHER_DESCRIPTION, "lang": lang, "content": head.words(lang)[0]}
        for lang in LANGUAGES[1:]
    ]
    assert found.paragraphs == [
        ({"lang": lang, "dir": "rtl" if lang == "he" else "ltr"}, head.words(lang)[1]) for lang in LANGUAGES
    ]

    # Nothing else changed: the same page once the two places are taken out of both.
    def rest(text: str) -> str:
        text = re.sub(r'\n *<meta name="(?:description|eightoff-description)"[^>]*>', "", text)
        return head.NOSCRIPT.sub("", text)

    assert rest(built) == rest(SOURCE)
    assert head.localised(built) == built, "a second pass changes nothing"


def test_a_page_without_its_description_is_refused() -> None:
    with pytest.raises(SystemExit, match="description"):
        head.localised(SOURCE.replace('<meta name="description"', '<meta name="summary"'))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_the_words_of_the_head(lang: str) -> None:
    description, noscript = head.words(lang)
    assert description and noscript and "Eight Off" in description and "Eight Off" in noscript
    assert "JavaScript" in noscript and "WebAssembly" in noscript


def test_every_language_has_its_manifest(tmp_path: Path) -> None:
    written = manifest.write_manifest(tmp_path)
    assert [p.name for p in written] == [
        "manifest.webmanifest",
        *(f"manifest.{lang}.webmanifest" for lang in LANGUAGES[1:]),
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in written)
    english = json.loads(written[0].read_text(encoding="utf-8"))
    for lang, path in zip(LANGUAGES, written, strict=True):
        found = json.loads(path.read_text(encoding="utf-8"))
        assert found["lang"] == lang and found["dir"] == ("rtl" if lang == "he" else "ltr")
        assert found["description"] == pages.load_site(lang)["description"]
        # One app in every language: the same name, start, scope and icons, and no id.
        same = {key: value for key, value in found.items() if key not in ("lang", "dir", "description")}
        assert same == {
            key: value for key, value in english.items() if key not in ("lang", "dir", "description")
        }
        assert found["name"] == "Eight Off" and found["start_url"] == "./" and "id" not in found


def fake_site(dist: Path) -> None:
    """The files hash_site and write_service_worker read, with the build's icons."""
    (dist / "static" / "vendor" / PYODIDE_DIR).mkdir(parents=True)
    for name in (stdlib.BOOT, stdlib.LATE, SNAPSHOT):
        (dist / "static" / "vendor" / PYODIDE_DIR / name).write_bytes(name.encode())
    for icon in manifest.MANIFEST["icons"]:
        (dist / icon["src"]).write_bytes(icon["src"].encode())
    (dist / "index.html").write_text(
        '<html><head><meta charset="utf-8"><link rel="manifest" href="manifest.webmanifest">'
    )
    (dist / "pyscript.toml").write_text("[files]\n")


def test_every_manifest_is_precached_with_its_icons_renamed(tmp_path: Path) -> None:
    fake_site(tmp_path)
    written = manifest.write_manifest(tmp_path)
    names.hash_site(tmp_path)
    for path in written:
        icons = [icon["src"] for icon in json.loads(path.read_text(encoding="utf-8"))["icons"]]
        assert all(re.fullmatch(r"static/icon[-a-z0-9]*\.[0-9a-f]{10}\.(svg|png)", src) for src in icons), (
            icons
        )
        assert all((tmp_path / src).is_file() for src in icons)
    service_worker.write_service_worker(tmp_path, "v1")
    build = re.search(r"const BUILD = (\{.*?\});  // written", (tmp_path / "sw.js").read_text(), re.DOTALL)
    assert build is not None
    app = json.loads(build.group(1))["app"]
    assert {p.name for p in written} <= set(app)


def test_lang_js_asks_for_what_the_build_writes() -> None:
    """static/lang.js picks the other languages' description by head.py's meta name and
    the manifest by manifest.py's file name."""
    script = (ROOT / "static" / "lang.js").read_text(encoding="utf-8")
    assert f'meta[name="{head.OTHER_DESCRIPTION}"][lang="${{lang}}"]' in script
    (pattern,) = re.findall(r"`(manifest\.\$\{lang\}\.webmanifest)`", script)
    assert all(pattern.replace("${lang}", lang) == manifest.file_name(lang) for lang in LANGUAGES[1:])
    # The markup links a manifest only for a browser without scripts: Chromium keeps the
    # first manifest link it parses, which must be lang.js's.
    assert re.findall(r"<[^<>]*rel=\"manifest\"[^<>]*>", SOURCE) == [
        f'<link rel="manifest" href="{manifest.file_name("en")}">'
    ]
    assert f'<noscript><link rel="manifest" href="{manifest.file_name("en")}"></noscript>' in SOURCE


def test_the_hosts_revalidate_every_manifest() -> None:
    """Netlify and Cloudflare Pages (deploy/_headers) send every manifest as no-cache, as
    nginx and tools/serve.py do for everything not hashed."""
    headers = (ROOT / "deploy" / "_headers").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        assert f"\n/{manifest.file_name(lang)}\n  Cache-Control: no-cache\n" in headers, lang

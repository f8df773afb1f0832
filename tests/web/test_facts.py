"""One home for the facts the page's JavaScript and Python share (eightoff/web/facts.py):
every copy derives from it or is checked against it here, and static/lang.js, as the build
writes it, decides the language and reads the address exactly as the Python does (run in
Node on the same addresses)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from eightoff.web import facts
from eightoff.web.links.address import parameters
from eightoff.web.links.startup import choose_language
from eightoff.web.storage import settings as stored_settings
from eightoff.web.storage import store
from eightoff.web.words import i18n

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import i18n as catalogues  # noqa: E402  (tools/i18n.py)

from sitebuild import catalogues as built_catalogues  # noqa: E402
from sitebuild import common  # noqa: E402

NODE = shutil.which("node")
# Runs the built lang.js once per case with a stand-in for the page's globals.
RUN_LANG_JS = r"""
const vm = require("vm");
const fs = require("fs");
const [file, casesJson] = process.argv.slice(1);
const source = fs.readFileSync(file, "utf8");
const out = JSON.parse(casesJson).map(({ search, stored, languages }) => {
  const root = { lang: "", dir: "", dataset: {} };
  const context = {
    location: { search },
    document: {
      documentElement: root, querySelector: () => null, createElement: () => ({}), head: { append() {} },
    },
    localStorage: { getItem: (key) => (key === "eightoff:v1:state" ? stored : null) },
    navigator: { languages, language: languages[0] },
    URLSearchParams,
  };
  context.self = context;
  vm.createContext(context);
  vm.runInContext(source, context);
  const { bootSeconds, serviceWorker, snapshot, firstVisit } = context.eightoffLoader;
  const theme = root.dataset.theme || "";
  return { lang: root.lang, dir: root.dir, bootSeconds, serviceWorker, snapshot, firstVisit, theme };
});
console.log(JSON.stringify(out));
"""
VERSIONS = re.compile(r"(pyodide[-@]|Pyodide |pyscript-|@pyscript/core@|PyScript )v?(\d+\.\d+(?:\.\d+)?)")


@pytest.fixture(scope="module")
def lang_js(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """static/lang.js with the build's words and facts written in."""
    script = tmp_path_factory.mktemp("lang") / "lang.js"
    shutil.copyfile(ROOT / "static" / "lang.js", script)
    built_catalogues.write_loader_strings(script)
    return script


def run_lang_js(script: Path, cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if NODE is None:
        pytest.fail("node is not installed (tools/test.sh installs it)")
    done = subprocess.run(
        [NODE, "-e", RUN_LANG_JS, str(script), json.dumps(cases)], capture_output=True, text=True, check=True
    )
    result: list[dict[str, Any]] = json.loads(done.stdout)
    return result


def case(search: str, chosen: str = "", languages: tuple[str, ...] = ("en-US",)) -> dict[str, Any]:
    stored = json.dumps({"settings": {"language": chosen}}) if chosen else None
    return {"search": search, "stored": stored, "languages": list(languages), "chosen": chosen}


LANGUAGE_CASES = [
    case("?lang=he"),
    case("?lang=he-IL&deal=EO1-C8-AAAAAFA"),
    case("?lang=HE"),
    case("?lang=nl-BE", languages=("uk",)),
    case("?lang=qps"),
    case("?lang=%20he", languages=("nl",)),  # D13: a blank is not part of a language tag
    case("?lang=he%20", languages=("nl",)),
    case("?lang=+he", languages=("uk",)),
    case("?lang=%26moves%3D1e", chosen="ca"),  # D6: an injected parameter is not a tag
    case("?lang=he%23frag", chosen="id"),
    case("?lang=he&lang=uk"),  # the first counts
    case("?lang=&lang=he", languages=("nl",)),
    case("?lang=xx", chosen="nl"),
    case("?lang=h%C3%A9"),  # a look-alike letter
    case("?lang=%E2%80%8Bhe", languages=("uk",)),  # a zero-width space
    case("?lang=he-", languages=("uk",)),
    case("?lang=he_IL", languages=("uk",)),
    case("?lang=en", chosen="he"),
    case("", chosen="he", languages=("uk",)),
    case("", chosen="zz", languages=("fr", "uk-UA")),
    case("", languages=("fr",)),
    case("", languages=("qps",)),  # the pseudo-language only by ?lang=
    case("?LANG=he", languages=("nl",)),  # names are case-sensitive, as in Python
    case("?deal=EO1-C8-AAAAAFA&lang=ca&moves=1e"),
]


def test_lang_js_decides_the_language_as_python_does(lang_js: Path) -> None:
    """static/lang.js (before Python runs) and startup.choose_language agree on every
    address, stored choice and browser list here; <html dir> follows the same list."""
    results = run_lang_js(lang_js, LANGUAGE_CASES)
    for given, got in zip(LANGUAGE_CASES, results, strict=True):
        expected = choose_language(given["search"], given["chosen"], given["languages"])
        assert (given["search"], got["lang"]) == (given["search"], expected)
        assert got["dir"] == i18n.direction(expected)
    assert [r["lang"] for r in results[:6]] == ["he", "he", "he", "nl", "qps", "nl"]
    assert results[8]["lang"] == "ca" and results[9]["lang"] == "id"


@pytest.mark.parametrize(
    ("value", "seconds"),
    [
        ("5", 5),
        ("30", 30),
        ("600", 600),
        ("4", 60),
        ("601", 60),
        ("0", 60),
        ("-1", 60),
        ("0.001", 60),
        ("1e9", 60),
        ("Infinity", 60),
        ("2147484", 60),
        ("NaN", 60),
        ("", 60),
        ("%D9%A1%D9%A0", 60),  # Arabic-Indic digits
        ("+30", 60),
        ("30s", 60),
    ],
)
def test_boot_timeout_is_bounded(lang_js: Path, value: str, seconds: int) -> None:
    """?boot_timeout= (tests only) is whole seconds from 5 to 600; anything else from a link
    is the default 60: it can neither fire the watchdog at once nor never."""
    (got,) = run_lang_js(lang_js, [case(f"?deal=EO1-C8-AAAAAFA&boot_timeout={value}")])
    assert got["bootSeconds"] == seconds
    assert facts.BOOT_TIMEOUT == (5, 60, 600)


def test_test_only_flags_are_read_once(lang_js: Path) -> None:
    """?no_sw and ?no_snapshot, present or not, with or without a value; others ignored."""
    results = run_lang_js(
        lang_js, [case("?no_sw"), case("?no_snapshot=0&x=1"), case("?no_sw_x&nosnapshot"), case("")]
    )
    flags = [(r["serviceWorker"], r["snapshot"]) for r in results]
    assert flags == [(False, True), (True, False), (True, True), (True, True)]


def test_a_first_visit_s_path_is_forced_only_by_a_known_value(lang_js: Path) -> None:
    """?first_visit=snapshot|boot (tests, the benchmark) forces the first visit's path; any
    other value, or none, leaves the choice to the page (an empty string)."""
    queries = ["?first_visit=snapshot", "?first_visit=boot&first_visit=snapshot", "?first_visit=SNAPSHOT"]
    results = run_lang_js(lang_js, [case(q) for q in [*queries, "?first_visit", ""]])
    assert [r["firstVisit"] for r in results] == ["snapshot", "boot", "", "", ""]
    assert facts.FIRST_VISIT == ("snapshot", "boot")


def test_python_reads_only_the_parameters_of_the_table() -> None:
    query = (
        "?seed=1&deal=a&deal=b&moves=1e&replay=3&daily&lang=he&boot_timeout=9&no_sw&no_snapshot"
        "&first_visit=boot&x"
    )
    assert parameters(query) == {
        "deal": "a",
        "moves": "1e",
        "replay": "3",
        "daily": "",
        "lang": "he",
        "boot_timeout": "9",
        "no_sw": "",
        "no_snapshot": "",
        "first_visit": "boot",
    }
    assert [p.name for p in facts.PARAMETERS if p.kept] == ["lang"]


@pytest.mark.parametrize(
    ("stored", "theme"),
    [
        ({"theme": "dark"}, "dark"),
        ({"theme": "light", "language": "he"}, "light"),
        ({"theme": "auto"}, ""),
        ({}, ""),
        ({"theme": "sepia"}, ""),
        ({"theme": ["dark"]}, ""),
        (None, ""),
    ],
)
def test_lang_js_paints_the_saved_theme_before_python(lang_js: Path, stored: Any, theme: str) -> None:
    """<html data-theme> from the saved settings, set by lang.js before the first paint;
    "auto", none or anything else leaves the device's colours."""
    record = None if stored is None else json.dumps({"settings": stored})
    (result,) = run_lang_js(lang_js, [{"search": "", "stored": record, "languages": ["en"]}])
    assert result["theme"] == theme


def test_every_copy_of_the_shared_facts_derives_from_facts() -> None:
    """The Python reads facts.py; the tools derive from it; lang.js holds none of them."""
    assert i18n.LANGUAGES is facts.LANGUAGES and i18n.PSEUDO is facts.PSEUDO
    assert i18n.RIGHT_TO_LEFT is facts.RIGHT_TO_LEFT
    assert (store.KEY, store.BACKUP_KEY) == (facts.RECORD_KEY, facts.BACKUP_KEY)
    assert (facts.LANGUAGES[1:], facts.PSEUDO) == (catalogues.LANGUAGES, catalogues.PSEUDO)
    assert (common.PYODIDE_VERSION, common.PYSCRIPT_VERSION) == (
        facts.PYODIDE_VERSION,
        facts.PYSCRIPT_VERSION,
    )
    source = (ROOT / "static" / "lang.js").read_text()
    assert stored_settings.THEME_CHOICES is facts.THEMES
    for copied in ('"eightoff:', '"qps"', '["he"]', '"en", "he"', "60", '"dark"', '"light"'):
        assert copied not in source, f"static/lang.js repeats {copied}: read it from FACTS"
    for path in [ROOT / "static" / "loader.js", *sorted((ROOT / "static").glob("*.mjs"))]:
        script = path.read_text()
        assert "URLSearchParams" not in script and "eightoff:" not in script, path.name


def test_the_runtime_versions_written_anywhere_are_the_pinned_ones() -> None:
    """package.json (the pin of record) and every tracked file that names a runtime
    version (the page's paths, docs, comments) agree with facts.py."""
    package = json.loads((ROOT / "package.json").read_text())["dependencies"]
    assert package == {"@pyscript/core": facts.PYSCRIPT_VERSION, "pyodide": facts.PYODIDE_VERSION}
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    assert lock["node_modules/pyodide"]["version"] == facts.PYODIDE_VERSION
    assert lock["node_modules/@pyscript/core"]["version"] == facts.PYSCRIPT_VERSION
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    wanted = {"pyodide": facts.PYODIDE_VERSION, "pyscript": facts.PYSCRIPT_VERSION}
    found = 0
    for name in tracked.stdout.split():
        if name in ("CHANGELOG.md", "package-lock.json") or not name.endswith(
            (".py", ".js", ".mjs", ".html", ".md", ".toml", ".conf", ".json", "_headers")
        ):
            continue
        for match in VERSIONS.finditer((ROOT / name).read_text(encoding="utf-8", errors="replace")):
            runtime = "pyodide" if "yodide" in match[1] else "pyscript"
            assert match[2] == wanted[runtime], f"{name}: {match[0]}"
            found += 1
    assert found >= 15  # the page's paths at least: the check reads real copies

"""The facts the page's JavaScript and its Python share, in one place (pure Python).

The languages, the right-to-left ones, the pseudo-language, the storage keys, the pinned
runtime's versions and the parameters of the page's address are written here once. The
Python reads them from here; the build (tools/sitebuild/catalogues.py) writes
:func:`for_javascript` into static/lang.js, which hands them to the loading screen's
scripts (``self.eightoffFacts``); package.json and package-lock.json stay the npm pin of
record, and tests/web/test_facts.py fails when any copy drifts from this module.

>>> for_javascript()["recordKey"], for_javascript()["rightToLeft"]
('eightoff:v1:state', ['he'])
>>> [p.name for p in PARAMETERS if p.test_only]
['boot_timeout', 'no_sw', 'no_snapshot', 'first_visit']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

LANGUAGES: Final = ("en", "he", "uk", "ca", "id", "nl")
"""The languages of our players (the user's rules pages came in the last five), English
first: the game speaks each, and the Rules, Examples and FAQ pages exist in each."""
RIGHT_TO_LEFT: Final = ("he",)
"""The languages written right to left (``<html dir="rtl">``)."""
PSEUDO: Final = "qps"
"""The pseudo-language the build makes for tests (every string accented and longer):
reachable only by ``?lang=qps``, never offered in the picker."""

LANGUAGE_TAG: Final = r"[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*"
"""What ``?lang=`` must be, whole (a BCP 47 tag's letters, digits and dashes; ASCII only):
the same regular expression in Python and in static/lang.js."""

RECORD_KEY: Final = "eightoff:v1:state"
"""``localStorage``: the record (the game, the settings, the statistics; docs/storage.md)."""
BACKUP_KEY: Final = "eightoff:backup"
"""``localStorage``: the last bad value found under :data:`RECORD_KEY`, kept as it was (the
"set aside" slot, newest wins)."""

HOW_TO_KEY: Final = "eightoff:how-to"
"""``localStorage``: present once the first visit's how-to was dismissed or a move played
(:mod:`.view.how_to`; its value is never read)."""

THEMES: Final = ("auto", "light", "dark")
"""The table's colours in the settings: ``auto`` follows the device's
``prefers-color-scheme``; static/lang.js sets ``<html data-theme>`` for the others before
the first paint."""

PYODIDE_VERSION: Final = "314.0.7"
"""The pinned Pyodide (package.json); its files live under ``static/vendor/pyodide-<v>/``."""
PYSCRIPT_VERSION: Final = "0.7.31"
"""The pinned PyScript (package.json); its files live under ``static/vendor/pyscript-<v>/``."""

BOOT_TIMEOUT: Final = (5, 60, 600)
"""``?boot_timeout=N``: seconds without progress before the loading screen says start-up
stalled — the least, the default, the most. Any other value counts as the default."""

FIRST_VISIT: Final = ("snapshot", "boot")
"""``?first_visit=``: force a first visit's path (tests, bench/startup.py) — fetch the
memory snapshot with the runtime and boot from it, or boot without it as before — instead
of the choice static/pyodide-loader.mjs makes from the link and the device."""

Reader = Literal["python", "javascript"]


@dataclass(frozen=True)
class Parameter:
    """One parameter of the page's address: its ``name``, who reads it, whether it is a
    flag (present or not) or carries a value, whether only tests use it (then bounded and
    harmless from any link), and whether the page writes it back into the address when it
    rewrites it (only a recognised value, URL-encoded)."""

    name: str
    reader: Reader
    flag: bool = False
    test_only: bool = False
    kept: bool = False


PARAMETERS: Final = (
    Parameter("deal", "python"),
    Parameter("moves", "python"),
    Parameter("replay", "python"),
    Parameter("time", "python"),
    Parameter("daily", "python", flag=True),
    Parameter("lang", "javascript", kept=True),
    Parameter("boot_timeout", "javascript", test_only=True),
    Parameter("no_sw", "javascript", flag=True, test_only=True),
    Parameter("no_snapshot", "javascript", flag=True, test_only=True),
    Parameter("first_visit", "javascript", test_only=True),
)
"""Every parameter the page reads; any other is ignored. The first of a repeated parameter
counts. The test-only ones are harmless from a public link: ``boot_timeout`` is bounded
(:data:`BOOT_TIMEOUT`), ``no_sw`` only skips the offline install for that visit, and
``no_snapshot`` only boots that visit without the stored snapshot, and ``first_visit``
(one of :data:`FIRST_VISIT`, anything else ignored) only forces which way a first visit
boots. ``lang`` is read by
both: static/lang.js decides the language before Python runs, eightoff/web/links/startup.py the
same way (tests/web/test_facts.py runs both on the same addresses)."""


def parameter(name: str) -> Parameter:
    """The parameter called ``name`` (a ``KeyError`` for one the page does not read).

    >>> parameter("lang").kept, parameter("seed")
    Traceback (most recent call last):
    ...
    KeyError: 'seed'
    """
    for known in PARAMETERS:
        if known.name == name:
            return known
    raise KeyError(name)


def for_javascript() -> dict[str, object]:
    """What the loading screen's scripts need, as the build writes it into static/lang.js."""
    return {
        "languages": list(LANGUAGES),
        "rightToLeft": list(RIGHT_TO_LEFT),
        "pseudo": PSEUDO,
        "languageTag": LANGUAGE_TAG,
        "recordKey": RECORD_KEY,
        "backupKey": BACKUP_KEY,
        "themes": list(THEMES),
        "bootTimeout": dict(zip(("least", "default", "most"), BOOT_TIMEOUT, strict=True)),
        "firstVisit": list(FIRST_VISIT),
        "parameters": {
            p.name: {"flag": p.flag, "testOnly": p.test_only, "kept": p.kept}
            for p in PARAMETERS
            if p.reader == "javascript"
        },
    }


__all__ = [
    "BACKUP_KEY",
    "BOOT_TIMEOUT",
    "FIRST_VISIT",
    "HOW_TO_KEY",
    "LANGUAGES",
    "LANGUAGE_TAG",
    "PARAMETERS",
    "PSEUDO",
    "PYODIDE_VERSION",
    "PYSCRIPT_VERSION",
    "RECORD_KEY",
    "RIGHT_TO_LEFT",
    "Parameter",
    "for_javascript",
    "parameter",
]

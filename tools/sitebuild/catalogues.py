"""The game's words for the page: each language's catalogue compiled to a ``.mo`` for the
package zip (Python reads them with the standard library's ``gettext``), and the loading
screen's words of every language written into static/lang.js (docs/i18n.md).

The catalogues are eightoff/locale/<lang>/LC_MESSAGES/eightoff.po (tools/i18n.py keeps
them); the pseudo-language ``qps`` is made here from the template, for tests.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import i18n  # tools/i18n.py

from .common import CACHE, facts

MO_CACHE = CACHE / "locale"
# The lines of static/lang.js this module replaces.
MARKER = re.compile(r"^( *)const (STRINGS|FACTS) = \{\};  // written by tools/build\.py$", re.MULTILINE)


def compile_catalogues() -> dict[str, bytes]:
    """Every ``.mo``, by its name in the package zip (``locale/<lang>/LC_MESSAGES/eightoff.mo``)."""
    out = MO_CACHE
    for stale in out.rglob("*.mo"):
        stale.unlink()
    return {f"locale/{path.relative_to(out).as_posix()}": path.read_bytes() for path in i18n.compile_all(out)}


def write_loader_strings(script: Path) -> None:
    """Put the loading screen's words of every language, and the facts the page's scripts
    share with its Python (eightoff/web/facts.py), into ``script`` (static/lang.js)."""
    source = script.read_text(encoding="utf-8")
    if sorted(m[2] for m in MARKER.finditer(source)) != ["FACTS", "STRINGS"]:
        raise SystemExit(
            "build: static/lang.js lacks the `const STRINGS = {};` and `const FACTS = {};`"
            " lines (`  // written by tools/build.py`)"
        )
    values = {"STRINGS": i18n.loader_strings(), "FACTS": facts.for_javascript()}

    def written(match: re.Match[str]) -> str:
        value = json.dumps(values[match[2]], ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        return f"{match[1]}const {match[2]} = {value};  // written by tools/build.py"

    script.write_text(MARKER.sub(written, source), encoding="utf-8")

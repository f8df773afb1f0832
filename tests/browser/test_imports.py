"""The recorded list of what the game imports on a first visit (tools/sitebuild/first_imports.txt,
written by tools/record_imports.py) holds every module the page imports: at its start and
in every window (tools/record_imports.py's walk, the replay and the win started afresh in
the booted tab). A module outside it would come from the standard library's late part (or
our package's), fetched at once: it works, but the first visit waits for those bytes."""

from __future__ import annotations

import record_imports
from playwright.sync_api import Page

from sitebuild.stdlib import FIRST_IMPORTS, first_imports

from .harness import ROOT
from .helpers import restart


def test_the_first_visit_imports_only_what_the_list_holds(page: Page, site_url: str) -> None:
    recorded = first_imports()
    beyond: dict[str, set[str]] = {}

    def step(name: str, imported: set[str]) -> None:
        if imported - recorded:
            beyond.setdefault(name, imported - recorded)

    record_imports.walk(page, site_url, step, reopen=lambda query: restart(page, query))
    assert not beyond, (
        f"the page imported modules {FIRST_IMPORTS.relative_to(ROOT)} lacks, by step of the walk: "
        f"{beyond}. The page still works (its finders fetch them at once), but a first visit waits "
        f"for the late parts. Record the list again and commit it: `python tools/record_imports.py` "
        f"(it builds, walks the page in Chromium and writes the list, again until it holds still)"
    )

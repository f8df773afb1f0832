"""Record the modules the game imports on a first visit: its start and every window.

    python tools/record_imports.py [--no-build]

Builds the site (unless ``--no-build``), serves dist/ and runs the page in Chromium the way
a first visit on the normal boot does (``?no_snapshot``: neither a stored snapshot nor the
memory of one, so every module is imported for real), then walks it (:func:`walk`): the
start, the keys' window and the how-to card, the New Game window with a code typed, the
settings with every language and theme, the Statistics window and its export, a hint and
a move, the share button, a replay, and a win through Finish. It writes every module of
the standard library and of ours then in ``sys.modules`` into
tools/sitebuild/first_imports.txt, which the build reads (tools/sitebuild/stdlib.py:
those modules make the standard library's boot part), then builds and walks again until
the list it writes is the one its build was made from (`ROUNDS`); ``--no-build`` walks
dist/ once, as it is. tests/browser/test_imports.py makes the same walk and fails when the
page imports a module the list lacks. A stale list never breaks the page: a module it lacks
is fetched at once by the page's finders (the late parts), so the first visit waits for
those bytes.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT.parent))

import build  # noqa: E402  (tools/build.py)
import chromium  # noqa: E402  (tools/chromium.py)
import serve  # noqa: E402  (tools/serve.py)
from eightoff import DealCode, Game  # noqa: E402
from eightoff.solver import solve  # noqa: E402
from eightoff.web.facts import LANGUAGES  # noqa: E402
from sitebuild.stdlib import FIRST_IMPORTS, first_imports  # noqa: E402

CODE = "EO1-C8-AAAAAFA"
"""The deal of the walk (a shared link's, as in bench/interaction.py)."""
TIMEOUT_MS = 120_000
ROUNDS = 3
"""At most this many builds and walks. A walk over a build made from a stale list imports
more than the game does (a module the list lacks brings the late part of the package at
once, and its finder's ``importlib.invalidate_caches()`` imports ``importlib.metadata`` and
``email``), so the list is recorded again over a build of the new one until the two agree:
two rounds after a module of ours was renamed."""
MODULES = """() => new Promise((resolve) => {
  const script = document.createElement('script');
  script.type = 'py';
  window.recordedModules = resolve;
  script.textContent = `
import js, sys
js.window.recordedModules(' '.join(sorted(
    name for name, module in sys.modules.items()
    if name.startswith('eightoff')
    or '/lib/python' in str(getattr(getattr(module, '__spec__', None), 'origin', ''))
)))`;
  document.body.append(script);
}).then((names) => names.split(' '))"""
"""The modules of the standard library (read from its zip) and of ours in the page's
``sys.modules``, read by a ``<script type="py">`` of the page."""


def modules(page: Page) -> set[str]:
    """What the page's interpreter has imported so far (the standard library's and ours)."""
    return set(page.evaluate(MODULES))


def open_first_visit(page: Page, base: str, query: str = "") -> None:
    """``index.html?no_snapshot&query`` until playable: the normal boot, nothing of a
    snapshot. The game saved by the page before is forgotten: a first visit's game."""
    blank = base + "__blank__.html"  # a page of the origin (the game saves as it leaves)
    page.route(
        blank,
        # its own icon: without one Chromium asks for /favicon.ico, a 404 the tests' watch
        # of the console counts against the page (as tests/browser/helpers.py's BLANK)
        lambda route: route.fulfill(
            body="<!doctype html><title>blank</title><link rel=icon href='data:,'>", content_type="text/html"
        ),
    )
    page.goto(blank)
    page.evaluate("localStorage.clear()")
    page.unroute(blank)
    page.goto(f"{base}index.html?no_snapshot{'&' + query if query else ''}")
    page.wait_for_selector("html[data-ready], html[data-boot-error]", state="attached", timeout=TIMEOUT_MS)
    if page.locator("html[data-boot-error]").count():
        details = page.locator(".loading-error-details").text_content()
        raise SystemExit(f"record_imports: the page failed to start: {details}")


def along(code: str, upto: int) -> str:
    """The query of a position link on deal ``code`` ``upto`` moves along the engine's
    solution (negative: that many from its end), in the engine's notation joined by dots."""
    deal = DealCode.parse(code)
    line = solve(deal.deal()).moves[:upto]
    if not line:
        raise SystemExit(f"record_imports: the solver found no line for {code}")
    game = Game.new(deal)
    for move in line:
        game.play(move)  # raises if the link would not play
    return f"deal={code}&moves={'.'.join(str(move) for move in line)}"


def walk(
    page: Page,
    base: str,
    step: Callable[[str, set[str]], None] = lambda _, __: None,
    reopen: Callable[[str], None] | None = None,
) -> set[str]:
    """Run the page as a first visit and through every window (the module's docstring);
    ``step(name, modules)`` is told what the page had imported after each part. The replay
    and the win are opened by ``reopen(query)`` (by default a load of the page, as a first
    visit: a test may start them afresh in the booted tab). Returns every module imported."""
    seen: set[str] = set()
    reopen = reopen or (lambda query: open_first_visit(page, base, query))

    def done(name: str) -> None:
        now = modules(page)
        seen.update(now)
        step(name, now)

    open_first_visit(page, base, f"deal={CODE}")
    done("start")
    page.keyboard.press("?")
    expect(page.locator("#help-dialog")).to_be_visible()
    page.locator("#how-to-open").click()
    expect(page.locator("#how-to")).to_be_visible()
    page.locator("#how-to-close").click()
    done("keys and how-to")
    page.locator("#new-game").click()
    expect(page.locator("#new-game-dialog")).to_be_visible()
    page.locator("#code-input").fill("EO1-C8-AAAAAFB")
    expect(page.locator("#code-verdict")).not_to_be_empty(timeout=TIMEOUT_MS)
    page.keyboard.press("Escape")
    done("new game")
    page.locator("#settings").click()
    expect(page.locator("#settings-dialog")).to_be_visible()
    for language in [*(code for code in LANGUAGES if code != "en"), "en"]:
        page.locator("#language").select_option(language)
        expect(page.locator("html")).to_have_attribute("lang", language)
    for theme in ("dark", "light", "auto"):
        page.locator(f'input[name="theme"][value="{theme}"]').check()
    page.keyboard.press("Escape")
    done("settings")
    page.locator("#stats-button").click()
    expect(page.locator("#stats")).to_be_visible()
    with page.expect_download():
        page.locator("#export").click()
    page.keyboard.press("Escape")
    done("statistics")
    page.keyboard.press("h")  # the card to move, then (H again) where it goes
    expect(page.locator(".hint").first).to_be_visible(timeout=TIMEOUT_MS)
    page.keyboard.press("h")
    expect(page.locator(".hint-target")).to_have_count(1)
    page.locator(".hint").first.drag_to(page.locator(".hint-target"))
    expect(page.locator("#moves")).to_have_text("1")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base.rstrip("/"))
    page.locator("#share-button").click()
    done("a hint, a move, a share")
    reopen(along(CODE, 3) + "&replay")
    page.locator("#replay-play").click()
    page.locator("#replay-exit").click()
    done("replay")
    reopen(along(CODE, -1))  # one Finish from the win
    page.keyboard.press("e")
    expect(page.locator("#win")).to_be_visible(timeout=TIMEOUT_MS)
    done("win")
    return seen


def record(base: str) -> set[str]:
    """The walk in a fresh browser profile; every module imported."""
    with sync_playwright() as playwright, tempfile.TemporaryDirectory(prefix="eightoff-imports-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, **chromium.launch_options(), service_workers="block"
        )
        try:
            page = context.new_page()
            return walk(page, base, lambda name, now: print(f"record_imports: {name}: {len(now)} modules"))
        finally:
            context.close()


HEADER = """\
# The modules of the standard library and of ours the game imports on a first visit: its
# start and every window. Written by `python tools/record_imports.py` from a run of the page
# (do not edit); tools/sitebuild/stdlib.py makes the standard library's boot part of them, and
# tests/browser/test_imports.py fails when the page imports a module this list lacks.
"""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--no-build", action="store_true", help="walk dist/ as it is")
    args = parser.parse_args(argv)
    for attempt in range(1, 1 + (1 if args.no_build else ROUNDS)):
        built_from = first_imports()
        if not args.no_build:
            build.build()
        found = walked()
        FIRST_IMPORTS.write_text(HEADER + "".join(f"{name}\n" for name in sorted(found)), encoding="utf-8")
        print(f"record_imports: wrote {FIRST_IMPORTS.relative_to(ROOT.parent)} ({len(found)} modules)")
        if found == built_from or args.no_build:
            break
        print(f"record_imports: round {attempt}'s list is not its build's: building and walking again")
    else:
        changed = sorted(found ^ built_from)
        raise SystemExit(f"record_imports: the list still changed after {ROUNDS} rounds: {changed}")
    print(json.dumps(sorted(found)))


def walked() -> set[str]:
    """Every module the walk imports, on dist/ served by tools/serve.py."""
    server = serve.start_server(build.DIST)
    try:
        return record(serve.url_of(server))
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()

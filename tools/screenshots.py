"""Screenshots of the game, for a person to look at (not committed, not in CI; docs/i18n.md,
docs/dom-contract.md).

    python tools/screenshots.py [--out build/screenshots] [--theme light|dark|forced]
                                [--lang en,he,…] [--no-dialogs]

Builds dist/ if needed (tools/build.py), serves it (tools/serve.py) and, in the Debian
Chromium through Playwright, writes

- ``layout-<width>x<height>-deal.png`` and ``-long.png``: the board at the seven window
  sizes the layout is made for (``SIZES``: phones upright, a phone on its side, tablets,
  desktops) and at the review's phone both ways (390x844, 844x390), at a first visit's
  deal (the how-to shown) and in a position with a 15-card column
  (tests/browser/test_fit.py), from one page whose window is resized;
- ``<lang>-<width>x<height>-<view>.png`` for every language and the pseudo-language (or
  those of ``--lang``) at 360x640 and 1280x800: the board after a move, the settings
  window and the New Game window (``--no-dialogs``: none of these).

``--theme dark`` shows the device asking for dark colours, ``forced`` Windows' high
contrast (forced colours); their files end in -dark, -forced.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from eightoff.web.words.i18n import LANGUAGES, PSEUDO  # noqa: E402
from tests.browser.harness import build_once, launch_args, serve  # noqa: E402
from tests.browser.test_fit import DEAL, FITTED, LONG, SIZES  # noqa: E402
from tests.browser.test_targets import PHONES  # noqa: E402

LANGUAGE_SIZES = ((360, 640), (1280, 800))
CODE = "EO1-C8-AAAAAFA"


def themed(page: Any, theme: str) -> None:
    if theme == "forced":
        page.emulate_media(forced_colors="active")
    else:
        page.emulate_media(color_scheme=theme)


def open_game(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("html[data-ready]", timeout=90_000)


def layouts(browser: Any, base: str, out: Path, theme: str, suffix: str) -> None:
    """The board at every size, at the deal and with a long column: one page, resized."""
    page = browser.new_page(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    themed(page, theme)
    for name, query in (("deal", f"deal={DEAL}"), ("long", LONG)):
        open_game(page, f"{base}index.html?{query}")
        for width, height in (*SIZES, *PHONES):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate(FITTED)
            page.screenshot(path=out / f"layout-{width}x{height}-{name}{suffix}.png")
        print(out / f"layout-*-{name}{suffix}.png")
        page.evaluate("() => localStorage.clear()")
    page.close()


def languages(browser: Any, base: str, out: Path, theme: str, suffix: str, langs: list[str]) -> None:
    for lang in langs:
        for width, height in LANGUAGE_SIZES:
            page = browser.new_page(viewport={"width": width, "height": height})
            themed(page, theme)
            open_game(page, f"{base}index.html?deal={CODE}&moves=1e&lang={lang}")
            name = f"{lang}-{width}x{height}"
            page.screenshot(path=out / f"{name}-board{suffix}.png")
            for opener, dialog in (("#settings", "settings"), ("#new-game", "new-game")):
                page.locator(opener).click()
                page.screenshot(path=out / f"{name}-{dialog}{suffix}.png")
                page.keyboard.press("Escape")
            page.close()
            print(out / f"{name}-*.png")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "screenshots")
    parser.add_argument("--theme", choices=("light", "dark", "forced"), default="light")
    parser.add_argument("--lang", default=",".join((*LANGUAGES, PSEUDO)), help="languages, comma-separated")
    parser.add_argument("--no-dialogs", action="store_true", help="only the board at the seven sizes")
    args = parser.parse_args(argv)
    out: Path = args.out
    suffix = "" if args.theme == "light" else f"-{args.theme}"
    langs = [] if args.no_dialogs else args.lang.split(",")
    unknown = set(langs) - {*LANGUAGES, PSEUDO}
    if unknown:
        parser.error(f"no such language: {', '.join(sorted(unknown))}")
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    build_once()
    server = serve.start_server(serve.DIST)
    base = serve.url_of(server)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args({}))
            layouts(browser, base, out, args.theme, suffix)
            languages(browser, base, out, args.theme, suffix, langs)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()

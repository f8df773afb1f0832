"""Screenshots of the game in each language, for a person to look at (not committed, not
in CI; docs/i18n.md).

    python tools/screenshots.py [--out build/screenshots] [--theme light|dark|forced]

Builds dist/ if needed (tools/build.py), serves it (tools/serve.py) and, in the Debian
Chromium through Playwright, writes <lang>-<width>x<height>-<view>.png for every language
and the pseudo-language at 360x640 and 1280x800: the board after a move, the settings
window and the New Game window. ``--theme dark`` shows the device asking for dark colours,
``forced`` Windows' high contrast (forced colours); their files end in -dark, -forced.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from eightoff.web.words.i18n import LANGUAGES, PSEUDO  # noqa: E402
from tests.browser.harness import build_once, launch_args, serve  # noqa: E402

SIZES = ((360, 640), (1280, 800))
CODE = "EO1-C8-AAAAAFA"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "screenshots")
    parser.add_argument("--theme", choices=("light", "dark", "forced"), default="light")
    args = parser.parse_args(argv)
    out: Path = args.out
    suffix = "" if args.theme == "light" else f"-{args.theme}"
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    build_once()
    server = serve.start_server(serve.DIST)
    base = serve.url_of(server)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args({}))
            for lang in (*LANGUAGES, PSEUDO):
                for width, height in SIZES:
                    page = browser.new_page(viewport={"width": width, "height": height})
                    if args.theme == "forced":
                        page.emulate_media(forced_colors="active")
                    else:
                        page.emulate_media(color_scheme=args.theme)
                    page.goto(f"{base}index.html?deal={CODE}&moves=1e&lang={lang}")
                    page.wait_for_selector("html[data-ready]", timeout=90_000)
                    name = f"{lang}-{width}x{height}"
                    page.screenshot(path=out / f"{name}-board{suffix}.png")
                    for opener, dialog in (("#settings", "settings"), ("#new-game", "new-game")):
                        page.locator(opener).click()
                        page.screenshot(path=out / f"{name}-{dialog}{suffix}.png")
                        page.keyboard.press("Escape")
                    page.close()
                    print(out / f"{name}-*.png")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()

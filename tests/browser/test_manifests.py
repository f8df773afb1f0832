"""The page's description and the installed app's manifest follow the language (issue 34):
static/lang.js links the chosen language's manifest (once: the markup has none) and copies
that language's description into <meta name="description"> before anything reads them;
Chromium then reads that manifest, with its name, description, lang and dir, and no error.
The pseudo-language keeps the English ones.

Python is held back (its package and the wasm never arrive): only the loading screen runs,
which is all that chooses these. Hebrew (right to left) stands for every other language:
tests/tools/test_site_head.py checks that the build writes each one's words
(pages/<lang>/site.toml) where lang.js looks for them."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

import pages  # tools/pages.py (tests/browser/harness.py puts tools/ on the path)

CHOSEN = {"he": "he", "en": "en", "qps": "en"}
"""The language asked for (?lang=) -> the language of the description and manifest."""


def test_the_chosen_language_s_description_and_manifest(page: Page, site_url: str) -> None:
    page.route("**/static/eightoff.*.zip", lambda route: None)
    page.route("**/pyodide.asm.wasm", lambda route: None)
    cdp = page.context.new_cdp_session(page)
    for asked, lang in CHOSEN.items():
        page.goto(f"{site_url}index.html?lang={asked}", wait_until="domcontentloaded")
        expect(page.locator("html")).to_have_attribute("lang", asked)
        description = pages.load_site(lang)["description"]
        expect(page.locator('meta[name="description"]')).to_have_attribute("content", description)
        name = "manifest.webmanifest" if lang == "en" else f"manifest.{lang}.webmanifest"
        expect(page.locator('link[rel="manifest"]')).to_have_attribute("href", name)
        found = cdp.send("Page.getAppManifest")
        assert found["url"] == site_url + name and not found["errors"], found
        manifest = json.loads(found["data"])
        assert (manifest["name"], manifest["description"], manifest["lang"], manifest["dir"]) == (
            "Eight Off",
            description,
            lang,
            "rtl" if lang == "he" else "ltr",
        )
    cdp.detach()
    page.unroute_all(behavior="ignoreErrors")

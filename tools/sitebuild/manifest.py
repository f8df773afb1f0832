"""The web app manifests: what lets a browser install the page as an app, one per language.

A manifest has one ``lang`` and one ``description``, and the platform has no way yet to
translate one (the ``*_localized`` members are a proposal no browser ships), so the build
writes a manifest per language: ``manifest.webmanifest`` in English (what index.html links,
the x-default) and ``manifest.<lang>.webmanifest`` for each other language, each with
its ``lang``, ``dir`` and the description of ``pages/<lang>/site.toml``. static/lang.js
links the chosen language's (index.html links the English one only in a <noscript>:
Chromium reads a manifest link as soon as it is parsed and does not read it again when its
address changes). Every manifest has the same ``start_url`` and icons, and no ``id``: the app's identity
is its start URL (an ``id`` would be resolved against the origin, not the site's folder,
and so change the identity of a copy installed from a subfolder), so every language
installs one and the same app, which opens in the language of its settings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pages  # tools/pages.py: each language's site.toml

from .common import facts

MANIFEST: dict[str, Any] = {
    "name": "Eight Off",
    "short_name": "Eight Off",
    "start_url": "./",
    "scope": "./",
    "display": "standalone",
    "background_color": "#0b6e3a",
    "theme_color": "#0b6e3a",
    "icons": [  # static/icon.svg and the PNGs of icons.py (names.py hashes their names later)
        {"src": "static/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        {"src": "static/icon-192.png", "sizes": "192x192", "type": "image/png"},
        {"src": "static/icon-512.png", "sizes": "512x512", "type": "image/png"},
        {
            "src": "static/icon-maskable-512.png",
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ],
}


def file_name(lang: str) -> str:
    """``manifest.webmanifest`` for English, ``manifest.he.webmanifest`` for Hebrew …"""
    return "manifest.webmanifest" if lang == facts.LANGUAGES[0] else f"manifest.{lang}.webmanifest"


def manifest(lang: str) -> dict[str, Any]:
    return {
        **MANIFEST,
        "lang": lang,
        "dir": "rtl" if lang in facts.RIGHT_TO_LEFT else "ltr",
        "description": pages.load_site(lang)["description"],
    }


def manifests(dist: Path) -> list[Path]:
    """The manifests of every language in ``dist``, English first."""
    return [dist / file_name(lang) for lang in facts.LANGUAGES]


def write_manifest(dist: Path) -> list[Path]:
    """Write every language's manifest into ``dist``; return them."""
    for lang, path in zip(facts.LANGUAGES, manifests(dist), strict=True):
        path.write_text(json.dumps(manifest(lang), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return manifests(dist)

"""manifest.webmanifest: what lets a browser install the page as an app."""

from __future__ import annotations

import json
from pathlib import Path

MANIFEST = {
    "name": "Eight Off",
    "short_name": "Eight Off",
    "description": "Eight Off solitaire, playable offline.",
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


def write_manifest(dist: Path) -> None:
    (dist / "manifest.webmanifest").write_text(json.dumps(MANIFEST, indent=2) + "\n")

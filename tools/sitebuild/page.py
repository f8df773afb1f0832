"""The site's own files in dist/, and the byte counts the loading screen shows."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from .common import ROOT


def copy_site(dist: Path) -> None:
    """Start `dist` afresh with static/ (caches left out), the page and the hosts' files."""
    if dist.exists():
        shutil.rmtree(dist)
    shutil.copytree(
        ROOT / "static",
        dist / "static",
        ignore=shutil.ignore_patterns("vendor", "__pycache__", "*.br", "*.gz", "*.key"),
    )
    for name in ("index.html", "pyscript.toml"):
        shutil.copyfile(ROOT / name, dist / name)
    shutil.copyfile(ROOT / "deploy" / "_headers", dist / "_headers")  # Netlify, Cloudflare Pages
    (dist / ".nojekyll").write_text("")  # GitHub Pages: publish the files as they are


def annotate_progress_links(dist: Path) -> None:
    """Give each <link data-progress> its file size so the loading screen can show percent."""
    index = dist / "index.html"

    def annotate(match: re.Match[str]) -> str:
        tag = match.group(0)
        href = re.search(r'href="([^"]+)"', tag)
        if not href or not (dist / href.group(1)).is_file():
            raise SystemExit(f"build: index.html preloads a missing file: {tag}")
        size = (dist / href.group(1)).stat().st_size
        return tag.replace("data-progress", f'data-progress data-bytes="{size}"')

    index.write_text(re.sub(r"<link [^>]*data-progress[^>]*>", annotate, index.read_text()))

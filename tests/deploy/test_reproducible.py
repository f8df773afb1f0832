"""Two builds of one commit are byte-identical (issue 22, item 5).

A build that differs from the last one for unchanged code gives the site a new content
version: every returning player downloads the 3.7 MB snapshot again and the service worker
reinstalls. The catalogues used to carry the build's moment, and the snapshot the build's
clock and entropy (tools/snapshot.mjs); this builds the site a second time, with the
snapshot made anew rather than taken from the build cache, compares every file, and
checks that no file holds the folder the site was built in.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser.harness import ROOT, build, build_once

from sitebuild import snapshot


def files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_two_builds_of_one_commit_are_byte_identical(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    version = build_once()
    monkeypatch.setattr(snapshot, "SNAPSHOT_CACHE", tmp_path / "snapshot-cache")  # made again, not reused
    again = tmp_path / "dist"
    assert build.assemble(again) == version
    first, second = files(build.DIST), files(again)
    assert sorted(second) == sorted(first)
    assert [name for name in first if first[name] != second[name]] == []
    made = list((tmp_path / "snapshot-cache").glob("snapshot-*.bin"))
    assert len(made) == 1  # the comparison covered a snapshot made by this second build
    # A build in another folder (another clone, a CI runner) writes the same bytes too: no
    # file holds the folder it was built in (the snapshot held the maker's path once).
    folder = str(ROOT).encode()
    assert [name for name, data in second.items() if folder in data] == []

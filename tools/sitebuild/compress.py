"""Precompressed .br and .gz files beside large ones, for hosts that serve them."""

from __future__ import annotations

import gzip
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import brotli  # pinned in requirements.txt

from .common import VENDOR, sha256

COMPRESSIBLE = {
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".json",
    ".toml",
    ".py",
    ".svg",
    ".wasm",
    ".webmanifest",
    ".txt",
    ".zip",
    ".bin",  # the memory snapshot
    ".mo",  # the catalogues
}
MIN_COMPRESS_BYTES = 1024
Compressor = Callable[[bytes], bytes]
COMPRESSORS: tuple[tuple[str, Compressor], ...] = (
    (".br", lambda data: brotli.compress(data, quality=11)),
    (".gz", lambda data: gzip.compress(data, 9, mtime=0)),
)


def precompress(dist: Path) -> None:
    """Write .br and .gz beside each compressible file where it saves at least a tenth.

    Vendored files never change under their versioned path, so their compressed forms are
    cached in static/vendor/ and only copied. The files are compressed in parallel, one
    process per core, the largest first (brotli at quality 11 holds the interpreter lock, and
    the snapshot alone takes most of a minute): the output is the same as one at a time.
    """
    files = [
        path
        for path in sorted(p for p in dist.rglob("*") if p.is_file())
        if path.suffix in COMPRESSIBLE and path.stat().st_size >= MIN_COMPRESS_BYTES
    ]
    files.sort(key=lambda path: path.stat().st_size, reverse=True)
    caches = [
        VENDOR / path.relative_to(dist / "static" / "vendor") if "vendor" in path.parts else None
        for path in files
    ]
    # Spawned, not forked: the build also runs inside the test session, whose other threads
    # (the browser's driver) a fork would copy mid-step.
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=get_context("spawn")) as pool:
        list(pool.map(_precompress_file, files, caches))


def _precompress_file(path: Path, cache: Path | None) -> None:
    data = path.read_bytes()
    for suffix, compress in COMPRESSORS:
        packed = _cached_compress(data, cache.with_name(cache.name + suffix) if cache else None, compress)
        if len(packed) <= 0.9 * len(data):
            path.with_name(path.name + suffix).write_bytes(packed)


def _cached_compress(data: bytes, cache: Path | None, compress: Compressor) -> bytes:
    key = cache.with_name(cache.name + ".key") if cache else None
    if cache and key and cache.is_file() and key.is_file() and key.read_text() == sha256(data):
        return cache.read_bytes()
    packed = compress(data)
    if cache and key:
        cache.write_bytes(packed)
        key.write_text(sha256(data))
    return packed

"""Draw the Eight Off app icons (PNG) for the web app manifest, with the standard library.

The design matches static/icon.svg: a white playing card with a red diamond on green felt.
Rendering takes a second or two in pure Python, so results are cached in build/icons/ under
a digest of this file.
"""

from __future__ import annotations

import hashlib
import shutil
import struct
import zlib
from pathlib import Path

from .common import CACHE

FELT = (11, 110, 58)
CARD = (250, 248, 240)
SUIT = (200, 24, 40)
ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False), "icon-maskable-512.png": (512, True)}


def write_icons(target: Path) -> None:
    """Write every icon of ICONS into `target`."""
    key = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    cache = CACHE / "icons" / key
    for name, (size, maskable) in ICONS.items():
        cached = cache / name
        if not cached.is_file():
            cache.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(png(size, maskable))
        shutil.copyfile(cached, target / name)


def png(size: int, maskable: bool) -> bytes:
    """Encode the icon at `size` pixels as RGBA PNG (2x2 supersampled)."""
    rows = []
    for y in range(size):
        row = bytearray(b"\0")  # filter type: none
        for x in range(size):
            samples = [
                _color((x + dx) / size, (y + dy) / size, maskable)
                for dx in (0.25, 0.75)
                for dy in (0.25, 0.75)
            ]
            row += bytes(round(sum(s[i] for s in samples) / 4) for i in range(4))
        rows.append(bytes(row))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + _chunk(b"IEND", b"")
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _color(u: float, v: float, maskable: bool) -> tuple[int, int, int, int]:
    """The colour at (u, v) in [0, 1]^2."""
    if not maskable and not _in_rounded_rect(u, v, 0.0, 0.0, 1.0, 1.0, 0.18):
        return (0, 0, 0, 0)
    if abs(u - 0.5) + abs(v - 0.5) * 0.8 < 0.15:
        return (*SUIT, 255)
    if _in_rounded_rect(u, v, 0.27, 0.18, 0.73, 0.82, 0.05):
        return (*CARD, 255)
    return (*FELT, 255)


def _in_rounded_rect(u: float, v: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
    if not (x0 <= u <= x1 and y0 <= v <= y1):
        return False
    cx = min(max(u, x0 + r), x1 - r)
    cy = min(max(v, y0 + r), y1 - r)
    return (u - cx) ** 2 + (v - cy) ** 2 <= r * r

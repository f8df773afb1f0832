"""The backup's file in the browser: its download (a Blob URL and a link's ``download``)
and reading the file the player chose, refused by its size before it is read
(docs/replays.md, "Backup files"; what the file holds is :mod:`.storage.backup_file`'s).

Thin DOM code.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window
from pyscript.ffi import to_js

from ..dom import el
from .backup_file import MAX_CHARS, BackupError

_urls: list[Any] = []
"""The Blob URL of the last download, revoked at the next (the browser may still be
reading it right after the click)."""


def download(text: str, name: str, media_type: str) -> None:
    """Save ``text`` as the file ``name`` through a Blob URL and a link's ``download``."""
    while _urls:
        window.URL.revokeObjectURL(_urls.pop())
    blob = window.Blob.new(
        to_js([text]), to_js({"type": media_type}, dict_converter=window.Object.fromEntries)
    )
    url = window.URL.createObjectURL(blob)
    link = el("a", "", "", href=str(url), download=name)
    document.body.appendChild(link)
    link.click()
    link.remove()
    _urls.append(url)


async def read_file(input_node: Any) -> str | None:
    """The text of the file chosen in ``input_node`` (``None``: none chosen); the input is
    cleared, so choosing the same file again reads it again. A file of more than
    :data:`.storage.backup_file.MAX_CHARS` bytes is refused by its size, unread (a backup is ASCII, a
    byte a character): :class:`.storage.backup_file.BackupError` ``backup-too-big``."""
    files = input_node.files
    if not files or not files.length:
        return None
    file = files.item(0)
    input_node.value = ""
    size = int(file.size)
    if size > MAX_CHARS:
        raise BackupError(
            f"the file has {size} bytes, more than a backup's {MAX_CHARS}", code="backup-too-big"
        )
    return str(await file.text())


__all__ = ["download", "read_file"]

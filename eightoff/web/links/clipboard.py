"""Handing a link on: to the device's share sheet (a replay), or to the clipboard.

Thin DOM code over the Web Share API (``navigator.share``: phones and most desktops; none
in Firefox on a desktop) and the asynchronous Clipboard API, which a browser may lack or
refuse (no secure context, no permission): then the page shows the text to copy by hand.
"""

from __future__ import annotations

from typing import Literal

from pyscript import window
from pyscript.ffi import is_none, to_js


async def share_link(url: str, title: str, text: str) -> Literal["shared", "cancelled", "unavailable"]:
    """Offer ``url`` to the device's share sheet: ``shared``, ``cancelled`` when the player
    closed it (an ``AbortError``), ``unavailable`` when there is none, it cannot take the
    link, or it failed otherwise (the caller copies the link instead)."""
    navigator = window.navigator
    data = to_js({"title": title, "text": text, "url": url})
    try:
        if str(getattr(navigator, "share", "undefined")) == "undefined" or is_none(navigator.share):
            return "unavailable"
        can = getattr(navigator, "canShare", None)
        if can is not None and str(can) != "undefined" and not navigator.canShare(data):
            return "unavailable"
        await navigator.share(data)
    except Exception as error:
        aborted = getattr(error, "name", "") == "AbortError" or str(error).startswith("AbortError")
        return "cancelled" if aborted else "unavailable"
    return "shared"


async def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False when the browser has no clipboard or refuses."""
    try:
        clipboard = window.navigator.clipboard
        if is_none(clipboard) or str(clipboard) == "undefined":
            return False
        await clipboard.writeText(text)
    except Exception:
        return False
    return True


__all__ = ["copy_text", "share_link"]

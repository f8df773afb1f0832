"""Copying text to the clipboard (the deal's link).

Thin DOM code over the asynchronous Clipboard API, which a browser may lack or refuse
(no secure context, no permission): then the page shows the text to copy by hand.
"""

from __future__ import annotations

from pyscript import window
from pyscript.ffi import is_none


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


__all__ = ["copy_text"]

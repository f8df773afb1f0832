"""The solver's worker on the page's side: start it, send it requests, hand back replies.

Thin DOM code. The worker is ``static/hint-worker.mjs`` (its content-hashed address is in
``<meta name="eightoff-hint-worker">``): a module worker running our Pyodide and
:func:`.hint.answer`. It starts at the first request (a hint, or a winnable 8-cell deal),
never before, so it never delays the start-up, and a page that asks nothing never loads
a second Pyodide (nor leaves one loading when it is closed).
Messages are JSON text through ``postMessage`` (:mod:`.hint`); no shared memory, so no
host needs cross-origin isolation.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

from .dom import js_object


class Worker:
    """One solver worker, started on demand; ``on_reply(text)`` gets each reply, or
    ``on_error(message)`` a failure."""

    def __init__(self, on_reply: Callable[[str], None], on_error: Callable[[str], None]) -> None:
        self.on_reply = on_reply
        self.on_error = on_error
        self.worker: Any = None
        self.proxies: list[Any] = []
        self.serial = 0

    def url(self) -> str:
        meta = document.querySelector('meta[name="eightoff-hint-worker"]')
        return "static/hint-worker.mjs" if is_none(meta) else str(meta.content)

    def start(self) -> None:
        """Start the worker unless it runs already (it loads Pyodide: about a second)."""
        if self.worker is not None:
            return
        self.worker = window.Worker.new(self.url(), js_object({"type": "module"}))
        message = create_proxy(self._message)
        error = create_proxy(self._error)
        self.proxies += [message, error]
        self.worker.addEventListener("message", message)
        self.worker.addEventListener("error", error)

    def next_serial(self) -> int:
        self.serial += 1
        return self.serial

    def send(self, text: str) -> None:
        self.start()
        self.worker.postMessage(text)

    def _error(self, event: Any) -> None:
        """The worker failed (e.g. its Pyodide could not load): ours to report, not an
        uncaught error of the page."""
        event.preventDefault()
        self.on_error(str(getattr(event, "message", "") or "error"))

    def _message(self, event: Any) -> None:
        text = str(event.data)
        if text.startswith('{"error"'):
            self.on_error(str(json.loads(text)["error"]))
        else:
            self.on_reply(text)


__all__ = ["Worker"]

"""The solver's worker on the page's side: start it, send it requests, hand back replies.

Thin DOM code. The worker is ``static/hint-worker.mjs`` (its content-hashed address is in
``<meta name="eightoff-hint-worker">``): a module worker running our Pyodide and
:func:`.solver.messages.answer`. It starts at the first request (a hint, a typed code's
verdict: :mod:`.update.solver`), never before, so it never delays the start-up, and a page
that asks nothing never loads a second Pyodide (nor leaves one loading when it is closed).
Messages are JSON text through ``postMessage`` (:mod:`.solver.messages`); no shared memory, so no
host needs cross-origin isolation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

from ..actions import WorkerFailure
from ..dom import js_object

REPLY_SECONDS: Final = 60.0
"""The longest wait for a reply (loading the worker's Pyodide takes seconds, a hint's
search at most :data:`.solver.messages.HINT_SECONDS`); past it the worker is given up."""

Failure = WorkerFailure
"""Why the worker was given up: it failed (to start, most often: no network and no cached
copy), or it did not answer within :data:`REPLY_SECONDS` (:data:`.actions.WorkerFailure`)."""


class Worker:
    """One solver worker, started on demand; ``on_reply(text)`` gets each reply, or
    ``on_error(failure)`` a failure. A worker that failed or did not answer in time is
    terminated and forgotten, so the next request starts a fresh one."""

    def __init__(self, on_reply: Callable[[str], None], on_error: Callable[[Failure], None]) -> None:
        self.on_reply = on_reply
        self.on_error = on_error
        self.worker: Any = None
        self.listeners = {"message": create_proxy(self._message), "error": create_proxy(self._error)}
        """One listener of each kind, for every worker started (a worker given up goes with
        its listeners: it is terminated, it sends nothing more)."""
        self.tick = create_proxy(self._timed_out)
        self.serial = 0
        self.waiting = 0
        """Requests sent and not yet answered."""
        self.timer: Any = None
        self.seconds = REPLY_SECONDS

    def url(self) -> str:
        meta = document.querySelector('meta[name="eightoff-hint-worker"]')
        return "static/hint-worker.mjs" if is_none(meta) else str(meta.content)

    def start(self) -> None:
        """Start the worker unless it runs already (it loads Pyodide: about a second)."""
        if self.worker is not None:
            return
        self.worker = window.Worker.new(self.url(), js_object({"type": "module"}))
        for kind, listener in self.listeners.items():
            self.worker.addEventListener(kind, listener)

    def stop(self) -> None:
        """Terminate the worker and forget it (and its unanswered requests)."""
        self._disarm()
        self.waiting = 0
        worker, self.worker = self.worker, None
        if worker is not None:
            for kind, listener in self.listeners.items():
                worker.removeEventListener(kind, listener)
            worker.terminate()

    def next_serial(self) -> int:
        self.serial += 1
        return self.serial

    def send(self, text: str) -> None:
        self.start()
        self.worker.postMessage(text)
        self.waiting += 1
        self._arm()

    def _arm(self) -> None:
        """(Re)start the reply time limit."""
        self._disarm()
        self.timer = window.setTimeout(self.tick, int(self.seconds * 1000))

    def _disarm(self) -> None:
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None

    def _timed_out(self) -> None:
        self.timer = None
        self._fail("timeout")

    def _fail(self, failure: Failure) -> None:
        self.stop()
        self.on_error(failure)

    def _error(self, event: Any) -> None:
        """The worker failed (e.g. its Pyodide could not load): ours to report, not an
        uncaught error of the page."""
        event.preventDefault()
        self._fail("start")

    def _message(self, event: Any) -> None:
        text = str(event.data)
        self.waiting = max(0, self.waiting - 1)
        if self.waiting:
            self._arm()
        else:
            self._disarm()
        if text.startswith('{"error"'):  # its start failed: it will never answer
            self._fail("start")
        else:
            self.on_reply(text)


__all__ = ["REPLY_SECONDS", "Failure", "Worker"]

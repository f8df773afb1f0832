"""Small DOM helpers shared by the thin modules: make elements, listen to events, paint
once a frame, run a job a while later.

Thin DOM code: every listener is a kept ``create_proxy`` whose removal :func:`listen`
returns, the way each binding in chessground returns its own unbind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js


def el(tag: str, cls: str = "", text: str = "", **attrs: str) -> Any:
    """A new element; ``text`` is set as textContent (never markup). Attribute names are
    written with ``_`` for ``-`` (a trailing ``_`` is dropped: ``for_``)."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.rstrip("_").replace("_", "-"), value)
    return node


def add(parent: Any, *children: Any) -> Any:
    """Append ``children`` to ``parent``; returns ``parent``."""
    for child in children:
        parent.appendChild(child)
    return parent


def listen(
    target: Any, handlers: dict[str, Callable[[Any], None]], capture: bool = False
) -> Callable[[], None]:
    """Add one kept proxy per event type (``capture``: in the capture phase, before the
    listeners of the elements inside); returns the unbind that removes and destroys them."""
    proxies = {name: create_proxy(handler) for name, handler in handlers.items()}
    for name, proxy in proxies.items():
        target.addEventListener(name, proxy, capture)

    def unbind() -> None:
        for name, proxy in proxies.items():
            target.removeEventListener(name, proxy, capture)
            proxy.destroy()
        proxies.clear()

    return unbind


class Texts:
    """The words of elements built once, kept with where they go: :meth:`refresh` writes
    them again in the language now in use (a language change, without rebuilding)."""

    def __init__(self) -> None:
        self.items: list[tuple[Any, tuple[str, ...], Callable[[], str]]] = []

    def text(self, node: Any, words: Callable[[], str]) -> Any:
        """Give ``node`` the text ``words()`` now and at every refresh; returns ``node``."""
        return self.put(node, ("textContent",), words)

    def put(self, node: Any, names: tuple[str, ...], words: Callable[[], str]) -> Any:
        """Write ``words()`` into each of ``names`` of ``node`` (``textContent`` or
        attributes) now and at every refresh; returns ``node``."""
        self.items.append((node, names, words))
        self._write(node, names, words)
        return node

    def refresh(self) -> None:
        for node, names, words in self.items:
            self._write(node, names, words)

    @staticmethod
    def _write(node: Any, names: tuple[str, ...], words: Callable[[], str]) -> None:
        text = words()
        for name in names:
            if name == "textContent":
                node.textContent = text
            else:
                node.setAttribute(name, text)


class Frame:
    """Run ``paint`` at most once per animation frame, however often it is requested."""

    def __init__(self, paint: Callable[[], None]) -> None:
        self.paint = paint
        self.waiting: Any = None
        """The id of the frame requested and not yet run (None: none)."""
        self.proxy = create_proxy(self._run)

    def request(self) -> None:
        if self.waiting is None:
            self.waiting = window.requestAnimationFrame(self.proxy)

    def _run(self, _time: Any = None) -> None:
        self.waiting = None
        self.paint()

    def destroy(self) -> None:
        """Cancel the frame requested, if any (it would call a destroyed proxy), then
        release the proxy."""
        if self.waiting is not None:
            window.cancelAnimationFrame(self.waiting)
            self.waiting = None
        self.proxy.destroy()


class Timers:
    """Run a job once after some milliseconds (``window.setTimeout``) through one kept
    proxy; each job's cancel is returned (:class:`.board.refusals.Later`)."""

    def __init__(self) -> None:
        self.jobs: dict[int, tuple[Any, Callable[[], None]]] = {}
        """Each job waiting, by its number: the timeout's id and the job."""
        self.count = 0
        self.proxy = create_proxy(self._run)

    def __call__(self, ms: float, job: Callable[[], None]) -> Callable[[], None]:
        self.count += 1
        number = self.count
        self.jobs[number] = (window.setTimeout(self.proxy, ms, number), job)

        def cancel() -> None:
            waiting = self.jobs.pop(number, None)
            if waiting is not None:
                window.clearTimeout(waiting[0])

        return cancel

    def _run(self, number: Any) -> None:
        waiting = self.jobs.pop(int(number), None)
        if waiting is not None:
            waiting[1]()

    def destroy(self) -> None:
        """Cancel every job waiting (each would call a destroyed proxy), then release the
        proxy."""
        for timeout, _job in self.jobs.values():
            window.clearTimeout(timeout)
        self.jobs.clear()
        self.proxy.destroy()


def js_object(value: Any) -> Any:
    """A Python dict or list of dicts as JavaScript objects (for ``animate``)."""
    return to_js(value, dict_converter=window.Object.fromEntries)


def reduced_motion() -> Any:
    """The device's ``prefers-reduced-motion: reduce`` (a live ``MediaQueryList``: read
    its ``matches``)."""
    return window.matchMedia("(prefers-reduced-motion: reduce)")


_formats: dict[tuple[str, bool, int], Any] = {}


def intl_number(language: str, value: float, percent: bool, digits: int) -> str:
    """``value`` written by the browser's ``Intl.NumberFormat`` in ``language`` (CLDR's
    decimal sign, grouping and percent sign; i18n.use_number_format). One formatter per
    language and style, kept."""
    key = (language, percent, digits)
    if key not in _formats:
        options = {"style": "percent" if percent else "decimal", "maximumFractionDigits": digits}
        _formats[key] = window.Intl.NumberFormat.new(language, js_object(options))
    return str(_formats[key].format(value))


_durations: dict[str, Any] = {}


def intl_duration(language: str, hours: int, minutes: int, seconds: int) -> str:
    """A time of play written by the browser's ``Intl.DurationFormat`` in ``language``,
    CLDR's digital style, hours only when there are some (i18n.use_duration_format). A
    browser without it writes each part with ``Intl.NumberFormat``, two digits, joined by
    a colon."""
    if language not in _durations:
        durations = getattr(window.Intl, "DurationFormat", None)
        options = {"style": "digital", "hoursDisplay": "auto"}
        _durations[language] = None if durations is None else durations.new(language, js_object(options))
    form = _durations[language]
    if form is not None:
        return str(form.format(js_object({"hours": hours, "minutes": minutes, "seconds": seconds})))
    two = window.Intl.NumberFormat.new(language, js_object({"minimumIntegerDigits": 2}))
    parts = [str(two.format(minutes)), str(two.format(seconds))]
    return ":".join([intl_number(language, hours, False, 0), *parts] if hours else parts)


__all__ = [
    "Frame",
    "Texts",
    "Timers",
    "add",
    "el",
    "intl_duration",
    "intl_number",
    "js_object",
    "listen",
    "reduced_motion",
]

"""One thin adapter per engine, each a :class:`Driver`: the scenario (tests/smoke/page.py)
never knows which browser it drives.

- Firefox ESR (Debian's ``firefox-esr``): Debian has no geckodriver, so Selenium cannot
  drive it; puppeteer-core (pinned in package.json) speaks WebDriver BiDi to Firefox's own
  remote agent. It is a Node library, so :class:`Firefox` runs tests/smoke/firefox.mjs and
  exchanges one JSON line per call with it; the scenario stays here, in Python.
- WebKitGTK (Debian's ``webkit2gtk-driver``): Selenium's Python client (pinned in
  requirements-dev.txt) talks WebDriver to ``WebKitWebDriver``, which runs WebKitGTK's
  MiniBrowser. MiniBrowser has no headless mode: :class:`WebKit` starts an Xvfb of its own.
  The driver cannot read the console (WebKitWebDriver 2.50 refuses ``webSocketUrl``, has
  no log endpoint, and MiniBrowser's console-to-stdout setting does not reach the windows
  it opens for automation): page.py records errors from data-ready on instead.

Both play real pointer input: WebDriver actions (``POST /actions``) and BiDi
``input.performActions``, never events synthesised in JavaScript. Firefox plays with card
flights; WebKit with prefers-reduced-motion (no flights), so both ways are covered; the
keyboard's win turns the Motion setting on, so it has them in both.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import threading
import warnings
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.webkitgtk.options import Options as WebKitOptions
from selenium.webdriver.webkitgtk.service import Service as WebKitService

ROOT = Path(__file__).resolve().parents[2]
FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = Path("/usr/bin/Xvfb")
VIEWPORT = {"width": 1280, "height": 800}
# Bounds a hang only: a cold boot of the page on a busy 2-core machine takes up to a minute.
CALL_TIMEOUT_S = 240.0

Point = tuple[float, float]
WEBDRIVER_KEYS = {
    "ArrowUp": Keys.ARROW_UP,
    "ArrowDown": Keys.ARROW_DOWN,
    "ArrowLeft": Keys.ARROW_LEFT,
    "ArrowRight": Keys.ARROW_RIGHT,
    "Home": Keys.HOME,
    "End": Keys.END,
    "Enter": Keys.ENTER,
    "Space": Keys.SPACE,
    "Escape": Keys.ESCAPE,
    "Tab": Keys.TAB,
}
"""Key names (as KeyboardEvent.key gives them) in WebDriver's code points."""


class DriverError(RuntimeError):
    """The browser or its driver failed (not the page)."""


class Driver(ABC):
    """What the scenario needs of a browser: one page, driven like a person would."""

    engine: str
    """``firefox`` or ``webkit``: names the engine in failures and screenshots."""
    version: str
    """The browser and its version, e.g. ``Firefox 153.8.0esr``."""
    reads_console: bool
    """Whether :meth:`problems` sees console errors from the start of every load."""

    @abstractmethod
    def goto(self, url: str) -> None:
        """Navigate and wait for the load event."""

    @abstractmethod
    def reload(self) -> None:
        """Reload and wait for the load event."""

    @abstractmethod
    def run(self, function: str, *args: Any) -> Any:
        """Call a JavaScript function (its source; it may be async) with JSON ``args``;
        returns its JSON result once its promise settles."""

    @abstractmethod
    def drag(self, points: Sequence[Point]) -> None:
        """Press the primary mouse button at the first point, move through the others and
        release at the last (viewport coordinates), as one real pointer gesture."""

    @abstractmethod
    def taps(self, points: Sequence[Point], gap_ms: int, touch: bool = False) -> None:
        """A tap at each point in turn, ``gap_ms`` from one press to the next, as one real
        input sequence whose pauses the browser itself keeps (WebDriver's ``pause``
        action): by the primary mouse button, or by a finger (``touch``)."""

    @abstractmethod
    def press(self, keys: Sequence[str]) -> None:
        """Press and release each key in turn, as real key input: names as
        ``KeyboardEvent.key`` gives them (``ArrowUp``, ``Home``, ``Enter``, ``Tab``),
        ``Space`` for the space bar."""

    @abstractmethod
    def screenshot(self, path: Path) -> None: ...

    @abstractmethod
    def problems(self) -> list[str]:
        """Console errors, uncaught errors and foreign requests seen since the last call
        (always empty where the driver cannot see them)."""

    @abstractmethod
    def close(self) -> None: ...

    log: Path
    """Where the driver and the browser write what they say (a crash, a failed launch)."""

    def log_tail(self, lines: int = 8) -> str:
        """The end of the log, for a failure message ("" when it is empty)."""
        try:
            text = self.log.read_text(errors="replace").strip()
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])


def require(path: Path, package: str) -> None:
    if not path.exists():
        raise DriverError(f"{path} is missing: install the Debian package {package} (tools/test.sh does)")


class Firefox(Driver):
    """Firefox ESR through puppeteer-core (tests/smoke/firefox.mjs), headless."""

    engine = "firefox"
    reads_console = True

    def __init__(self, host: str, log: Path) -> None:
        require(FIREFOX, "firefox-esr")
        node = shutil.which("node")
        if node is None:
            raise DriverError("node is missing: install Node.js (tools/test.sh does)")
        if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
            raise DriverError("node_modules/puppeteer-core is missing: run `npm ci` (tools/test.sh does)")
        # puppeteer-core starts it with a fresh profile and its automation preferences.
        options = {"executable": str(FIREFOX), "viewport": VIEWPORT, "host": host}
        self.log = log
        self.log_file = log.open("w")
        self.process = subprocess.Popen(
            [node, str(Path(__file__).with_name("firefox.mjs")), json.dumps(options)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log_file,
            text=True,
            cwd=ROOT,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, name="firefox-bridge", daemon=True).start()
        self.calls = 0
        try:
            hello = self._receive()
        except BaseException:
            self._stop()
            raise
        release = subprocess.run([FIREFOX, "--version"], capture_output=True, text=True).stdout.split()
        self.version = f"Firefox {release[-1] if release else hello['version']}"  # 153.8.0esr

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _receive(self) -> dict[str, Any]:
        try:
            line = self.lines.get(timeout=CALL_TIMEOUT_S)
        except queue.Empty:
            raise DriverError(f"firefox.mjs did not answer within {CALL_TIMEOUT_S:.0f} s") from None
        if line is None:
            raise DriverError(f"firefox.mjs exited ({self.process.wait()}): {self.log_tail()}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def _call(self, op: str, **params: Any) -> Any:
        self.calls += 1
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps({"id": self.calls, "op": op, **params}) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            raise DriverError(f"firefox.mjs has exited: {self.log_tail()}") from None
        answer = self._receive()
        if answer.get("id") != self.calls:
            raise DriverError(f"firefox.mjs answered out of turn: {answer}")
        if "error" in answer:
            raise DriverError(f"Firefox: {op} failed: {answer['error']}")
        return answer.get("value")

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def run(self, function: str, *args: Any) -> Any:
        return self._call("run", source=function, args=list(args))

    def drag(self, points: Sequence[Point]) -> None:
        self._call("drag", points=[list(p) for p in points])

    def taps(self, points: Sequence[Point], gap_ms: int, touch: bool = False) -> None:
        self._call("taps", points=[list(p) for p in points], gap=gap_ms, touch=touch)

    def press(self, keys: Sequence[str]) -> None:
        self._call("press", keys=list(keys))

    def screenshot(self, path: Path) -> None:
        self._call("screenshot", path=str(path))

    def problems(self) -> list[str]:
        found: list[str] = self._call("problems")
        return found

    def close(self) -> None:
        try:
            if self.process.poll() is None:
                self._call("close")
        finally:
            self._stop()

    def _stop(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log_file.close()


class Xvfb:
    """A virtual X server on a display number it picks itself (``-displayfd``)."""

    def __init__(self) -> None:
        require(XVFB, "xvfb")
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [str(XVFB), "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()  # written once the server accepts clients
        if not number.isdigit():
            self.stop()
            raise DriverError("Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


# Calls a function with the arguments WebDriver passes, then the callback with its outcome.
ASYNC_CALL = """const done = arguments[arguments.length - 1];
const args = Array.prototype.slice.call(arguments, 0, -1);
Promise.resolve().then(() => (%s)(...args)).then(
  (value) => done({value: value === undefined ? null : value}),
  (error) => done({error: String((error && error.stack) || error)}));"""


class WebKit(Driver):
    """WebKitGTK's MiniBrowser through WebKitWebDriver and Selenium, in an Xvfb."""

    engine = "webkit"
    reads_console = False

    def __init__(self, log: Path, home: Path) -> None:
        require(WEBKIT_DRIVER, "webkit2gtk-driver")
        require(MINIBROWSER, "libwebkit2gtk-4.1-0")
        self.xvfb = Xvfb()
        options = WebKitOptions()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        # Its settings, caches and website data in `home`, not in the user's. GTK's "no
        # animations" is WebKitGTK's prefers-reduced-motion: no card flights, which here
        # would cost 30 to 40 s a game (Firefox plays with them).
        environment = {**os.environ, "DISPLAY": self.xvfb.display}
        for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
            environment[name] = str(home / name.lower())
        gtk = home / "xdg_config_home" / "gtk-3.0"
        gtk.mkdir(parents=True, exist_ok=True)
        (gtk / "settings.ini").write_text("[Settings]\ngtk-enable-animations=0\n")
        # An explicit driver path: Selenium Manager (which cannot download here) stays out.
        self.log = log
        service = WebKitService(executable_path=str(WEBKIT_DRIVER), log_output=str(log), env=environment)
        try:
            with warnings.catch_warnings():  # raised by Selenium's own WebKitGTK class
                warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
                self.driver = webdriver.WebKitGTK(options=options, service=service)
        except BaseException:
            self.xvfb.stop()
            raise
        self.driver.set_script_timeout(CALL_TIMEOUT_S)
        self.driver.set_page_load_timeout(CALL_TIMEOUT_S)
        chrome = self.driver.execute_script("return [outerWidth - innerWidth, outerHeight - innerHeight]")
        self.driver.set_window_size(VIEWPORT["width"] + chrome[0], VIEWPORT["height"] + chrome[1])
        self.version = f"WebKitGTK {self.driver.capabilities['browserVersion']}"

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def run(self, function: str, *args: Any) -> Any:
        outcome = self.driver.execute_async_script(ASYNC_CALL % function, *args)
        if "error" in outcome:
            raise DriverError(f"WebKit: script failed: {outcome['error']}")
        return outcome["value"]

    def drag(self, points: Sequence[Point]) -> None:
        mouse = PointerInput(interaction.POINTER_MOUSE, "mouse")
        actions = ActionBuilder(self.driver, mouse=mouse, duration=0)
        (x0, y0), *rest = points
        pointer = actions.pointer_action.move_to_location(round(x0), round(y0)).pointer_down()
        for x, y in rest:
            pointer.move_to_location(round(x), round(y))
        pointer.pointer_up()
        actions.perform()  # one POST /actions for the whole gesture

    def taps(self, points: Sequence[Point], gap_ms: int, touch: bool = False) -> None:
        kind = interaction.POINTER_TOUCH if touch else interaction.POINTER_MOUSE
        pointer_input = PointerInput(kind, "finger" if touch else "mouse")
        actions = ActionBuilder(self.driver, mouse=pointer_input, duration=0)
        pointer = actions.pointer_action
        for number, (x, y) in enumerate(points):
            if number:
                pointer.pause(gap_ms / 1000)
            pointer.move_to_location(round(x), round(y)).pointer_down().pointer_up()
        actions.perform()  # one POST /actions: the pauses kept by the driver, not by the test

    def press(self, keys: Sequence[str]) -> None:
        actions = ActionBuilder(self.driver, duration=0)
        for name in keys:
            key = WEBDRIVER_KEYS.get(name, name)
            actions.key_action.key_down(key).key_up(key)
        actions.perform()  # one POST /actions for all the keys

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def problems(self) -> list[str]:
        return []

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.stop()

"""How the tests and benchmarks launch Chromium: Debian's build, with the flags that keep
it off the network this machine does not have (RUNTIME.md, "Tests in a real browser")."""

from __future__ import annotations

from typing import Any

EXECUTABLE = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]


def launch_options(base: dict[str, Any] | None = None) -> dict[str, Any]:
    """Playwright launch options: ``base`` with our executable and arguments."""
    return {**(base or {}), "executable_path": EXECUTABLE, "args": ARGS}

"""tools/serve.py in a process of its own, for the smoke suite: stopping it closes every
connection to the site, which is what a player going offline sees."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class Site:
    """tools/serve.py serving dist/ in its own process, on a port it keeps across restarts."""

    def __init__(self, dist: Path, log: Path) -> None:
        self.dist = dist
        self.log = log
        self.port = 0
        self.url = ""
        self.process: subprocess.Popen[str] | None = None
        self.start()

    def start(self) -> None:
        command = [sys.executable, str(ROOT / "tools" / "serve.py"), "--no-build"]
        command += ["--dist", str(self.dist), "--port", str(self.port)]
        with self.log.open("a") as log:
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True, cwd=ROOT)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()  # printed once the socket listens
        found = re.search(r" at (http://[\d.]+:(\d+)/)", line)
        if found is None:
            self.stop()
            raise RuntimeError(f"tools/serve.py did not start: {line!r} (log: {self.log})")
        self.url, self.port = found[1], int(found[2])

    def stop(self) -> None:
        """Stop the server process: every connection to it closes, as when offline."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)
        self.process = None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

"""Build the Eight Off site, then serve it on localhost with the standard library.

    python tools/serve.py [--port 8000] [--dist DIR]   # build (tools/build.py), then serve
    python tools/serve.py --no-build                    # serve dist/ as it is

The one "build then serve" command (tools/play.sh runs it; tools/build.py only builds).

Behaves like deploy/nginx.conf where it matters: application/wasm for .wasm, precompressed
.br/.gz files chosen by Accept-Encoding, a year of immutable caching for versioned and
content-hashed files (only when the file is sent: 200, 206 or 304), `no-cache` for the rest,
`no-store` for every error (a 404 during a deploy must not outlive it), and the same security
headers. The tests and bench/startup.py import `start_server` from here.
"""

from __future__ import annotations

import argparse
import email.utils
import os
import re
import sys
import threading
import time
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

from sitebuild.common import DIST

# Kept identical to deploy/nginx.conf and deploy/_headers (tests/deploy checks this).
# PyScript 0.7.31 evaluates strings with Function(), hence 'unsafe-eval' (RUNTIME.md).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; "
    "style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; "
    "manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}
IMMUTABLE = "public, max-age=31536000, immutable"
# Versioned runtime directories and content-hashed names (name.<10 hex>.ext) never change.
# Only a file sent is cached for a year; an error (a 404 while a deploy is under way) is not
# stored at all: cached as immutable, it would outlive the deploy (deploy/README.md).
SENT = (HTTPStatus.OK, HTTPStatus.PARTIAL_CONTENT, HTTPStatus.NOT_MODIFIED)
IMMUTABLE_PATH = re.compile(r"/static/vendor/[a-z]+-\d[^/]*/|/static/[^/]+\.[0-9a-f]{10}\.[a-z]+$")
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain",  # PyScript reads it with fetch(); the type does not matter
    ".py": "text/plain",
    ".zip": "application/zip",
    ".json": "application/json",
    ".svg": "image/svg+xml",
}


def cache_control(path: str, status: int = HTTPStatus.OK) -> str:
    """The Cache-Control value for a response of ``status`` to a URL path.

    >>> cache_control("/static/vendor/pyodide-314.0.7/pyodide.asm.wasm")
    'public, max-age=31536000, immutable'
    >>> cache_control("/static/loader.0123456789.js", 404), cache_control("/index.html", 304)
    ('no-store', 'no-cache')
    """
    if status not in SENT:
        return "no-store"
    return IMMUTABLE if IMMUTABLE_PATH.search(path) else "no-cache"


class Handler(SimpleHTTPRequestHandler):
    """A static file handler that serves precompressed variants and deployment headers."""

    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)

    status: int = HTTPStatus.OK

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = code
        super().send_response(code, message)

    def end_headers(self) -> None:
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        self.send_header("Cache-Control", self.cache_control())
        super().end_headers()

    def cache_control(self) -> str:
        """This response's Cache-Control (a test's host may answer otherwise)."""
        return cache_control(self.path.split("?", 1)[0], self.status)

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?", 1)[0].endswith("/"):
            path = path / "index.html"
        if not path.is_file():
            return super().send_head()
        accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
        for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
            variant = path.with_name(path.name + suffix)
            if encoding in accepted and variant.is_file():
                return self._send_file(variant, self.guess_type(str(path)), encoding)
        return self._send_file(path, self.guess_type(str(path)), None)

    def _send_file(self, path: Path, content_type: str, encoding: str | None):  # type: ignore[no-untyped-def]
        stat = path.stat()
        last_modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.send_header("ETag", etag)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        file = path.open("rb")
        self.server.count_body(stat.st_size, self.path)  # type: ignore[attr-defined]
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", last_modified)
        self.send_header("ETag", etag)
        self.send_header("Vary", "Accept-Encoding")
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.end_headers()
        return file


class Server(ThreadingHTTPServer):
    daemon_threads = True
    verbose = False
    body_bytes = 0  # response bodies sent so far, as sent (compressed where it was)
    sent: list[tuple[float, str, int]]  # (time.time(), URL path, body bytes) of each response
    _lock = threading.Lock()

    def count_body(self, size: int, path: str = "") -> None:
        with self._lock:
            self.body_bytes += size
            self.sent.append((time.time(), path, size))

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that drops its connection (a tab closed during a download, a test
        going offline) is no error of the server's: nothing is said. Any other error is
        printed as the standard library prints it."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def start_server(directory: Path, host: str = "127.0.0.1", port: int = 0, verbose: bool = False) -> Server:
    """Serve `directory` from a background thread; returns once the socket accepts requests.

    The socket is bound and listening when the constructor returns, so no waiting is needed.
    Stop it with `server.shutdown(); server.server_close()`.
    """
    server = Server((host, port), partial(Handler, directory=os.fspath(directory)))
    server.verbose = verbose
    server.sent = []
    threading.Thread(target=server.serve_forever, name="eightoff-http", daemon=True).start()
    return server


def url_of(server: Server) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def serve_forever(directory: Path, host: str = "127.0.0.1", port: int = 8000) -> None:
    server = Server((host, port), partial(Handler, directory=os.fspath(directory)))
    server.verbose = True
    server.sent = []
    print(f"Serving {directory} at {url_of(server)}  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--dist", type=Path, default=DIST)
    parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    args = parser.parse_args(argv)
    if not args.no_build:
        import build  # tools/build.py, beside this file

        build.build(args.dist)
    serve_forever(args.dist, args.host, args.port)


if __name__ == "__main__":
    main()

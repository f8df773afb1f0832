"""tools/serve.py's server (the test command's and tools/play.sh's): what it says when a
request fails, and what it lets browsers keep (a year for a file sent under a versioned or
content-hashed name, nothing for an error)."""

from __future__ import annotations

import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import serve  # tools/serve.py


@pytest.fixture
def server() -> serve.Server:
    server = serve.Server(("127.0.0.1", 0), serve.Handler, bind_and_activate=False)
    server.server_close()
    return server


@pytest.mark.parametrize("dropped", [ConnectionResetError(104, "reset"), BrokenPipeError(32, "pipe")])
def test_a_dropped_connection_is_not_reported(
    server: serve.Server, dropped: OSError, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        raise dropped
    except OSError:
        server.handle_error(None, ("127.0.0.1", 50000))
    assert capsys.readouterr() == ("", "")


def test_any_other_error_is_reported_with_its_traceback(
    server: serve.Server, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        raise ValueError("a bug")
    except ValueError:
        server.handle_error(None, ("127.0.0.1", 50000))
    err = capsys.readouterr().err
    assert "Exception occurred during processing of request from ('127.0.0.1', 50000)" in err
    assert err.rstrip("-\n").endswith("ValueError: a bug")


HASHED = "static/loader.0123456789.js"
RUNTIME = "static/vendor/pyodide-314.0.7/pyodide.asm.wasm"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    """A site with one content-hashed file, one runtime file and a page, served."""
    for path, body in ((HASHED, b"// ours"), (RUNTIME, b"\0asm"), ("index.html", b"<!doctype html>")):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(body)
    server = serve.start_server(tmp_path)
    yield serve.url_of(server)
    server.shutdown()
    server.server_close()


def answer(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    """The status of a GET of ``url`` and its Cache-Control."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {})) as response:
            return response.status, response.headers["Cache-Control"]
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Cache-Control"]


def test_files_sent_under_fixed_names_are_kept_for_a_year(site: str) -> None:
    assert answer(site + HASHED) == (200, serve.IMMUTABLE)
    assert answer(site + RUNTIME) == (200, serve.IMMUTABLE)
    assert answer(site + "index.html") == (200, "no-cache")
    with urllib.request.urlopen(site + HASHED) as response:
        etag = response.headers["ETag"]
    assert answer(site + HASHED, {"If-None-Match": etag}) == (304, serve.IMMUTABLE)


@pytest.mark.parametrize(
    "path", ["static/loader.9876543210.js", "static/vendor/pyodide-314.0.7/missing.wasm", "nowhere.html"]
)
def test_an_error_is_never_kept(site: str, path: str) -> None:
    """N1 of the reliability review: a file not there yet (a deploy under way) is a 404 no
    browser may keep, whatever its name."""
    assert answer(site + path) == (404, "no-store")

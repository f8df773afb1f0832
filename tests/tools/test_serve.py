"""tools/serve.py's server (the test command's and tools/play.sh's): what it says when a
request fails."""

from __future__ import annotations

import sys
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

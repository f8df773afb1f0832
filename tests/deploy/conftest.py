"""Fixtures for tests that serve the built site with the real nginx and deploy/nginx.conf.

nginx (/usr/sbin/nginx) runs as a non-daemon child in a temporary directory, on a free
loopback port, with deploy/nginx.conf wrapped in a minimal main configuration (its `listen`
and `root` rewritten). Its root is a symlink, so a test can switch the site to a new build.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browser.harness import ROOT, StrictPage, build, build_once, launch_args
from playwright.sync_api import Browser, BrowserContext, Page

NGINX = Path("/usr/sbin/nginx")
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
START_TIMEOUT_S = 15.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.deploy)


@dataclass
class Nginx:
    """A running nginx serving `site` (a symlink to a build) at `url`."""

    process: subprocess.Popen[bytes]
    url: str
    site: Path
    error_log: Path

    def serve(self, build_dir: Path) -> None:
        """Point the site at another build; nginx resolves the symlink per request."""
        link = self.site.with_name("site.new")
        link.unlink(missing_ok=True)
        link.symlink_to(build_dir)
        link.replace(self.site)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=START_TIMEOUT_S)


def nginx_config(directory: Path, port: int, site: Path) -> str:
    """deploy/nginx.conf inside a main configuration that keeps every file in `directory`."""
    server = (ROOT / "deploy" / "nginx.conf").read_text()
    server, listens = re.subn(r"^(\s*)listen\s+[^;]+;\n", "", server, flags=re.MULTILINE)
    server, roots = re.subn(
        r"^(\s*)root\s+[^;]+;", rf"\1root {site};\n\1listen 127.0.0.1:{port};", server, flags=re.MULTILINE
    )
    assert listens >= 1 and roots == 1, "deploy/nginx.conf: expected listen and one root line"
    module = f"load_module {BROTLI_MODULE};\n" if BROTLI_MODULE.exists() else ""
    temp = "\n".join(
        f"    {kind}_temp_path {directory / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"{module}daemon off;\nmaster_process off;\npid {directory / 'nginx.pid'};\n"
        f"error_log {directory / 'error.log'} warn;\nevents {{ worker_connections 256; }}\n"
        f"http {{\n    access_log off;\n    sendfile on;\n{temp}\n{server}\n}}\n"
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_listening(process: subprocess.Popen[bytes], port: int, error_log: Path) -> None:
    """Poll until nginx accepts connections (or fail with its error log if it exits)."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"nginx exited: {error_log.read_text() if error_log.exists() else ''}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.02)  # polling interval of a readiness probe, not a synchronisation
    raise RuntimeError("nginx did not start listening")


def start_nginx(directory: Path, build_dir: Path) -> Nginx:
    if not NGINX.exists():
        pytest.fail("nginx is not installed (Debian: nginx libnginx-mod-http-brotli-static)")
    directory.mkdir(parents=True, exist_ok=True)
    site = directory / "site"
    site.symlink_to(build_dir)
    port = free_port()
    config = directory / "nginx.conf"
    config.write_text(nginx_config(directory, port, site))
    error_log = directory / "error.log"
    command = [str(NGINX), "-p", str(directory), "-c", str(config), "-e", str(error_log)]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL)
    server = Nginx(process, f"http://127.0.0.1:{port}/", site, error_log)
    try:
        wait_listening(process, port, error_log)
    except BaseException:
        server.stop()
        raise
    return server


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of dist/ (built once), so tests may derive new builds without touching dist/."""
    build_once()
    copy = tmp_path_factory.mktemp("builds") / "a"
    shutil.copytree(build.DIST, copy, symlinks=True)
    return copy


@pytest.fixture(scope="session")
def nginx(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Nginx]:
    server = start_nginx(tmp_path_factory.mktemp("nginx"), built_site)
    yield server
    server.stop()


@pytest.fixture
def own_nginx(built_site: Path, tmp_path: Path) -> Iterator[Nginx]:
    """An nginx of this test alone: it may stop it or switch its build."""
    server = start_nginx(tmp_path / "nginx", built_site)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return launch_args(browser_type_launch_args)


@pytest.fixture
def watched(browser: Browser) -> Iterator[Callable[[str], tuple[BrowserContext, Page, StrictPage]]]:
    """`watched(base_url)` -> a fresh context (service workers allowed) and a strict page."""
    opened: list[tuple[BrowserContext, StrictPage]] = []

    def open_context(base_url: str) -> tuple[BrowserContext, Page, StrictPage]:
        context = browser.new_context(service_workers="allow")
        page = context.new_page()
        strict = StrictPage(context, page, base_url.split("/")[2])
        opened.append((context, strict))
        return context, page, strict

    yield open_context
    for context, strict in opened:
        strict.detach()
        context.close()

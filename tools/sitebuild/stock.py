"""The comparison page of bench/startup.py: stock PyScript on our unmodified Pyodide copy.

Written under dist/bench/, outside the service worker's precache and the content version.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from .common import PYODIDE_DIR, ROOT


def write_stock_page(dist: Path) -> None:
    bench = dist / "bench"
    bench.mkdir()
    shutil.copyfile(ROOT / "bench" / "stock.html", bench / "stock.html")
    (bench / "stock.toml").write_text(f'interpreter = "../static/vendor/{PYODIDE_DIR}/pyodide.mjs"\n')
    (bench / "stock.py").write_text(
        "from pyscript import document\ndocument.documentElement.setAttribute('data-ready', '')\n"
    )

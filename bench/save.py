"""Time one Store.save with a full undo history (100 actions): python bench/save.py

Each save reads the record back (to notice another tab), builds the record and writes
one json.dumps of it, as in the page. Measured on CPython against MemoryStorage; Pyodide
in a browser is roughly 2-3x slower, and localStorage.setItem adds about 0.3 ms for 6 KB
(../shared/RUNTIME.md). The budget is 1 ms per save.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eightoff.web.storage.settings import Settings
from eightoff.web.storage.store import KEY, MemoryStorage, Store
from tests.players import long_game

SAVES = 5000


def main() -> None:
    game = long_game(130)
    assert len(game.undo_stack) == 100
    storage = MemoryStorage(quota=5_000_000)
    store = Store(storage, "bench")
    options = Settings()
    times = []
    for _ in range(SAVES):
        start = time.perf_counter()
        notice = store.save(game, options)
        times.append((time.perf_counter() - start) * 1000)
        assert notice is None
    times.sort()
    size = len(storage.get(KEY) or "")
    p95 = times[int(len(times) * 0.95)]
    print(
        f"Store.save, 100-action history, {size} characters, {SAVES} saves on CPython "
        f"{sys.version.split()[0]}: mean {statistics.fmean(times):.3f} ms, "
        f"median {times[len(times) // 2]:.3f} ms, p95 {p95:.3f} ms, max {times[-1]:.3f} ms "
        "(Pyodide: roughly 2-3x)"
    )
    loads = []
    for _ in range(200):
        start = time.perf_counter()
        assert Store(storage, "reload").load().game == game
        loads.append((time.perf_counter() - start) * 1000)
    print(f"Store.load of the same record (once per page load): mean {statistics.fmean(loads):.3f} ms")


if __name__ == "__main__":
    main()

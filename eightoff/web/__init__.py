"""The DOM layer: Python that runs in the page.

Its pure modules (``board.model``, ``links.address``, …) import no browser module and are tested under
CPython; the thin modules that touch the DOM pass them adapters over the browser's objects.

The memory snapshot (tools/snapshot.mjs) holds every module of ours already imported, the
thin ones too: its maker imports them against stand-ins for the few browser names they take
from PyScript (``from pyscript import document`` …), and lists in :data:`STAND_INS` each
module global that holds one. A page booted from the snapshot calls :func:`rebind` first
(static/main.py), which gives each of those globals the page's own object.
"""

from __future__ import annotations

import importlib
import sys

STAND_INS: tuple[tuple[str, str, str], ...] = ()
"""(module, global name, ``module.name`` of the browser object it stands for), written by the
snapshot's maker; empty in a page that imported our modules itself."""


def rebind() -> int:
    """Give every global of :data:`STAND_INS` the browser object it stands for (``pyscript``'s
    ``document``, ``pyscript.ffi``'s ``is_none`` …); returns how many. Once: the list is
    then emptied (tests/web/test_rebind.py)."""
    global STAND_INS
    places, STAND_INS = STAND_INS, ()
    for module, name, key in places:
        source, _, attribute = key.rpartition(".")
        setattr(sys.modules[module], name, getattr(importlib.import_module(source), attribute))
    return len(places)


__all__ = ["STAND_INS", "rebind"]

"""The page's Python entry point (pyscript.toml loads it): start the game.

``app`` is the running :class:`eightoff.web.app.App`. Keeping it here keeps its listeners
alive, and it is how tests and benchmarks reach the page's game: a ``<script type="py">``
added to the page runs in this same namespace and reads ``app`` (docs/dom-contract.md).
The performance mark ``eightoff-start`` notes when our own start begins (the imports, then
``start_in_pieces()`` up to ``<html data-ready>``, each piece a task of its own: PyScript
runs this file with top-level ``await``): bench/startup.py reports that span, and its parts
by the marks ``eightoff-built`` (the board's elements made) and ``eightoff-shown`` (the game
drawn by the first ``View.show``).
"""

from pyscript import window

window.performance.mark("eightoff-start")

from eightoff.web import rebind  # noqa: E402  (after the mark: the import is timed)

rebind()  # booted from the snapshot: its modules get the page's browser objects

from eightoff.web.app import start_in_pieces  # noqa: E402

app = await start_in_pieces()  # noqa: F704  (top-level await: PyScript runs it so)

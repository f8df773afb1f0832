"""The page's Python entry point (pyscript.toml loads it): start the game.

``app`` is the running :class:`eightoff.web.app.App`. Keeping it here keeps its listeners
alive, and it is how tests and benchmarks reach the page's game: a ``<script type="py">``
added to the page runs in this same namespace and reads ``app`` (docs/dom-contract.md).
"""

from eightoff.web.app import start

app = start()

"""The page's Python entry point (pyscript.toml loads it): start the game."""

from eightoff.web.app import start

start()

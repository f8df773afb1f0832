# The names eightoff/ imports from PyScript (typings/README.md); checked in the page by
# tests/browser/test_stubs.py.
from typing import Any

document: Any
window: Any

"""``python -m eightoff``: see :mod:`eightoff.cli`."""

import sys

from .cli import main

if __name__ == "__main__":  # pragma: no cover - exercised through subprocess tests
    sys.exit(main())

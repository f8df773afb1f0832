"""The DOM layer: Python that runs in the page.

Its pure modules (``persist``, ``address``, …) import no browser module and are tested under
CPython; the thin modules that touch the DOM pass them adapters over the browser's objects.
"""

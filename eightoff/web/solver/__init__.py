"""The solver's worker: its messages (pure) and the page's side of it."""

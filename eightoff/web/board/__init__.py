"""The board: what is drawn and how input reaches it (gestures, keys, focus, layout, the
view, the table, replays)."""

"""The page's controllers that belong to no room of the board, the solver or the windows:
the settings chosen, another tab's saves, backup files, sharing links."""

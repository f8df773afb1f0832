"""The dialogs and windows: win, New Game, settings, keys, the Statistics window and the replay bar."""

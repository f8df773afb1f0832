"""What the page keeps: the stored record in ``localStorage``, the settings, the statistics,
the daily deal, backup files."""
